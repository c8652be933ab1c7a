import FlowLanguage

/// The built-in invariants checked on every quiescent state.
public enum StateInvariant: Int, CaseIterable, Sendable {
  case shadowSync, finishPropagation, orphanChild, deadScreen, delegateOwner

  public var invariantID: String {
    switch self {
    case .shadowSync: "shadow-sync"
    case .finishPropagation: "finish-propagation"
    case .orphanChild: "orphan-child"
    case .deadScreen: "dead-screen"
    case .delegateOwner: "delegate-owner"
    }
  }
}

/// Why a state breaks an invariant, in words; nil when it holds.
public struct InvariantCheck {
  /// The parts of the flow the checks read. Not the whole `CheckedFlow`: the explorer makes
  /// a check per state, on every thread, and copying the flow retained each of its arrays,
  /// counts the threads then fight over.
  let coordinatorInfo: [CoordinatorInfo]
  let screenInfo: [ScreenInfo]
  let state: FlowState
  let attached: [Bool]
  let tree: [CoordinatorID]

  /// `attached` is `state.world.attachedObjects()`, when the caller has it already.
  public init(flow: CheckedFlow, state: FlowState, attached: [Bool]? = nil) {
    self.coordinatorInfo = flow.coordinators
    self.screenInfo = flow.screens
    self.state = state
    self.attached = attached ?? state.world.attachedObjects()
    self.tree = state.coordinatorTree()
  }

  private func name(_ c: CoordinatorID) -> String {
    coordinatorInfo[state.coordinators[c].declaration].name
  }

  private func screenNames(_ ids: some Sequence<ObjectID>) -> String {
    "["
      + ids.map { id -> String in
        if case .screen(let s) = state.world.objects[id].kind { return screenInfo[s].name }
        return "?"
      }.joined(separator: ", ") + "]"
  }

  /// Bit per `StateInvariant` that fails.
  public func failingBits() -> UInt64 {
    var bits: UInt64 = 0
    for invariant in StateInvariant.allCases where violation(invariant) != nil {
      bits |= 1 << UInt64(invariant.rawValue)
    }
    return bits
  }

  public func violation(_ invariant: StateInvariant) -> String? {
    guard !state.crashed else { return nil }
    switch invariant {
    case .shadowSync: return shadowSync()
    case .finishPropagation: return abandoned(wasOnScreen: true)
    case .orphanChild: return abandoned(wasOnScreen: false)
    case .deadScreen: return deadScreen()
    case .delegateOwner: return delegateOwner()
    }
  }

  /// Each navigation coordinator's shadow stack equals the part of its navigation
  /// controller's stack it created, in order.
  private func shadowSync() -> String? {
    for c in tree {
      let instance = state.coordinators[c]
      guard coordinatorInfo[instance.declaration].kind == .navigation else { continue }
      let nav = instance.root
      // Compared in place; the list is built only for the message (this runs on every state).
      var next = 0
      var same = true
      for child in state.world.objects[nav].children where state.owners[child] == c {
        guard next < instance.shadow.count, instance.shadow[next] == child else {
          same = false
          break
        }
        next += 1
      }
      if !same || next != instance.shadow.count {
        let owned = state.world.objects[nav].children.filter { state.owners[$0] == c }
        return
          "\(name(c)).viewControllers is \(screenNames(instance.shadow)) but its screens in the navigation stack are \(screenNames(owned))"
      }
    }
    return nil
  }

  private func ownsAttached(_ c: CoordinatorID, depth: Int = 0) -> Bool {
    guard depth < 64, let instance = state.liveCoordinator(c) else { return false }
    for (object, owner) in state.owners.enumerated() where owner == c && attached[object] {
      if case .screen = state.world.objects[object].kind { return true }
    }
    return instance.children.contains { ownsAttached($0, depth: depth + 1) }
  }

  /// Whether `c` or a descendant has async work pending: a screen may still come.
  private func awaitsWork(_ c: CoordinatorID, depth: Int = 0) -> Bool {
    guard depth < 64, let instance = state.liveCoordinator(c) else { return false }
    if state.pending.contains(where: { $0.coordinator == c }) { return true }
    return instance.children.contains { awaitsWork($0, depth: depth + 1) }
  }

  /// A child coordinator still in the tree though none of its (or its descendants')
  /// screens is in the hierarchy and no async work of theirs is pending: after it had been
  /// on screen, a finish that never propagated; before, a leak.
  private func abandoned(wasOnScreen: Bool) -> String? {
    for c in tree where c != state.appCoordinator {
      let instance = state.coordinators[c]
      guard instance.wasOnScreen == wasOnScreen, !ownsAttached(c), !awaitsWork(c) else { continue }
      let parent = instance.parent.map(name) ?? "nothing"
      if wasOnScreen {
        return
          "\(name(c)) is still a child of \(parent) though all its screens left the hierarchy; coordinatorDidFinish never reached \(parent)"
      }
      return "\(name(c)) is a child of \(parent) but has never had a screen in the hierarchy"
    }
    return nil
  }

  /// Every screen in the hierarchy that emits events has a live coordinator on its
  /// responder chain.
  private func deadScreen() -> String? {
    for (id, object) in state.world.objects.enumerated() where attached[id] {
      guard case .screen(let screen) = object.kind, !screenInfo[screen].events.isEmpty else { continue }
      if !reachesCoordinator(from: id) {
        return
          "\(screenInfo[screen].name) is on screen but no live coordinator is on its responder chain: its taps go nowhere"
      }
    }
    return nil
  }

  private func reachesCoordinator(from vc: ObjectID) -> Bool {
    var current: ObjectID? = vc
    var hops = 0
    while let id = current, hops < 256 {
      let object = state.world.objects[id]
      if let c = object.parentCoordinator, c < state.coordinators.count, state.coordinators[c].isAlive {
        return true
      }
      current = object.container ?? object.presenting
      hops += 1
    }
    return false
  }

  /// Each navigation controller in the hierarchy has as delegate the coordinator that
  /// owns its top screen (radianttap detects pops only through the delegate).
  private func delegateOwner() -> String? {
    for (nav, object) in state.world.objects.enumerated()
    where attached[nav] && object.kind == .navigationController {
      guard let top = object.children.last, let owner = state.owners[top],
        owner < state.coordinators.count, state.coordinators[owner].isAlive,
        tree.contains(owner)
      else { continue }
      if object.delegate != owner {
        let delegate = object.delegate.map(name) ?? "nil"
        let topName = screenNames([top])
        return
          "the navigation controller showing \(topName) has delegate \(delegate), but \(name(owner)) owns that screen: its pops go unseen"
      }
    }
    return nil
  }
}
