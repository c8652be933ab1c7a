import FlowLanguage

// The portable vocabulary under radianttap/Coordinator: each flow is a NavigationCoordinator
// with the root clause its kind implies, as the library's demo app writes its coordinators.

struct RadianttapPortableLowering: PortableLowering {
  func kind(of coordinator: PortableCoordinator) -> String { CoordinatorKind.navigation.rawValue }

  /// The app's flow is the window's navigation controller (`root window`), a sheet presents
  /// its own (`root presented`): both start with `root S`. A pushed child shares its parent's
  /// (`root parent`) and pushes its first screen with `show S`: a `root S` there would
  /// replace the parent's screens (the library's gap 5).
  func startMembers(of coordinator: PortableCoordinator, screen: Name) -> [CoordinatorMemberKind] {
    let root: String
    let first: NavigationVerb
    switch (coordinator.kind, coordinator.isWindow) {
    case (.navigationFlow, true): (root, first) = ("window", .root)
    case (.navigationFlow, false): (root, first) = ("parent", .show)
    case (.sheetFlow, _): (root, first) = ("presented", .root)
    }
    return [
      .root(RootClause(source: Name(root, coordinator.startRange))), start(first, screen, of: coordinator),
    ]
  }

  func show(_ screen: Name, in coordinator: PortableCoordinator) -> PortableLowered {
    .statements([.navigation(verb: .show, screen: screen, animated: nil)])
  }

  func startChild(_ child: PortableCoordinator, in parent: PortableCoordinator) -> PortableLowered {
    .statements([.startChild(child.name)])
  }

  /// `parent?.coordinatorDidFinish(self)`: the parent's `stopChild` removes the child and its
  /// `stop()` takes a pushed child's screens off the shared stack. A sheet dismisses its
  /// navigation controller first (`dismiss`), as the demo's Account coordinator does.
  func finish(in coordinator: PortableCoordinator) -> PortableLowered {
    switch coordinator.kind {
    case .navigationFlow: .statements([.finish])
    case .sheetFlow: .statements([.navigation(verb: .dismiss, screen: nil, animated: nil), .finish])
    }
  }
}
