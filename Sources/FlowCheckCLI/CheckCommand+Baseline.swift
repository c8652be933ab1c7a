import FlowLanguage
import FlowReport

extension CheckCommand {
  /// The baseline file at `path`, or why it cannot be read (66) or is not a baseline (65),
  /// at the line and column of a syntax error (1:1 for a file that is JSON but no baseline).
  static func readBaseline(_ path: String) -> Result<Baseline, CommandFailure> {
    readDocument(path, parse: Baseline.parse, invalid: CommandFailure.badBaseline)
  }

  /// How a baseline names the flow at `path`: relative to the directory the run started in
  /// when it is under it, without a leading `./`, so that `Specs/a.flow`, `./Specs/a.flow`
  /// and its absolute path name one entry and the file can be committed.
  static func baselinePath(_ path: String, workingDirectory: String?) -> String {
    var relative = Substring(RenderOptions(workingDirectory: workingDirectory).relative(path))
    while relative.hasPrefix("./") { relative = relative.dropFirst(2) }
    return String(relative)
  }

  /// Writes the violations of every checked file in `results` to `file` as a `Baseline`,
  /// and returns 66 when it cannot. A run a signal stopped writes none: files it did not
  /// check would lose their entries.
  static func writeBaseline<Output, ErrorOutput>(
    of results: [FileResult], to file: String, stopped: Bool, console: inout Console<Output, ErrorOutput>
  ) -> ExitCode {
    if stopped {
      console.writeError("flowcheck: the run was stopped; baseline '\(file)' not written\n")
      return .verified
    }
    let reports = results.compactMap { result -> CheckReport? in
      if case .checked(let report) = result { return report }
      return nil
    }
    let workingDirectory = console.workingDirectory
    let baseline = Baseline(reports: reports) { baselinePath($0, workingDirectory: workingDirectory) }
    do {
      try FileSystem.replaceContents(of: file, with: Array(baseline.json.utf8))
    } catch {
      return console.report(.unwritable(path: file, reason: error.reason))
    }
    return .verified
  }
}
