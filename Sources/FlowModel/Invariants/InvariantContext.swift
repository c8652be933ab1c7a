import FlowLanguage

/// What a state invariant's check reads: the state, which of its objects are in the
/// window's hierarchy, the coordinator tree, and the parts of the flow that name things.
public struct InvariantContext<Runtime: CoordinatorRuntime> {
  /// The parts of the flow the checks read. Not the whole `CheckedFlow`: the explorer makes
  /// a check per state, on every thread, and copying the flow retained each of its arrays,
  /// counts the threads then fight over.
  public let coordinatorInfo: [CoordinatorInfo]
  public let screenInfo: [ScreenInfo]
  public let state: FlowState<Runtime>
  /// Per object: whether it is in the window's hierarchy.
  public let attached: [Bool]
  /// The coordinators reachable from the window coordinator, depth first.
  public let tree: [CoordinatorID]

  /// `attached` is `state.world.attachedObjects()`, when the caller has it already.
  public init(flow: CheckedFlow, state: FlowState<Runtime>, attached: [Bool]? = nil) {
    self.coordinatorInfo = flow.coordinators
    self.screenInfo = flow.screens
    self.state = state
    self.attached = attached ?? state.world.attachedObjects()
    self.tree = state.coordinatorTree()
  }

  /// The coordinator's name, as the flow declares it.
  public func name(_ c: CoordinatorID) -> String {
    coordinatorInfo[state.coordinators[c].declaration].name
  }

  /// The screens `ids` show, as `[Home, Product]`.
  public func screenNames(_ ids: some Sequence<ObjectID>) -> String {
    "["
      + ids.map { id -> String in
        if case .screen(let s) = state.world.objects[id].kind { return screenInfo[s].name }
        return "?"
      }.joined(separator: ", ") + "]"
  }

  /// Whether a push or pop in the window's hierarchy is still animating (`limits { inflight
  /// 1 }`): UIKit has changed the stack, but `didShow`, through which every library learns of
  /// it, and the calls UIKit deferred are still to come. The library's bookkeeping is then
  /// behind UIKit by design, so the state invariants are judged once the stack is at rest.
  /// The end of each such animation is always an enabled event, so every state in flight
  /// leads to one at rest, where a lasting fault still shows.
  public var isNavigationInFlight: Bool {
    state.world.objects.indices.contains {
      attached[$0] && state.world.objects[$0].navigationTransitionFrom != nil
    }
  }

  /// Bit i set: check i of `checks` fails (checks after the 63rd are not kept).
  func failingBits(_ checks: [StateInvariantCheck<Runtime>]) -> UInt64 {
    guard !state.crashed, !isNavigationInFlight else { return 0 }
    var bits: UInt64 = 0
    for (index, invariant) in checks.enumerated() where index < 63 && invariant.check(self) != nil {
      bits |= 1 << UInt64(index)
    }
    return bits
  }

  func ownsAttached(_ c: CoordinatorID, depth: Int = 0) -> Bool {
    guard depth < 64, let instance = state.liveCoordinator(c) else { return false }
    for (object, owner) in state.owners.enumerated() where owner == c && attached[object] {
      if case .screen = state.world.objects[object].kind { return true }
    }
    return instance.children.contains { ownsAttached($0, depth: depth + 1) }
  }

  /// Whether `c` or a descendant has async work pending: a screen may still come.
  func awaitsWork(_ c: CoordinatorID, depth: Int = 0) -> Bool {
    guard depth < 64, let instance = state.liveCoordinator(c) else { return false }
    if state.pending.contains(where: { $0.coordinator == c }) { return true }
    return instance.children.contains { awaitsWork($0, depth: depth + 1) }
  }

  /// A child coordinator still in the tree though none of its (or its descendants')
  /// screens is in the hierarchy and no async work of theirs is pending: after it had been
  /// on screen, a finish that never propagated; before, a leak. `finishNeverArrived` says
  /// what the parent missed in the runtime's words.
  func abandoned(
    wasOnScreen: Bool,
    finishNeverArrived: (_ child: String, _ parent: String) -> String = { child, parent in
      "\(child) is still a child of \(parent) though all its screens left the hierarchy; coordinatorDidFinish never reached \(parent)"
    }
  ) -> String? {
    for c in tree where c != state.appCoordinator {
      let instance = state.coordinators[c]
      guard instance.wasOnScreen == wasOnScreen, !ownsAttached(c), !awaitsWork(c) else { continue }
      let parent = (instance.parent ?? holder(of: c)).map(name) ?? "nothing"
      if wasOnScreen { return finishNeverArrived(name(c), parent) }
      return "\(name(c)) is a child of \(parent) but has never had a screen in the hierarchy"
    }
    return nil
  }

  /// The coordinator of the tree that holds `c` as a child (for a library that keeps no
  /// parent pointer).
  func holder(of c: CoordinatorID) -> CoordinatorID? {
    tree.first { state.coordinators[$0].children.contains(c) }
  }

  /// Every screen in the hierarchy that emits events has a live coordinator on its
  /// responder chain, unless it is animating away (`limits { inflight 1 }`): a sheet whose
  /// dismissal is in flight is leaving whatever its coordinator does, so a coordinator
  /// already freed loses nothing (a library may free it before it asks UIKit to dismiss,
  /// as the closure a coordinator's `dismiss` runs first does).
  func deadScreen() -> String? {
    for (id, object) in state.world.objects.enumerated() where attached[id] {
      guard case .screen(let screen) = object.kind, !screenInfo[screen].events.isEmpty else { continue }
      if !reachesCoordinator(from: id) && !state.world.isAnimatingAway(id) {
        return
          "\(screenInfo[screen].name) is on screen but no live coordinator is on its responder chain: its taps go nowhere"
      }
    }
    return nil
  }

  private func reachesCoordinator(from vc: ObjectID) -> Bool {
    Runtime.tapsReachACoordinator(from: vc, in: state)
  }
}

extension StateInvariantCheck {
  /// `finish-propagation`: a child still in the tree after all its screens left.
  public static var finishPropagation: StateInvariantCheck {
    StateInvariantCheck(.finishPropagation) { $0.abandoned(wasOnScreen: true) }
  }

  /// `orphan-child`: a child that never had a screen and awaits no work.
  public static var orphanChild: StateInvariantCheck {
    StateInvariantCheck(.orphanChild) { $0.abandoned(wasOnScreen: false) }
  }

  /// `dead-screen`: a screen in the hierarchy whose taps reach no live coordinator.
  public static var deadScreen: StateInvariantCheck {
    StateInvariantCheck(.deadScreen) { $0.deadScreen() }
  }
}
