extension OpenStateIndex {
  /// Checks the table against the graph's `fingerprints`: the capacity is a power of two
  /// that `shift` and the growth threshold follow, the load stays under three quarters, the
  /// count matches the occupied slots, and each node is stored once and found by its
  /// fingerprint. Compiled in only with `-D FLOWCHECK_INTERNAL_CHECKS`.
  /// - Complexity: O(capacity) probes.
  func _checkInvariants(fingerprints: ChunkedArray<UInt64>) {
    #if FLOWCHECK_INTERNAL_CHECKS
      precondition(capacity.nonzeroBitCount == 1, "capacity is not a power of two")
      precondition(shift == UInt64(64 - capacity.trailingZeroBitCount), "'shift' does not match the capacity")
      precondition(growthThreshold == capacity - capacity / 4, "the growth threshold is not three quarters")
      precondition(count <= growthThreshold, "the index is over three quarters full")
      var nodes = Bitset()
      var occupied = 0
      for slot in 0..<capacity where slots[slot] != 0 {
        occupied += 1
        let node = Int(slots[slot]) - 1
        precondition(node < fingerprints.count, "a node the graph does not have")
        precondition(!nodes.contains(node), "a node stored twice")
        nodes.insert(node)
        precondition(find(fingerprints[node], fingerprints: fingerprints) == node, "a node not found")
      }
      precondition(occupied == count, "'count' does not match the occupied slots")
    #endif
  }
}
