import FlowLanguage

/// `flowcheck [check] FILE…`: reads each file, parses and resolves it (`FrontEnd.check`),
/// prints its diagnostics (warnings alone do not fail) and hands each flow without errors
/// to `explore`. Every file is checked even when an earlier one fails; the run exits with
/// the worst outcome (see `ExitCode.combined`).
enum CheckCommand {
  static func run<Output, ErrorOutput>(
    _ options: CheckOptions, console: inout Console<Output, ErrorOutput>
  ) -> ExitCode {
    var outcome = ExitCode.verified
    for path in options.files {
      outcome = outcome.combined(with: check(path, options: options, console: &console))
    }
    return outcome
  }

  private static func check<Output, ErrorOutput>(
    _ path: String, options: CheckOptions, console: inout Console<Output, ErrorOutput>
  ) -> ExitCode {
    let bytes: [UInt8]
    do {
      bytes = try FileSystem.contents(of: path)
    } catch {
      return console.report(.unreadable(path: path, reason: error.reason))
    }
    let source = SourceFile(path: path, bytes: bytes)
    let loaded = FrontEnd.check(source: source)
    guard !loaded.hasErrors, let flow = loaded.flow else {
      return console.report(.flowHasErrors(source, loaded.diagnostics))
    }
    console.printDiagnostics(loaded.diagnostics, in: source)
    return explore(flow, path: path, source: source, options: options, console: &console)
  }
}
