// PNG encode/decode for WidgetShot. libpng reports errors with longjmp, which Swift cannot
// survive, so everything that can fail inside libpng lives here behind plain return codes.
#include "cpng.h"
#include "pixeldeflate.h"

#include <libdeflate.h>
#include <png.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static _Thread_local char last_error[256];

static int fail(int code, const char *message) {
    snprintf(last_error, sizeof last_error, "%s", message);
    return code;
}

const char *cpng_last_error(void) { return last_error; }

void cpng_free(void *p) { free(p); }

// MARK: - Pixels

// Cairo ARGB32 is a native-endian 32-bit word 0xAARRGGBB with premultiplied color.
// Unpremultiplying rounds to nearest with integer math only, so it is the same everywhere.
static inline uint32_t unpremultiply_pixel(uint32_t p) {
    uint32_t a = p >> 24;
    uint32_t r = (p >> 16) & 0xFF, g = (p >> 8) & 0xFF, b = p & 0xFF;
    if (a != 255) {
        if (a == 0) {
            r = g = b = 0;
        } else {
            r = (r * 255 + a / 2) / a; if (r > 255) r = 255;
            g = (g * 255 + a / 2) / a; if (g > 255) g = 255;
            b = (b * 255 + a / 2) / a; if (b > 255) b = 255;
        }
    }
    // Bytes R, G, B, A in memory order, as a little-endian word.
    return r | g << 8 | b << 16 | a << 24;
}

static inline void unpremultiply_row(const uint8_t *src, uint8_t *dst, int width) {
    const uint32_t *px = (const uint32_t *)src;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    // Widgets are mostly opaque: those pixels only need their bytes reordered
    // (0xAARRGGBB → memory R G B A), which the compiler turns into a byte shuffle.
    for (int x = 0; x < width; x++) {
        uint32_t p = px[x];
        uint32_t out;
        if ((p >> 24) == 255) {
            uint32_t s = __builtin_bswap32(p);          // 0xBBGGRRAA
            out = (s >> 8) | (s << 24);                // 0xAABBGGRR
        } else {
            out = unpremultiply_pixel(p);
        }
        memcpy(dst + 4 * (size_t)x, &out, 4);
    }
#else
    for (int x = 0; x < width; x++) {
        uint32_t v = unpremultiply_pixel(px[x]);
        uint8_t *d = dst + 4 * (size_t)x;
        d[0] = (uint8_t)v; d[1] = (uint8_t)(v >> 8); d[2] = (uint8_t)(v >> 16); d[3] = (uint8_t)(v >> 24);
    }
#endif
}

static int check_args(const uint8_t *argb, int width, int height, int stride, uint8_t **out, size_t *out_len) {
    if (!argb || !out || !out_len || width <= 0 || height <= 0 || stride < width * 4)
        return fail(CPNG_ERR_ARGUMENT, "invalid bitmap arguments (null pointer, empty size or stride < 4 × width)");
    if ((size_t)width * (size_t)height > (size_t)1 << 28)
        return fail(CPNG_ERR_TOO_LARGE, "bitmap too large to encode");
    return CPNG_OK;
}

// MARK: - libpng engine

typedef struct {
    uint8_t *data;
    size_t len, cap;
    int oom;
} membuf;

static void membuf_write(png_structp png, png_bytep bytes, png_size_t n) {
    membuf *m = (membuf *)png_get_io_ptr(png);
    if (m->oom) return;
    if (m->len + n > m->cap) {
        size_t cap = m->cap ? m->cap : 65536;
        while (cap < m->len + n) cap *= 2;
        uint8_t *d = realloc(m->data, cap);
        if (!d) { m->oom = 1; png_error(png, "out of memory"); }
        m->data = d;
        m->cap = cap;
    }
    memcpy(m->data + m->len, bytes, n);
    m->len += n;
}

static void membuf_flush(png_structp png) { (void)png; }

static void encode_error_fn(png_structp png, png_const_charp msg) {
    snprintf(last_error, sizeof last_error, "libpng: %s", msg);
    png_longjmp(png, 1);
}

