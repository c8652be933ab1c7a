// Turns a file's bytes into tokens and comments in one pass, without ever building a
// `String` from the whole file: invalid UTF-8 and binary content are diagnostics, not crashes.

/// The `.flow` lexer.
///
/// - Whitespace is space, tab, carriage return and line feed; a UTF-8 byte-order mark at the
///   start is skipped.
/// - A NUL or other control byte anywhere makes the file binary: one `binary-file` error, no tokens.
/// - Outside comments and strings only ASCII is allowed; each run of unexpected characters is
///   one `unexpected-character` error, each run of invalid UTF-8 one `invalid-utf8` error.
public enum Lexer {
  /// - Complexity: O(n) in the size of the file.
  public static func lex(_ source: SourceFile) -> LexedSource {
    var scanner = ByteScanner(bytes: source.bytes)
    scanner.run()
    return LexedSource(
      tokens: scanner.tokens, comments: scanner.comments, diagnostics: scanner.diagnostics,
      isBinary: scanner.isBinary)
  }

  /// The first byte that makes a file binary: a control character other than tab, LF, CR.
  static func firstControlByte(in bytes: [UInt8]) -> Int? {
    for (index, byte) in bytes.enumerated() where byte < 0x20 || byte == 0x7F {
      if byte != 0x09 && byte != 0x0A && byte != 0x0D { return index }
    }
    return nil
  }

  /// The length of the valid UTF-8 sequence starting at `index` (a byte ≥ 0x80), or 0 if invalid.
  static func utf8SequenceLength(_ bytes: [UInt8], at index: Int) -> Int {
    let count = bytes.count
    let lead = bytes[index]
    func continuation(_ offset: Int, _ low: UInt8 = 0x80, _ high: UInt8 = 0xBF) -> Bool {
      index + offset < count && bytes[index + offset] >= low && bytes[index + offset] <= high
    }
    switch lead {
    case 0xC2...0xDF:
      return continuation(1) ? 2 : 0
    case 0xE0:
      return continuation(1, 0xA0) && continuation(2) ? 3 : 0
    case 0xE1...0xEC, 0xEE...0xEF:
      return continuation(1) && continuation(2) ? 3 : 0
    case 0xED:
      return continuation(1, 0x80, 0x9F) && continuation(2) ? 3 : 0
    case 0xF0:
      return continuation(1, 0x90) && continuation(2) && continuation(3) ? 4 : 0
    case 0xF1...0xF3:
      return continuation(1) && continuation(2) && continuation(3) ? 4 : 0
    case 0xF4:
      return continuation(1, 0x80, 0x8F) && continuation(2) && continuation(3) ? 4 : 0
    default:
      return 0
    }
  }
}

extension UInt8 {
  fileprivate var isIdentifierHead: Bool {
    (self >= 0x61 && self <= 0x7A) || (self >= 0x41 && self <= 0x5A) || self == 0x5F
  }
  fileprivate var isDigit: Bool { self >= 0x30 && self <= 0x39 }
  fileprivate var isIdentifierBody: Bool { isIdentifierHead || isDigit }
  fileprivate var isWhitespace: Bool { self == 0x20 || self == 0x09 || self == 0x0D || self == 0x0A }
}

/// The lexer's cursor over the bytes.
private struct ByteScanner {
  let bytes: [UInt8]
  var index = 0
  var line = 1
  var tokens: [Token] = []
  var comments: [LexedComment] = []
  var diagnostics: [Diagnostic] = []
  var isBinary = false
  /// Line of the last token emitted (0: none yet).
  var lastTokenLine = 0
  /// Last line of the last token or comment emitted (0: none yet).
  var lastPieceEndLine = 0
  /// First comment not yet assigned to a token.
  var pendingComments = 0
  /// Inside `expect violation a, b…`, where identifiers may contain dashes.
  var inViolationList = false

  init(bytes: [UInt8]) {
    self.bytes = bytes
    tokens.reserveCapacity(bytes.count / 4 + 1)
  }

