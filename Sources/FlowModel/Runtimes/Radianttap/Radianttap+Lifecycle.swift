import FlowLanguage

// The coordinator lifecycle of radianttap/Coordinator 8.x (`Coordinator.swift` and
// `NavigationCoordinator.swift`), including its gaps: children keyed by identifier and
// silently overwritten, `stop` that hands the shared navigation controller to nobody,
// `coordinatorDidFinish` that re-activates the owner of the top view controller.
extension FlowStep where Runtime == Radianttap {
  func isNavigation(_ c: CoordinatorID) -> Bool {
    tables.flow.coordinators[state.coordinators[c].declaration].kind == .navigation
  }

  func identifier(of c: CoordinatorID) -> String {
    tables.flow.coordinators[state.coordinators[c].declaration].identifier
  }

  /// Creates a coordinator instance with the root its declaration asks for, as the app's
  /// code does before `startChild(coordinator:)`.
  mutating func makeCoordinator(_ declaration: Int, parent: CoordinatorID?) -> CoordinatorID {
    let info = tables.flow.coordinators[declaration]
    let id = state.coordinators.count
    let root: ObjectID
    switch (info.kind, info.root) {
    case (.tabBar, _):
      root = state.world.makeTabBarController()
    case (.navigation, .parent):
      if let parent, let p = state.liveCoordinator(parent) {
        root = p.root
      } else {
        root = state.world.makeNavigationController()
      }
    case (.navigation, .presented):
      root = state.world.makeNavigationController(
        style: info.presentedStyle, modalInPresentation: info.presentedModalInPresentation)
    default:
      // `.navigation`; the front end refuses the other runtimes' kinds under radianttap.
      root = state.world.makeNavigationController()
    }
    while state.owners.count < state.world.objects.count { state.owners.append(nil) }
    if info.root != .parent || parent == nil { state.owners[root] = id }
    state.coordinators.append(
      RadianttapCoordinator(declaration: declaration, root: root, locals: tables.initialLocals[declaration]))
    coordinatorsMayBeFreed = true  // held by nothing until it is made a child or the app's
    return id
  }

  /// `startChild(coordinator:)`: `childCoordinators[c.identifier] = c` (overwriting any
  /// child with the same identifier), `c.parent = self`, `c.start()`.
  /// The app code before it places the child's root: presents it or adds it as a tab.
  mutating func startChild(_ declaration: Int, from parent: CoordinatorID) {
    let info = tables.flow.coordinators[declaration]
    let child = makeCoordinator(declaration, parent: parent)
    let childRoot = state.coordinators[child].root
    let parentRoot = state.coordinators[parent].root
    note(.library, "\(name(ofCoordinator: parent)).startChild(\(info.name))")
    switch info.root {
    case .presented:
      // NavigationCoordinator.present(_:): vc.parentCoordinator = self; root.present(vc)
      state.world.objects[childRoot].associatedCoordinator = parent
      note(.library, "\(name(ofCoordinator: parent)).present(\(name(ofObject: childRoot)))")
      uikit { $0.present(childRoot, from: parentRoot, animated: true, effects: &$1) }
    case .tab:
      uikit { $0.addTab(childRoot, to: parentRoot, effects: &$1) }
    case .window:
      uikit { $0.setWindowRoot(childRoot, effects: &$1) }
    case .parent:
      break
    }
    guard !stopped else { return }
    let key = info.identifier
    let children = state.coordinators[parent].children
    if let index = children.firstIndex(where: { identifier(of: $0) == key }) {
      let previous = children[index]
      state.coordinators[parent].children[index] = child
      coordinatorsMayBeFreed = true
      let onScreen = ownsSomethingOnScreen(previous) ? " while it still had screens on screen" : ""
      report(
        .orphanChild,
        "\(name(ofCoordinator: parent)).childCoordinators['\(key)'] was overwritten by a new \(info.name): the previous \(name(ofCoordinator: previous)) is lost\(onScreen)"
      )
    } else {
      state.coordinators[parent].children.append(child)
    }
    state.coordinators[child].parent = parent
    start(child)
    collectCoordinators()
  }

