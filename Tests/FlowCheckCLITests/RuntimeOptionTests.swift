import Foundation
import Testing

@testable import FlowCheckCLI

/// `check --runtime NAME|all`: NAME overrides the flow's `library`; `all` prints the table
/// invariant × runtime, pinned for `Specs/portable.flow` in `GoldenRuntimes/`.
///
/// Re-record with `FLOWCHECK_RECORD_GOLDEN=1 swift test --filter RuntimeOptionTests`.
@Suite struct RuntimeOptionTests {
  static let goldenDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("GoldenRuntimes")

  static var portable: String { SpecCorpusTests.specsDirectory.appendingPathComponent("portable.flow").path }

  /// The run's output with the checkout's absolute path made package-relative.
  static func comparison(_ path: String, format: String) -> String {
    let run = CommandRun([path, "--runtime", "all", "--no-color", "--no-progress", "--format", format])
    let root = SpecCorpusTests.specsDirectory.deletingLastPathComponent().path + "/"
    return "exit \(run.status)\n" + run.stdout.replacing(root, with: "")
  }

  @Test(arguments: ["txt", "json"])
  func portableFlowComparisonMatchesItsGoldenFile(format: String) throws {
    let actual = Self.comparison(Self.portable, format: format == "txt" ? "text" : "json")
    let url = Self.goldenDirectory.appendingPathComponent("portable.flow." + format)
    if GoldenReportTests.recording {
      try FileManager.default.createDirectory(at: Self.goldenDirectory, withIntermediateDirectories: true)
      try Data(actual.utf8).write(to: url)
      return
    }
    let expected = try #require(
      try? String(decoding: Data(contentsOf: url), as: UTF8.self),
      "no golden file \(url.path): record it with FLOWCHECK_RECORD_GOLDEN=1")
    #expect(actual == expected, "portable.flow (\(format)) differs from its golden file")
  }

  @Test func theComparisonIsTheSameOnOneAndTwoThreads() {
    let one = CommandRun([Self.portable, "--runtime", "all", "--threads", "1"])
    let two = CommandRun([Self.portable, "--runtime", "all", "--threads", "2"])
    #expect(one.status == two.status)
    #expect(one.stdout == two.stdout)
  }

  @Test func theComparisonJSONIsOneObjectWithARowPerInvariant() throws {
    let run = CommandRun([Self.portable, "--runtime", "all", "--format", "json"])
    #expect(run.status == 1)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    let runtimes = try #require(object["runtimes"] as? [[String: Any]])
    #expect(runtimes.map { $0["name"] as? String } == ["radianttap", "router", "insecurity", "presenter"])
    #expect(runtimes.map { $0["expressible"] as? Bool } == [true, true, true, true])
    let rows = try #require(object["rows"] as? [[String: Any]])
    let finish = try #require(rows.first { $0["id"] as? String == "finish-propagation" })
    let cells = try #require(finish["cells"] as? [String: [String: Any]])
    #expect(cells["radianttap"]?["status"] as? String == "violated")
    #expect(cells["router"]?["status"] as? String == "violated")
    // Open the sheet, its presentation ends, swipe it down.
    #expect(cells["router"]?["traceLength"] as? Int == 3)
    #expect(cells["insecurity"]?["status"] as? String == "ok")
    #expect(cells["presenter"]?["status"] as? String == "ok")
  }

  @Test func aNamedRuntimeOverridesTheFlowsLibrary() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    // A radianttap flow whose library line says presenter: refused as written, checked
    // under radianttap when asked.
    let path = try scratch.write(
      "mini.flow", Fixture.valid.replacing("library radianttap", with: "library presenter"))
    let asWritten = CommandRun([path, "--no-color"])
    #expect(asWritten.status == 65)
    let overridden = CommandRun([path, "--no-color", "--runtime", "radianttap"])
    #expect(overridden.status == 0, "\(overridden.stderr)")
    #expect(overridden.stdout.hasPrefix("flowcheck \(path) — app Mini, runtime radianttap\n"))
  }

  @Test func aRuntimeThatCannotExpressTheFlowGivesThePositionedError() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    // A portable flow that shows a second screen in one flow: Insecurity gives each
    // coordinator one view controller, so it refuses at the statement; radianttap pushes it.
    let text = try String(contentsOfFile: Self.portable, encoding: .utf8)
      .replacing(
        "coordinator DetailFlow: NavigationFlow {\n",
        with: "coordinator DetailFlow: NavigationFlow {\n  on Detail.more { show Home }\n")
    let path = try scratch.write("second.flow", text)
    let run = CommandRun([path, "--no-color", "--runtime", "insecurity"])
    #expect(run.status == 65)
    let line =
      try #require(
        text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex {
          $0.contains("on Detail.more")
        }) + 1
    #expect(
      run.stderrLines.first
        == "\(path):\(line):20: error: 'show Home' in a handler cannot be written under runtime 'insecurity': "
        + "an Insecurity coordinator has exactly one view controller, its 'start { show … }' screen; "
        + "show 'Home' from a child flow of its own ('startChild')")
    let all = CommandRun([path, "--no-color", "--runtime", "all"])
    #expect(
      all.stdout.contains("insecurity  cannot express the flow: \(path):\(line):20: 'show Home' in a handler")
    )
    #expect(CommandRun([path, "--runtime", "radianttap"]).status != 65)
  }

  @Test func anUnknownRuntimeIsAUsageErrorWithASuggestion() {
    let run = CommandRun([Self.portable, "--runtime", "radiantap"])
    #expect(run.status == 64)
    #expect(
      run.stderrLines.first
        == "Error: invalid value 'radiantap' for '--runtime <runtime>'; did you mean 'radianttap'?")
    let far = CommandRun([Self.portable, "--runtime", "swiftui"])
    #expect(far.status == 64)
    #expect(
      far.stderrLines.first
        == "Error: invalid value 'swiftui' for '--runtime <runtime>'; expected 'radianttap', 'router', "
        + "'insecurity', 'presenter', 'handwritten', 'all'")
  }

  @Test func allTakesTextOrJSONAndNoTraceDirectory() {
    let sarif = CommandRun([Self.portable, "--runtime", "all", "--format", "sarif"])
    #expect(sarif.status == 64)
    #expect(
      sarif.stderrLines.first == "Error: '--runtime all' prints its comparison as text or json, not 'sarif'")
    let traces = CommandRun([Self.portable, "--runtime", "all", "--trace-dir", "/tmp/x"])
    #expect(traces.status == 64)
  }

  @Test func aFlowNoRuntimeCanExpressExits65WithItsDiagnostics() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let path = try scratch.write(
      "nowhere.flow", Fixture.valid.replacing("App: NavigationCoordinator", with: "App: SwiftUICoordinator"))
    let run = CommandRun([path, "--no-color", "--runtime", "all"])
    #expect(run.status == 65)
    #expect(run.stdout.contains("verdict: no runtime can express the flow"))
    #expect(run.stdout.contains("radianttap  cannot express the flow: \(path):"))
    #expect(run.stderr.contains("\(path):"))
    #expect(run.stderr.contains("error: unknown coordinator kind 'SwiftUICoordinator'"))
  }

  @Test func aFlowThatDoesNotParseFailsAsInAnyCheck() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let path = try scratch.write("broken.flow", "app {")
    let run = CommandRun([path, "--no-color", "--runtime", "all"])
    #expect(run.status == 65)
    #expect(run.stdout.isEmpty)
    #expect(run.stderr.hasPrefix("\(path):1:5: error:"))
  }

  @Test func aVerifiedFlowUnderItsOnlyRuntimeExits0() {
    let shop = SpecCorpusTests.specsDirectory.appendingPathComponent("shop.flow").path
    let run = CommandRun([shop, "--runtime", "all", "--no-color"])
    #expect(run.status == 0)
    #expect(run.stdout.contains("verdict: VERIFIED under every runtime that can express the flow (1 of 4)"))
    #expect(run.stdout.contains("  reachable top == Receipt"))
  }
}