  mutating func run() {
    if let offset = Lexer.firstControlByte(in: bytes) {
      isBinary = true
      diagnostics = [.error(.binaryFile, "file looks binary", at: offset)]
      emit(.endOfFile, start: bytes.count, end: bytes.count)
      return
    }
    let count = bytes.count
    if count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { index = 3 }
    while true {
      while index < count && bytes[index].isWhitespace {
        if bytes[index] == 0x0A { line += 1 }
        index += 1
      }
      guard index < count else { break }
      let start = index
      let byte = bytes[index]
      let next: UInt8 = index + 1 < count ? bytes[index + 1] : 0
      if byte.isIdentifierHead {
        lexIdentifier()
      } else if byte.isDigit {
        lexInteger()
      } else {
        switch byte {
        case UInt8(ascii: "/") where next == UInt8(ascii: "/"): lexLineComment()
        case UInt8(ascii: "/") where next == UInt8(ascii: "*"): lexBlockComment()
        case UInt8(ascii: "\""): lexString()
        case UInt8(ascii: "{"): punctuation(.leftBrace, 1)
        case UInt8(ascii: "}"): punctuation(.rightBrace, 1)
        case UInt8(ascii: "("): punctuation(.leftParen, 1)
        case UInt8(ascii: ")"): punctuation(.rightParen, 1)
        case UInt8(ascii: ","): punctuation(.comma, 1)
        case UInt8(ascii: ";"): punctuation(.semicolon, 1)
        case UInt8(ascii: ":"): punctuation(.colon, 1)
        case UInt8(ascii: "."):
          if next == UInt8(ascii: ".") && index + 2 < count && bytes[index + 2] == UInt8(ascii: ".") {
            punctuation(.ellipsis, 3)
          } else {
            punctuation(.dot, 1)
          }
        case UInt8(ascii: "="): next == UInt8(ascii: "=") ? punctuation(.equal, 2) : punctuation(.assign, 1)
        case UInt8(ascii: "+"): next == UInt8(ascii: "=") ? punctuation(.addAssign, 2) : punctuation(.plus, 1)
        case UInt8(ascii: "-"):
          next == UInt8(ascii: "=") ? punctuation(.subtractAssign, 2) : punctuation(.minus, 1)
        case UInt8(ascii: "!"): next == UInt8(ascii: "=") ? punctuation(.notEqual, 2) : punctuation(.bang, 1)
        case UInt8(ascii: "<"):
          next == UInt8(ascii: "=") ? punctuation(.lessOrEqual, 2) : punctuation(.less, 1)
        case UInt8(ascii: ">"):
          next == UInt8(ascii: "=") ? punctuation(.greaterOrEqual, 2) : punctuation(.greater, 1)
        case UInt8(ascii: "&") where next == UInt8(ascii: "&"): punctuation(.and, 2)
        case UInt8(ascii: "|") where next == UInt8(ascii: "|"): punctuation(.or, 2)
        default: skipUnexpected()
        }
      }
      precondition(index > start, "the lexer must make progress")
    }
    emit(.endOfFile, start: count, end: count)
  }

  // MARK: Tokens

  mutating func emit(_ kind: TokenKind, start: Int, end: Int, text: String = "", value: Int = 0) {
    let startsLine = line > lastTokenLine
    let blank = lastPieceEndLine > 0 && line - lastPieceEndLine >= 2
    let previousKind = tokens.last?.kind
    let previousText = tokens.last?.text ?? ""
    tokens.append(
      Token(
        kind: kind, range: SourceRange(start: start, end: end), line: line, text: text, value: value,
        startsLine: startsLine, blankLineBefore: blank, comments: pendingComments..<comments.count))
    // `expect violation` starts a list of ids; it goes on over commas (and a line break after one).
    let continuesList = inViolationList && (!startsLine || previousKind == .comma)
    switch kind {
    case .identifier where text == "violation" && previousKind == .identifier && previousText == "expect":
      inViolationList = true
    case .identifier, .comma:
      inViolationList = continuesList
    default:
      inViolationList = false
    }
    pendingComments = comments.count
    lastTokenLine = line
    lastPieceEndLine = line
  }

  mutating func punctuation(_ kind: TokenKind, _ length: Int) {
    let start = index
    index += length
    emit(kind, start: start, end: index)
  }

  /// Whether an identifier starting now may contain dashes (`shadow-sync` after `expect violation`).
  var dashesAllowed: Bool {
    guard inViolationList, let previous = tokens.last else { return false }
    let startsLine = line > lastTokenLine
    return !startsLine || previous.kind == .comma
  }

  mutating func lexIdentifier() {
    let start = index
    let dashes = dashesAllowed
    let count = bytes.count
    index += 1
    while index < count {
      let byte = bytes[index]
      if byte.isIdentifierBody {
        index += 1
      } else if dashes && byte == UInt8(ascii: "-") && index + 1 < count && bytes[index + 1].isIdentifierBody
      {
        index += 2
      } else {
        break
      }
    }
    emit(.identifier, start: start, end: index, text: String(decoding: bytes[start..<index], as: UTF8.self))
  }

  mutating func lexInteger() {
    let start = index
    var value = 0
    var overflow = false
    while index < bytes.count && bytes[index].isDigit {
      let (product, o1) = value.multipliedReportingOverflow(by: 10)
      let (sum, o2) = product.addingReportingOverflow(Int(bytes[index] - 0x30))
      if o1 || o2 { overflow = true }
      value = sum
      index += 1
    }
    if overflow {
      diagnostics.append(
        .error(.integerTooLarge, "integer literal is too large (the largest is \(Int.max))", at: start))
      value = 0
    }
    emit(.integer, start: start, end: index, value: value)
  }

  mutating func lexString() {
    let start = index
    index += 1
    let contentStart = index
    let count = bytes.count
    while index < count && bytes[index] != UInt8(ascii: "\"") && bytes[index] != 0x0A {
      index += 1
    }
    var contentEnd = index
    if index < count && bytes[index] == UInt8(ascii: "\"") {
      index += 1
    } else {
      diagnostics.append(
        .error(.unterminatedString, "unterminated string: expected '\"' on the same line", at: start))
      while contentEnd > contentStart && bytes[contentEnd - 1] == 0x0D { contentEnd -= 1 }
    }
    checkUTF8(contentStart..<contentEnd)
    emit(
      .string, start: start, end: index,
      text: String(decoding: bytes[contentStart..<contentEnd], as: UTF8.self))
  }

