#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Everything the language layer learned about one file.
public struct FrontEndResult: Sendable {
  /// The file as read; for a file that could not be read, an empty file with its path, so
  /// that diagnostics still render as `path:1:1: error: …`.
  public var source: SourceFile?
  /// The syntax tree (possibly with recovered parts); nil when the file could not be read.
  public var file: FlowFile?
  /// The checked flow; nil when any diagnostic is an error.
  public var flow: CheckedFlow?
  /// All diagnostics, sorted by offset, then severity (errors first).
  public var diagnostics: [Diagnostic]
  public var hasErrors: Bool
  /// The file could not be read at all (missing, a directory, no permission): exit code 66.
  public var readFailed: Bool

  public init(
    source: SourceFile?, file: FlowFile?, flow: CheckedFlow?, diagnostics: [Diagnostic],
    readFailed: Bool = false
  ) {
    self.source = source
    self.file = file
    self.flow = flow
    self.diagnostics = diagnostics
    self.hasErrors = diagnostics.contains { $0.severity == .error }
    self.readFailed = readFailed
  }
}

/// Text → checked flow in one call: read, parse, resolve.
///
/// Syntax errors stop the pipeline before resolution: a tree with recovered parts would
/// make the resolver report names the parser skipped, a cascade of bogus errors. So the
/// user first sees the syntax errors, and the semantic ones once those are fixed.
public enum FrontEnd {
  /// Reads the file at `path`, then checks it. A file that cannot be read (missing, a
  /// directory, no permission) gives one `unreadableFile` error at 1:1 and `readFailed`.
  public static func load(path: String, libraries: [RuntimeCapabilities]) -> FrontEndResult {
    switch readFile(path) {
    case .success(let bytes):
      return check(source: SourceFile(path: path, bytes: bytes), libraries: libraries)
    case .failure(let failure):
      let diagnostic = Diagnostic.error(.unreadableFile, "cannot read file: \(failure.reason)", at: 0)
      return FrontEndResult(
        source: SourceFile(path: path, bytes: []), file: nil, flow: nil, diagnostics: [diagnostic],
        readFailed: true)
    }
  }

  /// Parses and resolves a file already in memory; `runtime` overrides the flow's
  /// `library` (see `Resolver.resolve`).
  /// - Complexity: O(n) in the size of the file, plus the resolver's name suggestions.
  public static func check(
    source: SourceFile, libraries: [RuntimeCapabilities], runtime: String? = nil
  ) -> FrontEndResult {
    let parsed = Parser.parse(source, libraries: libraries)
    let parseDiagnostics = sortedDiagnostics(parsed.diagnostics)
    if parseDiagnostics.contains(where: { $0.severity == .error }) {
      return FrontEndResult(source: source, file: parsed.file, flow: nil, diagnostics: parseDiagnostics)
    }
    let resolved = Resolver.resolve(parsed.file, source: source, libraries: libraries, runtime: runtime)
    return FrontEndResult(
      source: source, file: parsed.file, flow: resolved.flow,
      diagnostics: sortedDiagnostics(parseDiagnostics + resolved.diagnostics))
  }

  /// A file that could not be read, with the system's reason (or flowcheck's), lowercased.
  public struct ReadFailure: Error, Equatable {
    public var reason: String
  }

  /// The most bytes a flow file may have: far beyond any real flow, and a bound on what an
  /// endless file (`/dev/zero`) makes flowcheck read.
  public static let maximumFileSize = 64 << 20

  /// The whole file, read with POSIX calls so that a failure carries the system's reason.
  /// Only a regular file is read: a pipe, a device or a socket is refused without waiting
  /// on it (opened non-blocking), and so is a file larger than `maximumFileSize`.
  public static func readFile(_ path: String) -> Result<[UInt8], ReadFailure> {
    let descriptor = open(path, O_RDONLY | O_NONBLOCK)
    guard descriptor >= 0 else { return .failure(lastFailure()) }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { return .failure(lastFailure()) }
    switch info.st_mode & S_IFMT {
    case S_IFREG: break
    case S_IFDIR: return .failure(ReadFailure(reason: "is a directory"))
    default: return .failure(ReadFailure(reason: "not a regular file (a pipe, a device or a socket)"))
    }
    let tooLarge = ReadFailure(reason: "larger than \(maximumFileSize >> 20) MiB, the most flowcheck reads")
    if info.st_size > maximumFileSize { return .failure(tooLarge) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        return .failure(lastFailure())
      }
      if count == 0 { return .success(bytes) }
      // A file that grows while it is read is still bounded.
      if bytes.count + count > maximumFileSize { return .failure(tooLarge) }
      bytes += chunk[0..<count]
    }
  }

  /// `errno` as a lowercase reason: "no such file or directory".
  private static func lastFailure() -> ReadFailure {
    let code = errno
    guard let text = strerror(code) else { return ReadFailure(reason: "error \(code)") }
    let reason = String(cString: text)
    return ReadFailure(reason: reason.prefix(1).lowercased() + reason.dropFirst())
  }
}
