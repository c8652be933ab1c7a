import FlowExplorer
import FlowLanguage
import FlowModel
import FlowTestSupport
import Foundation
import Testing

@testable import FlowCheckCLI
@testable import FlowReport

@Suite("Bitstate reporting")
struct BitstateReportTests {
  /// Flows checked with `--bitstate`, the exit code, and a line stdout must contain.
  static let runs: [(name: String, flow: String, options: [String], status: Int32, line: String)] = [
    (
      "partial", Fixture.valid, ["--bitstate", "20"], 2,
      "verdict: PARTIAL (bitstate, 2^20 bits): no violation among the "
    ),
    ("partial-small", Fixture.valid, ["--bitstate", "16"], 2, "estimated coverage "),
    ("violated", Fixture.violating, ["--bitstate", "20"], 1, "violation: dead-screen"),
    (
      "incomplete", Fixture.valid, ["--bitstate", "20", "--max-states", "1"], 2,
      "verdict: INCOMPLETE — state limit 1"
    ),
  ]

  @Test("bitstate never says VERIFIED; violations are still real", arguments: runs)
  func outcome(testCase: (name: String, flow: String, options: [String], status: Int32, line: String)) throws
  {
    let directory = try ScratchDirectory()
    defer { directory.remove() }
    let path = try directory.write("\(testCase.name).flow", testCase.flow)
    let run = CommandRun([path, "--no-color"] + testCase.options)
    #expect(run.status == testCase.status, "stderr: \(run.stderr)")
    #expect(run.stdout.contains(testCase.line), "\(run.stdout)")
    #expect(!run.stdout.contains("VERIFIED"))
    #expect(!run.stdout.contains(" holds"))
  }

  @Test("a partial run: per-invariant status unknown, the table size and coverage on the summary")
  func partialText() throws {
    let directory = try ScratchDirectory()
    defer { directory.remove() }
    let path = try directory.write("valid.flow", Fixture.valid)
    let run = CommandRun([path, "--bitstate", "20", "--no-color"])
    #expect(run.stdout.contains("\nbitstate hashing: 2^20 bits; estimated coverage "))
    #expect(!run.stdout.contains("fingerprint collision probability"))
    #expect(
      run.stdout.contains(
        "  shadow-sync            not violated so far (bitstate search: states may have been missed)"))
    #expect(
      run.stdout.contains("  can-return             not violated so far (not checked under bitstate hashing)")
    )
    #expect(run.stdout.contains("expectation: NOT met (expect pass)"))
    let verdict = try #require(run.stdout.split(separator: "\n").first { $0.hasPrefix("verdict: ") })
    #expect(
      verdict.wholeMatch(
        of:
          /verdict: PARTIAL \(bitstate, 2\^20 bits\): no violation among the [0-9]+ states visited; estimated coverage [0-9.]+%/
      ) != nil)
  }

  @Test("a partial run in JSON: probabilistic, estimated coverage, unknown statuses")
  func partialJSON() throws {
    let directory = try ScratchDirectory()
    defer { directory.remove() }
    let path = try directory.write("valid.flow", Fixture.valid)
    let run = CommandRun([path, "--bitstate", "20", "--format", "json"])
    #expect(run.status == 2)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    #expect(object["outcome"] as? String == "partial")
    #expect(object["exitCode"] as? Int == 2)
    #expect(object["probabilistic"] as? Bool == true)
    #expect(object["bitstateBits"] as? Int == 20)
    let coverage = try #require(object["estimatedCoverage"] as? Double)
    #expect(coverage > 0 && coverage <= 1)
    let statuses = try #require(object["verdicts"] as? [[String: Any]]).compactMap { $0["status"] as? String }
    #expect(!statuses.contains("holds"))
    #expect(statuses.contains("unknown"))

    let exact = CommandRun([path, "--format", "json"])
    let exactObject = try #require(
      try JSONSerialization.jsonObject(with: Data(exact.stdout.utf8)) as? [String: Any])
    #expect(exactObject["probabilistic"] as? Bool == false)
    #expect(exactObject["estimatedCoverage"] as? Double == 1)
    #expect(exactObject["bitstateBits"] == nil)
  }

  @Test("a violation under bitstate keeps its trace, in text and JSON")
  func violationUnderBitstate() throws {
    let directory = try ScratchDirectory()
    defer { directory.remove() }
    let path = try directory.write("violating.flow", Fixture.violating)
    let exact = CommandRun([path, "--no-color"])
    let bitstate = CommandRun([path, "--no-color", "--bitstate", "20"])
    #expect(bitstate.status == 1)
    #expect(bitstate.stdout.contains("  1. tap Home.edit"))
    let json = CommandRun([path, "--bitstate", "20", "--format", "json"])
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    #expect(object["outcome"] as? String == "violated")
    let violations = try #require(object["violations"] as? [[String: Any]])
    #expect(!violations.isEmpty)
    // The violated ids are those of the exact search.
    let ids = { (text: String) in text.split(separator: "\n").filter { $0.hasPrefix("violation: ") } }
    #expect(ids(bitstate.stdout) == ids(exact.stdout))
  }
}

