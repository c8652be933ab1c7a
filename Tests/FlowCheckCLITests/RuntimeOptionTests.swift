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
    #expect(runtimes.map { $0["expressible"] as? Bool } == [false, false, false, true])
    let rows = try #require(object["rows"] as? [[String: Any]])
    let finish = try #require(rows.first { $0["id"] as? String == "finish-propagation" })
    let cells = try #require(finish["cells"] as? [String: [String: Any]])
    #expect(cells["presenter"]?["status"] as? String == "violated")
    #expect(cells["presenter"]?["traceLength"] as? Int == 2)
    #expect(cells["router"]?["status"] as? String == "cannot-express")
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

  @Test func aRuntimeThatCannotExpressTheFlowGivesThePositionedError() {
    let run = CommandRun([Self.portable, "--no-color", "--runtime", "router"])
    #expect(run.status == 65)
    #expect(
      run.stderrLines.first
        == "\(Self.portable):21:18: error: unknown router 'InitialNavigationPresenter' under runtime 'router'; "
        + "expected 'AppDelegateRouter', 'ModalNavigationRouter' or 'NavigationRouter'")
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
        + "'insecurity', 'presenter', 'all'")
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
