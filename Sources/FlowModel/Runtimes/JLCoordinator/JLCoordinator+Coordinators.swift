import FlowLanguage

// JLCoordinator's `Coordinator` (`JLCoordinator/Sources/Coordinator/Coordinator.swift`):
// `add(childCoordinator:)`, `start()`, `stop()` and the hooks a flow overrides; a screen
// calls its own coordinator, its delegate, as the example's `ViewController` does.
extension FlowStep where Runtime == JLCoordinator {
  /// The presenter a coordinator was made with, as its declaration's kind names it.
  func presenterKind(of c: CoordinatorID) -> CoordinatorKind {
    tables.flow.coordinators[state.coordinators[c].declaration].kind
  }

  /// The app's code `C(presenter: P(…))`: the presenter its declaration names, over the
  /// screen `parent` is handling (a modal presenter's `presentingViewController`), or the
  /// parent's own presenter (`ParentPresenter`). `Coordinator.init` registers it with it.
  mutating func makeCoordinator(_ declaration: Int, madeBy parent: CoordinatorID?) -> CoordinatorID {
    let id = state.coordinators.count
    var instance = JLCoordinatorState(
      declaration: declaration, presenterOwner: id, locals: tables.initialLocals[declaration])
    let kind = tables.flow.coordinators[declaration].kind
    let coordinatorName = tables.flow.coordinators[declaration].name
    switch kind {
    case .parentPresenter:
      instance.presenterOwner = parent.map { state.coordinators[$0].presenterOwner } ?? id
      note(
        .library,
        "\(coordinatorName)(presenter: \(parent.map { name(ofCoordinator: $0) } ?? "nil").presenter)")
    case .modalPresenter, .modalNavigationPresenter:
      instance.presentingScreen = parent.flatMap { presentingScreen(for: $0) }
      note(
        .library,
        "\(coordinatorName)(presenter: \(kind.rawValue)(presentingViewController: \(name(ofObject: instance.presentingScreen))))"
      )
      // `ModalPresenter.init` asserts that its presenting controller presents nothing
      // (`ModalPresenter.swift:14-17`); `ModalNavigationPresenter.init` checks nothing.
      if kind == .modalPresenter, let from = instance.presentingScreen,
        let presented = presentedViewController(of: from)
      {
        reportLibraryAssertion(
          "ModalPresenter is made over \(name(ofObject: from)), which already presents \(name(ofObject: presented))",
          at: "ModalPresenter.swift:14-17")
      }
    case .navigationPresenter:
      instance.presentingScreen = parent.flatMap { presentingScreen(for: $0) }
      note(
        .library,
        "\(coordinatorName)(presenter: NavigationPresenter(navigationController: UINavigationController()))")
    case .tabPresenter, .tabNavigationPresenter:
      instance.presentingScreen = parent.flatMap { presentingScreen(for: $0) }
      let tabBar = tabBarController(presentedFrom: instance.presentingScreen)
      note(
        .library,
        "\(coordinatorName)(presenter: \(kind.rawValue)(tabBarController: \(name(ofObject: tabBar))))")
    default:
      note(.library, "\(coordinatorName)(presenter: \(kind.rawValue)(window: window))")
    }
    state.coordinators.append(instance)
    if kind == .initialNavigationPresenter || kind == .navigationPresenter {
      // `InitialNavigationPresenter(window:with: .init())`: its navigation controller exists
      // from the start; the presenter's wrapper is its delegate (NavigationPresenter.init).
      // `NavigationPresenter(navigationController:)` is given a new `UINavigationController()`:
      // it asserts it is empty (so a parent's stack, never empty, cannot be given) and makes
      // its wrapper the delegate too.
      let nav = makeNavigationController(owner: id)
      state.coordinators[id].root = nav
      state.world.objects[nav].delegate = id
      // The app's code presents a NavigationPresenter's controller from the screen the
      // parent's handler runs for (`viewController.present(nav, animated: true)`). The
      // presenter never sets the presentation controller's delegate: no sheet wrapper
      // watches a swipe-down.
      if kind == .navigationPresenter, let from = state.coordinators[id].presentingScreen {
        note(.library, "\(name(ofObject: from)).present(\(name(ofObject: nav)), animated: true)")
        uikit { $0.present(nav, from: from, animated: true, effects: &$1) }
      }
    }
    coordinatorsMayBeFreed = true  // held by nothing until it is made a child or the app's
    return id
  }