  // MARK: Comments

  mutating func lexLineComment() {
    let start = index
    let count = bytes.count
    while index < count && bytes[index] != 0x0A { index += 1 }
    var end = index
    while end > start && bytes[end - 1] == 0x0D { end -= 1 }
    addComment(start: start, end: end, startLine: line)
  }

  mutating func lexBlockComment() {
    let start = index
    let startLine = line
    let count = bytes.count
    index += 2
    var closed = false
    while index < count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "*") && index + 1 < count && bytes[index + 1] == UInt8(ascii: "/") {
        index += 2
        closed = true
        break
      }
      if byte == 0x0A { line += 1 }
      index += 1
    }
    var end = index
    if !closed {
      diagnostics.append(.error(.unterminatedComment, "unterminated comment: expected '*/'", at: start))
      while end > start + 2 && bytes[end - 1].isWhitespace { end -= 1 }
    }
    addComment(start: start, end: end, startLine: startLine)
  }

  mutating func addComment(start: Int, end: Int, startLine: Int) {
    checkUTF8(start..<end)
    let blank = lastPieceEndLine > 0 && startLine - lastPieceEndLine >= 2
    var endLine = startLine
    for byte in bytes[start..<end] where byte == 0x0A { endLine += 1 }
    let text = String(decoding: bytes[start..<end], as: UTF8.self)
    comments.append(
      LexedComment(
        comment: Comment(text: text, range: SourceRange(start: start, end: end)), line: startLine,
        endLine: endLine, blankLineBefore: blank))
    lastPieceEndLine = endLine
  }

  // MARK: Errors

  /// Reports each run of invalid UTF-8 inside a comment or string.
  mutating func checkUTF8(_ range: Range<Int>) {
    var position = range.lowerBound
    var runStart: Int? = nil
    while position < range.upperBound {
      if bytes[position] < 0x80 {
        runStart = nil
        position += 1
        continue
      }
      let length = Lexer.utf8SequenceLength(bytes, at: position)
      if length == 0 || position + length > range.upperBound {
        if runStart == nil {
          runStart = position
          diagnostics.append(.error(.invalidUTF8, "invalid UTF-8 byte sequence", at: position))
        }
        position += 1
      } else {
        runStart = nil
        position += length
      }
    }
  }

  /// Whether a token, a comment or whitespace can start at `position`.
  func canStartToken(at position: Int) -> Bool {
    let byte = bytes[position]
    if byte.isIdentifierBody || byte.isWhitespace { return true }
    let next: UInt8 = position + 1 < bytes.count ? bytes[position + 1] : 0
    switch byte {
    case UInt8(ascii: "/"): return next == UInt8(ascii: "/") || next == UInt8(ascii: "*")
    case UInt8(ascii: "&"): return next == UInt8(ascii: "&")
    case UInt8(ascii: "|"): return next == UInt8(ascii: "|")
    case UInt8(ascii: "\""), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "("), UInt8(ascii: ")"),
      UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: ":"), UInt8(ascii: "."), UInt8(ascii: "="),
      UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "!"), UInt8(ascii: "<"), UInt8(ascii: ">"):
      return true
    default: return false
    }
  }

  /// Skips a run of bytes that start no token: one diagnostic per run of invalid UTF-8 and
  /// one per run of unexpected characters.
  mutating func skipUnexpected() {
    var characterRunStart: Int? = nil
    var invalidRunStart: Int? = nil
    func flushCharacters(_ scanner: inout ByteScanner, upTo end: Int) {
      guard let start = characterRunStart else { return }
      let text = String(decoding: scanner.bytes[start..<min(end, start + 40)], as: UTF8.self)
      let plural = end - start > 1 && text.count > 1
      scanner.diagnostics.append(
        .error(
          .unexpectedCharacter,
          "unexpected character\(plural ? "s" : "") '\(text)\(end - start > 40 ? "…" : "")'",
          at: start))
      characterRunStart = nil
    }
    while index < bytes.count && !canStartToken(at: index) {
      let byte = bytes[index]
      if byte < 0x80 {
        invalidRunStart = nil
        if characterRunStart == nil { characterRunStart = index }
        index += 1
        continue
      }
      let length = Lexer.utf8SequenceLength(bytes, at: index)
      if length == 0 {
        flushCharacters(&self, upTo: index)
        if invalidRunStart == nil {
          invalidRunStart = index
          diagnostics.append(.error(.invalidUTF8, "invalid UTF-8 byte sequence", at: index))
        }
        index += 1
      } else {
        invalidRunStart = nil
        if characterRunStart == nil { characterRunStart = index }
        index += length
      }
    }
    flushCharacters(&self, upTo: index)
  }
}
