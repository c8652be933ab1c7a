/// One flow checked under every runtime (`flowcheck check FILE --runtime all`): per
/// runtime either its check report or the positioned reason it cannot express the flow,
/// and the table invariant × runtime built from them. Rendered as text or JSON; the same
/// flow always gives the same bytes (no timing, runtimes in registry order).
public struct RuntimeComparison: Sendable {
  /// Where and why a runtime's front end refused the flow: its first error.
  public struct Refusal: Sendable, Equatable {
    public var line: Int
    public var column: Int
    public var id: String
    public var message: String
    /// How many errors the runtime's front end reports in all.
    public var errors: Int

    public init(line: Int, column: Int, id: String, message: String, errors: Int = 1) {
      self.line = line
      self.column = column
      self.id = id
      self.message = message
      self.errors = errors
    }
  }

  /// One runtime's column.
  public enum Column: Sendable {
    case checked(CheckReport)
    case cannotExpress(Refusal)
  }

  /// One cell of the table.
  public enum Cell: Sendable, Equatable {
    case ok
    case violated(steps: Int?)
    case reached(steps: Int?)
    case unknown
    case notApplicable
    /// The runtime cannot express the flow (its reason is given below the table).
    case cannotExpress

    /// The words in the text table.
    public var text: String {
      switch self {
      case .ok: "ok"
      case .violated(let steps): steps.map { "violated (\($0) \($0 == 1 ? "step" : "steps"))" } ?? "violated"
      case .reached(let steps): steps.map { "reached (\($0) \($0 == 1 ? "step" : "steps"))" } ?? "reached"
      case .unknown: "unknown"
      case .notApplicable: "n/a"
      case .cannotExpress: "cannot express"
      }
    }

    /// The status in JSON.
    public var status: String {
      switch self {
      case .ok: "ok"
      case .violated: "violated"
      case .reached: "reached"
      case .unknown: "unknown"
      case .notApplicable: "not-applicable"
      case .cannotExpress: "cannot-express"
      }
    }

    var steps: Int? {
      switch self {
      case .violated(let steps), .reached(let steps): steps
      default: nil
      }
    }
  }

  /// One line of the table: an invariant, or a property of the flow.
  public struct Row: Sendable, Equatable {
    public var id: String
    /// The property's expression, for the flow's own properties.
    public var text: String?
    public var cells: [Cell]

    /// The first column of the text table: the invariant's id, or the property as the
    /// flow writes it (`always …`).
    public var label: String { text.map { "\(id) \($0)" } ?? id }
  }

  public var path: String
  /// The modelled runtimes' names, in registry order, one per column.
  public var runtimes: [String]
  public var columns: [Column]

  public init(path: String, runtimes: [String], columns: [Column]) {
    precondition(runtimes.count == columns.count, "one column per runtime")
    self.path = path
    self.runtimes = runtimes
    self.columns = columns
  }

  /// The table's rows: every verdict any runtime reports, in the order the reports list
  /// them (invariants in `InvariantID` order, then the flow's properties).
  public var rows: [Row] {
    var keys: [(id: String, text: String?)] = []
    for case .checked(let report) in columns {
      for verdict in report.verdicts
      where !keys.contains(where: { $0.id == verdict.id && $0.text == verdict.text }) {
        keys.append((verdict.id, verdict.text))
      }
    }
    return keys.map { key in
      let cells = columns.map { column -> Cell in
        guard case .checked(let report) = column else { return .cannotExpress }
        guard let verdict = report.verdicts.first(where: { $0.id == key.id && $0.text == key.text }) else {
          return .notApplicable
        }
        switch verdict.status {
        case .holds: return .ok
        case .violated: return .violated(steps: verdict.traceLength)
        case .reached: return .reached(steps: verdict.traceLength)
        case .unknown: return .unknown
        case .notApplicable: return .notApplicable
        }
      }
      return Row(id: key.id, text: key.text, cells: cells)
    }
  }

  /// The run's exit code: 1 when a runtime that can express the flow violates something,
  /// else 2 when one of them was incomplete or partial, else 0; 65 when no runtime can
  /// express the flow at all.
  public var exitCode: Int32 {
    let reports = columns.compactMap { column -> CheckReport? in
      if case .checked(let report) = column { return report }
      return nil
    }
    guard !reports.isEmpty else { return 65 }
    if reports.contains(where: { $0.outcome == .violated }) { return 1 }
    if reports.contains(where: { $0.outcome == .incomplete || $0.outcome == .partial }) { return 2 }
    return 0
  }

