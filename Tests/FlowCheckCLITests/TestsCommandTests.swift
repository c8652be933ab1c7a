import FlowLanguage
import Foundation
import Testing

@testable import FlowCheckCLI
@testable import FlowReport

/// `flowcheck tests --xcuitest`: the generated source of every spec is pinned in
/// `GoldenXCUITest/` (re-record with `FLOWCHECK_RECORD_GOLDEN=1`), one file per spec, and
/// type-checks in Swift 6 against main-actor XCUI types; a violation's test checks what the
/// violation is about; the transition tour takes every edge of the navigation map.
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

  /// `swiftc` on this machine, or nil.
  static let swiftc: String? = {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").map { "\($0)/swiftc" }.first(
      where: FileManager.default.isExecutableFile(atPath:))
  }()

  /// Runs swiftc with `arguments` in `directory`: its status and its diagnostics.
  static func runSwiftc(_ arguments: [String], in directory: URL) throws -> (Int32, String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: try #require(swiftc))
    process.arguments = arguments
    process.currentDirectoryURL = directory
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, text)
  }

  /// Every spec's tests generated into one directory: one file each, none overwritten.
  static func generateAll(in scratch: ScratchDirectory) throws -> [String] {
    for spec in SpecCorpusTests.specs {
      let run = CommandRun(["tests", spec, "--xcuitest", scratch.path("ui")])
      #expect(run.status == 0, "\(GoldenReportTests.relativePath(spec)): \(run.stderr)")
    }
    return try FileManager.default.contentsOfDirectory(atPath: scratch.path("ui")).sorted()
      .map { scratch.path("ui/" + $0) }
  }

  @Test func everySpecWritesAFileOfItsOwn() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let files = try Self.generateAll(in: scratch)
    #expect(files.count == SpecCorpusTests.specs.count)
    #expect(files.map { ($0 as NSString).lastPathComponent }.contains("LogoutLeavesCheckoutFlowTests.swift"))
  }

  @Test func aFileGeneratedFromAnotherSpecIsNotOverwritten() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    try FileManager.default.createDirectory(atPath: scratch.path("a"), withIntermediateDirectories: true)
    try FileManager.default.createDirectory(atPath: scratch.path("b"), withIntermediateDirectories: true)
    let first = try scratch.write("a/shop.flow", Fixture.valid)
    let second = try scratch.write("b/shop.flow", Fixture.valid)
    #expect(CommandRun(["tests", first, "--xcuitest", scratch.path("ui")]).status == 0)
    let written = try scratch.read(scratch.path("ui/ShopFlowTests.swift"))
    // The same spec again is regenerated in place.
    #expect(CommandRun(["tests", first, "--xcuitest", scratch.path("ui")]).status == 0)
    let run = CommandRun(["tests", second, "--xcuitest", scratch.path("ui")])
    #expect(run.status == 66)
    #expect(
      run.stderrLines == [
        "\(scratch.path("ui/ShopFlowTests.swift")):1:1: error: 'ShopFlowTests.swift' was generated from "
          + "'\(first)', not '\(second)'; not overwritten",
        "\(scratch.path("ui/ShopFlowTests.swift")):1:1: note: rename one of the two specs, or generate them "
          + "into different directories",
      ])
    #expect(try scratch.read(scratch.path("ui/ShopFlowTests.swift")) == written)
  }

  /// A stand-in for the parts of XCTest the generated tests use, isolated as Xcode 16's SDK
  /// declares them: the XCUI types on the main actor; `XCTestCase` and the assertions not.
  static let xctestStandIn = """
    public struct CGVector: Sendable {
      public var dx: Double
      public var dy: Double
      public init(dx: Double, dy: Double) {
        self.dx = dx
        self.dy = dy
      }
    }

    open class XCTestCase {
      public init() {}
      open var continueAfterFailure: Bool = true
      open func setUp() {}
    }

    @MainActor open class XCUIElement {
      public enum ElementType: Sendable { case any }
      public init() {}
      open func waitForExistence(timeout: Double) -> Bool { true }
      open var firstMatch: XCUIElement { self }
      open func tap() {}
      open func press(forDuration duration: Double) {}
      open func descendants(matching type: ElementType) -> XCUIElementQuery { XCUIElementQuery() }
      open var navigationBars: XCUIElementQuery { XCUIElementQuery() }
      open var tabBars: XCUIElementQuery { XCUIElementQuery() }
      open var buttons: XCUIElementQuery { XCUIElementQuery() }
      open func coordinate(withNormalizedOffset offset: CGVector) -> XCUICoordinate { XCUICoordinate() }
    }

    @MainActor open class XCUIApplication: XCUIElement {
      public enum State: Sendable, Equatable { case notRunning, runningBackground, runningForeground }
      public override init() {}
      open func launch() {}
      open var state: State { .runningForeground }
      open func wait(for state: State, timeout: Double) -> Bool { true }
    }

    @MainActor open class XCUIElementQuery {
      public init() {}
      open subscript(identifier: String) -> XCUIElement { XCUIElement() }
      open var firstMatch: XCUIElement { XCUIElement() }
      open func element(boundBy index: Int) -> XCUIElement { XCUIElement() }
      open var buttons: XCUIElementQuery { XCUIElementQuery() }
    }

    @MainActor open class XCUICoordinate {
      public init() {}
      open func press(forDuration duration: Double, thenDragTo other: XCUICoordinate) {}
    }

    public func XCTAssertTrue(
      _ expression: @autoclosure () throws -> Bool, _ message: @autoclosure () -> String = "",
      file: StaticString = #filePath, line: UInt = #line
    ) {}

    public func XCTAssertEqual<T: Equatable>(
      _ first: @autoclosure () throws -> T, _ second: @autoclosure () throws -> T,
      _ message: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line
    ) {}

    public func XCTFail(_ message: String = "", file: StaticString = #filePath, line: UInt = #line) {}

    """

  /// A team's file beside a generated one: its hooks, set in an extension.
  static let hooksExtension = """
    import XCTest

    extension LogoutLeavesCheckoutFlowTests: LogoutLeavesCheckoutFlowTestsHooks {
      func setUpHooks() {
        appEvent = { app, name in app.buttons["Debug.\\(name)"].firstMatch.tap() }
        violationFixed = { app, property in !app.descendants(matching: .any)["Checkout"].firstMatch.waitForExistence(timeout: 1) }
      }
    }

    """

  /// Every generated file, with a team's hooks extension, type-checks in Swift 6 language mode
  /// against an XCTest whose XCUI types are main-actor isolated.
  @Test(.enabled(if: swiftc != nil, "swiftc is not on PATH: the generated files are not type-checked"))
  func everyGeneratedFileTypeChecksInSwift6() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    // The golden files, which the golden test holds every generated file to, as sources.
    let files = try Self.goldenFiles().enumerated().map { index, golden in
      try scratch.write("Generated\(index).swift", try String(contentsOf: golden, encoding: .utf8))
    }
    try FileManager.default.createDirectory(atPath: scratch.path("module"), withIntermediateDirectories: true)
    let standIn = try scratch.write("XCTest.swift", Self.xctestStandIn)
    let (moduleStatus, moduleOutput) = try Self.runSwiftc(
      [
        "-swift-version", "6", "-parse-as-library", "-emit-module", "-module-name", "XCTest", standIn,
        "-emit-module-path", scratch.path("module/XCTest.swiftmodule"),
      ], in: scratch.url)
    try #require(moduleStatus == 0, "\(moduleOutput)")
    let hooks = try scratch.write("Hooks.swift", Self.hooksExtension)
    let (status, output) = try Self.runSwiftc(
      ["-swift-version", "6", "-typecheck", "-I", scratch.path("module")] + files + [hooks], in: scratch.url)
    #expect(status == 0, "\(output)")
  }

  /// A violation's test ends by checking what the violation is about, not only the screen the
  /// model shows (which the buggy app shows too): a crash by the app still running, anything
  /// else through `violationFixed`, which fails while unset.
  @Test func aViolationsTestChecksTheViolation() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let spec = SpecCorpusTests.specsDirectory.appendingPathComponent("bugs/logout-leaves-checkout.flow").path
    let text = try Self.generate(spec, in: scratch).text
    let start = try #require(text.range(of: "  @MainActor func testViolation1_Always() {\n"))
    let end = try #require(text.range(of: "\n  }\n", range: start.upperBound..<text.endIndex))
    let lines = text[start.upperBound..<end.lowerBound].split(separator: "\n")
    #expect(
      lines.last
        == #"    expectFixed(app, "always !(top == Checkout && !loggedIn)", "'!(top == Checkout && !loggedIn)' is false here", crashes: false)"#
    )
    #expect(lines.dropLast().last == #"    send(appEvent, app, "logout", "app event")"#)
    #expect(text.contains("  @MainActor func expectFixed("))
    #expect(text.contains("XCTAssertEqual(app.state, .runningForeground, message, file: file, line: line)"))
    #expect(text.contains("return XCTFail(\"\\(message); set violationFixed to check it in the app\""))
  }

  /// Read from the golden files, which the golden test holds every generated file to.
  @Test func aCrashingViolationsTestChecksThatTheAppRuns() throws {
    let crashes = try Self.goldenFiles().filter {
      try String(contentsOf: $0, encoding: .utf8).contains("crashes: true)")
    }
    #expect(!crashes.isEmpty, "no spec's violation crashes the app")
  }

  /// The golden file of every spec's generated tests.
  static func goldenFiles() throws -> [URL] {
    try SpecCorpusTests.specs.map { spec in
      let url = goldenDirectory.appendingPathComponent(GoldenReportTests.relativePath(spec) + ".swift.golden")
      try #require(FileManager.default.fileExists(atPath: url.path), "\(url.path) is missing")
      return url
    }
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