static void warning_fn(png_structp png, png_const_charp msg) { (void)png; (void)msg; }

static int encode_libpng(const uint8_t *argb, int width, int height, int stride, int level, int filter,
                         int strategy, uint8_t **out, size_t *out_len) {
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, encode_error_fn, warning_fn);
    if (!png) return fail(CPNG_ERR_MEMORY, "png_create_write_struct failed");
    png_infop info = png_create_info_struct(png);
    if (!info) { png_destroy_write_struct(&png, NULL); return fail(CPNG_ERR_MEMORY, "png_create_info_struct failed"); }

    membuf buf = {0};
    uint8_t *volatile row = malloc((size_t)width * 4);
    if (!row) { png_destroy_write_struct(&png, &info); return fail(CPNG_ERR_MEMORY, "out of memory"); }

    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        free(row);
        free(buf.data);
        return CPNG_ERR_LIBPNG;
    }
    png_set_write_fn(png, &buf, membuf_write, membuf_flush);
    png_set_IHDR(png, info, (png_uint_32)width, (png_uint_32)height, 8, PNG_COLOR_TYPE_RGB_ALPHA,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_set_compression_level(png, level);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, filter);
    if (strategy >= 0) png_set_compression_strategy(png, strategy);
    png_write_info(png, info);
    for (int y = 0; y < height; y++) {
        unpremultiply_row(argb + (size_t)y * (size_t)stride, row, width);
        png_write_row(png, row);
    }
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    free(row);
    *out = buf.data;
    *out_len = buf.len;
    return CPNG_OK;
}

// MARK: - libdeflate engine

static inline uint8_t paeth(int a, int b, int c) {
    int p = a + b - c;
    int pa = abs(p - a), pb = abs(p - b), pc = abs(p - c);
    if (pa <= pb && pa <= pc) return (uint8_t)a;
    if (pb <= pc) return (uint8_t)b;
    return (uint8_t)c;
}

// Writes filter type byte + filtered bytes of `cur` (n bytes, 4 bytes per pixel) into `dst`.
static void filter_row(int type, const uint8_t *cur, const uint8_t *prev, uint8_t *dst, size_t n) {
    dst[0] = (uint8_t)type;
    uint8_t *d = dst + 1;
    switch (type) {
    case 0: memcpy(d, cur, n); break;
    case 1:
        for (size_t i = 0; i < n; i++) d[i] = (uint8_t)(cur[i] - (i >= 4 ? cur[i - 4] : 0));
        break;
    case 2:
        for (size_t i = 0; i < n; i++) d[i] = (uint8_t)(cur[i] - prev[i]);
        break;
    case 3:
        for (size_t i = 0; i < n; i++) d[i] = (uint8_t)(cur[i] - (((i >= 4 ? cur[i - 4] : 0) + prev[i]) >> 1));
        break;
    default:
        for (size_t i = 0; i < n; i++)
            d[i] = (uint8_t)(cur[i] - paeth(i >= 4 ? cur[i - 4] : 0, prev[i], i >= 4 ? prev[i - 4] : 0));
        break;
    }
}

static size_t sum_abs(const uint8_t *d, size_t n) {
    size_t s = 0;
    for (size_t i = 0; i < n; i++) s += d[i] < 128 ? d[i] : 256 - d[i];
    return s;
}

static int filter_type_of(int flags) {
    switch (flags) {
    case CPNG_FILTER_NONE: return 0;
    case CPNG_FILTER_SUB: return 1;
    case CPNG_FILTER_UP: return 2;
    case CPNG_FILTER_AVG: return 3;
    case CPNG_FILTER_PAETH: return 4;
    default: return -1; // adaptive
    }
}

// One compressor per thread and level: allocating one costs more than compressing a widget.
// The raw (filtered) image and the compressed stream are per-thread scratch buffers too: fresh
// multi-megabyte mallocs are mmaps whose page faults cost a fifth of the encode.
typedef struct {
    int level;
    struct libdeflate_compressor *c;
    uint8_t *raw, *z;
    size_t rawcap, zcap;
    uint32_t *tokens;
} compressor_slot;
static pthread_key_t compressor_key;
static pthread_once_t compressor_once = PTHREAD_ONCE_INIT;
static void free_slot(void *p) {
    compressor_slot *s = p;
    if (s) { libdeflate_free_compressor(s->c); free(s->raw); free(s->z); free(s->tokens); free(s); }
}
static void make_key(void) { pthread_key_create(&compressor_key, free_slot); }

