// A recovering recursive-descent parser: one run reports every syntax error it can find.
// A missing token is reported and synthesised; garbage is skipped to a sync point; every
// loop makes progress; nesting is capped so that no input can overflow the stack.

/// The syntax tree of one file and every problem found while reading it.
///
/// The tree is complete even when there are errors: a missing name is an empty `Name`
/// (`text == ""`), a missing expression is an empty name expression, a missing block is empty.
public struct ParseResult: Sendable {
  public var file: FlowFile
  /// Lexical and syntax errors, in source order.
  public var diagnostics: [Diagnostic]
  public init(file: FlowFile, diagnostics: [Diagnostic]) {
    self.file = file
    self.diagnostics = diagnostics
  }
}

/// Parses `.flow` text into a `FlowFile`.
public enum Parser {
  /// Deepest nesting of blocks, parentheses, unary operators and `else if` links.
  public static let maximumNesting = 64
  /// Tallest expression tree (long `&&`/`||` chains count one level per operator).
  public static let maximumExpressionHeight = 256

  /// Parses `source`, reading the statements and members every one of `libraries` adds: the
  /// file's `library` line is not known until it is read.
  public static func parse(_ source: SourceFile, libraries: [RuntimeCapabilities]) -> ParseResult {
    parse(
      source, statements: RuntimeCapabilities.statementForms(of: libraries),
      members: RuntimeCapabilities.memberForms(of: libraries),
      startContexts: RuntimeCapabilities.startContextNames(of: libraries))
  }

  /// Parses `source`, reading the statements and members runtimes add by their forms (every
  /// registered runtime's: the file's `library` line is not known until it is read).
  /// `startContexts` are the names `start C in:` accepts, for the hint when one is missing.
  /// - Complexity: O(n) in the size of the file.
  public static func parse(
    _ source: SourceFile, statements forms: [StatementForm], members: [MemberForm] = [],
    startContexts: [String] = []
  ) -> ParseResult {
    let lexed = Lexer.lex(source)
    if lexed.isBinary {
      return ParseResult(file: FlowFile(), diagnostics: lexed.diagnostics)
    }
    // Nothing but separators is empty too: formatted, it would be an empty file.
    if lexed.comments.isEmpty && lexed.diagnostics.isEmpty
      && lexed.tokens.allSatisfy({ $0.kind == .semicolon || $0.kind == .endOfFile })
    {
      return ParseResult(
        file: FlowFile(),
        diagnostics: [
          .error(.emptyFile, "file is empty; a flow needs at least an 'app' declaration", at: 0)
        ])
    }
    var session = Session(
      lexed, vocabulary: Vocabulary(forms, members: members, startContexts: startContexts))
    let file = session.parseFile()
    let all = lexed.diagnostics + session.diagnostics
    let ordered = all.enumerated().sorted { lhs, rhs in
      (lhs.element.offset, lhs.offset) < (rhs.element.offset, rhs.offset)
    }
    return ParseResult(file: file, diagnostics: ordered.map(\.element))
  }
}

// MARK: - Keywords

extension Parser {
  static let declarationKeywords = [
    "app", "screen", "var", "coordinator", "event", "always", "never", "reachable", "expect",
  ]
  static let appMemberKeywords = ["library", "window", "home", "limits", "base"]
  static let coordinatorMemberKeywords = [
    "root", "identifier", "var", "start", "on", "handle", "viewController", "result",
  ]
  /// The language's own statements; a runtime's are `StatementForm`s.
  static let statementKeywords = [
    "show", "root", "top", "pop", "present", "dismiss", "startChild", "stopChild", "finish",
    "send", "if", "else", "after", "setStack", "selectTab", "call",
  ]
  static let screenAttributeKeywords = ["style", "modalInPresentation", "emits"]

