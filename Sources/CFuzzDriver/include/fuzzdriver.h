#ifndef WIDGETSHOT_FUZZDRIVER_H
#define WIDGETSHOT_FUZZDRIVER_H

#include <stddef.h>
#include <stdint.h>

/// libFuzzer's entry point for programs with a `main` of their own (compiler-rt's
/// FuzzerInterface.h). It exists only in builds linked with `-sanitize=fuzzer`, so FuzzSupport
/// calls it only when compiled with `-D FUZZING`.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*one_input)(const uint8_t *data, size_t size));

#endif
