import FlowLanguage

// Insecurity's coordinator classes. Under Insecurity, `NavigationCoordinator` is
// `NavigationCoordinator<Result>`: one view controller pushed.
extension CoordinatorKind {
  /// `WindowCoordinator`, which owns the window through its `WindowHost`; each of its starts
  /// replaces the window's root and kills the previous host.
  public static let windowCoordinator = CoordinatorKind("WindowCoordinator")
  /// `ModalCoordinator<Result>`, one view controller presented modally.
  public static let modalCoordinator = CoordinatorKind("ModalCoordinator")
  /// `AdaptiveCoordinator<Result>`, one view controller started in a context
  /// (`in: current | modal | newNavigation | navigationFallback`).
  public static let adaptiveCoordinator = CoordinatorKind("AdaptiveCoordinator")
}
