// Statements a runtime adds to the language. The language knows their shape, not their
// meaning: a runtime declares each one as a `StatementForm` in its own folder, the parser,
// resolver, formatter and dump handle every form alike, and the runtime alone executes it.

/// The shape of a statement a runtime adds: `KEYWORD`, then a name when the form takes one,
/// then `animated: BOOL` when the form takes it, then, when the form takes one, a block on
/// the statement's line (after `blockWord` when the form names one: `onDismissed { … }`).
/// The keyword must be none of the language's own words.
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
  /// Whether a block may follow on the statement's line (a closure the library keeps).
  public var takesBlock: Bool
  /// The word written before the block (`onDismissed`), nil for a bare `{ … }`.
  public var blockWord: String?
  /// Whether the statement starts the coordinator it names (it is then not reported as
  /// never started).
  public var startsOperand: Bool

  public init(
    _ keyword: String, operand: Operand? = nil, takesAnimated: Bool = false, takesBlock: Bool = false,
    blockWord: String? = nil, startsOperand: Bool = false
  ) {
    self.keyword = keyword
    self.operand = operand
    self.takesAnimated = takesAnimated
    self.takesBlock = takesBlock || blockWord != nil
    self.blockWord = blockWord
    self.startsOperand = startsOperand
  }
}

/// A runtime's statement as written.
public struct LibraryStatementSyntax: Equatable, Sendable {
  public var keyword: Name
  public var operand: Name?
  public var animated: AnimatedFlag?
  /// The word written before the block, when the form has one.
  public var blockWord: String?
  public var body: Block?

  public init(
    keyword: Name, operand: Name? = nil, animated: AnimatedFlag? = nil, blockWord: String? = nil,
    body: Block? = nil
  ) {
    self.keyword = keyword
    self.operand = operand
    self.animated = animated
    self.blockWord = blockWord
    self.body = body
  }

  /// The one-line text of the statement without its block: `KEYWORD NAME animated: B`.
  public var header: String {
    keyword.text + (operand.map { " \($0.text)" } ?? "") + (animated.map { " animated: \($0.value)" } ?? "")
  }
}

/// A runtime's statement after resolution: its keyword (which the runtime matches on), its
/// name as an index (a coordinator or a screen, as its form says), its `animated:` value and
/// its block, an index into `CheckedFlow.libraryBlocks` (a closure the runtime may keep in
/// its state and run later).
public struct LibraryStatement: Equatable, Sendable {
  public var keyword: String
  public var operand: Int?
  public var animated: Bool
  public var block: Int?

  public init(keyword: String, operand: Int? = nil, animated: Bool = true, block: Int? = nil) {
    self.keyword = keyword
    self.operand = operand
    self.animated = animated
    self.block = block
  }
}

/// The block of a runtime's statement: the coordinator it was written in (which runs it),
/// the statement's name as an index, and its statements.
public struct LibraryBlock: Equatable, Sendable {
  public var coordinator: Int
  public var operand: Int?
  public var body: [CheckedStatement]

  public init(coordinator: Int, operand: Int?, body: [CheckedStatement]) {
    self.coordinator = coordinator
    self.operand = operand
    self.body = body
  }

  /// Where its statements are written is not part of what it means (`withoutPositions`).
  public static func == (lhs: LibraryBlock, rhs: LibraryBlock) -> Bool {
    lhs.coordinator == rhs.coordinator && lhs.operand == rhs.operand
      && lhs.body.withoutPositions == rhs.body.withoutPositions
  }
}

/// A runtime's statement where it is written, as the runtime's own check
/// (`RuntimeCapabilities.checkStatement`) sees it.
public struct StatementUse: Sendable {
  public var keyword: String
  /// The name after the keyword, the kind of coordinator it names (nil when it names a
  /// screen or the kind is unknown) and whether it is the window coordinator.
  public var operandName: String?
  public var operandKind: CoordinatorKind?
  public var operandIsWindow: Bool
  /// The coordinator the statement runs in, and its kind (nil when unknown).
  public var coordinatorName: String
  public var coordinatorKind: CoordinatorKind?
  /// Whether the statement runs in the window coordinator.
  public var coordinatorIsWindow = false
  /// `start C in: NAME`: the context written, one of `RuntimeCapabilities.startContexts`;
  /// nil when none is.
  public var context: String? = nil
}

/// What a runtime's check finds wrong with a use of its statement: an error at the statement.
public struct StatementProblem: Sendable {
  public var id: DiagnosticID
  public var message: String
  /// Whether the error is at the context after `in:` rather than at the statement.
  public var atContext: Bool

  public init(_ id: DiagnosticID, _ message: String, atContext: Bool = false) {
    self.id = id
    self.message = message
    self.atContext = atContext
  }
}
