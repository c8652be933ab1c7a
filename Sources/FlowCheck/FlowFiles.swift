#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where a test's relative path to a `.flow` file points.
enum FlowFiles {
  /// `path` itself when it is absolute or names a file from the current directory; else the
  /// first match in a directory above `filePath` (the calling test file); else `path`, for
  /// the reader to report as missing.
  static func resolve(_ path: String, relativeTo filePath: String) -> String {
    guard !path.hasPrefix("/"), !exists(path) else { return path }
    var directory = Substring(filePath)
    while let slash = directory.lastIndex(of: "/") {
      directory = directory[..<slash]
      let candidate = directory + "/" + path
      if exists(String(candidate)) { return String(candidate) }
    }
    return path
  }

  private static func exists(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0
  }
}
