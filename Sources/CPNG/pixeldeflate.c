// A deflate (zlib) compressor for unfiltered RGBA rows of flat UI pictures. It tries first the
// matches such pictures are made of: the pixel to the left (runs), the row above and the row above
// shifted by a few pixels (diagonal gradients and antialiased edges move by a pixel or two per
// row), two rows above; then a small hash of 4-byte strings (a pixel) finds what those fixed
// distances cannot: the same glyph or antialiased edge colors again further along the row.
// Tokens go into dynamic-Huffman blocks whose boundaries are chosen by their coded size. The
// output is an ordinary zlib stream any inflater reads.
#include "pixeldeflate.h"

#include <libdeflate.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

// MARK: - Deflate tables (RFC 1951 §3.2.5)

static const uint16_t length_base[29] = {3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31,
                                         35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258};
static const uint8_t length_extra[29] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2,
                                         3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};
static const uint16_t dist_base[30] = {1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193,
                                       257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145,
                                       8193, 12289, 16385, 24577};
static const uint8_t dist_extra[30] = {0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6,
                                       7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13};
static const uint8_t codelen_order[19] = {16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15};

static uint8_t length_code[259];   // match length → index into length_base
static uint8_t dist_code_lo[256];  // distance 1…256 → distance code (index d - 1)
static uint8_t dist_code_hi[256];  // distance 257…32768 → distance code (index (d - 1) >> 7)

static pthread_once_t tables_once = PTHREAD_ONCE_INIT;

static void fill_tables(void) {
    for (int c = 0; c < 29; c++) {
        int hi = c == 28 ? 258 : length_base[c] + (1 << length_extra[c]) - 1;
        if (c == 27) hi = 257;
        for (int l = length_base[c]; l <= hi && l <= 258; l++) length_code[l] = (uint8_t)c;
    }
    // As zlib's _dist_code: codes 0…15 cover 1…256 exactly, from code 16 on every code spans a
    // multiple of 128 distances, so (d - 1) >> 7 finds it.
    for (int c = 0; c < 30; c++) {
        uint32_t lo = dist_base[c], hi = lo + (1u << dist_extra[c]) - 1;
        for (uint32_t d = lo; d <= hi; d++) {
            if (d <= 256) dist_code_lo[d - 1] = (uint8_t)c;
            else dist_code_hi[(d - 1) >> 7] = (uint8_t)c;
        }
    }
}

static void fill_all_tables(void);
static void init_tables(void) { pthread_once(&tables_once, fill_all_tables); }

static inline int dist_code(uint32_t d) { return d <= 256 ? dist_code_lo[d - 1] : dist_code_hi[(d - 1) >> 7]; }

// MARK: - Bits

typedef struct {
    uint8_t *out, *end;
    uint64_t bits;
    int count;
    int overflow;
} bitwriter;

static inline void put_bits(bitwriter *w, uint32_t value, int n) {
    w->bits |= (uint64_t)value << w->count;
    w->count += n;
    if (w->count >= 32) {
        if (w->out + 4 > w->end) { w->overflow = 1; w->count = 0; w->bits = 0; return; }
        uint32_t v = (uint32_t)w->bits;
        w->out[0] = (uint8_t)v; w->out[1] = (uint8_t)(v >> 8); w->out[2] = (uint8_t)(v >> 16); w->out[3] = (uint8_t)(v >> 24);
        w->out += 4;
        w->bits >>= 32;
        w->count -= 32;
    }
}

static void flush_bits(bitwriter *w) {
    while (w->count > 0) {
        if (w->out >= w->end) { w->overflow = 1; return; }
        *w->out++ = (uint8_t)w->bits;
        w->bits >>= 8;
        w->count -= 8;
    }
    w->count = 0;
    w->bits = 0;
}

// MARK: - Huffman codes

// Sorts (frequency << 9 | symbol) words ascending, a byte at a time (LSD radix sort, only as many
// passes as the largest frequency needs): the same order as sorting by frequency then symbol,
// several times faster than qsort on ~300 symbols.
static void sort_symfreq(uint64_t *v, int n) {
    uint64_t tmp[288], maxv = 0;
    for (int i = 0; i < n; i++) if (v[i] > maxv) maxv = v[i];
    uint64_t *src = v, *dst = tmp;
    for (int shift = 0; shift < 64 && (maxv >> shift) != 0; shift += 8) {
        int count[257] = {0};
        for (int i = 0; i < n; i++) count[((src[i] >> shift) & 0xFF) + 1]++;
        for (int b = 0; b < 256; b++) count[b + 1] += count[b];
        for (int i = 0; i < n; i++) dst[count[(src[i] >> shift) & 0xFF]++] = src[i];
        uint64_t *t = src; src = dst; dst = t;
    }
    if (src != v) memcpy(v, src, sizeof v[0] * (size_t)n);
}

