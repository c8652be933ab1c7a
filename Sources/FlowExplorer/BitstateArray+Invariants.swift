extension BitstateArray {
  /// Checks the array against its counters: the size and shift follow `log2Bits`,
  /// `setBits` is the number of bits set, each state inserted set between one and
  /// `hashCount` of them, and the estimate of missed states is a finite non-negative sum.
  /// Compiled in only with `-D FLOWCHECK_INTERNAL_CHECKS`.
  /// - Complexity: O(words)
  func _checkInvariants() {
    #if FLOWCHECK_INTERNAL_CHECKS
      precondition(wordCount == max(1, (1 << log2Bits) / 64), "the words do not hold 2^log2Bits bits")
      precondition(shift == UInt64(64 - log2Bits), "'shift' does not match log2Bits")
      var bits = 0
      for index in 0..<wordCount { bits += words[index].nonzeroBitCount }
      precondition(bits == setBits, "'setBits' does not match the bits set")
      precondition(count <= setBits && setBits <= count * hashCount, "states and bits set do not agree")
      precondition(
        estimatedMissedStates >= 0 && estimatedMissedStates.isFinite,
        "the estimate of missed states is not a sum")
    #endif
  }
}