// level -1: the thread's scratch buffers only, whatever compressor it holds.
static compressor_slot *thread_slot(int level) {
    pthread_once(&compressor_once, make_key);
    compressor_slot *s = pthread_getspecific(compressor_key);
    if (s && (level < 0 || (s->level == level && s->c))) return s;
    if (!s && level < 0) {
        s = calloc(1, sizeof *s);
        if (s) pthread_setspecific(compressor_key, s);
        return s;
    }
    if (s) { libdeflate_free_compressor(s->c); } else {
        s = calloc(1, sizeof *s);
        if (!s) return NULL;
        pthread_setspecific(compressor_key, s);
    }
    s->level = level;
    s->c = libdeflate_alloc_compressor(level);
    return s->c ? s : NULL;
}

static uint8_t *grow(uint8_t **buf, size_t *cap, size_t need) {
    if (*cap >= need) return *buf;
    uint8_t *b = realloc(*buf, need);
    if (!b) return NULL;
    *buf = b;
    *cap = need;
    return b;
}

static void put32(uint8_t *p, uint32_t v) {
    p[0] = (uint8_t)(v >> 24); p[1] = (uint8_t)(v >> 16); p[2] = (uint8_t)(v >> 8); p[3] = (uint8_t)v;
}

// A chunk at p: length, type, data (already in place at p + 8), CRC. Returns the bytes written.
static size_t finish_chunk(uint8_t *p, const char *type, size_t len) {
    put32(p, (uint32_t)len);
    memcpy(p + 4, type, 4);
    uint32_t crc = libdeflate_crc32(0, p + 4, len + 4);
    put32(p + 8 + len, crc);
    return len + 12;
}

// The signature and the IHDR chunk of an 8-bit RGBA, non-interlaced PNG: PNG_HEADER_BYTES at p.
#define PNG_HEADER_BYTES (8 + 12 + 13)
static size_t write_header(uint8_t *p, int width, int height) {
    static const uint8_t signature[8] = {137, 80, 78, 71, 13, 10, 26, 10};
    memcpy(p, signature, 8);
    uint8_t *ihdr = p + 8 + 8;
    put32(ihdr, (uint32_t)width); put32(ihdr + 4, (uint32_t)height);
    ihdr[8] = 8; ihdr[9] = 6; ihdr[10] = 0; ihdr[11] = 0; ihdr[12] = 0;
    return 8 + finish_chunk(p + 8, "IHDR", 13);
}

