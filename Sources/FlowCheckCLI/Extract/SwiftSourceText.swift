/// The bytes of a Swift file, for what its parse dump leaves out: the dump gives byte
/// ranges for declarations and statements only (no expression carries one) and prints no
/// type names (`inherits`, parameter and property types are empty strings without type
/// checking), so lines, inheritance clauses and declared types are read from the text.
struct SwiftSourceText {
  let bytes: [UInt8]
  /// The offset of each line's first byte.
  private let lineStarts: [Int]

  init(bytes: [UInt8]) {
    self.bytes = bytes
    var starts = [0]
    for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { starts.append(offset + 1) }
    lineStarts = starts
  }

  /// The 1-based line of a byte offset.
  func line(of offset: Int) -> Int {
    var low = 0
    var high = lineStarts.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
    }
    return low + 1
  }

  /// The text of a byte range, clamped to the file.
  func text(_ start: Int, _ end: Int) -> String {
    let lower = max(0, min(start, bytes.count))
    let upper = max(lower, min(end, bytes.count))
    return String(decoding: bytes[lower..<upper], as: UTF8.self)
  }

  /// The offset of the next occurrence of `word` as a whole identifier in `start..<end`,
  /// skipping `//` comments: where a call the dump does not locate is written.
  func find(_ word: String, from start: Int, before end: Int) -> Int? {
    let pattern = Array(word.utf8)
    guard !pattern.isEmpty else { return nil }
    var offset = max(0, start)
    let limit = min(end, bytes.count) - pattern.count
    while offset <= limit {
      if bytes[offset] == UInt8(ascii: "/"), offset + 1 < bytes.count, bytes[offset + 1] == UInt8(ascii: "/")
      {
        while offset < bytes.count, bytes[offset] != UInt8(ascii: "\n") { offset += 1 }
        continue
      }
      if bytes[offset] == pattern[0], Array(bytes[offset..<offset + pattern.count]) == pattern,
        offset == 0 || !Self.isIdentifier(bytes[offset - 1]),
        offset + pattern.count >= bytes.count || !Self.isIdentifier(bytes[offset + pattern.count])
      {
        return offset
      }
      offset += 1
    }
    return nil
  }

  /// The names of a type declaration's inheritance clause, read from `class Name<…>: A, B<C> {`
  /// at `start`: `["A", "B"]` (generic arguments dropped; `B<C>` noted in `generic`).
  func inheritance(from start: Int, before end: Int) -> [(name: String, generic: String?)] {
    guard let brace = firstByte(UInt8(ascii: "{"), from: start, before: end) else { return [] }
    var header = text(start, brace)
    if let whereClause = header.firstRange(of: " where ") {
      header = String(header[..<whereClause.lowerBound])
    }
    // Skip the declared name and its generic parameters: the clause starts at the first
    // ':' outside angle brackets.
    var depth = 0
    var clauseStart: String.Index?
    for index in header.indices {
      switch header[index] {
      case "<": depth += 1
      case ">": depth -= 1
      case ":" where depth == 0:
        clauseStart = header.index(after: index)
      default: break
      }
      if clauseStart != nil { break }
    }
    guard let clauseStart else { return [] }
    return Self.splitTopLevel(String(header[clauseStart...])).compactMap { entry in
      let trimmed = entry.trimmingSpaces
      let name = String(trimmed.prefix { Self.isIdentifierCharacter($0) || $0 == "." })
      guard !name.isEmpty else { return nil }
      var generic: String?
      if let open = trimmed.firstIndex(of: "<"), let close = trimmed.lastIndex(of: ">"), open < close {
        generic = String(trimmed[trimmed.index(after: open)..<close]).trimmingSpaces
      }
      return (String(name.split(separator: ".").last ?? Substring(name)), generic)
    }
  }

  /// The type written after the first top-level `:` of a declaration whose range is
  /// `start...end` (`let x: T = …`): `T`, optionals and generic arguments dropped. The
  /// dump's `end` is where the last token starts, so the text is read past it.
  func declaredType(from start: Int, before end: Int) -> String? {
    var stop = end
    while stop < bytes.count, Self.isIdentifier(bytes[stop]) || bytes[stop] == UInt8(ascii: ".") { stop += 1 }
    let declaration = text(start, stop)
    guard let colon = declaration.firstIndex(of: ":") else { return nil }
    let rest = declaration[declaration.index(after: colon)...].drop { $0 == " " || $0 == "\n" }
    let name = rest.prefix { Self.isIdentifierCharacter($0) || $0 == "." }
    guard let last = name.split(separator: ".").last, !last.isEmpty else { return nil }
    return String(last)
  }

  private func firstByte(_ byte: UInt8, from start: Int, before end: Int) -> Int? {
    var offset = max(0, start)
    while offset < min(end, bytes.count) {
      if bytes[offset] == byte { return offset }
      offset += 1
    }
    return nil
  }

  /// `A, B<C, D>, E` split at the commas outside angle brackets.
  private static func splitTopLevel(_ text: String) -> [String] {
    var parts: [String] = []
    var current = ""
    var depth = 0
    for character in text {
      switch character {
      case "<": depth += 1
      case ">": depth -= 1
      case "," where depth == 0:
        parts.append(current)
        current = ""
        continue
      case "\n", "\t":
        current.append(" ")
        continue
      default: break
      }
      current.append(character)
    }
    parts.append(current)
    return parts
  }

  private static func isIdentifier(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
      || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
      || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_") || byte >= 0x80
  }

  static func isIdentifierCharacter(_ character: Character) -> Bool {
    character.isLetter || character.isNumber || character == "_"
  }
}
