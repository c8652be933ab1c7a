import FlowLanguage
import FlowReport

/// Everything that makes a run, or one file of it, fail.
///
/// `Console.report(_:)` below is the one place where a failure becomes output and an
/// exit code; commands never print an error or pick a code themselves.
enum CommandFailure: Error {
  /// The command line is wrong (64).
  case usage(UsageError)
  /// A file cannot be read: missing, a directory, no permission (66).
  case unreadable(path: String, reason: String)
  /// `fmt --in-place` could not write a file back (66).
  case unwritable(path: String, reason: String)
  /// A `.flow` file has errors; all its diagnostics are printed (65).
  case flowHasErrors(SourceFile, [Diagnostic])
  /// `fmt --check` found a file that is not in canonical form (1).
  case notFormatted(path: String)
  /// A trace file is not one flowcheck can read: `position` is a line and column (65).
  case badTrace(path: String, line: Int, column: Int, message: String)
  /// A file given to `merge` is not a swarm result flowcheck can read, at a line and
  /// column (65).
  case badSwarmResult(path: String, line: Int, column: Int, message: String)
  /// A `--baseline` file is not a baseline flowcheck can read, at a line and column (65).
  case badBaseline(path: String, line: Int, column: Int, message: String)
  /// A directory argument holds no `.flow` file: nothing to check, as for a missing file (66).
  case noFlowFiles(directory: String)
  /// A walk of a directory argument met something it cannot read or name (`FlowPaths`):
  /// `message` says what (66).
  case notWalked(path: String, message: String)
  /// `extract` cannot draft from Swift sources: a file swiftc cannot parse, swiftc printing
  /// what flowcheck cannot read, no coordinator found; `note` says what to do (65).
  case swiftSources(path: String, line: Int, column: Int, message: String, note: String?)

  var exitCode: ExitCode {
    switch self {
    case .usage: .usage
    case .unreadable, .unwritable, .noFlowFiles, .notWalked: .cannotRead
    case .flowHasErrors, .badTrace, .badSwarmResult, .badBaseline, .swiftSources: .flowHasErrors
    case .notFormatted: .violated
    }
  }
}

extension CommandFailure {
  /// The failure of one file as data, for the formats that carry diagnostics on standard
  /// output (JSON, SARIF, JUnit, Checkstyle, GitHub Actions).
  var diagnostics: FileDiagnostics {
    let code = exitCode.rawValue
    switch self {
    case .flowHasErrors(let source, let diagnostics):
      return FileDiagnostics(source: source, diagnostics: diagnostics, exitCode: code)
    case .unreadable(let path, let reason):
      return FileDiagnostics(unreadable: path, message: "cannot read file: \(reason)", exitCode: code)
    case .unwritable(let path, let reason):
      return FileDiagnostics(unreadable: path, message: "cannot write file: \(reason)", exitCode: code)
    case .noFlowFiles(let directory):
      return FileDiagnostics(unreadable: directory, message: Self.noFlowFilesMessage, exitCode: code)
    case .notWalked(let path, let message):
      return FileDiagnostics(unreadable: path, message: message, exitCode: code)
    case .notFormatted(let path):
      return FileDiagnostics(unreadable: path, message: "not formatted", exitCode: code)
    case .badTrace(let path, _, _, let message), .badSwarmResult(let path, _, _, let message),
      .badBaseline(let path, _, _, let message), .swiftSources(let path, _, _, let message, _):
      return FileDiagnostics(unreadable: path, message: message, exitCode: code)
    case .usage(let error):
      return FileDiagnostics(unreadable: "", message: error.message, exitCode: code)
    }
  }

  static let noFlowFilesMessage =
    "no .flow file in this directory or below it (hidden ones skipped); pass .flow files or a directory holding some"
}

extension Console {
  /// Prints `failure` on standard error and returns its exit code.
  mutating func report(_ failure: CommandFailure) -> ExitCode {
    switch failure {
    case .usage(let error):
      let spec = CommandSpec.spec(for: error.subcommand == .check ? nil : error.subcommand)
      writeError(error.errorLine + "\n")
      writeError("Usage: " + (spec.usage.first ?? spec.commandName) + "\n")
      writeError("See '\(spec.commandName) --help'.\n")
    case .unreadable(let path, let reason):
      writeError(fileError(path, "cannot read file: \(reason)"))
    case .unwritable(let path, let reason):
      writeError(fileError(path, "cannot write file: \(reason)"))
    case .flowHasErrors(let source, let diagnostics):
      printDiagnostics(diagnostics, in: source)
    case .notFormatted(let path):
      writeError("\(path): not formatted\n")
    case .noFlowFiles(let directory):
      writeError(fileError(directory, CommandFailure.noFlowFilesMessage))
    case .notWalked(let path, let message):
      writeError(fileError(path, message))
    case .badTrace(let path, let line, let column, let message):
      writeError(fileError(path, message, line: line, column: column))
      writeError(
        "\(path):\(line):\(column): note: write trace files with 'flowcheck check FILE --trace-dir DIR'\n")
    case .badSwarmResult(let path, let line, let column, let message):
      writeError(fileError(path, message, line: line, column: column))
      writeError(
        "\(path):\(line):\(column): note: write result files with 'flowcheck check FILE --swarm K/N'\n")
    case .swiftSources(let path, let line, let column, let message, let note):
      writeError(fileError(path, message, line: line, column: column))
      if let note { writeError("\(path):\(line):\(column): note: \(note)\n") }
    case .badBaseline(let path, let line, let column, let message):
      writeError(fileError(path, message, line: line, column: column))
      writeError(
        "\(path):\(line):\(column): note: write a baseline with 'flowcheck check FILE… --write-baseline \(path)'\n"
      )
    }
    return failure.exitCode
  }

  /// Prints diagnostics on standard error, one per line (notes on lines of their own),
  /// as `path:line:col: error|warning|note: message`, in the order given.
  mutating func printDiagnostics(_ diagnostics: [Diagnostic], in source: SourceFile) {
    let renderer = DiagnosticRenderer(colour: colour)
    for diagnostic in diagnostics {
      let text = renderer.render(diagnostic, in: source)
      writeError(text.hasSuffix("\n") ? text : text + "\n")
    }
  }

  /// `path: error: message` for a file that has no line to point at.
  /// An error about a whole file, at its first line and column as every other error is
  /// (`path:1:1: error: …`), so that editors and CI annotations that parse
  /// `path:line:col` find it.
  private func fileError(_ path: String, _ message: String, line: Int = 1, column: Int = 1) -> String {
    guard colour else { return "\(path):\(line):\(column): error: \(message)\n" }
    // The same escapes as `DiagnosticRenderer`: bold location and message, bold red severity.
    return
      "\u{1B}[1m\(path):\(line):\(column):\u{1B}[0m \u{1B}[1;31merror:\u{1B}[0m \u{1B}[1m\(message)\u{1B}[0m\n"
  }
}
