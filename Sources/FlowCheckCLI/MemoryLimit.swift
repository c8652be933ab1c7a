import FlowReport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

#if !os(Linux)
  import Foundation
#endif

/// The memory limit `check` applies when `--max-memory` is not given: 75% of physical
/// memory, so that a large exploration ends as incomplete instead of swapping or being
/// killed.
enum MemoryLimit {
  /// 75% of physical memory, or nil when it cannot be learned (then there is no limit).
  static var defaultBytes: Int? { physicalMemory().map(defaultBytes(physicalMemory:)) }

  /// 75% of `physicalMemory`.
  static func defaultBytes(physicalMemory: Int) -> Int { physicalMemory / 4 * 3 }

  /// Physical memory in bytes. Linux: `MemTotal` of `/proc/meminfo`; elsewhere
  /// `ProcessInfo.processInfo.physicalMemory`.
  static func physicalMemory() -> Int? {
    #if os(Linux)
      guard let bytes = try? FileSystem.contents(of: "/proc/meminfo") else { return nil }
      return memTotal(inMeminfo: String(decoding: bytes, as: UTF8.self))
    #else
      let bytes = ProcessInfo.processInfo.physicalMemory
      return bytes > 0 && bytes <= UInt64(Int.max) ? Int(bytes) : nil
    #endif
  }

  /// The `MemTotal:   16384000 kB` line of a `/proc/meminfo` text, in bytes.
  static func memTotal(inMeminfo text: String) -> Int? {
    for line in text.split(separator: "\n") where line.hasPrefix("MemTotal:") {
      let words = line.dropFirst("MemTotal:".count).split { $0 == " " || $0 == "\t" }
      guard let number = words.first.flatMap({ Int($0) }), number > 0 else { return nil }
      let unit = words.dropFirst().first?.lowercased() ?? "b"
      let multiplier: Int
      switch unit {
      case "kb": multiplier = 1024
      case "mb": multiplier = 1024 * 1024
      case "b": multiplier = 1
      default: return nil
      }
      let (bytes, overflow) = number.multipliedReportingOverflow(by: multiplier)
      return overflow ? nil : bytes
    }
    return nil
  }

  /// Bytes of a bitstate table of `2^bits` bits.
  static func bitstateTableBytes(_ bits: Int) -> Int { (1 << bits) / 8 }

  /// Why `--bitstate bits` cannot run, or nil: its table must fit the memory limit
  /// (`limit`, when there is one) and the machine's physical memory (`physical`, when
  /// known), or its allocation would fail and abort the process.
  static func bitstateRefusal(bits: Int, limit: Int?, physical: Int?) -> String? {
    let table = bitstateTableBytes(bits)
    let needs = "'--bitstate \(bits)' needs \(ByteCount.describe(table)) for its table"
    if let limit, table > limit {
      return needs + ", more than the memory limit of " + ByteCount.describe(limit)
    }
    if let physical, table > physical {
      return needs + ", more than this machine's " + ByteCount.describe(physical) + " of memory"
    }
    return nil
  }
}
