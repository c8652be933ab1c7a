import FlowLanguage

/// `--format junit`: one JUnit XML document for the whole run, the format CI systems
/// (Jenkins, GitLab, GitHub test-report actions, Xcode Cloud's importers) show as tests:
/// a `testsuite` per file, a `testcase` per invariant and per property of the flow, and one
/// named `exploration` that fails when a limit cut the search. A violated property's
/// `failure` carries its whole trace as `check` tells it; a property that does not apply,
/// or that the search could not settle, is `skipped` with the reason. A file that could not
/// be checked is a suite with one `error` test case listing its diagnostics. Against a
/// baseline, a known violation is `skipped` with the reason, and each entry no longer found
/// is a `skipped` case named `baseline ID` saying it is fixed.
///
/// No times are written: the same run gives the same bytes.
public struct JUnitReport: ReportRenderer {
  public init(options: RenderOptions) {}

  public func render(_ report: CheckReport) -> String { "" }
  public func render(_ report: SimulationReport) -> String { "" }

  /// One test case: its name, and what happened to it.
  private struct Case {
    enum Result {
      case passed
      case failed(type: String, message: String, body: String)
      case error(type: String, message: String, body: String)
      case skipped(String)
    }
    var name: String
    var line: Int?
    var result: Result
  }

  public func render(run files: [FileResult]) -> String {
    let suites = files.map { ($0.path, cases(for: $0)) }
    let all = suites.flatMap(\.1)
    var lines = [
      XMLText.declaration,
      #"<testsuites name="flowcheck" \#(counts(all))>"#,
    ]
    for (path, cases) in suites {
      let name = XMLText.escape(path)
      lines.append(#"  <testsuite name="\#(name)" \#(counts(cases))>"#)
      for testCase in cases {
        let line = testCase.line.map { #" line="\#($0)""# } ?? ""
        let head =
          #"    <testcase classname="\#(name)" name="\#(XMLText.escape(testCase.name))" file="\#(name)"\#(line)"#
        switch testCase.result {
        case .passed:
          lines.append(head + "/>")
        case .skipped(let message):
          lines.append(head + ">")
          lines.append(#"      <skipped message="\#(XMLText.escape(message))"/>"#)
          lines.append("    </testcase>")
        case .failed(let type, let message, let body), .error(let type, let message, let body):
          let element: String
          if case .failed = testCase.result { element = "failure" } else { element = "error" }
          lines.append(head + ">")
          lines.append(
            #"      <\#(element) type="\#(XMLText.escape(type))" message="\#(XMLText.escape(message))">"#
              + XMLText.escape(body) + "</\(element)>")
          lines.append("    </testcase>")
        }
      }
      lines.append("  </testsuite>")
    }
    lines.append("</testsuites>")
    return lines.joined(separator: "\n") + "\n"
  }

  private func counts(_ cases: [Case]) -> String {
    var failures = 0
    var errors = 0
    var skipped = 0
    for testCase in cases {
      switch testCase.result {
      case .passed: break
      case .failed: failures += 1
      case .error: errors += 1
      case .skipped: skipped += 1
      }
    }
    return #"tests="\#(cases.count)" failures="\#(failures)" errors="\#(errors)" skipped="\#(skipped)""#
  }

  private func cases(for file: FileResult) -> [Case] {
    switch file {
    case .failed(let failure):
      let errors = failure.entries.filter { $0.severity == "error" }
      let body = failure.entries.map {
        "\(failure.path):\($0.line):\($0.column): \($0.severity): \($0.message)"
      }
      .joined(separator: "\n")
      let message = errors.first?.message ?? "the file could not be checked"
      return [
        Case(
          name: "flow", line: errors.first?.line,
          result: .error(
            type: failure.exitCode == 65 ? "spec-error" : "unreadable", message: message, body: body)
        )
      ]
    case .checked(let report):
      var cases: [Case] = []
      let story = TextReport()
      var remaining = report.violations
      for verdict in report.verdicts {
        let name = verdict.text.map { "\(verdict.id) \($0)" } ?? verdict.id
        var line: Int?
        let result: Case.Result
        switch verdict.status {
        case .holds, .reached:
          result = .passed
        case .notApplicable:
          result = .skipped("not applicable" + (verdict.note.map { ": \($0)" } ?? ""))
        case .unknown:
          result = .skipped(
            "not violated so far" + (verdict.note.map { " (\($0))" } ?? " (exploration incomplete)"))
        case .violated:
          // Violations come in verdict order; a property's are those with its id and text,
          // one per place that breaks it: the case fails with the first (the shortest trace)
          // and tells every new one.
          let own = remaining.filter { $0.id == verdict.id && $0.text == verdict.text }
          remaining.removeAll { $0.id == verdict.id && $0.text == verdict.text }
          if let violation = own.first {
            line = violation.location?.line
            let new = own.filter { $0.baselineState != .unchanged }
            if let first = new.first {
              let body = new.map { story.story($0, path: report.path).joined(separator: "\n") }
              let more = new.count > 1 ? " (and \(new.count - 1) more place(s))" : ""
              line = first.location?.line
              result = .failed(
                type: first.id, message: ViolationMessage.plain(first) + more,
                body: body.joined(separator: "\n\n"))
            } else {
              result = .skipped("known violation, in the baseline: " + ViolationMessage.plain(violation))
            }
          } else {
            result = .failed(type: verdict.id, message: "violated", body: "")
          }
        }
        cases.append(Case(name: name, line: line, result: result))
      }
      let exploration: Case.Result
      switch report.outcome {
      case .incomplete, .partial:
        exploration = .failed(
          type: "incomplete", message: ViolationMessage.incompleteness(report) ?? "incomplete", body: "")
      case .violated:
        exploration =
          report.incompleteReason == nil
          ? .passed
          : .failed(
            type: "incomplete", message: ViolationMessage.incompleteness(report) ?? "incomplete", body: "")
      case .verified:
        exploration = .passed
      }
      cases.append(Case(name: "exploration", line: nil, result: exploration))
      for entry in report.fixedBaselineEntries {
        cases.append(
          Case(name: "baseline \(entry.id)", line: nil, result: .skipped(ViolationMessage.fixed(entry))))
      }
      return cases
    }
  }
}
