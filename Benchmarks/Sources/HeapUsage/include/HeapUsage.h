#include <stddef.h>

/// Bytes the process's allocator has handed out and not yet taken back.
size_t heap_in_use(void);