// `pixel`: 0 = libdeflate at `level`; 1 + a PIXELDEFLATE_* effort = pixeldeflate with that effort
// (libdeflate at `level` only when pixeldeflate cannot: rows under 5 pixels).
static int encode_libdeflate(const uint8_t *argb, int width, int height, int stride, int level, int filter,
                             int pixel, uint8_t **out, size_t *out_len) {
    if (level < 0 || level > 12) return fail(CPNG_ERR_ARGUMENT, "libdeflate level must be 0…12");
    const size_t rowbytes = (size_t)width * 4;
    const size_t rawlen = (rowbytes + 1) * (size_t)height;
    const int fixed = filter_type_of(filter);
    compressor_slot *slot = thread_slot(level);
    if (!slot) return fail(CPNG_ERR_MEMORY, "libdeflate_alloc_compressor failed");
    uint8_t *raw = grow(&slot->raw, &slot->rawcap, rawlen);
    uint8_t *rows = malloc(rowbytes * 2 + (fixed < 0 ? (rowbytes + 1) * 5 : 0));
    if (!raw || !rows) { free(rows); return fail(CPNG_ERR_MEMORY, "out of memory"); }
    uint8_t *cur = rows, *prev = rows + rowbytes;
    memset(prev, 0, rowbytes);
    for (int y = 0; y < height; y++) {
        uint8_t *dst = raw + (size_t)y * (rowbytes + 1);
        if (fixed == 0) {
            // No filter: unpremultiply straight into the raw stream, no row copies.
            dst[0] = 0;
            unpremultiply_row(argb + (size_t)y * (size_t)stride, dst + 1, width);
            continue;
        }
        unpremultiply_row(argb + (size_t)y * (size_t)stride, cur, width);
        if (fixed > 0) {
            filter_row(fixed, cur, prev, dst, rowbytes);
        } else {
            uint8_t *cand = rows + rowbytes * 2;
            size_t best = (size_t)-1; int bestType = 0;
            for (int t = 0; t < 5; t++) {
                uint8_t *c = cand + (size_t)t * (rowbytes + 1);
                filter_row(t, cur, prev, c, rowbytes);
                size_t s = sum_abs(c + 1, rowbytes);
                if (s < best) { best = s; bestType = t; }
            }
            memcpy(dst, cand + (size_t)bestType * (rowbytes + 1), rowbytes + 1);
        }
        uint8_t *t = cur; cur = prev; prev = t;
    }
    free(rows);

    size_t bound = libdeflate_zlib_compress_bound(slot->c, rawlen);
    uint8_t *z = grow(&slot->z, &slot->zcap, bound);
    if (!z) return fail(CPNG_ERR_MEMORY, "out of memory");
    size_t zlen = 0;
    if (pixel) {
        if (!slot->tokens) slot->tokens = malloc(sizeof(uint32_t) * PIXELDEFLATE_SCRATCH_WORDS);
        if (!slot->tokens) return fail(CPNG_ERR_MEMORY, "out of memory");
        zlen = pixeldeflate_zlib_effort(raw, rawlen, rowbytes + 1, pixel - 1, z, bound, slot->tokens);
    }
    if (zlen == 0) zlen = libdeflate_zlib_compress(slot->c, raw, rawlen, z, bound);
    if (zlen == 0) return fail(CPNG_ERR_DEFLATE, "libdeflate_zlib_compress failed");

    uint8_t *png = malloc(PNG_HEADER_BYTES + (12 + zlen) + 12);
    if (!png) return fail(CPNG_ERR_MEMORY, "out of memory");
    size_t at = write_header(png, width, height);
    memcpy(png + at + 8, z, zlen);
    at += finish_chunk(png + at, "IDAT", zlen);
    at += finish_chunk(png + at, "IEND", 0);
    *out = png;
    *out_len = at;
    return CPNG_OK;
}

// MARK: - Banded encode (large images on several threads)

// The rows are cut into bands of about CPNG_BAND_BYTES of scanlines; threads take bands in turn.
// Each band's rows are unpremultiplied into a band-sized buffer (with the row before it as
// history, so its first row can still match the row above) and compressed by pixeldeflate into
// non-final blocks ending byte-aligned; the last band ends with the final block. Every band
// becomes its own IDAT chunk (its CRC computed by the thread that wrote it), the zlib header
// goes in front of the first and the Adler-32, combined from the bands', in a last 4-byte IDAT.
// The band layout depends only on the image size, so the bytes do not depend on the threads.

typedef struct band_job {
    const uint8_t *argb;
    int width, height, stride, band_rows, nbands;
    size_t rowbytes;
    uint8_t **chunk;      // per band: a finished IDAT chunk (length, type, data, CRC)
    size_t *chunk_len;
    uint32_t *adler;      // per band: Adler-32 of its scanlines
    int next;             // next band to take (atomic)
    int error;            // first error code (atomic)
    int helpers;          // pool threads that may join (threads - 1)
    int inside;           // pool threads working on it now (under pool_lock)
    struct band_job *queued_next;
} band_job;

