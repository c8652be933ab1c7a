import FlowReport

/// The untyped syntax trees of Swift files, from the toolchain the project already needs:
/// `swiftc -frontend -dump-parse -dump-ast-format json -primary-file F…` prints one JSON
/// tree per primary file on standard output and its diagnostics on standard error (the
/// driver form, `swiftc -dump-parse … F…`, runs one job per file and mixes the trees of
/// several files into standard error). Parsing only: no type checking, no SDK, no UIKit,
/// so the app's sources parse on Linux as on macOS.
enum SwiftSyntaxDump {
  /// Why the sources could not be read as syntax trees.
  enum Failure: Error, Equatable {
    /// A `swiftc` older than the JSON dump (Swift 6.0), with the version it printed.
    case oldCompiler(path: String, version: String)
    /// A file that does not parse: swiftc's first error, located.
    case unparsable(path: String, line: Int, column: Int, message: String)
    /// swiftc failed without a located error, or printed what is not JSON.
    case compilerFailed(path: String, message: String)
  }

  /// One file's tree and its text, which the tree locates by byte offsets.
  struct File {
    var path: String
    var text: SwiftSourceText
    var tree: SwiftSyntaxNode
  }

  /// The first Swift whose parser dumps JSON (`-dump-ast-format json`).
  static let minimumVersion = (major: 6, minor: 0)
  /// Files per swiftc run, and their bytes: a batch's JSON (about 20 times the source)
  /// stays under the 64 MiB a file read is allowed.
  static let batchFiles = 200
  static let batchBytes = 2_000_000
  /// A syntax tree nests far deeper than a trace file; this bounds the reader's recursion.
  static let maximumDepth = 1_000

  /// The compiler to run: `$SWIFTC` when set, else `swiftc` on `PATH`.
  static func findCompiler(environment: [String: String]) -> String? {
    if let explicit = environment["SWIFTC"], !explicit.isEmpty {
      guard explicit.contains("/") else { return ExternalTool.find(explicit, path: environment["PATH"]) }
      return ExternalTool.isExecutable(explicit) ? explicit : nil
    }
    return ExternalTool.find("swiftc", path: environment["PATH"])
  }

  /// The version `swiftc --version` prints (`Swift version 6.3.1 (…)`), as major and minor.
  static func version(of compiler: String, temporaryDirectory: String?) -> (
    text: String, major: Int, minor: Int
  )? {
    guard
      let result = ExternalTool.runCapturingErrors(
        compiler, arguments: ["--version"], input: "", temporaryDirectory: temporaryDirectory)
    else { return nil }
    let text = String(decoding: result.output + result.errors, as: UTF8.self)
    guard let range = text.firstRange(of: "Swift version ") else { return nil }
    let number = text[range.upperBound...].prefix { $0.isNumber || $0 == "." }
    let parts = number.split(separator: ".").compactMap { Int($0) }
    guard let major = parts.first else { return nil }
    return (
      String(text[range.lowerBound...].prefix { $0 != "\n" && $0 != "(" }).trimmingSpaces, major,
      parts.dropFirst().first ?? 0
    )
  }

