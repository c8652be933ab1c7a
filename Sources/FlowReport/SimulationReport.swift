/// What `flowcheck simulate` found: the first violation met on seeded random walks, or
/// none. Not a verification: a walk sees only the states it happens to visit.
public struct SimulationReport: Sendable {
  /// `violated` when a walk broke a property, `no-violation` otherwise (never `verified`).
  public enum Outcome: String, Sendable {
    case violated
    case noViolation = "no-violation"

    /// 1 when a walk broke a property, else 0.
    public var exitCode: Int32 { self == .violated ? 1 : 0 }
  }

  public var path: String
  public var appName: String
  public var library: String
  public var seed: UInt64
  /// Walks asked for.
  public var runs: Int
  /// Most events per walk.
  public var steps: Int
  /// Walks made: up to and including the one that found the violation.
  public var runsMade: Int
  /// Events taken over all walks.
  public var stepsTaken: Int
  /// The first violation met, told as `check` tells it; its trace is one walk, not
  /// necessarily a shortest one.
  public var violation: CheckReport.Violation?
  /// Wall-clock seconds; not part of the printed report, which must not vary.
  public var seconds: Double

  public var outcome: Outcome { violation == nil ? .noViolation : .violated }
}