static int band_encode(band_job *job, int b, uint8_t *raw, uint8_t *z, size_t zcap, uint32_t *tokens) {
    const size_t S = job->rowbytes + 1;
    const int y0 = b * job->band_rows;
    const int y1 = y0 + job->band_rows < job->height ? y0 + job->band_rows : job->height;
    const int first = b == 0 ? y0 : y0 - 1;   // the row before the band is history
    for (int y = first; y < y1; y++) {
        uint8_t *dst = raw + (size_t)(y - first) * S;
        dst[0] = 0;
        unpremultiply_row(job->argb + (size_t)y * (size_t)job->stride, dst + 1, job->width);
    }
    const size_t start = (size_t)(y0 - first) * S, len = (size_t)(y1 - y0) * S;
    const int final = b == job->nbands - 1;
    size_t zlen = pixeldeflate_band(raw, start, len, S, final, z, zcap, tokens);
    if (zlen == 0) {
        // Incompressible beyond pixeldeflate's bound: stored blocks (always fit zcap).
        zlen = 0;
        for (size_t at = 0; at < len;) {
            size_t n = len - at < 65535 ? len - at : 65535;
            z[zlen++] = (uint8_t)(final && at + n == len ? 1 : 0);
            z[zlen++] = (uint8_t)n; z[zlen++] = (uint8_t)(n >> 8);
            z[zlen++] = (uint8_t)~n; z[zlen++] = (uint8_t)(~n >> 8);
            memcpy(z + zlen, raw + start + at, n);
            zlen += n;
            at += n;
        }
    }
    const size_t header = b == 0 ? 2 : 0;
    uint8_t *chunk = malloc(12 + header + zlen);
    if (!chunk) return CPNG_ERR_MEMORY;
    if (header) { chunk[8] = 0x78; chunk[9] = 0x01; }
    memcpy(chunk + 8 + header, z, zlen);
    job->chunk_len[b] = finish_chunk(chunk, "IDAT", header + zlen);
    job->chunk[b] = chunk;
    job->adler[b] = libdeflate_adler32(1, raw + start, len);
    return CPNG_OK;
}

// Takes bands of `job` until none is left, with this thread's scratch buffers (kept between
// calls: a fresh multi-megabyte malloc is an mmap whose page faults cost more than a band).
static void band_work(band_job *job) {
    const size_t S = job->rowbytes + 1;
    const size_t rawcap = (size_t)(job->band_rows + 1) * S;
    const size_t bandlen = (size_t)job->band_rows * S;
    const size_t zcap = bandlen + (bandlen / 65535 + 1) * 5 + 64;
    compressor_slot *slot = thread_slot(-1);
    uint8_t *raw = slot ? grow(&slot->raw, &slot->rawcap, rawcap) : NULL;
    uint8_t *z = slot ? grow(&slot->z, &slot->zcap, zcap) : NULL;
    if (slot && !slot->tokens) slot->tokens = malloc(sizeof(uint32_t) * PIXELDEFLATE_SCRATCH_WORDS);
    if (!raw || !z || !slot->tokens) {
        __atomic_store_n(&job->error, CPNG_ERR_MEMORY, __ATOMIC_RELAXED);
        return;
    }
    for (;;) {
        if (__atomic_load_n(&job->error, __ATOMIC_RELAXED)) break;
        int b = __atomic_fetch_add(&job->next, 1, __ATOMIC_RELAXED);
        if (b >= job->nbands) break;
        int rc = band_encode(job, b, raw, z, zcap, slot->tokens);
        if (rc != CPNG_OK) { __atomic_store_n(&job->error, rc, __ATOMIC_RELAXED); break; }
    }
}

// MARK: - The band pool

// One thread per extra core, started on the first banded encode and kept for the life of the
// process: starting threads per picture cost more than a widget's whole encode (measured: 2.1 ms
// banded against 1.4 ms on one thread at 0.5 Mpx with threads started per call). The caller of
// an encode always works on its own bands too, so when every pool thread is busy (a server under
// load) the caller simply does them all: it never waits for a band nobody has started.
static pthread_mutex_t pool_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t pool_wake = PTHREAD_COND_INITIALIZER;   // a job was queued
static pthread_cond_t pool_left = PTHREAD_COND_INITIALIZER;   // a pool thread left a job
static band_job *pool_queue;
static int pool_size;                                         // pool threads running
static pthread_once_t pool_once = PTHREAD_ONCE_INIT;

