import FlowLanguage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The few file operations the command line needs, on POSIX calls so that failures carry
/// the system's own reason ("no such file or directory", "is a directory").
enum FileSystem {
  /// A failed file operation: the system's reason, lowercased, for `path: error: …` lines.
  struct Failure: Error, Equatable {
    var reason: String
  }

  /// Whether anything (file, directory, link) exists at `path`.
  static func exists(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0
  }

  /// Whether there is an entry at `path` itself: a file, a directory, a symbolic link
  /// (dangling or not), a pipe.
  static func entryExists(_ path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0
  }

  /// Whether the entry at `path` itself is a regular file: not a symbolic link, a
  /// directory, a pipe, a device or a socket, none of which flowcheck writes.
  static func isRegularFile(_ path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
  }

  /// Whether `first` and `second` are one file (one device and inode, links followed):
  /// `shop.flow`, `./shop.flow` and `Shop.flow` where names fold case are one.
  static func isSameFile(_ first: String, _ second: String) -> Bool {
    var one = stat()
    var other = stat()
    return stat(first, &one) == 0 && stat(second, &other) == 0 && one.st_dev == other.st_dev
      && one.st_ino == other.st_ino
  }

  /// The whole contents of the regular file at `path` (`FrontEnd.readFile`: no pipe,
  /// device or socket, at most `FrontEnd.maximumFileSize` bytes).
  static func contents(of path: String) throws(Failure) -> [UInt8] {
    switch FrontEnd.readFile(path) {
    case .success(let bytes): return bytes
    case .failure(let failure): throw Failure(reason: failure.reason)
    }
  }

  /// Replaces the contents of the file at `path` atomically: writes `path.tmp-<pid>` in
  /// the same directory with the original's permissions, then renames it over the original
  /// (through symbolic links, so a link keeps pointing at the rewritten file).
  static func replaceContents(of path: String, with bytes: [UInt8]) throws(Failure) {
    let target = resolvedPath(path)
    var info = stat()
    let mode = stat(target, &info) == 0 ? info.st_mode & 0o7777 : 0o644
    let temporary = "\(target).tmp-\(getpid())"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_TRUNC, mode)
    guard descriptor >= 0 else { throw lastFailure() }
    var failure: Failure?
    // `open` applies the umask; the rewritten file keeps the original's permissions exactly.
    if fchmod(descriptor, mode) != 0 { failure = lastFailure() }
    bytes.withUnsafeBytes { buffer in
      guard failure == nil else { return }
      var offset = 0
      while offset < buffer.count {
        let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          failure = lastFailure()
          return
        }
        offset += written
      }
    }
    if failure == nil, fsync(descriptor) != 0 { failure = lastFailure() }
    if close(descriptor) != 0, failure == nil { failure = lastFailure() }
    if failure == nil, rename(temporary, target) != 0 { failure = lastFailure() }
    if let failure {
      unlink(temporary)
      throw failure
    }
  }

  /// Creates the directory at `path` and its missing parents; an existing directory is fine.
  static func createDirectory(_ path: String) throws(Failure) {
    var prefix = path.hasPrefix("/") ? "/" : ""
    for component in path.split(separator: "/") {
      prefix += component + "/"
      var info = stat()
      if stat(prefix, &info) == 0, info.st_mode & S_IFMT == S_IFDIR { continue }
      if mkdir(prefix, 0o755) != 0, errno != EEXIST { throw lastFailure() }
    }
  }

  /// The names in the directory at `path` (without `.` and `..`), sorted. A name that is
  /// not UTF-8 is left out: no file flowcheck writes has one, and a lossy copy of it would
  /// name another file.
  static func entries(of path: String) throws(Failure) -> [String] {
    guard let directory = opendir(path) else { throw lastFailure() }
    defer { closedir(directory) }
    var names: [String] = []
    while true {
      // `readdir` returns nil both at the end and on an error; only `errno` tells them apart.
      errno = 0
      guard let entry = readdir(directory) else {
        if errno != 0 { throw lastFailure() }
        break
      }
      let bytes = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
      guard let name = String(validating: bytes, as: UTF8.self) else { continue }
      if name != "." && name != ".." { names.append(name) }
    }
    return names.sorted()
  }

  /// Removes the file at `path`; one already gone is fine.
  static func removeFile(_ path: String) throws(Failure) {
    if unlink(path) != 0, errno != ENOENT { throw lastFailure() }
  }

  /// `path` with symbolic links resolved, or `path` itself when that fails.
  private static func resolvedPath(_ path: String) -> String {
    guard let resolved = realpath(path, nil) else { return path }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// `errno` as a lowercase reason: "no such file or directory".
  static func lastFailure() -> Failure {
    let message = String(cString: strerror(errno))
    return Failure(reason: message.prefix(1).lowercased() + message.dropFirst())
  }
}
