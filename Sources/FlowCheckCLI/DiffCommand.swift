import FlowLanguage
import FlowReport

/// `flowcheck diff OLD NEW`: explores both versions (`FlowDiff.summary`) and prints what
/// changed as text, JSON or Markdown. Exit 1 when the new version has a violation the old
/// one did not; else 2 when a limit stopped the check of either version (its violations are
/// not all known, as `check` exits 2 then); 0 otherwise.
enum DiffCommand {
  static func run<Output, ErrorOutput>(
    old oldPath: String, new newPath: String, format: DiffFormat, exploresPastViolations: Bool,
    console: inout Console<Output, ErrorOutput>
  ) -> ExitCode {
    var summaries: [FlowDiff.Summary] = []
    var failure = ExitCode.verified
    for path in [oldPath, newPath] {
      switch FlowLoading.load(path, console: &console) {
      case .failure(let error):
        failure = failure.combined(with: console.report(error))
      case .success(let loaded):
        do throws(FlowGraph.TooLarge) {
          summaries.append(
            try FlowDiff.summary(loaded.flow, path: path, exploresPastViolations: exploresPastViolations))
        } catch {
          console.writeError(
            "\(path):1:1: error: the state graph has more than \(error.limit) states, too many to compare\n"
              + "\(path):1:1: note: lower the flow's limits\n")
          failure = failure.combined(with: .incomplete)
        }
      }
    }
    guard failure == .verified, summaries.count == 2 else { return failure }
    let diff = FlowDiff(old: summaries[0], new: summaries[1])
    switch format {
    case .text: console.write(diff.text)
    case .json: console.write(diff.json)
    case .markdown: console.write(diff.markdown)
    }
    if !diff.violationsNew.isEmpty { return .violated }
    return diff.incompleteSearches.isEmpty ? .verified : .incomplete
  }
}
