import FlowLanguage
import FlowModel
import FlowReport

extension CheckCommand {
  /// `check FILE --runtime all`: resolves the flow under each compared runtime
  /// (`RuntimeRegistry.comparedNames`) in registry order, explores it under each one that can express it, and prints the comparison
  /// (`RuntimeComparison`) as text or one JSON line. A runtime that cannot express the flow
  /// gets the first error its front end reports, with line and column. A file that cannot
  /// be read or does not parse fails as in any check: those errors are no runtime's.
  ///
  /// Exit status: 1 when a runtime that can express the flow violates an invariant or a
  /// property, else 2 when one of them hit a bound, else 0; 65 when no runtime can express
  /// the flow (its diagnostics under its own `library` are printed).
  static func compareRuntimes<Output, ErrorOutput>(
    _ path: String, options: CheckOptions, renderer: any ReportRenderer,
    console: inout Console<Output, ErrorOutput>
  ) -> (ExitCode, FileResult) {
    let bytes: [UInt8]
    do {
      bytes = try FileSystem.contents(of: path)
    } catch {
      return fail(.unreadable(path: path, reason: error.reason), renderer: renderer, console: &console)
    }
    let source = SourceFile(path: path, bytes: bytes)
    let parsed = Parser.parse(source, libraries: RuntimeRegistry.libraries)
    if parsed.diagnostics.contains(where: { $0.severity == .error }) {
      return fail(
        .flowHasErrors(
          source, FrontEnd.check(source: source, libraries: RuntimeRegistry.libraries).diagnostics),
        renderer: renderer, console: &console)
    }
    var columns: [RuntimeComparison.Column] = []
    for name in RuntimeRegistry.comparedNames {
      let loaded = FrontEnd.check(source: source, libraries: RuntimeRegistry.libraries, runtime: name)
      guard !loaded.hasErrors, let flow = loaded.flow else {
        let located = FileDiagnostics(source: source, diagnostics: loaded.diagnostics)
        let first = located.entries.first { $0.severity == "error" }
        columns.append(
          .cannotExpress(
            RuntimeComparison.Refusal(
              line: first?.line ?? 1, column: first?.column ?? 1, id: first?.id ?? "",
              message: first?.message ?? "the flow has errors",
              errors: located.entries.filter { $0.severity == "error" }.count)))
        continue
      }
      let settings = settings(for: flow, options: options)
      columns.append(.checked(FlowChecker.check(flow, path: path, options: settings, source: source)))
    }
    let comparison = RuntimeComparison(path: path, runtimes: RuntimeRegistry.comparedNames, columns: columns)
    if comparison.exitCode == ExitCode.flowHasErrors.rawValue {
      // No runtime can express it: the errors under the flow's own library say why.
      let own = FrontEnd.check(source: source, libraries: RuntimeRegistry.libraries)
      console.printDiagnostics(own.diagnostics, in: source)
    }
    switch options.format.name {
    case "json": console.write(comparison.json.compact() + "\n")
    default: console.write(comparison.text)
    }
    let code = ExitCode(rawValue: comparison.exitCode) ?? .flowHasErrors
    // Text and JSON Lines, the comparison's only formats, write nothing after the run.
    return (code, .failed(FileDiagnostics(path: path, exitCode: comparison.exitCode, entries: [])))
  }

  private static func fail<Output, ErrorOutput>(
    _ failure: CommandFailure, renderer: any ReportRenderer, console: inout Console<Output, ErrorOutput>
  ) -> (ExitCode, FileResult) {
    let code = console.report(failure)
    console.write(renderer.render(failure.diagnostics))
    return (code, .failed(failure.diagnostics))
  }
}
