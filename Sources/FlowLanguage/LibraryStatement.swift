// Statements a runtime adds to the language. The language knows their shape, not their
// meaning: a runtime declares each one as a `StatementForm` in its own folder, the parser,
// resolver, formatter and dump handle every form alike, and the runtime alone executes it.

/// The shape of a statement a runtime adds: `KEYWORD`, then a name when the form takes one,
/// then `animated: BOOL` when the form takes it, then a `{ … }` block on the same line when
/// the form takes one. The keyword must be none of the language's own words.
public struct StatementForm: Equatable, Sendable {
  /// What the name after the keyword names.
  public enum Operand: String, Equatable, Sendable {
    /// A coordinator declared in the flow.
    case coordinator
    /// A screen declared in the flow.
    case screen
  }

  public var keyword: String
  public var operand: Operand?
  /// Whether `animated: BOOL` may follow (the library call takes `animated:`; `true` when
  /// not written).
  public var takesAnimated: Bool
  /// Whether a block may follow on the statement's line (a closure the library runs later).
  public var takesBlock: Bool

  public init(
    _ keyword: String, operand: Operand? = nil, takesAnimated: Bool = false, takesBlock: Bool = false
  ) {
    self.keyword = keyword
    self.operand = operand
    self.takesAnimated = takesAnimated
    self.takesBlock = takesBlock
  }
}

/// A runtime's statement as written.
public struct LibraryStatementSyntax: Equatable, Sendable {
  public var keyword: Name
  public var operand: Name?
  public var animated: AnimatedFlag?
  public var body: Block?

  public init(keyword: Name, operand: Name? = nil, animated: AnimatedFlag? = nil, body: Block? = nil) {
    self.keyword = keyword
    self.operand = operand
    self.animated = animated
    self.body = body
  }

  /// The one-line text of the statement without its block: `KEYWORD NAME animated: B`.
  public var header: String {
    keyword.text + (operand.map { " \($0.text)" } ?? "") + (animated.map { " animated: \($0.value)" } ?? "")
  }
}

/// A runtime's statement after resolution: its keyword (which the runtime matches on), its
/// name as an index (a coordinator or a screen, as its form says), its `animated:` value and
/// its block's statements.
public struct LibraryStatement: Equatable, Sendable {
  public var keyword: String
  public var operand: Int?
  public var animated: Bool
  public var body: [CheckedStatement]?

  public init(keyword: String, operand: Int? = nil, animated: Bool = true, body: [CheckedStatement]? = nil) {
    self.keyword = keyword
    self.operand = operand
    self.animated = animated
    self.body = body
  }
}