// Moffat & Katajainen in-place minimum-redundancy code lengths; A sorted ascending by weight.
static void minimum_redundancy(uint32_t *A, int n) {
    int root, leaf, next, avbl, used, dpth;
    if (n == 0) return;
    if (n == 1) { A[0] = 1; return; }
    A[0] += A[1]; root = 0; leaf = 2;
    for (next = 1; next < n - 1; next++) {
        if (leaf >= n || A[root] < A[leaf]) { A[next] = A[root]; A[root++] = (uint32_t)next; }
        else A[next] = A[leaf++];
        if (leaf >= n || (root < next && A[root] < A[leaf])) { A[next] += A[root]; A[root++] = (uint32_t)next; }
        else A[next] += A[leaf++];
    }
    A[n - 2] = 0;
    for (next = n - 3; next >= 0; next--) A[next] = A[A[next]] + 1;
    avbl = 1; used = dpth = 0; root = n - 2; next = n - 1;
    while (avbl > 0) {
        while (root >= 0 && (int)A[root] == dpth) { used++; root--; }
        while (avbl > used) { A[next--] = (uint32_t)dpth; avbl--; }
        avbl = 2 * used; dpth++; used = 0;
    }
}

// Code lengths (≤ limit) for `n` symbols with frequencies `freq`, then canonical, bit-reversed codes.
static void build_code(const uint32_t *freq, int n, int limit, uint8_t *lengths, uint16_t *codes) {
    uint64_t syms[288];   // frequency << 9 | symbol
    uint32_t A[288];
    int used = 0;
    memset(lengths, 0, (size_t)n);
    for (int i = 0; i < n; i++) if (freq[i]) syms[used++] = (uint64_t)freq[i] << 9 | (uint64_t)i;
    if (used > 0) {
        sort_symfreq(syms, used);
        for (int i = 0; i < used; i++) A[i] = (uint32_t)(syms[i] >> 9);
        minimum_redundancy(A, used);
        int count[33] = {0};
        for (int i = 0; i < used; i++) count[A[i] > 32 ? 32 : A[i]]++;
        // Enforce the length limit (as miniz does): fold longer codes into the limit, then
        // lengthen shorter ones until the Kraft sum is exact again.
        for (int i = limit + 1; i <= 32; i++) { count[limit] += count[i]; count[i] = 0; }
        uint32_t total = 0;
        for (int i = limit; i > 0; i--) total += (uint32_t)count[i] << (limit - i);
        while (total != (1u << limit) && used > 1) {
            count[limit]--;
            for (int i = limit - 1; i > 0; i--) if (count[i]) { count[i]--; count[i + 1] += 2; break; }
            total--;
        }
        int j = used;
        for (int len = 1; len <= limit; len++)
            for (int k = count[len]; k > 0; k--) lengths[syms[--j] & 0x1FF] = (uint8_t)len;
    }
    int bl_count[16] = {0}, next_code[16] = {0};
    for (int i = 0; i < n; i++) bl_count[lengths[i]]++;
    bl_count[0] = 0;
    int code = 0;
    for (int bits = 1; bits <= 15; bits++) { code = (code + bl_count[bits - 1]) << 1; next_code[bits] = code; }
    for (int i = 0; i < n; i++) {
        int len = lengths[i];
        if (!len) { codes[i] = 0; continue; }
        uint32_t c = (uint32_t)next_code[len]++, r = 0;
        for (int b = 0; b < len; b++) { r = (r << 1) | (c & 1); c >>= 1; }
        codes[i] = (uint16_t)r;
    }
}

// MARK: - Tokens and blocks

// A token: literal byte (bit 31 clear, value < 256) or match (bit 31 set, length << 16 | distance).
#define MATCH_FLAG 0x80000000u

// Everything a dynamic-Huffman block needs before it is written, and its size in bits.
typedef struct {
    uint8_t llen[286], dlen[30], clen[19];
    uint16_t lcode[286], dcode[30], ccode[19];
    uint16_t rle[316];   // the run-length coded code lengths: symbol | extra << 8
    int nrle, hlit, hdist, hclen;
    uint64_t bits;       // header and data, end-of-block included
} block_plan;

// The symbol counts of some tokens: literal/length and distance codes.
typedef struct { uint32_t lit[286], dist[30]; } symcounts;

