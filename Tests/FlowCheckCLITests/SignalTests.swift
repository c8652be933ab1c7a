import FlowTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// SIGINT and SIGTERM sent to the built executable: every subcommand stops with exit 130 or
/// 143, promptly; a search reports what it found; a report's exit code is the process's;
/// and signals at random moments never abort, hang or leave a half-written file.
@Suite(.serialized) struct SignalTests {
  /// Flows for the commands to work on, made once: `big` takes any command (in a debug
  /// build) far longer than the tests wait; `medium` a few seconds; `wide` is large text.
  struct Flows {
    let directory: ScratchDirectory
    let big: String
    let medium: String
    let wide: String
    let shop = SwarmTests.root.appendingPathComponent("Specs/shop.flow").path
    let raypets = SwarmTests.root.appendingPathComponent("Specs/raypets.flow").path

    init() throws {
      directory = try ScratchDirectory()
      big = try GeneratedFlow.write(
        "big.flow", ["--coordinators", "4", "--screens", "4", "--stack", "10"], in: directory)
      medium = try GeneratedFlow.write(
        "medium.flow", ["--coordinators", "2", "--screens", "3", "--stack", "8"], in: directory)
      wide = try GeneratedFlow.write(
        "wide.flow", ["--coordinators", "60", "--screens", "30", "--wide"], in: directory)
    }
  }

  static let signals: [(Int32, String)] = [(SIGINT, "SIGINT"), (SIGTERM, "SIGTERM")]

  /// Each subcommand, busy on a large flow, gets a signal after half a second.
  static func busyCommands(_ flows: Flows) -> [(name: String, arguments: [String])] {
    [
      ("check", ["check", flows.big, "--no-progress"]),
      ("check --runtime all", ["check", flows.big, "--runtime", "all", "--no-progress"]),
      ("simulate", ["simulate", flows.big, "--runs", "1000000000", "--no-progress"]),
      ("graph", ["graph", flows.big]),
      ("tests", ["tests", flows.big, "--xcuitest", flows.directory.path("xcuitest")]),
      ("diff", ["diff", flows.big, flows.medium]),
      ("fmt", ["fmt", "--check"] + Array(repeating: flows.wide, count: 12)),
    ]
  }

