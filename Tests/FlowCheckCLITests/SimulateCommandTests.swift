import FlowLanguage
import FlowTestSupport
import Foundation
import Testing

@testable import FlowCheckCLI
@testable import FlowReport

@Suite("simulate")
struct SimulateCommandTests {
  /// The lines of `text` from the one starting with `first` up to the next blank line.
  private func block(startingWith first: String, in text: String) -> [String]? {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard let start = lines.firstIndex(of: first) else { return nil }
    let end = lines[start...].firstIndex(of: "") ?? lines.endIndex
    return Array(lines[start..<end])
  }

  /// Flows, the arguments after the file, the exit code and a line stdout must contain.
  static let outcomes: [(name: String, flow: String, options: [String], status: Int32, line: String)] = [
    ("violating", Fixture.violating, [], 1, "violation: dead-screen"),
    (
      "violating-json", Fixture.violating, ["--format", "json"], 1, "\"outcome\":\"violated\""
    ),
    ("valid", Fixture.valid, [], 0, "no violation in 100 runs of up to 100 steps (seed 0)"),
    (
      "valid-options", Fixture.valid, ["--seed", "7", "--runs", "3", "--steps", "5"], 0,
      "no violation in 3 runs of up to 5 steps (seed 7)"
    ),
    ("valid-json", Fixture.valid, ["--format=json"], 0, "\"outcome\":\"no-violation\""),
    // Walks that would never end stop at the time limit, incomplete (the run's bytes then
    // depend on the machine's speed, so only the verdict is pinned).
    (
      "time-limit", Fixture.valid, ["--runs", "1000000000", "--steps", "1000000", "--max-seconds", "0.2"], 2,
      "verdict: INCOMPLETE — time limit 0.2 s reached after"
    ),
    (
      "time-limit-json", Fixture.valid, ["--runs", "1000000000", "--max-seconds", "0.2", "--format", "json"],
      2,
      "\"outcome\":\"incomplete\""
    ),
  ]

  @Test("a violation exits 1, none exits 0", arguments: outcomes)
  func outcome(testCase: (name: String, flow: String, options: [String], status: Int32, line: String)) throws
  {
    let directory = try ScratchDirectory()
    defer { directory.remove() }
    let path = try directory.write("\(testCase.name).flow", testCase.flow)
    let run = CommandRun(["simulate", path, "--no-color"] + testCase.options)
    #expect(run.status == testCase.status, "stderr: \(run.stderr)")
    #expect(run.stdout.contains(testCase.line), "\(run.stdout)")
    #expect(run.stderr.isEmpty)
    #expect(!run.stdout.contains("VERIFIED"))
  }

  @Test("no violation says plainly that this is not verification")
  func notVerification() throws {
    let directory = try ScratchDirectory()
    defer { directory.remove() }
    let path = try directory.write("valid.flow", Fixture.valid)
    let text = CommandRun(["simulate", path])
    #expect(text.stdout.contains("\nthis is not verification: "))
    let json = CommandRun(["simulate", path, "--format", "json"])
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    #expect(object["verification"] as? Bool == false)
    #expect(object["runs"] as? Int == 100)
    #expect(object["steps"] as? Int == 100)
    #expect(object["seed"] as? Int == 0)
    #expect(object["runsMade"] as? Int == 100)
    #expect((object["violations"] as? [Any])?.isEmpty == true)
  }

  @Test("the violation is told exactly as check tells it")
  func storyAsInCheck() throws {
    let directory = try ScratchDirectory()
    defer { directory.remove() }
    let path = try directory.write("violating.flow", Fixture.violating)
    // Seed 0 happens to walk the shortest trace, so both stories tell the same steps.
    let simulated = CommandRun(["simulate", path, "--seed", "0"])
    let checked = CommandRun([path])
    let story = try #require(block(startingWith: "violation: dead-screen", in: simulated.stdout))
    #expect(story.count > 5)
    #expect(story.contains("  1. tap Home.edit"))
    #expect(block(startingWith: "violation: dead-screen", in: checked.stdout) == story)
    #expect(simulated.stdout.contains("verdict: VIOLATED — dead-screen broken in run 1 of 100 (seed 0)"))
  }

