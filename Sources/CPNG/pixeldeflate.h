#pragma once
#include <stddef.h>
#include <stdint.h>

/// Tokens per dynamic-Huffman block; `scratch_tokens` must hold this many.
#define PIXELDEFLATE_BLOCK_TOKENS 32768

/// Compresses `len` bytes of PNG scanlines (`row_stride` bytes apart, 4 bytes per pixel) as a
/// zlib stream into `out`. Returns the stream's length, or 0 if `out_cap` is too small or the
/// rows are too long for its match distances (callers then use a general compressor).
size_t pixeldeflate_zlib(const uint8_t *in, size_t len, size_t row_stride, uint8_t *out, size_t out_cap,
                         uint32_t *scratch_tokens);
