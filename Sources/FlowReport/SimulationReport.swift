/// What `flowcheck simulate` found: the first violation met on seeded random walks, or
/// none. Not a verification: a walk sees only the states it happens to visit.
public struct SimulationReport: Sendable {
  /// `violated` when a walk broke a property; `incomplete` when the time limit ended the
  /// walks first; `no-violation` otherwise (never `verified`).
  public enum Outcome: String, Sendable {
    case violated
    case noViolation = "no-violation"
    case incomplete

    /// 1 when a walk broke a property, 2 when the time limit ended the walks, else 0.
    public var exitCode: Int32 {
      switch self {
      case .violated: 1
      case .incomplete: 2
      case .noViolation: 0
      }
    }
  }

  /// The status the run exits with for this report: the outcome's, or for walks a signal
  /// stopped, the status a shell gives a process the signal ended (128 + signal).
  public var exitCode: Int32 { interruption.map(signalExitStatus) ?? outcome.exitCode }

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
  /// The time limit that ended the walks before they were all made, when it did.
  public var timeLimit: Double? = nil
  /// The signal that ended the walks before they were all made, when one did.
  public var interruption: Int32? = nil

  public var outcome: Outcome {
    violation != nil ? .violated : timeLimit != nil || interruption != nil ? .incomplete : .noViolation
  }

}
