import FlowLanguage
import FlowReport

/// `flowcheck graph FILE`: the flow's navigation map (`FlowGraph.map`), or with `--states` its
/// whole state graph, as Mermaid, DOT, or SVG drawn by Graphviz's `dot`. A graph past its
/// size limit is refused (exit 2: a limit was hit, nothing is drawn).
enum GraphCommand {
  static func run<Output, ErrorOutput>(
    _ options: GraphOptions, environment: [String: String], console: inout Console<Output, ErrorOutput>
  ) -> ExitCode {
    let loaded: FlowLoading.Loaded
    switch FlowLoading.load(options.file, console: &console) {
    case .failure(let failure): return console.report(failure)
    case .success(let flow): loaded = flow
    }
    var dotPath: String?
    if options.format == .svg {
      dotPath = ExternalTool.find("dot", path: environment["PATH"])
      guard dotPath != nil else {
        return console.report(
          .usage(
            UsageError(
              "'--format svg' needs Graphviz's 'dot' on the PATH; install Graphviz, or print DOT with '--format dot'",
              subcommand: .graph)))
      }
    }
    let picture: GraphPicture
    do throws(FlowGraph.TooLarge) {
      picture =
        options.states
        ? try FlowGraph.stateGraph(loaded.flow, exploresPastViolations: options.exploresPastViolations)
        : try FlowGraph.map(
          loaded.flow, path: options.file, exploresPastViolations: options.exploresPastViolations
        ).picture
    } catch {
      let what = options.states ? "state graph" : "navigation map's state graph"
      let hint =
        options.states
        ? "draw the navigation map (without '--states'), or lower the flow's limits"
        : "lower the flow's limits, or explore it with 'flowcheck check'"
      console.writeError(
        "\(options.file):1:1: error: the \(what) has more than \(error.limit) states, too many to draw\n"
          + "\(options.file):1:1: note: \(hint)\n")
      return .incomplete
    }
    switch options.format {
    case .mermaid: console.write(picture.mermaid)
    case .dot: console.write(picture.dot)
    case .svg:
      guard let dotPath,
        let result = ExternalTool.run(
          dotPath, arguments: ["-Tsvg"], input: picture.dot, temporaryDirectory: environment["TMPDIR"]),
        result.status == 0
      else {
        return console.report(
          .unwritable(path: options.file, reason: "Graphviz's 'dot' failed to draw the graph"))
      }
      console.write(String(decoding: result.output, as: UTF8.self))
    }
    return .verified
  }
}