static void plan_block(const symcounts *counts, block_plan *p) {
    uint32_t lfreq[286], dfreq[30];
    memcpy(lfreq, counts->lit, sizeof lfreq);
    memcpy(dfreq, counts->dist, sizeof dfreq);
    lfreq[256] = 1;
    build_code(lfreq, 286, 15, p->llen, p->lcode);
    int anyDist = 0;
    for (int i = 0; i < 30; i++) anyDist |= dfreq[i] != 0;
    if (!anyDist) dfreq[0] = 1;
    build_code(dfreq, 30, 15, p->dlen, p->dcode);

    int hlit = 286; while (hlit > 257 && p->llen[hlit - 1] == 0) hlit--;
    int hdist = 30; while (hdist > 1 && p->dlen[hdist - 1] == 0) hdist--;
    uint8_t all[316];
    memcpy(all, p->llen, (size_t)hlit);
    memcpy(all + hlit, p->dlen, (size_t)hdist);
    int total = hlit + hdist;
    // Run-length code the code lengths (symbols 16, 17, 18).
    int nrle = 0;
    uint32_t cfreq[19] = {0};
    for (int i = 0; i < total;) {
        int v = all[i], run = 1;
        while (i + run < total && all[i + run] == v) run++;
        int left = run;
        if (v == 0) {
            while (left >= 11) { int r = left > 138 ? 138 : left; p->rle[nrle++] = (uint16_t)(18 | (r - 11) << 8); cfreq[18]++; left -= r; }
            if (left >= 3) { p->rle[nrle++] = (uint16_t)(17 | (left - 3) << 8); cfreq[17]++; left = 0; }
        } else {
            p->rle[nrle++] = (uint16_t)v; cfreq[v]++; left--;
            while (left >= 3) { int r = left > 6 ? 6 : left; p->rle[nrle++] = (uint16_t)(16 | (r - 3) << 8); cfreq[16]++; left -= r; }
        }
        while (left-- > 0) { p->rle[nrle++] = (uint16_t)v; cfreq[v]++; }
        i += run;
    }
    // zlib rejects an incomplete code-length code: make sure it has two symbols.
    int usedc = 0;
    for (int i = 0; i < 19; i++) usedc += cfreq[i] != 0;
    if (usedc < 2) { if (cfreq[0] == 0) cfreq[0] = 1; else cfreq[1] = 1; }
    build_code(cfreq, 19, 7, p->clen, p->ccode);
    int hclen = 19; while (hclen > 4 && p->clen[codelen_order[hclen - 1]] == 0) hclen--;
    p->nrle = nrle; p->hlit = hlit; p->hdist = hdist; p->hclen = hclen;

    uint64_t bits = 3 + 5 + 5 + 4 + 3 * (uint64_t)hclen;
    for (int i = 0; i < nrle; i++) {
        int s = p->rle[i] & 0xFF;
        bits += p->clen[s] + (s == 16 ? 2 : s == 17 ? 3 : s == 18 ? 7 : 0);
    }
    for (int s = 0; s < 286; s++)
        if (lfreq[s]) bits += (uint64_t)lfreq[s] * (p->llen[s] + (s >= 257 ? length_extra[s - 257] : 0));
    for (int s = 0; s < 30; s++)
        if (dfreq[s] && anyDist) bits += (uint64_t)dfreq[s] * (p->dlen[s] + dist_extra[s]);
    p->bits = bits;
}

// A match token written as the literals it covers (set by prune_matches); `src` then supplies them.
#define LITERALS_FLAG 0x40000000u

static int emit_block(bitwriter *w, const block_plan *p, const uint32_t *tokens, int ntok, int final,
                      const uint8_t *src) {
    put_bits(w, final ? 1 : 0, 1);
    put_bits(w, 2, 2);
    put_bits(w, (uint32_t)(p->hlit - 257), 5);
    put_bits(w, (uint32_t)(p->hdist - 1), 5);
    put_bits(w, (uint32_t)(p->hclen - 4), 4);
    for (int i = 0; i < p->hclen; i++) put_bits(w, p->clen[codelen_order[i]], 3);
    for (int i = 0; i < p->nrle; i++) {
        int s = p->rle[i] & 0xFF, extra = p->rle[i] >> 8;
        put_bits(w, p->ccode[s], p->clen[s]);
        if (s == 16) put_bits(w, (uint32_t)extra, 2);
        else if (s == 17) put_bits(w, (uint32_t)extra, 3);
        else if (s == 18) put_bits(w, (uint32_t)extra, 7);
    }
    for (int i = 0; i < ntok; i++) {
        uint32_t t = tokens[i];
        if (t & LITERALS_FLAG) {
            uint32_t len = (t >> 16) & 0x1FF;
            for (uint32_t k = 0; k < len; k++) put_bits(w, p->lcode[src[k]], p->llen[src[k]]);
            src += len;
        } else if (t & MATCH_FLAG) {
            src += (t >> 16) & 0x1FF;
            // Code and extra bits go out together: ≤ 15 + 5 and ≤ 15 + 13 bits, each under 32.
            uint32_t len = (t >> 16) & 0x1FF, dist = t & 0xFFFF;
            int lc = length_code[len], ls = 257 + lc;
            put_bits(w, p->lcode[ls] | (len - length_base[lc]) << p->llen[ls], p->llen[ls] + length_extra[lc]);
            int dc = dist_code(dist);
            put_bits(w, p->dcode[dc] | (dist - dist_base[dc]) << p->dlen[dc], p->dlen[dc] + dist_extra[dc]);
        } else {
            put_bits(w, p->lcode[t], p->llen[t]);
            src++;
        }
    }
    put_bits(w, p->lcode[256], p->llen[256]);
    return w->overflow ? -1 : 0;
}

