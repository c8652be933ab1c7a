import FlowModel

/// `--format sarif`: one SARIF 2.1.0 log for the whole run (OASIS, "Static Analysis Results
/// Interchange Format Version 2.1.0"), the format GitHub code scanning uploads.
///
/// - `runs[0].tool.driver.rules`: every invariant, with its `explain` text as the help, then
///   `incomplete` (a search a limit cut, or a bitstate search) and `spec-error` (a flow with
///   errors, or a file that cannot be read).
/// - `results`: one per violation, at its location, its trace as a code flow (one thread
///   flow location per step, at the handler the event reached when one ran); one per
///   incomplete search; one per error or warning of a file that could not be checked, and
///   one per warning of a flow that was (a screen never shown, say), at level `warning`.
/// - Against a baseline (`check --baseline`), every result has a `baselineState`: a
///   violation the baseline holds is `unchanged`, any other result `new`, and each entry no
///   longer found is a result of its own, `absent`, at level `note`.
///
/// A file under the directory flowcheck ran in is written relative to it, with `uriBaseId`
/// `%SRCROOT%` (`Specs/a.flow`, `./Specs/a.flow` and its absolute path alike are
/// `Specs/a.flow`: run it from the repository's root for code scanning to find the files);
/// a file outside it (`../a.flow`, `/elsewhere/a.flow`) as an absolute `file://` URI. Keys are sorted and nothing varies between runs.
public struct SARIFReport: ReportRenderer {
  public static let version = "2.1.0"
  public static let schema = "https://json.schemastore.org/sarif-2.1.0.json"

  public var options: RenderOptions

  public init(options: RenderOptions) { self.options = options }

  public func render(_ report: CheckReport) -> String { "" }
  public func render(_ report: SimulationReport) -> String { "" }

  /// The rule ids, in the order of `rules`: the invariants, then `incomplete`, `spec-error`.
  static var ruleIDs: [String] { InvariantRegistry.all.map(\.id.rawValue) + ["incomplete", "spec-error"] }

  public func render(run files: [FileResult]) -> String {
    var results: [JSONValue] = []
    let compared = files.contains {
      if case .checked(let report) = $0 { report.baselineCompared } else { false }
    }
    for file in files {
      var fileResults: [JSONValue] = []
      switch file {
      case .checked(let report):
        fileResults += diagnosticResults(report.warnings, path: report.path)
        fileResults += report.violations.map { result(for: $0, path: report.path) }
        if let incomplete = ViolationMessage.incompleteness(report) {
          fileResults.append(
            result(
              rule: "incomplete", level: "warning", message: incomplete, path: report.path, line: 1, column: 1
            ))
        }
        fileResults += report.fixedBaselineEntries.map { entry in
          withBaselineState(
            "absent",
            result(
              rule: entry.id, level: "note", message: ViolationMessage.fixed(entry), path: report.path,
              line: 1,
              column: 1))
        }
      case .failed(let failure):
        fileResults += diagnosticResults(failure.entries, path: failure.path)
      }
      // SARIF asks for `baselineState` on every result of a run once one has it: what the
      // baseline does not hold (a warning, an incomplete search) is new.
      results += compared ? fileResults.map { withBaselineState("new", $0, replacing: false) } : fileResults
    }
    let driver: JSONValue = .object([
      "name": .string("flowcheck"),
      "semanticVersion": .string(Self.toolVersion),
      "rules": .array(rules()),
    ])
    let log: JSONValue = .object([
      "$schema": .string(Self.schema),
      "version": .string(Self.version),
      "runs": .array([
        .object([
          "tool": .object(["driver": driver]),
          // flowcheck counts columns in UTF-8 bytes, as its diagnostics do; on the ASCII
          // lines of a flow these are UTF-16 code units too.
          "columnKind": .string("utf16CodeUnits"),
          "originalUriBaseIds": .object([
            "%SRCROOT%": .object(["description": .object(["text": .string("the directory flowcheck ran in")])]
            )
          ]),
          "results": .array(results),
        ])
      ]),
    ])
    return log.rendered() + "\n"
  }

  /// A `spec-error` result for each error and warning of a flow (its notes folded into the
  /// message): a failed file's, or the warnings of a flow that was checked.
  private func diagnosticResults(_ entries: [FileDiagnostics.Entry], path: String) -> [JSONValue] {
    entries.filter { $0.severity != "note" }.map { entry in
      let notes = entry.notes.map { " (note at \($0.line):\($0.column): \($0.message))" }.joined()
      return result(
        rule: "spec-error", level: entry.severity == "error" ? "error" : "warning",
        message: "[\(entry.id)] \(entry.message)\(notes)", path: path, line: entry.line, column: entry.column)
    }
  }

  /// The version SARIF names the tool by, the one `flowcheck --version` prints.
  public static let toolVersion = "0.1.0"

