import FlowExplorer
import FlowReport
import StopSignals

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The executable's SIGINT and SIGTERM, handled in C (the StopSignals module) because a
/// handler may do only async-signal-safe work: the handler records the first signal and
/// gives both signals back their default action, so that a second one ends the process.
///
/// A command that polls a `StopRequest` (`check` and `simulate` explore, and stop within a
/// batch of states) reads the signal through `FlowCheckCommand.interruption` and reports
/// what it found. Every other command ends at once on the signal (`exitAtOnce`), with one
/// line on standard error and exit 130 or 143, except while it writes a file (`critical`).
public enum ProcessSignals {
  /// Installs the handlers; the executable calls it first, before any thread starts.
  public static func install() { stop_signals_install() }

  /// The first signal received, 0 while none was (and always in a process that did not
  /// `install()`).
  static var received: Int32 { Int32(stop_signals_received()) }

  /// Whether a signal now ends the process at once rather than only being recorded. Only
  /// the executable's own run switches it (`FlowCheckCommand.run` with `interruption`).
  static func exitAtOnce(_ enabled: Bool) { stop_signals_exit_at_once(enabled ? 1 : 0) }

  /// Runs `body`, which a signal must not cut short (a file half written): a signal that
  /// would end the process at once ends it when `body` returns.
  ///
  /// SIGINT and SIGTERM are blocked on the calling thread meanwhile (helper threads block
  /// them for good, `WorkerThread`): the first one's handler gives both their default
  /// action back, so a second one delivered during `body` would kill the process with the
  /// file half written. Blocked, they wait until `body` returns.
  static func critical<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result
  {
    // A signal that came meanwhile is delivered once the mask is back and, at once, ends
    // the process.
    try withStopSignalsBlocked { () throws(Failure) -> Result in
      stop_signals_enter_critical()
      defer { stop_signals_leave_critical() }
      return try body()
    }
  }
}
