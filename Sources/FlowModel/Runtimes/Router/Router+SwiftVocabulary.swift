extension Router {
  /// The Coordinator Pattern chapter's Router-based coordinators in an app's Swift source,
  /// for `flowcheck extract`: the app declares a `Coordinator` protocol with `children`, a
  /// `router` and `present(animated:onDismissed:)`, and a `Router` protocol (RayPets'
  /// Coordinators/Coordinator.swift, Routers/Router.swift); a coordinator's kind is the
  /// router it is made with (`HomeCoordinator(router: AppDelegateRouter(window:))`), and it
  /// navigates with `router.present`, `router.dismiss` and `presentChild(_:animated:onDismissed:)`.
  public static var swiftVocabulary: SwiftVocabulary {
    var vocabulary = SwiftVocabulary(
      module: nil, coordinatorBases: ["Coordinator"],
      kinds: .constructionArgument(
        label: "router", suffix: "Router", ownProperty: "router", parentKind: nil,
        fallback: "NavigationRouter",
        windowKinds: ["AppDelegateRouter"]),
      startMethod: "present",
      calls: [
        .init(.named("router"), "present", "present", .screen), .init(.named("router"), "dismiss", "dismiss"),
        .init(.own, "dismiss", "dismiss"),
        .init(.own, "presentChild", "presentChild", .child, blockLabel: "onDismissed"),
      ])
    vocabulary.markerTypes = ["Router"]
    return vocabulary
  }
}
