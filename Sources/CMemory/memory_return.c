#include "memory_return.h"
#if defined(__GLIBC__)
#include <malloc.h>
#endif

void memory_return(void) {
#if defined(__GLIBC__)
    malloc_trim(0);
#endif
}
