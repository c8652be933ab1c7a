/// One thing a flow can ask a coordinator runtime to do: a statement, or a coordinator
/// member that overrides one of the library's hooks.
public enum RuntimeOperation: String, Sendable, CaseIterable {
  // Navigation statements.
  case show, root, top, pop
  case popTo = "pop to"
  case present, dismiss
  // Coordinator tree statements.
  case startChild, stopChild, finish, takeover, activate
  /// `send m`: a message up the coordinatingResponder chain.
  case send
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

/// What a coordinator library's runtime offers: the single table the resolver consults to
/// reject statements a runtime has no API for.
public struct RuntimeCapabilities: Sendable {
  public let library: LibraryProfile
  /// Operations the runtime has no API for, in `RuntimeOperation` order.
  public let unsupported: [RuntimeOperation]
  /// Navigation verbs whose library call takes an `animated:` parameter; the others are
  /// always animated.
  public let animatedVerbs: [NavigationVerb]

  /// Whether a flow under this runtime may use `operation`.
  public func supports(_ operation: RuntimeOperation) -> Bool { !unsupported.contains(operation) }

  /// Whether `verb` may be written with `animated: …`.
  public func acceptsAnimated(_ verb: NavigationVerb) -> Bool { animatedVerbs.contains(verb) }

  /// The capabilities of `library`.
  public static func of(_ library: LibraryProfile) -> RuntimeCapabilities {
    table.first { $0.library == library }!
  }

  private static let animatedParameters: [NavigationVerb] = [.top, .pop, .popTo, .present, .dismiss]

  /// The table, one row per library profile.
  public static let table: [RuntimeCapabilities] = [
    // radianttap/Coordinator: the full NavigationCoordinator API and the responder chain.
    RuntimeCapabilities(library: .radianttap, unsupported: [], animatedVerbs: animatedParameters),
    // Router-based coordinators: a router pushes, presents and pops; no responder chain.
    RuntimeCapabilities(
      library: .router,
      unsupported: [
        .root, .top, .popTo, .stopChild, .takeover, .activate, .send, .handle, .popBack, .didFinish,
      ],
      animatedVerbs: animatedParameters),
    // Insecurity: push, present, dismiss and child start/finish only.
    RuntimeCapabilities(
      library: .insecurity,
      unsupported: [
        .root, .top, .pop, .popTo, .stopChild, .takeover, .activate, .send, .handle, .popBack, .didFinish,
      ],
      animatedVerbs: animatedParameters),
    // JLCoordinator's presenters: push, pop, present, dismiss, children started and stopped.
    RuntimeCapabilities(
      library: .presenter,
      unsupported: [.root, .top, .popTo, .takeover, .activate, .send, .handle, .popBack, .didFinish],
      animatedVerbs: animatedParameters),
  ]
}
