#ifndef WIDGETSHOT_MEMORY_RETURN_H
#define WIDGETSHOT_MEMORY_RETURN_H

/// Gives freed heap memory back to the system (glibc's malloc_trim; nothing elsewhere).
/// Swift's Glibc module does not export <malloc.h>.
void memory_return(void);

#endif
