#pragma once
#include <stddef.h>
#include <stdint.h>

/// Tokens collected before they are cut into dynamic-Huffman blocks.
#define PIXELDEFLATE_BLOCK_TOKENS 16384

/// 32-bit words of scratch memory every call needs (`scratch`): the token buffer and the match
/// finder's hash tables (fixed: 256 KiB in all). Not shared between concurrent calls.
#define PIXELDEFLATE_SCRATCH_WORDS (PIXELDEFLATE_BLOCK_TOKENS + (1 << 15) + 32768 / 2)

/// How hard the match finder looks (pixeldeflate.c `efforts`).
enum {
    /// Left pixel, row above ±3 pixels, the newest hash entry, greedy: every render.
    PIXELDEFLATE_FAST = 0,
    /// More fixed distances, 256 hash-chain links, lazy matching, pruning: golden files.
    PIXELDEFLATE_SMALL = 1
};

/// Compresses `len` bytes of PNG scanlines (`row_stride` bytes apart, 4 bytes per pixel) as a
/// zlib stream into `out` with the fast effort. Returns the stream's length, or 0 if `out_cap` is
/// too small or the rows are too short (callers then use a general compressor).
size_t pixeldeflate_zlib(const uint8_t *in, size_t len, size_t row_stride, uint8_t *out, size_t out_cap,
                         uint32_t *scratch);

/// As pixeldeflate_zlib with an effort (PIXELDEFLATE_FAST, PIXELDEFLATE_SMALL).
size_t pixeldeflate_zlib_effort(const uint8_t *in, size_t len, size_t row_stride, int effort,
                                uint8_t *out, size_t out_cap, uint32_t *scratch);

/// One band of a stream compressed on several threads (fast effort): deflate blocks (no zlib
/// header or Adler-32) for in[start ..< start + len]. in[0 ..< start] is history: the bytes just
/// before the band in the same stream, which matches may reach (within deflate's 32 KiB window).
/// The last block is final when `final` is set; otherwise the band ends byte-aligned with an
/// empty stored block (zlib's sync flush), so bands concatenate as bytes. Returns the length, 0
/// when `out_cap` is too small.
size_t pixeldeflate_band(const uint8_t *in, size_t start, size_t len, size_t row_stride, int final,
                         uint8_t *out, size_t out_cap, uint32_t *scratch);

/// The Adler-32 of A followed by B, from adler32(A), adler32(B) and B's length.
uint32_t pixeldeflate_adler32_combine(uint32_t adler1, uint32_t adler2, size_t len2);
