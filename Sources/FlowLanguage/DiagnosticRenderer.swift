/// Prints diagnostics the way compilers do: `path:line:col: error: message`, 1-based, columns
/// in UTF-8 bytes, then one `path:line:col: note: …` line per note.
///
/// Colour (ANSI escapes: bold location and message, red error, magenta warning, grey note)
/// is added only when asked; the caller decides, typically "only on a terminal".
public struct DiagnosticRenderer: Sendable {
  public var colour: Bool

  public init(colour: Bool) { self.colour = colour }

  /// The diagnostic and its notes, each line ending in a newline.
  public func render(_ diagnostic: Diagnostic, in source: SourceFile) -> String {
    var output = line(diagnostic.severity, diagnostic.message, at: diagnostic.offset, in: source)
    for note in diagnostic.notes {
      output += line(.note, note.message, at: note.offset, in: source)
    }
    return output
  }

  /// Several diagnostics, in the order given.
  public func render(_ diagnostics: [Diagnostic], in source: SourceFile) -> String {
    diagnostics.map { render($0, in: source) }.joined()
  }

  private static let reset = "\u{1B}[0m"
  private static let bold = "\u{1B}[1m"

  private func line(_ severity: Severity, _ message: String, at offset: Int, in source: SourceFile) -> String
  {
    let location = "\(source.path):\(source.location(of: offset)):"
    guard colour else { return "\(location) \(severity.rawValue): \(message)\n" }
    let severityColour: String
    switch severity {
    case .error: severityColour = "\u{1B}[1;31m"
    case .warning: severityColour = "\u{1B}[1;35m"
    case .note: severityColour = "\u{1B}[1;90m"
    }
    let text = severity == .note ? message : Self.bold + message + Self.reset
    return Self.bold + location + Self.reset + " " + severityColour + severity.rawValue + ":" + Self.reset
      + " " + text + "\n"
  }
}
