import FlowReport

/// An output format of `check` and `simulate`: the name `--format` takes and the renderer
/// it picks.
struct OutputFormat: Equatable, Sendable {
  /// What `--format` takes: `text`.
  var name: String
  var renderer: any ReportRenderer.Type
  /// Whether `simulate` offers it: the formats of one document per run are for `check`.
  var simulates = true

  /// Every format, in the order help and errors list them. A new format is one line here
  /// and its renderer, a `ReportRenderer` in FlowReport. The names are SwiftLint's
  /// reporters', so that a team's CI reads them the same way.
  static let all: [OutputFormat] = [
    text,
    OutputFormat(name: "json", renderer: JSONReport.self),
    OutputFormat(name: "xcode", renderer: XcodeReport.self, simulates: false),
    OutputFormat(name: "junit", renderer: JUnitReport.self, simulates: false),
    OutputFormat(name: "sarif", renderer: SARIFReport.self, simulates: false),
    OutputFormat(name: "github-actions-logging", renderer: GitHubActionsReport.self, simulates: false),
    OutputFormat(name: "checkstyle", renderer: CheckstyleReport.self, simulates: false),
  ]

  /// The formats `simulate` offers.
  static var simulation: [OutputFormat] { all.filter(\.simulates) }

  /// The format without `--format`: the human report.
  static let text = OutputFormat(name: "text", renderer: TextReport.self)

  /// The format `--format` names, if any, among `formats`.
  static func named(_ name: String, among formats: [OutputFormat] = all) -> OutputFormat? {
    formats.first { $0.name == name }
  }

  /// The names, quoted, as a usage error lists them: `'text' or 'json'`.
  static func quotedNames(_ formats: [OutputFormat] = all) -> String {
    alternatives(formats.map { "'\($0.name)'" })
  }

  /// The names as help lists them: `text or json`.
  static func plainNames(_ formats: [OutputFormat] = all) -> String { alternatives(formats.map(\.name)) }

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
