extension Radianttap {
  /// radianttap/Coordinator in an app's Swift source, for `flowcheck extract`: subclasses of
  /// `NavigationCoordinator`, `TabBarCoordinator` or `Coordinator<T>`
  /// (Sources/Coordinator/Coordinator.swift, NavigationCoordinator.swift), started by
  /// `start(with:)`, navigating with the coordinator's own `show`, `root`, `top`, `present`,
  /// `pop`, `dismiss`, `startChild(coordinator:)`, finishing through
  /// `parent?.coordinatorDidFinish(self)`, and reached by the messages a screen sends up
  /// `coordinatingResponder` (Sources/Coordinator/UIKit-CoordinatingExtensions.swift).
  public static var swiftVocabulary: SwiftVocabulary {
    var vocabulary = SwiftVocabulary(
      module: "Coordinator", coordinatorBases: ["Coordinator", "NavigationCoordinator", "TabBarCoordinator"],
      kinds: .baseClass(
        kinds: [
          "NavigationCoordinator": "NavigationCoordinator", "TabBarCoordinator": "TabBarCoordinator",
          "Coordinator": "NavigationCoordinator",
        ],
        byGenericArgument: ["UITabBarController": "TabBarCoordinator"], fallback: "NavigationCoordinator"),
      startMethod: "start",
      calls: [
        .init(.own, "show", "show", .screen), .init(.own, "root", "root", .screen),
        .init(.own, "top", "top", .screen), .init(.own, "present", "present", .screen),
        .init(.own, "pop", "pop to", .screen, argumentLabel: "to"), .init(.own, "pop", "pop"),
        .init(.own, "dismiss", "dismiss"), .init(.own, "activate", "activate"),
        .init(.own, "takeover", "takeover"), .init(.own, "startChild", "startChild", .child),
        .init(.own, "stopChild", "stopChild", .child),
        .init(.named("parent"), "coordinatorDidFinish", "finish"),
        .init(.named("coordinatingResponder"), "", "send", .methodName),
      ])
    vocabulary.distinctiveBases = [
      .init("NavigationCoordinator", generic: false), .init("TabBarCoordinator"),
    ]
    vocabulary.rootArgument = "rootViewController"
    vocabulary.tabParentKind = "TabBarCoordinator"
    vocabulary.messageReceiver = "coordinatingResponder"
    vocabulary.libraryMethods = [
      "start", "stop", "activate", "takeover", "coordinatorDidFinish", "handlePopBack",
      "navigationController",
      "init", "deinit", "viewDidLoad",
    ]
    vocabulary.callsChildMethods = true
    return vocabulary
  }
}
