import FlowExplorer
import Foundation
import Synchronization
import Testing

@testable import FlowCheckCLI

/// The progress of `check` on standard error: a line rewritten in place on a terminal after
/// a second, a plain line every 10 s elsewhere, never on standard output.
@Suite("progress")
struct ProgressLineTests {
  /// What a progress output was given.
  final class Collected: Sendable {
    let text = Mutex("")
    var output: ProgressOutput { output(isTerminal: false) }
    func output(isTerminal: Bool) -> ProgressOutput {
      ProgressOutput(isTerminal: isTerminal) { [self] piece in text.withLock { $0 += piece } }
    }
    var value: String { text.withLock { $0 } }
  }

  static func progress(seconds: Double, states: Int = 1000) -> ExplorationProgress {
    ExplorationProgress(
      states: states, depth: 7, elapsedNanoseconds: UInt64(seconds * 1e9), peakResidentBytes: 3 << 20)
  }

  /// Five counters, 10^5 states: far more than a debug build explores in 1.5 s.
  static var counters: String {
    let names = ["a", "b", "c", "d", "e"]
    return "app Long {\n  window App\n  limits { states 1000000 }\n}\n\nscreen Home\n\n"
      + names.map { "var \($0): 0...9 = 0\n" }.joined()
      + "\ncoordinator App: NavigationCoordinator {\n  root window\n  start { root Home }\n"
      + names.map { "  on Home.\($0) { if \($0) < 9 { \($0) += 1 } else { \($0) = 0 } }\n" }.joined()
      + "}\n"
  }

  @Test("simulate shows the walks' progress too, unless turned off")
  func simulation() throws {
    let directory = try ScratchDirectory()
    defer { directory.remove() }
    let path = try directory.write("long.flow", Self.counters)
    for (extra, shows) in [([String](), true), (["--no-progress"], false)] {
      let collected = Collected()
      var stdout = ""
      var stderr = ""
      let status = FlowCheckCommand.run(
        arguments: ["simulate", path, "--runs", "1G", "--steps", "1000", "--max-seconds", "1.5"] + extra,
        environment: [:], stdout: &stdout, stderr: &stderr, isTerminal: false, stopRequest: StopRequest(),
        progress: collected.output(isTerminal: true))
      #expect(status == 2)
      #expect(collected.value.contains("flowcheck: simulate \(path): run ") == shows, "\(extra)")
      #expect(!stdout.contains("\r"))
    }
  }

  @Test("on a terminal: nothing in the first second, then one line rewritten, erased at the end")
  func terminal() {
    let collected = Collected()
    let line = ProgressLine(path: "a.flow", output: collected.output(isTerminal: true))
    line.observe(Self.progress(seconds: 0.5))
    #expect(collected.value.isEmpty)
    line.observe(Self.progress(seconds: 2, states: 5000))
    line.observe(Self.progress(seconds: 4, states: 9000))
    line.finish()
    #expect(
      collected.value
        == "\r\u{1B}[Kflowcheck: a.flow: 5000 states, depth 7, 2500 states/s, 3 MiB, 2 s"
        + "\r\u{1B}[Kflowcheck: a.flow: 9000 states, depth 7, 2250 states/s, 3 MiB, 4 s" + "\r\u{1B}[K")
  }

  @Test("in a log: a plain line every 10 s, none before, nothing to erase")
  func log() {
    let collected = Collected()
    let line = ProgressLine(path: "a.flow", output: collected.output)
    for seconds in stride(from: 0.25, through: 25, by: 0.25) { line.observe(Self.progress(seconds: seconds)) }
    line.finish()
    let lines = collected.value.split(separator: "\n")
    #expect(lines.count == 2)
    #expect(lines.first?.hasSuffix(", 10 s") == true)
    #expect(lines.last?.hasSuffix(", 20 s") == true)
    #expect(!collected.value.contains("\r"))
  }

  @Test("a quick run prints no progress, and the report is the same bytes with it or without it")
  func quickRun() throws {
    let directory = try ScratchDirectory()
    defer { directory.remove() }
    let path = try directory.write("violating.flow", Fixture.violating)
    for isTerminal in [false, true] {
      let collected = Collected()
      var stdout = ""
      var stderr = ""
      let status = FlowCheckCommand.run(
        arguments: [path, "--format", "json"], environment: [:], stdout: &stdout, stderr: &stderr,
        isTerminal: false, stopRequest: StopRequest(), progress: collected.output(isTerminal: isTerminal))
      #expect(status == 1)
      #expect(collected.value.isEmpty)
      #expect(stdout == CommandRun([path, "--format", "json"]).stdout)
    }
  }

  @Test("--quiet and --no-progress turn it off")
  func turnedOff() throws {
    let parser = InvocationParser(pathExists: { _ in false })
    guard case .check(let options) = try parser.parse(["a.flow", "--no-progress"]) else {
      Issue.record("not a check")
      return
    }
    #expect(options.noProgress)
    // A long search, stopped by its time limit after 1.5 s: on a terminal the line appears
    // after a second, unless turned off.
    let flow = Self.counters
    let directory = try ScratchDirectory()
    defer { directory.remove() }
    let path = try directory.write("long.flow", flow)
    for (extra, shows) in [([String](), true), (["--no-progress"], false), (["--quiet"], false)] {
      let collected = Collected()
      var stdout = ""
      var stderr = ""
      _ = FlowCheckCommand.run(
        arguments: [path, "--max-seconds", "1.5", "--threads", "1"] + extra, environment: [:],
        stdout: &stdout,
        stderr: &stderr, isTerminal: false, stopRequest: StopRequest(),
        progress: collected.output(isTerminal: true))
      #expect(stdout.contains("time limit 1.5 s reached"), "the search must outlast the delay")
      #expect(collected.value.contains("flowcheck: \(path): ") == shows, "\(extra)")
      #expect(!stdout.contains("\r"))
    }
  }
}