/// `ReportBuilder` on made-up exploration results: the statuses follow the explorer's
/// verdicts, and nothing holds under bitstate hashing.
@Suite("Report builder verdicts")
struct ReportBuilderVerdictTests {
  static func builder() throws -> (ReportBuilder<Radianttap>, FlowSystem<Radianttap>) {
    let loaded = FrontEnd.check(source: SourceFile(path: "shop.flow", text: Self.flowText))
    let flow = try #require(loaded.flow)
    let system = FlowSystem<Radianttap>(flow: flow)
    return (ReportBuilder(flow: flow, system: system, path: "shop.flow", options: ExplorerOptions()), system)
  }

  /// A flow with a home screen (so can-return applies) and one property of each kind.
  static let flowText = """
    app Mini {
      library radianttap
      window App
      home Home
    }

    screen Home
    screen Detail

    coordinator App: NavigationCoordinator {
      root window
      start { root Home }
      on Home.open { show Detail }
    }

    always !(top == Detail && top == Home)
    reachable top == Detail

    """

  static func result(
    system: FlowSystem<Radianttap>, completion: Completion, probabilistic: Bool,
    verdict: (String) -> PropertyVerdict
  ) -> ExplorationResult<FlowAction> {
    ExplorationResult(
      states: 10, transitions: 20, cutTransitions: 0, terminalStates: 0, maxDepthReached: 3,
      levelSizes: [1, 9],
      seconds: 0.5, completion: completion, violations: [], examples: [], reached: [],
      verdicts: system.descriptors.map { verdict($0.id) }, collisionProbability: 0,
      isProbabilistic: probabilistic, estimatedCoverage: probabilistic ? 0.97 : 1, storedBytes: 100,
      peakResidentBytes: 5000, threads: 1)
  }

  /// Completion, bitstate or not, the explorer's verdict on every property (the
  /// `sometimes` one aside), and the report's outcome and status of `shadow-sync`,
  /// `can-return` and `reachable`.
  static let cases:
    [(
      name: String, completion: Completion, probabilistic: Bool, explorer: PropertyVerdict,
      outcome: CheckReport.Outcome, invariant: CheckReport.Status, canReturn: CheckReport.Status,
      reachable: CheckReport.Status
    )] = [
      ("exact, complete", .complete, false, .holds, .verified, .holds, .holds, .violated),
      (
        "exact, limit", .incomplete(reason: .states), false, .unknown, .incomplete, .unknown, .unknown,
        .unknown
      ),
      ("bitstate, complete", .complete, true, .holds, .partial, .unknown, .unknown, .unknown),
      (
        "bitstate, limit", .incomplete(reason: .depth), true, .unknown, .incomplete, .unknown, .unknown,
        .unknown
      ),
    ]

