#include "HeapUsage.h"

#if defined(__APPLE__)
#include <malloc/malloc.h>

size_t heap_in_use(void) {
    malloc_statistics_t statistics;
    malloc_zone_statistics(NULL, &statistics);
    return statistics.size_in_use;
}
#else
#include <malloc.h>

size_t heap_in_use(void) {
    return mallinfo2().uordblks;
}
#endif
