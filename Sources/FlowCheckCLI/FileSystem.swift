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

  /// Writes `bytes` as the contents of the file at `path`, a new one or an existing regular
  /// file, whose owner, group, mode and hard links stay as they were.
  ///
  /// The bytes go first to a temporary copy, `path.tmp-<pid>` in the same directory, written
  /// in full and synced, so that a full disk or a quota fails before the original is
  /// touched. A new file, or one this process owns with no other hard link, then becomes the
  /// copy by `rename` (atomic; through symbolic links, so a link keeps pointing at the
  /// rewritten file). Any other file, or one that cannot be renamed over (a mount point), (another user's, rewritten by root; one with hard
  /// links) is written in place from the start and cut to length, so that it keeps its
  /// inode, once the disk space for its new length is reserved (so that a full disk fails
  /// before it is touched there too); the copy is removed after. A file that is not regular (a device such as
  /// `/dev/null`, a FIFO, a socket, a directory) is refused, and so is a read-only one (no
  /// write permission for anyone) unless `overwritingReadOnly`; `readOnlyHint` says what
  /// to do instead. A signal does not cut the write short (`ProcessSignals.critical`).
  ///
  /// The file is acted on only while it is still the one inspected (same device and inode;
  /// still absent when it was new): another put in its place meanwhile, even a FIFO, is left
  /// as it is and the write refused. `afterInspecting` runs between the inspection and the
  /// write, where tests make such a change.
  static func replaceContents(
    of path: String, with bytes: [UInt8], overwritingReadOnly: Bool = false,
    readOnlyHint: String = "make it writable, or remove it", afterInspecting: () -> Void = {}
  ) throws(Failure) {
    // A path that resolves has no symbolic link left to follow; one that does not (a link
    // to `/proc/self/fd/N` of a pipe or a deleted file) is used as it is, links followed.
    let resolved = resolvedPath(path)
    let target = resolved ?? path
    let followsLinks = resolved == nil
    var info = stat()
    let exists: Bool
    if stat(target, &info) == 0 {
      exists = true
    } else if errno == ENOENT {
      exists = false
    } else {
      throw lastFailure()
    }
    if exists {
      if let kind = irregularKind(info.st_mode) {
        throw Failure(reason: "it is \(kind), not a regular file; flowcheck writes only regular files")
      }
      if info.st_mode & 0o222 == 0 && !overwritingReadOnly {
        throw Failure(reason: "the file is read-only; \(readOnlyHint)")
      }
    }
    let mode = exists ? info.st_mode & 0o7777 : 0o644
    afterInspecting()
    try ProcessSignals.critical { () throws(Failure) in
      let temporary = "\(target).tmp-\(getpid())"
      let copy = try createNewFile(temporary, mode: mode, group: exists ? info.st_gid : nil)
      let renames = !exists || (info.st_nlink == 1 && info.st_uid == geteuid() && copy.hasGroup)
      // The original is opened before the copy is written, and the copy removed when that
      // is refused (no permission), so that a refusal leaves the directory as it was.
      var original: Int32 = -1
      if !renames {
        do throws(Failure) {
          original = try openUnchanged(target, as: info, followingLinks: followsLinks)
        } catch {
          close(copy.descriptor)
          unlink(temporary)
          throw error
        }
      }
      if let failure = finishCopy(copy.descriptor, bytes: bytes) {
        if original >= 0 { close(original) }
        unlink(temporary)
        throw failure
      }
      if renames {
        // The entry is looked at again just before the rename, which would replace whatever
        // took its place since (a FIFO, another user's file, a file made meanwhile).
        guard isUnchanged(target, since: exists ? info : nil, followingLinks: followsLinks) else {
          unlink(temporary)
          throw changedFailure
        }
        if rename(temporary, target) == 0 {
          syncDirectory(of: target)
          return
        }
        // A file bind-mounted on its own (into a container) cannot be renamed over (EBUSY);
        // it is written in place instead.
        let code = errno
        guard code == EBUSY, exists else {
          unlink(temporary)
          throw failure(code)
        }
        do throws(Failure) {
          original = try openUnchanged(target, as: info, followingLinks: followsLinks)
        } catch {
          unlink(temporary)
          throw error
        }
      }
      if let failure = reserve(original, size: bytes.count, originalSize: info.st_size) {
        close(original)
        unlink(temporary)
        throw failure
      }
      if let failure = writeInPlace(original, bytes: bytes) {
        throw Failure(reason: "\(failure.reason); its new contents are in \(temporary)")
      }
      unlink(temporary)
    }
  }

  /// The failure `replaceContents` gives for the entry at `path` (links followed) when it is
  /// there and is not a regular file; nil for a regular file or none.
  static func irregularFileFailure(at path: String) -> Failure? {
    var info = stat()
    guard stat(path, &info) == 0, let kind = irregularKind(info.st_mode) else { return nil }
    return Failure(reason: "it is \(kind), not a regular file; flowcheck writes only regular files")
  }

  /// What a file of `mode` is, in words, when it is not a regular file.
  private static func irregularKind(_ mode: mode_t) -> String? {
    switch mode & S_IFMT {
    case S_IFREG: nil
    case S_IFDIR: "a directory"
    case S_IFCHR: "a character device"
    case S_IFBLK: "a block device"
    case S_IFIFO: "a FIFO"
    case S_IFSOCK: "a socket"
    default: "not a file"
    }
  }

  /// The failure when the file at the path is no longer the one inspected.
  static let changedFailure = Failure(
    reason: "the file changed while flowcheck was writing it; it was left as it is")

  /// The existing file at `path` open for writing, provided it is still the regular file
  /// `expected` describes (same device and inode). `O_NONBLOCK` keeps `open` from waiting
  /// forever for a reader when a FIFO has taken the file's place, and `O_NOFOLLOW` (unless
  /// `followingLinks`) from following a symbolic link that has.
  static func openUnchanged(_ path: String, as expected: stat, followingLinks: Bool) throws(Failure) -> Int32
  {
    let flags = O_WRONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC | (followingLinks ? 0 : O_NOFOLLOW)
    let descriptor = open(path, flags)
    guard descriptor >= 0 else {
      // ELOOP: a symbolic link (refused by O_NOFOLLOW); ENXIO: a FIFO with no reader.
      if errno == ELOOP || errno == ENXIO { throw changedFailure }
      throw lastFailure()
    }
    var info = stat()
    if fstat(descriptor, &info) != 0 {
      let failure = lastFailure()
      close(descriptor)
      throw failure
    }
    guard info.st_mode & S_IFMT == S_IFREG, info.st_dev == expected.st_dev, info.st_ino == expected.st_ino
    else {
      close(descriptor)
      throw changedFailure
    }
    // Writes to a regular file ignore O_NONBLOCK; it is cleared all the same, so that they
    // block as usual wherever they would not.
    _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
    return descriptor
  }

  /// Whether the entry at `path` is still the one `expected` describes (device, inode,
  /// owner, links), or, for nil, still absent.
  private static func isUnchanged(_ path: String, since expected: stat?, followingLinks: Bool) -> Bool {
    var info = stat()
    guard (followingLinks ? stat(path, &info) : lstat(path, &info)) == 0 else {
      return expected == nil && errno == ENOENT
    }
    guard let expected else { return false }
    return info.st_dev == expected.st_dev && info.st_ino == expected.st_ino && info.st_uid == expected.st_uid
      && info.st_nlink == expected.st_nlink && info.st_mode & S_IFMT == S_IFREG
  }

  /// Creates the file at `path`, which must not exist, with the group `group` when given and
  /// exactly `mode` (`open` applies the umask; `fchmod` does not); its descriptor, open for
  /// writing, and whether it has `group` (a user who is not a member of it cannot give it).
  /// The group is set before the mode because changing it clears the setuid and setgid bits
  /// on Linux; both act on the descriptor, not on a path that could be replaced. Removed
  /// again on failure.
  private static func createNewFile(
    _ path: String, mode: mode_t, group: gid_t?
  ) throws(Failure) -> (descriptor: Int32, hasGroup: Bool) {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
    guard descriptor >= 0 else { throw lastFailure() }
    var failure: Failure?
    var hasGroup = true
    if let group {
      var info = stat()
      if fstat(descriptor, &info) != 0 {
        failure = lastFailure()
      } else if info.st_gid != group {
        hasGroup = fchown(descriptor, uid_t.max, group) == 0
      }
    }
    if failure == nil, fchmod(descriptor, mode) != 0 { failure = lastFailure() }
    if let failure {
      close(descriptor)
      unlink(path)
      throw failure
    }
    return (descriptor, hasGroup)
  }

  /// Writes `bytes` to the new, empty file open as `descriptor`, syncs and closes it; the
  /// failure, or nil.
  private static func finishCopy(_ descriptor: Int32, bytes: [UInt8]) -> Failure? {
    var failure = writeAll(descriptor, bytes)
    if failure == nil, fsync(descriptor) != 0 { failure = lastFailure() }
    if close(descriptor) != 0, failure == nil { failure = lastFailure() }
    return failure
  }

  /// Overwrites the file open as `descriptor` (at its start) with `bytes` and cuts it to
  /// their length, keeping its inode (owner, mode, hard links); syncs and closes it. The
  /// failure, or nil.
  private static func writeInPlace(_ descriptor: Int32, bytes: [UInt8]) -> Failure? {
    var failure = writeAll(descriptor, bytes)
    if failure == nil, ftruncate(descriptor, off_t(bytes.count)) != 0 { failure = lastFailure() }
    if failure == nil, fsync(descriptor) != 0 { failure = lastFailure() }
    if close(descriptor) != 0, failure == nil { failure = lastFailure() }
    return failure
  }

  /// Syncs the directory holding `path`, so that a rename into it outlasts a crash. A
  /// failure is not reported: the file is already replaced, and some file systems cannot
  /// sync a directory.
  private static func syncDirectory(of path: String) {
    let directory = path.lastIndex(of: "/").map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
    let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { return }
    fsync(descriptor)
    close(descriptor)
  }

  /// Reserves disk space for the first `size` bytes of the file open as `descriptor`, so
  /// that writing them in place cannot run out part-way (the temporary copy holds its own
  /// space meanwhile); the failure (a full disk, a quota), or nil. Where the file system
  /// cannot reserve space, nothing is reserved and the write goes ahead as before. A refused
  /// reservation may have lengthened the file; it is cut back to `originalSize`, so that
  /// what it holds is as it was.
  private static func reserve(_ descriptor: Int32, size: Int, originalSize: off_t) -> Failure? {
    #if canImport(Darwin)
      return nil
    #else
      guard size > 0 else { return nil }
      let code = posix_fallocate(descriptor, 0, off_t(size))
      if code == 0 || code == EOPNOTSUPP || code == ENOSYS || code == EINVAL { return nil }
      var info = stat()
      if fstat(descriptor, &info) == 0, info.st_size > originalSize { ftruncate(descriptor, originalSize) }
      return failure(code)
    #endif
  }

  /// Writes all of `bytes` to `descriptor` from where it stands; the failure, or nil.
  private static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) -> Failure? {
    bytes.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          return lastFailure()
        }
        offset += written
      }
      return nil
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

  /// `path` with symbolic links resolved, or nil when that fails.
  private static func resolvedPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// `errno` as a lowercase reason: "no such file or directory".
  static func lastFailure() -> Failure { failure(errno) }

  /// The error number `code` as a lowercase reason.
  private static func failure(_ code: Int32) -> Failure {
    let message = String(cString: strerror(code))
    return Failure(reason: message.prefix(1).lowercased() + message.dropFirst())
  }
}
