import FlowLanguage
import Foundation
import Testing

@testable import FlowCheckCLI
@testable import FlowReport

/// `replay` and `diff` judge what `check` judges: the launch state, and a search a limit
/// stopped (incomplete, exit 2).
@Suite struct VerdictTests {
  static let options = ["--quiet", "--no-color", "--no-progress", "--threads", "1"]

  /// `Fixture.valid` with a property broken in the launch state: a trace of no steps.
  static let brokenAtLaunch = Fixture.valid.replacing("expect pass\n", with: "never onScreen(Home)\n")

  @Test func aPropertyBrokenAtLaunchHasATraceThatReproduces() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let flow = try scratch.write("launch.flow", Self.brokenAtLaunch)
    let check = CommandRun(["check", flow, "--trace-dir", scratch.path("traces")] + Self.options)
    #expect(check.status == 1, "\(check.stdout)\(check.stderr)")
    let traces = try FileManager.default.contentsOfDirectory(atPath: scratch.path("traces"))
    #expect(traces == ["launch.1.never.trace.json"])
    let trace = scratch.path("traces/" + traces[0])
    #expect(try TraceFile.parse(try scratch.read(trace)).steps == [])
    let replay = CommandRun(["replay", flow, trace, "--no-color"])
    #expect(replay.status == 1, "\(replay.stdout)")
    #expect(
      replay.stdout.contains(
        "verdict: REPRODUCED — never onScreen(Home) is broken again at launch, before any step: "))
    // After the fix the same trace does not reproduce.
    let fixed = try scratch.write("fixed.flow", Fixture.valid)
    let stale = try scratch.write("stale.json", try scratch.read(trace).replacing(flow, with: fixed))
    #expect(CommandRun(["replay", fixed, stale, "--no-color"]).status == 0)
  }

  /// A trace with steps is judged at launch too: a property now broken there reproduces
  /// before its first step.
  @Test func aLaterTraceReproducesWhenTheLaunchBreaksTheProperty() throws {
    let trace = TraceFile(
      flow: "x.flow", property: "never", propertyText: "onScreen(Home)", why: "",
      steps: [.init(action: .tap(screen: "Home", event: "open"), text: "tap Home.open")])
    let flow = try #require(
      FrontEnd.check(source: SourceFile(path: "x.flow", text: Self.brokenAtLaunch)).flow)
    let result = TraceReplay.replay(trace, on: flow)
    #expect(result.outcome == .reproduced(step: 0))
    #expect(result.events == [])
  }

  /// A new version whose check a limit stops: the diff says so and exits 2.
  @Test func aDiffOfACutSearchIsIncomplete() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let old = try scratch.write("old.flow", Fixture.valid)
    let new = try scratch.write(
      "new.flow",
      Fixture.valid.replacing("  home Home\n", with: "  home Home\n  limits { depth 1 }\n").replacing(
        "screen Detail { style formSheet }", with: "screen Detail { style formSheet }\nscreen More"
      ).replacing(
        "  on Home.open {\n", with: "  on Detail.more { show More }\n  on Home.open {\n"))
    let run = CommandRun(["diff", old, new])
    #expect(run.status == 2, "\(run.stdout)\(run.stderr)")
    #expect(
      run.stdout.contains(
        "incomplete: a limit stopped the check, so violations may be missing (1):\n  \(new): depth limit 1 reached"
      ),
      "\(run.stdout)")
    let json = CommandRun(["diff", old, new, "--format", "json"])
    #expect(json.status == 2)
    #expect(json.stdout.contains("\"incomplete\":[{\"path\":\"\(new)\",\"reason\":\"depth limit 1 reached"))
    #expect(CommandRun(["diff", old, old]).status == 0)
  }
}
