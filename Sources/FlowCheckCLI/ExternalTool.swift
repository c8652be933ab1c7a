#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs a program found on `PATH` (Graphviz's `dot` for `graph --format svg`), with its
/// standard input from a text and its standard output captured, through temporary files so
/// that neither side can block on a full pipe. POSIX only: the executable needs no Foundation.
enum ExternalTool {
  /// The program's path when `PATH` names a directory that holds it as an executable.
  static func find(_ name: String, path: String?) -> String? {
    for directory in (path ?? "/usr/bin:/bin").split(separator: ":") {
      let candidate = "\(directory)/\(name)"
      if access(candidate, X_OK) == 0 { return candidate }
    }
    return nil
  }

  /// Runs `program` with `arguments` on `input`; its exit status and standard output, or
  /// nil when it could not be started.
  static func run(_ program: String, arguments: [String], input: String, temporaryDirectory: String?)
    -> (status: Int32, output: [UInt8])?
  {
    guard let inputPath = temporaryFile(in: temporaryDirectory),
      let outputPath = temporaryFile(in: temporaryDirectory)
    else { return nil }
    defer {
      unlink(inputPath)
      unlink(outputPath)
    }
    do {
      try FileSystem.replaceContents(of: inputPath, with: Array(input.utf8))
    } catch {
      return nil
    }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, inputPath, O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_TRUNC, 0)
    let argv: [UnsafeMutablePointer<CChar>?] = ([program] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var pid = pid_t()
    guard posix_spawn(&pid, program, &actions, nil, argv, environ) == 0 else { return nil }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    let exited = status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    let output = (try? FileSystem.contents(of: outputPath)) ?? []
    return (exited, output)
  }

  /// A new empty file under `TMPDIR` (or `/tmp`), or nil.
  private static func temporaryFile(in directory: String?) -> String? {
    let directory = directory ?? "/tmp"
    var template = Array("\(directory)/flowcheck-XXXXXX".utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard descriptor >= 0 else { return nil }
    close(descriptor)
    // The name mkstemp wrote, up to the terminating NUL.
    return String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
