/// Reads JSON text (RFC 8259) into a `JSONValue`, for the files flowcheck reads back: trace
/// files (`TraceFile`). Small and strict: one value, whitespace around it, nothing else.
public struct JSONParser {
  /// Why the text is not JSON, and where: a byte offset into it.
  public struct Failure: Error, Equatable, Sendable {
    public var message: String
    public var offset: Int
  }

  private let bytes: [UInt8]
  private var position = 0
  /// Nesting depth, capped so that a hostile file cannot overflow the stack.
  private var depth = 0
  private static let maximumDepth = 64

  /// Parses `text`, which must hold exactly one JSON value.
  public static func parse(_ text: String) throws(Failure) -> JSONValue {
    var parser = JSONParser(bytes: Array(text.utf8))
    let value = try parser.value()
    parser.skipWhitespace()
    guard parser.position == parser.bytes.count else {
      throw parser.failure("unexpected text after the value")
    }
    return value
  }

  private init(bytes: [UInt8]) { self.bytes = bytes }

  private func failure(_ message: String) -> Failure { Failure(message: message, offset: position) }

  private mutating func skipWhitespace() {
    while position < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position]) { position += 1 }
  }

  private mutating func value() throws(Failure) -> JSONValue {
    skipWhitespace()
    guard position < bytes.count else { throw failure("expected a value, found the end of the text") }
    switch bytes[position] {
    case UInt8(ascii: "{"): return try object()
    case UInt8(ascii: "["): return try array()
    case UInt8(ascii: "\""): return .string(try string())
    case UInt8(ascii: "t"): return try literal("true", .bool(true))
    case UInt8(ascii: "f"): return try literal("false", .bool(false))
    case UInt8(ascii: "n"): return try literal("null", .null)
    default: return try number()
    }
  }

  private mutating func literal(_ word: String, _ value: JSONValue) throws(Failure) -> JSONValue {
    let expected = Array(word.utf8)
    guard bytes.count - position >= expected.count,
      Array(bytes[position..<position + expected.count]) == expected
    else { throw failure("expected a value") }
    position += expected.count
    return value
  }

  private mutating func nested<T>(_ body: (inout JSONParser) throws(Failure) -> T) throws(Failure) -> T {
    depth += 1
    guard depth <= Self.maximumDepth else { throw failure("nested too deeply") }
    defer { depth -= 1 }
    return try body(&self)
  }

  private mutating func object() throws(Failure) -> JSONValue {
    try nested { (parser: inout JSONParser) throws(Failure) -> JSONValue in
      parser.position += 1
      var members: [String: JSONValue] = [:]
      parser.skipWhitespace()
      if parser.consume("}") { return .object(members) }
      while true {
        parser.skipWhitespace()
        guard parser.position < parser.bytes.count, parser.bytes[parser.position] == UInt8(ascii: "\"") else {
          throw parser.failure("expected a key in quotes")
        }
        let key = try parser.string()
        parser.skipWhitespace()
        guard parser.consume(":") else { throw parser.failure("expected ':' after a key") }
        members[key] = try parser.value()
        parser.skipWhitespace()
        if parser.consume("}") { return .object(members) }
        guard parser.consume(",") else { throw parser.failure("expected ',' or '}'") }
      }
    }
  }

  private mutating func array() throws(Failure) -> JSONValue {
    try nested { (parser: inout JSONParser) throws(Failure) -> JSONValue in
      parser.position += 1
      var values: [JSONValue] = []
      parser.skipWhitespace()
      if parser.consume("]") { return .array(values) }
      while true {
        values.append(try parser.value())
        parser.skipWhitespace()
        if parser.consume("]") { return .array(values) }
        guard parser.consume(",") else { throw parser.failure("expected ',' or ']'") }
      }
    }
  }

  private mutating func consume(_ character: Unicode.Scalar) -> Bool {
    guard position < bytes.count, bytes[position] == UInt8(ascii: character) else { return false }
    position += 1
    return true
  }

  /// A string in quotes, escapes decoded (`\uXXXX` surrogate pairs included).
  private mutating func string() throws(Failure) -> String {
    position += 1
    var scalars = String.UnicodeScalarView()
    var run: [UInt8] = []
    func flush() {
      scalars.append(contentsOf: String(decoding: run, as: UTF8.self).unicodeScalars)
      run.removeAll()
    }
    while position < bytes.count {
      let byte = bytes[position]
      position += 1
      switch byte {
      case UInt8(ascii: "\""):
        flush()
        return String(scalars)
      case UInt8(ascii: "\\"):
        flush()
        guard position < bytes.count else { break }
        let escape = bytes[position]
        position += 1
        switch escape {
        case UInt8(ascii: "\""): scalars.append("\"")
        case UInt8(ascii: "\\"): scalars.append("\\")
        case UInt8(ascii: "/"): scalars.append("/")
        case UInt8(ascii: "b"): scalars.append("\u{08}")
        case UInt8(ascii: "f"): scalars.append("\u{0C}")
        case UInt8(ascii: "n"): scalars.append("\n")
        case UInt8(ascii: "r"): scalars.append("\r")
        case UInt8(ascii: "t"): scalars.append("\t")
        case UInt8(ascii: "u"):
          var code = try hex4()
          if (0xD800..<0xDC00).contains(code), consume("\\"), consume("u") {
            let low = try hex4()
            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
          }
          scalars.append(Unicode.Scalar(code) ?? "\u{FFFD}")
        default: throw failure("unknown escape in a string")
        }
      case 0..<0x20: throw failure("control character in a string")
      default: run.append(byte)
      }
    }
    throw failure("unterminated string")
  }

  private mutating func hex4() throws(Failure) -> UInt32 {
    guard bytes.count - position >= 4,
      let code = UInt32(String(decoding: bytes[position..<position + 4], as: UTF8.self), radix: 16)
    else { throw failure("expected four hexadecimal digits after '\\u'") }
    position += 4
    return code
  }

  private mutating func number() throws(Failure) -> JSONValue {
    let start = position
    let allowed = Array("+-0123456789.eE".utf8)
    while position < bytes.count, allowed.contains(bytes[position]) { position += 1 }
    let text = String(decoding: bytes[start..<position], as: UTF8.self)
    if let integer = Int(text) { return .int(integer) }
    if let double = Double(text), !text.isEmpty { return .double(double) }
    position = start
    throw failure("expected a value")
  }
}
