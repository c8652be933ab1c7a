extension JLCoordinator {
  /// JLCoordinator in an app's Swift source, for `flowcheck extract`: subclasses of
  /// `Coordinator` (JLCoordinator/Sources/Coordinator/Coordinator.swift) made with a
  /// presenter (`ViewCoordinator(presenter: ModalPresenter(…))`, or the parent's own
  /// `presenter`), started with `start()`, navigating through `presenter.present`,
  /// `presenter.dismiss`, `presenter.dismissRoot`, starting a child with
  /// `add(childCoordinator:)` and `child.start()`, stopping with `stop()`, and told by the
  /// presenter through the overrides of `PresenterObserving` (Presenter/PresenterObserving.swift).
  public static var swiftVocabulary: SwiftVocabulary {
    var vocabulary = SwiftVocabulary(
      module: "JLCoordinator", coordinatorBases: ["Coordinator"],
      kinds: .constructionArgument(
        label: "presenter", suffix: "Presenter", ownProperty: "presenter", parentKind: "ParentPresenter",
        fallback: "ModalPresenter", windowKinds: ["InitialPresenter", "InitialNavigationPresenter"]),
      startMethod: "start",
      calls: [
        .init(.named("presenter"), "present", "present", .screen),
        .init(.named("presenter"), "dismiss", "dismiss"),
        .init(.named("presenter"), "dismissRoot", "dismissRoot"),
        .init(.own, "stop", "stop"), .init(.own, "add", "", .ignored),
        .init(.child, "start", "startChild", .receiverChild),
      ])
    vocabulary.overrides = [
      .init("presenter", label: "didPresent", member: "didPresent"),
      .init("presenter", label: "didDismiss", member: "didDismiss"),
      .init("presenter", label: "didDismissAllViewControllersTo", member: "didDismissAllViewControllersTo"),
      .init("didStop", member: "didStop"),
    ]
    return vocabulary
  }
}
