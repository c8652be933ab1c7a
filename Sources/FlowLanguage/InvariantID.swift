/// An invariant's id as flows, reports and `explain` write it (`dead-screen`). The language
/// declares the ids every runtime shares; a runtime declares its own in its folder
/// (`extension InvariantID { public static let … }`), beside the `Invariant` value that
/// registers it.
public struct InvariantID: Hashable, Sendable, CustomStringConvertible {
  public let rawValue: String

  public init(_ rawValue: String) { self.rawValue = rawValue }

  public var description: String { rawValue }

  public static let finishPropagation = InvariantID("finish-propagation")
  public static let orphanChild = InvariantID("orphan-child")
  public static let deadScreen = InvariantID("dead-screen")
  public static let unhandledMessage = InvariantID("unhandled-message")
  public static let uikitCrash = InvariantID("uikit-crash")
  public static let uikitNoop = InvariantID("uikit-noop")
  public static let noDeadEnd = InvariantID("no-dead-end")
  public static let canReturn = InvariantID("can-return")
  public static let always = InvariantID("always")
  public static let never = InvariantID("never")
  public static let reachable = InvariantID("reachable")

  /// The ids of the invariants every runtime shares, in report order: what a flow's
  /// `expect violation` may name when its caller gives the front end no runtime's own.
  public static let shared: [InvariantID] = [
    .finishPropagation, .orphanChild, .deadScreen, .unhandledMessage, .uikitCrash, .uikitNoop, .noDeadEnd,
    .canReturn, .always, .never, .reachable,
  ]
}
