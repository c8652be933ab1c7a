import Foundation
import Testing

@testable import FlowCheckCLI
@testable import FlowReport

/// `check --write-baseline FILE` and `check --baseline FILE`: a team accepts the violations
/// it knows and fails only on new ones.
@Suite("baseline")
struct BaselineTests {
  /// The baseline `--write-baseline` writes for `Fixture.violating` saved as `v.flow` and
  /// checked from its directory: one entry per violation, by path, id and location.
  static let violatingBaseline = """
    {
      "format": "flowcheck-baseline",
      "schemaVersion": 1,
      "violations": [
        {
          "id": "dead-screen",
          "location": "statement 'stopChild Editing'",
          "path": "v.flow"
        },
        {
          "id": "delegate-owner",
          "location": "statement 'stopChild Editing'",
          "path": "v.flow"
        }
      ]
    }

    """

  /// A baseline holding `entries` (JSON objects) as its violations.
  static func baseline(_ entries: [String]) -> String {
    #"{"format": "flowcheck-baseline", "schemaVersion": 1, "violations": ["# + entries.joined(separator: ", ")
      + "]}\n"
  }

  @Test("--write-baseline writes each violation by path, id and location, and the run still fails")
  func writesTheBaseline() throws {
    let directory = try ScratchDirectory()
    defer { directory.remove() }
    try directory.write("v.flow", Fixture.violating)
    let run = CommandRun(
      ["check", "--quiet", directory.path("v.flow"), "--write-baseline", directory.path("b.json")],
      workingDirectory: directory.url.path)
    #expect(run.status == 1)
    #expect(try directory.read(directory.path("b.json")) == Self.violatingBaseline)
  }

  @Test(
    "a baseline names a flow relative to the run's directory, without ./",
    arguments: [
      ("/work/app/Specs/a.flow", "/work/app", "Specs/a.flow"),
      ("/work/app/Specs/a.flow", "/work/app/", "Specs/a.flow"),
      ("./Specs/a.flow", "/work/app", "Specs/a.flow"), ("././a.flow", nil, "a.flow"),
      ("/elsewhere/a.flow", "/work/app", "/elsewhere/a.flow"),
    ])
  func baselinePaths(path: String, workingDirectory: String?, expected: String) {
    #expect(CheckCommand.baselinePath(path, workingDirectory: workingDirectory) == expected)
  }

