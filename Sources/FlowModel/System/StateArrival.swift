/// How the explorer first reached a state, by its shortest trace: where the last flow
/// statement that trace ran is written, and which state invariants the state before the last
/// step broke. A state invariant the state breaks and that one did not is broken there, at
/// that statement (`FlowSystem.site(ofBroken:in:)`), the statement a report locates it at:
/// each statement that breaks an invariant gets its own shortest trace.
public struct StateArrival: Sendable, Equatable {
  /// A byte offset in the flow's source; -1 when the trace ran no statement.
  var lastStatementAt: Int32 = -1
  /// `PackedState.failing` of the state the last step left, its state invariants' bits (the
  /// stuck bit left out); 0 for an initial state.
  var previousFailing: UInt64 = 0

  /// An initial state's: no statement, nothing broken before it.
  public init() {}

  init(lastStatementAt: Int32, previousFailing: UInt64) {
    self.lastStatementAt = lastStatementAt
    self.previousFailing = previousFailing
  }
}
