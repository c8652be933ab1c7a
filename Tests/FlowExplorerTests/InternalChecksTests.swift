import Testing

@testable import FlowExplorer

/// The containers' `_checkInvariants()` are compiled into test builds.
@Suite struct InternalChecksTests {
  @Test func internalChecksAreCompiledIntoTestBuilds() {
    #expect(
      internalChecksAreCompiledIn(),
      "FLOWCHECK_INTERNAL_CHECKS is off: every _checkInvariants() the tests call is empty")
  }
}