  /// The `UITabBarController` a tab presenter is given, as the app's code sets it up: the one
  /// `from` (the screen the parent's handler runs for) presents already, a sibling tab's
  /// coordinator having made it; else a new one, presented from `from`; for the window
  /// coordinator (no `from`), the window's root tab bar controller, made and installed when
  /// the window shows none.
  mutating func tabBarController(presentedFrom from: ObjectID?) -> ObjectID {
    if let from {
      if let presented = presentedViewController(of: from), state.world.objects[presented].isTabBarController
      {
        return presented
      }
      let tabBar = makeTabBarController()
      note(.library, "\(name(ofObject: from)).present(\(name(ofObject: tabBar)), animated: true)")
      uikit { $0.present(tabBar, from: from, animated: true, effects: &$1) }
      return tabBar
    }
    if let root = state.world.windowRoot, state.world.objects[root].isTabBarController { return root }
    let tabBar = makeTabBarController()
    note(.library, "window.rootViewController = \(name(ofObject: tabBar)); makeKeyAndVisible()")
    uikit { $0.setWindowRoot(tabBar, effects: &$1) }
    return tabBar
  }

  /// A `UITabBarController` with no tabs, made by the app's code.
  mutating func makeTabBarController() -> ObjectID {
    let id = state.world.makeTabBarController()
    while state.owners.count < state.world.objects.count { state.owners.append(nil) }
    return id
  }

  /// The tab bar controller tab presenter `o` was given: what its presenting screen
  /// presents, else the window's root; nil when it is gone.
  func tabBar(of o: CoordinatorID) -> ObjectID? {
    let candidate: ObjectID?
    if let from = state.coordinators[o].presentingScreen {
      candidate = presentedViewController(of: from)
    } else {
      candidate = state.world.windowRoot
    }
    guard let candidate, state.world.objects[candidate].isTabBarController else { return nil }
    return candidate
  }

  /// The view controller a modal presenter made in `p`'s handler presents from: the screen
  /// whose delegate call `p` is handling, else the last screen `p` presented.
  func presentingScreen(for p: CoordinatorID) -> ObjectID? {
    if let screen = state.coordinators[p].handlingScreen { return screen }
    return state.coordinators[p].lastScreen
  }

  /// The scene delegate makes the window coordinator with its initial presenter and calls
  /// `start()`.
  static func launch(_ step: inout FlowStep<JLCoordinator>) {
    let app = step.makeCoordinator(step.tables.flow.windowCoordinator, madeBy: nil)
    step.state.appCoordinator = app
    step.start(app)
  }

  /// `start()`: the flow's `start` block (the library's own is empty).
  mutating func start(_ c: CoordinatorID) {
    running(c) { step in
      step.note(.library, "\(step.name(ofCoordinator: c)).start()")
      step.executeStart(step.flow.coordinators[step.state.coordinators[c].declaration].start, in: c)
    }
  }

  /// `startChild C` in `p`: `let c = C(presenter: …); add(childCoordinator: c); c.start()`.
  /// A fresh coordinator has no parent, so `add` never refuses it here.
  mutating func startChild(_ declaration: Int, from p: CoordinatorID) {
    let child = makeCoordinator(declaration, madeBy: p)
    note(.library, "\(name(ofCoordinator: p)).add(childCoordinator: \(name(ofCoordinator: child)))")
    state.coordinators[child].parentLink = p
    state.coordinators[p].children.append(child)
    start(child)
    collectCoordinators()
  }