  /// Words that cannot be assigned to and that do not begin an expression at the start of a
  /// line, besides the keywords of the runtimes' statements (`Vocabulary.isReserved`).
  static func isReserved(_ word: String) -> Bool {
    declarationKeywords.contains(word) || coordinatorMemberKeywords.contains(word)
      || statementKeywords.contains(word) || word == "true" || word == "false"
  }

  /// The statements and members a parse reads: the language's own, then the runtimes' forms.
  struct Vocabulary {
    let forms: [String: StatementForm]
    let memberForms: [String: MemberForm]
    /// Every statement keyword, the language's first, for messages and suggestions.
    let statementKeywords: [String]
    /// Every coordinator member keyword, the language's first.
    let memberKeywords: [String]
    /// The names the runtimes accept after `start C in:`.
    let startContexts: [String]

    init(_ forms: [StatementForm], members: [MemberForm], startContexts: [String] = []) {
      self.startContexts = startContexts
      var byKeyword: [String: StatementForm] = [:]
      var keywords = Parser.statementKeywords
      for form in forms where byKeyword[form.keyword] == nil {
        precondition(
          !Parser.isReserved(form.keyword),
          "a runtime's statement '\(form.keyword)' is a word of the language")
        byKeyword[form.keyword] = form
        keywords.append(form.keyword)
      }
      var membersByKeyword: [String: MemberForm] = [:]
      var memberKeywords = Parser.coordinatorMemberKeywords
      for form in members where membersByKeyword[form.keyword] == nil {
        precondition(
          !Parser.isReserved(form.keyword) && byKeyword[form.keyword] == nil,
          "a runtime's member '\(form.keyword)' is a word of the language or a statement")
        membersByKeyword[form.keyword] = form
        memberKeywords.append(form.keyword)
      }
      self.forms = byKeyword
      self.memberForms = membersByKeyword
      self.statementKeywords = keywords
      self.memberKeywords = memberKeywords
    }

    func isReserved(_ word: String) -> Bool {
      Parser.isReserved(word) || forms[word] != nil || memberForms[word] != nil
    }
  }

  /// The closest of `candidates` to `word`, if it is close enough to be a likely typo.
  static func suggestion(for word: String, among candidates: [String]) -> String? {
    var best: (word: String, distance: Int)? = nil
    for candidate in candidates {
      let allowed = max(1, min(2, candidate.count / 3))
      guard
        let distance = NameSuggestion.distance(
          Array(word.lowercased().unicodeScalars), Array(candidate.lowercased().unicodeScalars),
          limit: allowed)
      else { continue }
      if distance < (best?.distance ?? Int.max) {
        best = (candidate, distance)
      }
    }
    return best?.word
  }

  /// `unknown X 'word'`, with `; did you mean 'Y'?` when one candidate is close.
  static func unknownMessage(_ what: String, _ word: String, among candidates: [String]) -> String {
    if let close = suggestion(for: word, among: candidates) {
      return "unknown \(what) '\(word)'; did you mean '\(close)'?"
    }
    return "unknown \(what) '\(word)'"
  }
}

// MARK: - Session

extension Parser {
  /// Which list the parser is in: decides where a missing `}` is detected and where garbage ends.
  enum ListLevel {
    case file, app, coordinator, block

    /// Name of one item, for "consecutive … on a line" messages.
    var itemName: String {
      switch self {
      case .file: "declarations"
      case .app, .coordinator: "members"
      case .block: "statements"
      }
    }
  }

  /// One list item as parsed: its kind, where it is, its comments.
  struct Entry<Kind> {
    var kind: Kind
    var range: SourceRange
    var trivia: Trivia
  }

  /// The parser's state over one file's tokens.
  struct Session {
    let tokens: [Token]
    let comments: [LexedComment]
    let endOffset: Int
    var position = 0
    /// Comments before this index have been attached to some item.
    var nextComment = 0
    var diagnostics: [Diagnostic] = []
    /// Current nesting of blocks, parentheses and unary operators.
    var depth = 0
    /// An error at the end of the file has been reported; further ones there would be noise.
    var reportedEndOfFile = false
    var lastConsumedEnd = 0
    var lastConsumedLine = 0
    /// Nesting of `parseExpression` calls, to report an over-tall expression once.
    var expressionLevel = 0
    var reportedExpressionHeight = false
    /// Parentheses open around the current expression (a stray `)` outside them is skipped).
    var openParentheses = 0

