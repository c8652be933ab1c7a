extension ChunkedArray {
  /// Checks that the blocks are exactly those the count needs: one per `blockSize`
  /// elements begun. Compiled in only with `-D FLOWCHECK_INTERNAL_CHECKS`.
  /// - Complexity: O(1)
  func _checkInvariants() {
    #if FLOWCHECK_INTERNAL_CHECKS
      precondition(count >= 0, "a negative count")
      precondition(
        blocks.count == (count + Self.blockSize - 1) >> Self.blockShift, "the blocks do not match the count")
    #endif
  }
}
