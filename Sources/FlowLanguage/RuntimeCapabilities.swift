/// One thing a flow can ask a coordinator runtime to do: a statement, or a coordinator
/// member that overrides one of the library's hooks.
public enum RuntimeOperation: String, Sendable, CaseIterable {
  // Navigation statements.
  case show, root, top, pop
  case popTo = "pop to"
  case present, dismiss
  // Coordinator tree statements.
  case startChild, stopChild, finish, takeover, activate
  /// `presentChild C onDismissed { … }`: the Router pattern's child presentation.
  case presentChild
  /// `start C in: CONTEXT { result in … }`: Insecurity's `navigation.start(child, …)`.
  case startCoordinator = "start C"
  /// `finish(v)`: Insecurity's `finish(result)` with a value.
  case finishWith = "finish(value)"
  /// `send m`: a message up the coordinatingResponder chain.
  case send
  /// `selectTab C`: app code selecting a tab of this tab bar coordinator.
  case selectTab
  /// `call C.m`: a method of a started child, its `handle m`.
  case call
  /// `stop`: JLCoordinator's `stop()`.
  case stop
  /// `dismissRoot`: JLCoordinator's `presenter.dismissRoot(animated:)`.
  case dismissRoot
  // Flow-local statements, available under every runtime.
  case ifElse = "if"
  case assignment
  case after
  // Coordinator members.
  /// `handle m { … }`: a message handler in the responder chain.
  case handle
  /// `popBack { … }`: the `handlePopBack(to:)` override.
  case popBack
  /// `didFinish C { … }`: the `coordinatorDidFinish(_:)` override.
  case didFinish
  /// `viewController S`: Insecurity's overridden `viewController`, the coordinator's one screen.
  case viewController
  /// `result a, b`: the values an Insecurity coordinator's `finish` may pass.
  case result
  /// `didPresent S { … }`: JLCoordinator's `presenter(_:didPresent:)` override.
  case didPresent
  /// `didDismiss S { … }`: JLCoordinator's `presenter(_:didDismiss:)` override.
  case didDismiss
  /// `didStop C { … }`: JLCoordinator's `didStop(child:)` override.
  case didStop
  /// `didDismissAllViewControllersTo S { … }`: JLCoordinator's
  /// `presenter(_:didDismissAllViewControllersTo:)` override.
  case didDismissAllViewControllersTo

  /// The member a JLCoordinator hook override is.
  public init(_ hook: PresenterHook) {
    switch hook {
    case .didPresent: self = .didPresent
    case .didDismiss: self = .didDismiss
    case .didStop: self = .didStop
    case .didDismissAllViewControllersTo: self = .didDismissAllViewControllersTo
    }
  }

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
/// may use, and the verbs whose library call takes `animated:`. Each runtime declares its
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
  /// whose kinds name that (a router) takes none.
  public let usesRootClause: Bool
  /// What to write instead of an operation the runtime has no API for, said in the error.
  public let alternatives: [RuntimeOperation: String]

  public init(
    library: String, operations: [RuntimeOperation], animatedVerbs: [NavigationVerb],
    coordinatorKinds: [CoordinatorKind] = [.navigation, .tabBar], usesRootClause: Bool = true,
    alternatives: [RuntimeOperation: String] = [:]
  ) {
    self.library = LibraryProfile(rawValue: library)
    self.operations = RuntimeOperation.allCases.filter(operations.contains)
    self.animatedVerbs = animatedVerbs
    self.coordinatorKinds = coordinatorKinds
    self.usesRootClause = usesRootClause
    self.alternatives = alternatives
  }

  /// Whether a flow under this runtime may use `operation`.
  public func supports(_ operation: RuntimeOperation) -> Bool { operations.contains(operation) }

  /// Whether `verb` may be written with `animated: …`.
  public func acceptsAnimated(_ verb: NavigationVerb) -> Bool { animatedVerbs.contains(verb) }

  /// The flow-local operations every runtime offers: `if`, assignments, `after`.
  public static let flowOperations: [RuntimeOperation] = [.ifElse, .assignment, .after]
}
