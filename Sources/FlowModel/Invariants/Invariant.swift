import FlowLanguage

/// One invariant as a value: its id, where reports list it, how it is checked, which
/// runtimes check it, what a report says where it does not apply, and its `explain` text.
/// Registered once: the shared ones in `InvariantRegistry`, a runtime's own in its folder.
public struct Invariant: Sendable {
  /// How an invariant is checked.
  public enum Kind: String, Sendable {
    /// During a step (a UIKit rule, a lost tap, a message nobody handles).
    case step
    /// On every quiescent state.
    case state
    /// On the explored graph (`can-return`).
    case graph
    /// The flow's own `always`, `never` and `reachable`.
    case flowProperty
  }

  public let id: InvariantID
  /// Where reports, `explain`, `expect` suggestions and the docs list it: lowest first. The
  /// shared invariants are ranked in tens; a runtime's own takes a free number between.
  public let rank: Int
  public let kinds: [Kind]
  /// The names of the runtimes that check it; nil for every runtime.
  public let runtimes: [String]?
  /// The note of a report whose runtime does not check it, or that lacks what it needs.
  public let whenAbsent: @Sendable (_ runtime: String) -> String
  public let explanation: InvariantExplanation

  public init(
    _ id: InvariantID, rank: Int, kinds: [Kind], runtimes: [String]?,
    whenAbsent: @escaping @Sendable (_ runtime: String) -> String = { "not checked under runtime '\($0)'" },
    explanation: InvariantExplanation
  ) {
    self.id = id
    self.rank = rank
    self.kinds = kinds
    self.runtimes = runtimes
    self.whenAbsent = whenAbsent
    self.explanation = explanation
  }

  /// Whether the runtime named `runtime` checks it.
  public func applies(to runtime: String) -> Bool { runtimes?.contains(runtime) ?? true }
}

/// What `flowcheck explain ID` prints for one invariant.
public struct InvariantExplanation: Sendable {
  /// When the invariant holds, in one line.
  public let holdsWhen: String
  public let whatItChecks: String
  public let whyItMatters: String
  public let typicalCause: String
  public let howToFix: String

  public init(
    holdsWhen: String, whatItChecks: String, whyItMatters: String, typicalCause: String, howToFix: String
  ) {
    self.holdsWhen = holdsWhen
    self.whatItChecks = whatItChecks
    self.whyItMatters = whyItMatters
    self.typicalCause = typicalCause
    self.howToFix = howToFix
  }
}
