// The tokens of a `.flow` file. Keywords are not a token kind: they are identifiers that
// the parser reads by context (`top` is a statement verb and a value, `root` a member and a verb).

/// The kind of a token.
public enum TokenKind: Equatable, Hashable, Sendable {
  /// `[A-Za-z_][A-Za-z0-9_]*`; inside `expect violation …` also with inner dashes (`shadow-sync`).
  case identifier
  /// A decimal integer literal.
  case integer
  /// `"…"` on one line, no escapes.
  case string
  case leftBrace, rightBrace, leftParen, rightParen
  case comma, semicolon, colon, dot
  /// `...` in `var n: 0...3 = 0`.
  case ellipsis
  /// `=`, `+=`, `-=`
  case assign, addAssign, subtractAssign
  /// `==`, `!=`, `<`, `<=`, `>`, `>=`
  case equal, notEqual, less, lessOrEqual, greater, greaterOrEqual
  /// `+`, `-`, `!`, `&&`, `||`
  case plus, minus, bang, and, or
  /// After the last token; its range is empty and sits at the end of the file.
  case endOfFile

  /// How the token is spelled, for messages.
  public var spelling: String {
    switch self {
    case .identifier: "name"
    case .integer: "integer"
    case .string: "string"
    case .leftBrace: "{"
    case .rightBrace: "}"
    case .leftParen: "("
    case .rightParen: ")"
    case .comma: ","
    case .semicolon: ";"
    case .colon: ":"
    case .dot: "."
    case .ellipsis: "..."
    case .assign: "="
    case .addAssign: "+="
    case .subtractAssign: "-="
    case .equal: "=="
    case .notEqual: "!="
    case .less: "<"
    case .lessOrEqual: "<="
    case .greater: ">"
    case .greaterOrEqual: ">="
    case .plus: "+"
    case .minus: "-"
    case .bang: "!"
    case .and: "&&"
    case .or: "||"
    case .endOfFile: "end of file"
    }
  }
}

/// One token, with what the parser needs to separate statements and attach comments.
public struct Token: Equatable, Sendable {
  public var kind: TokenKind
  public var range: SourceRange
  /// 1-based line of the token (tokens never span lines).
  public var line: Int
  /// An identifier's text or a string literal's contents; empty for other kinds.
  public var text: String
  /// An integer literal's value (0 when it does not fit an `Int`).
  public var value: Int
  /// No earlier token is on the same line: the token begins a new statement if it can.
  public var startsLine: Bool
  /// A blank line separates this token from the comment or token just before it.
  public var blankLineBefore: Bool
  /// Indices into `LexedSource.comments` of the comments between the previous token and this one.
  public var comments: Range<Int>

  public init(
    kind: TokenKind, range: SourceRange, line: Int, text: String = "", value: Int = 0,
    startsLine: Bool = false, blankLineBefore: Bool = false, comments: Range<Int> = 0..<0
  ) {
    self.kind = kind
    self.range = range
    self.line = line
    self.text = text
    self.value = value
    self.startsLine = startsLine
    self.blankLineBefore = blankLineBefore
    self.comments = comments
  }

  /// Whether the token is the identifier `word`.
  public func isWord(_ word: String) -> Bool { kind == .identifier && text == word }
}

/// A comment as lexed, with the line information the parser uses to attach it.
public struct LexedComment: Equatable, Sendable {
  public var comment: Comment
  /// 1-based line of the first byte.
  public var line: Int
  /// 1-based line of the last byte (differs from `line` for a multi-line `/* */`).
  public var endLine: Int
  /// A blank line separates this comment from the comment or token just before it.
  public var blankLineBefore: Bool

  public init(comment: Comment, line: Int, endLine: Int, blankLineBefore: Bool) {
    self.comment = comment
    self.line = line
    self.endLine = endLine
    self.blankLineBefore = blankLineBefore
  }
}

/// The output of the lexer: tokens (ending with `.endOfFile`), comments, and lexical errors.
public struct LexedSource: Sendable {
  public var tokens: [Token]
  public var comments: [LexedComment]
  public var diagnostics: [Diagnostic]
  /// The file holds NUL or control bytes; `tokens` is then only `.endOfFile`.
  public var isBinary: Bool

  public init(tokens: [Token], comments: [LexedComment], diagnostics: [Diagnostic], isBinary: Bool) {
    self.tokens = tokens
    self.comments = comments
    self.diagnostics = diagnostics
    self.isBinary = isBinary
  }
}
