import FlowLanguage

/// The coordinator runtimes flowcheck models, by the name a flow selects them with
/// (`library NAME`), and the libraries the language accepts. Adding a library adds its
/// folder beside this file and a line here.
public enum RuntimeRegistry {
  /// Every modelled runtime.
  public static let runtimes: [any CoordinatorRuntime.Type] = [
    Radianttap.self, Router.self, Insecurity.self,
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

  /// Libraries parsed and validated, not yet explored; each row moves into its runtime's
  /// folder when that runtime is built.
  static let notModelled: [RuntimeCapabilities] = [
    // JLCoordinator (`JLCoordinator/Sources/`): a coordinator is made with a presenter, its
    // kind, and only ever calls `presenter.present(vc)`, `presenter.dismiss(vc)`,
    // `presenter.dismissRoot()`, `add(childCoordinator:)` + `start()`, and `stop()`; it learns
    // what happened through the hooks it overrides.
    RuntimeCapabilities(
      library: "presenter",
      operations: [.present, .dismiss, .startChild, .stop, .dismissRoot, .didPresent, .didDismiss, .didStop]
        + RuntimeCapabilities.flowOperations,
      animatedVerbs: [.present, .dismiss],
      coordinatorKinds: [
        .initialPresenter, .initialNavigationPresenter, .navigationPresenter, .modalPresenter,
        .modalNavigationPresenter, .tabPresenter, .tabNavigationPresenter, .parentPresenter,
      ],
      usesRootClause: false,
      alternatives: [
        .show: "write 'present S': a navigation presenter pushes",
        .root:
          "write 'present S' in 'start'; the kind (InitialPresenter, ModalPresenter…) says where it goes",
        .top: "a presenter cannot replace a screen; 'dismiss' it and 'present' the next one",
        .pop: "write 'dismiss': a navigation presenter pops the screen whose handler runs, if it is the top",
        .popTo: "the presenters pop one screen at a time with 'dismiss'; 'dismissRoot' closes the presenter",
        .stopChild: "the child stops itself with 'stop', as in a 'didDismiss { stop }' override",
        .finish: "write 'stop': stop() stops the children, then tells the parent (didStop) and leaves it",
        .takeover: "JLCoordinator has no takeover",
        .activate: "JLCoordinator has no activate",
        .send: "a screen calls its own coordinator (its delegate); there is no responder chain",
        .handle: "a screen calls its own coordinator (its delegate); there is no responder chain",
        .popBack: "write 'didDismiss S { … }': the presenter reports an animated pop as a dismissal",
        .didFinish: "write 'didStop C { … }': a child's stop() calls didStop(child:) on its parent",
        .presentChild:
          "write 'startChild C', and give C its presenter as its kind (coordinator C: ModalPresenter)",
        .startCoordinator: "write 'startChild C'",
        .finishWith: "write 'stop', and pass values through variables",
        .viewController: "a coordinator shows its screens with 'present' on its presenter",
        .result: "a child hands values to its parent through variables",
        .selectTab: "JLCoordinator has no tab selection from code",
        .call: "app code calls a child only through the hooks; use variables",
      ])
  ]
}
