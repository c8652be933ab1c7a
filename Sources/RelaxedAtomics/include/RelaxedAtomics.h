// Relaxed atomic loads and stores of 64-bit words (the fingerprints) and bytes (their marks),
// for the visited table that the merging thread writes while the expanding threads read it
// (FlowExplorer's FingerprintTable).
//
// Relaxed is enough there: a reader needs only an untorn value, either the one stored or the
// one before it, and orders nothing else by it. On x86-64 and arm64 each is one plain
// load or store; written as atomics, the concurrent accesses are not a data race.
//
// C, because the toolchain's Swift `Atomic` (the Synchronization module) needs macOS 15
// and cannot be placed on the table's mapped memory as plain words.
#ifndef RELAXED_ATOMICS_H
#define RELAXED_ATOMICS_H

#include <stdint.h>

static inline uint64_t relaxed_load_u64(const uint64_t *address) {
  return __atomic_load_n(address, __ATOMIC_RELAXED);
}

static inline void relaxed_store_u64(uint64_t *address, uint64_t value) {
  __atomic_store_n(address, value, __ATOMIC_RELAXED);
}

static inline uint8_t relaxed_load_u8(const uint8_t *address) {
  return __atomic_load_n(address, __ATOMIC_RELAXED);
}

static inline void relaxed_store_u8(uint8_t *address, uint8_t value) {
  __atomic_store_n(address, value, __ATOMIC_RELAXED);
}

#endif
