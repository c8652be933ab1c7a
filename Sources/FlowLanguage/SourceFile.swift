/// A `.flow` file's bytes, with the line table that turns byte offsets into positions.
///
/// Diagnostics carry byte offsets; line and column are computed only when printed,
/// as swift-syntax does. Lines and columns are 1-based, columns count UTF-8 bytes.
public struct SourceFile: Sendable {
  /// The path as the user gave it; printed in front of every diagnostic.
  public let path: String
  /// The raw bytes. The lexer works on bytes so that invalid UTF-8 is an error, not a crash.
  public let bytes: [UInt8]
  /// Byte offset at which each line starts; `lineStarts[0] == 0`.
  public let lineStarts: [Int]

  /// - Complexity: O(n) in the size of the file.
  public init(path: String, bytes: [UInt8]) {
    self.path = path
    self.bytes = bytes
    var starts = [0]
    for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
      starts.append(index + 1)
    }
    self.lineStarts = starts
  }

  public init(path: String, text: String) {
    self.init(path: path, bytes: Array(text.utf8))
  }

  /// The 1-based line and column of a byte offset (clamped into the file).
  /// - Complexity: O(log lines).
  public func location(of offset: Int) -> SourceLocation {
    let clamped = max(0, min(offset, bytes.count))
    var low = 0
    var high = lineStarts.count - 1
    while low < high {
      let mid = (low + high + 1) / 2
      if lineStarts[mid] <= clamped { low = mid } else { high = mid - 1 }
    }
    return SourceLocation(line: low + 1, column: clamped - lineStarts[low] + 1)
  }

  /// The source text of a range, with invalid UTF-8 repaired.
  public func text(of range: SourceRange) -> String {
    let lower = max(0, min(range.start, bytes.count))
    let upper = max(lower, min(range.end, bytes.count))
    return String(decoding: bytes[lower..<upper], as: UTF8.self)
  }
}

/// A 1-based line and column.
public struct SourceLocation: Equatable, Hashable, Sendable, CustomStringConvertible {
  public var line: Int
  public var column: Int
  public init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }
  public var description: String { "\(line):\(column)" }
}

/// A half-open range of byte offsets in a source file.
public struct SourceRange: Equatable, Hashable, Sendable {
  public var start: Int
  public var end: Int
  public init(start: Int, end: Int) {
    self.start = start
    self.end = end
  }
  public static func at(_ offset: Int) -> SourceRange { SourceRange(start: offset, end: offset) }
  /// The smallest range covering both.
  public func union(_ other: SourceRange) -> SourceRange {
    SourceRange(start: min(start, other.start), end: max(end, other.end))
  }
}