// Block boundaries: one Huffman code for text and another for a gradient beat one shared code by
// more than a block header costs (~60–100 bytes), so a buffer of tokens is cut in halves, then
// quarters…, down to MIN_BLOCK_TOKENS, wherever the halves coded separately come out smaller.
// The sizes compared are estimates: the entropy of the symbol counts (what a Huffman code nearly
// reaches) plus extra bits plus ~5 bits of header per used symbol; building real codes for
// every candidate block (sorting) cost more than the rest of the compressor.
#define MIN_BLOCK_TOKENS 1024
#define MAX_LEAVES (PIXELDEFLATE_BLOCK_TOKENS / MIN_BLOCK_TOKENS)

// log2 of 1…LOG_TABLE in 1/16 bits: the entropy estimate in integers, the same on every machine.
#define LOG_TABLE 4096
static uint16_t log2_16[LOG_TABLE + 1];

// 16 · log2(n) rounded down, by the squaring method: integer arithmetic only.
static uint16_t log2_16_exact(uint32_t n) {
    int ip = 31 - __builtin_clz(n);
    uint64_t x = ((uint64_t)n << 30) >> ip;   // n / 2^ip in [1, 2), 30 fraction bits
    uint32_t frac = 0;
    for (int b = 0; b < 4; b++) {
        x = (x * x) >> 30;
        frac <<= 1;
        if (x >= (2ull << 30)) { x >>= 1; frac |= 1; }
    }
    return (uint16_t)(16 * ip + frac);
}

static void fill_all_tables(void) {
    fill_tables();
    for (uint32_t n = 1; n <= LOG_TABLE; n++) log2_16[n] = log2_16_exact(n);
}

static uint32_t log2fix(uint32_t n) {   // 16 · log2(n), n ≥ 1
    int shift = 0;
    while (n > LOG_TABLE) { n >>= 1; shift++; }
    return log2_16[n] + 16u * (uint32_t)shift;
}

static uint64_t estimate_bits(const symcounts *c) {
    uint32_t nl = 1, nd = 0;   // the end-of-block symbol
    for (int s = 0; s < 286; s++) nl += c->lit[s];
    for (int s = 0; s < 30; s++) nd += c->dist[s];
    uint64_t bits16 = 0;   // in 1/16 bits
    int used = 0;
    const uint32_t logl = log2fix(nl), logd = nd ? log2fix(nd) : 0;
    for (int s = 0; s < 286; s++) {
        uint32_t f = c->lit[s];
        if (!f) continue;
        used++;
        bits16 += (uint64_t)f * (logl - log2fix(f) + (s >= 257 ? 16u * length_extra[s - 257] : 0));
    }
    for (int s = 0; s < 30; s++) {
        uint32_t f = c->dist[s];
        if (!f) continue;
        used++;
        bits16 += (uint64_t)f * (logd - log2fix(f) + 16u * dist_extra[s]);
    }
    return bits16 / 16 + 5u * (uint64_t)used + 40;
}

// The best estimate for leaves [first, first + n) (n a power of two) and its block lengths (in
// leaves) appended to sizes[*nsizes…]; `leaf` holds each leaf's symbol counts.
static uint64_t split_blocks(const symcounts *leaf, int first, int n, symcounts *sum, int *sizes, int *nsizes) {
    if (n == 1) {
        *sum = leaf[first];
        sizes[(*nsizes)++] = 1;
        return estimate_bits(sum);
    }
    int mark = *nsizes;
    symcounts right;
    uint64_t parts = split_blocks(leaf, first, n / 2, sum, sizes, nsizes);
    parts += split_blocks(leaf, first + n / 2, n / 2, &right, sizes, nsizes);
    for (int s = 0; s < 286; s++) sum->lit[s] += right.lit[s];
    for (int s = 0; s < 30; s++) sum->dist[s] += right.dist[s];
    uint64_t whole = estimate_bits(sum);
    if (parts < whole) return parts;
    *nsizes = mark;
    sizes[(*nsizes)++] = n;
    return whole;
}

