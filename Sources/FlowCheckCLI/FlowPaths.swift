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
enum FlowPaths {
  /// One argument, expanded: the files to check, or the directory that held none.
  enum Expansion: Equatable {
    case files([String])
    case emptyDirectory(String)
  }

  /// Each argument in the order given, directories expanded; anything that is not a
  /// directory (a file, a missing path) is passed on for the reader to report.
  static func expand(_ arguments: [String]) -> [Expansion] {
    arguments.map { argument in
      guard isDirectory(argument) else { return .files([argument]) }
      var found: [String] = []
      collect(under: argument, into: &found)
      found.sort { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
      return found.isEmpty ? .emptyDirectory(argument) : .files(found)
    }
  }

  /// Whether `path` is a directory (through a symbolic link given as the argument itself).
  static func isDirectory(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
  }

  private static func collect(under directory: String, into found: inout [String]) {
    guard let stream = opendir(directory) else { return }
    defer { closedir(stream) }
    let prefix = directory.hasSuffix("/") ? directory : directory + "/"
    while let entry = readdir(stream) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { buffer in
        String(decoding: buffer.prefix(while: { $0 != 0 }), as: UTF8.self)
      }
      guard !name.hasPrefix(".") else { continue }
      let path = prefix + name
      var info = stat()
      guard lstat(path, &info) == 0 else { continue }
      if (info.st_mode & S_IFMT) == S_IFDIR {
        collect(under: path, into: &found)
      } else if name.hasSuffix(".flow") {
        found.append(path)
      }
    }
  }
}
