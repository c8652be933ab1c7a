import FlowLanguage
import Foundation
import Testing

@testable import FlowCheckCLI
@testable import FlowReport

/// `flowcheck graph`: the navigation map of every spec as Mermaid and DOT, pinned in
/// `GoldenGraph/` (re-record with `FLOWCHECK_RECORD_GOLDEN=1`); the state graph of the small
/// ones; the README's picture is the command's output.
@Suite struct GraphCommandTests {
  static let goldenDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("GoldenGraph")

  static func expectGolden(_ actual: String, _ name: String, in directory: URL = goldenDirectory) throws {
    let url = directory.appendingPathComponent(name)
    if GoldenReportTests.recording {
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(actual.utf8).write(to: url)
      return
    }
    let expected = try #require(
      try? String(decoding: Data(contentsOf: url), as: UTF8.self),
      "no golden file \(url.path): record it with FLOWCHECK_RECORD_GOLDEN=1")
    #expect(actual == expected, "\(name) differs from its golden file")
  }

  @Test(arguments: SpecCorpusTests.specs)
  func theMapOfEverySpecMatchesItsGoldenFiles(spec: String) throws {
    let name = GoldenReportTests.relativePath(spec)
    let mermaid = CommandRun(["graph", spec])
    #expect(mermaid.status == 0, "\(mermaid.stderr)")
    try Self.expectGolden(mermaid.stdout, name + ".mmd")
    let dot = CommandRun(["graph", spec, "--format", "dot"])
    #expect(dot.status == 0)
    try Self.expectGolden(dot.stdout, name + ".dot")
    let states = CommandRun(["graph", spec, "--states", "--format", "dot"])
    if states.status == 0 {
      try Self.expectGolden(states.stdout, name + ".states.dot")
    } else {
      #expect(states.status == 2)
      #expect(states.stdout.isEmpty)
      #expect(
        states.stderrLines.first
          == "\(spec):1:1: error: the state graph has more than 200 states, too many to draw")
    }
  }

  /// Every edge of the map joins two of its nodes; every screen is a node or unreachable.
  static func load(_ path: String) throws -> CheckedFlow {
    let source = SourceFile(path: path, bytes: Array(try Data(contentsOf: URL(fileURLWithPath: path))))
    return try #require(FrontEnd.check(source: source).flow, "\(path) does not resolve")
  }

  @Test(arguments: SpecCorpusTests.specs)
  func theMapIsAGraphOfTheFlowsScreens(spec: String) throws {
    let flow = try Self.load(spec)
    let map = try FlowGraph.map(flow, path: spec)
    #expect(map.edges.allSatisfy { map.nodes.indices.contains($0.from) && map.nodes.indices.contains($0.to) })
    let shown = Set(map.nodes.compactMap(\.place.screen))
    #expect(Set(flow.screens.map(\.name)) == shown.union(map.unreachable))
    #expect(shown.isDisjoint(with: map.unreachable))
    // The same state graph as `check` explores.
    var settings = CheckSettings()
    settings.threads = 1
    #expect(map.states == FlowChecker.check(flow, path: spec, options: settings).states)
  }

  /// The graph stops where `check` stops, at a violation's state, unless asked to go on:
  /// then `graph`, `tests` and `diff` walk the graph `check --explore-past-violations` explores.
  /// After the double push, Detail's Back menu leads home; that edge lies past the violation.
  @Test func statesPastAViolationAreWalkedOnlyWhenAsked() throws {
    let bug = SpecCorpusTests.specsDirectory.appendingPathComponent(
      "bugs/class9-double-tap-pushes-twice.flow"
    ).path
    let fixed = SpecCorpusTests.specsDirectory.appendingPathComponent(
      "fixed/class9-double-tap-pushes-twice-fixed.flow"
    ).path
    let plain = CommandRun(["graph", bug])
    let past = CommandRun(["graph", bug, "--explore-past-violations"])
    #expect(plain.status == 0 && past.status == 0)
    #expect(!plain.stdout.contains("back menu to Home"))
    #expect(past.stdout.contains("back menu to Home"))
    let flow = try Self.load(bug)
    var settings = CheckSettings()
    settings.threads = 1
    settings.exploresPastViolations = true
    let everything = FlowChecker.check(flow, path: bug, options: settings)
    let map = try FlowGraph.map(flow, path: bug, exploresPastViolations: true)
    #expect(map.states == everything.states)
    #expect(map.states > (try FlowGraph.map(flow, path: bug)).states)
    let diff = CommandRun(["diff", bug, fixed, "--explore-past-violations"])
    #expect(diff.stdout.contains("Detail -back menu to Home-> Home"))
    #expect(!CommandRun(["diff", bug, fixed]).stdout.contains("Detail -back menu to Home-> Home"))
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let tests = CommandRun(["tests", bug, "--xcuitest", scratch.path("ui"), "--explore-past-violations"])
    #expect(tests.status == 0, "\(tests.stderr)")
    let tour = try TransitionTour.build(flow, exploresPastViolations: true)
    #expect(
      tests.stdout.hasSuffix("\(tour.length) step(s) for the \(tour.mapEdges) edges of the navigation map\n"))
    #expect(tour.mapEdges == map.edges.count)
  }

  @Test func unreachableScreensAndViolationsAreMarked() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let path = try scratch.write(
      "m.flow",
      """
      app M {
        window App
        home Home
        limits { inflight 0 }
      }
      screen Home
      screen Detail
      screen Never
      coordinator App: NavigationCoordinator {
        root window
        start { root Home }
        on Home.open { show Detail }
        on Detail.close { dismiss }
      }
      """)
    let run = CommandRun(["graph", path])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("  u0[\"Never<br/>unreachable\"]\n"), "\(run.stdout)")
    #expect(run.stdout.contains("  class u0 unreachable\n"))
    #expect(run.stdout.contains("  n1[\"Detail<br/>⚠ uikit-noop\"]\n"), "\(run.stdout)")
    #expect(run.stdout.contains("  class n1 violation\n"))
  }

  /// Events between the same two screens are one edge with a line each; screens are drawn
  /// in their coordinator's box; the shortest violating trace is drawn bold and red.
  @Test func parallelEdgesAreJoinedScreensGroupedAndTheViolatingPathHighlighted() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let path = try scratch.write(
      "p.flow",
      """
      app P {
        window App
        home Home
        limits { inflight 0 }
      }
      screen Home
      screen Detail
      screen Share
      coordinator App: NavigationCoordinator {
        root window
        start { root Home }
        on Home.open { show Detail }
        on Detail.share { startChild Sharing }
      }
      coordinator Sharing: NavigationCoordinator {
        root parent
        start { show Share }
        on Share.close { finish }
      }
      """)
    let mermaid = CommandRun(["graph", path])
    #expect(mermaid.status == 0, "\(mermaid.stderr)")
    let lines = mermaid.stdout.split(separator: "\n").map(String.init)
    #expect(lines.contains("  n1 -->|\"back<br/>swipe back\"| n0"), "\(mermaid.stdout)")
    #expect(!lines.contains("  n1 -->|\"back\"| n0"))
    #expect(lines.contains("  subgraph c0[\"App\"]"))
    #expect(lines.contains("  subgraph c1[\"Sharing\"]"))
    let linkStyle = try #require(lines.first { $0.hasPrefix("  linkStyle ") }, "\(mermaid.stdout)")
    // launch, open, share: the links of the path to the violation, by their position.
    #expect(linkStyle.hasPrefix("  linkStyle 0,"))

    let dot = CommandRun(["graph", path, "--format", "dot"])
    #expect(dot.status == 0, "\(dot.stderr)")
    #expect(
      dot.stdout.contains("  n1 -> n0 [label=\"back\\lswipe back\\l\", constraint=false];\n"), "\(dot.stdout)"
    )
    #expect(dot.stdout.contains("  subgraph cluster_c1 {\n    label=\"Sharing\";"))
    #expect(dot.stdout.contains("  launch -> n0 [color=red3, fontcolor=red3, penwidth=2.5];\n"))
    #expect(dot.stdout.contains("  n0 -> n1 [label=\"open\", color=red3, fontcolor=red3, penwidth=2.5];\n"))
  }

  /// Each pair of nodes gets one edge, labels in order, highlighted if any of its events is.
  @Test func joiningParallelEdgesKeepsTheOrderOfEachPairsFirstEdge() {
    let edges = [
      GraphPicture.Edge(from: "a", to: "b", label: ["x"]),
      GraphPicture.Edge(from: "b", to: "a", label: ["y"]),
      GraphPicture.Edge(from: "a", to: "b", label: ["z"], highlighted: true),
    ]
    #expect(
      GraphPicture.joiningParallel(edges) == [
        GraphPicture.Edge(from: "a", to: "b", label: ["x", "z"], highlighted: true),
        GraphPicture.Edge(from: "b", to: "a", label: ["y"]),
      ])
  }

  /// The README draws Specs/shop.flow's map with the command's own output.
  @Test func theReadmesMapIsTheCommandsOutput() throws {
    let root = SpecCorpusTests.specsDirectory.deletingLastPathComponent()
    let readme = String(
      decoding: try Data(contentsOf: root.appendingPathComponent("README.md")), as: UTF8.self)
    let map = CommandRun(["graph", SpecCorpusTests.specsDirectory.appendingPathComponent("shop.flow").path])
    #expect(
      readme.contains("```mermaid\n" + map.stdout + "```\n"),
      "regenerate with: flowcheck graph Specs/shop.flow")
  }

  /// With Graphviz installed, `--format svg` draws the map; without it, a clear usage error.
  @Test func svgIsDrawnByGraphvizWhenItIsInstalled() throws {
    let spec = SpecCorpusTests.specsDirectory.appendingPathComponent("shop.flow").path
    let environment = ProcessInfo.processInfo.environment
    let run = CommandRun(["graph", spec, "--format", "svg"], environment: environment)
    if ExternalTool.find("dot", path: environment["PATH"]) != nil {
      #expect(run.status == 0, "\(run.stderr)")
      #expect(run.stdout.contains("<svg"))
      #expect(run.stdout.contains("Receipt (modal 1)"))
    } else {
      #expect(run.status == 64)
      #expect(run.stderrLines.first?.contains("needs Graphviz's 'dot' on the PATH") == true)
    }
  }

  @Test func anUnknownFormatGetsASuggestion() {
    let run = CommandRun(["graph", "x.flow", "--format", "mermiad"])
    #expect(run.status == 64)
    #expect(
      run.stderrLines.first
        == "Error: invalid value 'mermiad' for '--format <format>'; did you mean 'mermaid'?")
  }
}