  // MARK: - Text

  /// The side-by-side table, then each runtime's outcome, then the reasons of the runtimes
  /// that cannot express the flow, as `path:line:col: message`.
  public var text: String {
    let rows = rows
    var lines = ["flowcheck \(path) — every runtime", ""]
    let header = ["invariant"] + runtimes
    let body = rows.map { [$0.label] + $0.cells.map(\.text) }
    let table = [header] + body
    let widths = header.indices.map { column in table.map { $0[column].count }.max() ?? 0 }
    for (index, line) in table.enumerated() {
      let padded = line.enumerated().map { column, word in
        column == line.count - 1 ? word : word + String(repeating: " ", count: widths[column] - word.count)
      }
      lines.append("  " + padded.joined(separator: "  "))
      if index == 0 {
        lines.append("  " + widths.map { String(repeating: "-", count: $0) }.joined(separator: "  "))
      }
    }
    lines.append("")
    lines.append("runtimes")
    let nameWidth = runtimes.map(\.count).max() ?? 0
    for (name, column) in zip(runtimes, columns) {
      let padded = name + String(repeating: " ", count: nameWidth - name.count)
      switch column {
      case .checked(let report):
        lines.append("  \(padded)  \(report.outcome.rawValue), \(report.states) states")
      case .cannotExpress(let refusal):
        lines.append(
          "  \(padded)  cannot express the flow: \(path):\(refusal.line):\(refusal.column): \(refusal.message)"
        )
        if refusal.errors > 1 {
          let indent = String(repeating: " ", count: nameWidth + 4)
          lines.append(
            "\(indent)(the first of \(refusal.errors) errors; 'flowcheck check \(path) --runtime \(name)' lists them)"
          )
        }
      }
    }
    lines.append("")
    lines.append(verdictLine)
    return lines.joined(separator: "\n") + "\n"
  }

  private var verdictLine: String {
    let violating = zip(runtimes, columns).compactMap { name, column -> String? in
      guard case .checked(let report) = column, report.outcome == .violated else { return nil }
      return name
    }
    let expressible = zip(runtimes, columns).filter {
      if case .checked = $0.1 { return true }
      return false
    }.count
    switch exitCode {
    case 65: return "verdict: no runtime can express the flow"
    case 1: return "verdict: VIOLATED under \(violating.joined(separator: ", "))"
    case 2: return "verdict: INCOMPLETE — a runtime hit a bound before finishing"
    default:
      return
        "verdict: VERIFIED under every runtime that can express the flow (\(expressible) of \(runtimes.count))"
    }
  }

  // MARK: - JSON

  /// The same table as data: `runtimes` (name, and outcome and states, or the refusal) and
  /// `rows` (id, property text, and a cell per runtime with its status and trace length).
  public var json: JSONValue {
    let runtimeValues = zip(runtimes, columns).map { name, column -> JSONValue in
      switch column {
      case .checked(let report):
        return .object([
          "name": .string(name), "expressible": .bool(true), "outcome": .string(report.outcome.rawValue),
          "states": .int(report.states),
        ])
      case .cannotExpress(let refusal):
        return .object([
          "name": .string(name), "expressible": .bool(false),
          "reason": .object([
            "line": .int(refusal.line), "column": .int(refusal.column), "id": .string(refusal.id),
            "message": .string(refusal.message), "errors": .int(refusal.errors),
          ]),
        ])
      }
    }
    let rowValues = rows.map { row -> JSONValue in
      var cells: [String: JSONValue] = [:]
      for (name, cell) in zip(runtimes, row.cells) {
        var object: [String: JSONValue] = ["status": .string(cell.status)]
        if let steps = cell.steps { object["traceLength"] = .int(steps) }
        cells[name] = .object(object)
      }
      var object: [String: JSONValue] = ["id": .string(row.id), "cells": .object(cells)]
      if let text = row.text { object["property"] = .string(text) }
      return .object(object)
    }
    return .object([
      "schemaVersion": .int(JSONReport.schemaVersion),
      "path": .string(path),
      "command": .string("check --runtime all"),
      "exitCode": .int(Int(exitCode)),
      "runtimes": .array(runtimeValues),
      "rows": .array(rowValues),
    ])
  }
}
