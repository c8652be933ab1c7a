import FlowLanguage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where `fmt -` reads the text to format: the process's standard input (file descriptor 0),
/// or, in tests, fixed bytes. An editor's format-on-save pipes the buffer in and reads the
/// canonical form back from standard output.
public struct StandardInput: Sendable {
  /// The name diagnostics give the text read from it: `<stdin>:3:7: error: …`.
  public static let name = "<stdin>"

  private let reader: @Sendable () -> Result<[UInt8], FileSystem.Failure>

  /// The process's standard input, read to its end with `read(2)`; at most
  /// `FrontEnd.maximumFileSize` bytes, as for a file.
  public static let process = StandardInput {
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
      if count == 0 { return .success(bytes) }
      if count < 0 {
        if errno == EINTR { continue }
        let message = String(cString: strerror(errno))
        return .failure(FileSystem.Failure(reason: message.prefix(1).lowercased() + message.dropFirst()))
      }
      bytes += buffer[..<count]
      if bytes.count > FrontEnd.maximumFileSize {
        return .failure(
          FileSystem.Failure(
            reason: "larger than \(FrontEnd.maximumFileSize >> 20) MiB, the most flowcheck reads"))
      }
    }
  }

  /// Standard input that holds `text`.
  public static func text(_ text: String) -> StandardInput {
    let bytes = Array(text.utf8)
    return StandardInput { .success(bytes) }
  }

  init(_ reader: @escaping @Sendable () -> Result<[UInt8], FileSystem.Failure>) {
    self.reader = reader
  }

  /// Everything on standard input, or why it cannot be read.
  func contents() -> Result<[UInt8], FileSystem.Failure> { reader() }
}
