import FlowLanguage
import FlowModel

// The front end as the command line runs it, against every library `RuntimeRegistry`
// knows: the tests' flows name libraries as a user's would.
extension FrontEnd {
  /// `check(source:libraries:)` with `RuntimeRegistry.libraries`.
  public static func check(source: SourceFile) -> FrontEndResult {
    check(source: source, libraries: RuntimeRegistry.libraries)
  }

  /// `check(source:libraries:runtime:)` with `RuntimeRegistry.libraries`: the flow under
  /// `runtime` whatever its `library` line says.
  public static func check(source: SourceFile, runtime: String) -> FrontEndResult {
    check(source: source, libraries: RuntimeRegistry.libraries, runtime: runtime)
  }

  /// `load(path:libraries:)` with `RuntimeRegistry.libraries`.
  public static func load(path: String) -> FrontEndResult {
    load(path: path, libraries: RuntimeRegistry.libraries)
  }
}

extension Resolver {
  /// `resolve(_:source:libraries:)` with `RuntimeRegistry.libraries`.
  public static func resolve(_ file: FlowFile, source: SourceFile) -> ResolveResult {
    resolve(file, source: source, libraries: RuntimeRegistry.libraries)
  }
}

extension Parser {
  /// `parse(_:libraries:)` with `RuntimeRegistry.libraries`.
  public static func parse(_ source: SourceFile) -> ParseResult {
    parse(source, libraries: RuntimeRegistry.libraries)
  }
}
