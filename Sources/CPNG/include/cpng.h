#pragma once
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Row filter choices; the values are libpng's PNG_FILTER_* flags, so they can be or-ed
/// (several flags = libpng's adaptive per-row choice among them).
enum {
    CPNG_FILTER_NONE = 0x08,
    CPNG_FILTER_SUB = 0x10,
    CPNG_FILTER_UP = 0x20,
    CPNG_FILTER_AVG = 0x40,
    CPNG_FILTER_PAETH = 0x80,
    CPNG_FILTER_ALL = 0xF8
};

/// zlib strategies (Z_DEFAULT_STRATEGY, Z_FILTERED, Z_HUFFMAN_ONLY, Z_RLE).
enum {
    CPNG_STRATEGY_DEFAULT = 0,
    CPNG_STRATEGY_FILTERED = 1,
    CPNG_STRATEGY_HUFFMAN = 2,
    CPNG_STRATEGY_RLE = 3
};

/// Which deflate implementation writes the IDAT stream.
enum {
    /// libpng + zlib, streaming row by row.
    CPNG_ENGINE_LIBPNG = 0,
    /// Our own rows/filtering, whole-buffer libdeflate compression, chunks written here.
    CPNG_ENGINE_LIBDEFLATE = 1,
    /// Our own rows, compressed by pixeldeflate.c (fast effort: matches at pixel-run and
    /// row-above distances and the newest repeat of a 4-byte string, dynamic Huffman); falls
    /// back to libdeflate at `level` when the rows are too short for it.
    CPNG_ENGINE_PIXEL = 2,
    /// As CPNG_ENGINE_PIXEL with pixeldeflate's small effort (more distances, hash chains, lazy
    /// matching): for files kept on disk; ~4× the time of CPNG_ENGINE_PIXEL, ~9× faster than
    /// libdeflate level 9 and about as small on widgets.
    CPNG_ENGINE_PIXEL_SMALL = 3
};

enum {
    CPNG_OK = 0,
    CPNG_ERR_ARGUMENT = 1,
    CPNG_ERR_MEMORY = 2,
    CPNG_ERR_LIBPNG = 3,
    CPNG_ERR_DEFLATE = 4,
    CPNG_ERR_TRUNCATED = 5,
    CPNG_ERR_TOO_LARGE = 6
};

/// Encodes cairo's premultiplied native-endian ARGB32 as an 8-bit straight RGBA PNG through
/// libpng (zlib `level`, `filter` = CPNG_FILTER_* flags, default strategy for the filter).
/// No time or text chunks: the same pixels always give the same bytes.
/// On success *out (free with cpng_free) and *out_len are set and 0 is returned.
int cpng_encode_argb32(const uint8_t *cairo_argb32, int width, int height, int stride,
                       int level, int filter, uint8_t **out, size_t *out_len);

/// As cpng_encode_argb32 with every knob: engine (CPNG_ENGINE_*), zlib strategy (libpng engine
/// only; -1 keeps libpng's default). With the libdeflate engine, `filter` must be a single
/// filter or CPNG_FILTER_ALL (per-row minimum-sum-of-absolute-differences choice).
int cpng_encode_argb32_ex(const uint8_t *cairo_argb32, int width, int height, int stride,
                          int engine, int level, int filter, int strategy,
                          uint8_t **out, size_t *out_len);

/// Bytes of scanlines per band in cpng_encode_argb32_bands when `bands` is 0: small enough that
/// a band's buffers stay in cache-friendly, short-lived allocations, large enough that the
/// per-band costs (a Huffman block header, an IDAT chunk, one history row) stay negligible.
#define CPNG_BAND_BYTES ((size_t)2 << 20)

/// The fast encode (unfiltered rows, pixeldeflate) of a large image on several threads: the rows
/// are cut into `bands` bands (0: bands of about CPNG_BAND_BYTES; more bands than rows: one row
/// each) compressed independently by `threads` threads (0: one per core) into one zlib stream,
/// one IDAT chunk per band. Decodes to the same pixels as cpng_encode_argb32_ex with
/// CPNG_ENGINE_PIXEL; the bytes depend on the size and `bands`, never on `threads`. The calling
/// thread works on bands itself, helped by up to `threads - 1` threads of a pool started on first
/// use (one per extra core, kept for the life of the process); each thread keeps one band's
/// scratch buffers between calls.
int cpng_encode_argb32_bands(const uint8_t *cairo_argb32, int width, int height, int stride,
                             int bands, int threads, uint8_t **out, size_t *out_len);

/// The message of the last encode error on this thread.
const char *cpng_last_error(void);

/// Decodes any PNG (palette, gray, 1–16 bit, with or without alpha, interlaced) into 8-bit
/// straight RGBA, row-major, no padding. Corrupt or truncated input returns an error code and
/// a message in `err`; it never aborts the process. An image of more than `max_pixels` pixels
/// (0: no limit) is refused from its header, and no chunk may declare more bytes than `len`.
int cpng_decode_rgba(const uint8_t *png, size_t len, uint8_t **rgba, int *w, int *h,
                     char *err, size_t errlen,
                     size_t max_pixels);

void cpng_free(void *p);

#ifdef __cplusplus
}
#endif
