import FlowLanguage
import Testing

@testable import FlowCheckCLI
@testable import FlowReport

/// The table of `--format` values: every name picks its renderer, `simulate` offers text
/// and JSON, and any other name is the usage error it always was.
@Suite struct OutputFormatTests {
  static let allNames =
    "'text', 'json', 'xcode', 'junit', 'sarif', 'github-actions-logging' or 'checkstyle'"

  @Test func theTableNamesEachFormatOnceWithItsRenderer() throws {
    #expect(
      OutputFormat.all.map(\.name) == [
        "text", "json", "xcode", "junit", "sarif", "github-actions-logging", "checkstyle",
      ])
    #expect(Set(OutputFormat.all.map(\.name)).count == OutputFormat.all.count)
    #expect(OutputFormat.text == OutputFormat.all[0])
    let options = RenderOptions()
    #expect(try #require(OutputFormat.named("text")).makeRenderer(options) is TextReport)
    #expect(try #require(OutputFormat.named("json")).makeRenderer(options) is JSONReport)
    #expect(try #require(OutputFormat.named("xcode")).makeRenderer(options) is XcodeReport)
    #expect(try #require(OutputFormat.named("junit")).makeRenderer(options) is JUnitReport)
    #expect(try #require(OutputFormat.named("sarif")).makeRenderer(options) is SARIFReport)
    #expect(
      try #require(OutputFormat.named("github-actions-logging")).makeRenderer(options) is GitHubActionsReport)
    #expect(try #require(OutputFormat.named("checkstyle")).makeRenderer(options) is CheckstyleReport)
    #expect(OutputFormat.quotedNames() == Self.allNames)
    #expect(OutputFormat.quotedNames(OutputFormat.simulation) == "'text' or 'json'")
    #expect(OutputFormat.plainNames(OutputFormat.simulation) == "text or json")
  }

  @Test(arguments: OutputFormat.all.map(\.name))
  func everyNameParsesToItsFormatAndReportsAViolation(name: String) throws {
    let format = try #require(OutputFormat.named(name))
    #expect(format.name == name)
    let parser = InvocationParser(pathExists: { _ in false })
    #expect(
      try parser.parse(["a.flow", "--format", name])
        == .check(CheckOptions(files: ["a.flow"], format: format)))
    let directory = try ScratchDirectory()
    defer { directory.remove() }
    let path = try directory.write("violating.flow", Fixture.violating)
    let check = CommandRun([path, "--no-color", "--format", name])
    #expect(check.status == 1)
    #expect(check.stdout.contains("dead-screen"))
    guard format.simulates else {
      #expect(throws: UsageError.self) { try parser.parse(["simulate", "a.flow", "--format=\(name)"]) }
      return
    }
    #expect(
      try parser.parse(["simulate", "a.flow", "--format=\(name)"])
        == .simulate(SimulateOptions(file: "a.flow", format: format)))
    let simulate = CommandRun(["simulate", path, "--no-color", "--format", name])
    #expect(simulate.status == 1)
    #expect(!simulate.stdout.isEmpty)
  }

  @Test func theRenderersPrintWhatTheyPrintedBeforeTheTable() throws {
    let path = "violating.flow"
    let flow = try #require(FrontEnd.check(source: SourceFile(path: path, text: Fixture.violating)).flow)
    let report = FlowChecker.check(flow, path: path)
    let text = OutputFormat.text.makeRenderer(RenderOptions(quiet: true, stats: true))
    #expect(text.render(report) == TextReport(quiet: true).render(report))
    #expect(text.runFigures(report) == [TextReport().statsLine(report)])
    let json = try #require(OutputFormat.named("json")).makeRenderer(RenderOptions(stats: true))
    #expect(json.render(report) == JSONReport.line(report, includeStats: true))
    #expect(json.runFigures(report).isEmpty)
    let simulation = FlowSimulator.simulate(flow, path: path)
    #expect(json.render(simulation) == JSONReport.line(simulation))
    #expect(text.render(simulation) == TextReport(quiet: true).render(simulation))
  }

  static let unknown: [(arguments: [String], error: String)] = [
    (
      ["a.flow", "--format", "xml"],
      "Error: invalid value 'xml' for '--format <format>'; expected \(allNames)"
    ),
    (
      ["a.flow", "--reporter", "sarf"],
      "Error: invalid value 'sarf' for '--reporter <format>'; did you mean 'sarif'?"
    ),
    (
      ["simulate", "a.flow", "--format", "sarif"],
      "Error: invalid value 'sarif' for '--format <format>'; expected 'text' or 'json'"
    ),
    (
      ["a.flow", "--format", "jsn"],
      "Error: invalid value 'jsn' for '--format <format>'; did you mean 'json'?"
    ),
    (
      ["simulate", "a.flow", "--format", "xml"],
      "Error: invalid value 'xml' for '--format <format>'; expected 'text' or 'json'"
    ),
    (
      ["simulate", "a.flow", "--format", "txt"],
      "Error: invalid value 'txt' for '--format <format>'; did you mean 'text'?"
    ),
  ]

  @Test(arguments: unknown)
  func anUnknownNameIsAUsageError(testCase: (arguments: [String], error: String)) {
    let run = CommandRun(testCase.arguments)
    #expect(run.status == 64)
    #expect(run.stdout.isEmpty)
    #expect(run.stderrLines.first == testCase.error)
  }
}