// The match finder takes every match of 4 bytes or more. Where literals are cheap (few colors:
// a lock-screen accessory's grays on transparency, ~4 bits a byte) a short match at an arbitrary
// distance (~20 bits) costs more than its bytes as literals. Under the block's code, such
// matches (up to PRUNE_MAX_LENGTH bytes) become literals, and the code is built again for the new
// counts. Only blocks whose literals average under PRUNE_LITERAL_BITS bits are checked: on
// photos of text on gradients (~8 bits a literal) it never pays, and it costs time.
#define PRUNE_MAX_LENGTH 8
#define PRUNE_LITERAL_BITS 7
static void prune_matches(uint32_t *tokens, int ntok, const uint8_t *src, symcounts *counts, block_plan *plan) {
    uint64_t bits = 0, n = 0;
    for (int c = 0; c < 256; c++) { bits += (uint64_t)counts->lit[c] * plan->llen[c]; n += counts->lit[c]; }
    if (bits >= (uint64_t)PRUNE_LITERAL_BITS * n) return;
    int changed = 0;
    for (int k = 0; k < ntok; k++) {
        uint32_t t = tokens[k];
        if (!(t & MATCH_FLAG)) { src++; continue; }
        uint32_t len = (t >> 16) & 0x1FF, dist = t & 0xFFFF;
        if (len <= PRUNE_MAX_LENGTH) {
            int lc = length_code[len], dc = dist_code(dist);
            uint32_t match_bits = plan->llen[257 + lc] + length_extra[lc] + plan->dlen[dc] + dist_extra[dc];
            uint32_t literal_bits = 0;
            for (uint32_t j = 0; j < len; j++) literal_bits += plan->llen[src[j]] ? plan->llen[src[j]] : 99;
            if (literal_bits < match_bits) {
                tokens[k] = t | LITERALS_FLAG;
                counts->lit[257 + lc]--;
                counts->dist[dc]--;
                for (uint32_t j = 0; j < len; j++) counts->lit[src[j]]++;
                changed = 1;
            }
        }
        src += len;
    }
    if (changed) plan_block(counts, plan);
}

// Writes tokens (which encode the bytes starting at `src`) as dynamic-Huffman blocks; `leaf`
// holds the symbol counts of each MIN_BLOCK_TOKENS tokens (counted as the tokens were made).
static int write_blocks(bitwriter *w, uint32_t *tokens, int ntok, int final, const uint8_t *src, int prune,
                        symcounts *leaf) {
    // A power-of-two count of leaves (the ones past the end are empty).
    symcounts sum;
    int nleaves = 1;
    while (nleaves * MIN_BLOCK_TOKENS < ntok) nleaves *= 2;
    int sizes[MAX_LEAVES], nsizes = 0;
    split_blocks(leaf, 0, nleaves, &sum, sizes, &nsizes);
    block_plan plan;
    for (int b = 0, at = 0, l = 0; b < nsizes; b++) {
        // The block's counts are its leaves' (the last leaves may be empty, past the end).
        sum = leaf[l];
        for (int k = 1; k < sizes[b]; k++) {
            for (int s = 0; s < 286; s++) sum.lit[s] += leaf[l + k].lit[s];
            for (int s = 0; s < 30; s++) sum.dist[s] += leaf[l + k].dist[s];
        }
        l += sizes[b];
        int n = sizes[b] * MIN_BLOCK_TOKENS;
        if (n > ntok - at) n = ntok - at;
        if (n == 0 && !(final && b == nsizes - 1)) continue;
        plan_block(&sum, &plan);
        if (prune) prune_matches(tokens + at, n, src, &sum, &plan);
        if (emit_block(w, &plan, tokens + at, n, final && b == nsizes - 1, src) != 0) return -1;
        for (int k = at; k < at + n; k++) src += (tokens[k] & MATCH_FLAG) ? (tokens[k] >> 16) & 0x1FF : 1;
        at += n;
    }
    return 0;
}

// MARK: - Match finder

static inline uint32_t load32(const uint8_t *p) { uint32_t v; memcpy(&v, p, 4); return v; }

static inline uint32_t match_length(const uint8_t *a, const uint8_t *b, uint32_t max) {
    uint32_t n = 0;
    while (n + 8 <= max) {
        uint64_t x, y;
        memcpy(&x, a + n, 8); memcpy(&y, b + n, 8);
        if (x != y) return n + (uint32_t)(__builtin_ctzll(x ^ y) >> 3);
        n += 8;
    }
    while (n < max && a[n] == b[n]) n++;
    return n;
}

