import FlowExplorer
import FlowReport
import Synchronization

/// Where `check` writes its progress: standard error, and whether it is a terminal. Tests
/// give a closure that collects the text.
public struct ProgressOutput: Sendable {
  public var isTerminal: Bool
  public var write: @Sendable (String) -> Void

  public init(isTerminal: Bool, write: @escaping @Sendable (String) -> Void) {
    self.isTerminal = isTerminal
    self.write = write
  }
}

/// The progress of one file's exploration or simulation on standard error, never on
/// standard output, so that a long run is not silent and the report's bytes stay the same:
///
/// - on a terminal, once the search has run a second, one line rewritten in place (carriage
///   return, erase line) and erased before the report is printed;
/// - otherwise (a CI log), a plain line every 10 seconds, the first after 10 seconds.
///
/// `flowcheck: Specs/shop.flow: 1234567 states, depth 17, 98765 states/s, 512 MiB, 12 s`, or
/// `flowcheck: simulate Specs/shop.flow: run 812 of 10000, 81200 steps, 12 s`.
final class ProgressLine: Sendable {
  /// The terminal's line appears after this long, so that quick runs print nothing.
  static let terminalDelay: UInt64 = 1_000_000_000
  /// Between two lines of a log.
  static let logInterval: UInt64 = 10_000_000_000

  let path: String
  let output: ProgressOutput
  /// When the last line was written (nanoseconds since the search started), and whether a
  /// terminal line is showing; only the search's merging thread writes them.
  private let lastWritten = Atomic<UInt64>(0)
  private let showing = Atomic<Bool>(false)

  init(path: String, output: ProgressOutput) {
    self.path = path
    self.output = output
  }

  /// The observer to hand to the search; it reports four times a second at most.
  var observer: ProgressObserver<ExplorationProgress> {
    ProgressObserver(interval: 250_000_000) { [self] progress in observe(progress) }
  }

  /// The observer to hand to the random walks of `simulate`, given the walks asked for.
  func simulationObserver(runs: Int) -> ProgressObserver<SimulationProgress> {
    ProgressObserver(interval: 250_000_000) { [self] progress in
      show(elapsed: progress.elapsedNanoseconds, Self.text(path: path, progress, runs: runs))
    }
  }

  func observe(_ progress: ExplorationProgress) {
    show(elapsed: progress.elapsedNanoseconds, Self.text(path: path, progress))
  }

  /// Writes `text` when it is time to: after the delay on a terminal, every 10 s in a log.
  private func show(elapsed: UInt64, _ text: @autoclosure () -> String) {
    if output.isTerminal {
      guard elapsed >= Self.terminalDelay else { return }
      output.write("\r\u{1B}[K" + text())
      showing.store(true, ordering: .relaxed)
    } else {
      let next = lastWritten.load(ordering: .relaxed) + Self.logInterval
      guard elapsed >= next else { return }
      lastWritten.store(elapsed - elapsed % Self.logInterval, ordering: .relaxed)
      output.write(text() + "\n")
    }
  }

  /// Erases the terminal's line, before anything else is printed.
  func finish() {
    if showing.exchange(false, ordering: .relaxed) { output.write("\r\u{1B}[K") }
  }

  static func text(path: String, _ progress: ExplorationProgress) -> String {
    let seconds = Double(progress.elapsedNanoseconds) / 1e9
    let speed = seconds > 0 ? Int((Double(progress.states) / seconds).rounded()) : 0
    return "flowcheck: \(path): \(progress.states) states, depth \(progress.depth), \(speed) states/s, "
      + "\(ByteCount.describe(progress.peakResidentBytes)), \(Int(seconds)) s"
  }

  static func text(path: String, _ progress: SimulationProgress, runs: Int) -> String {
    let seconds = Int(Double(progress.elapsedNanoseconds) / 1e9)
    return
      "flowcheck: simulate \(path): run \(progress.run) of \(runs), \(progress.steps) steps, \(seconds) s"
  }
}
