// glibc's malloc arenas, which Swift's Glibc module does not import (`malloc.h`). Inline,
// as RelaxedAtomics is, so that a build without SwiftPM (scripts/fuzz) needs only the header.
#ifndef MALLOC_ARENA_H
#define MALLOC_ARENA_H

// Any header of the C library defines __GLIBC__ where it is glibc.
#include <stdlib.h>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

// Makes every thread allocate from the main arena (`mallopt(M_ARENA_MAX, 1)`) where the C
// library is glibc; elsewhere does nothing. Call before the process starts a thread:
// glibc fixes the number of arenas when it makes its second one.
static inline void malloc_arena_share_one(void) {
#if defined(__GLIBC__)
  mallopt(M_ARENA_MAX, 1);
#endif
}

#endif
