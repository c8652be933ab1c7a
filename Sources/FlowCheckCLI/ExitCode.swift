import FlowReport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The process exit status of a `flowcheck` run, in the sysexits(3) tradition.
///
/// Every outcome of every subcommand ends as one of these; `CommandFailure.report` is the
/// one place where failures become output and a code.
public enum ExitCode: Int32, Sendable, CaseIterable {
  /// Every property holds (or, for `fmt --check`, every file is formatted; for `simulate`,
  /// no walk broke a property, which proves nothing).
  case verified = 0
  /// A property is violated (or, for `fmt --check`, a file is not formatted).
  case violated = 1
  /// A limit (depth, states, time, memory) was hit before exploration finished, or a
  /// bitstate search found no violation (partial: states may have been missed).
  case incomplete = 2
  /// The command line is wrong: unknown option, bad value, missing file argument.
  case usage = 64
  /// A `.flow` file has errors.
  case flowHasErrors = 65
  /// A file cannot be read (missing, a directory, no permission) or written back.
  case cannotRead = 66
  /// SIGINT stopped the check (128 + 2, as a shell reports a process the signal ended).
  case interrupted = 130
  /// SIGTERM stopped the check (128 + 15).
  case terminated = 143

  /// The status of a run a signal stopped: `terminated` for SIGTERM, else `interrupted`
  /// (`signalExitStatus`, which the reports' `exitCode` also uses).
  init(signal: Int32) {
    self = ExitCode(rawValue: signalExitStatus(signal)) ?? .interrupted
  }

  /// How bad an outcome is when several files are checked in one run: the worst wins.
  private var rank: Int {
    switch self {
    case .verified: 0
    case .incomplete: 1
    case .violated: 2
    case .flowHasErrors: 3
    case .cannotRead: 4
    case .usage: 5
    case .interrupted, .terminated: 6
    }
  }

  /// The worse of two outcomes; a run over several files exits with the worst of them.
  public func combined(with other: ExitCode) -> ExitCode {
    other.rank > rank ? other : self
  }
}