static void *pool_thread(void *arg) {
    (void)arg;
    pthread_mutex_lock(&pool_lock);
    for (;;) {
        band_job *job = pool_queue;
        while (job && job->inside >= job->helpers) job = job->queued_next;
        if (!job) { pthread_cond_wait(&pool_wake, &pool_lock); continue; }
        job->inside++;
        pthread_mutex_unlock(&pool_lock);
        band_work(job);
        pthread_mutex_lock(&pool_lock);
        // No band is left to take: later pool threads need not look at it.
        for (band_job **p = &pool_queue; *p; p = &(*p)->queued_next) {
            if (*p == job) { *p = job->queued_next; break; }
        }
        job->inside--;
        pthread_cond_broadcast(&pool_left);
    }
    return NULL;
}

static void start_pool(void) {
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    int extra = n < 2 ? 0 : n > 16 ? 15 : (int)n - 1;
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
    for (int t = 0; t < extra; t++) {
        pthread_t tid;
        if (pthread_create(&tid, &attr, pool_thread, NULL) == 0) pool_size++;
    }
    pthread_attr_destroy(&attr);
}

// Runs every band of `job`: queued for up to job->helpers pool threads, and worked on here.
static void run_bands(band_job *job) {
    if (job->helpers > 0) {
        pthread_once(&pool_once, start_pool);
        pthread_mutex_lock(&pool_lock);
        if (pool_size > 0) {
            job->queued_next = pool_queue;
            pool_queue = job;
            pthread_cond_broadcast(&pool_wake);
        } else {
            job->helpers = 0;
        }
        pthread_mutex_unlock(&pool_lock);
    }
    band_work(job);
    if (job->helpers > 0) {
        pthread_mutex_lock(&pool_lock);
        for (band_job **p = &pool_queue; *p; p = &(*p)->queued_next) {
            if (*p == job) { *p = job->queued_next; break; }
        }
        // A pool thread inside the job is finishing a band it took; nobody can join it now.
        while (job->inside > 0) pthread_cond_wait(&pool_left, &pool_lock);
        pthread_mutex_unlock(&pool_lock);
    }
}

int cpng_encode_argb32_bands(const uint8_t *argb, int width, int height, int stride, int bands, int threads,
                             uint8_t **out, size_t *out_len) {
    int rc = check_args(argb, width, height, stride, out, out_len);
    if (rc != CPNG_OK) return rc;
    last_error[0] = 0;
    const size_t rowbytes = (size_t)width * 4;
    int band_rows;
    if (bands <= 0) {
        size_t r = CPNG_BAND_BYTES / (rowbytes + 1);
        band_rows = r < 1 ? 1 : r > (size_t)height ? height : (int)r;
    } else {
        if (bands > height) bands = height;
        band_rows = (height + bands - 1) / bands;
    }
    const int nbands = (height + band_rows - 1) / band_rows;
    if (threads <= 0) {
        long n = sysconf(_SC_NPROCESSORS_ONLN);
        threads = n < 1 ? 1 : n > 64 ? 64 : (int)n;
    }
    if (threads > nbands) threads = nbands;

    band_job job = {argb, width, height, stride, band_rows, nbands, rowbytes, NULL, NULL, NULL, 0, 0, threads - 1, 0, NULL};
    job.chunk = calloc((size_t)nbands, sizeof *job.chunk);
    job.chunk_len = calloc((size_t)nbands, sizeof *job.chunk_len);
    job.adler = calloc((size_t)nbands, sizeof *job.adler);
    if (!job.chunk || !job.chunk_len || !job.adler) {
        free(job.chunk); free(job.chunk_len); free(job.adler);
        return fail(CPNG_ERR_MEMORY, "out of memory");
    }
    run_bands(&job);

    uint8_t *png = NULL;
    size_t total = PNG_HEADER_BYTES + (12 + 4) + 12;
    if (!job.error) {
        for (int b = 0; b < nbands; b++) total += job.chunk_len[b];
        png = malloc(total);
        if (!png) job.error = CPNG_ERR_MEMORY;
    }
    if (!job.error) {
        size_t at = write_header(png, width, height);
        uint32_t adler = 1;
        const size_t S = rowbytes + 1;
        for (int b = 0; b < nbands; b++) {
            memcpy(png + at, job.chunk[b], job.chunk_len[b]);
            at += job.chunk_len[b];
            int y0 = b * band_rows, y1 = y0 + band_rows < height ? y0 + band_rows : height;
            adler = pixeldeflate_adler32_combine(adler, job.adler[b], (size_t)(y1 - y0) * S);
        }
        put32(png + at + 8, adler);
        at += finish_chunk(png + at, "IDAT", 4);
        at += finish_chunk(png + at, "IEND", 0);
        *out = png;
        *out_len = at;
    }
    for (int b = 0; b < nbands; b++) free(job.chunk[b]);
    free(job.chunk); free(job.chunk_len); free(job.adler);
    if (job.error) return fail(job.error, "out of memory");
    return CPNG_OK;
}