  @Test("the JSON violation has the same shape as check's")
  func jsonViolation() throws {
    let directory = try ScratchDirectory()
    defer { directory.remove() }
    let path = try directory.write("violating.flow", Fixture.violating)
    let run = CommandRun(["simulate", path, "--format", "json"])
    #expect(run.status == 1)
    #expect(run.stdout.hasSuffix("}\n"))
    #expect(run.stdout.split(separator: "\n").count == 1)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    #expect(object["schemaVersion"] as? Int == 1)
    #expect(object["command"] as? String == "simulate")
    #expect(object["exitCode"] as? Int == 1)
    let violations = try #require(object["violations"] as? [[String: Any]])
    #expect(violations.count == 1)
    let violation = try #require(violations.first)
    #expect(violation["id"] as? String == "dead-screen")
    #expect(violation["events"] as? [String] == ["tap Home.edit", "tap Editor.save"])
    #expect(violation["why"] is String)
    #expect((violation["steps"] as? [Any])?.count == 2)
  }

  @Test("the same seed gives the same bytes", arguments: ["0", "1", "42", "9223372036854775807"])
  func sameSeedSameBytes(seed: String) throws {
    let directory = try ScratchDirectory()
    defer { directory.remove() }
    let violating = try directory.write("violating.flow", Fixture.violating)
    let valid = try directory.write("valid.flow", Fixture.valid)
    for path in [violating, valid] {
      for format in ["text", "json"] {
        let arguments = ["simulate", path, "--seed", seed, "--runs", "20", "--format", format]
        let first = CommandRun(arguments)
        let second = CommandRun(arguments)
        #expect(first.status == second.status)
        #expect(first.stdout == second.stdout)
        #expect(!first.stdout.isEmpty)
      }
    }
  }

  @Test("different seeds walk differently")
  func seedsDiffer() throws {
    let directory = try ScratchDirectory()
    defer { directory.remove() }
    let path = try directory.write("violating.flow", Fixture.violating)
    let outputs = (0..<4).map {
      CommandRun(["simulate", path, "--seed", String($0), "--format", "json"]).stdout
    }
    #expect(Set(outputs).count > 1)
  }

  /// Files that never reach the simulator, and their exit codes.
  static let failures: [(name: String, flow: String?, status: Int32)] = [
    ("missing.flow", nil, 66),
    ("typo.flow", Fixture.marked(Fixture.misspelledScreen).text, 65),
    ("broken.flow", Fixture.brokenSyntax, 65),
  ]

  @Test("unreadable files and flows with errors fail as in check", arguments: failures)
  func failure(testCase: (name: String, flow: String?, status: Int32)) throws {
    let directory = try ScratchDirectory()
    defer { directory.remove() }
    let path = directory.path(testCase.name)
    if let flow = testCase.flow { try directory.write(testCase.name, flow) }
    let simulated = CommandRun(["simulate", path])
    let checked = CommandRun([path])
    #expect(simulated.status == testCase.status)
    #expect(simulated.stdout.isEmpty)
    #expect(simulated.stderr == checked.stderr)
  }

  @Test("the simulator stops at the first violation; its run is the one that found it")
  func firstViolation() throws {
    let flow = try #require(
      FrontEnd.check(source: SourceFile(path: "v.flow", text: Fixture.violating)).flow)
    var settings = SimulationSettings()
    settings.seed = 3
    let report = FlowSimulator.simulate(flow, path: "v.flow", settings: settings)
    let violation = try #require(report.violation)
    #expect(report.outcome == .violated)
    #expect(report.runsMade >= 1 && report.runsMade <= report.runs)
    #expect(violation.events.count == violation.steps.count)
    // A step that breaks a property is in the trace but not counted as taken.
    #expect(report.stepsTaken + 1 >= violation.steps.count)
  }
}
