extension IDList {
  /// Whether this build compiled in ``_checkInvariants()``: true with
  /// `-D FLOWCHECK_INTERNAL_CHECKS`, which `Package.swift` sets for debug builds.
  static var internalChecksAreCompiledIn: Bool {
    #if FLOWCHECK_INTERNAL_CHECKS
      return true
    #else
      return false
    #endif
  }

  /// Checks what a list's users rely on, through its collection interface (the storage is
  /// private to `IDList.swift`): at most ``capacity`` ids, each one that a packed state
  /// stores in 16 bits, `last` the last of them, and the list equal to a fresh list of the
  /// same ids (so nothing past the count takes part in equality) unless it overflowed.
  /// Compiled in only with `-D FLOWCHECK_INTERNAL_CHECKS`.
  /// - Complexity: O(count)
  func _checkInvariants() {
    #if FLOWCHECK_INTERNAL_CHECKS
      precondition(count >= 0 && count <= Self.capacity, "more ids than the capacity")
      for position in 0..<count {
        precondition((0...Int(UInt16.max)).contains(id(unchecked: position)), "an id beyond 16 bits")
      }
      precondition(last == (count == 0 ? nil : id(unchecked: count - 1)), "'last' is not the last id")
      precondition(overflowed || self == IDList(Array(self)), "the list is not equal to its ids")
    #endif
  }
}