    /// The statements this parse reads.
    let vocabulary: Vocabulary

    init(_ lexed: LexedSource, vocabulary: Vocabulary) {
      self.vocabulary = vocabulary
      tokens = lexed.tokens
      comments = lexed.comments
      endOffset = lexed.tokens.last?.range.start ?? 0
    }

    // MARK: Cursor

    var current: Token { tokens[position] }
    var atEnd: Bool { tokens[position].kind == .endOfFile }

    func peek(_ distance: Int = 1) -> Token {
      tokens[min(position + distance, tokens.count - 1)]
    }

    @discardableResult
    mutating func advance() -> Token {
      let token = tokens[position]
      if token.kind != .endOfFile {
        position += 1
        lastConsumedEnd = token.range.end
        lastConsumedLine = token.line
      }
      return token
    }

    func at(_ kind: TokenKind) -> Bool { tokens[position].kind == kind }
    func atWord(_ word: String) -> Bool { tokens[position].isWord(word) }
    /// The current token is an identifier on the same line as the previous token.
    var atNameOnSameLine: Bool { current.kind == .identifier && !current.startsLine }
    /// The current token is `start` beginning the statement `start C …`, not the
    /// coordinator member `start { … }`: a name follows it on its line.
    var atStartStatement: Bool { atWord("start") && peek().kind == .identifier && !peek().startsLine }

    // MARK: Diagnostics

    mutating func report(_ id: DiagnosticID, _ message: String, at offset: Int, notes: [DiagnosticNote] = [])
    {
      diagnostics.append(.error(id, message, at: offset, notes: notes))
    }

    /// Where a missing token belongs: at the current token, or just after the previous token
    /// when the current one is on a later line (or is the end of the file).
    var missingTokenOffset: Int {
      if (atEnd || current.startsLine) && position > 0 { return lastConsumedEnd }
      return current.range.start
    }

    /// Reports a missing token (once at the end of the file): where it belongs, or with
    /// `atToken` at the current token, the one that shows it is missing (a `}` missing before
    /// the next declaration).
    mutating func reportExpected(_ message: String, notes: [DiagnosticNote] = [], atToken: Bool = false) {
      if atEnd {
        if reportedEndOfFile { return }
        reportedEndOfFile = true
      }
      report(.expectedToken, message, at: atToken ? current.range.start : missingTokenOffset, notes: notes)
    }

    /// Reports the `}` of `owner` missing before the current token.
    mutating func reportMissingClosingBrace(_ owner: String, open: Token?) {
      let notes =
        open.map { [DiagnosticNote(message: "'{' of \(owner) is here", offset: $0.range.start)] } ?? []
      reportExpected("expected '}' to end \(owner)", notes: notes, atToken: true)
    }

    /// Consumes a token of `kind`, or reports `message` and consumes nothing.
    @discardableResult
    mutating func expect(_ kind: TokenKind, _ message: String) -> Token? {
      if at(kind) { return advance() }
      reportExpected(message)
      return nil
    }

    /// A name on the same line, or an empty synthesised one after reporting `expected \(what)`.
    mutating func expectName(_ what: String) -> Name {
      if atNameOnSameLine {
        let token = advance()
        return Name(token.text, token.range)
      }
      reportExpected("expected \(what)")
      return Name("", .at(current.range.start))
    }

    // MARK: Comments

    /// The unattached comments before the current token, and whether a blank line precedes the item.
    mutating func claimLeading() -> (comments: [Comment], blankLineBefore: Bool) {
      let upper = current.comments.upperBound
      var blank = current.blankLineBefore
      var claimed: [Comment] = []
      while nextComment < upper {
        let comment = comments[nextComment]
        claimed.append(comment.comment)
        if comment.blankLineBefore { blank = true }
        nextComment += 1
      }
      return (claimed, blank)
    }