  /// `stop()`: every child stops first (post-order), then `parent.didStop(child:)`, the
  /// removal from the parent's `childCoordinators`, `parent.didRemove(child:)` (a no-op
  /// unless overridden, which a flow cannot) and `parentCoordinator = nil`. It never
  /// touches UIKit and does not unregister from the presenter.
  mutating func stop(_ c: CoordinatorID) {
    guard isAlive(c) else { return }
    state.coordinators[c].stoppedInStep = true
    state.coordinators[c].hasStopped = true
    running(c) { step in
      step.note(.library, "\(step.name(ofCoordinator: c)).stop()")
      for child in step.state.coordinators[c].children { step.stop(child) }
      guard let p = step.state.coordinators[c].parentLink, step.isAlive(p) else { return }
      let declaration = step.state.coordinators[c].declaration
      step.runHooks(JLCoordinator.didStop, in: p) { target in target == nil || target == declaration }
      if let index = step.state.coordinators[p].children.firstIndex(of: c) {
        step.state.coordinators[p].children.remove(at: index)
        step.holdersMayHaveChanged()
      }
      step.state.coordinators[c].parentLink = nil
      step.note(
        .library,
        "\(step.name(ofCoordinator: p)).childCoordinators.removeAll { $0 === \(step.name(ofCoordinator: c)) }"
      )
    }
  }

  /// `stopChild C` in `p`: the parent calls `stop()` on each child C in its
  /// `childCoordinators`, in the array's order, as the example's `ViewCoordinator` stops its
  /// children (`childCoordinators.forEach { $0.stop() }`, ViewCoordinator.swift:41). The
  /// parent holds its children only in that array, so each C in it stops; each is the
  /// child's own `stop()` (Coordinator.swift:50-54): its children first, then `didStop` in
  /// `p` and its removal from `p`. Nothing is dismissed and nothing unregisters.
  mutating func stopChildren(_ declaration: Int, of p: CoordinatorID) {
    let children = state.coordinators[p].children.filter {
      isAlive($0) && state.coordinators[$0].declaration == declaration
    }
    guard !children.isEmpty else {
      note(
        .library,
        "\(name(ofCoordinator: p)) holds no \(tables.flow.coordinators[declaration].name) in childCoordinators: nothing stops"
      )
      return
    }
    for child in children { stop(child) }
  }

  /// `stopped-on-screen`, once the step has settled: a coordinator stopped during it whose
  /// screen is still in the window's hierarchy. Clears the marks `stop()` left.
  mutating func checkStoppedOnScreen() {
    for c in state.coordinators.indices where state.coordinators[c].stoppedInStep {
      state.coordinators[c].stoppedInStep = false
      let onScreen = state.world.objectsInHierarchy().first { vc in
        // A screen animating away (`limits { inflight 1 }`) is leaving anyway.
        guard vc < state.owners.count, state.owners[vc] == c, case .screen = state.world.objects[vc].kind,
          !state.world.isAnimatingAway(vc)
        else {
          return false
        }
        return true
      }
      guard let vc = onScreen else { continue }
      let delegate = isAlive(c) ? "a stopped coordinator" : "deallocated"
      report(
        .stoppedOnScreen,
        "\(tables.flow.coordinators[state.coordinators[c].declaration].name) was stopped while its screen \(name(ofObject: vc)) is still on screen: the screen's delegate is \(delegate)"
      )
    }
  }

  /// Runs coordinator `c`'s overrides of `hook` whose name `matches`, in source order.
  mutating func runHooks(_ hook: MemberForm, in c: CoordinatorID, matches: (Int?) -> Bool) {
    let hooks = flow.coordinators[state.coordinators[c].declaration].libraryMembers
    let keyword = hook.keyword
    if hook != JLCoordinator.didStop, state.coordinators[c].hasStopped, !state.coordinators[c].stoppedInStep,
      hooks.contains(where: { $0.keyword == keyword && matches($0.operand) })
    {
      report(
        .registeredAfterStop,
        "\(name(ofCoordinator: c)) stopped in an earlier step but is still registered with its presenter: its \(keyword) override runs"
      )
    }
    for entry in hooks where entry.keyword == keyword && matches(entry.operand) {
      guard isAlive(c) else { return }
      running(c) { step in
        step.note(.library, "\(step.name(ofCoordinator: c))'s \(keyword) override runs")
        step.execute(entry.body, in: c)
      }
    }
  }
}
