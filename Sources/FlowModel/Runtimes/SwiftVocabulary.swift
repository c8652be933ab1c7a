/// How a coordinator library reads in an app's Swift source, for `flowcheck extract`: the
/// types its coordinators inherit, how a coordinator's kind and start are written, and which
/// calls navigate and what each is in a flow. Each runtime declares its own in its folder
/// (`RuntimeRegistry.swiftVocabularies`); this type names no library, and the extractor
/// (FlowCheckCLI/Extract) reads syntax through it only.
public struct SwiftVocabulary: Sendable {
  /// A base whose inheritance marks the library when the app imports no module of it.
  public struct DistinctiveBase: Sendable {
    public var name: String
    /// true: only written with a generic argument (`NavigationCoordinator<R>`); false: only
    /// without one; nil: either.
    public var generic: Bool?

    public init(_ name: String, generic: Bool? = nil) {
      self.name = name
      self.generic = generic
    }
  }

  /// Where a coordinator's kind (`coordinator C: KIND`) comes from.
  public enum KindSource: Sendable {
    /// The base class it inherits: `kinds` maps a base to a kind, `byGenericArgument` a word
    /// of the base's generic argument to a kind (`UITabBarController`), else `fallback`
    /// with a TODO. An empty `kinds` keeps the base's own name.
    case baseClass(kinds: [String: String], byGenericArgument: [String: String], fallback: String?)
    /// The object passed with `label` when the coordinator is made (`X(label: Y(…))`), a
    /// class named `…suffix`; the coordinator's own property `ownProperty` passed to a child
    /// is `parentKind` (nil: the parent's own kind). Unknown: `fallback`, with a TODO. A
    /// class made with several is drafted once per kind. `windowKinds` may own the window.
    case constructionArgument(
      label: String, suffix: String, ownProperty: String, parentKind: String?, fallback: String,
      windowKinds: Set<String>)
  }

  /// A call that navigates and the flow statement it is.
  public struct Call: Sendable {
    /// What the call is made on.
    public enum Receiver: Sendable {
      /// The coordinator itself (`show(vc)`, `self.show(vc)`).
      case own
      /// A property or chain ending in this name (`presenter.present`, `parent?.coordinatorDidFinish`).
      case named(String)
      /// A child coordinator the walk has named (`child.start()`).
      case child
    }

    /// What follows the statement's words.
    public enum Operand: Sendable {
      /// Nothing: `dismiss`.
      case none
      /// The screen of a controller argument: `show Home`.
      case screen
      /// The coordinator of an argument: `startChild Cart`.
      case child
      /// The child the call is made on: `startChild Cart` for `cart.start()`.
      case receiverChild
      /// A result value (`finish(.paid)` → `finish(paid)`), none for a `Void` one (`finish`).
      case resultValue
      /// The method's own name: `send cartToggle` for `coordinatingResponder?.cartToggle(…)`.
      case methodName
      /// Nothing is drafted: the call only prepares another (`add(childCoordinator:)`).
      case ignored
    }

    public var receiver: Receiver
    /// The method; empty for any method on the receiver (`.methodName`).
    public var method: String
    /// The flow words: `show`, `pop to`, `finish`, `send`, `startChild`.
    public var statement: String
    public var operand: Operand
    /// The argument the operand is read from, which the call must have; nil: the first.
    public var argumentLabel: String?
    /// A closure argument drafted as the statement's block (`onDismissed`).
    public var blockLabel: String?

    public init(
      _ receiver: Receiver, _ method: String, _ statement: String, _ operand: Operand = .none,
      argumentLabel: String? = nil, blockLabel: String? = nil
    ) {
      self.receiver = receiver
      self.method = method
      self.statement = statement
      self.operand = operand
      self.argumentLabel = argumentLabel
      self.blockLabel = blockLabel
    }
  }

  /// An overridden library method that is a coordinator member (`presenter(_:didDismiss:)`
  /// → `didDismiss { … }`).
  public struct Override: Sendable {
    public var method: String
    /// The second argument label that tells the overloads apart; nil: any.
    public var label: String?
    public var member: String

    public init(_ method: String, label: String? = nil, member: String) {
      self.method = method
      self.label = label
      self.member = member
    }
  }

  /// A start that takes a context and a completion, `navigation.start(child, in: .modal) { r in … }`:
  /// `start C in: CONTEXT { r in … }`.
  public struct StartCall: Sendable {
    /// The names the call is made on.
    public var receivers: Set<String>
    public var method: String
    /// A context written as a member (`.modal`) or a call (`.navigation(new:)`, keyed
    /// `navigation(new)`), and the flow's name for it.
    public var contexts: [String: String]
    /// The context of a start whose first argument is a new navigation controller.
    public var newContainerContext: String
    /// Kinds that take no context, and kinds that need one (`defaultContext`, with a TODO).
    public var kindsWithoutContext: Set<String>
    public var kindsNeedingContext: Set<String>
    public var defaultContext: String

    public init(
      receivers: Set<String>, method: String, contexts: [String: String], newContainerContext: String,
      kindsWithoutContext: Set<String>, kindsNeedingContext: Set<String>, defaultContext: String
    ) {
      self.receivers = receivers
      self.method = method
      self.contexts = contexts
      self.newContainerContext = newContainerContext
      self.kindsWithoutContext = kindsWithoutContext
      self.kindsNeedingContext = kindsNeedingContext
      self.defaultContext = defaultContext
    }
  }

  /// The module an app imports for the library; nil when the app writes the pattern itself.
  public var module: String?
  /// The classes and protocols a coordinator inherits or conforms to.
  public var coordinatorBases: Set<String>
  /// A type whose declaration in the app marks the library (a pattern without a module).
  public var markerTypes: Set<String> = []
  /// Bases whose inheritance marks the library when no module is imported.
  public var distinctiveBases: [DistinctiveBase] = []
  public var kinds: KindSource
  /// The construction argument that hands a child its parent's container (`rootViewController:`,
  /// `root parent`) and the kind whose children are its tabs (`root tab`); nil for a library
  /// whose kind says where its screens go.
  public var rootArgument: String?
  public var tabParentKind: String?
  /// The method that starts a coordinator, and the one kind that has it when only one does.
  public var startMethod: String
  public var startOnlyInKind: String?
  /// A property whose getter makes the coordinator's one screen (`viewController S`).
  public var screenProperty: String?
  /// The base's generic argument is the coordinator's result type: its cases are `result a, b`.
  public var resultFromGenericArgument = false
  public var calls: [Call]
  public var overrides: [Override] = []
  /// The name through which a screen sends a message up the responder chain
  /// (`coordinatingResponder`); a coordinator overriding the message handles it. Nil: none.
  public var messageReceiver: String?
  /// Library methods a coordinator overrides that are no app message.
  public var libraryMethods: Set<String> = []
  /// A parent calling a method of its started child is `call C.m`, the child's `handle m`.
  public var callsChildMethods = false
  public var startWithCompletion: StartCall?

  public init(
    module: String?, coordinatorBases: Set<String>, kinds: KindSource, startMethod: String, calls: [Call]
  ) {
    self.module = module
    self.coordinatorBases = coordinatorBases
    self.kinds = kinds
    self.startMethod = startMethod
    self.calls = calls
  }
}
