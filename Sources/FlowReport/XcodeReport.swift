/// `--format xcode`: one `path:line:col: error: [id] message` line per violation, followed
/// by a `note:` line saying what the location is, the convention of compilers that Xcode,
/// editors and terminals turn into clickable issues (SwiftLint's `xcode` reporter prints the
/// same shape). An incomplete or partial search is a `warning:` at the file's first line.
/// Against a baseline, a known violation is a `warning:` and a fixed entry a `note:`.
///
/// The flow's own diagnostics are already `path:line:col:` lines on standard error, which
/// Xcode reads too, so a file with errors adds nothing here.
public struct XcodeReport: ReportRenderer {
  public init(options: RenderOptions) {}

  public func render(_ report: CheckReport) -> String {
    var lines: [String] = []
    for violation in report.violations {
      let location = violation.location
      let at = "\(report.path):\(location?.line ?? 1):\(location?.column ?? 1):"
      if violation.baselineState == .unchanged {
        lines.append("\(at) warning: " + ViolationMessage.line(violation) + " (known: in the baseline)")
      } else {
        lines.append("\(at) error: " + ViolationMessage.line(violation))
      }
      if let location { lines.append("\(at) note: \(violation.id) is located at the \(location.what)") }
    }
    if let incomplete = ViolationMessage.incompleteness(report) {
      lines.append("\(report.path):1:1: warning: [incomplete] " + incomplete)
    }
    for entry in report.fixedBaselineEntries {
      lines.append("\(report.path):1:1: note: " + ViolationMessage.fixed(entry))
    }
    return lines.map { $0 + "\n" }.joined()
  }

  /// The violation a walk found, as `check` reports it.
  public func render(_ report: SimulationReport) -> String {
    guard let violation = report.violation else { return "" }
    let location = violation.location
    return "\(report.path):\(location?.line ?? 1):\(location?.column ?? 1): error: "
      + ViolationMessage.line(violation) + "\n"
  }
}