  /// The syntax trees of `paths`, in their order, or the first failure.
  static func read(
    _ paths: [String], compiler: String, temporaryDirectory: String?
  ) -> Result<[File], Failure> {
    guard let version = version(of: compiler, temporaryDirectory: temporaryDirectory) else {
      return .failure(.oldCompiler(path: compiler, version: "no 'Swift version' in its '--version'"))
    }
    guard (version.major, version.minor) >= minimumVersion else {
      return .failure(.oldCompiler(path: compiler, version: version.text))
    }
    var texts: [String: SwiftSourceText] = [:]
    var batches: [[String]] = [[]]
    var bytes = 0
    for path in paths {
      guard let contents = try? FileSystem.contents(of: path) else {
        return .failure(.compilerFailed(path: path, message: "cannot read file"))
      }
      texts[path] = SwiftSourceText(bytes: contents)
      if batches[batches.count - 1].count >= batchFiles || (bytes + contents.count > batchBytes && bytes > 0)
      {
        batches.append([])
        bytes = 0
      }
      batches[batches.count - 1].append(path)
      bytes += contents.count
    }
    var files: [File] = []
    for batch in batches where !batch.isEmpty {
      let arguments =
        ["-frontend", "-dump-parse", "-dump-ast-format", "json"] + batch.flatMap { ["-primary-file", $0] }
      guard
        let result = ExternalTool.runCapturingErrors(
          compiler, arguments: arguments, input: "", temporaryDirectory: temporaryDirectory)
      else { return .failure(.compilerFailed(path: batch[0], message: "'\(compiler)' could not be started")) }
      let errors = String(decoding: result.errors, as: UTF8.self)
      let located = firstError(in: errors)
      if let located { return .failure(located) }
      guard result.status == 0 || tolerated(errors) else {
        let firstLine = errors.split(separator: "\n").first.map(String.init) ?? "exit status \(result.status)"
        if firstLine.contains("dump-ast-format") || firstLine.contains("unknown argument") {
          return .failure(.oldCompiler(path: compiler, version: version.text))
        }
        return .failure(.compilerFailed(path: batch[0], message: firstLine))
      }
      let trees: [JSONValue]
      do {
        trees = try JSONParser.parseSequence(result.output, maximumDepth: maximumDepth)
      } catch {
        return .failure(
          .compilerFailed(
            path: batch[0], message: "swiftc printed a syntax tree flowcheck cannot read: \(error.message)"))
      }
      guard trees.count == batch.count else {
        return .failure(
          .compilerFailed(
            path: batch[0], message: "swiftc printed \(trees.count) syntax trees for \(batch.count) files"))
      }
      // swiftc does not print the trees in the order of the files: each names its own.
      var byPath: [String: SwiftSyntaxNode] = [:]
      for tree in trees {
        let node = SwiftSyntaxNode(tree)
        byPath[node.string("filename") ?? ""] = node
      }
      for path in batch {
        guard let tree = byPath[path] else {
          return .failure(.compilerFailed(path: path, message: "swiftc printed no syntax tree for this file"))
        }
        files.append(File(path: path, text: texts[path] ?? SwiftSourceText(bytes: []), tree: tree))
      }
    }
    return .success(files)
  }

  /// Errors that come of how the files are handed to swiftc, not of their syntax: several
  /// primary files are parsed as a library, where only `main.swift` may hold top-level
  /// code, so a script (`LinuxMain.swift`) draws this error, yet its tree is printed whole.
  static let toleratedErrors = [
    "expressions are not allowed at the top level", "statements are not allowed at the top level",
  ]

  /// Whether every error swiftc printed is a tolerated one.
  private static func tolerated(_ diagnostics: String) -> Bool {
    diagnostics.split(separator: "\n").allSatisfy { line in
      !line.contains(": error: ") || toleratedErrors.contains { line.hasSuffix($0) }
    }
  }

  /// The first `path:line:col: error: message` line of swiftc's diagnostics, but a tolerated one.
  static func firstError(in diagnostics: String) -> Failure? {
    for line in diagnostics.split(separator: "\n") {
      guard let marker = line.firstRange(of: ": error: "),
        !toleratedErrors.contains(where: { line.hasSuffix($0) })
      else { continue }
      let location = line[..<marker.lowerBound].split(separator: ":", omittingEmptySubsequences: false)
      guard location.count >= 3, let lineNumber = Int(location[location.count - 2]),
        let column = Int(location[location.count - 1])
      else { continue }
      let path = location.dropLast(2).joined(separator: ":")
      return .unparsable(
        path: path, line: lineNumber, column: column, message: String(line[marker.upperBound...]))
    }
    return nil
  }
}

extension String {
  /// Without spaces at either end.
  var trimmingSpaces: String {
    String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
  }
}
