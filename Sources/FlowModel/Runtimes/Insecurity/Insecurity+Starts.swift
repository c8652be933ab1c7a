import FlowLanguage

// Starting coordinators (Insecurity 3.0.3, `WindowHost.swift`, `InsecurityHost.swift`,
// `AdaptiveNavigation.swift`): the window coordinator's starts replace the window's root
// and the host; every other start goes to the host, which puts the child on the top of its
// one global stack, whoever asked.
extension FlowStep where Runtime == Insecurity {
  var host: InsecurityHost {
    get { state.library }
    _modify { yield &state.library }
  }

  func kind(of c: CoordinatorID) -> CoordinatorKind {
    tables.flow.coordinators[state.coordinators[c].declaration].kind
  }

  /// `C()`: a new coordinator, held by nothing yet.
  mutating func makeCoordinator(_ declaration: Int) -> CoordinatorID {
    let id = state.coordinators.count
    state.coordinators.append(
      InsecurityCoordinator(
        declaration: declaration,
        retainsViewController: tables.flow.coordinators[declaration].retainsViewController,
        locals: tables.initialLocals[declaration]))
    coordinatorsMayBeFreed = true
    return id
  }

  /// The child's `viewController` getter, read once when it is started: a new controller
  /// of its screen, whose closures hold the coordinator.
  mutating func makeViewController(of c: CoordinatorID) -> ObjectID? {
    guard let screen = tables.flow.coordinators[state.coordinators[c].declaration].viewController else {
      return nil
    }
    let vc = makeScreen(screen, owner: c)
    state.coordinators[c].viewController = vc
    host.heldByScreens.append(c)
    return vc
  }

  /// The flow's `start C in: CONTEXT animated: B { result in … }` run by `p`.
  mutating func start(
    _ declaration: Int, context: StartContext, animated: Bool, completion: Int?, from p: CoordinatorID
  ) {
    let child = makeCoordinator(declaration)
    let childName = tables.flow.coordinators[declaration].name
    let contextText = context == .standard ? "" : "in: .\(context.name), "
    if kind(of: p) == .windowCoordinator {
      note(
        .library,
        "\(name(ofCoordinator: p)).navigation.start(\(childName), \(contextText)animated: \(animated))")
      startOnWindow(child, context: context, animated: animated, completion: completion, parent: p)
    } else {
      note(
        .library,
        "\(name(ofCoordinator: p)).navigation.start(\(childName), \(contextText)animated: \(animated))")
      guard state.coordinators[p].onCurrentHost, host.isAlive else {
        startOnKilledHost(from: p)
        return
      }
      let start = DeferredStart(
        child: child, context: context, animated: animated, parent: p, completion: completion)
      switch host.stage {
      case .ready:
        dispatch(start)
      case .batching:
        guard host.deferred == nil else {
          drop(
            start,
            because:
              "another child is waiting to be started: assertionFailure(\"can't start multiple children at the same time\")",
            at: "InsecurityHost.swift:\(startMethodLines(of: start).batching)")
          return
        }
        note(.library, "the host is batching finishes: \(childName) waits in the deferred-start slot")
        host.deferred = start
      case .purging:
        drop(
          start, because: "assertionFailure(\"Please don't start during purges\")",
          at: "InsecurityHost.swift:\(startMethodLines(of: start).purging)")
      }
    }
  }

  /// The lines of the host's start method `start` goes through at which it asserts while
  /// another start waits in its slot and during a purge: each method has its own copy of the
  /// checks. A ModalCoordinator goes through `startModal` (`InsecurityHost.swift:169-183`), a
  /// NavigationCoordinator in a new navigation controller through `startNavigationNew`
  /// (`547-561`), one pushed through `startNavigation` (`337-351`), and an
  /// AdaptiveCoordinator, whatever its context, through the host's `AdaptiveNavigation` start
  /// (`862-876`).
  func startMethodLines(of start: DeferredStart) -> (batching: Int, purging: Int) {
    switch kind(of: start.child) {
    case .navigation: start.context == .newNavigation ? (548, 561) : (338, 351)
    case .adaptiveCoordinator: (863, 876)
    default: (170, 183)
    }
  }

