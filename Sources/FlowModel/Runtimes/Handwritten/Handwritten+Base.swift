import FlowLanguage

// The settings of `base { … }`: where a team's own base class and router differ from the
// Firefox/Element pattern this runtime models by default. Each value stands for code found in
// a public app; the default is that pattern.
extension Handwritten {
  /// `completions from | popped`: which completions the router runs in `navigationController(
  /// _:didShow:animated:)` when a pop UIKit made (Back, swipe, the Back button's long-press
  /// menu) removed controllers it keeps completions for.
  /// - `from`: the transition's `from` controller's only (Firefox `DefaultRouter
  ///   .checkNavigationCompletion`, Element `NavigationRouter`): a jump over several screens
  ///   runs one completion.
  /// - `popped`: the `from` controller's, then those of every other controller no longer in
  ///   `viewControllers` (arctouch-matheusvaccaro/CoordinatorOverview, `NavigationRouter.swift`
  ///   under Presentation Layer/Navigation, `performOnDismissedForSilentlyDismissedViewControllers`,
  ///   written for the Back button's menu).
  static let completions = BaseSetting(
    "completions", values: ["from", "popped"],
    meaning:
      "whose completions the router runs when UIKit pops: the transition's 'from' controller's, or every popped controller's"
  )

  /// `removeChild identity | type`: which children `stopChild C` removes.
  /// - `identity`: the one child C (the one that called, else the first): Firefox
  ///   `BaseCoordinator.remove(child:)`.
  /// - `type`: every child C, removed by their type (anvein/super_doer,
  ///   SuperDoer/Coordinators/Coordinator.swift, `removeChild(withType:)`, which filters
  ///   `childs` by `type(of:)`).
  static let removeChild = BaseSetting(
    "removeChild", values: ["identity", "type"],
    meaning: "which children 'stopChild C' removes: the one C by 'identity', or every C by 'type'")

  /// The settings, in the order `CheckedFlow.base` keeps their values.
  static let baseSettings = [completions, removeChild]
}

extension FlowStep where Runtime == Handwritten {
  /// `base { completions popped }`: the router runs the completion of every popped controller.
  var runsEveryPoppedCompletion: Bool { tables.flow.baseValue(0) == 1 }

  /// `base { removeChild type }`: `stopChild C` removes every child C.
  var removesChildrenByType: Bool { tables.flow.baseValue(1) == 1 }
}
