/// The one spelling of every invariant id: the checker's built-in invariants, then the
/// kinds of the flow's own properties. Reports, `expect` lines, `explain` and the invariant
/// registry all name invariants through it.
public enum InvariantID: String, CaseIterable, Sendable {
  case shadowSync = "shadow-sync"
  case finishPropagation = "finish-propagation"
  case orphanChild = "orphan-child"
  case deadScreen = "dead-screen"
  case unhandledMessage = "unhandled-message"
  case delegateOwner = "delegate-owner"
  case staleClosure = "stale-closure"
  case uikitCrash = "uikit-crash"
  case uikitNoop = "uikit-noop"
  case resultOnce = "result-once"
  case stoppedOnScreen = "stopped-on-screen"
  case registeredAfterStop = "registered-after-stop"
  case noDeadEnd = "no-dead-end"
  case canReturn = "can-return"
  case always
  case never
  case reachable

  /// The kinds of the flow's own properties (`always`, `never`, `reachable`).
  public var isFlowProperty: Bool { self == .always || self == .never || self == .reachable }
}

/// The ids an `expect violation …` line may name, in the order the documentation lists them.
public enum InvariantCatalogue {
  public static let ids: [String] = InvariantID.allCases.map(\.rawValue)
}
