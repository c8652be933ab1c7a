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

/// Told a search's progress from the thread that merges its states, where it checks its
/// time limit, at most every `interval` nanoseconds: for a progress line on a terminal.
/// Observing changes nothing in the search, its counts or its traces.
public final class ProgressObserver: Sendable, Equatable {
  /// Least nanoseconds between two reports.
  public let interval: UInt64
  private let report: @Sendable (ExplorationProgress) -> Void

  public init(interval: UInt64 = 250_000_000, report: @escaping @Sendable (ExplorationProgress) -> Void) {
    self.interval = interval
    self.report = report
  }

  public func observe(_ progress: ExplorationProgress) { report(progress) }

  public static func == (lhs: ProgressObserver, rhs: ProgressObserver) -> Bool { lhs === rhs }
}
