import FlowReport

/// An output format of `check` and `simulate`: the name `--format` takes and the renderer
/// it picks.
struct OutputFormat: Equatable, Sendable {
  /// What `--format` takes: `text`.
  var name: String
  var renderer: any ReportRenderer.Type

  /// Every format, in the order help and errors list them. A new format is one line here
  /// and its renderer, a `ReportRenderer` in FlowReport.
  static let all: [OutputFormat] = [
    text,
    OutputFormat(name: "json", renderer: JSONReport.self),
  ]

  /// The format without `--format`: the human report.
  static let text = OutputFormat(name: "text", renderer: TextReport.self)

  /// The format `--format` names, if any.
  static func named(_ name: String) -> OutputFormat? { all.first { $0.name == name } }

  /// The names, quoted, as a usage error lists them: `'text' or 'json'`.
  static var quotedNames: String { alternatives(all.map { "'\($0.name)'" }) }

  /// The names as help lists them: `text or json`.
  static var plainNames: String { alternatives(all.map(\.name)) }

  /// `a`, `a or b`, `a, b or c`.
  private static func alternatives(_ words: [String]) -> String {
    guard let last = words.last else { return "" }
    let rest = words.dropLast()
    return rest.isEmpty ? last : rest.joined(separator: ", ") + " or " + last
  }

  /// This format's renderer, set up as the command line asks.
  func makeRenderer(_ options: RenderOptions) -> any ReportRenderer {
    renderer.init(options: options)
  }

  static func == (lhs: OutputFormat, rhs: OutputFormat) -> Bool { lhs.name == rhs.name }
}
