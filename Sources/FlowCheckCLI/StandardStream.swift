#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Standard output or standard error as a `TextOutputStream`, written unbuffered with
/// `write(2)` so that output and diagnostics keep their order on a terminal.
public struct StandardStream: TextOutputStream, Sendable {
  private let descriptor: Int32

  /// The process's standard output.
  public static var output: StandardStream { StandardStream(descriptor: 1) }
  /// The process's standard error.
  public static var error: StandardStream { StandardStream(descriptor: 2) }

  private init(descriptor: Int32) {
    self.descriptor = descriptor
  }

  /// Whether this stream is a terminal (`isatty(3)`).
  public var isTerminal: Bool { isatty(descriptor) != 0 }

  public mutating func write(_ string: String) {
    var bytes = Array(string.utf8)
    guard !bytes.isEmpty else { return }
    bytes.withUnsafeMutableBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = writeBytes(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          return
        }
        offset += written
      }
    }
  }
}

/// `write(2)`, under a name the `write(_:)` method above does not shadow.
private func writeBytes(_ descriptor: Int32, _ pointer: UnsafeMutableRawPointer, _ count: Int) -> Int {
  write(descriptor, pointer, count)
}
