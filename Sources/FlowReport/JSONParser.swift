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
  private let maximumDepth: Int
  /// The nesting the files flowcheck writes never reach.
  public static let defaultMaximumDepth = 64

  /// Parses `text`, which must hold exactly one JSON value.
  public static func parse(_ text: String) throws(Failure) -> JSONValue {
    try parse(Array(text.utf8))
  }

  /// Parses `bytes`, which must be UTF-8 holding exactly one JSON value. A failure's
  /// offset is into `bytes`; a byte that is not UTF-8 fails where its sequence starts.
  /// Outside strings any byte above ASCII is already off the grammar, so only strings need
  /// checking.
  public static func parse(_ bytes: [UInt8]) throws(Failure) -> JSONValue {
    var parser = JSONParser(bytes: bytes, maximumDepth: defaultMaximumDepth)
    let value = try parser.value()
    parser.skipWhitespace()
    guard parser.position == parser.bytes.count else {
      throw parser.failure("unexpected text after the value")
    }
    return value
  }

  /// Parses `bytes`, UTF-8 holding JSON values one after the other with only whitespace
  /// between them, as `swiftc -frontend -dump-parse -dump-ast-format json` prints one syntax
  /// tree per file. `maximumDepth` bounds the nesting (a syntax tree nests deeper than a
  /// trace file); each level costs a few stack frames.
  public static func parseSequence(_ bytes: [UInt8], maximumDepth: Int) throws(Failure) -> [JSONValue] {
    var parser = JSONParser(bytes: bytes, maximumDepth: maximumDepth)
    var values: [JSONValue] = []
    parser.skipWhitespace()
    while parser.position < parser.bytes.count {
      values.append(try parser.value())
      parser.skipWhitespace()
    }
    return values
  }

  private init(bytes: [UInt8], maximumDepth: Int) {
    self.bytes = bytes
    self.maximumDepth = maximumDepth
  }

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
    guard depth <= maximumDepth else { throw failure("nested too deeply") }
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

  /// A string in quotes, escapes decoded. A `\\uXXXX` escape of a UTF-16 surrogate must be
  /// half of a pair: a high one (`D800`–`DBFF`) followed at once by a `\\u` escape of a low one
  /// (`DC00`–`DFFF`); a lone half is an error where its escape starts, since it is no
  /// character and no file flowcheck writes holds one.
  ///
  ///     string = '"' { unescaped | '\\' ( '"' | '\\' | '/' | 'b' | 'f' | 'n' | 'r' | 't' | 'u' hex4 ) } '"'
  private mutating func string() throws(Failure) -> String {
    position += 1
    var scalars = String.UnicodeScalarView()
    // The bytes since the last escape, copied as they are: `bytes[run..<start]`.
    var run = position
    while position < bytes.count {
      let start = position
      let byte = bytes[position]
      position += 1
      switch byte {
      case UInt8(ascii: "\""):
        try append(bytes[run..<start], to: &scalars)
        return String(scalars)
      case UInt8(ascii: "\\"):
        try append(bytes[run..<start], to: &scalars)
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
        case UInt8(ascii: "u"): scalars.append(try unicodeEscape(startingAt: start))
        default:
          position = start
          throw failure("unknown escape in a string")
        }
        run = position
      case 0..<0x20:
        position = start
        throw failure("control character in a string")
      default: break
      }
    }
    throw failure("unterminated string")
  }

  /// Appends the scalars of `run`, unescaped bytes of a string, or fails at the first byte
  /// of the first sequence in it that is not UTF-8.
  private mutating func append(_ run: ArraySlice<UInt8>, to scalars: inout String.UnicodeScalarView)
    throws(Failure)
  {
    var iterator = run.makeIterator()
    var decoder = Unicode.UTF8()
    var offset = run.startIndex
    while true {
      switch decoder.decode(&iterator) {
      case .scalarValue(let scalar):
        scalars.append(scalar)
        offset += UTF8.width(scalar)
      case .emptyInput:
        return
      case .error:
        position = offset
        throw failure(
          "not UTF-8: byte 0x\(String(bytes[offset], radix: 16, uppercase: true)) does not start a valid sequence"
        )
      }
    }
  }

  /// The scalar of a `\\uXXXX` escape whose `\\u` is at `start` and already read, with the
  /// low half of a surrogate pair when `XXXX` is a high half.
  private mutating func unicodeEscape(startingAt start: Int) throws(Failure) -> Unicode.Scalar {
    let code = try hex4()
    switch code {
    case 0xD800..<0xDC00:
      let lowStart = position
      guard bytes.count - position >= 2, bytes[position] == UInt8(ascii: "\\"),
        bytes[position + 1] == UInt8(ascii: "u")
      else {
        position = start
        throw failure("a high surrogate escape must be followed by a low one ('\\uDC00' to '\\uDFFF')")
      }
      position += 2
      let low = try hex4()
      guard (0xDC00..<0xE000).contains(low) else {
        position = lowStart
        throw failure("a high surrogate escape must be followed by a low one ('\\uDC00' to '\\uDFFF')")
      }
      // Both halves are in range, so the sum is in 0x10000...0x10FFFF: a valid scalar.
      return Unicode.Scalar(0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00))!
    case 0xDC00..<0xE000:
      position = start
      throw failure("a low surrogate escape without a high one before it")
    default:
      // Below 0xD800 or from 0xE000 to 0xFFFF: always a scalar.
      return Unicode.Scalar(code)!
    }
  }

  /// Four hexadecimal digits, as a number from 0 to 0xFFFF.
  private mutating func hex4() throws(Failure) -> UInt32 {
    var code: UInt32 = 0
    guard bytes.count - position >= 4 else { throw failure("expected four hexadecimal digits after '\\u'") }
    for offset in 0..<4 {
      guard let digit = Self.hexDigit(bytes[position + offset]) else {
        throw failure("expected four hexadecimal digits after '\\u'")
      }
      code = code << 4 | digit
    }
    position += 4
    return code
  }

  private static func hexDigit(_ byte: UInt8) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
    default: nil
    }
  }

  /// A number as RFC 8259 writes it: an integer that fits `Int` is `.int` (`-0` is `0`);
  /// any other is `.double`, and one too large for a finite `Double` (`1e400`) is an error,
  /// as is anything off the grammar (`+1`, `01`, `1.`, `.5`, `1e`).
  ///
  ///     number = [ '-' ] ( '0' | digit1-9 { digit } ) [ '.' digit { digit } ] [ ( 'e' | 'E' ) [ '+' | '-' ] digit { digit } ]
  private mutating func number() throws(Failure) -> JSONValue {
    let start = position
    func digits() -> Int {
      let first = position
      while position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) {
        position += 1
      }
      return position - first
    }
    _ = consume("-")
    guard position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) else {
      position = start
      throw failure("expected a value")
    }
    if consume("0") {
      guard digits() == 0 else {
        position = start
        throw failure("a number must not start with '0' and another digit")
      }
    } else {
      _ = digits()
    }
    var isInteger = true
    if consume(".") {
      isInteger = false
      guard digits() > 0 else { throw failure("expected a digit after the decimal point") }
    }
    if consume("e") || consume("E") {
      isInteger = false
      if !consume("+") { _ = consume("-") }
      guard digits() > 0 else { throw failure("expected a digit in the exponent") }
    }
    let text = String(decoding: bytes[start..<position], as: UTF8.self)
    if isInteger, let integer = Int(text) { return .int(integer) }
    guard let double = Double(text), double.isFinite else {
      position = start
      throw failure("number too large: its magnitude is beyond what a 64-bit floating-point number holds")
    }
    return .double(double)
  }
}
