// A flow after name resolution and semantic checks: every name is an index,
// every statement is legal for the chosen runtime. The model layer reads only this.

/// The coordinator library whose runtime semantics a flow is checked under, by the name
/// its `library` line gives. The libraries a flow may name are the ones the caller of the
/// front end passes (`RuntimeCapabilities`).
public struct LibraryProfile: RawRepresentable, Hashable, Sendable {
  public var rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
}

/// UIKit's `modalPresentationStyle` values a flow can use.
public enum PresentationStyle: String, Sendable, CaseIterable, BitwiseCopyable {
  case pageSheet, formSheet, fullScreen, overFullScreen

  /// Sheets can be swiped down by the user (unless modal-in-presentation).
  public var isSheet: Bool { self == .pageSheet || self == .formSheet }
}

/// Exploration bounds declared in `limits { … }`.
public struct FlowLimits: Equatable, Sendable {
  /// Most view controllers in one navigation stack; a push beyond it is cut (bounded model).
  public var stack: Int = 6
  /// Longest modal chain above the window's root.
  public var presented: Int = 3
  /// Most live coordinators at once.
  public var coordinators: Int = 8
  /// Most async completions pending at once.
  public var pending: Int = 2
  /// BFS depth limit; hitting it with work left makes the result incomplete.
  public var depth: Int = 40
  /// Distinct-state limit; hitting it makes the result incomplete.
  public var states: Int = 5_000_000
  /// Animated presentations and dismissals in flight at once: 1, the default, lets the user
  /// and async work act while one animates, and its end is an event of its own; 0 completes
  /// each within the step that starts it (a pass then says nothing about double taps).
  public var inflight: Int = 1
  /// With `inflight 1`: most events (taps, completions) whose navigation calls UIKit defers
  /// behind one running push or pop, besides the one that started it; a step beyond it is
  /// cut. 1, the default, is a double tap.
  public var deferred: Int = 1
  public init() {}

  /// The names accepted in `limits { … }`, in the order they are documented.
  public static let names = [
    "stack", "presented", "coordinators", "pending", "depth", "states", "inflight", "deferred",
  ]
}

public struct ScreenInfo: Equatable, Sendable {
  public var name: String
  public var style: PresentationStyle
  public var modalInPresentation: Bool
  /// Event names this screen can emit, in first-seen order (handlers, then `emits`).
  public var events: [String]
  public var declaredAt: Int
  public init(
    name: String, style: PresentationStyle = .pageSheet, modalInPresentation: Bool = false,
    events: [String] = [], declaredAt: Int = 0
  ) {
    self.name = name
    self.style = style
    self.modalInPresentation = modalInPresentation
    self.events = events
    self.declaredAt = declaredAt
  }
}

public enum VariableType: Equatable, Sendable {
  case bool
  case integer(low: Int, high: Int)
}

public struct VariableInfo: Equatable, Sendable {
  public var name: String
  public var type: VariableType
  /// The initial value; Bool as 0 or 1.
  public var initialValue: Int
  /// nil for a global, else the index of the coordinator that owns it (one copy per instance).
  public var owner: Int?
  public init(name: String, type: VariableType, initialValue: Int, owner: Int? = nil) {
    self.name = name
    self.type = type
    self.initialValue = initialValue
    self.owner = owner
  }
}

/// What a coordinator declaration's `: KIND` names: a base class of its runtime's library,
/// or (under a runtime whose coordinators take no `root` clause) the object the coordinator
/// is given to place its screens. The language names the two kinds runtimes share; each runtime
/// declares its own in its folder and lists them in its capabilities.
public struct CoordinatorKind: RawRepresentable, Hashable, Sendable {
  public var rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public init(_ rawValue: String) { self.rawValue = rawValue }

  /// A coordinator whose root is a `UINavigationController` it pushes its screens onto.
  public static let navigation = CoordinatorKind("NavigationCoordinator")
  /// A coordinator whose root is a `UITabBarController`, each tab a child's.
  public static let tabBar = CoordinatorKind("TabBarCoordinator")
}

