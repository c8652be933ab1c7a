// The syntax tree of a `.flow` file, exactly as written: names are still strings.
// The resolver turns it into a `CheckedFlow`. Every node keeps its source range;
// items that can carry comments keep them as `Trivia` so that `fmt` never loses one.

/// A name as written, with where it was written.
public struct Name: Equatable, Hashable, Sendable {
  public var text: String
  public var range: SourceRange
  public init(_ text: String, _ range: SourceRange) {
    self.text = text
    self.range = range
  }
}

/// A `//` or `/* */` comment, text included (without the trailing newline).
public struct Comment: Equatable, Sendable {
  public var text: String
  public var range: SourceRange
  public init(text: String, range: SourceRange) {
    self.text = text
    self.range = range
  }
}

/// Comments attached to an item: those on the lines before it, and one at the end of its line.
public struct Trivia: Equatable, Sendable {
  public var leading: [Comment] = []
  public var trailing: Comment? = nil
  /// A blank line preceded the item in the source (kept, at most one, by the formatter).
  public var blankLineBefore: Bool = false
  public init(leading: [Comment] = [], trailing: Comment? = nil, blankLineBefore: Bool = false) {
    self.leading = leading
    self.trailing = trailing
    self.blankLineBefore = blankLineBefore
  }
}

/// A whole file: `file := declaration*`.
public struct FlowFile: Equatable, Sendable {
  public var declarations: [Declaration]
  /// Comments after the last declaration.
  public var trailingComments: [Comment]
  public init(declarations: [Declaration] = [], trailingComments: [Comment] = []) {
    self.declarations = declarations
    self.trailingComments = trailingComments
  }
}

public struct Declaration: Equatable, Sendable {
  public var kind: DeclarationKind
  public var range: SourceRange
  public var trivia: Trivia
  public init(kind: DeclarationKind, range: SourceRange, trivia: Trivia = Trivia()) {
    self.kind = kind
    self.range = range
    self.trivia = trivia
  }
}

public enum DeclarationKind: Equatable, Sendable {
  case app(AppDeclaration)
  case screen(ScreenDeclaration)
  case variable(VariableDeclaration)
  case coordinator(CoordinatorDeclaration)
  case event(EventDeclaration)
  case property(PropertyDeclaration)
  case expect(ExpectDeclaration)
}

/// `app NAME { app-member* }`
public struct AppDeclaration: Equatable, Sendable {
  public var name: Name
  public var members: [AppMember]
  /// Comments before the closing brace.
  public var closingComments: [Comment]
  public init(name: Name, members: [AppMember], closingComments: [Comment] = []) {
    self.name = name
    self.members = members
    self.closingComments = closingComments
  }
}

public struct AppMember: Equatable, Sendable {
  public var kind: AppMemberKind
  public var range: SourceRange
  public var trivia: Trivia
  public init(kind: AppMemberKind, range: SourceRange, trivia: Trivia = Trivia()) {
    self.kind = kind
    self.range = range
    self.trivia = trivia
  }
}

/// `library NAME` | `window NAME` | `home NAME` | `limits { NAME INT (, NAME INT)* }` |
/// `base { NAME NAME (, NAME NAME)* }`
public enum AppMemberKind: Equatable, Sendable {
  case library(Name)
  case window(Name)
  case home(Name)
  case limits([LimitEntry])
  case base([BaseEntry])
}

/// One `NAME VALUE` inside `base { … }`, e.g. `completions popped`.
public struct BaseEntry: Equatable, Sendable {
  public var name: Name
  public var value: Name
  public init(name: Name, value: Name) {
    self.name = name
    self.value = value
  }
}

/// One `NAME INT` inside `limits { … }`, e.g. `stack 6`.
public struct LimitEntry: Equatable, Sendable {
  public var name: Name
  public var value: Int
  public var valueRange: SourceRange
  public init(name: Name, value: Int, valueRange: SourceRange) {
    self.name = name
    self.value = value
    self.valueRange = valueRange
  }
}

