import FlowLanguage

// The presenters a JLCoordinator coordinator is made with: its kind names its presenter.
extension CoordinatorKind {
  /// `InitialPresenter(window:)`, whose `present` makes the view controller the window's
  /// root (`Presenter/PresenterImplementations/InitialPresenter.swift`).
  public static let initialPresenter = CoordinatorKind("InitialPresenter")
  /// `InitialNavigationPresenter(window:)`: a navigation controller as the window's root,
  /// each `present` a push.
  public static let initialNavigationPresenter = CoordinatorKind("InitialNavigationPresenter")
  /// `NavigationPresenter(navigationController:)` on a new, empty navigation controller (its
  /// initializer asserts it is empty) that the parent's code presents from the screen its
  /// handler runs for; `present` pushes, `dismiss` pops the top.
  public static let navigationPresenter = CoordinatorKind("NavigationPresenter")
  /// `ModalPresenter(presentingViewController:)` over the screen whose handler starts the
  /// coordinator; `present` presents modally.
  public static let modalPresenter = CoordinatorKind("ModalPresenter")
  /// `ModalNavigationPresenter(presentingViewController:)`: its first `present` presents a
  /// new navigation controller rooted at the screen, later ones push.
  public static let modalNavigationPresenter = CoordinatorKind("ModalNavigationPresenter")
  /// `TabPresenter(tabBarController:)`: each `present` appends a tab.
  public static let tabPresenter = CoordinatorKind("TabPresenter")
  /// `TabNavigationPresenter`: a navigation controller of its own as a tab.
  public static let tabNavigationPresenter = CoordinatorKind("TabNavigationPresenter")
  /// The parent's own presenter (`init(presenter: presenter)`), as the example app's push
  /// flows share it.
  public static let parentPresenter = CoordinatorKind("ParentPresenter")
}