/// Where `start C in: CONTEXT` puts the child: `standard` when no `in:` is written, else the
/// runtime's context of that name (`RuntimeCapabilities.startContexts`, numbered from 1 in
/// its order). The runtime's folder names its contexts (`StartContext.modal`, say); the
/// language knows only their names.
public struct StartContext: Hashable, Sendable, BitwiseCopyable {
  /// 0 for `standard`, k for the runtime's k-th context.
  public let index: UInt8

  public init(_ index: UInt8) { self.index = index }

  /// No `in:` written: the child goes where its kind says.
  public static let standard = StartContext(0)
}

/// Where a coordinator's root view controller comes from.
public enum RootSource: String, Sendable {
  /// A new container as the window's root.
  case window
  /// The parent's navigation controller, shared.
  case parent
  /// A new navigation controller presented by the parent.
  case presented
  /// A new navigation controller added as a tab of the parent's tab bar controller.
  case tab
}

public struct ScreenHandler: Equatable, Sendable {
  public var screen: Int
  /// Index into `screens[screen].events`.
  public var event: Int
  public var body: [CheckedStatement]
  /// Where its `on Screen.event` is written: reports locate a violation at the handler
  /// whose step broke it.
  public var declaredAt: Int
  public init(screen: Int, event: Int, body: [CheckedStatement], declaredAt: Int = 0) {
    self.screen = screen
    self.event = event
    self.body = body
    self.declaredAt = declaredAt
  }

  /// Where it is written is not part of what it means, as for `CoordinatorInfo`: a flow
  /// reformatted is the same flow.
  public static func == (lhs: ScreenHandler, rhs: ScreenHandler) -> Bool {
    lhs.screen == rhs.screen && lhs.event == rhs.event
      && lhs.body.withoutPositions == rhs.body.withoutPositions
  }
}

public struct CoordinatorInfo: Equatable, Sendable {
  public var name: String
  public var kind: CoordinatorKind
  public var root: RootSource
  /// The key used in the parent's `childCoordinators` dictionary.
  public var identifier: String
  /// Style of the presented navigation controller for `root presented`: the style of
  /// the first screen its `start` installs.
  public var presentedStyle: PresentationStyle
  public var presentedModalInPresentation: Bool
  public var start: [CheckedStatement]
  public var screenHandlers: [ScreenHandler]
  /// Handlers for messages, indexed by message index (nil: this coordinator does not handle it).
  public var messageHandlers: [Int: [CheckedStatement]]
  /// Where each message handler's `handle message` is written, by message index.
  public var messageHandlersDeclaredAt: [Int: Int] = [:]
  /// The parameters of each message handler, by message index: local variables of this
  /// coordinator (in `CheckedFlow.variables`, hidden from every other block) that the
  /// runtime sets to the arguments before the body runs and back afterwards, so a value
  /// lives in the state only while its handler runs. Absent or empty: no parameters.
  public var messageParameters: [Int: [Int]] = [:]
  public var declaredAt: Int
  /// Under a runtime whose coordinators show one view controller each: the screen of that
  /// controller (`viewController S`), made when the coordinator is started; nil for the
  /// window coordinator and under other runtimes.
  public var viewController: Int? = nil
  /// `viewController S retained`: the coordinator keeps a strong reference to its view
  /// controller (which libraries warn against), so the controller and
  /// the coordinator keep each other alive and a pop or dismissal never deallocates it.
  public var retainsViewController = false
  /// The values `finish(v)` may pass to the parent's completion (`result a, b`), in order; empty for a
  /// coordinator whose result is `Void` (`finish` alone). A result is carried as an Int:
  /// 0 is nil, k the k-th value (for `Void`, 1 is `()`).
  public var results: [String] = []
  /// The members its runtime adds (`MemberForm`), in source order.
  public var libraryMembers: [LibraryMember] = []