  @Test("violations the baseline holds are known and pass; the same file named otherwise matches")
  func knownViolationsPass() throws {
    let directory = try ScratchDirectory()
    defer { directory.remove() }
    try directory.write("v.flow", Fixture.violating)
    try directory.write("b.json", Self.violatingBaseline)
    do {
      let name = directory.path("v.flow")
      let run = CommandRun(
        ["check", name, "--baseline", directory.path("b.json")], workingDirectory: directory.url.path)
      #expect(run.status == 0, "\(name): \(run.stdout)")
      #expect(run.stdout.contains("violation: dead-screen (known: in the baseline)"))
      #expect(
        run.stdout.contains(
          "baseline: 2 known, 0 new, 0 fixed; every violation is in the baseline, so it does not fail the run"
        ))
    }
  }

  @Test("a violation the baseline lacks fails the run; an entry no longer found is reported as fixed")
  func newAndFixed() throws {
    let directory = try ScratchDirectory()
    defer { directory.remove() }
    try directory.write("v.flow", Fixture.violating)
    try directory.write("ok.flow", Fixture.valid)
    try directory.write(
      "b.json",
      Self.baseline([
        #"{"path": "v.flow", "id": "dead-screen", "location": "statement 'stopChild Editing'"}"#,
        #"{"path": "ok.flow", "id": "dead-screen", "location": "coordinator 'App'"}"#,
        #"{"path": "elsewhere.flow", "id": "can-return"}"#,
      ]))
    let run = CommandRun(
      [
        "check", "--quiet", directory.path("v.flow"), directory.path("ok.flow"), "--baseline",
        directory.path("b.json"),
      ], workingDirectory: directory.url.path)
    #expect(run.status == 1)
    #expect(run.stdout.contains("baseline: 1 known, 1 new, 0 fixed\n"))
    #expect(
      run.stdout.contains(
        "baseline: 0 known, 0 new, 1 fixed\n  fixed: ok.flow: dead-screen at coordinator 'App' (no longer found; "
          + "drop it with '--write-baseline')\n"))
    // An entry for a flow this run did not check is neither known nor fixed.
    #expect(!run.stdout.contains("elsewhere.flow"))

    let alone = CommandRun(
      ["check", "--quiet", directory.path("ok.flow"), "--baseline", directory.path("b.json")],
      workingDirectory: directory.url.path)
    #expect(alone.status == 0, "a fixed entry does not fail the run")
  }

  @Test("a search a limit cut still exits 2 when its violations are all known")
  func incompleteStillExitsTwo() throws {
    let directory = try ScratchDirectory()
    defer { directory.remove() }
    let deep = Fixture.violating.replacing(
      "on Editor.save { send editingDone }",
      with: "on Editor.save { send editingDone }\n  on Editor.more { show Editor }")
    try directory.write("v.flow", deep)
    try directory.write("b.json", Self.violatingBaseline)
    let options = ["check", "--quiet", directory.path("v.flow"), "--max-depth", "2"]
    let without = CommandRun(options, workingDirectory: directory.url.path)
    #expect(without.status == 1)
    #expect(without.stdout.contains("exploration incomplete"))
    let run = CommandRun(
      options + ["--baseline", directory.path("b.json")], workingDirectory: directory.url.path)
    #expect(run.status == 2)
    #expect(run.stdout.contains("baseline: 2 known, 0 new, 0 fixed"))
    // Not found by a search that stopped early is not fixed.
    try directory.write(
      "c.json", Self.baseline(Self.violatingEntries + [#"{"path": "v.flow", "id": "can-return"}"#]))
    let cut = CommandRun(
      options + ["--baseline", directory.path("c.json")], workingDirectory: directory.url.path)
    #expect(cut.status == 2)
    #expect(cut.stdout.contains("0 fixed"))
  }

  static let violatingEntries = [
    #"{"path": "v.flow", "id": "dead-screen", "location": "statement 'stopChild Editing'"}"#,
    #"{"path": "v.flow", "id": "delegate-owner", "location": "statement 'stopChild Editing'"}"#,
  ]

  /// Per format: what a known violation, a new one and a fixed entry look like.
  static let formats: [(format: String, known: String, new: String, fixed: String)] = [
    (
      "xcode", "v.flow:13:24: warning: [delegate-owner]", "v.flow:13:24: error: [dead-screen]",
      "v.flow:1:1: note: [can-return] fixed:"
    ),
    (
      "github-actions-logging",
      "::warning file=v.flow,line=13,col=24,title=flowcheck delegate-owner (in the baseline)",
      "::error file=v.flow,line=13,col=24,title=flowcheck dead-screen::",
      "::notice file=v.flow,line=1,col=1,title=flowcheck fixed can-return::"
    ),
    (
      "checkstyle", #"severity="info" message="the navigation controller"#,
      #"severity="error" message="Home is on screen"#, #"source="flowcheck.baseline-fixed""#
    ),
    (
      "junit", #"<skipped message="known violation, in the baseline: the navigation controller"#,
      #"<failure type="dead-screen""#, #"name="baseline can-return""#
    ),
    (
      #"json"#, #""baselineState":"unchanged""#, #""baselineState":"new""#,
      #""fixed":[{"id":"can-return","path":"v.flow"}]"#
    ),
    (
      "text", "violation: delegate-owner (known: in the baseline)", "baseline: 1 known, 1 new, 1 fixed",
      "fixed: v.flow: can-return"
    ),
  ]

  @Test("every format tells known, new and fixed apart", arguments: formats.indices)
  func everyFormat(index: Int) throws {
    let (format, known, new, fixed) = Self.formats[index]
    let directory = try ScratchDirectory()
    defer { directory.remove() }
    try directory.write("v.flow", Fixture.violating)
    try directory.write(
      "b.json", Self.baseline([Self.violatingEntries[1], #"{"path": "v.flow", "id": "can-return"}"#]))
    let run = CommandRun(
      ["check", directory.path("v.flow"), "--baseline", directory.path("b.json"), "--format", format],
      workingDirectory: directory.url.path)
    #expect(run.status == 1)
    #expect(run.stdout.contains(known), "\(format):\n\(run.stdout)")
    #expect(run.stdout.contains(new), "\(format):\n\(run.stdout)")
    #expect(run.stdout.contains(fixed), "\(format):\n\(run.stdout)")
  }

  @Test("SARIF gives every result a baselineState: unchanged, new or absent")
  func sarifBaselineState() throws {
    let directory = try ScratchDirectory()
    defer { directory.remove() }
    try directory.write("v.flow", Fixture.violating)
    try directory.write(
      "b.json", Self.baseline([Self.violatingEntries[1], #"{"path": "v.flow", "id": "can-return"}"#]))
    let run = CommandRun(
      ["check", directory.path("v.flow"), "--baseline", directory.path("b.json"), "--format", "sarif"],
      workingDirectory: directory.url.path)
    #expect(run.status == 1)
    let log = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    let results = try #require(((log["runs"] as? [[String: Any]])?.first?["results"]) as? [[String: Any]])
    let states = results.map { "\($0["ruleId"] ?? "")=\($0["baselineState"] ?? "missing")" }
    #expect(states == ["dead-screen=new", "delegate-owner=unchanged", "can-return=absent"])
    #expect(results.last?["level"] as? String == "note")
  }

  @Test("JSON Lines with a baseline match the schema, exit code included")
  func jsonMatchesTheSchema() throws {
    let directory = try ScratchDirectory()
    defer { directory.remove() }
    try directory.write("v.flow", Fixture.violating)
    try directory.write(
      "b.json", Self.baseline(Self.violatingEntries + [#"{"path": "v.flow", "id": "can-return"}"#]))
    let run = CommandRun(
      ["check", directory.path("v.flow"), "--baseline", directory.path("b.json"), "--format", "json"],
      workingDirectory: directory.url.path)
    #expect(run.status == 0)
    #expect(run.stdout.contains(#""exitCode":0"#))
    #expect(try JSONSchemaTests.problems(in: run.stdout) == [])
  }

  /// Malformed baselines, the error at its line and column, and the message.
  static let malformed: [(text: String, line: Int, column: Int, message: String)] = [
    (
      "{\n  \"format\": \"flowcheck-baseline\",\n  \"violations\": [,]\n}\n", 3, 18,
      "not JSON: expected a value"
    ),
    (
      #"{"schemaVersion": 1, "violations": []}"#, 1, 1,
      #"not a flowcheck baseline: no "format": "flowcheck-baseline""#
    ),
    (
      #"{"format": "flowcheck-baseline", "schemaVersion": 9, "violations": []}"#, 1, 1,
      "schema version 9 is not one this flowcheck reads (1 to 1)"
    ),
    (
      #"{"format": "flowcheck-baseline", "schemaVersion": 1, "violations": [{"path": "v.flow"}]}"#, 1, 1,
      #"violation 1 has no non-empty "path" and "id" strings"#
    ),
    (
      #"{"format": "flowcheck-baseline", "schemaVersion": 1, "violations": [{"path": "v.flow", "id": "x", "location": 3}]}"#,
      1, 1, #"violation 1: "location" is not a string"#
    ),
  ]

  @Test(
    "a malformed baseline is a positioned error with a hint, exit 65, and nothing is checked",
    arguments: malformed.indices)
  func malformedBaseline(index: Int) throws {
    let (text, line, column, message) = Self.malformed[index]
    let directory = try ScratchDirectory()
    defer { directory.remove() }
    try directory.write("v.flow", Fixture.violating)
    try directory.write("b.json", text)
    let file = directory.path("b.json")
    let run = CommandRun(
      ["check", directory.path("v.flow"), "--baseline", file], workingDirectory: directory.url.path)
    #expect(run.status == 65)
    #expect(run.stdout == "")
    #expect(
      run.stderrLines == [
        "\(file):\(line):\(column): error: \(message)",
        "\(file):\(line):\(column): note: write a baseline with 'flowcheck check FILE… --write-baseline \(file)'",
      ])
  }

  @Test("a missing baseline cannot be read (66); --runtime all and empty values are usage errors")
  func refusals() throws {
    let directory = try ScratchDirectory()
    defer { directory.remove() }
    try directory.write("v.flow", Fixture.violating)
    let missing = CommandRun(
      ["check", directory.path("v.flow"), "--baseline", directory.path("no.json")],
      workingDirectory: directory.url.path)
    #expect(missing.status == 66)
    #expect(
      missing.stderrLines.first == directory.path("no.json")
        + ":1:1: error: cannot read file: no such file or directory")
    let all = CommandRun(
      ["check", directory.path("v.flow"), "--runtime", "all", "--baseline", directory.path("b.json")],
      workingDirectory: directory.url.path)
    #expect(all.status == 64)
    #expect(all.stderrLines.first?.contains("'--runtime all' compares no baseline") == true)
    for option in ["--baseline", "--write-baseline"] {
      let empty = CommandRun(
        ["check", directory.path("v.flow"), option, ""], workingDirectory: directory.url.path)
      #expect(empty.status == 64, "\(option)")
    }
  }

  @Test("a baseline file round-trips, sorted whatever order it was given in")
  func roundTrip() throws {
    let entries = [
      Baseline.Entry(path: "b.flow", id: "can-return", property: nil, location: "coordinator 'App'"),
      Baseline.Entry(path: "a.flow", id: "always", property: "always top != Home", location: nil),
    ]
    let baseline = Baseline(entries: entries)
    #expect(baseline.entries.map(\.path) == ["a.flow", "b.flow"])
    #expect(try Baseline.parse(Array(baseline.json.utf8)) == baseline)
    #expect(
      Baseline.Entry.stableLocation("handler 'App: handle done', run in step 12")
        == "handler 'App: handle done'")
    #expect(
      Baseline.Entry.stableLocation("statement 'startChild Pay', run in step 1; step 2 ran none")
        == "statement 'startChild Pay'")
  }
}
