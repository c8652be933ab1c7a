import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The clock and the memory gauge the explorer's limits are checked against.
@usableFromInline enum ResourceUsage {
  /// Monotonic nanoseconds.
  @usableFromInline static func nanoseconds() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

  /// Peak resident memory of the process in bytes, or 0 when unknown.
  ///
  /// Linux: `VmHWM` of `/proc/self/status` (the resident high-water mark). Elsewhere:
  /// `ru_maxrss` of `getrusage` (bytes on Darwin).
  @usableFromInline static func peakResidentBytes() -> Int {
    #if os(Linux)
      return statusKilobytes(field: "VmHWM:").map { $0 * 1024 } ?? 0
    #elseif canImport(Darwin)
      var usage = rusage()
      guard getrusage(RUSAGE_SELF, &usage) == 0 else { return 0 }
      return Int(usage.ru_maxrss)
    #else
      return 0
    #endif
  }

  #if os(Linux)
    /// The value of a `kB` line of `/proc/self/status`, e.g. `VmHWM:   123456 kB`.
    static func statusKilobytes(field: String) -> Int? {
      let descriptor = open("/proc/self/status", O_RDONLY)
      guard descriptor >= 0 else { return nil }
      defer { close(descriptor) }
      var text: [UInt8] = []
      var chunk = [UInt8](repeating: 0, count: 4096)
      while true {
        let got = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if got <= 0 { break }
        text.append(contentsOf: chunk[0..<got])
      }
      let name = Array(field.utf8)
      guard text.count >= name.count else { return nil }
      var start = 0
      while start + name.count <= text.count {
        if start == 0 || text[start - 1] == UInt8(ascii: "\n"),
          text[start..<start + name.count].elementsEqual(name)
        {
          var position = start + name.count
          var value = 0
          var sawDigit = false
          while position < text.count, text[position] != UInt8(ascii: "\n") {
            let byte = text[position]
            if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
              value = value * 10 + Int(byte - UInt8(ascii: "0"))
              sawDigit = true
            } else if sawDigit {
              break
            }
            position += 1
          }
          return sawDigit ? value : nil
        }
        start += 1
      }
      return nil
    }
  #endif
}
