import FlowLanguage

// The portable vocabulary under JLCoordinator: each flow is a coordinator made with the
// presenter its kind implies, and every child stops when its presenter reports its screen
// dismissed, as the library's README and its example app's `ViewCoordinator` do.

struct JLCoordinatorPortableLowering: PortableLowering {
  /// The app's flow: `InitialNavigationPresenter(window:)`; a pushed child shares its
  /// parent's presenter (`init(presenter: presenter)`, as the example's push flows); a sheet:
  /// `ModalNavigationPresenter(presentingViewController:)`.
  func kind(of coordinator: PortableCoordinator) -> String {
    switch (coordinator.kind, coordinator.isWindow) {
    case (.navigationFlow, true): CoordinatorKind.initialNavigationPresenter.rawValue
    case (.navigationFlow, false): CoordinatorKind.parentPresenter.rawValue
    case (.sheetFlow, _): CoordinatorKind.modalNavigationPresenter.rawValue
    }
  }

  /// `start()`: `presenter.present(viewController, animated: true)`.
  func startMembers(of coordinator: PortableCoordinator, screen: Name) -> [CoordinatorMemberKind] {
    [start(.present, screen, of: coordinator)]
  }

  /// A JLCoordinator coordinator's `presenter.dismiss` takes back one view controller, the
  /// one whose handler runs: a flow that showed several could not finish in one call, and
  /// its `didDismiss { stop }` would stop it at the first pop. The example app gives each
  /// screen a coordinator of its own.
  func show(_ screen: Name, in coordinator: PortableCoordinator) -> PortableLowered {
    .refused(
      "'show \(screen.text)' in a handler cannot be written under runtime 'presenter': a JLCoordinator flow finishes by dismissing its one screen, so each further screen is a child flow of its own ('startChild'), as in the library's example app"
    )
  }

  /// `add(childCoordinator: child)`, then `child.start()`.
  func startChild(_ child: PortableCoordinator, in parent: PortableCoordinator) -> PortableLowered {
    .statements([.startChild(child.name)])
  }

  /// `presenter.dismiss(viewController, animated: true)`; the presenter's report then stops
  /// the flow through `didDismiss { stop }`.
  func finish(in coordinator: PortableCoordinator) -> PortableLowered {
    .statements([.navigation(verb: .dismiss, screen: nil, animated: nil)])
  }

  /// `presenter(_:didDismiss:)` overridden to `stop()` (both overloads: a sheet's swipe-down
  /// is reported as its navigation controller): the README's way to learn of a dismissal
  /// "no matter how it was dismissed".
  func extraMembers(of coordinator: PortableCoordinator) -> [CoordinatorMemberKind] {
    guard !coordinator.isWindow else { return [] }
    let range = coordinator.startRange
    let stop = StatementKind.library(
      LibraryStatementSyntax(keyword: Name(JLCoordinator.stopStatement.keyword, range)))
    return [
      .library(
        LibraryMemberSyntax(
          keyword: Name(JLCoordinator.didDismiss.keyword, range),
          body: Block(statements: [Statement(kind: stop, range: range)], range: range)))
    ]
  }
}
