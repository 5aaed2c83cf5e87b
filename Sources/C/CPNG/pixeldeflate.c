// A deflate (zlib) compressor for unfiltered RGBA rows of flat UI pictures. Instead of hashing,
// it tries only the matches such pictures are made of: the pixel to the left (runs), the row
// above and the row above shifted by a few pixels (diagonal gradients and antialiased edges move
// by a pixel or two per row). Tokens go into dynamic-Huffman blocks. The output is an ordinary
// zlib stream any inflater reads.
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

static pthread_once_t tables_once = PTHREAD_ONCE_INIT;

static void fill_tables(void) {
    for (int c = 0; c < 29; c++) {
        int hi = c == 28 ? 258 : length_base[c] + (1 << length_extra[c]) - 1;
        if (c == 27) hi = 257;
        for (int l = length_base[c]; l <= hi && l <= 258; l++) length_code[l] = (uint8_t)c;
    }
}

static void init_tables(void) { pthread_once(&tables_once, fill_tables); }

static inline int dist_code(uint32_t d) {
    int lo = 0, hi = 29;
    while (lo < hi) {
        int mid = (lo + hi + 1) / 2;
        if (dist_base[mid] <= d) lo = mid; else hi = mid - 1;
    }
    return lo;
}

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

typedef struct { uint32_t key; uint16_t sym; } symfreq;

