#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Standard output or standard error as a `TextOutputStream`, written unbuffered with
/// `write(2)` so that output and diagnostics keep their order on a terminal.
///
/// A failed write (a full disk, a closed descriptor, a reader that went away: `EPIPE`, once
/// `SIGPIPE` is ignored) is recorded in `failure`, and nothing more is written: the
/// executable then ends with exit 74 and says why on standard error.
public struct StandardStream: TextOutputStream, Sendable {
  private let descriptor: Int32
  /// Why the first failed write failed ("no space left on device"); nil while all succeed.
  public private(set) var failure: String?

  /// The process's standard output.
  public static var output: StandardStream { StandardStream(descriptor: 1) }
  /// The process's standard error.
  public static var error: StandardStream { StandardStream(descriptor: 2) }

  init(descriptor: Int32) {
    self.descriptor = descriptor
  }

  /// Whether this stream is a terminal (`isatty(3)`).
  public var isTerminal: Bool { isatty(descriptor) != 0 }

  public mutating func write(_ string: String) {
    var bytes = Array(string.utf8)
    guard !bytes.isEmpty, failure == nil else { return }
    let descriptor = self.descriptor
    let failed: String? = bytes.withUnsafeMutableBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = writeBytes(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          let reason = String(cString: strerror(errno))
          return reason.prefix(1).lowercased() + reason.dropFirst()
        }
        offset += written
      }
      return nil
    }
    if let failed { failure = failed }
  }
}

/// `write(2)`, under a name the `write(_:)` method above does not shadow.
private func writeBytes(_ descriptor: Int32, _ pointer: UnsafeMutableRawPointer, _ count: Int) -> Int {
  write(descriptor, pointer, count)
}