/// `screen NAME ( { screen-attribute (, screen-attribute)* } )?`
public struct ScreenDeclaration: Equatable, Sendable {
  public var name: Name
  public var attributes: [ScreenAttribute]
  public init(name: Name, attributes: [ScreenAttribute] = []) {
    self.name = name
    self.attributes = attributes
  }
}

/// `style NAME` | `modalInPresentation` | `emits NAME (NAME)*`…
public struct ScreenAttribute: Equatable, Sendable {
  public var kind: ScreenAttributeKind
  public var range: SourceRange
  public init(kind: ScreenAttributeKind, range: SourceRange) {
    self.kind = kind
    self.range = range
  }
}

public enum ScreenAttributeKind: Equatable, Sendable {
  /// `style pageSheet` (pageSheet | formSheet | fullScreen | overFullScreen)
  case style(Name)
  /// `modalInPresentation`: swipe-down is refused while presented.
  case modalInPresentation
  /// `emits a b c`: events the screen can emit, beyond those implied by handlers.
  case emits([Name])
}

/// `var NAME (: INT ... INT)? = EXPR`: a Bool (no range) or a bounded Int.
public struct VariableDeclaration: Equatable, Sendable {
  public var name: Name
  public var bounds: IntegerBounds?
  public var initialValue: Expression
  public init(name: Name, bounds: IntegerBounds?, initialValue: Expression) {
    self.name = name
    self.bounds = bounds
    self.initialValue = initialValue
  }
}

/// `LOW ... HIGH`, both inclusive.
public struct IntegerBounds: Equatable, Sendable {
  public var low: Int
  public var high: Int
  public var range: SourceRange
  public init(low: Int, high: Int, range: SourceRange) {
    self.low = low
    self.high = high
    self.range = range
  }
}

/// `coordinator NAME : KIND { coordinator-member* }`
public struct CoordinatorDeclaration: Equatable, Sendable {
  public var name: Name
  /// `NavigationCoordinator` | `TabBarCoordinator` (the library's class the coordinator subclasses).
  public var kind: Name
  public var members: [CoordinatorMember]
  public var closingComments: [Comment]
  public init(name: Name, kind: Name, members: [CoordinatorMember], closingComments: [Comment] = []) {
    self.name = name
    self.kind = kind
    self.members = members
    self.closingComments = closingComments
  }
}

public struct CoordinatorMember: Equatable, Sendable {
  public var kind: CoordinatorMemberKind
  public var range: SourceRange
  public var trivia: Trivia
  public init(kind: CoordinatorMemberKind, range: SourceRange, trivia: Trivia = Trivia()) {
    self.kind = kind
    self.range = range
    self.trivia = trivia
  }
}

public enum CoordinatorMemberKind: Equatable, Sendable {
  /// `root window | parent | presented | tab`
  case root(RootClause)
  /// `identifier "Name"`: the key in the parent's `childCoordinators` (default: the coordinator's name).
  case identifier(String, SourceRange)
  /// `var …`: a coordinator-local variable.
  case variable(VariableDeclaration)
  /// `start { … }`
  case start(Block)
  /// `on SCREEN.EVENT { … }`: a screen event arriving up the responder chain.
  case screenEvent(screen: Name, event: Name, body: Block)
  /// `handle MESSAGE(NAME: TYPE, …) { … }`: a message arriving up the responder chain, with
  /// the parameters its sender passes (none when no list is written).
  case message(Name, parameters: [Parameter], body: Block)
  /// `viewController SCREEN retained?`: the coordinator's one screen, under a runtime whose
  /// coordinators show one view controller; `retained` when the coordinator keeps a strong
  /// reference to it.
  case viewController(Name, retained: Bool)
  /// `result a, b, c`: the values a coordinator's `finish(v)` may pass to its parent.
  case result([Name])
  /// A member a runtime adds (`MemberForm`): a library method the coordinator overrides.
  case library(LibraryMemberSyntax)
}

