import FlowLanguage

// The pattern's `Coordinator` protocol and its default implementations: the parent makes a
// child with a new router, `presentChild` appends it and calls its `present(animated:
// onDismissed:)` with a wrapper that removes it again; a view controller's delegate is the
// coordinator that made it.
extension FlowStep where Runtime == Router {
  /// The router a coordinator was given, as its declaration's kind names it.
  func routerKind(of c: CoordinatorID) -> CoordinatorKind {
    tables.flow.coordinators[state.coordinators[c].declaration].kind
  }

  /// The router in traces: `ModalNavigationRouter(PetAppointmentBuilder)`.
  func name(ofRouter c: CoordinatorID) -> String {
    "\(routerKind(of: c).rawValue)(\(name(ofCoordinator: c)))"
  }

  /// The app's code making a coordinator with the router its declaration names:
  /// `C(router: ModalNavigationRouter(parentViewController: vc))` over the screen `parent`
  /// is handling, `C(router: NavigationRouter(navigationController: nc))` on `parent`'s
  /// navigation controller (a new one for the window coordinator), or
  /// `C(router: AppDelegateRouter(window: window))`.
  mutating func makeCoordinator(_ declaration: Int, presentedBy parent: CoordinatorID?) -> CoordinatorID {
    let id = state.coordinators.count
    var instance = RouterCoordinator(
      declaration: declaration, root: -1, locals: tables.initialLocals[declaration])
    let kind = tables.flow.coordinators[declaration].kind
    let coordinatorName = tables.flow.coordinators[declaration].name
    switch kind {
    case .modalNavigationRouter:
      let nav = makeNavigationController(owner: id)
      instance.root = nav
      instance.parentScreen = parent.flatMap { presentingScreen(of: $0) }
      // The router is the delegate of the navigation controller it owns.
      state.world.objects[nav].delegate = id
      note(
        .library,
        "\(coordinatorName)(router: ModalNavigationRouter(parentViewController: \(name(ofObject: instance.parentScreen))))"
      )
    case .navigationRouter:
      let nav: ObjectID
      if let parent, isAlive(parent), state.coordinators[parent].root >= 0 {
        nav = state.coordinators[parent].root
      } else {
        nav = makeNavigationController(owner: id)
      }
      instance.root = nav
      instance.routerRoot = state.world.objects[nav].children.first
      // `navigationController.delegate = self`: a second router on a shared navigation
      // controller takes the delegate from the first.
      state.world.objects[nav].delegate = id
      note(
        .library,
        "\(coordinatorName)(router: NavigationRouter(navigationController: \(name(ofObject: nav)))), routerRootController = \(name(ofObject: instance.routerRoot))"
      )
    default:
      note(.library, "\(coordinatorName)(router: AppDelegateRouter(window: window))")
    }
    state.coordinators.append(instance)
    coordinatorsMayBeFreed = true  // held by nothing until it is made a child or the app's
    return id
  }

  /// The view controller a ModalNavigationRouter made for a child of `p` presents over: the
  /// screen whose delegate call `p` is handling, else what `p`'s router shows (the top of
  /// its navigation controller, or the window's root).
  func presentingScreen(of p: CoordinatorID) -> ObjectID? {
    guard isAlive(p) else { return state.world.windowRoot }
    if let screen = state.coordinators[p].handlingScreen { return screen }
    let root = state.coordinators[p].root
    if root >= 0, let top = state.world.topViewController(of: root) { return top }
    return state.world.windowRoot
  }

  /// The scene delegate makes the window coordinator and calls
  /// `coordinator.present(animated: true, onDismissed: nil)`; a NavigationRouter's new
  /// navigation controller becomes the window's root first.
  static func launch(_ step: inout FlowStep<Router>) {
    let app = step.makeCoordinator(step.tables.flow.windowCoordinator, presentedBy: nil)
    step.state.appCoordinator = app
    let root = step.state.coordinators[app].root
    if root >= 0 { step.uikit { $0.setWindowRoot(root, effects: &$1) } }
    step.present(app, animated: true, onDismissed: nil)
  }

  /// `c.present(animated:onDismissed:)`: the flow's `start` block, whose first `present`
  /// passes `onDismissed` to the router.
  mutating func present(_ c: CoordinatorID, animated: Bool, onDismissed closure: OnDismissedClosure?) {
    running(c) { step in
      step.note(
        .library,
        "\(step.name(ofCoordinator: c)).present(animated: \(animated), onDismissed: \(closure == nil ? "nil" : "{ … }"))"
      )
      step.state.coordinators[c].presentingWith = closure
      let body = step.flow.coordinators[step.state.coordinators[c].declaration].start
      step.executeStart(body, in: c)
      if step.isAlive(c) { step.state.coordinators[c].presentingWith = nil }
    }
  }

  /// `presentChild(child, animated:, onDismissed:)`: `children.append(child)`, then
  /// `child.present(animated:, onDismissed:)` with the wrapper that removes the child by
  /// identity before it runs the caller's block.
  mutating func presentChild(
    _ declaration: Int, animated: Bool, onDismissed block: Int?, from p: CoordinatorID
  ) {
    note(
      .library,
      "\(name(ofCoordinator: p)).presentChild(\(tables.flow.coordinators[declaration].name), animated: \(animated), onDismissed: \(block == nil ? "nil" : "{ … }"))"
    )
    let child = makeCoordinator(declaration, presentedBy: p)
    state.coordinators[p].children.append(child)
    present(
      child, animated: animated, onDismissed: OnDismissedClosure(parent: p, block: block, animated: animated))
    collectCoordinators()
  }

  /// Runs the wrapper closure `closure` that `c`'s router kept: when both its weak
  /// references are alive, the parent removes `c` from its children, then runs the flow's
  /// `onDismissed` block.
  mutating func run(_ closure: OnDismissedClosure, of c: CoordinatorID) {
    guard let p = closure.parent, isAlive(p), isAlive(c) else {
      note(.library, "the wrapper's weak self is nil: it does nothing")
      return
    }
    running(p) { step in
      if let index = step.state.coordinators[p].children.firstIndex(of: c) {
        step.state.coordinators[p].children.remove(at: index)
        step.holdersMayHaveChanged()
      }
      step.note(.library, "\(step.name(ofCoordinator: p)).removeChild(\(step.name(ofCoordinator: c)))")
      guard let block = closure.block else { return }
      step.note(.library, "\(step.name(ofCoordinator: p))'s onDismissed block runs")
      step.execute(step.flow.libraryBlocks[block].body, in: p)
    }
  }
}