// The hash: the newest position of each 4-byte string (hash of the bytes → position + 1, 0 =
// none), and per position modulo the window the distance back to the previous one with the same
// hash (0 = none; the window is 32 KiB, so a distance fits 16 bits). Fixed size: 128 KiB + 64 KiB.
#define HASH_BITS 15
#define WINDOW 32768

// Fixed candidate distances, as (rows up, pixels left): distance = rows · row_stride + 4 · pixels.
typedef struct { int8_t rows, pixels; } offset;

// Effort levels: where and how hard the match finder looks (RESULTS.md, PNGCodec.swift).
typedef struct {
    int chain;          // links followed down the hash chain after its newest entry
    int lazy;           // 1: before taking a match, look whether the next byte starts a longer one
    int insert_max;     // also hash the positions inside matches up to this long (repeats start there)
    int prune;          // 1: prune_matches (short matches dearer than literals become literals)
    int noffsets;
    offset offsets[16];
} effort_params;

static const effort_params efforts[2] = {
    // Every render: the left pixel; the row above shifted by up to 3 pixels either way (a
    // gradient's color bands move 2–3 pixels a row on the reference widget; ±4 pixels, two rows
    // up, the hash chain, lazy matching and pruning were measured to cost more time than they
    // save bytes); the newest 4-byte string of the hash (repeated glyphs, edge colors).
    [PIXELDEFLATE_FAST] = {0, 0, 0, 0, 8, {{0, 1}, {1, 3}, {1, 2}, {1, 1}, {1, 0}, {1, -1}, {1, -2}, {1, -3}}},
    // Golden files: also 2 pixels left, ±4 pixels on the row above, two rows up ±2 pixels,
    // 256 hash-chain links, positions inside matches up to 128 bytes hashed, lazy matching,
    // short matches pruned where literals are cheaper.
    [PIXELDEFLATE_SMALL] = {256, 1, 128, 1, 16, {{0, 1}, {0, 2}, {1, 4}, {1, 3}, {1, 2}, {1, 1}, {1, 0}, {1, -1},
                                              {1, -2}, {1, -3}, {1, -4}, {2, 2}, {2, 1}, {2, 0}, {2, -1}, {2, -2}}},
};

typedef struct {
    const uint8_t *in;
    size_t end;
    const uint32_t *cand;   // fixed candidate distances, ascending
    int ncand;
    uint32_t *head;
    uint16_t *prev;
    int chain;
    uint32_t hash_min;      // shortest match worth taking from the hash (hash_min_length)
} finder;

static inline uint32_t hash4(uint32_t v) { return (v * 0x9E3779B1u) >> (32 - HASH_BITS); }

static inline void hash_insert(finder *f, size_t p) {
    if (f->end - p < 4) return;
    uint32_t h = hash4(load32(f->in + p));
    uint32_t newest = f->head[h];
    size_t back = newest ? p + 1 - newest : 0;
    f->prev[p & (WINDOW - 1)] = (uint16_t)(back < WINDOW ? back : 0);
    f->head[h] = (uint32_t)p + 1;
}

// The longest match at i longer than `shorter` (≥ 3; 0 if none) and its distance; among equally
// long ones the first found: the fixed candidates are tried in ascending order and the hash chain
// newest first, so ties go to the nearer match, whose distance has fewer extra bits (a run at
// distance 4 costs ~5 bits a token, the row above ~15).
static inline uint32_t find_match(const finder *f, size_t i, uint32_t shorter, uint32_t *dist) {
    const uint8_t *in = f->in;
    size_t remain = f->end - i;
    uint32_t max = remain < 258 ? (uint32_t)remain : 258;
    *dist = 0;
    if (max <= shorter) return 0;
    const uint32_t here = load32(in + i);
    // A candidate can only win if it also matches the 4 bytes up to `best`: a test that spares
    // most candidates the full comparison.
    uint32_t best = shorter, bestd = 0;
    for (int c = 0; c < f->ncand; c++) {
        uint32_t d = f->cand[c];
        if (d > i) break;
        const uint8_t *m = in + i - d;
        if (load32(m + best - 3) != load32(in + i + best - 3) || load32(m) != here) continue;
        uint32_t l = match_length(in + i, m, max);
        if (l > best) { best = l; bestd = d; if (l == max) { *dist = bestd; return best; } }
    }
    uint32_t newest = f->head[hash4(here)];
    if (newest && newest - 1 < i) {
        size_t p = newest - 1;
        for (int k = 0;; k++) {
            size_t d = i - p;
            if (d > WINDOW) break;
            const uint8_t *m = in + p;
            if (load32(m + best - 3) == load32(in + i + best - 3) && load32(m) == here) {
                uint32_t l = match_length(in + i, m, max);
                if (l > best && l >= f->hash_min) { best = l; bestd = (uint32_t)d; if (l == max) break; }
            }
            if (k == f->chain) break;
            uint16_t back = f->prev[p & (WINDOW - 1)];
            if (!back || back > p) break;
            p -= back;
        }
    }
    *dist = bestd;
    return bestd ? best : 0;
}

