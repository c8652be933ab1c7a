import FlowLanguage

/// A file that could not be checked, with its diagnostics as data: its errors (a flow that
/// does not parse or resolve, exit 65), or why it could not be read (exit 66). Machine
/// formats carry these on standard output too, so that a spec error is not only a line on
/// standard error that a CI step never shows.
public struct FileDiagnostics: Sendable, Equatable {
  /// One diagnostic with its line and column, and its notes.
  public struct Entry: Sendable, Equatable {
    /// `error`, `warning` or `note`.
    public var severity: String
    /// The catalogue id (`unknown-screen`); `unreadable-file` for a file that cannot be read.
    public var id: String
    public var message: String
    public var line: Int
    public var column: Int
    public var notes: [Note]

    public init(severity: String, id: String, message: String, line: Int, column: Int, notes: [Note] = []) {
      self.severity = severity
      self.id = id
      self.message = message
      self.line = line
      self.column = column
      self.notes = notes
    }
  }

  /// A note of a diagnostic, pointing at a place of its own.
  public struct Note: Sendable, Equatable {
    public var message: String
    public var line: Int
    public var column: Int
  }

  public var path: String
  /// The run's exit code for this file: 65 for errors in the flow, 66 when it cannot be read.
  public var exitCode: Int32
  public var entries: [Entry]

  public init(path: String, exitCode: Int32, entries: [Entry]) {
    self.path = path
    self.exitCode = exitCode
    self.entries = entries
  }

  /// The diagnostics of a flow, located in its source.
  public init(source: SourceFile, diagnostics: [Diagnostic], exitCode: Int32 = 65) {
    self.path = source.path
    self.exitCode = exitCode
    self.entries = diagnostics.map { diagnostic in
      let point = source.location(of: diagnostic.offset)
      return Entry(
        severity: diagnostic.severity.rawValue, id: diagnostic.id.rawValue, message: diagnostic.message,
        line: point.line, column: point.column,
        notes: diagnostic.notes.map { note in
          let at = source.location(of: note.offset)
          return Note(message: note.message, line: at.line, column: at.column)
        })
    }
  }

  /// A file that cannot be read, or a directory without flows: one error at its first line.
  public init(unreadable path: String, message: String, exitCode: Int32 = 66) {
    self.init(
      path: path, exitCode: exitCode,
      entries: [
        Entry(
          severity: "error", id: DiagnosticID.unreadableFile.rawValue, message: message, line: 1, column: 1)
      ])
  }
}

/// What one path argument of a run gave: a report, or diagnostics instead of one.
public enum FileResult: Sendable {
  case checked(CheckReport)
  case failed(FileDiagnostics)

  public var path: String {
    switch self {
    case .checked(let report): report.path
    case .failed(let failure): failure.path
    }
  }
}
