// glibc's malloc arenas, which Swift's Glibc module does not import (`malloc.h`).
#ifndef MALLOC_ARENA_H
#define MALLOC_ARENA_H

// Makes every thread allocate from the main arena (`mallopt(M_ARENA_MAX, 1)`) where the C
// library is glibc; elsewhere does nothing. Call before the process starts a thread:
// glibc fixes the number of arenas when it makes its second one.
void malloc_arena_share_one(void);

#endif