// A match the hash finds is at an arbitrary distance: ~HASH_MATCH_BITS bits with its length.
// It only pays when its bytes cost more as literals, and literals are cheap on few-color
// pictures (lock-screen accessories: grays on transparency, ~3 bits a literal, where taking
// every 4-byte repeat made the fast preset ~10 % larger than before the hash). So the shortest
// hash match taken is HASH_MATCH_BITS / (bits per literal), the literal cost estimated from the
// entropy of the literals so far in this buffer (every MIN_BLOCK_TOKENS tokens), and
// HASH_MIN_START before anything is known. (Measured over the 419 golden files: 20 / 4 gave
// more regressions, 24 / 6 the smallest fast total.) The fixed candidates keep 4 bytes.
#define HASH_MATCH_BITS 24
#define HASH_MIN_START 6
static uint32_t hash_min_length(const symcounts *leaf, int nleaves) {
    uint32_t c[256] = {0}, n = 0;
    for (int l = 0; l < nleaves; l++)
        for (int s = 0; s < 256; s++) c[s] += leaf[l].lit[s];
    for (int s = 0; s < 256; s++) n += c[s];
    if (n < 64) return HASH_MIN_START;
    uint64_t bits16 = 0;   // entropy of the literals, 1/16 bits
    const uint32_t logn = log2fix(n);
    for (int s = 0; s < 256; s++)
        if (c[s]) bits16 += (uint64_t)c[s] * (logn - log2fix(c[s]));
    uint64_t per_literal = bits16 / n;
    if (per_literal < 16) per_literal = 16;
    uint32_t m = (uint32_t)((16u * HASH_MATCH_BITS + per_literal - 1) / per_literal);
    return m < 4 ? 4 : m > 258 ? 258 : m;
}

// Tokens for in[start ..< end] into dynamic-Huffman blocks on `w`; in[0 ..< start] is history
// the inflater already holds (earlier bytes of the same stream), which matches may reach into.
// The last block is marked final when `final` is set. Returns 0, or -1 when `w` overflows.
static int deflate_blocks(const uint8_t *in, size_t start, size_t end, size_t row_stride, int final,
                          const effort_params *e, bitwriter *w, uint32_t *scratch) {
    // Rows longer than deflate's 32 KiB window (over 8,186 pixels: filmstrips, contact sheets)
    // keep only the candidate distances the window reaches; the left pixel (runs) always does.
    uint32_t cand[16];
    int ncand = 0;
    for (int c = 0; c < e->noffsets; c++) {
        int64_t d = (int64_t)e->offsets[c].rows * (int64_t)row_stride + 4 * (int64_t)e->offsets[c].pixels;
        if (d >= 4 && d <= WINDOW) cand[ncand++] = (uint32_t)d;
    }
    // Ascending, so that among equally long matches the nearest (cheapest distance) wins.
    for (int a = 1; a < ncand; a++)
        for (int b = a; b > 0 && cand[b] < cand[b - 1]; b--) { uint32_t t = cand[b]; cand[b] = cand[b - 1]; cand[b - 1] = t; }
    uint32_t *tokens = scratch;
    uint32_t *head = scratch + PIXELDEFLATE_BLOCK_TOKENS;
    memset(head, 0, sizeof(uint32_t) << HASH_BITS);   // same bytes every run: no stale positions
    finder f = {in, end, cand, ncand, head, (uint16_t *)(head + (1u << HASH_BITS)), e->chain, HASH_MIN_START};

    // Symbol counts per MIN_BLOCK_TOKENS tokens, kept as the tokens are made (for write_blocks).
    symcounts leaf[MAX_LEAVES];
    memset(leaf, 0, sizeof leaf);
    size_t i = start, buffer_start = start;
    int ntok = 0;
    uint32_t dist, len = find_match(&f, i, 3, &dist);
    while (i < end) {
        if (len && e->lazy && len < 258 && i + 1 < end) {
            // Lazy matching: a longer match one byte on is worth a literal now (zlib's rule). Only
            // matches longer than this one matter there, which the search is told.
            uint32_t dist2, len2 = find_match(&f, i + 1, len, &dist2);
            if (len2) {
                hash_insert(&f, i);
                leaf[ntok / MIN_BLOCK_TOKENS].lit[in[i]]++;
                tokens[ntok++] = in[i];
                i++;
                len = len2; dist = dist2;
                goto next_token;
            }
        }
        hash_insert(&f, i);
        if (len) {
            symcounts *c = &leaf[ntok / MIN_BLOCK_TOKENS];
            c->lit[257 + length_code[len]]++;
            c->dist[dist_code(dist)]++;
            tokens[ntok++] = MATCH_FLAG | len << 16 | dist;
            if (len <= (uint32_t)e->insert_max)
                for (size_t p = i + 1; p < i + len; p++) hash_insert(&f, p);
            i += len;
        } else {
            leaf[ntok / MIN_BLOCK_TOKENS].lit[in[i]]++;
            tokens[ntok++] = in[i];
            i++;
        }
        len = i < end ? find_match(&f, i, 3, &dist) : 0;
    next_token:
        if (ntok % MIN_BLOCK_TOKENS == 0 && ntok) f.hash_min = hash_min_length(leaf, ntok / MIN_BLOCK_TOKENS);
        if (ntok == PIXELDEFLATE_BLOCK_TOKENS || i >= end) {
            if (write_blocks(w, tokens, ntok, final && i >= end, in + buffer_start, e->prune, leaf) != 0) return -1;
            ntok = 0;
            buffer_start = i;
            memset(leaf, 0, sizeof leaf);
        }
    }
    return 0;
}

