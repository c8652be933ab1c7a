/// `--format checkstyle`: one Checkstyle XML document for the whole run (the format
/// SwiftLint's `checkstyle` reporter writes and Jenkins' Warnings plugin, Danger and
/// reviewdog read): a `file` per path, an `error` per violation at its location, with
/// `source` the invariant as `flowcheck.ID`; the flow's own errors and warnings (of a flow
/// that was checked too) as `flowcheck.spec.ID`, and an incomplete search as a warning.
/// Against a baseline, a known violation and a fixed entry (`flowcheck.baseline-fixed`) are
/// `info`.
public struct CheckstyleReport: ReportRenderer {
  public init(options: RenderOptions) {}

  public func render(_ report: CheckReport) -> String { "" }
  public func render(_ report: SimulationReport) -> String { "" }

  public func render(run files: [FileResult]) -> String {
    var lines = [XMLText.declaration, #"<checkstyle version="4.3">"#]
    for file in files {
      lines.append(#"  <file name="\#(XMLText.escape(file.path))">"#)
      switch file {
      case .checked(let report):
        lines += diagnostics(report.warnings)
        for violation in report.violations {
          let known = violation.baselineState == .unchanged
          lines.append(
            error(
              line: violation.location?.line ?? 1, column: violation.location?.column ?? 1,
              severity: known ? "info" : "error",
              message: ViolationMessage.plain(violation) + (known ? " (known: in the baseline)" : ""),
              source: "flowcheck.\(violation.id)"))
        }
        for entry in report.fixedBaselineEntries {
          lines.append(
            error(
              line: 1, column: 1, severity: "info", message: ViolationMessage.fixed(entry),
              source: "flowcheck.baseline-fixed"))
        }
        if let incomplete = ViolationMessage.incompleteness(report) {
          lines.append(
            error(
              line: 1, column: 1, severity: "warning", message: incomplete, source: "flowcheck.incomplete"))
        }
      case .failed(let failure):
        lines += diagnostics(failure.entries)
      }
      lines.append("  </file>")
    }
    lines.append("</checkstyle>")
    return lines.joined(separator: "\n") + "\n"
  }

  /// An `error` element for each error and warning of a flow, with its severity: a failed
  /// file's, or the warnings of a flow that was checked.
  private func diagnostics(_ entries: [FileDiagnostics.Entry]) -> [String] {
    entries.filter { $0.severity != "note" }.map { entry in
      error(
        line: entry.line, column: entry.column, severity: entry.severity == "error" ? "error" : "warning",
        message: entry.message, source: "flowcheck.spec.\(entry.id)")
    }
  }

  private func error(line: Int, column: Int, severity: String, message: String, source: String) -> String {
    #"    <error line="\#(line)" column="\#(column)" severity="\#(severity)" "#
      + #"message="\#(XMLText.escape(message))" source="\#(XMLText.escape(source))"/>"#
  }
}
