import Foundation
import Testing

@testable import FlowCheckCLI

/// `Specs/portable.flow`, in the portable vocabulary, under each runtime explores exactly as
/// the same app written by hand in that library's own vocabulary (`Specs/portable/NAME.flow`):
/// same states, transitions, depth, verdict of every invariant and shortest traces. And
/// `--runtime all` compares it with a real result in every column.
@Suite struct PortableFlowCheckTests {
  static let runtimes = ["radianttap", "router", "insecurity", "presenter"]

  static func report(_ arguments: [String]) throws -> [String: Any] {
    let run = CommandRun(arguments + ["--format", "json", "--no-progress"])
    #expect(run.stderr.isEmpty, "\(run.stderr)")
    return try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
  }

  /// What an exploration found, without the file's own path, positions and expectation.
  static func outcome(_ report: [String: Any]) -> String {
    let counts = ["states", "transitions", "depth", "cutTransitions", "outcome", "runtime"].map {
      "\($0)=\(report[$0].map { "\($0)" } ?? "nil")"
    }
    let verdicts = (report["verdicts"] as? [[String: Any]] ?? []).map {
      "\($0["id"] ?? "")=\($0["status"] ?? "")/\($0["traceLength"] ?? "-")"
    }
    let traces = (report["violations"] as? [[String: Any]] ?? []).map {
      "\($0["id"] ?? ""): \(($0["events"] as? [String] ?? []).joined(separator: ", "))"
    }
    return (counts + verdicts + traces).joined(separator: "\n")
  }

  @Test(arguments: runtimes)
  func theLoweredFlowExploresAsTheHandWrittenOne(runtime: String) throws {
    let portable = SpecCorpusTests.specsDirectory.appendingPathComponent("portable.flow").path
    let native = SpecCorpusTests.specsDirectory.appendingPathComponent("portable/\(runtime).flow").path
    let lowered = try Self.report([portable, "--runtime", runtime])
    let written = try Self.report([native])
    #expect(written["runtime"] as? String == runtime)
    #expect(Self.outcome(lowered) == Self.outcome(written))
  }

  @Test func everyColumnOfTheComparisonIsARealResult() throws {
    let portable = SpecCorpusTests.specsDirectory.appendingPathComponent("portable.flow").path
    let run = CommandRun([portable, "--runtime", "all", "--no-color", "--no-progress"])
    #expect(!run.stdout.contains("cannot express"), "\(run.stdout)")
    let json = CommandRun([portable, "--runtime", "all", "--format", "json"])
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    let runtimes = try #require(object["runtimes"] as? [[String: Any]])
    #expect(runtimes.map { $0["name"] as? String } == Self.runtimes)
    #expect(runtimes.map { $0["expressible"] as? Bool } == [true, true, true, true])
    let rows = try #require(object["rows"] as? [[String: Any]])
    for row in rows {
      let cells = try #require(row["cells"] as? [String: [String: Any]])
      for runtime in Self.runtimes {
        #expect(
          cells[runtime]?["status"] as? String != "cannot-express", "\(row["id"] ?? "") under \(runtime)")
      }
    }
  }

  /// Traces of a lowered flow point at the portable file's own lines.
  @Test func aViolationOfTheLoweredFlowIsLocatedInThePortableFile() throws {
    let portable = SpecCorpusTests.specsDirectory.appendingPathComponent("portable.flow").path
    let report = try Self.report([portable, "--runtime", "router"])
    let violation = try #require((report["violations"] as? [[String: Any]])?.first)
    let location = try #require(violation["location"] as? [String: Any])
    let text = try String(contentsOfFile: portable, encoding: .utf8)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let line = try #require(location["line"] as? Int)
    // The swipe-down ran no statement: the portable `startChild` that set the sheet up (step
    // 2 is the end of the sheet's presentation).
    #expect(
      location["what"] as? String == "statement 'startChild ComposeFlow', run in step 1; step 3 ran none")
    #expect(lines[line - 1].hasSuffix("{ startChild ComposeFlow }"))
    #expect(
      location["column"] as? Int == (lines[line - 1].utf8.count - "startChild ComposeFlow }".utf8.count + 1))
  }
}