/// A parameter of `handle MESSAGE(NAME: TYPE)`: `Bool` or a bounded Int `LOW...HIGH`, the
/// small value a coordinatingResponder method carries (a responder-chain method such as `globalDisplay(page:)`).
public struct Parameter: Equatable, Sendable {
  public var name: Name
  /// nil: `Bool`; else the bounds of an Int.
  public var bounds: IntegerBounds?
  /// Where the type is written (the word `Bool`, or the bounds).
  public var typeRange: SourceRange
  public init(name: Name, bounds: IntegerBounds?, typeRange: SourceRange) {
    self.name = name
    self.bounds = bounds
    self.typeRange = typeRange
  }
}

extension Parameter {
  /// `page: 0...2`, `flag: Bool`: as the canonical form writes it.
  public var text: String {
    name.text + ": " + (bounds.map { "\($0.low)...\($0.high)" } ?? "Bool")
  }
}

/// `(page: 0...2, flag: Bool)` after a message's name; empty for none.
func parameterListText(_ parameters: [Parameter]) -> String {
  parameters.isEmpty ? "" : "(" + parameters.map(\.text).joined(separator: ", ") + ")"
}

/// Where a coordinator's root view controller comes from.
public struct RootClause: Equatable, Sendable {
  /// `window` | `parent` | `presented` | `tab`
  public var source: Name
  public init(source: Name) { self.source = source }
}

/// `event NAME (when EXPR)? { … }`: an app-level event (deep link, logout, push).
public struct EventDeclaration: Equatable, Sendable {
  public var name: Name
  /// `to C`: the coordinator the event is addressed to (the window coordinator when nil).
  public var target: Name?
  public var condition: Expression?
  public var body: Block
  public init(name: Name, target: Name? = nil, condition: Expression?, body: Block) {
    self.name = name
    self.target = target
    self.condition = condition
    self.body = body
  }
}

public enum PropertyKind: String, Equatable, Sendable {
  case always, never, reachable
}

/// `always EXPR` | `never EXPR` | `reachable EXPR`
public struct PropertyDeclaration: Equatable, Sendable {
  public var kind: PropertyKind
  public var expression: Expression
  public init(kind: PropertyKind, expression: Expression) {
    self.kind = kind
    self.expression = expression
  }
}

/// `expect pass` | `expect incomplete` | `expect violation ID (, ID)*`
public struct ExpectDeclaration: Equatable, Sendable {
  public enum Outcome: Equatable, Sendable {
    case pass
    case incomplete
    /// Invariant ids such as `shadow-sync` (written with dashes) or property names.
    case violation([Name])
  }
  public var outcome: Outcome
  public init(outcome: Outcome) { self.outcome = outcome }
}

/// `{ statement* }`, statements separated by newlines or `;`.
public struct Block: Equatable, Sendable {
  public var statements: [Statement]
  public var range: SourceRange
  public var closingComments: [Comment]
  public init(statements: [Statement], range: SourceRange, closingComments: [Comment] = []) {
    self.statements = statements
    self.range = range
    self.closingComments = closingComments
  }
}

public struct Statement: Equatable, Sendable {
  public var kind: StatementKind
  public var range: SourceRange
  public var trivia: Trivia
  public init(kind: StatementKind, range: SourceRange, trivia: Trivia = Trivia()) {
    self.kind = kind
    self.range = range
    self.trivia = trivia
  }
}

/// The navigation verbs of a NavigationCoordinator.
public enum NavigationVerb: String, Equatable, Sendable, CaseIterable {
  case show, root, top, pop
  case popTo = "pop to"
  case present, dismiss
}

public enum AssignmentOperator: String, Equatable, Sendable {
  case assign = "="
  case add = "+="
  case subtract = "-="
}