  /// `start()`: NavigationCoordinator sets itself as the navigation controller's delegate,
  /// then `Coordinator.start` sets `root.parentCoordinator = self` and `isStarted`;
  /// then the app's override shows its first screens.
  mutating func start(_ c: CoordinatorID) {
    running(c) { step in
      let root = step.state.coordinators[c].root
      if step.isNavigation(c) { step.state.world.objects[root].delegate = c }
      step.state.world.objects[root].associatedCoordinator = c
      step.state.coordinators[c].isStarted = true
      step.note(.library, "\(step.name(ofCoordinator: c)).start()")
      let body = step.flow.coordinators[step.state.coordinators[c].declaration].start
      step.executeStart(body, in: c)
    }
  }

  /// `stop()`: NavigationCoordinator gives up the delegate, removes its own view
  /// controllers from the navigation controller one by one (not animated) and empties its
  /// shadow stack; `Coordinator.stop` clears `root.parentCoordinator`. Nothing re-activates
  /// the parent (gap 2), and a presented root is not dismissed.
  mutating func stop(_ c: CoordinatorID) {
    running(c) { step in
      step.note(.library, "\(step.name(ofCoordinator: c)).stop()")
      let root = step.state.coordinators[c].root
      if step.isNavigation(c) {
        step.state.world.objects[root].delegate = nil
        for vc in step.state.coordinators[c].shadow {
          let stack = step.state.world.objects[root].children
          guard let index = stack.firstIndex(of: vc) else { continue }
          var remaining = stack
          remaining.remove(at: index)
          step.uikit { $0.setViewControllers(remaining, of: root, animated: false, effects: &$1) }
        }
        step.state.coordinators[c].shadow.removeAll()
        step.note(.library, "\(step.name(ofObject: root)).delegate = nil; its screens removed")
      }
      step.state.world.objects[root].associatedCoordinator = nil
      step.note(.library, "\(step.name(ofObject: root)).parentCoordinator = nil")
    }
  }

  /// `stopChild(coordinator:)`: `c.parent = nil`, remove `childCoordinators[c.identifier]`
  /// (by key: whichever child is registered under it now), `c.stop()`.
  mutating func stopChild(_ c: CoordinatorID, of parent: CoordinatorID) {
    note(.library, "\(name(ofCoordinator: parent)).stopChild(\(name(ofCoordinator: c)))")
    let key = identifier(of: c)
    state.coordinators[c].parent = nil
    if let index = state.coordinators[parent].children.firstIndex(where: { identifier(of: $0) == key }) {
      let removed = state.coordinators[parent].children.remove(at: index)
      coordinatorsMayBeFreed = true
      if removed != c {
        note(.problem, "the entry '\(key)' held another \(name(ofCoordinator: removed)); it is dropped too")
      }
    }
    executing.append(c)
    stop(c)
    executing.removeLast()
    collectCoordinators()
  }

  /// The flow's `stopChild C`: stops the child registered under C's identifier, if any.
  mutating func stopChild(declaration: Int, from parent: CoordinatorID) {
    let key = tables.flow.coordinators[declaration].identifier
    guard let child = state.coordinators[parent].children.first(where: { identifier(of: $0) == key })
    else {
      note(
        .library,
        "\(name(ofCoordinator: parent)).stopChild(\(tables.flow.coordinators[declaration].name)): no such child"
      )
      return
    }
    stopChild(child, of: parent)
  }

  /// `finish`: the app's `parent?.coordinatorDidFinish(self)`.
  mutating func finish(_ c: CoordinatorID) {
    guard let parent = state.coordinators[c].parent, isAlive(parent) else {
      note(.library, "\(name(ofCoordinator: c)) has no parent to tell it finished")
      return
    }
    coordinatorDidFinish(parent, child: c)
  }

