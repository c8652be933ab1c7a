/// Finds an open state's node (its position among the open states of ``StateGraph``) by
/// its fingerprint.
///
/// An open-addressing table of node numbers, stored plus one (0 is an empty slot), with
/// linear probing. Keys are not stored: a slot's key is the fingerprint the graph keeps for
/// its node, so a slot is 4 bytes (5.3 to 10.7 bytes per open state) where a table of
/// fingerprints and nodes would take 12.
///
/// Stored properties are `@exclusivity(unchecked)`: one thread at a time, as for
/// ``FingerprintTable``.
@usableFromInline final class OpenStateIndex {
  @usableFromInline @exclusivity(unchecked) var slots: UnsafeMutablePointer<UInt32>
  /// Number of slots, a power of two.
  @usableFromInline @exclusivity(unchecked) var capacity: Int
  @usableFromInline @exclusivity(unchecked) var count = 0
  @usableFromInline @exclusivity(unchecked) var shift: UInt64
  @usableFromInline @exclusivity(unchecked) var growthThreshold: Int

  @inlinable init() {
    capacity = 16
    shift = 60
    growthThreshold = 12
    slots = zeroedArray(16)
  }

  deinit { releaseZeroedArray(slots, count: capacity) }

  /// Bytes of storage allocated.
  @inlinable var storedBytes: Int { capacity * MemoryLayout<UInt32>.stride }

  @inlinable @inline(__always) func home(_ fingerprint: UInt64) -> Int {
    Int(truncatingIfNeeded: (fingerprint &* 0x9E37_79B9_7F4A_7C15) >> shift)
  }

  /// Adds `node`, whose fingerprint is `fingerprints[node]` and differs from every other
  /// node's (a state is closed once).
  /// - Complexity: amortised O(1).
  @inlinable func insert(_ node: Int, fingerprints: ChunkedArray<UInt64>) {
    precondition(node < Int(UInt32.max), "more than 4294967294 open states")
    // Refused memory to grow (the search then stops at its next check), the index takes
    // what its free slots hold; it never fills its last one, which ends every probe.
    if count >= growthThreshold && !grow(fingerprints: fingerprints) {
      precondition(count < capacity - 1, "the open-state index is full and memory to grow it was refused")
    }
    place(node, fingerprint: fingerprints[node])
    count += 1
  }

  @inlinable func place(_ node: Int, fingerprint: UInt64) {
    let mask = capacity - 1
    var slot = home(fingerprint)
    while slots[slot] != 0 { slot = (slot + 1) & mask }
    slots[slot] = UInt32(node + 1)
  }

  /// The node whose fingerprint is `fingerprint`, nil when no open state has it.
  /// - Complexity: expected O(1).
  @inlinable func find(_ fingerprint: UInt64, fingerprints: ChunkedArray<UInt64>) -> Int? {
    let mask = capacity - 1
    var slot = home(fingerprint)
    while true {
      let stored = slots[slot]
      if stored == 0 { return nil }
      let node = Int(stored) - 1
      if fingerprints[node] == fingerprint { return node }
      slot = (slot + 1) & mask
    }
  }

  /// Doubles the capacity and places every node again; false, the index as it was, when
  /// the system refuses the memory (`zeroedArrayIfAvailable`).
  @usableFromInline func grow(fingerprints: ChunkedArray<UInt64>) -> Bool {
    let old = slots
    let oldCapacity = capacity
    guard let grown: UnsafeMutablePointer<UInt32> = zeroedArrayIfAvailable(oldCapacity * 2) else {
      return false
    }
    capacity *= 2
    shift -= 1
    growthThreshold = capacity - capacity / 4
    slots = grown
    for slot in 0..<oldCapacity where old[slot] != 0 {
      let node = Int(old[slot]) - 1
      place(node, fingerprint: fingerprints[node])
    }
    releaseZeroedArray(old, count: oldCapacity)
    return true
  }
}
