import FlowLanguage
import FlowModel

/// Reading a `.flow` file for the subcommands that explore it (`check`, `simulate`): the
/// file is read, parsed and resolved; errors end it, warnings are printed and it goes on.
enum FlowLoading {
  /// A flow ready to explore, with its text, which reports use to locate violations.
  struct Loaded {
    var flow: CheckedFlow
    var source: SourceFile
    /// Printed on standard error already; machine formats carry them too.
    var warnings: [Diagnostic] = []
  }

  /// The resolved flow at `path` (its warnings printed), or the failure for the caller to
  /// report: unreadable (66) or errors in the flow (65). `runtime` (`--runtime NAME`)
  /// overrides the flow's `library`.
  static func load<Output, ErrorOutput>(
    _ path: String, runtime: String? = nil, console: inout Console<Output, ErrorOutput>
  ) -> Result<Loaded, CommandFailure> {
    let bytes: [UInt8]
    do {
      bytes = try FileSystem.contents(of: path)
    } catch {
      return .failure(.unreadable(path: path, reason: error.reason))
    }
    let source = SourceFile(path: path, bytes: bytes)
    let loaded = FrontEnd.check(source: source, libraries: RuntimeRegistry.libraries, runtime: runtime)
    guard !loaded.hasErrors, let flow = loaded.flow else {
      return .failure(.flowHasErrors(source, loaded.diagnostics))
    }
    guard RuntimeRegistry.runtime(named: flow.library.rawValue) != nil else {
      return .failure(.flowHasErrors(source, [runtimeNotModelled(flow.library, in: loaded.file)]))
    }
    console.printDiagnostics(loaded.diagnostics, in: source)
    return .success(Loaded(flow: flow, source: source, warnings: loaded.diagnostics))
  }

  /// Only the runtimes in `RuntimeRegistry` are modelled; checking another profile with
  /// their semantics would be a guess, so it is refused at the `library` line.
  static func runtimeNotModelled(_ library: LibraryProfile, in file: FlowFile?) -> Diagnostic {
    let modelled = RuntimeRegistry.names.map { "'\($0)'" }.joined(separator: ", ")
    let alternatives = RuntimeRegistry.names.map { "'library \($0)'" }.joined(separator: " or ")
    var offset = 0
    for declaration in file?.declarations ?? [] {
      guard case .app(let app) = declaration.kind else { continue }
      for member in app.members {
        if case .library(let name) = member.kind { offset = name.range.start }
      }
    }
    return .error(
      .runtimeNotModelled,
      "runtime '\(library.rawValue)' is not modelled yet; only \(modelled) flows can be checked",
      at: offset,
      notes: [
        DiagnosticNote(
          message:
            "the language accepts '\(library.rawValue)' so that its statements are validated; use \(alternatives) to explore",
          offset: offset)
      ])
  }
}
