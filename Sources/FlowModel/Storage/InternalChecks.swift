/// Whether this build compiled in FlowModel's `_checkInvariants()`: true with `-D FLOWCHECK_INTERNAL_CHECKS`, which `Package.swift`
/// sets for debug builds. The tests assert it, so that the checks they call cannot silently
/// become empty.
func internalChecksAreCompiledIn() -> Bool {
  #if FLOWCHECK_INTERNAL_CHECKS
    return true
  #else
    return false
  #endif
}
