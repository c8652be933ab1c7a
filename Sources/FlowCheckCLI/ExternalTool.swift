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

  /// Whether `path` names an executable file.
  static func isExecutable(_ path: String) -> Bool { access(path, X_OK) == 0 }

  /// Runs `program` with `arguments` on `input`; its exit status and standard output, or
  /// nil when it could not be started.
  ///
  /// A critical section (`ProcessSignals.critical`): a SIGINT or SIGTERM meanwhile stops
  /// the program (SIGTERM, then waited for) and the temporary files are removed before the
  /// signal ends the process, so that neither a program nor a file is left behind.
  static func run(_ program: String, arguments: [String], input: String, temporaryDirectory: String?)
    -> (status: Int32, output: [UInt8])?
  {
    ProcessSignals.critical {
      runOnce(
        program, arguments: arguments, input: input, temporaryDirectory: temporaryDirectory,
        capturesErrors: false)
    }.map { ($0.status, $0.output) }
  }

  /// As `run`, with the program's standard error captured too (`swiftc`'s diagnostics for
  /// `flowcheck extract`); `run` leaves it on flowcheck's own standard error.
  static func runCapturingErrors(
    _ program: String, arguments: [String], input: String, temporaryDirectory: String?
  ) -> (status: Int32, output: [UInt8], errors: [UInt8])? {
    ProcessSignals.critical {
      runOnce(
        program, arguments: arguments, input: input, temporaryDirectory: temporaryDirectory,
        capturesErrors: true)
    }
  }

  private static func runOnce(
    _ program: String, arguments: [String], input: String, temporaryDirectory: String?, capturesErrors: Bool
  )
    -> (status: Int32, output: [UInt8], errors: [UInt8])?
  {
    guard let inputPath = temporaryFile(in: temporaryDirectory),
      let outputPath = temporaryFile(in: temporaryDirectory),
      let errorPath = temporaryFile(in: temporaryDirectory)
    else { return nil }
    defer {
      unlink(inputPath)
      unlink(outputPath)
      unlink(errorPath)
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
    if capturesErrors { posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_TRUNC, 0) }
    let argv: [UnsafeMutablePointer<CChar>?] = ([program] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    // The program starts with no signal blocked and their default actions (the section
    // blocks SIGINT and SIGTERM here).
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var none = sigset_t()
    sigemptyset(&none)
    posix_spawnattr_setsigmask(&attributes, &none)
    var stops = sigset_t()
    sigemptyset(&stops)
    sigaddset(&stops, SIGINT)
    sigaddset(&stops, SIGTERM)
    posix_spawnattr_setsigdefault(&attributes, &stops)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    var pid = pid_t()
    guard posix_spawn(&pid, program, &actions, &attributes, argv, environ) == 0 else { return nil }
    var status: Int32 = 0
    var stopped = false
    while true {
      let waited = waitpid(pid, &status, WNOHANG)
      if waited == pid || (waited < 0 && errno != EINTR) { break }
      // A signal waiting for the section to end: the program is stopped first.
      var pending = sigset_t()
      if !stopped, sigpending(&pending) == 0,
        sigismember(&pending, SIGINT) == 1 || sigismember(&pending, SIGTERM) == 1
      {
        kill(pid, SIGTERM)
        stopped = true
      }
      usleep(2000)
    }
    let exited = status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    let output = (try? FileSystem.contents(of: outputPath)) ?? []
    let errors = (try? FileSystem.contents(of: errorPath)) ?? []
    return (exited, output, errors)
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
