import FlowLanguage

// The portable vocabulary under the Router pattern (Design Patterns by Tutorials): each flow
// is a coordinator given the router its kind implies, as RayPets and the chapter's
// playground write them.

struct RouterPortableLowering: PortableLowering {
  /// A navigation flow pushes through a `NavigationRouter` (the app's on a new navigation
  /// controller as the window's root, a child's on its parent's); a sheet presents a
  /// `ModalNavigationRouter`'s navigation controller.
  func kind(of coordinator: PortableCoordinator) -> String {
    switch coordinator.kind {
    case .navigationFlow: CoordinatorKind.navigationRouter.rawValue
    case .sheetFlow: CoordinatorKind.modalNavigationRouter.rawValue
    }
  }

  /// The coordinator's `present(animated:onDismissed:)`: its first screen through its router.
  func startMembers(of coordinator: PortableCoordinator, screen: Name) -> [CoordinatorMemberKind] {
    [start(.present, screen, of: coordinator)]
  }

  /// `router.present(S)`: a push on the router's navigation controller.
  func show(_ screen: Name, in coordinator: PortableCoordinator) -> PortableLowered {
    .statements([.navigation(verb: .present, screen: screen, animated: nil)])
  }

  /// `presentChild(child)`: the wrapper removes the child from `children` when its router
  /// runs the closure.
  func startChild(_ child: PortableCoordinator, in parent: PortableCoordinator) -> PortableLowered {
    .statements([
      .library(
        LibraryStatementSyntax(
          keyword: Name(Router.presentChild.keyword, child.name.range), operand: child.name))
    ])
  }

  /// The coordinator's `dismiss()`, `router.dismiss(animated: true)`.
  func finish(in coordinator: PortableCoordinator) -> PortableLowered {
    .statements([.navigation(verb: .dismiss, screen: nil, animated: nil)])
  }
}
