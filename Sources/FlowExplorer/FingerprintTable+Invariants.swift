extension FingerprintTable {
  /// Checks the table's structure: the count matches the occupied slots, the load stays
  /// under three quarters, and every key is found from its home slot without crossing an
  /// empty slot. Compiled in only with `-D FLOWCHECK_INTERNAL_CHECKS`.
  /// - Complexity: O(capacity) probes.
  func _checkInvariants() {
    #if FLOWCHECK_INTERNAL_CHECKS
      precondition(capacity.nonzeroBitCount == 1, "capacity is not a power of two")
      precondition(count <= capacity - capacity / 4, "table is over three quarters full")
      var occupied = 0
      for slot in 0..<capacity {
        let key = key(atSlot: slot)
        guard key != 0 else { continue }
        occupied += 1
        precondition(find(key) != nil, "a stored fingerprint is not found from its home slot")
      }
      precondition(occupied == count, "'count' does not match the occupied slots")
    #endif
  }
}
