extension ActionPositions {
  /// Checks that the positions kept aside are exactly those of the states whose byte says
  /// 255, and are from 255 up. Compiled in only with `-D FLOWCHECK_INTERNAL_CHECKS`.
  /// - Complexity: O(count)
  func _checkInvariants() {
    #if FLOWCHECK_INTERNAL_CHECKS
      bytes._checkInvariants()
      var marked = 0
      for state in 0..<count where bytes[state] == 255 {
        marked += 1
        precondition(large[state] != nil, "a byte says 255 but no position is kept aside")
      }
      precondition(large.count == marked, "a position kept aside for a state whose byte is not 255")
      precondition(large.values.allSatisfy { $0 >= 255 }, "a position below 255 kept aside")
    #endif
  }
}
