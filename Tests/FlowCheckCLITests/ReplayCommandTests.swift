import Foundation
import Testing

@testable import FlowCheckCLI
@testable import FlowReport

/// `check --trace-dir` and `flowcheck replay`: every trace of every spec replays and
/// reproduces its violation; the trace of a bug replayed on its documented fix does not; a
/// trace survives an edit of the flow that does not touch what it names. The trace files and
/// the replays are pinned in `GoldenReplay/` (re-record with `FLOWCHECK_RECORD_GOLDEN=1`).
@Suite struct ReplayCommandTests {
  static let goldenDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("GoldenReplay")
  static let root = SpecCorpusTests.specsDirectory.deletingLastPathComponent().path + "/"

  /// Runs `check --trace-dir` on `spec` into `scratch`; returns the trace files' paths, sorted.
  static func traces(of spec: String, in scratch: ScratchDirectory) throws -> [String] {
    let run = CommandRun([spec, "--quiet", "--no-color", "--trace-dir", scratch.path("traces")])
    #expect(run.stderr.isEmpty, "\(spec): \(run.stderr)")
    guard FileManager.default.fileExists(atPath: scratch.path("traces")) else { return [] }
    return try FileManager.default.contentsOfDirectory(atPath: scratch.path("traces")).sorted()
      .map { scratch.path("traces/" + $0) }
  }

