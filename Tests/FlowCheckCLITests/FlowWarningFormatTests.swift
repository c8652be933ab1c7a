import FlowTestSupport
import Foundation
import Testing

@testable import FlowCheckCLI

/// A flow's own warnings (here a screen nothing shows) reach every machine format, not only
/// standard error: a CI step that reads SARIF, Checkstyle or GitHub annotations sees them
/// at their line and column, as a warning.
@Suite struct FlowWarningFormatTests {
  /// A valid flow with `screen Unused` at 8:8, which nothing shows.
  static let flow = """
    app Mini {
      library radianttap
      window App
      home Home
    }

    screen Home
    screen Unused
    screen Detail

    coordinator App: NavigationCoordinator {
      root window
      start { root Home }
      on Home.open { show Detail }
    }

    """

  struct Case: CustomTestStringConvertible, Sendable {
    var format: String
    /// The text the format writes for the warning.
    var expected: String
    var testDescription: String { format }
  }

  static let cases = [
    Case(
      format: "github-actions-logging",
      expected: "::warning file=warn.flow,line=8,col=8,title=flowcheck screen-never-shown::"
        + "screen 'Unused' is never shown\n"),
    Case(
      format: "checkstyle",
      expected:
        #"    <error line="8" column="8" severity="warning" message="screen &apos;Unused&apos; is never shown" "#
        + #"source="flowcheck.spec.screen-never-shown"/>"#),
    Case(format: "xcode", expected: "warn.flow:8:8: warning: screen 'Unused' is never shown\n"),
  ]

  static func run(format: String) throws -> CommandRun {
    let directory = try ScratchDirectory()
    defer { directory.remove() }
    let path = try directory.write("warn.flow", TransitionsInTheirStep.flow(flow))
    // The working directory makes the paths in the output relative.
    var run = CommandRun([path, "--format", format, "--no-color"], workingDirectory: directory.url.path)
    run.stderr = run.stderr.replacing(directory.url.path + "/", with: "")
    return run
  }

  @Test(arguments: cases)
  func theWarningIsInTheOutput(_ testCase: Case) throws {
    let run = try Self.run(format: testCase.format)
    #expect(run.status == 0, "\(run.stderr)")
    // xcode's warning is the diagnostic on standard error, which Xcode reads.
    let output = testCase.format == "xcode" ? run.stderr : run.stdout
    #expect(output.contains(testCase.expected), "\(output)")
  }

  @Test func sarifHasAWarningResultAtTheScreen() throws {
    let run = try Self.run(format: "sarif")
    #expect(run.status == 0, "\(run.stderr)")
    let log = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    let runs = try #require(log["runs"] as? [[String: Any]])
    let results = try #require(runs.first?["results"] as? [[String: Any]])
    #expect(results.count == 1)
    let result = try #require(results.first)
    #expect(result["level"] as? String == "warning")
    #expect(result["ruleId"] as? String == "spec-error")
    #expect(
      (result["message"] as? [String: Any])?["text"] as? String
        == "[screen-never-shown] screen 'Unused' is never shown")
    let location = try #require(
      (result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
    #expect((location["artifactLocation"] as? [String: Any])?["uri"] as? String == "warn.flow")
    let region = try #require(location["region"] as? [String: Any])
    #expect(region["startLine"] as? Int == 8)
    #expect(region["startColumn"] as? Int == 8)
  }
}