    /// A comment right after the last consumed token, on its line.
    mutating func claimTrailing() -> Comment? {
      let before = current.comments
      guard nextComment >= before.lowerBound, nextComment < before.upperBound else { return nil }
      let comment = comments[nextComment]
      guard comment.line == lastConsumedLine else { return nil }
      nextComment += 1
      return comment.comment
    }

    /// Every unattached comment before the current token (comments before a `}`).
    mutating func claimClosing() -> [Comment] {
      claimLeading().comments
    }

    mutating func claimRemaining() -> [Comment] {
      let claimed = comments[nextComment...].map(\.comment)
      nextComment = comments.count
      return claimed
    }

    // MARK: Lists and recovery

    /// Whether `token`, first on its line, shows that the list at `level` lacks its `}`.
    func closesList(_ level: ListLevel, _ token: Token) -> Bool {
      guard token.kind == .identifier, token.startsLine else { return false }
      let word = token.text
      switch level {
      case .file: return false
      case .app: return Parser.declarationKeywords.contains(word)
      case .coordinator: return word != "var" && Parser.declarationKeywords.contains(word)
      case .block:
        if token.range.start == current.range.start && atStartStatement { return false }
        return Parser.declarationKeywords.contains(word)
          || (vocabulary.memberKeywords.contains(word) && !vocabulary.statementKeywords.contains(word))
      }
    }

    /// Skips a garbage item: at least one token, then up to the end of the line (or a `;` or
    /// `}`) at list levels, or up to the next declaration keyword at file level. Braces in the
    /// garbage are skipped as balanced groups.
    mutating func skipGarbage(_ level: ListLevel) {
      var balance = at(.leftBrace) ? 1 : 0
      advance()
      while !atEnd {
        let token = current
        if token.startsLine && token.kind == .identifier {
          if Parser.declarationKeywords.contains(token.text) && (level != .coordinator || token.text != "var")
          {
            break
          }
          if level == .block && closesList(.block, token) { break }
        }
        if balance == 0 {
          if token.kind == .semicolon { break }
          if level != .file && (token.startsLine || token.kind == .rightBrace) { break }
        }
        if token.kind == .leftBrace {
          balance += 1
        } else if token.kind == .rightBrace && balance > 0 {
          balance -= 1
        }
        advance()
      }
    }

    /// Skips a `{ … }` group from its `{` without recursing (used beyond the nesting cap).
    mutating func skipBalancedBraces() {
      var balance = 0
      repeat {
        if at(.leftBrace) {
          balance += 1
        } else if at(.rightBrace) {
          balance -= 1
        }
        advance()
      } while balance > 0 && !atEnd
    }

    /// After an item: consumes `;` separators, attaches a trailing comment, and reports a
    /// following item on the same line.
    mutating func finishItem(_ level: ListLevel) -> Comment? {
      var separated = false
      while at(.semicolon) {
        advance()
        separated = true
      }
      let trailing = claimTrailing()
      if !separated && !atEnd && !current.startsLine && !at(.rightBrace) {
        // A block word (`onDismissed`) after a statement whose form does not take it: say
        // which statement it belongs to, and skip its block.
        if level == .block, current.kind == .identifier,
          let form = vocabulary.forms.values.sorted(by: { $0.keyword < $1.keyword }).first(where: {
            $0.blockWord == current.text
          })
        {
          let operand = form.operand == .coordinator ? " C" : form.operand == .screen ? " S" : ""
          report(
            .expectedToken,
            "'\(current.text) { … }' belongs to '\(form.keyword)' only; write '\(form.keyword)\(operand) \(current.text) { … }'",
            at: current.range.start)
          advance()
          if at(.leftBrace) && !current.startsLine { skipBalancedBraces() }
          return trailing
        }
        report(
          .expectedToken, "consecutive \(level.itemName) on a line must be separated by ';'",
          at: current.range.start)
        if current.kind != .identifier { skipGarbage(level) }
      }
      return trailing
    }

