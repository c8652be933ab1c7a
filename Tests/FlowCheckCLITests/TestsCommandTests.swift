import FlowLanguage
import Foundation
import Testing

@testable import FlowCheckCLI
@testable import FlowReport

/// `flowcheck tests --xcuitest`: the generated source of every spec is pinned in
/// `GoldenXCUITest/` (re-record with `FLOWCHECK_RECORD_GOLDEN=1`) and parses with
/// `swiftc -parse`; the transition tour takes every edge of the navigation map.
@Suite struct TestsCommandTests {
  static let goldenDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("GoldenXCUITest")

  /// The generated file of `spec`, written by the command into `scratch`.
  static func generate(_ spec: String, in scratch: ScratchDirectory) throws -> (run: CommandRun, text: String)
  {
    let run = CommandRun(["tests", spec, "--xcuitest", scratch.path("ui")])
    let file = try #require(try FileManager.default.contentsOfDirectory(atPath: scratch.path("ui")).first)
    return (run, try scratch.read(scratch.path("ui/" + file)))
  }

  @Test(arguments: SpecCorpusTests.specs)
  func theGeneratedTestsOfEverySpecMatchTheirGoldenFile(spec: String) throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let (run, text) = try Self.generate(spec, in: scratch)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.hasPrefix("wrote \(scratch.path("ui"))/"))
    let relative = GoldenReportTests.relativePath(spec)
    let actual = text.replacing(
      SpecCorpusTests.specsDirectory.deletingLastPathComponent().path + "/", with: "")
    // Not `.swift`: SwiftPM would compile the golden files as tests.
    try GraphCommandTests.expectGolden(actual, relative + ".swift.golden", in: Self.goldenDirectory)
  }

  /// `swiftc -parse` accepts every generated file (XCTest is not needed to parse).
  @Test func everyGeneratedFileParses() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    var files: [String] = []
    for (index, spec) in SpecCorpusTests.specs.enumerated() {
      let (_, text) = try Self.generate(spec, in: scratch)
      files.append(try scratch.write("generated\(index).swift", text))
      try FileManager.default.removeItem(atPath: scratch.path("ui"))
    }
    let swiftc = Process()
    swiftc.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    swiftc.arguments = ["swiftc", "-parse"] + files
    let errors = Pipe()
    swiftc.standardError = errors
    try swiftc.run()
    let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    swiftc.waitUntilExit()
    #expect(swiftc.terminationStatus == 0, "\(message)")
  }

  /// The tour takes every edge of the navigation map, and only edges of it.
  @Test(arguments: SpecCorpusTests.specs)
  func theTourCoversEveryEdgeOfTheMap(spec: String) throws {
    let flow = try GraphCommandTests.load(spec)
    let map = try FlowGraph.map(flow, path: spec)
    let tour = try TransitionTour.build(flow)
    let edges = Set(
      map.edges.map { "\(map.nodes[$0.from].place.label) -\($0.label)-> \(map.nodes[$0.to].place.label)" })
    var taken: Set<String> = []
    for path in tour.paths {
      var at = tour.start
      for step in path {
        taken.insert("\(at.label) -\(NavigationMap.label(step.action))-> \(step.place.label)")
        at = step.place
      }
    }
    #expect(taken == edges, "\(GoldenReportTests.relativePath(spec)): missing \(edges.subtracting(taken))")
    #expect(tour.mapEdges == map.edges.count)
    #expect(tour.length >= map.edges.count)
  }

  /// The README shows a generated test: the command's own output.
  @Test func theReadmesTestIsGenerated() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let root = SpecCorpusTests.specsDirectory.deletingLastPathComponent()
    let readme = String(
      decoding: try Data(contentsOf: root.appendingPathComponent("README.md")), as: UTF8.self)
    let spec = SpecCorpusTests.specsDirectory.appendingPathComponent(
      "bugs/class9-double-tap-presents-twice.flow")
    let text = try Self.generate(spec.path, in: scratch).text
    let start = try #require(text.range(of: "  // flowcheck: uikit-noop\n"))
    let end = try #require(text.range(of: "\n  }\n", range: start.upperBound..<text.endIndex))
    let excerpt = String(text[start.lowerBound..<end.upperBound])
    #expect(readme.contains("```swift\n" + excerpt + "```\n"), "README: \(excerpt)")
  }

  @Test func theDirectoryIsRequired() {
    let run = CommandRun(["tests", "x.flow"])
    #expect(run.status == 64)
    #expect(run.stderrLines.first == "Error: missing expected option '--xcuitest <directory>'")
  }
}