  /// `coordinatorDidFinish(_:)` on `p`. Coordinator: `stopChild(c)`. NavigationCoordinator
  /// then hands the navigation controller to whoever owns its top view controller: itself,
  /// else the first child NavigationCoordinator whose shadow stack holds it, else it tells
  /// its own parent it finished too. The flow's `didFinish` override runs after that.
  mutating func coordinatorDidFinish(_ p: CoordinatorID, child c: CoordinatorID) {
    if state.coordinators[c].isAlive { state.coordinators[c].finishNotices += 1 }
    if state.coordinators[c].isAlive, case let notices = state.coordinators[c].finishNotices, notices > 1 {
      report(
        .finishPropagation,
        "\(name(ofCoordinator: p)) was told \(name(ofCoordinator: c)) finished \(notices) times")
    }
    running(p) { step in
      step.note(
        .library, "\(step.name(ofCoordinator: p)).coordinatorDidFinish(\(step.name(ofCoordinator: c)))")
      let childDeclaration = step.isAlive(c) ? step.state.coordinators[c].declaration : nil
      step.stopChild(c, of: p)
      if step.isNavigation(p) { step.reassignNavigation(after: p) }
      let declaration = step.state.coordinators[p].declaration
      for override in step.flow.coordinators[declaration].libraryMembers
      where override.keyword == Radianttap.didFinish.keyword
        && (override.operand == nil || override.operand == childDeclaration)
      {
        step.execute(override.body, in: p)
      }
    }
  }

  /// The part of `NavigationCoordinator.coordinatorDidFinish` after `super`.
  private mutating func reassignNavigation(after p: CoordinatorID) {
    let nav = state.coordinators[p].root
    guard let top = state.world.topViewController(of: nav) else { return }
    if state.coordinators[p].shadow.contains(top) {
      activate(p)
      handlePopBack(p, to: top)
      return
    }
    // The library walks `childCoordinators`, a Swift dictionary, in an order the app cannot
    // control, and stops at the first match. A coordinator lists only view controllers it
    // made, so at most one child matches and insertion order gives every order's outcome
    // (ModelPropertyTests checks the premise on every reachable state).
    for child in state.coordinators[p].children
    where isNavigation(child) && state.coordinators[child].shadow.contains(top) {
      activate(child)
      handlePopBack(child, to: top)
      return
    }
    if let grandparent = state.coordinators[p].parent, isAlive(grandparent) {
      coordinatorDidFinish(grandparent, child: p)
    }
  }

  /// `activate()`: `root.parentCoordinator = self`; NavigationCoordinator also becomes the delegate.
  mutating func activate(_ c: CoordinatorID) {
    note(.library, "\(name(ofCoordinator: c)).activate()")
    let root = state.coordinators[c].root
    state.world.objects[root].associatedCoordinator = c
    if isNavigation(c) { state.world.objects[root].delegate = c }
  }

  /// `takeover()`: `activate()`, then `root.viewControllers = viewControllers`.
  mutating func takeover(_ c: CoordinatorID) {
    activate(c)
    note(.library, "\(name(ofCoordinator: c)).takeover()")
    guard isNavigation(c) else { return }
    let root = state.coordinators[c].root
    let list = state.coordinators[c].shadow
    uikit { $0.setViewControllers(list, of: root, animated: false, effects: &$1) }
  }

  /// `handlePopBack(to:)`: empty in the library; the flow's `popBack` override if any.
  mutating func handlePopBack(_ c: CoordinatorID, to vc: ObjectID) {
    let declaration = state.coordinators[c].declaration
    guard
      let body = tables.flow.coordinators[declaration].libraryMembers.first(where: {
        $0.keyword == Radianttap.popBack.keyword
      })?.body
    else { return }
    note(.library, "\(name(ofCoordinator: c)).handlePopBack(to: \(name(ofObject: vc)))")
    running(c) { step in step.execute(body, in: c) }
  }

  /// Whether `c` or a descendant owns a view controller attached to the window.
  func ownsSomethingOnScreen(_ c: CoordinatorID) -> Bool {
    let attached = state.world.attachedObjects()
    return ownsAttached(c, attached: attached, visited: 0)
  }

  func ownsAttached(_ c: CoordinatorID, attached: [Bool], visited: Int) -> Bool {
    guard visited < 64, let instance = state.liveCoordinator(c) else { return false }
    for (object, owner) in state.owners.enumerated() where owner == c && attached[object] {
      if case .screen = state.world.objects[object].kind { return true }
    }
    return instance.children.contains { ownsAttached($0, attached: attached, visited: visited + 1) }
  }
}
