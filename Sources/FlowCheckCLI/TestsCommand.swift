import FlowLanguage
import FlowReport

/// `flowcheck tests FILE --xcuitest DIR`: writes `DIR/<App>FlowTests.swift`
/// (`XCUITestSource`) and says on standard output what it holds.
enum TestsCommand {
  static func run<Output, ErrorOutput>(
    file path: String, directory: String, console: inout Console<Output, ErrorOutput>
  ) -> ExitCode {
    let loaded: FlowLoading.Loaded
    switch FlowLoading.load(path, console: &console) {
    case .failure(let failure): return console.report(failure)
    case .success(let flow): loaded = flow
    }
    let source: XCUITestSource
    do throws(FlowGraph.TooLarge) {
      source = try XCUITestSource.build(loaded.flow, path: path)
    } catch {
      console.writeError(
        "\(path):1:1: error: the state graph has more than \(error.limit) states, too many to tour\n"
          + "\(path):1:1: note: lower the flow's limits\n")
      return .incomplete
    }
    let output = (directory.hasSuffix("/") ? directory : directory + "/") + source.fileName
    do {
      try FileSystem.createDirectory(directory)
      try FileSystem.replaceContents(of: output, with: Array(source.text.utf8))
    } catch {
      return console.report(.unwritable(path: output, reason: error.reason))
    }
    let tour = source.tour
    console.write(
      "wrote \(output): \(source.violationTests) violation test(s); transition tour of \(tour.paths.count) "
        + "path(s), \(tour.length) step(s) for the \(tour.mapEdges) edges of the navigation map\n")
    return .verified
  }
}