size_t pixeldeflate_zlib_effort(const uint8_t *in, size_t len, size_t row_stride, int effort,
                                uint8_t *out, size_t out_cap, uint32_t *scratch) {
    init_tables();
    if (out_cap < 16 || row_stride < 17 || effort < 0 || effort > PIXELDEFLATE_SMALL) return 0;
    bitwriter w = {out + 2, out + out_cap - 4, 0, 0, 0};
    out[0] = 0x78; out[1] = effort == PIXELDEFLATE_SMALL ? 0xDA : 0x01;   // FLEVEL: a hint only
    if (len == 0) {
        put_bits(&w, 1, 1); put_bits(&w, 1, 2); put_bits(&w, 0, 7);   // fixed block, end-of-block
    }
    if (deflate_blocks(in, 0, len, row_stride, 1, &efforts[effort], &w, scratch) != 0) return 0;
    flush_bits(&w);
    if (w.overflow || w.out + 4 > out + out_cap) return 0;
    uint32_t adler = libdeflate_adler32(1, in, len);
    w.out[0] = (uint8_t)(adler >> 24); w.out[1] = (uint8_t)(adler >> 16); w.out[2] = (uint8_t)(adler >> 8); w.out[3] = (uint8_t)adler;
    return (size_t)(w.out + 4 - out);
}

size_t pixeldeflate_zlib(const uint8_t *in, size_t len, size_t row_stride, uint8_t *out, size_t out_cap,
                         uint32_t *scratch) {
    return pixeldeflate_zlib_effort(in, len, row_stride, PIXELDEFLATE_FAST, out, out_cap, scratch);
}

size_t pixeldeflate_band(const uint8_t *in, size_t start, size_t len, size_t row_stride, int final,
                         uint8_t *out, size_t out_cap, uint32_t *scratch) {
    init_tables();
    if (out_cap < 16 || row_stride < 17 || len == 0) return 0;
    bitwriter w = {out, out + out_cap, 0, 0, 0};
    if (deflate_blocks(in, start, start + len, row_stride, final, &efforts[PIXELDEFLATE_FAST], &w, scratch) != 0)
        return 0;
    if (!final) {
        // An empty stored block (BFINAL 0, BTYPE 00, padding to the byte, LEN 0, NLEN 0xFFFF), as
        // zlib's Z_SYNC_FLUSH writes: the band ends on a byte boundary, so the next band's blocks
        // can be appended as bytes.
        put_bits(&w, 0, 3);
        flush_bits(&w);
        if (w.overflow || w.out + 4 > w.end) return 0;
        w.out[0] = 0; w.out[1] = 0; w.out[2] = 0xFF; w.out[3] = 0xFF;
        w.out += 4;
    } else {
        flush_bits(&w);
    }
    if (w.overflow) return 0;
    return (size_t)(w.out - out);
}

uint32_t pixeldeflate_adler32_combine(uint32_t adler1, uint32_t adler2, size_t len2) {
    // adler = (b << 16) | a over bytes x: a = 1 + Σx, b = Σ(running a). For A then B:
    // a = a1 + a2 - 1, b = b1 + b2 + len2 · (a1 - 1), all modulo 65521.
    const uint64_t base = 65521;
    uint64_t a1 = adler1 & 0xFFFF, b1 = adler1 >> 16, a2 = adler2 & 0xFFFF, b2 = adler2 >> 16;
    uint64_t n = len2 % base;
    uint64_t a = (a1 + a2 + base - 1) % base;
    uint64_t b = (b1 + b2 + n * ((a1 + base - 1) % base)) % base;
    return (uint32_t)(b << 16 | a);
}