    /// Parses the items of a list up to its `}` (consumed) or a sign that the `}` is missing.
    ///
    /// `open` is the `{` (nil when it was missing and synthesised); `owner` names the list in
    /// messages ("coordinator 'App'"). `parse` parses one item, or reports, skips and returns nil.
    mutating func parseItems<Kind>(
      _ level: ListLevel, owner: String, open: Token?, parse: (inout Session) -> Kind?
    ) -> (entries: [Entry<Kind>], closingComments: [Comment]) {
      var entries: [Entry<Kind>] = []
      while true {
        if at(.rightBrace) && level != .file {
          let closing = claimClosing()
          advance()
          return (entries, closing)
        }
        if atEnd {
          if level != .file { reportUnterminated(owner: owner, open: open) }
          return (entries, [])
        }
        if closesList(level, current) {
          reportMissingClosingBrace(owner, open: open)
          return (entries, [])
        }
        if at(.semicolon) {
          advance()
          continue
        }
        let start = position
        let savedComment = nextComment
        let (leading, blank) = claimLeading()
        let first = current
        if let kind = parse(&self) {
          let range = SourceRange(start: first.range.start, end: max(first.range.end, lastConsumedEnd))
          let trailing = finishItem(level)
          entries.append(
            Entry(
              kind: kind, range: range,
              trivia: Trivia(leading: leading, trailing: trailing, blankLineBefore: blank)))
        } else {
          nextComment = savedComment
        }
        if position == start { advance() }
      }
    }

    mutating func reportUnterminated(owner: String, open: Token?) {
      if reportedEndOfFile { return }
      reportedEndOfFile = true
      if let open {
        report(
          .unterminatedBlock, "'{' of \(owner) is never closed", at: open.range.start,
          notes: [DiagnosticNote(message: "expected '}' before the end of the file", offset: endOffset)])
      } else {
        report(.expectedToken, "expected '}' to end \(owner)", at: endOffset)
      }
    }

    /// Consumes the `{` that opens the body of `owner`.
    ///
    /// When it is missing, reports it and returns whether to parse a body anyway: yes, unless
    /// the next token clearly belongs to the enclosing list (or is the end of the file).
    mutating func openBody(after description: String, enclosing: ListLevel) -> (open: Token?, parseBody: Bool)
    {
      if at(.leftBrace) { return (advance(), true) }
      reportExpected("expected '{' \(description)")
      if atEnd || at(.rightBrace) { return (nil, false) }
      if current.startsLine && current.kind == .identifier {
        let word = current.text
        if Parser.declarationKeywords.contains(word) { return (nil, false) }
        if enclosing == .coordinator && vocabulary.memberKeywords.contains(word)
          && !vocabulary.statementKeywords.contains(word) && !atStartStatement
        {
          return (nil, false)
        }
      }
      return (nil, true)
    }

    // MARK: File

    /// `file := declaration*`
    mutating func parseFile() -> FlowFile {
      var declarations: [Declaration] = []
      while !atEnd {
        if at(.semicolon) {
          advance()
          continue
        }
        let start = position
        let savedComment = nextComment
        let (leading, blank) = claimLeading()
        let first = current
        if let kind = parseDeclaration() {
          let range = SourceRange(start: first.range.start, end: max(first.range.end, lastConsumedEnd))
          let trailing = finishItem(.file)
          declarations.append(
            Declaration(
              kind: kind, range: range,
              trivia: Trivia(leading: leading, trailing: trailing, blankLineBefore: blank)))
        } else {
          nextComment = savedComment
        }
        if position == start { advance() }
      }
      return FlowFile(declarations: declarations, trailingComments: claimRemaining())
    }
  }
}
