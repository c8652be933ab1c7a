extension LocalValues {
  /// Whether this build compiled in ``_checkInvariants()``: true with
  /// `-D FLOWCHECK_INTERNAL_CHECKS`, which `Package.swift` sets for debug builds.
  static var internalChecksAreCompiledIn: Bool {
    #if FLOWCHECK_INTERNAL_CHECKS
      return true
    #else
      return false
    #endif
  }

  /// Checks what a coordinator's locals rely on, through the collection interface (the
  /// storage is private to `LocalValues.swift`): at most ``capacity`` values, each within
  /// the 16 bits a packed state stores, and the values equal to a fresh list of the same
  /// values (so nothing past the count takes part in equality). Compiled in only with
  /// `-D FLOWCHECK_INTERNAL_CHECKS`.
  /// - Complexity: O(count)
  func _checkInvariants() {
    #if FLOWCHECK_INTERNAL_CHECKS
      precondition(count >= 0 && count <= Self.capacity, "more values than the capacity")
      precondition(allSatisfy { Int(Int16.min)...Int(Int16.max) ~= $0 }, "a value beyond 16 bits")
      precondition(self == LocalValues(Array(self)), "the values are not equal to a fresh copy")
    #endif
  }
}