  public init(
    name: String, kind: CoordinatorKind, root: RootSource, identifier: String,
    presentedStyle: PresentationStyle = .pageSheet, presentedModalInPresentation: Bool = false,
    start: [CheckedStatement] = [], screenHandlers: [ScreenHandler] = [],
    messageHandlers: [Int: [CheckedStatement]] = [:], declaredAt: Int = 0
  ) {
    self.name = name
    self.kind = kind
    self.root = root
    self.identifier = identifier
    self.presentedStyle = presentedStyle
    self.presentedModalInPresentation = presentedModalInPresentation
    self.start = start
    self.screenHandlers = screenHandlers
    self.messageHandlers = messageHandlers
    self.declaredAt = declaredAt
  }

  public static func == (lhs: CoordinatorInfo, rhs: CoordinatorInfo) -> Bool {
    lhs.name == rhs.name && lhs.kind == rhs.kind && lhs.root == rhs.root
      && lhs.viewController == rhs.viewController && lhs.retainsViewController == rhs.retainsViewController
      && lhs.results == rhs.results
      && lhs.identifier == rhs.identifier && lhs.presentedStyle == rhs.presentedStyle
      && lhs.presentedModalInPresentation == rhs.presentedModalInPresentation
      && lhs.start.withoutPositions == rhs.start.withoutPositions && lhs.screenHandlers == rhs.screenHandlers
      && lhs.messageHandlers.mapValues(\.withoutPositions)
        == rhs.messageHandlers.mapValues(\.withoutPositions)
      && lhs.messageParameters.filter { !$0.value.isEmpty }
        == rhs.messageParameters.filter { !$0.value.isEmpty }
      && lhs.libraryMembers == rhs.libraryMembers
  }
}

public struct AppEventInfo: Equatable, Sendable {
  public var name: String
  /// The coordinator declaration the event is addressed to (`event E to C`): it runs in the
  /// started instance of C, and is possible only while one is. Nil: the window coordinator.
  public var target: Int?
  /// Evaluated in the coordinator the event runs in.
  public var condition: CheckedExpression?
  /// Runs in the context of its coordinator (the app delegate calls into it).
  public var body: [CheckedStatement]
  public init(name: String, target: Int? = nil, condition: CheckedExpression?, body: [CheckedStatement]) {
    self.name = name
    self.target = target
    self.condition = condition
    self.body = body
  }

  /// Where its statements are written is not part of what it means (`withoutPositions`).
  public static func == (lhs: AppEventInfo, rhs: AppEventInfo) -> Bool {
    lhs.name == rhs.name && lhs.target == rhs.target && lhs.condition == rhs.condition
      && lhs.body.withoutPositions == rhs.body.withoutPositions
  }
}

/// The completion block of `start C { result in … }`: run by the parent with the child's
/// result, once, when the runtime ends the child (a `finish`, a swipe-down it observes, a
/// deallocation).
public struct CompletionInfo: Equatable, Sendable {
  /// The coordinator that starts the child; the block runs in it.
  public var coordinator: Int
  /// The child coordinator started.
  public var child: Int
  /// A local variable of `coordinator` (in `CheckedFlow.variables`), named as the block
  /// binds it (`result` unless written `{ NAME in …}`), of type `0...results.count` (at least
  /// `0...1`): the runtime sets it to the result before the body runs (0 for nil, k for the
  /// child's k-th result value, 1 for `()`) and back to 0 afterwards.
  public var resultVariable: Int
  public var body: [CheckedStatement]
  public init(coordinator: Int, child: Int, resultVariable: Int, body: [CheckedStatement]) {
    self.coordinator = coordinator
    self.child = child
    self.resultVariable = resultVariable
    self.body = body
  }

  /// Where its statements are written is not part of what it means (`withoutPositions`).
  public static func == (lhs: CompletionInfo, rhs: CompletionInfo) -> Bool {
    lhs.coordinator == rhs.coordinator && lhs.child == rhs.child && lhs.resultVariable == rhs.resultVariable
      && lhs.body.withoutPositions == rhs.body.withoutPositions
  }
}