  /// Every trace of every spec reproduces its violation (exit 1), and the trace files and
  /// replays match their golden file.
  @Test(arguments: SpecCorpusTests.specs)
  func everyTraceReproducesItsViolation(spec: String) throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let traces = try Self.traces(of: spec, in: scratch)
    let check = CommandRun([spec, "--format", "json", "--threads", "1"])
    let violations = SpecCorpusTests.violationLines(CommandRun([spec, "--no-color"]).stdout)
    if check.status != 1 {
      #expect(traces.isEmpty, "\(spec) passes but wrote traces")
      return
    }
    #expect(
      !traces.isEmpty || violations.allSatisfy { $0.contains("reachable") }, "\(spec): no trace written")
    var golden = ""
    for trace in traces {
      let replay = CommandRun(["replay", spec, trace, "--no-color"])
      #expect(replay.status == 1, "\(trace): \(replay.stdout)\(replay.stderr)")
      #expect(replay.stdout.contains("\nverdict: REPRODUCED"), "\(trace): \(replay.stdout)")
      let name = String(trace.split(separator: "/").last!)
      golden += "==> \(name) <==\n" + (try scratch.read(trace)) + replay.stdout
    }
    golden = golden.replacing(scratch.path("traces") + "/", with: "").replacing(Self.root, with: "")
    try Self.expectGolden(golden, for: spec, skipEmpty: true)
  }

  static func expectGolden(_ actual: String, for spec: String, skipEmpty: Bool) throws {
    let url = goldenDirectory.appendingPathComponent(GoldenReportTests.relativePath(spec) + ".replay")
    if actual.isEmpty && skipEmpty {
      #expect(!FileManager.default.fileExists(atPath: url.path), "a golden file for a spec without traces")
      return
    }
    if GoldenReportTests.recording {
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(actual.utf8).write(to: url)
      return
    }
    let expected = try #require(
      try? String(decoding: Data(contentsOf: url), as: UTF8.self),
      "no golden file \(url.path): record it with FLOWCHECK_RECORD_GOLDEN=1")
    #expect(
      actual == expected, "\(GoldenReportTests.relativePath(spec)) replays differ from their golden file")
  }

  /// Every bug spec and its fixed twin (`SpecCorpusTests.bugsAndTwins`), and RayPets.
  static let fixes: [(bug: String, fixed: String)] =
    SpecCorpusTests.bugsAndTwins + [("raypets.flow", "raypets-fixed.flow")]

  /// After the documented fix, no trace of the bug reproduces (exit 0), except a trace of a
  /// property the fix's own `expect` line still names (a false alarm of the model that the
  /// twin's comment explains). A bug whose only violation is a `reachable` that never holds
  /// has no trace: its fix passes.
  @Test(arguments: zip(fixes.map(\.bug), fixes.map(\.fixed)))
  func aFixedSpecDoesNotReproduceTheBugsTraces(bug: String, fixed: String) throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let specs = SpecCorpusTests.specsDirectory
    let (bugPath, fixedPath) = (
      specs.appendingPathComponent(bug).path, specs.appendingPathComponent(fixed).path
    )
    let traces = try Self.traces(of: bugPath, in: scratch)
    if traces.isEmpty {
      let violations = SpecCorpusTests.violationLines(CommandRun([bugPath, "--no-color"]).stdout)
      #expect(!violations.isEmpty && violations.allSatisfy { $0.hasPrefix("violation: reachable") })
      #expect(CommandRun([fixedPath, "--no-color"]).status == 0)
    }
    let stillExpected = Self.expectedViolations(try scratch.read(fixedPath))
    for trace in traces {
      let property = trace.split(separator: "/").last!.split(separator: ".").dropLast(2).last.map(String.init)
      if let property, stillExpected.contains(property) { continue }
      let replay = CommandRun(["replay", specs.appendingPathComponent(fixed).path, trace, "--no-color"])
      #expect(replay.status == 0, "\(trace) on \(fixed): \(replay.stdout)")
      #expect(replay.stdout.contains("\nverdict: NOT REPRODUCED"), "\(replay.stdout)")
    }
  }

  /// The ids an `expect violation …` line of `text` names; none for another expectation.
  static func expectedViolations(_ text: String) -> Set<String> {
    guard
      let line = text.split(separator: "\n").first(where: {
        $0.trimmingPrefix(while: \.isWhitespace).hasPrefix("expect violation ")
      })
    else { return [] }
    let ids = line.split(separator: "//").first!.trimmingPrefix(while: \.isWhitespace)
      .dropFirst("expect violation ".count)
    return Set(ids.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
  }

  /// Events by name: a screen and an event added to the flow, which shift every index, leave
  /// the trace as it was.
  @Test func aTraceSurvivesAnUnrelatedEdit() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let spec = SpecCorpusTests.specsDirectory.appendingPathComponent(
      "bugs/class9-double-tap-presents-twice.flow")
    let traces = try Self.traces(of: spec.path, in: scratch)
    let original = try scratch.read(spec.path)
    let edited = try scratch.write(
      "edited.flow",
      original.replacing("screen Home\n", with: "screen About\nscreen Home\n")
        .replacing("  on Home.buy", with: "  on Home.about { present About }\n  on Home.buy"))
    #expect(try scratch.read(edited) != original)
    let replay = CommandRun(["replay", edited, traces[0], "--no-color"])
    #expect(replay.status == 1, "\(replay.stdout)\(replay.stderr)")
  }

  /// A step whose screen or event is gone: the step is named, with the events possible there.
  @Test func aStepThatNoLongerAppliesIsNamed() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let trace = TraceFile(
      flow: "shop.flow", property: "shadow-sync", propertyText: nil, why: "",
      steps: [.init(action: .tap(screen: "Nowhere", event: "go"), text: "tap Nowhere.go")])
    let path = try scratch.write("t.trace.json", trace.json)
    let spec = SpecCorpusTests.specsDirectory.appendingPathComponent("shop.flow").path
    let replay = CommandRun(["replay", spec, path, "--no-color"])
    #expect(replay.status == 0)
    let verdict = replay.stdout.split(separator: "\n").last.map(String.init) ?? ""
    #expect(verdict.hasPrefix("verdict: NOT REPRODUCED — the trace no longer applies at step 1 of 1: "))
    #expect(
      verdict.hasSuffix("(possible: tap Home.browse, tap Home.openCart, tap Home.signIn)"), "\(verdict)")
  }

  @Test func aTraceFileReadsBackAsWritten() throws {
    let steps: [TraceFile.Step] = [
      .init(action: .tap(screen: "A", event: "b"), text: "tap A.b"),
      .init(action: .gesture(.backButton(from: "A")), text: "back"),
      .init(action: .gesture(.swipeBack(from: "A", completes: false)), text: "swipe"),
      .init(action: .gesture(.backMenu(to: "A", index: 1)), text: "menu"),
      .init(action: .gesture(.swipeDown(sheet: "S \"quoted\" é")), text: "down"),
      .init(action: .gesture(.selectTab(tab: "T", index: 2, reselect: true)), text: "tab"),
      .init(action: .gesture(.animationEnds(sheet: "S", dismissal: true)), text: "ends"),
      .init(action: .appEvent(name: "logout"), text: "logout"),
      .init(action: .completion(task: "load", coordinator: "C"), text: "load"),
      .init(action: .library("timer fires"), text: "timer"),
    ]
    let trace = TraceFile(
      flow: "x.flow", property: "always", propertyText: "depth < 3", why: "w\n", steps: steps)
    #expect(try TraceFile.parse(trace.json) == trace)
  }

  @Test(arguments: [
    ("{", "not JSON: expected a key in quotes", 1, 2),
    ("{\"format\": \"other\"}", "not a flowcheck trace: no \"format\": \"flowcheck-trace\"", 1, 1),
    (
      "{\"format\": \"flowcheck-trace\", \"schemaVersion\": 9}",
      "schema version 9 is newer than this flowcheck reads (1)", 1, 1
    ),
    (
      "{\"format\": \"flowcheck-trace\",\n \"schemaVersion\": 1,\n \"x\": tru}", "not JSON: expected a value",
      3, 7
    ),
  ])
  func aFileThatIsNotATraceIsAPositionedError(text: String, message: String, line: Int, column: Int) throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let path = try scratch.write("bad.json", text)
    let spec = SpecCorpusTests.specsDirectory.appendingPathComponent("shop.flow").path
    let replay = CommandRun(["replay", spec, path, "--no-color"])
    #expect(replay.status == 65)
    #expect(replay.stderrLines.first == "\(path):\(line):\(column): error: \(message)")
    #expect(replay.stderrLines.last?.contains("note: write trace files with") == true)
  }

  @Test func replayNeedsAFlowAndATrace() {
    let run = CommandRun(["replay", "x.flow"])
    #expect(run.status == 64)
    #expect(run.stderrLines.first == "Error: missing expected argument '<trace>'")
    #expect(CommandRun(["replay", "a", "b", "c"]).status == 64)
  }

  /// A rerun after the fix removes the flow's old traces from the directory, and only them:
  /// another flow's traces, the traces of a flow of the same name elsewhere, a file named as
  /// a trace that is none, and other files stay.
  @Test func aRerunRemovesTheTracesOfViolationsNoLongerFound() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let specs = SpecCorpusTests.specsDirectory
    let bug = try String(contentsOf: specs.appendingPathComponent("raypets.flow"), encoding: .utf8)
    let edited = try scratch.write("raypets.flow", bug)
    let stale = try Self.traces(of: edited, in: scratch)
    #expect(!stale.isEmpty)
    let elsewhere = try String(contentsOfFile: stale[0], encoding: .utf8).replacing(
      "\"flow\": \"\(edited)\"", with: "\"flow\": \"other/raypets.flow\"")
    let keep = [
      try scratch.write("traces/notes.txt", "mine"),
      try scratch.write("traces/shop.1.orphan-child.trace.json", "{}"),
      try scratch.write("traces/raypets.draft.trace.json", "{}"),
      try scratch.write("traces/raypets.9.shadow-sync.trace.json", "{}"),
      try scratch.write("traces/raypets.8.shadow-sync.trace.json", elsewhere),
    ]
    // The fixed flow under the bug's file name, as after editing the file.
    let fixed = try String(contentsOf: specs.appendingPathComponent("raypets-fixed.flow"), encoding: .utf8)
    try scratch.write("raypets.flow", fixed)
    let run = CommandRun([edited, "--quiet", "--no-color", "--trace-dir", scratch.path("traces")])
    #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
    let left = try FileManager.default.contentsOfDirectory(atPath: scratch.path("traces")).sorted()
    #expect(left == keep.map { String($0.split(separator: "/").last!) }.sorted())
  }

  /// A trace directory that cannot be made is an error on its path (66), after the report.
  @Test func anUnwritableTraceDirectoryExits66() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let file = try scratch.write("plain", "")
    let spec = SpecCorpusTests.specsDirectory.appendingPathComponent("raypets.flow").path
    let run = CommandRun([spec, "--quiet", "--no-color", "--trace-dir", file + "/traces"])
    #expect(run.status == 66)
    #expect(run.stdout.contains("verdict: VIOLATED"))
    #expect(run.stderrLines.first == "\(file)/traces:1:1: error: cannot write file: not a directory")
  }

  @Test func anUnreadableTraceExits66() {
    let spec = SpecCorpusTests.specsDirectory.appendingPathComponent("shop.flow").path
    let run = CommandRun(["replay", spec, "/nonexistent/t.json"])
    #expect(run.status == 66)
  }
}
