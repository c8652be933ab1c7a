/// A canonical `FlowState` packed into one array of 16-bit words, as the model hands states
/// to the explorer one at a time. The frontier stores, and fingerprints are computed on, the
/// words' `PackedEncoding`; the explorer's own steps write that form directly.
public struct PackedState<Runtime: CoordinatorRuntime>: Hashable, Sendable {
  public var words: [UInt16] {
    didSet { fingerprint = nil }
  }
  /// Bit i set: check i of `FlowSystem.stateInvariants` fails in this state. Derived from
  /// `words`, so it takes no part in the fingerprint.
  public var failing: UInt64
  /// Truth of each of the flow's own properties, bit per property. Derived too.
  public var holds: UInt64
  /// Whether `failing` and `holds` have been computed (`FlowSystem.prepared(_:)`).
  public var isAnalysed: Bool
  /// The state the words encode, when `FlowSystem.prepared(_:)` has just unpacked it, so
  /// that `expand` does not unpack it again. Derived, and never stored in the frontier.
  public var unpacked: FlowState<Runtime>?
  /// `FlowSystem.fingerprint(of:)` of this state, when a `PackedFrontier` handed it out: it
  /// hashes the bytes it stores, which saves encoding the words again. Derived.
  public internal(set) var fingerprint: UInt64?
  /// How the explorer reached this state first, when a `PackedFrontier` handed it out: not
  /// part of the state, its fingerprint or its equality.
  public internal(set) var arrival = StateArrival()

  public init(words: [UInt16], failing: UInt64 = 0, holds: UInt64 = 0, isAnalysed: Bool = true) {
    self.words = words
    self.failing = failing
    self.holds = holds
    self.isAnalysed = isAnalysed
  }

  public static func == (lhs: PackedState<Runtime>, rhs: PackedState<Runtime>) -> Bool {
    lhs.words == rhs.words
  }
  public func hash(into hasher: inout Hasher) { hasher.combine(words) }
}
