/// How far a search has come, as its progress observer is told it.
public struct ExplorationProgress: Sendable, Equatable {
  /// Distinct states stored so far.
  public var states: Int
  /// The depth of the level being expanded.
  public var depth: Int
  /// Nanoseconds since the search started.
  public var elapsedNanoseconds: UInt64
  /// Peak resident memory of the process in bytes (0 when unknown).
  public var peakResidentBytes: Int

  public init(states: Int, depth: Int, elapsedNanoseconds: UInt64, peakResidentBytes: Int) {
    self.states = states
    self.depth = depth
    self.elapsedNanoseconds = elapsedNanoseconds
    self.peakResidentBytes = peakResidentBytes
  }
}

/// How far a random simulation has come.
public struct SimulationProgress: Sendable, Equatable {
  /// The walk being made, counting from 1.
  public var run: Int
  /// Actions taken over all walks so far.
  public var steps: Int
  /// Nanoseconds since the simulation started.
  public var elapsedNanoseconds: UInt64

  public init(run: Int, steps: Int, elapsedNanoseconds: UInt64) {
    self.run = run
    self.steps = steps
    self.elapsedNanoseconds = elapsedNanoseconds
  }
}

/// Told a search's progress (`ExplorationProgress`, `SimulationProgress`) where it checks
/// its time limit (for the explorer, on the thread that merges its states), at most every
/// `interval` nanoseconds: for a progress line on a terminal. Observing changes nothing in
/// the search, its counts or its traces.
public final class ProgressObserver<Progress: Sendable>: Sendable, Equatable {
  /// Least nanoseconds between two reports.
  public let interval: UInt64
  private let report: @Sendable (Progress) -> Void

  public init(interval: UInt64 = 250_000_000, report: @escaping @Sendable (Progress) -> Void) {
    self.interval = interval
    self.report = report
  }

  public func observe(_ progress: Progress) { report(progress) }

  public static func == (lhs: ProgressObserver, rhs: ProgressObserver) -> Bool { lhs === rhs }
}