  @Test("statuses and outcome", arguments: cases)
  func statuses(
    testCase: (
      name: String, completion: Completion, probabilistic: Bool, explorer: PropertyVerdict,
      outcome: CheckReport.Outcome, invariant: CheckReport.Status, canReturn: CheckReport.Status,
      reachable: CheckReport.Status
    )
  ) throws {
    let (builder, system) = try Self.builder()
    // The explorer calls a never-reached `sometimes` violated only after a complete exact search.
    let unreached: PropertyVerdict =
      testCase.completion.isComplete && !testCase.probabilistic ? .violated : .unknown
    let result = Self.result(
      system: system, completion: testCase.completion, probabilistic: testCase.probabilistic
    ) {
      $0 == "reachable"
        ? unreached : $0 == "can-return" && testCase.probabilistic ? .unknown : testCase.explorer
    }
    let report = builder.build(result)
    let status = { (id: String) in report.verdicts.first { $0.id == id }?.status }
    // An unreached `reachable` after a complete exact search is a violation.
    let expectedOutcome: CheckReport.Outcome = testCase.reachable == .violated ? .violated : testCase.outcome
    #expect(report.outcome == expectedOutcome, "\(testCase.name)")
    #expect(status("shadow-sync") == testCase.invariant, "\(testCase.name)")
    #expect(status("can-return") == testCase.canReturn, "\(testCase.name)")
    #expect(status("reachable") == testCase.reachable, "\(testCase.name)")
    #expect(report.probabilistic == testCase.probabilistic)
    #expect(report.bytesPerState == 500)
  }

  @Test("an explorer verdict short of 'holds' is never reported as holding")
  func explorerUnknownWins() throws {
    let (builder, system) = try Self.builder()
    let result = Self.result(system: system, completion: .complete, probabilistic: false) {
      $0 == "can-return" || $0 == "reachable" ? .unknown : .holds
    }
    let report = builder.build(result)
    #expect(report.verdicts.first { $0.id == "can-return" }?.status == .unknown)
    #expect(report.verdicts.first { $0.id == "shadow-sync" }?.status == .holds)
    #expect(report.verdicts.first { $0.id == "reachable" }?.status == .unknown)
  }

  /// Limits and what the report says about them.
  static let limits: [(reason: LimitReason, isDefault: Bool, text: String)] = [
    (.memory, false, "memory limit 512 MiB reached after 10 states"),
    (.memory, true, "memory limit 512 MiB (the default, 75% of physical memory) reached after 10 states"),
    (.time, false, "time limit 2.5 s reached after 10 states"),
    (.states, false, "state limit 10 reached"),
  ]

  @Test("a limit names itself and what was covered", arguments: limits)
  func limitReason(testCase: (reason: LimitReason, isDefault: Bool, text: String)) throws {
    let (base, _) = try Self.builder()
    var options = ExplorerOptions()
    options.maxMemoryBytes = 512 << 20
    options.maxSeconds = 2.5
    options.maxStates = 10
    let builder = ReportBuilder(
      flow: base.flow, system: base.system, path: "shop.flow", options: options,
      maxMemoryIsDefault: testCase.isDefault)
    #expect(builder.describe(testCase.reason, states: 10) == testCase.text)
  }
}

@Suite("Report formatting")
struct ReportFormattingTests {
  @Test(
    "byte counts",
    arguments: [
      (0, "0 bytes"), (1, "1 byte"), (1023, "1023 bytes"), (1024, "1 KiB"), (1536, "1.5 KiB"),
      (512 << 20, "512 MiB"), (3 << 30, "3 GiB"), (1 << 40, "1 TiB"),
    ])
  func byteCount(bytes: Int, text: String) {
    #expect(ByteCount.describe(bytes) == text)
  }

  @Test(
    "percentages never round a fraction below 1 up to 100%",
    arguments: [
      (1.0, "100.0%"), (0.5, "50.0%"), (0.999, "99.9%"), (0.99999, "99.999%"), (0.9999999999, "99.999999%"),
    ])
  func percentage(fraction: Double, text: String) {
    #expect(percent(fraction) == text)
  }
}