  /// `WindowHost.start(child, duration:, options:)`: the child's controller (in a new
  /// navigation controller for a navigation start) becomes the window's root, the previous
  /// host is killed and a new one made over it. The child's `finish` kills the host and
  /// calls the completion; it never touches UIKit. An AdaptiveCoordinator's context has no
  /// top to push onto or present from here: `in: current` and `in: modal` make its
  /// controller the root (`startModal`), `in: newNavigation` and `in: navigationFallback`
  /// a new navigation controller holding it (`startNavigation`), as
  /// `WindowHost.swift:152-167` does.
  mutating func startOnWindow(
    _ child: CoordinatorID, context: StartContext, animated: Bool, completion: Int?, parent: CoordinatorID
  ) {
    guard let vc = makeViewController(of: child) else { return }
    let navigation: Bool
    switch kind(of: child) {
    case .navigation: navigation = true
    case .adaptiveCoordinator: navigation = context == .newNavigation || context == .navigationFallback
    default: navigation = false
    }
    var newRoot = vc
    if navigation {
      let nav = makeNavigationController(owner: child)
      note(.library, "UINavigationController.setViewControllers([\(name(ofObject: vc))], animated: true)")
      uikit { $0.setViewControllers([vc], of: nav, animated: true, effects: &$1) }
      newRoot = nav
    }
    if host.isAlive || host.windowChild != nil {
      note(.library, "the previous host is killed")
      killHost()
    }
    host.isAlive = true
    host.rootIsNavigation = navigation
    host.root = newRoot
    host.windowChild = child
    state.coordinators[child].isWindowChild = true
    state.coordinators[child].windowCompletion = completion
    state.coordinators[child].canFinish = true
    state.coordinators[child].onCurrentHost = true
    note(.library, "window.rootViewController = \(name(ofObject: newRoot))")
    uikit { $0.setWindowRoot(newRoot, effects: &$1) }
  }

  /// The window host lets go of its host: `kill()` then nil (`WindowHost.swift:25-26`,
  /// `30-31`, `61-62`, `67-68`). Its stack goes with it (no completion of it will ever run),
  /// and no coordinator started on it can start again. The host object outlives the kill
  /// only while a NavigationCoordinator started on it holds it strongly
  /// (`NavigationCoordinator.swift:4`); one in its stack holds it for good, as the stack
  /// holds that coordinator in turn (`InsecurityHost.swift:117`, `Frame.coordinator`).
  /// Whether it was freed is decided here, when the host is let go: a NavigationCoordinator
  /// freed later does not free it in the model.
  mutating func killHost() {
    let keptAlive = state.coordinators.indices.contains {
      state.coordinators[$0].isAlive && state.coordinators[$0].onCurrentHost && kind(of: $0) == .navigation
    }
    host.discardHost()
    host.windowChild = nil
    state.pending.removeAll { $0.task >= tables.flow.asyncTasks.count }
    for c in state.coordinators.indices where state.coordinators[c].onCurrentHost {
      state.coordinators[c].onCurrentHost = false
      state.coordinators[c].hostFreed = !keptAlive
    }
    holdersMayHaveChanged()
  }

  /// A start from `p` whose host was killed. A ModalCoordinator's or AdaptiveCoordinator's
  /// `navigation` is a weak host behind an implicitly unwrapped optional
  /// (`ModalCoordinator.swift:4-9`, `AdaptiveCoordinator.swift:4-9`): with the host freed it
  /// asserts in a debug build and unwraps nil in a release one, a trap either way. A host
  /// still alive (held by a NavigationCoordinator) returns at once, as it is dead
  /// (`InsecurityHost.swift:161`, `329`, `539`, `854`).
  mutating func startOnKilledHost(from p: CoordinatorID) {
    if state.coordinators[p].hostFreed,
      kind(of: p) == .modalCoordinator || kind(of: p) == .adaptiveCoordinator
    {
      reportLibraryTrap(
        "\(name(ofCoordinator: p)).navigation is nil: its host was killed when the window's root was replaced and then freed, and a \(kind(of: p).rawValue) holds its host weakly through an implicitly unwrapped optional, so reading it traps (ModalCoordinator.swift:6-9)"
      )
      return
    }
    note(
      .library, "the host of \(name(ofCoordinator: p)) is killed (notDead is false): the start does nothing")
  }