static int cmp_symfreq(const void *a, const void *b) {
    const symfreq *x = a, *y = b;
    if (x->key != y->key) return x->key < y->key ? -1 : 1;
    return x->sym < y->sym ? -1 : x->sym > y->sym;
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
    symfreq syms[288];
    uint32_t A[288];
    int used = 0;
    memset(lengths, 0, (size_t)n);
    for (int i = 0; i < n; i++) if (freq[i]) { syms[used].key = freq[i]; syms[used].sym = (uint16_t)i; used++; }
    if (used > 0) {
        qsort(syms, (size_t)used, sizeof syms[0], cmp_symfreq);
        for (int i = 0; i < used; i++) A[i] = syms[i].key;
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
            for (int k = count[len]; k > 0; k--) lengths[syms[--j].sym] = (uint8_t)len;
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
#define BLOCK_TOKENS PIXELDEFLATE_BLOCK_TOKENS

static int write_block(bitwriter *w, const uint32_t *tokens, int ntok, int final) {
    uint32_t lfreq[286] = {0}, dfreq[30] = {0};
    for (int i = 0; i < ntok; i++) {
        uint32_t t = tokens[i];
        if (t & MATCH_FLAG) {
            lfreq[257 + length_code[(t >> 16) & 0x1FF]]++;
            dfreq[dist_code(t & 0xFFFF)]++;
        } else {
            lfreq[t]++;
        }
    }
    lfreq[256] = 1;
    uint8_t llen[286], dlen[30];
    uint16_t lcode[286], dcode[30];
    build_code(lfreq, 286, 15, llen, lcode);
    int anyDist = 0;
    for (int i = 0; i < 30; i++) anyDist |= dfreq[i] != 0;
    if (!anyDist) dfreq[0] = 1;
    build_code(dfreq, 30, 15, dlen, dcode);

    int hlit = 286; while (hlit > 257 && llen[hlit - 1] == 0) hlit--;
    int hdist = 30; while (hdist > 1 && dlen[hdist - 1] == 0) hdist--;
    uint8_t all[316];
    memcpy(all, llen, (size_t)hlit);
    memcpy(all + hlit, dlen, (size_t)hdist);
    int total = hlit + hdist;
    // Run-length code the code lengths (symbols 16, 17, 18).
    uint16_t rle[316];   // symbol | extra << 8
    int nrle = 0;
    uint32_t cfreq[19] = {0};
    for (int i = 0; i < total;) {
        int v = all[i], run = 1;
        while (i + run < total && all[i + run] == v) run++;
        int left = run;
        if (v == 0) {
            while (left >= 11) { int r = left > 138 ? 138 : left; rle[nrle++] = (uint16_t)(18 | (r - 11) << 8); cfreq[18]++; left -= r; }
            if (left >= 3) { rle[nrle++] = (uint16_t)(17 | (left - 3) << 8); cfreq[17]++; left = 0; }
        } else {
            rle[nrle++] = (uint16_t)v; cfreq[v]++; left--;
            while (left >= 3) { int r = left > 6 ? 6 : left; rle[nrle++] = (uint16_t)(16 | (r - 3) << 8); cfreq[16]++; left -= r; }
        }
        while (left-- > 0) { rle[nrle++] = (uint16_t)v; cfreq[v]++; }
        i += run;
    }
    // zlib rejects an incomplete code-length code: make sure it has two symbols.
    int usedc = 0;
    for (int i = 0; i < 19; i++) usedc += cfreq[i] != 0;
    if (usedc < 2) { if (cfreq[0] == 0) cfreq[0] = 1; else cfreq[1] = 1; }
    uint8_t clen[19];
    uint16_t ccode[19];
    build_code(cfreq, 19, 7, clen, ccode);
    int hclen = 19; while (hclen > 4 && clen[codelen_order[hclen - 1]] == 0) hclen--;

    put_bits(w, final ? 1 : 0, 1);
    put_bits(w, 2, 2);
    put_bits(w, (uint32_t)(hlit - 257), 5);
    put_bits(w, (uint32_t)(hdist - 1), 5);
    put_bits(w, (uint32_t)(hclen - 4), 4);
    for (int i = 0; i < hclen; i++) put_bits(w, clen[codelen_order[i]], 3);
    for (int i = 0; i < nrle; i++) {
        int s = rle[i] & 0xFF, extra = rle[i] >> 8;
        put_bits(w, ccode[s], clen[s]);
        if (s == 16) put_bits(w, (uint32_t)extra, 2);
        else if (s == 17) put_bits(w, (uint32_t)extra, 3);
        else if (s == 18) put_bits(w, (uint32_t)extra, 7);
    }
    for (int i = 0; i < ntok; i++) {
        uint32_t t = tokens[i];
        if (t & MATCH_FLAG) {
            uint32_t len = (t >> 16) & 0x1FF, dist = t & 0xFFFF;
            int lc = length_code[len];
            put_bits(w, lcode[257 + lc], llen[257 + lc]);
            if (length_extra[lc]) put_bits(w, len - length_base[lc], length_extra[lc]);
            int dc = dist_code(dist);
            put_bits(w, dcode[dc], dlen[dc]);
            if (dist_extra[dc]) put_bits(w, dist - dist_base[dc], dist_extra[dc]);
        } else {
            put_bits(w, lcode[t], llen[t]);
        }
    }
    put_bits(w, lcode[256], llen[256]);
    return w->overflow ? -1 : 0;
}

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

// Tokens for in[start ..< end] into dynamic-Huffman blocks on `w`; in[0 ..< start] is history
// the inflater already holds (earlier bytes of the same stream), which matches may reach into.
// The last block is marked final when `final` is set. Returns 0, or -1 when `w` overflows.
static int deflate_blocks(const uint8_t *in, size_t start, size_t end, size_t row_stride, int final,
                          bitwriter *w, uint32_t *scratch_tokens) {
    // Candidate distances: left pixel, then the row above and the row above shifted ±1…3 pixels.
    // Rows longer than deflate's 32 KiB window (over 8,186 pixels: filmstrips, contact sheets)
    // keep only the distances the window reaches; the left pixel (runs) always does.
    const uint32_t S = (uint32_t)row_stride;
    const uint32_t all[8] = {4, S, S - 8, S - 12, S - 4, S + 4, S + 8, S - 16};
    uint32_t cand[8];
    int ncand = 0;
    for (int c = 0; c < 8; c++) if (all[c] <= 32768) cand[ncand++] = all[c];
    uint32_t last = 4;
    size_t i = start;
    int ntok = 0;
    while (i < end) {
        uint32_t best = 0, bestd = 0;
        size_t remain = end - i;
        uint32_t max = remain < 258 ? (uint32_t)remain : 258;
        if (max >= 4) {
            uint32_t here = load32(in + i);
            // The distance that matched last time first: runs and shifted rows repeat.
            if (i >= last && load32(in + i - last) == here) { best = match_length(in + i, in + i - last, max); bestd = last; }
            if (best < max) {
                for (int c = 0; c < ncand; c++) {
                    uint32_t d = cand[c];
                    if (d == last || d > i || load32(in + i - d) != here) continue;
                    uint32_t l = match_length(in + i, in + i - d, max);
                    if (l > best) { best = l; bestd = d; if (l == max) break; }
                }
            }
        }
        if (best >= 4) {
            scratch_tokens[ntok++] = MATCH_FLAG | best << 16 | bestd;
            last = bestd;
            i += best;
        } else {
            scratch_tokens[ntok++] = in[i];
            i++;
        }
        if (ntok == BLOCK_TOKENS || i >= end) {
            if (write_block(w, scratch_tokens, ntok, final && i >= end) != 0) return -1;
            ntok = 0;
        }
    }
    return 0;
}

size_t pixeldeflate_zlib(const uint8_t *in, size_t len, size_t row_stride, uint8_t *out, size_t out_cap,
                         uint32_t *scratch_tokens) {
    init_tables();
    if (out_cap < 16 || row_stride < 17) return 0;
    bitwriter w = {out + 2, out + out_cap - 4, 0, 0, 0};
    out[0] = 0x78; out[1] = 0x01;
    if (len == 0) {
        put_bits(&w, 1, 1); put_bits(&w, 1, 2); put_bits(&w, 0, 7);   // fixed block, end-of-block
    }
    if (deflate_blocks(in, 0, len, row_stride, 1, &w, scratch_tokens) != 0) return 0;
    flush_bits(&w);
    if (w.overflow || w.out + 4 > out + out_cap) return 0;
    uint32_t adler = libdeflate_adler32(1, in, len);
    w.out[0] = (uint8_t)(adler >> 24); w.out[1] = (uint8_t)(adler >> 16); w.out[2] = (uint8_t)(adler >> 8); w.out[3] = (uint8_t)adler;
    return (size_t)(w.out + 4 - out);
}

size_t pixeldeflate_band(const uint8_t *in, size_t start, size_t len, size_t row_stride, int final,
                         uint8_t *out, size_t out_cap, uint32_t *scratch_tokens) {
    init_tables();
    if (out_cap < 16 || row_stride < 17 || len == 0) return 0;
    bitwriter w = {out, out + out_cap, 0, 0, 0};
    if (deflate_blocks(in, start, start + len, row_stride, final, &w, scratch_tokens) != 0) return 0;
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
