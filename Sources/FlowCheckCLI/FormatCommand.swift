import FlowLanguage
import FlowModel

/// `flowcheck fmt FILE… [--check | --in-place [--overwrite-read-only]]`: the canonical
/// form of each file (a directory stands for the `.flow` files under it), from the parser
/// and `FlowFormatter`, comments kept; `--in-place` writes through
/// `FileSystem.replaceContents`.
///
/// Only syntax matters: a file with name errors is still formatted; a file that does not
/// parse gets its diagnostics printed and is left untouched (exit 65). With several files,
/// printed output puts `==> path <==` before each. The file `-` is standard input, named
/// `<stdin>` in diagnostics: `fmt -` is an editor's format-on-save, text in and out.
enum FormatCommand {
  static func run<Output, ErrorOutput>(
    _ options: FormatOptions, console: inout Console<Output, ErrorOutput>
  ) -> ExitCode {
    var outcome = ExitCode.verified
    let expansions = FlowPaths.expand(options.files)
    let paths = expansions.flatMap { expansion -> [String] in
      if case .files(let paths) = expansion { return paths }
      return []
    }
    for expansion in expansions {
      switch expansion {
      case .files: break
      case .emptyDirectory(let directory):
        outcome = outcome.combined(with: console.report(.noFlowFiles(directory: directory)))
      case .notWalked(let path, let message):
        outcome = outcome.combined(with: console.report(.notWalked(path: path, message: message)))
      }
    }
    for path in paths {
      outcome = outcome.combined(
        with: format(path, options: options, headed: paths.count > 1, console: &console))
    }
    return outcome
  }

  private static func format<Output, ErrorOutput>(
    _ path: String, options: FormatOptions, headed: Bool, console: inout Console<Output, ErrorOutput>
  ) -> ExitCode {
    let bytes: [UInt8]
    let name = path == "-" ? StandardInput.name : path
    do {
      bytes = try path == "-" ? console.standardInput.contents().get() : FileSystem.contents(of: path)
    } catch {
      return console.report(.unreadable(path: name, reason: error.reason))
    }
    let source = SourceFile(path: name, bytes: bytes)
    let parsed = Parser.parse(source, libraries: RuntimeRegistry.libraries)
    if parsed.diagnostics.contains(where: { $0.severity == .error }) {
      return console.report(.flowHasErrors(source, parsed.diagnostics))
    }
    let formatted = FlowFormatter.format(parsed.file)
    let changed = Array(formatted.utf8) != bytes

    switch options.mode {
    case .print:
      if headed { console.write("==> \(name) <==\n") }
      console.write(formatted.isEmpty || formatted.hasSuffix("\n") ? formatted : formatted + "\n")
    case .check:
      if changed { return console.report(.notFormatted(path: name)) }
    case .inPlace:
      guard changed else { return .verified }
      do {
        try FileSystem.replaceContents(
          of: path, with: Array(formatted.utf8), overwritingReadOnly: options.overwriteReadOnly,
          readOnlyHint: "make it writable, or pass '--overwrite-read-only' to rewrite it anyway")
      } catch {
        return console.report(.unwritable(path: path, reason: error.reason))
      }
    }
    return .verified
  }
}