  /// `immediateDispatch…`: where the child goes, by its kind and the context.
  mutating func dispatch(_ start: DeferredStart) {
    let child = start.child
    guard isAlive(child) else { return }
    let topHasNavigation: Bool
    if let top = host.topFrame {
      topHasNavigation = host[top].hasNavigation
    } else {
      topHasNavigation = host.rootIsNavigation
    }
    switch (kind(of: child), start.context) {
    case (.modalCoordinator, _), (.adaptiveCoordinator, .modal):
      presentModally(start)
    case (.navigation, .newNavigation), (.adaptiveCoordinator, .newNavigation):
      presentInNewNavigation(start)
    case (.navigation, _):
      push(start)
    case (.adaptiveCoordinator, .current):
      topHasNavigation ? push(start) : presentModally(start)
    case (.adaptiveCoordinator, _):
      topHasNavigation ? push(start) : presentInNewNavigation(start)
    default:
      note(.library, "\(name(ofCoordinator: child)) cannot be started on the host")
    }
  }

  /// The controller new frames are presented from: the top frame's controller, or the root.
  private func electedHost() -> ObjectID? {
    guard let top = host.topFrame else { return host.root }
    return host[top].vc
  }

  /// The assertion of `sendOffModal` (`InsecurityHost.swift:298`, `306`) or
  /// `sendOffNewNavigation` (`654`, `662`) when no controller can present: the top frame's
  /// controller was freed, or, with no frame, the root was.
  private func noPresenterAssertion(modal: Bool) -> (message: String, line: Int) {
    host.topFrame == nil
      ? ("assertionFailure(\"No parent was found to start a child\")", modal ? 306 : 662)
      : ("assertionFailure(\"Top controller of modal stack is somehow dead\")", modal ? 298 : 654)
  }

  /// `sendOffModal`: a frame for the child's controller, presented by the top frame's.
  mutating func presentModally(_ start: DeferredStart) {
    guard let presenter = electedHost() else {
      let failure = noPresenterAssertion(modal: true)
      drop(start, because: failure.message, at: "InsecurityHost.swift:\(failure.line)")
      return
    }
    guard let vc = makeViewController(of: start.child) else { return }
    beginObserving(start, kind: .modalFrame, vc: vc, prev: presenter, root: nil)
    present(vc, from: presenter, animated: start.animated)
  }

  /// `sendOffNewNavigation`: a frame for a new navigation controller holding the child's
  /// controller, presented by the top frame's, whose `presentedViewController` must be nil
  /// (`InsecurityHost.swift:646-651`): it presents nothing, and no dismissal of what it
  /// presented is still animating. The root is not checked.
  mutating func presentInNewNavigation(_ start: DeferredStart) {
    guard let presenter = electedHost() else {
      let failure = noPresenterAssertion(modal: false)
      drop(start, because: failure.message, at: "InsecurityHost.swift:\(failure.line)")
      return
    }
    if host.topFrame != nil,
      state.world.objects[presenter].presented != nil
        || (host.transition.contains(.dismissal) && host.dismissalPresenter == presenter)
    {
      drop(
        start,
        because:
          "\(name(ofObject: presenter)).presentedViewController is not nil (it is presenting or still dismissing): assertionFailure(\"Top controller in the modal stack is already busy presenting something else\")",
        at: "InsecurityHost.swift:650")
      return
    }
    guard let vc = makeViewController(of: start.child) else { return }
    let nav = makeNavigationController(owner: start.child)
    beginObserving(start, kind: .navigationFrame, vc: nav, prev: presenter, root: vc)
    uikit { $0.setViewControllers([vc], of: nav, animated: false, effects: &$1) }
    present(nav, from: presenter, animated: start.animated)
  }

