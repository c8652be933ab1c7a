import FlowLanguage

// radianttap's own invariants: the shadow stacks and the navigation delegate, through which
// the library sees every pop.
extension StateInvariantCheck where Runtime == Radianttap {
  /// `shadow-sync`: each navigation coordinator's shadow stack equals the part of its
  /// navigation controller's stack it created, in order.
  static var shadowSync: StateInvariantCheck {
    StateInvariantCheck(.shadowSync) { context in
      let state = context.state
      for c in context.tree {
        let instance = state.coordinators[c]
        guard context.coordinatorInfo[instance.declaration].kind == .navigation else { continue }
        let nav = instance.root
        // While a push or pop of the stack animates (`limits { inflight 1 }`), UIKit has not
        // run the calls it deferred yet: the shadow, which records the calls, is compared
        // once the stack is at rest.
        if nav >= 0, nav < state.world.objects.count, state.world.objects[nav].navigationTransitionFrom != nil
        {
          continue
        }
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
            "\(context.name(c)).viewControllers is \(context.screenNames(instance.shadow)) but its screens in the navigation stack are \(context.screenNames(owned))"
        }
      }
      return nil
    }
  }

  /// `delegate-owner`: each navigation controller in the hierarchy has as delegate the
  /// coordinator that owns its top screen (the library detects pops only through the delegate).
  static var delegateOwner: StateInvariantCheck {
    StateInvariantCheck(.delegateOwner) { context in
      let state = context.state
      for (nav, object) in state.world.objects.enumerated()
      where context.attached[nav] && object.kind == .navigationController {
        guard let top = object.children.last, let owner = state.owners[top],
          owner < state.coordinators.count, state.coordinators[owner].isAlive,
          context.tree.contains(owner)
        else { continue }
        if object.delegate != owner {
          let delegate = object.delegate.map(context.name) ?? "nil"
          let topName = context.screenNames([top])
          return
            "the navigation controller showing \(topName) has delegate \(delegate), but \(context.name(owner)) owns that screen: its pops go unseen"
        }
      }
      return nil
    }
  }
}