  private func rules() -> [JSONValue] {
    var rules: [JSONValue] = InvariantRegistry.all.map { invariant in
      let explanation = invariant.explanation
      let help = [
        "\(invariant.id.rawValue): holds when \(explanation.holdsWhen)",
        "What it checks: \(explanation.whatItChecks)", "Why it matters: \(explanation.whyItMatters)",
        "Typical cause: \(explanation.typicalCause)", "How to fix: \(explanation.howToFix)",
      ].joined(separator: "\n\n")
      return rule(
        id: invariant.id.rawValue, short: "Holds when \(explanation.holdsWhen)",
        full: explanation.whatItChecks,
        help: help, level: "error")
    }
    rules.append(
      rule(
        id: "incomplete", short: "The exploration did not cover every reachable state",
        full:
          "A limit (depth, states, time, memory) cut the search, or a bitstate search may have missed states.",
        help:
          "Raise the limit that was hit (--max-depth, --max-states, --max-seconds, --max-memory) or the flow's limits.",
        level: "warning"))
    rules.append(
      rule(
        id: "spec-error", short: "The .flow file has errors or cannot be read",
        full: "A flow with errors is not checked: fix each error at its location first.",
        help:
          "Each result names the diagnostic's id and message, as 'flowcheck' prints it on standard error.",
        level: "error"))
    return rules
  }

  private func rule(id: String, short: String, full: String, help: String, level: String) -> JSONValue {
    .object([
      "id": .string(id),
      "name": .string(Self.ruleName(id)),
      "shortDescription": .object(["text": .string(short)]),
      "fullDescription": .object(["text": .string(full)]),
      "help": .object(["text": .string(help)]),
      "defaultConfiguration": .object(["level": .string(level)]),
    ])
  }

  /// `shadow-sync` → `ShadowSync`: SARIF's rule names are identifiers.
  static func ruleName(_ id: String) -> String {
    id.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
  }

  /// `result` with `baselineState` set to `state`; an existing state is kept unless
  /// `replacing`.
  private func withBaselineState(_ state: String, _ result: JSONValue, replacing: Bool = true) -> JSONValue {
    guard case .object(var object) = result else { return result }
    if replacing || object["baselineState"] == nil { object["baselineState"] = .string(state) }
    return .object(object)
  }

  private func result(for violation: CheckReport.Violation, path: String) -> JSONValue {
    let line = violation.location?.line ?? 1
    let column = violation.location?.column ?? 1
    guard
      case .object(var object) = result(
        rule: violation.id, level: "error", message: ViolationMessage.line(violation), path: path, line: line,
        column: column)
    else { return .null }
    if let state = violation.baselineState { object["baselineState"] = .string(state.rawValue) }
    guard !violation.steps.isEmpty else { return .object(object) }
    var locations: [JSONValue] = []
    for (index, step) in violation.steps.enumerated() {
      locations.append(
        threadFlowLocation(
          "\(index + 1). \(step.event)", path: path, line: step.location?.line ?? line,
          column: step.location?.column ?? column))
    }
    object["codeFlows"] = .array([
      .object([
        "message": .object([
          "text": .string("the shortest trace, \(violation.steps.count) events from launch")
        ]),
        "threadFlows": .array([.object(["locations": .array(locations)])]),
      ])
    ])
    return .object(object)
  }

  private func result(
    rule: String, level: String, message: String, path: String, line: Int, column: Int
  ) -> JSONValue {
    .object([
      "ruleId": .string(rule),
      "ruleIndex": .int(Self.ruleIDs.firstIndex(of: rule) ?? 0),
      "level": .string(level),
      "message": .object(["text": .string(message)]),
      "locations": .array([.object(["physicalLocation": physicalLocation(path, line: line, column: column)])]
      ),
    ])
  }

  private func threadFlowLocation(_ message: String, path: String, line: Int, column: Int) -> JSONValue {
    .object([
      "location": .object([
        "message": .object(["text": .string(message)]),
        "physicalLocation": physicalLocation(path, line: line, column: column),
      ])
    ])
  }

  private func physicalLocation(_ givenPath: String, line: Int, column: Int) -> JSONValue {
    var artifact: [String: JSONValue]
    if let path = options.repositoryPath(givenPath) {
      artifact = ["uri": .string(Self.uri(path)), "uriBaseId": .string("%SRCROOT%")]
    } else if let path = options.absolutePath(givenPath) {
      // Outside the working directory: a reference to `%SRCROOT%` would name a file outside
      // the repository, which code scanning cannot show, so the file's own URI.
      artifact = ["uri": .string(Self.uri(path))]
    } else {
      // A relative path that climbs out, with no working directory to resolve it against.
      artifact = ["uri": .string(Self.uri(givenPath))]
    }
    return .object([
      "artifactLocation": .object(artifact),
      "region": .object(["startLine": .int(max(1, line)), "startColumn": .int(max(1, column))]),
    ])
  }

  /// A path as a URI reference (RFC 3986): unreserved characters and `/` kept, the rest
  /// percent-encoded byte by byte; an absolute path as a `file://` URI.
  static func uri(_ path: String) -> String {
    var encoded = ""
    var relative = Substring(path)
    while relative.hasPrefix("./") { relative = relative.dropFirst(2) }
    for byte in relative.utf8 {
      let character = Character(Unicode.Scalar(byte))
      if byte < 0x80, character.isLetter || character.isNumber || "-._~/".contains(character) {
        encoded.append(character)
      } else {
        let hex = String(byte, radix: 16, uppercase: true)
        encoded += "%" + (hex.count == 1 ? "0" + hex : hex)
      }
    }
    return path.hasPrefix("/") ? "file://" + encoded : encoded
  }
}