/// An `after NAME { … }` block: its body runs as a later, separate event.
public struct AsyncTaskInfo: Equatable, Sendable {
  public var name: String
  /// The coordinator whose handler started it; the body runs in that coordinator.
  public var coordinator: Int?
  public var body: [CheckedStatement]
  /// Whether the pending work keeps its coordinator alive: false for `after weak NAME`,
  /// whose closure captures it weakly and does nothing once it is freed.
  public var holdsCoordinator: Bool
  public init(name: String, coordinator: Int?, body: [CheckedStatement], holdsCoordinator: Bool = true) {
    self.name = name
    self.coordinator = coordinator
    self.body = body
    self.holdsCoordinator = holdsCoordinator
  }

  /// Where its statements are written is not part of what it means (`withoutPositions`).
  public static func == (lhs: AsyncTaskInfo, rhs: AsyncTaskInfo) -> Bool {
    lhs.name == rhs.name && lhs.coordinator == rhs.coordinator && lhs.holdsCoordinator == rhs.holdsCoordinator
      && lhs.body.withoutPositions == rhs.body.withoutPositions
  }
}

public struct PropertyInfo: Equatable, Sendable {
  public var kind: PropertyKind
  public var expression: CheckedExpression
  /// The expression as written, for reports.
  public var text: String
  public var declaredAt: Int
  public init(kind: PropertyKind, expression: CheckedExpression, text: String, declaredAt: Int) {
    self.kind = kind
    self.expression = expression
    self.text = text
    self.declaredAt = declaredAt
  }
}

public enum Expectation: Equatable, Sendable {
  case none
  case pass
  case incomplete
  /// Invariant ids (`shadow-sync`) and, for the flow's own properties, `always`/`never`/`reachable`.
  case violations([String])
}

public indirect enum CheckedStatement: Equatable, Sendable {
  case show(screen: Int)
  case root(screen: Int)
  case top(screen: Int, animated: Bool)
  case pop(animated: Bool)
  case popTo(screen: Int, animated: Bool)
  case present(screen: Int, animated: Bool)
  case dismiss(animated: Bool)
  case startChild(coordinator: Int)
  case stopChild(coordinator: Int)
  case finish
  /// A statement a runtime adds, executed by that runtime alone.
  case library(LibraryStatement)
  /// `send m(args)`: the arguments are evaluated in the sender, in the order of the
  /// message's parameters (empty for none).
  case send(message: Int, arguments: [CheckedExpression])
  case ifElse(CheckedExpression, then: [CheckedStatement], otherwise: [CheckedStatement])
  case assign(variable: Int, AssignmentOperator, CheckedExpression)
  /// Index into `CheckedFlow.asyncTasks`.
  case after(task: Int)
  /// `start C in: CONTEXT animated: B { result in … }`: the parent starts a child whose
  /// result its completion receives; `completion` indexes `CheckedFlow.completionBlocks`.
  case start(coordinator: Int, context: StartContext, animated: Bool, completion: Int?)
  /// `finish(v)` (result k, 1-based) or, for a `Void` coordinator, `finish` (result 1),
  /// under a runtime whose children hand a result to their parent's completion.
  case finishWith(result: Int)
  /// App code assigns the navigation stack directly: new controllers of these screens.
  case setStack(screens: [Int])
  /// App code selects the tab of the started child of this declaration.
  case selectTab(coordinator: Int)
  /// The coordinator calls its started child of declaration `coordinator`: that child's
  /// handler of `message` runs in it, with the arguments evaluated in the caller.
  case call(coordinator: Int, message: Int, arguments: [CheckedExpression])
  /// Not a statement: where the statement after it is written, a byte offset into the flow's
  /// text. The resolver puts one before each statement of a block, so that a step knows the
  /// statement it is running and a violation can be located at it (`FlowStep.statementAt`).
  /// Running it does nothing else.
  case at(offset: Int)
}

