import FlowLanguage

/// Reading a `.flow` file for the subcommands that explore it (`check`, `simulate`): the
/// file is read, parsed and resolved; errors end it, warnings are printed and it goes on.
enum FlowLoading {
  /// The resolved flow at `path` (its warnings printed), or the failure for the caller to
  /// report: unreadable (66) or errors in the flow (65).
  static func load<Output, ErrorOutput>(
    _ path: String, console: inout Console<Output, ErrorOutput>
  ) -> Result<CheckedFlow, CommandFailure> {
    let bytes: [UInt8]
    do {
      bytes = try FileSystem.contents(of: path)
    } catch {
      return .failure(.unreadable(path: path, reason: error.reason))
    }
    let source = SourceFile(path: path, bytes: bytes)
    let loaded = FrontEnd.check(source: source)
    guard !loaded.hasErrors, let flow = loaded.flow else {
      return .failure(.flowHasErrors(source, loaded.diagnostics))
    }
    console.printDiagnostics(loaded.diagnostics, in: source)
    return .success(flow)
  }
}
