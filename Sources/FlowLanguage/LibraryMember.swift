// Coordinator members a runtime adds: a library method the coordinator overrides, written
// `KEYWORD NAME? { … }`. As with its statements (`StatementForm`), the language knows the
// shape and the runtime alone knows when the body runs.

/// The shape of a member a runtime adds: `KEYWORD`, then, when the form takes one, an
/// optional name on the same line that says which calls the override answers (a screen or a
/// coordinator; none answers every call), then the block. One coordinator writes each
/// keyword and name once. The keyword must be none of the language's own words.
public struct MemberForm: Equatable, Sendable {
  public var keyword: String
  /// What the optional name names; nil for a member that takes no name.
  public var operand: StatementForm.Operand?
  /// The kinds of coordinator that may write it (the library method exists only on their
  /// base class); nil for every kind.
  public var kinds: [CoordinatorKind]?

  public init(_ keyword: String, operand: StatementForm.Operand? = nil, kinds: [CoordinatorKind]? = nil) {
    self.keyword = keyword
    self.operand = operand
    self.kinds = kinds
  }
}

/// A runtime's member as written.
public struct LibraryMemberSyntax: Equatable, Sendable {
  public var keyword: Name
  public var operand: Name?
  public var body: Block

  public init(keyword: Name, operand: Name? = nil, body: Block) {
    self.keyword = keyword
    self.operand = operand
    self.body = body
  }

  /// `KEYWORD NAME`, the member's text before its block.
  public var header: String { keyword.text + (operand.map { " \($0.text)" } ?? "") }
}

/// A runtime's member after resolution: its keyword, its name as an index (nil when none is
/// written) and its body.
public struct LibraryMember: Equatable, Sendable {
  public var keyword: String
  public var operand: Int?
  public var body: [CheckedStatement]

  public init(keyword: String, operand: Int? = nil, body: [CheckedStatement]) {
    self.keyword = keyword
    self.operand = operand
    self.body = body
  }

  /// Where its statements are written is not part of what it means (`withoutPositions`).
  public static func == (lhs: LibraryMember, rhs: LibraryMember) -> Bool {
    lhs.keyword == rhs.keyword && lhs.operand == rhs.operand
      && lhs.body.withoutPositions == rhs.body.withoutPositions
  }
}