extension Array where Element == CheckedStatement {
  /// The statements without their positions (`CheckedStatement.at(offset:)`), nested
  /// blocks included: what the block does, whatever its layout.
  public var withoutPositions: [CheckedStatement] {
    compactMap { statement in
      switch statement {
      case .at: nil
      case .ifElse(let condition, let then, let otherwise):
        .ifElse(condition, then: then.withoutPositions, otherwise: otherwise.withoutPositions)
      default: statement
      }
    }
  }
}

public indirect enum CheckedExpression: Equatable, Sendable {
  case bool(Bool)
  case integer(Int)
  case variable(Int)
  /// A screen name used as a value (compared with `top`).
  case screen(Int)
  /// The screen on top of what is visible (the top of the topmost navigation stack or modal).
  case top
  /// Number of view controllers in the visible navigation stack.
  case stack
  /// Length of the modal chain above the window's root.
  case presented
  /// True while a presentation, dismissal, push or pop animates in the window's hierarchy:
  /// what an app reads as `transitionCoordinator != nil` to ignore a tap meanwhile.
  case animating
  /// `started(C)`: some instance of coordinator C is in the tree.
  case started(coordinator: Int)
  /// `onScreen(S)`: some instance of screen S is in the view hierarchy.
  case onScreen(screen: Int)
  case not(CheckedExpression)
  case negate(CheckedExpression)
  case binary(BinaryOperator, CheckedExpression, CheckedExpression)
}

/// The result of resolving a `FlowFile`.
public struct CheckedFlow: Equatable, Sendable {
  /// The most local variables one coordinator may declare: the model stores a coordinator's
  /// locals inline, in a fixed number of slots.
  public static let maximumLocalVariables = 16

  /// The most `always`, `never` and `reachable` properties one flow may declare: the model
  /// keeps the truth of each in one bit of a 64-bit word whose lowest bit is the home screen's.
  public static let maximumProperties = 63

  public var appName: String
  public var library: LibraryProfile
  /// Index of the coordinator that owns the window's root.
  public var windowCoordinator: Int
  /// The screen `can-return` aims for.
  public var home: Int?
  public var limits: FlowLimits
  /// The value of each of the runtime's `base { … }` settings (`RuntimeCapabilities
  /// .baseSettings`, in that order), as an index into the setting's values; empty when the
  /// runtime has none. Read through `baseValue(_:)`.
  public var base: [Int] = []
  public var screens: [ScreenInfo]
  public var variables: [VariableInfo]
  public var coordinators: [CoordinatorInfo]
  /// Message names, in first-seen order.
  public var messages: [String]
  public var appEvents: [AppEventInfo]
  public var asyncTasks: [AsyncTaskInfo]
  /// The blocks of the runtimes' statements (`LibraryStatement.block`).
  public var libraryBlocks: [LibraryBlock] = []
  /// The completion blocks of `start` statements, in source order.
  public var completionBlocks: [CompletionInfo] = []
  public var properties: [PropertyInfo]
  public var expectation: Expectation

  public init(
    appName: String, library: LibraryProfile, windowCoordinator: Int, home: Int?,
    limits: FlowLimits, screens: [ScreenInfo], variables: [VariableInfo],
    coordinators: [CoordinatorInfo], messages: [String], appEvents: [AppEventInfo],
    asyncTasks: [AsyncTaskInfo], properties: [PropertyInfo], expectation: Expectation
  ) {
    self.appName = appName
    self.library = library
    self.windowCoordinator = windowCoordinator
    self.home = home
    self.limits = limits
    self.screens = screens
    self.variables = variables
    self.coordinators = coordinators
    self.messages = messages
    self.appEvents = appEvents
    self.asyncTasks = asyncTasks
    self.properties = properties
    self.expectation = expectation
  }
}
