// LLVMFuzzerRunDriver (declared in include/fuzzdriver.h) is libFuzzer's; this file adds only a
// weak LLVMFuzzerTestOneInput. In a debug build SwiftPM renames an executable's entry point
// (FuzzX_main, linked as `main` with --defsym) so tests can link it; the linker then also pulls
// libFuzzer's own main(), which names LLVMFuzzerTestOneInput, and fails when nothing defines it.
// Our main (FuzzHarness → LLVMFuzzerRunDriver with its own callback) is the one that runs; this
// definition only satisfies the reference, and stops loudly if it is ever called.
#include "fuzzdriver.h"
#include <stdio.h>
#include <stdlib.h>

__attribute__((weak)) int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    (void)data; (void)size;
    fputs("fuzzdriver: libFuzzer's own main ran instead of the target's (FuzzHarness.main)\n", stderr);
    abort();
}