int cpng_encode_argb32_ex(const uint8_t *argb, int width, int height, int stride, int engine, int level,
                          int filter, int strategy, uint8_t **out, size_t *out_len) {
    int rc = check_args(argb, width, height, stride, out, out_len);
    if (rc != CPNG_OK) return rc;
    if (filter == 0 || (filter & ~CPNG_FILTER_ALL)) return fail(CPNG_ERR_ARGUMENT, "invalid filter flags");
    last_error[0] = 0;
    switch (engine) {
    case CPNG_ENGINE_LIBPNG:
        if (level < 0 || level > 9) return fail(CPNG_ERR_ARGUMENT, "zlib level must be 0…9");
        return encode_libpng(argb, width, height, stride, level, filter, strategy, out, out_len);
    case CPNG_ENGINE_LIBDEFLATE:
        return encode_libdeflate(argb, width, height, stride, level, filter, 0, out, out_len);
    case CPNG_ENGINE_PIXEL:
        return encode_libdeflate(argb, width, height, stride, level < 0 ? 1 : level, filter, 1 + PIXELDEFLATE_FAST,
                                 out, out_len);
    case CPNG_ENGINE_PIXEL_SMALL:
        return encode_libdeflate(argb, width, height, stride, level < 0 ? 1 : level, filter, 1 + PIXELDEFLATE_SMALL,
                                 out, out_len);
    default:
        return fail(CPNG_ERR_ARGUMENT, "unknown engine");
    }
}

int cpng_encode_argb32(const uint8_t *argb, int width, int height, int stride, int level, int filter,
                       uint8_t **out, size_t *out_len) {
    return cpng_encode_argb32_ex(argb, width, height, stride, CPNG_ENGINE_LIBPNG, level, filter, -1, out, out_len);
}

// MARK: - Decode

typedef struct {
    const uint8_t *data;
    size_t len, pos;
} memreader;

typedef struct {
    char *err;
    size_t errlen;
} errsink;

static void decode_error_fn(png_structp png, png_const_charp msg) {
    errsink *e = (errsink *)png_get_error_ptr(png);
    if (e && e->err && e->errlen) snprintf(e->err, e->errlen, "%s", msg);
    png_longjmp(png, 1);
}

static void mem_read(png_structp png, png_bytep dst, png_size_t n) {
    memreader *r = (memreader *)png_get_io_ptr(png);
    if (r->len - r->pos < n) png_error(png, "truncated PNG data (unexpected end of input)");
    memcpy(dst, r->data + r->pos, n);
    r->pos += n;
}

static void set_err(char *err, size_t errlen, const char *msg) {
    if (err && errlen) snprintf(err, errlen, "%s", msg);
}

