#include "MallocArena.h"

// Any header of the C library defines __GLIBC__ where it is glibc.
#include <stdlib.h>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

void malloc_arena_share_one(void) {
#if defined(__GLIBC__)
  mallopt(M_ARENA_MAX, 1);
#endif
}
