import FlowLanguage

// The portable vocabulary under Insecurity: each flow is a `NavigationCoordinator` with its
// one view controller, started by its parent on the host's stack; the app's flow is started
// by a `WindowCoordinator`, as the library's README sets up an app.

struct InsecurityPortableLowering: PortableLowering {
  /// `NavigationCoordinator<Void>` for both kinds: pushed for a navigation flow, the root of a
  /// new navigation controller (`in: newNavigation`) for a sheet and for the app's flow.
  func kind(of coordinator: PortableCoordinator) -> String { "NavigationCoordinator" }

  /// `override var viewController`: the flow's one screen; Insecurity has no `start()` to
  /// override outside the window coordinator.
  func startMembers(of coordinator: PortableCoordinator, screen: Name) -> [CoordinatorMemberKind] {
    [.viewController(screen, retained: false)]
  }

  /// "One coordinator manages strictly one UIViewController" (the README): a further screen
  /// is a child flow of its own.
  func show(_ screen: Name, in coordinator: PortableCoordinator) -> PortableLowered {
    .refused(
      "'show \(screen.text)' in a handler cannot be written under runtime 'insecurity': an Insecurity coordinator has exactly one view controller, its 'start { show … }' screen; show '\(screen.text)' from a child flow of its own ('startChild')"
    )
  }

  /// `navigation.start(child, animated: true) { _ in }`: pushed onto the top navigation
  /// controller, or presented in a new one for a sheet.
  func startChild(_ child: PortableCoordinator, in parent: PortableCoordinator) -> PortableLowered {
    let context: Name? =
      child.kind == .sheetFlow ? Name("newNavigation", child.name.range) : nil
    return .statements([.start(child.name, context: context, animated: nil, completion: nil)])
  }

  /// `finish(())`: the host pops or dismisses the flow's screen and removes its entry.
  func finish(in coordinator: PortableCoordinator) -> PortableLowered { .statements([.finish]) }

  /// A `WindowCoordinator` whose `start()` makes the app's flow the window's root in a new
  /// navigation controller; the app's `window` line then names it.
  func windowCoordinator(for appFlow: PortableCoordinator, avoiding names: Set<String>)
    -> (name: String, declaration: CoordinatorDeclaration)?
  {
    var name = appFlow.name.text + "Window"
    var suffix = 2
    while names.contains(name) {
      name = appFlow.name.text + "Window\(suffix)"
      suffix += 1
    }
    let range = appFlow.startRange
    let start = Statement(
      kind: .start(
        appFlow.name, context: Name("newNavigation", range), animated: nil,
        completion: nil),
      range: range)
    let declaration = CoordinatorDeclaration(
      name: Name(name, appFlow.name.range),
      kind: Name(CoordinatorKind.windowCoordinator.rawValue, appFlow.declaration.kind.range),
      members: [CoordinatorMember(kind: .start(Block(statements: [start], range: range)), range: range)])
    return (name, declaration)
  }
}
