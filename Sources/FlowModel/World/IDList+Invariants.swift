extension IDList {
  /// Checks that the count stays within ``capacity``: the storage and its `UInt8` count are
  /// private to `IDList.swift`, and through the collection interface this is the one
  /// structural invariant a bug could break (the ids are stored in 16 bits, so they cannot
  /// be out of range, and every read goes to the same storage). Compiled in only with
  /// `-D FLOWCHECK_INTERNAL_CHECKS`.
  /// - Complexity: O(1)
  func _checkInvariants() {
    #if FLOWCHECK_INTERNAL_CHECKS
      precondition(count >= 0 && count <= Self.capacity, "more ids than the capacity")
    #endif
  }
}
