#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Foundation
#endif

/// The process's environment variables, read on Linux from the C library's `environ` list,
/// so that the executable needs no Foundation there (on Apple platforms Foundation is part
/// of the system, and reads them).
public enum ProcessEnvironment {
  /// Every `NAME=value` entry of the environment, as Foundation reads it on Linux: for a
  /// name given twice, the last; entries that are not UTF-8 or have no `=` are left out.
  public static func current() -> [String: String] {
    #if canImport(Darwin)
      return ProcessInfo.processInfo.environment
    #else
      guard let entries = environ as UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? else { return [:] }
      return variables(in: entries)
    #endif
  }

  /// The variables of a `NAME=value` list that ends with a null entry.
  static func variables(in entries: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> [String: String] {
    var variables: [String: String] = [:]
    var index = 0
    while let entry = entries[index] {
      index += 1
      guard let text = String(validatingCString: entry), let equals = text.firstIndex(of: "=") else {
        continue
      }
      variables[String(text[..<equals])] = String(text[text.index(after: equals)...])
    }
    return variables
  }
}