  @Test(arguments: signals)
  func everySubcommandStopsPromptlyWithTheSignalsStatus(signal: Int32, name: String) throws {
    let flows = try Flows()
    defer { flows.directory.remove() }
    for command in Self.busyCommands(flows) {
      let start = Date()
      // Signalled once its handler is installed and it is at work, on a loaded machine too.
      let run = try ExecutableRun(
        command.arguments, signals: [(0.2, signal)], fromHandler: true, deadline: 20,
        directory: flows.directory)
      let seconds = Date().timeIntervalSince(start)
      #expect(run.ending == .exited(128 + signal), "\(command.name): \(run.ending)\n\(run.stderr)")
      #expect(seconds < 10, "\(command.name) took \(seconds) s to stop")
      if command.name == "check" || command.name == "simulate" {
        #expect(run.stdout.contains("verdict: INCOMPLETE — interrupted by \(name)"), "\(run.stdout)")
      } else {
        let verb = signal == SIGTERM ? "terminated" : "interrupted"
        #expect(
          run.stderr.contains("flowcheck: \(verb) by \(name); the command was stopped"), "\(run.stderr)")
      }
    }
    #expect(!FileManager.default.fileExists(atPath: flows.directory.path("xcuitest/BenchFlowTests.swift")))
  }

  /// `graph --format svg` stopped while Graphviz runs: the program is stopped too and the
  /// temporary files for it are removed (a stand-in `dot` that sleeps).
  @Test(arguments: signals)
  func aSignalDuringAnExternalToolLeavesNoProgramNorFile(signal: Int32, name: String) throws {
    let directory = try ScratchDirectory()
    defer { directory.remove() }
    let bin = directory.path("bin")
    let temporary = directory.path("tmp")
    try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
    let marker = directory.path("dot.pid")
    let dot = try directory.write("bin/dot", "#!/bin/sh\necho $$ > '\(marker)'\nexec sleep 30\n")
    #expect(chmod(dot, 0o755) == 0)
    let path = bin + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
    let run = try ExecutableRun(
      ["graph", SwarmTests.root.appendingPathComponent("Specs/shop.flow").path, "--format", "svg"],
      signals: [(0.1, signal)], readyWhen: { FileManager.default.fileExists(atPath: marker) }, deadline: 20,
      environment: ["PATH": path, "TMPDIR": temporary],
      directory: directory)
    #expect(run.ending == .exited(128 + signal), "\(run.ending)\n\(run.stderr)")
    let pid = try #require(Int32(try directory.read(marker).trimmingCharacters(in: .whitespacesAndNewlines)))
    // The stand-in was stopped: no such process any more (it was reaped).
    #expect(kill(pid, 0) != 0 && errno == ESRCH, "dot (\(pid)) still runs")
    if kill(pid, 0) == 0 { kill(pid, SIGKILL) }
    #expect(try FileManager.default.contentsOfDirectory(atPath: temporary).isEmpty)
  }

  /// The JSON report of a search a signal stopped says the status the process exits with.
  @Test(arguments: signals)
  func theJSONReportsExitCodeIsTheProcesss(signal: Int32, name: String) throws {
    let flows = try Flows()
    defer { flows.directory.remove() }
    for arguments in [
      ["check", flows.big, "--format", "json", "--no-progress"],
      ["simulate", flows.big, "--runs", "1000000000", "--format", "json", "--no-progress"],
    ] {
      let run = try ExecutableRun(
        arguments, signals: [(0.2, signal)], fromHandler: true, deadline: 20, directory: flows.directory)
      #expect(run.ending == .exited(128 + signal), "\(run.ending)\n\(run.stderr)")
      #expect(run.stdout.contains("\"exitCode\":\(128 + signal)"), "\(run.stdout)")
    }
  }

  /// A second signal ends the process at once, by its default action, while the search
  /// stopped by the first is still winding down.
  @Test(.enabled(if: ExecutableRun.catchesStopSignals(getpid()) != nil, "needs /proc to see the handler run"))
  func aSecondSignalEndsTheProcessAtOnce() throws {
    let flows = try Flows()
    defer { flows.directory.remove() }
    // The second signal goes once the handler has run for the first (both signals back to
    // their default action), which `/proc` shows.
    let run = try ExecutableRun(
      ["check", flows.big, "--no-progress", "--format", "sarif"], signals: [(0.2, SIGINT)], fromHandler: true,
      thenAfterHandled: SIGTERM, deadline: 20, directory: flows.directory)
    // Only a process that ended before the second signal reached it may exit 130.
    if run.secondSentWhileRunning {
      #expect(run.ending == .signalled(SIGTERM), "\(run.ending)\n\(run.stderr)")
    } else {
      #expect(run.ending == .exited(130), "\(run.ending)\n\(run.stderr)")
    }
  }

  /// Hundreds of runs of every subcommand, each sent SIGINT or SIGTERM at a random moment
  /// (seeded) from its start to well after small runs end: none aborts, crashes or hangs, each
  /// ends normally or with the signal's status, and `fmt --in-place` leaves its file either
  /// as it was or formatted, with no temporary file beside it.
  @Test func signalsAtRandomMomentsNeverAbortOrHang() throws {
    let flows = try Flows()
    defer { flows.directory.remove() }
    let directory = flows.directory
    // Inputs for merge and replay.
    for shard in 1...2 {
      _ = CommandRun([
        "check", flows.shop, "--swarm", "\(shard)/2", "--swarm-out", directory.path("shard-\(shard).json"),
        "--bitstate", "16", "--quiet", "--no-progress",
      ])
    }
    _ = CommandRun([
      "check", flows.raypets, "--trace-dir", directory.path("traces"), "--quiet", "--no-progress",
    ])
    let trace = try #require(
      try FileManager.default.contentsOfDirectory(atPath: directory.path("traces")).sorted().first)
    let unformatted = try directory.read(flows.medium).replacingOccurrences(of: "\n  ", with: "\n     ")
    let lanes = 4
    for lane in 0..<lanes { try directory.write("fmt-\(lane).flow", unformatted) }
    let formatted = CommandRun(["fmt", directory.path("fmt-0.flow")]).stdout

    let commands: [@Sendable (Int) -> [String]] = [
      { _ in ["check", flows.medium, "--no-progress"] },
      { _ in ["check", flows.shop, "--format", "json", "--no-progress"] },
      { _ in ["check", flows.shop, "--runtime", "all", "--no-progress"] },
      { _ in ["simulate", flows.medium, "--runs", "2000", "--no-progress"] },
      { _ in ["graph", flows.medium] },
      { _ in ["graph", flows.shop, "--states", "--format", "dot"] },
      { lane in ["tests", flows.shop, "--xcuitest", directory.path("xcuitest-\(lane)")] },
      { _ in ["diff", flows.shop, flows.raypets] },
      { _ in ["merge", directory.path("shard-1.json"), directory.path("shard-2.json")] },
      { _ in ["replay", flows.raypets, directory.path("traces/" + trace)] },
      { lane in ["fmt", "--in-place", directory.path("fmt-\(lane).flow")] },
      { _ in ["fmt", "--check", flows.wide] },
    ]
    let runsPerLane = 60
    let failures = LockedList()
    DispatchQueue.concurrentPerform(iterations: lanes) { lane in
      var random = SeededRandom(seed: 0x5167_0000 + UInt64(lane))
      for run in 0..<runsPerLane {
        let command = random.int(in: 0...(commands.count - 1))
        let arguments = commands[command](lane)
        let signal = random.chance(0.5) ? SIGINT : SIGTERM
        let delay = Double(random.int(in: 0...300)) / 1000
        let label =
          "lane \(lane) run \(run): \(arguments.joined(separator: " ")) with signal \(signal) at \(delay) s"
        do {
          let result = try ExecutableRun(
            arguments, signals: [(delay, signal)], deadline: 20, directory: directory)
          let normal: Set<Int32> = [0, 1, 2]
          if case .exited(let status) = result.ending, normal.contains(status) {
          } else if !result.endsAsSignalled(by: signal) {
            failures.append("\(label): \(result.ending)\n\(result.stderr)")
          }
          if arguments[0] == "fmt" && arguments[1] == "--in-place" {
            let text = try directory.read(arguments[2])
            if text != unformatted && text != formatted { failures.append("\(label): the file was harmed") }
            try directory.write("fmt-\(lane).flow", unformatted)
          }
        } catch {
          failures.append("\(label): \(error)")
        }
      }
    }
    #expect(
      failures.items.isEmpty, "\(failures.items.count) bad runs:\n\(failures.items.joined(separator: "\n"))")
    let leftovers = try directory.entries().filter { $0.contains(".tmp-") }
    #expect(leftovers.isEmpty, "temporary files left: \(leftovers)")
  }
}

/// A list that threads append to.
final class LockedList: @unchecked Sendable {
  // @unchecked: `storage` is only touched with `lock` held.
  private var storage: [String] = []
  private let lock = NSLock()

  func append(_ item: String) { lock.withLock { storage.append(item) } }

  var items: [String] { lock.withLock { storage } }
}