  /// A start the host gives up on without calling UIKit: `assertionFailure` (a trap only in
  /// a debug build: `library-trap`), then `return`. The child was never put on the stack,
  /// so nothing will ever finalize it: a completion block it was started with never runs.
  private mutating func drop(_ start: DeferredStart, because reason: String, at site: String) {
    note(.library, "\(reason) (\(site)): the start of \(name(ofCoordinator: start.child)) is dropped")
    reportLibraryAssertion(reason, at: site)
    guard start.completion != nil else { return }
    report(
      .resultOnce,
      "the host drops the start of \(name(ofCoordinator: start.child)) without calling UIKit (\(reason), \(site)): the child never appears, and its completion in \(name(ofCoordinator: start.parent)) never runs"
    )
  }

  /// `presenter.present(vc, animated:)`, which UIKit ignores while the host's own
  /// dismissal is still animating.
  private mutating func present(_ vc: ObjectID, from presenter: ObjectID, animated: Bool) {
    note(.library, "\(name(ofObject: presenter)).present(\(name(ofObject: vc)), animated: \(animated))")
    guard !host.transition.contains(.dismissal) else {
      report(
        .uikitNoop,
        "\(name(ofObject: presenter)) is asked to present \(name(ofObject: vc)) while the host's dismissal is still animating: UIKit ignores it (\"Attempt to present … while a presentation or dismiss is in progress\"); the controller never appears, and the host hears of it only when it is freed"
      )
      return
    }
    uikit { $0.present(vc, from: presenter, animated: animated, effects: &$1) }
  }

  /// `sendOffNavigation`: a pushed entry on the top frame's navigation controller (with no
  /// frame and a navigation root, a placeholder frame for the root first), always animated.
  mutating func push(_ start: DeferredStart) {
    let nav: ObjectID
    let prev: ObjectID?
    if let top = host.topFrame {
      guard host[top].hasNavigation, let topNav = host[top].vc else {
        drop(
          start,
          because:
            "assertionFailure(\"Can not start navigation child when the top context is not UINavigationController\")",
          at: "InsecurityHost.swift:486")
        return
      }
      nav = topNav
      prev = host[host.count - 1].isFrame ? host[top].root : host[host.count - 1].vc
    } else {
      guard host.rootIsNavigation, let rootNav = host.root,
        let first = state.world.objects[rootNav].children.first
      else {
        drop(
          start,
          because:
            host.rootIsNavigation
            ? "assertionFailure(\"InsecurityHost wanted to start NavigationChild, but the UINavigationController was found dead\")"
            : "assertionFailure(\"Can not start navigation child when the top context is not UINavigationController\")",
          at: "InsecurityHost.swift:\(host.rootIsNavigation ? 496 : 492)")
        return
      }
      host.append(
        HostEntry(
          kind: .rootNavigationFrame, state: .live, coordinator: nil, vc: rootNav, prev: nil, root: first,
          parent: nil, completion: nil))
      nav = rootNav
      prev = first
    }
    guard let vc = makeViewController(of: start.child) else { return }
    beginObserving(start, kind: .pushed, vc: vc, prev: prev, root: nil)
    note(.library, "\(name(ofObject: nav)).pushViewController(\(name(ofObject: vc)), animated: true)")
    // The host pushes whatever animates (`InsecurityHost.swift:484`, `526`): during its own
    // pop UIKit queues the push and carries it out when the pop ends, as it does for any
    // push during a push or pop (World+Navigation.swift).
    uikit { $0.push(vc, on: nav, animated: true, effects: &$1) }
  }

  /// Appends the child's entry and installs its `_finishImplementation`; the host now
  /// observes the controller (KVO on a presented one, deallocation on every one).
  private mutating func beginObserving(
    _ start: DeferredStart, kind: EntryKind, vc: ObjectID, prev: ObjectID?, root: ObjectID?
  ) {
    host.append(
      HostEntry(
        kind: kind, state: .live, coordinator: start.child, vc: vc, prev: prev, root: root,
        parent: start.parent,
        completion: start.completion))
    state.coordinators[start.child].canFinish = true
    state.coordinators[start.child].onCurrentHost = true
  }
}
