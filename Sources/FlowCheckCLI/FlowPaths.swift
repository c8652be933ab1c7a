#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The files a list of path arguments names: a file stands for itself, a directory for
/// every `.flow` file under it, sorted by path, the way SwiftLint and swift-format take a
/// folder. Hidden entries (`.build`, `.git`) are skipped, and a symbolic link to a directory
/// is not followed, so that a walk never loops.
///
/// A walk skips nothing silently: a directory it cannot open or read to the end, an entry it
/// cannot tell the kind of, and a `.flow` file or directory whose name is not UTF-8 (which
/// flowcheck could neither print nor open by a `String` path) are each a `notWalked`
/// expansion, reported as an unreadable file is (66).
enum FlowPaths {
  /// One argument, expanded: the files to check, the directory that held none, or what a
  /// walk could not read or name.
  enum Expansion: Equatable {
    case files([String])
    case emptyDirectory(String)
    /// `message` says what could not be done: `cannot read directory: permission denied`.
    case notWalked(path: String, message: String)
  }

  /// One entry of a directory as the walk sees it: its name's bytes and its kind.
  struct Entry: Equatable {
    enum Kind: Equatable {
      case directory
      /// A file, a symbolic link (followed by the reader only) or anything else.
      case other
      /// `lstat` failed, for this reason.
      case unknown(reason: String)
    }
    var name: [UInt8]
    var kind: Kind
  }

  /// Lists a directory: its entries without `.` and `..`, in any order, or why it cannot.
  /// The walk takes it as a parameter so that tests can make a directory fail to open,
  /// which permissions cannot do for root.
  typealias Listing = (String) -> Result<[Entry], FileSystem.Failure>

  /// Each argument in the order given, directories expanded; anything that is not a
  /// directory (a file, a missing path) is passed on for the reader to report. A directory
  /// gives its problems first (sorted by path), then its files.
  /// `suffix` picks the files a directory stands for: `.flow`, or `.swift` for `extract`.
  static func expand(_ arguments: [String], suffix: String = ".flow", listing: Listing = list) -> [Expansion]
  {
    arguments.flatMap { argument -> [Expansion] in
      guard isDirectory(argument) else { return [.files([argument])] }
      var found: [String] = []
      var problems: [(path: String, reason: String)] = []
      collect(under: argument, suffix: suffix, listing: listing, into: &found, problems: &problems)
      let byBytes = { (a: String, b: String) in Array(a.utf8).lexicographicallyPrecedes(Array(b.utf8)) }
      found.sort(by: byBytes)
      problems.sort { byBytes($0.path, $1.path) }
      var expansions = problems.map { Expansion.notWalked(path: $0.path, message: $0.reason) }
      if !found.isEmpty {
        expansions.append(.files(found))
      } else if problems.isEmpty {
        expansions.append(.emptyDirectory(argument))
      }
      return expansions
    }
  }

  /// Whether `path` is a directory (through a symbolic link given as the argument itself).
  static func isDirectory(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
  }

  private static func collect(
    under directory: String, suffix: String, listing: Listing, into found: inout [String],
    problems: inout [(path: String, reason: String)]
  ) {
    let entries: [Entry]
    switch listing(directory) {
    case .failure(let failure):
      problems.append((directory, "cannot read directory: \(failure.reason)"))
      return
    case .success(let list): entries = list
    }
    let prefix = directory.hasSuffix("/") ? directory : directory + "/"
    let flowSuffix = Array(suffix.utf8)
    for entry in entries where entry.name.first != UInt8(ascii: ".") {
      let matters = entry.kind == .directory || entry.name.reversed().starts(with: flowSuffix.reversed())
      guard let name = String(validating: entry.name, as: UTF8.self) else {
        if matters || entry.kind != .other {
          problems.append(
            (prefix + escaped(entry.name), "cannot name it: its name is not UTF-8; rename it to check it"))
        }
        continue
      }
      let path = prefix + name
      switch entry.kind {
      case .directory:
        collect(under: path, suffix: suffix, listing: listing, into: &found, problems: &problems)
      case .unknown(let reason): problems.append((path, "cannot read file: \(reason)"))
      case .other: if matters { found.append(path) }
      }
    }
  }

  /// A name's bytes as text: UTF-8 as it is, any other byte as `\xNN`, so that a name
  /// that is not UTF-8 can be printed.
  static func escaped(_ bytes: [UInt8]) -> String {
    var text = ""
    var rest = bytes[...]
    while !rest.isEmpty {
      // The longest prefix that is valid UTF-8, then one byte escaped.
      var length = min(rest.count, 4)
      var decoded: String?
      while length > 0 {
        decoded = String(validating: rest.prefix(length), as: UTF8.self)
        if decoded != nil { break }
        length -= 1
      }
      if let decoded, length > 0 {
        text += decoded
        rest = rest.dropFirst(length)
      } else {
        let hex = String(rest.first!, radix: 16, uppercase: true)
        text += "\\x" + (hex.count == 1 ? "0" : "") + hex
        rest = rest.dropFirst()
      }
    }
    return text
  }

  /// The entries of the directory at `path`, from `opendir`, `readdir` and `lstat`.
  static func list(_ path: String) -> Result<[Entry], FileSystem.Failure> {
    guard let stream = opendir(path) else { return .failure(FileSystem.lastFailure()) }
    defer { closedir(stream) }
    let prefix = Array((path.hasSuffix("/") ? path : path + "/").utf8)
    var entries: [Entry] = []
    while true {
      // `readdir` returns nil both at the end and on an error; only `errno` tells them apart.
      errno = 0
      guard let entry = readdir(stream) else {
        if errno != 0 { return .failure(FileSystem.lastFailure()) }
        return .success(entries)
      }
      let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
      if name == [UInt8(ascii: ".")] || name == [UInt8(ascii: "."), UInt8(ascii: ".")] { continue }
      var info = stat()
      let full = (prefix + name).map { CChar(bitPattern: $0) } + [0]
      let kind: Entry.Kind
      if lstat(full, &info) != 0 {
        kind = .unknown(reason: FileSystem.lastFailure().reason)
      } else {
        kind = (info.st_mode & S_IFMT) == S_IFDIR ? .directory : .other
      }
      entries.append(Entry(name: name, kind: kind))
    }
  }
}