int cpng_decode_rgba(const uint8_t *data, size_t len, uint8_t **rgba, int *w, int *h, char *err, size_t errlen,
                     size_t max_pixels) {
    if (!data || !rgba || !w || !h) { set_err(err, errlen, "invalid arguments"); return CPNG_ERR_ARGUMENT; }
    *rgba = NULL;
    if (len < 8 || png_sig_cmp(data, 0, 8) != 0) {
        set_err(err, errlen, len < 8 ? "not a PNG: fewer than 8 bytes" : "not a PNG: bad signature");
        return CPNG_ERR_ARGUMENT;
    }
    // libpng allocates a chunk's declared length before reading its bytes: 74 bytes declaring a
    // 1.4 GB chunk cost 1.4 GB (Fuzz/png/regressions). The whole file is here, so a chunk longer
    // than what remains of it is refused before libpng sees it. (png_set_chunk_malloc_max below
    // alone does not stop it: measured 1.37 GB RSS with it, Debian's libpng 1.6.)
    for (size_t at = 8; at + 8 <= len;) {
        uint32_t length = (uint32_t)data[at] << 24 | (uint32_t)data[at + 1] << 16 | (uint32_t)data[at + 2] << 8 | data[at + 3];
        if (length > len - at - 8 || len - at - 8 - length < 4) {
            set_err(err, errlen, "truncated PNG data (a chunk is longer than the rest of the file)");
            return CPNG_ERR_LIBPNG;
        }
        if (memcmp(data + at + 4, "IEND", 4) == 0) break;
        at += 12 + (size_t)length;
    }
    errsink sink = {err, errlen};
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &sink, decode_error_fn, warning_fn);
    if (!png) { set_err(err, errlen, "png_create_read_struct failed"); return CPNG_ERR_MEMORY; }
    png_infop info = png_create_info_struct(png);
    if (!info) { png_destroy_read_struct(&png, NULL, NULL); set_err(err, errlen, "out of memory"); return CPNG_ERR_MEMORY; }

    memreader reader = {data, len, 0};
    uint8_t *volatile pixels = NULL;
    png_bytep *volatile rows = NULL;
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_read_struct(&png, &info, NULL);
        free(pixels);
        free(rows);
        return CPNG_ERR_LIBPNG;
    }
    png_set_read_fn(png, &reader, mem_read);
    // A second bound on chunk buffers (ancillary chunks); the scan above is what refuses a chunk
    // longer than the file.
    png_set_chunk_malloc_max(png, len);
    png_set_user_limits(png, 1u << 20, 1u << 20);
    png_read_info(png, info);

    png_uint_32 width = png_get_image_width(png, info), height = png_get_image_height(png, info);
    if (max_pixels > 0 && height > 0 && (size_t)width > max_pixels / (size_t)height) {
        char text[160];
        snprintf(text, sizeof text, "the image is %u×%u pixels, more than the limit of %zu (Limits.imagePixels)",
                 (unsigned)width, (unsigned)height, max_pixels);
        png_error(png, text);
    }
    int color = png_get_color_type(png, info);
    int depth = png_get_bit_depth(png, info);
    if (color == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
    if (color == PNG_COLOR_TYPE_GRAY && depth < 8) png_set_expand_gray_1_2_4_to_8(png);
    if (png_get_valid(png, info, PNG_INFO_tRNS)) png_set_tRNS_to_alpha(png);
    if (depth == 16) png_set_scale_16(png);
    if (color == PNG_COLOR_TYPE_GRAY || color == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_gray_to_rgb(png);
    if (!(color & PNG_COLOR_MASK_ALPHA) && !png_get_valid(png, info, PNG_INFO_tRNS))
        png_set_add_alpha(png, 0xFF, PNG_FILLER_AFTER);
    png_set_interlace_handling(png);
    png_read_update_info(png, info);
    if (png_get_rowbytes(png, info) != (size_t)width * 4) png_error(png, "unsupported pixel layout after conversion");

    pixels = malloc((size_t)width * height * 4);
    rows = malloc(sizeof(png_bytep) * height);
    if (!pixels || !rows) png_error(png, "out of memory");
    for (png_uint_32 y = 0; y < height; y++) rows[y] = pixels + (size_t)y * width * 4;
    png_read_image(png, rows);
    png_read_end(png, NULL);
    png_destroy_read_struct(&png, &info, NULL);
    free(rows);
    *rgba = pixels;
    *w = (int)width;
    *h = (int)height;
    return CPNG_OK;
}
