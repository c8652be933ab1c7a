/// One thing a flow can ask a coordinator runtime to do: a statement, or a coordinator
/// member that overrides one of the library's hooks.
public enum RuntimeOperation: String, Sendable, CaseIterable {
  // Navigation statements.
  case show, root, top, pop
  case popTo = "pop to"
  case present, dismiss
  // Coordinator tree statements.
  case startChild, stopChild, finish
  /// `start C in: CONTEXT { result in … }`: a child started with a completion that receives
  /// its result.
  case startCoordinator = "start C"
  /// `finish(v)`: a child ending itself, handing a value to its parent's completion.
  case finishWith = "finish(value)"
  /// `send m`: a message up the coordinatingResponder chain.
  case send
  /// `selectTab C`: app code selecting a tab of this tab bar coordinator.
  case selectTab
  /// `call C.m`: a method of a started child, its `handle m`.
  case call
  /// `setStack S, …`: app code assigning the navigation stack, bypassing the library.
  case setStack
  // Flow-local statements, available under every runtime.
  case ifElse = "if"
  case assignment
  case after
  // Coordinator members.
  /// `handle m { … }`: a message handler in the responder chain.
  case handle
  /// `viewController S`: the coordinator's one screen, for coordinators of one view controller.
  case viewController
  /// `result a, b`: the values a coordinator's `finish(v)` may pass.
  case result

  /// The operation a navigation verb performs.
  public init(_ verb: NavigationVerb) {
    switch verb {
    case .show: self = .show
    case .root: self = .root
    case .top: self = .top
    case .pop: self = .pop
    case .popTo: self = .popTo
    case .present: self = .present
    case .dismiss: self = .dismiss
    }
  }
}

/// What a coordinator library's runtime offers the language: the operations a flow under it
/// may use, the statements it adds, and the verbs whose library call takes `animated:`. Each runtime declares its
/// own (`CoordinatorRuntime.capabilities`); the front end resolves a flow against the list
/// its caller passes, so a runtime can offer an operation no other one has.
public struct RuntimeCapabilities: Sendable {
  public let library: LibraryProfile
  /// Operations the runtime has an API for, in `RuntimeOperation` order.
  public let operations: [RuntimeOperation]
  /// Navigation verbs whose library call takes an `animated:` parameter; the others are
  /// always animated.
  public let animatedVerbs: [NavigationVerb]
  /// The kinds a coordinator declaration may name after `:`.
  public let coordinatorKinds: [CoordinatorKind]
  /// Whether a coordinator says where its root comes from with a `root` clause; a runtime
  /// whose kinds name that (the object that places its screens) takes none.
  public let usesRootClause: Bool
  /// What a coordinator's kind names, in messages ("coordinator kind" unless the runtime
  /// says otherwise).
  public let kindWord: String
  /// The runtime's own check of the window coordinator's kind: given the coordinator's name
  /// and kind, the error message when the kind cannot own the window, or nil.
  public let checkWindowKind: (@Sendable (_ name: String, _ kind: CoordinatorKind) -> String?)?
  /// The statements the runtime adds to the language, by their shape.
  public let statements: [StatementForm]
  /// The coordinator members the runtime adds, by their shape.
  public let members: [MemberForm]
  /// What to write instead of an operation or statement the runtime has no API for, by the
  /// word the error names (`RuntimeOperation.rawValue`, or a `StatementForm.keyword` of
  /// another runtime), said in the error.
  public let alternatives: [String: String]
  /// How the runtime writes the portable vocabulary (`NavigationFlow`, `SheetFlow`); nil
  /// refuses portable flows under it.
  public let portable: (any PortableLowering)?
  /// The runtime's own check of a use of one of its statements, or of `start C` (a child
  /// whose kind cannot be started there, say): an error at the statement, or nil.
  public let checkStatement: (@Sendable (StatementUse) -> StatementProblem?)?
  /// The names `start C in: NAME` accepts, in the order of `StartContext(1)`, `(2)`…;
  /// empty when `start` takes no `in:`.
  public let startContexts: [String]
  /// The kind the window coordinator must have and no other coordinator may have (a library
  /// whose window is owned by a class of its own); nil when any kind the window check
  /// accepts may own it.
  public let windowKind: CoordinatorKind?
  /// The settings a flow may give in `base { … }`: how the team's own base class and navigation helper
  /// differ from the pattern the runtime models; empty when the runtime is a library the
  /// team does not write (the flow may then write no `base`).
  public let baseSettings: [BaseSetting]
  /// The invariant ids a flow's `expect violation` may name, in report order: the shared
  /// ones unless the registry of runtimes sets every id it registers.
  public var invariantIDs: [String] = InvariantID.shared.map(\.rawValue)

