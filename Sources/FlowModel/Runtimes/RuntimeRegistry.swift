import FlowLanguage

/// The coordinator runtimes flowcheck models, by the name a flow selects them with
/// (`library NAME`), and the libraries the language accepts. Adding a library adds its
/// folder beside this file and a line here.
public enum RuntimeRegistry {
  /// Every modelled runtime.
  public static let runtimes: [any CoordinatorRuntime.Type] = [
    Radianttap.self, Router.self,
  ]

  /// The runtime a flow's `library NAME` selects; nil when that library is not modelled.
  public static func runtime(named name: String) -> (any CoordinatorRuntime.Type)? {
    runtimes.first { $0.name == name }
  }

  /// The runtime `flow` is checked under, which must be modelled: the command line refuses
  /// the others at their `library` line before checking.
  public static func modelledRuntime(of flow: CheckedFlow) -> any CoordinatorRuntime.Type {
    guard let runtime = runtime(named: flow.library.rawValue) else {
      preconditionFailure("runtime '\(flow.library.rawValue)' is not modelled")
    }
    return runtime
  }

  /// The names of the modelled runtimes, in registry order.
  public static var names: [String] { runtimes.map { $0.name } }

  /// What the front end resolves flows against: every modelled runtime's capabilities (the
  /// first is the default of a flow without `library`), then the libraries the language
  /// validates but no runtime models yet; checking a flow under one of those is refused.
  public static let libraries: [RuntimeCapabilities] = runtimes.map { $0.capabilities } + notModelled

  private static let animated: [NavigationVerb] = [.top, .pop, .popTo, .present, .dismiss]

  /// Libraries parsed and validated, not yet explored; each row moves into its runtime's
  /// folder when that runtime is built.
  static let notModelled: [RuntimeCapabilities] = [
    // Insecurity: coordinators of one view controller each, started on the host's global
    // stack with a completion that receives their result.
    RuntimeCapabilities(
      library: "insecurity",
      operations: [.dismiss, .finish, .startCoordinator, .finishWith, .viewController, .result]
        + RuntimeCapabilities.flowOperations,
      animatedVerbs: [],
      coordinatorKinds: [.windowCoordinator, .modalCoordinator, .navigation, .adaptiveCoordinator],
      usesRootClause: false,
      alternatives: [
        .show:
          "a coordinator has one screen, its 'viewController S'; 'start' a NavigationCoordinator to push",
        .root:
          "a coordinator has one screen, its 'viewController S'; the window coordinator's 'start C' sets the window's root",
        .top: "a coordinator has one screen; 'finish' it and 'start' another",
        .pop: "write 'finish' or 'dismiss' in the pushed coordinator: the host pops it",
        .popTo: "write 'finish' in the coordinator above: the host pops to the screen below it",
        .present: "'start' a ModalCoordinator (or an AdaptiveCoordinator 'in: modal')",
        .startChild: "write 'start C' (Insecurity's navigation.start(child) { result in … })",
        .stopChild: "the child ends itself with 'finish' or 'dismiss'; the host removes it",
        .presentChild: "write 'start C'",
        .takeover: "Insecurity has no takeover",
        .activate: "Insecurity has no activate",
        .send: "a screen calls its own coordinator; a child hands its result to the parent with 'finish(v)'",
        .handle:
          "a screen calls its own coordinator; a child hands its result to the parent with 'finish(v)'",
        .popBack: "a pop reaches the host through the controller's deallocation: the completion gets nil",
        .didFinish: "write the code in the completion block of 'start C { result in … }'",
      ]),
    // JLCoordinator's presenters: push, pop, present, dismiss, children started and stopped.
    RuntimeCapabilities(
      library: "presenter",
      operations: [.show, .pop, .present, .dismiss, .startChild, .stopChild, .finish]
        + RuntimeCapabilities.flowOperations,
      animatedVerbs: animated),
  ]
}
