import FlowLanguage
import FlowModel
import FlowReport

/// `flowcheck extract SOURCE… [--library NAME] [--check FLOW]`: a `.flow` draft from an
/// app's Swift sources (`NavigationExtractor`), formatted by `FlowFormatter`; with
/// `--check`, the drift between a flow and the sources (`FlowDrift`) as diagnostics.
enum ExtractCommand {
  static func run<Output, ErrorOutput>(
    _ options: ExtractOptions, environment: [String: String], console: inout Console<Output, ErrorOutput>
  ) -> ExitCode {
    let sources: [String]
    switch swiftFiles(options.sources) {
    case .failure(let failure): return console.report(failure)
    case .success(let files): sources = files
    }
    guard let compiler = SwiftSyntaxDump.findCompiler(environment: environment) else {
      let named = environment["SWIFTC"].map { "'\($0)' (from $SWIFTC)" } ?? "'swiftc' on the PATH"
      return console.report(
        .usage(
          UsageError(
            "cannot find \(named) to parse the sources; install the Swift toolchain (6.0 or later) "
              + "or set SWIFTC to its swiftc",
            subcommand: .extract)))
    }
    let files: [SwiftSyntaxDump.File]
    switch SwiftSyntaxDump.read(sources, compiler: compiler, temporaryDirectory: environment["TMPDIR"]) {
    case .success(let read): files = read
    case .failure(let failure): return console.report(commandFailure(failure, sources: sources))
    }
    let code = SwiftCodeBase.read(files)
    guard let library = options.library ?? ExtractLibrary.detect(in: code) else {
      return console.report(noCoordinator(sources, library: nil))
    }
    guard
      let draft = NavigationExtractor(code: code, library: library).draft(appName: appName(options.sources))
    else {
      return console.report(noCoordinator(sources, library: library))
    }
    if let checked = options.checkedFlow {
      return FlowDrift.run(flow: checked, draft: draft, options: options, console: &console)
    }
    let text = draft.text
    let parsed = Parser.parse(SourceFile(path: "<draft>", text: text), libraries: RuntimeRegistry.libraries)
    guard !parsed.diagnostics.contains(where: { $0.severity == .error }) else {
      // The draft is printed as built, so that nothing seen is lost; the note says why it
      // is not formatted.
      console.write(text)
      console.writeError("flowcheck: warning: the draft does not parse, so it is printed unformatted\n")
      return .verified
    }
    console.write(FlowFormatter.format(parsed.file))
    return .verified
  }

  /// The app's name in the draft: the last directory the first source argument names that
  /// is not a generic `Sources` (`BGPets/BGPets` → `BGPets`), else `Extracted`.
  static func appName(_ arguments: [String]) -> String {
    let generic: Set<String> = ["Sources", "Source", "src", ".", ".."]
    let parts = (arguments.first ?? "").split(separator: "/").map(String.init)
    return parts.reversed().first { !$0.hasSuffix(".swift") && !generic.contains($0) } ?? "Extracted"
  }

  /// The `.swift` files the arguments name, directories expanded and sorted.
  private static func swiftFiles(_ arguments: [String]) -> Result<[String], CommandFailure> {
    var files: [String] = []
    for expansion in FlowPaths.expand(arguments, suffix: ".swift") {
      switch expansion {
      case .files(let paths):
        for path in paths where !FileSystem.isRegularFile(path) {
          return .failure(
            .unreadable(path: path, reason: FileSystem.exists(path) ? "not a regular file" : "no such file"))
        }
        files += paths
      case .emptyDirectory(let directory):
        return .failure(
          .notWalked(
            path: directory, message: "no .swift file in this directory or below it (hidden ones skipped)"))
      case .notWalked(let path, let message):
        return .failure(.notWalked(path: path, message: message))
      }
    }
    return .success(files)
  }

  private static func commandFailure(_ failure: SwiftSyntaxDump.Failure, sources: [String]) -> CommandFailure
  {
    switch failure {
    case .oldCompiler(let path, let version):
      return .usage(
        UsageError(
          "'\(path)' (\(version)) cannot dump a syntax tree as JSON; install Swift 6.0 or later, "
            + "or set SWIFTC to a newer swiftc",
          subcommand: .extract))
    case .unparsable(let path, let line, let column, let message):
      return .swiftSources(
        path: path, line: line, column: column, message: message,
        note: "swiftc cannot parse this file, so nothing is drafted; fix it, or leave it out of the sources")
    case .compilerFailed(let path, let message):
      return .swiftSources(path: path, line: 1, column: 1, message: message, note: nil)
    }
  }

  private static func noCoordinator(_ sources: [String], library: ExtractLibrary?) -> CommandFailure {
    let what = library.map { "no coordinator of \($0.name)" } ?? "no coordinator of a known library"
    let note =
      library == nil
      ? "name the library with '--library \(ExtractLibrary.names.joined(separator: "|"))', "
        + "or pass the sources that hold the coordinators"
      : "the coordinators subclass or conform to \(library!.vocabulary.coordinatorBases.sorted().joined(separator: ", ")); "
        + "pass the sources that hold them, or another '--library'"
    return .swiftSources(
      path: sources.first ?? "", line: 1, column: 1,
      message: "\(what) in \(sources.count) Swift file\(sources.count == 1 ? "" : "s")", note: note)
  }
}
