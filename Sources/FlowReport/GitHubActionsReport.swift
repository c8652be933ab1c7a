/// `--format github-actions-logging`: GitHub Actions workflow commands, one per violation
/// (`::error file=…,line=…,col=…,title=…::message`), which the runner turns into annotations
/// on the pull request's files; the name is SwiftLint's reporter's. The flow's own warnings
/// and an incomplete search are `::warning`s; against a baseline, a known violation is a
/// `::warning` and a fixed entry a `::notice`. Escaping follows the runner's rules: `%`, CR and LF in the message, and also
/// `:` and `,` in the properties (docs.github.com, "Workflow commands for GitHub Actions").
public struct GitHubActionsReport: ReportRenderer {
  public var options: RenderOptions

  public init(options: RenderOptions) { self.options = options }

  public func render(_ report: CheckReport) -> String {
    var lines = commands(report.warnings, path: report.path)
    for violation in report.violations {
      let title = "flowcheck " + (violation.text.map { "\(violation.id) \($0)" } ?? violation.id)
      let known = violation.baselineState == .unchanged
      lines.append(
        command(
          known ? "warning" : "error", path: report.path, line: violation.location?.line ?? 1,
          column: violation.location?.column ?? 1, title: title + (known ? " (in the baseline)" : ""),
          message: ViolationMessage.plain(violation)))
    }
    for entry in report.fixedBaselineEntries {
      lines.append(
        command(
          "notice", path: report.path, line: 1, column: 1, title: "flowcheck fixed \(entry.id)",
          message: ViolationMessage.fixed(entry)))
    }
    if let incomplete = ViolationMessage.incompleteness(report) {
      lines.append(
        command(
          "warning", path: report.path, line: 1, column: 1, title: "flowcheck incomplete", message: incomplete
        ))
    }
    return lines.map { $0 + "\n" }.joined()
  }

  /// Each error and warning of a file that could not be checked.
  public func render(_ failure: FileDiagnostics) -> String {
    commands(failure.entries, path: failure.path).map { $0 + "\n" }.joined()
  }

  /// An `::error` or `::warning` for each error and warning of a flow: a failed file's, or
  /// the warnings of a flow that was checked.
  func commands(_ entries: [FileDiagnostics.Entry], path: String) -> [String] {
    entries.filter { $0.severity != "note" }.map { entry in
      command(
        entry.severity == "error" ? "error" : "warning", path: path, line: entry.line, column: entry.column,
        title: "flowcheck \(entry.id)", message: entry.message)
    }
  }

  public func render(_ report: SimulationReport) -> String {
    guard let violation = report.violation else { return "" }
    return command(
      "error", path: report.path, line: violation.location?.line ?? 1,
      column: violation.location?.column ?? 1,
      title: "flowcheck simulate \(violation.id)", message: ViolationMessage.plain(violation)) + "\n"
  }

  /// A file under the working directory is written relative to it (`.` and `..` resolved),
  /// as the runner resolves the path against the repository; a file outside it as given.
  func command(
    _ name: String, path: String, line: Int, column: Int, title: String, message: String
  ) -> String {
    "::\(name) file=\(Self.property(options.repositoryPath(path) ?? path)),line=\(line),col=\(column),title=\(Self.property(title))::\(Self.data(message))"
  }

  static func data(_ text: String) -> String {
    text.replacing("%", with: "%25").replacing("\r", with: "%0D").replacing("\n", with: "%0A")
  }

  static func property(_ text: String) -> String {
    data(text).replacing(":", with: "%3A").replacing(",", with: "%2C")
  }
}
