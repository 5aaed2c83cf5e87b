// The declaration in include/fuzzdriver.h is all this target provides; libFuzzer defines it.
#include "fuzzdriver.h"