  public init(
    library: String, operations: [RuntimeOperation], statements: [StatementForm] = [],
    members: [MemberForm] = [], animatedVerbs: [NavigationVerb],
    coordinatorKinds: [CoordinatorKind] = [.navigation, .tabBar],
    usesRootClause: Bool = true, kindWord: String = "coordinator kind",
    checkWindowKind: (@Sendable (_ name: String, _ kind: CoordinatorKind) -> String?)? = nil,
    alternatives: [String: String] = [:], portable: (any PortableLowering)? = nil,
    checkStatement: (@Sendable (StatementUse) -> StatementProblem?)? = nil,
    startContexts: [String] = [], windowKind: CoordinatorKind? = nil, baseSettings: [BaseSetting] = []
  ) {
    precondition(startContexts.count < Int(UInt8.max), "a StartContext numbers at most 254 contexts")
    self.startContexts = startContexts
    self.windowKind = windowKind
    self.baseSettings = baseSettings
    self.kindWord = kindWord
    self.checkWindowKind = checkWindowKind
    self.portable = portable
    self.checkStatement = checkStatement
    self.library = LibraryProfile(rawValue: library)
    self.operations = RuntimeOperation.allCases.filter(operations.contains)
    self.statements = statements
    self.members = members
    self.animatedVerbs = animatedVerbs
    self.coordinatorKinds = coordinatorKinds
    self.usesRootClause = usesRootClause
    self.alternatives = alternatives
  }

  /// Whether a flow under this runtime may use `operation`.
  public func supports(_ operation: RuntimeOperation) -> Bool { operations.contains(operation) }

  /// The runtime's own statement written with `keyword`, if it adds one.
  public func statement(_ keyword: String) -> StatementForm? { statements.first { $0.keyword == keyword } }

  /// The runtime's own member written with `keyword`, if it adds one.
  public func member(_ keyword: String) -> MemberForm? { members.first { $0.keyword == keyword } }

  /// The forms of every statement `libraries` add, each keyword once: what a parse reads
  /// before it knows the file's library.
  public static func statementForms(of libraries: [RuntimeCapabilities]) -> [StatementForm] {
    var seen: Set<String> = []
    return libraries.flatMap(\.statements).filter { seen.insert($0.keyword).inserted }
  }

  /// The forms of every member `libraries` add, each keyword once.
  public static func memberForms(of libraries: [RuntimeCapabilities]) -> [MemberForm] {
    var seen: Set<String> = []
    return libraries.flatMap(\.members).filter { seen.insert($0.keyword).inserted }
  }

  /// The context written `name` after `in:`, if the runtime has one of that name.
  public func startContext(named name: String) -> StartContext? {
    startContexts.firstIndex(of: name).map { StartContext(UInt8($0 + 1)) }
  }

  /// The name of `context` as a flow writes it after `in:` (nil for `standard`).
  public func name(of context: StartContext) -> String? {
    context.index == 0 ? nil : startContexts[Int(context.index) - 1]
  }

  /// The names of every context `libraries` accept after `in:`, each once: what a parse
  /// suggests before it knows the file's library.
  public static func startContextNames(of libraries: [RuntimeCapabilities]) -> [String] {
    var seen: Set<String> = []
    return libraries.flatMap(\.startContexts).filter { seen.insert($0).inserted }
  }

  /// Whether `verb` may be written with `animated: …`.
  public func acceptsAnimated(_ verb: NavigationVerb) -> Bool { animatedVerbs.contains(verb) }

  /// The flow-local operations every runtime offers: `if`, assignments, `after`.
  public static let flowOperations: [RuntimeOperation] = [.ifElse, .assignment, .after]
}
