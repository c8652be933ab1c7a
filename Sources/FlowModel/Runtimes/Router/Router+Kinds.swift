import FlowLanguage

// The routers a Router-pattern coordinator is given: its kind names its router (the pattern
// has one `Coordinator` protocol, and what differs between coordinators is their router).
extension CoordinatorKind {
  /// `AppDelegateRouter(window:)`, whose `present` makes the screen the window's root.
  public static let appDelegateRouter = CoordinatorKind("AppDelegateRouter")
  /// `ModalNavigationRouter(parentViewController:)`, a new navigation controller presented
  /// over the screen the parent's handler runs for.
  public static let modalNavigationRouter = CoordinatorKind("ModalNavigationRouter")
  /// `NavigationRouter(navigationController:)` on the parent's navigation controller (a new
  /// one as the window's root for the window coordinator).
  public static let navigationRouter = CoordinatorKind("NavigationRouter")
}
