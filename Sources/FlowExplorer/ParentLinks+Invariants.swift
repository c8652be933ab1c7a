extension ParentLinks {
  /// Checks the encoding: one whole parent per block of 64 states begun, a step of 0 at the
  /// start of each block, a parent kept aside exactly for the other states whose step says
  /// 255, and `lastParent` the parent of the last state. Compiled in only with
  /// `-D FLOWCHECK_INTERNAL_CHECKS`.
  /// - Complexity: O(count)
  func _checkInvariants() {
    #if FLOWCHECK_INTERNAL_CHECKS
      steps._checkInvariants()
      blockParents._checkInvariants()
      precondition(blockParents.count == (count + 63) / 64, "not one whole parent per block of 64 states")
      var marked = 0
      for state in 0..<count {
        if state & 63 == 0 {
          precondition(steps[state] == 0, "a block's first state has a step")
        } else if steps[state] == 255 {
          marked += 1
          precondition(exceptions[state] != nil, "a step says 255 but no parent is kept aside")
        }
      }
      precondition(exceptions.count == marked, "a parent kept aside for a state whose step is not 255")
      if count > 0 { precondition(self[count - 1] == lastParent, "'lastParent' is not the last state's") }
    #endif
  }
}
