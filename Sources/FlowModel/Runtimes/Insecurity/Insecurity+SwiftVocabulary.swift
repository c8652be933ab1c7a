extension Insecurity {
  /// Insecurity in an app's Swift source, for `flowcheck extract`: subclasses of
  /// `ModalCoordinator<Result>`, `NavigationCoordinator<Result>`, `AdaptiveCoordinator<Result>`
  /// and `WindowCoordinator` (the library's README), each overriding `viewController` to make
  /// its one screen and hear its closures, starting children with
  /// `navigation.start(child, in: context, animated:) { result in … }` (or
  /// `navigation.start(UINavigationController(), child, …)`) and ending with `finish(value)`
  /// or `dismiss()`; only the window coordinator has a `start()` of its own.
  public static var swiftVocabulary: SwiftVocabulary {
    var vocabulary = SwiftVocabulary(
      module: "Insecurity",
      coordinatorBases: [
        "ModalCoordinator", "NavigationCoordinator", "AdaptiveCoordinator", "WindowCoordinator",
      ],
      kinds: .baseClass(kinds: [:], byGenericArgument: [:], fallback: nil),
      startMethod: "start",
      calls: [.init(.own, "finish", "finish", .resultValue), .init(.own, "dismiss", "dismiss")])
    vocabulary.distinctiveBases = [
      .init("ModalCoordinator"), .init("AdaptiveCoordinator"), .init("WindowCoordinator"),
      .init("NavigationCoordinator", generic: true),
    ]
    vocabulary.startOnlyInKind = "WindowCoordinator"
    vocabulary.screenProperty = "viewController"
    vocabulary.resultFromGenericArgument = true
    vocabulary.startWithCompletion = SwiftVocabulary.StartCall(
      receivers: ["navigation", "topContext"], method: "start",
      contexts: [
        "current": "current", "modal": "modal", "navigation(new)": "newNavigation",
        "navigation(fallback)": "navigationFallback",
      ],
      newContainerContext: "newNavigation", kindsWithoutContext: ["ModalCoordinator"],
      kindsNeedingContext: ["AdaptiveCoordinator"], defaultContext: "current")
    return vocabulary
  }
}