public indirect enum StatementKind: Equatable, Sendable {
  /// `show S` | `root S` | `top S` | `pop` | `pop to S` | `present S` | `dismiss`,
  /// each optionally followed by `animated: false|true`.
  case navigation(verb: NavigationVerb, screen: Name?, animated: AnimatedFlag?)
  case startChild(Name)
  case stopChild(Name)
  /// `finish`: `parent?.coordinatorDidFinish(self)`, or a `Void` result handed to the
  /// parent's completion.
  case finish
  /// `finish(v)`: handing the result value `v` to the parent's completion.
  case finishWith(Name)
  /// `start C in: CONTEXT animated: B { NAME in … }`: a child started where CONTEXT says
  /// (one of the runtime's), with a completion that receives its result.
  case start(Name, context: Name?, animated: AnimatedFlag?, completion: CompletionBlock?)
  /// A statement a runtime adds (`StatementForm`), parsed by its form's shape.
  case library(LibraryStatementSyntax)
  /// `send MESSAGE` | `send MESSAGE(EXPR, …)`: a message up the coordinatingResponder chain,
  /// with its arguments (empty when none are written).
  case send(Name, arguments: [Expression])
  /// `if EXPR { … } (else { … } | else if …)?`; an `else if` is an else block holding one `if`.
  case ifElse(condition: Expression, then: Block, otherwise: Block?)
  /// `NAME = EXPR` | `NAME += EXPR` | `NAME -= EXPR`
  case assignment(Name, AssignmentOperator, Expression)
  /// `after NAME { … }`: async work; the block runs later as its own event. `after weak
  /// NAME { … }`: the closure captures its coordinator weakly (`[weak self]`).
  case after(Name, Block, weak: Bool = false)
  /// `setStack S, S…`: the app's own code assigns `navigationController.viewControllers`
  /// (new controllers of these screens), bypassing the library's shadow stack.
  case setStack([Name])
  /// `selectTab C`: the app's own code selects the tab whose root is started child C's
  /// (`tabBarController.selectedViewController = c.rootViewController`).
  case selectTab(Name)
  /// `call C.m` | `call C.m(EXPR, …)`: the coordinator calls method `m` (C's `handle m`) on
  /// its started child C, as app code does through a property holding the child.
  case call(coordinator: Name, message: Name, arguments: [Expression])
}

/// The completion block of `start C { NAME in … }`: `binding` is the NAME
/// written before `in` (nil when none is written: the result is then called `result`).
public struct CompletionBlock: Equatable, Sendable {
  public var binding: Name?
  public var body: Block
  public init(binding: Name?, body: Block) {
    self.binding = binding
    self.body = body
  }
}

/// `animated: false` written after a navigation statement.
public struct AnimatedFlag: Equatable, Sendable {
  public var value: Bool
  public var range: SourceRange
  public init(value: Bool, range: SourceRange) {
    self.value = value
    self.range = range
  }
}

public struct Expression: Equatable, Sendable {
  public var kind: ExpressionKind
  public var range: SourceRange
  public init(kind: ExpressionKind, range: SourceRange) {
    self.kind = kind
    self.range = range
  }
}

public enum UnaryOperator: String, Equatable, Sendable {
  case not = "!"
  case negate = "-"
}

/// Binary operators, loosest first: `||`, `&&`, comparisons, `+ -`.
public enum BinaryOperator: String, Equatable, Sendable, CaseIterable {
  case or = "||"
  case and = "&&"
  case equal = "=="
  case notEqual = "!="
  case less = "<"
  case lessOrEqual = "<="
  case greater = ">"
  case greaterOrEqual = ">="
  case add = "+"
  case subtract = "-"

  /// Higher binds tighter.
  public var precedence: Int {
    switch self {
    case .or: 1
    case .and: 2
    case .equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual: 3
    case .add, .subtract: 4
    }
  }
}

public indirect enum ExpressionKind: Equatable, Sendable {
  case bool(Bool)
  case integer(Int)
  /// A variable, a screen name, or a built-in value (`top`, `stack`, `presented`).
  case name(Name)
  /// A built-in predicate such as `started(Cart)` or `onScreen(Product)`.
  case call(Name, [Expression])
  case unary(UnaryOperator, Expression)
  case binary(BinaryOperator, Expression, Expression)
  /// `( EXPR )`, kept so that `fmt` preserves the author's grouping.
  case parenthesized(Expression)
}
