extension FingerprintTable {
  /// Checks the table's structure: the capacity is a power of two that `shift` and the
  /// growth threshold follow, the load stays under three quarters, the count matches the
  /// occupied slots, every key is found from its home slot without crossing an empty slot,
  /// and marks are kept exactly when asked for, on occupied slots only. Compiled in only
  /// with `-D FLOWCHECK_INTERNAL_CHECKS`.
  /// - Complexity: O(capacity) probes.
  func _checkInvariants() {
    #if FLOWCHECK_INTERNAL_CHECKS
      precondition(capacity.nonzeroBitCount == 1, "capacity is not a power of two")
      precondition(shift == UInt64(64 - capacity.trailingZeroBitCount), "'shift' does not match the capacity")
      precondition(growthThreshold == capacity - capacity / 4, "the growth threshold is not three quarters")
      precondition(count <= capacity - capacity / 4, "table is over three quarters full")
      precondition((marks != nil) == keepsMarks, "marks are kept when not asked for, or not when asked")
      var occupied = 0
      for slot in 0..<capacity {
        let key = key(atSlot: slot)
        guard key != 0 else {
          precondition(marks.map { $0[slot] == 0 } ?? true, "an empty slot has marks")
          continue
        }
        occupied += 1
        precondition(find(key) != nil, "a stored fingerprint is not found from its home slot")
      }
      precondition(occupied == count, "'count' does not match the occupied slots")
    #endif
  }
}
