import FlowLanguage

// How a child ends (Insecurity 3.0.3, `InsecurityHost.swift`): `finish(r)`, `dismiss()`, the
// KVO of a presented controller's parent and the deallocation of a controller all
// finalize its entry; the completion runs at once, then one purge cuts the stack at the
// lowest dead entry and does the UIKit work, then the deferred start runs.
extension FlowStep where Runtime == Insecurity {
  /// The flow's `finish(v)` / `finish` (result `result`) or `dismiss` (result 0) run by `c`.
  mutating func finish(_ c: CoordinatorID, result: Int) {
    let text = result == 0 ? "dismiss()" : "finish(\(resultName(result, of: c)))"
    note(.library, "\(name(ofCoordinator: c)).\(text)")
    guard state.coordinators[c].canFinish else {
      // `_finishImplementation` is nil: the host's closures clear it when the child ends,
      // by its finish, KVO or its controller's deinit (`InsecurityHost.swift:207`, `232`,
      // `247`, and the same for navigation children), and `finish`/`dismiss` then hit
      // `assertionFailure` (`ModalCoordinator.swift:19`, `28`; the same lines of
      // `NavigationCoordinator.swift` and `AdaptiveCoordinator.swift`: the file of the
      // coordinator's own class is cited): a debug build stops,
      // a release build does nothing. A late reply guards it by capturing its coordinator
      // weakly (`after weak`), as `{ [weak self] in … }` does: once the child has ended,
      // only its controller holds it, while it animates out, and then the reply finds it
      // freed.
      let call = result == 0 ? "dismiss" : "finish"
      note(.library, "_finishImplementation is nil (\(name(ofCoordinator: c)) has ended)")
      reportLibraryAssertion(
        "`\(call)` called before the coordinator was started",
        at: "\(kind(of: c).rawValue).swift:\(call == "dismiss" ? 28 : 19)")
      return
    }
    if state.coordinators[c].isWindowChild {
      finishWindowChild(c, result: result)
      return
    }
    state.coordinators[c].canFinish = false
    if state.coordinators[c].hostFreed {
      // The host's finish closure holds the host weakly: it clears `_finishImplementation`,
      // then finds the host freed and asserts, before it could finalize anything
      // (`InsecurityHost.swift:202-211` for a child presented modally, `369-375` pushed,
      // `581-590` in a new navigation controller).
      note(.library, "the host \(name(ofCoordinator: c)) was started on is freed")
      reportLibraryAssertion(
        "InsecurityHost wasn't properly retained. Make sure you save it somewhere before starting any children.",
        at: "InsecurityHost.swift:\(finishClosureAssertionLine(of: c))")
      return
    }
    finalize(c, .finished, result: result)
  }

  /// The line at which the finish closure the host installed in `c` asserts that the host
  /// is gone, by how `c` was started: presented (`InsecurityHost.swift:210`), pushed
  /// (`374`), or as the root of a navigation controller it presented (`589`). Only a
  /// ModalCoordinator or an AdaptiveCoordinator can outlive its host (a NavigationCoordinator
  /// holds it strongly); a ModalCoordinator is always presented, and an AdaptiveCoordinator's
  /// controller tells where it went while it is still in a navigation controller or still
  /// presented; otherwise the model does not know which of the three it was.
  private func finishClosureAssertionLine(of c: CoordinatorID) -> String {
    guard kind(of: c) != .modalCoordinator else { return "210" }
    guard let vc = state.coordinators[c].viewController else { return "210, 374 or 589" }
    if let nav = state.world.objects[vc].container { return state.owners[nav] == c ? "589" : "374" }
    return state.world.objects[vc].presenting != nil ? "210" : "210, 374 or 589"
  }

  /// The window host's finish closure of `c` (`WindowHost.swift:24-28`, `60-64`): it kills
  /// whatever host the window host has now and calls `c`'s completion. Nothing ever clears
  /// it, not a finish (the host's own closures clear theirs: `InsecurityHost.swift:207`) and
  /// not a new root (`startModal` and `startNavigation` install the new child's and leave
  /// the old one's): a second finish of `c`, even after the window coordinator made another
  /// root, kills that root's host and runs `c`'s completion again.
  mutating func finishWindowChild(_ c: CoordinatorID, result: Int) {
    let again = state.coordinators[c].windowResultDelivered
    let current = host.windowChild
    if host.isAlive {
      note(
        .library,
        current == c
          ? "the window host kills its host"
          : "the window host kills its current host, the one of \(name(ofCoordinator: current))")
      killHost()
      host.windowChild = current
    }
    state.coordinators[c].windowResultDelivered = true
    if again {
      report(
        .resultOnce,
        current == c
          ? "\(name(ofCoordinator: c)) finishes a second time: the window host never clears its finish, so the completion runs twice"
          : "\(name(ofCoordinator: c)) finishes a second time, after \(name(ofCoordinator: current)) replaced it as the window's root: the window host never clears its finish, so it kills \(name(ofCoordinator: current))'s host and runs \(name(ofCoordinator: c))'s completion twice"
      )
    }
    runCompletion(state.coordinators[c].windowCompletion, parent: state.appCoordinator, result: result, of: c)
  }

  /// `finalizeModal` / `finalizeNavigation`: marks `c`'s entry dead; outside a batch, opens
  /// one, runs the completion, purges; inside, only runs the completion. Without an entry
  /// (purged already) nothing happens: the completion is never delivered.
  mutating func finalize(_ c: CoordinatorID, _ how: EntryState, result: Int) {
    guard let index = host.index(of: c) else {
      note(
        .library,
        "the host has no entry for \(name(ofCoordinator: c)) any more: its completion is never delivered")
      return
    }
    host[index].state = how
    let entry = host[index]
    switch host.stage {
    case .batching:
      runCompletion(entry.completion, parent: entry.parent, result: result, of: c)
    case .purging:
      assertionFailure("the purge runs no app code that finishes")
    case .ready:
      host.stage = .batching
      runCompletion(entry.completion, parent: entry.parent, result: result, of: c)
      guard !stopped else { return }
      guard state.coordinators[c].onCurrentHost else {
        // The completion killed this host (a window child's finish, `finishWindowChild`),
        // and the window host may have made another. The killed host still purges its own
        // frames, where `c`'s is dead, but with `notDead` false it does no UIKit work and
        // runs only its own scheduled start, which a dead host never takes
        // (`InsecurityHost.swift:685-748`, `800-802`): nothing reaches the new host, which
        // has batched nothing.
        host.stage = .ready
        return
      }
      host.stage = .purging
      purge()
      host.stage = .ready
    }
  }

  /// The parent's completion block with the child's result: its result variable set for
  /// the block, and back to 0 afterwards.
  mutating func runCompletion(
    _ completion: Int?, parent: CoordinatorID?, result: Int, of child: CoordinatorID
  ) {
    let resultText = result == 0 ? "nil" : resultName(result, of: child)
    guard let completion, let parent, isAlive(parent) else {
      note(.library, "completion(\(resultText)): no completion block")
      return
    }
    note(.library, "completion(\(resultText)) runs in \(name(ofCoordinator: parent))")
    let info = tables.flow.completionBlocks[completion]
    let slot = tables.slot[info.resultVariable]
    running(parent) { step in
      step.state.coordinators[parent].locals[slot] = result
      step.execute(info.body, in: parent)
      if step.isAlive(parent) { step.state.coordinators[parent].locals[slot] = 0 }
    }
  }

  /// The result value `result` of `c`'s result type, as the flow names it.
  func resultName(_ result: Int, of c: CoordinatorID) -> String {
    let results = tables.flow.coordinators[state.coordinators[c].declaration].results
    guard result > 0 else { return "nil" }
    return result <= results.count ? results[result - 1] : "()"
  }

  /// `purge()`: cuts the stack at the lowest dead entry (live entries above it are dropped
  /// without callbacks), then does the UIKit work its way of dying asks for.
  mutating func purge() {
    guard let lowest = (0..<host.count).first(where: { host[$0].state != .live }) else {
      reportLibraryAssertion("Noone died?", at: "InsecurityHost.swift:742")
      runDeferredStart()
      return
    }
    let before = host.entries
    let dead = before[lowest]
    for entry in before[(lowest + 1)...] where entry.state == .live {
      if let c = entry.coordinator, lostCompletionMatters(entry, cut: lowest, stack: before) {
        report(
          .resultOnce,
          "the purge at \(name(ofCoordinator: dead.coordinator)) drops \(name(ofCoordinator: c))'s live entry without a callback: its completion in \(name(ofCoordinator: entry.parent)) will never run"
        )
      }
    }
    host.truncate(to: lowest)
    note(.library, "purge: the stack is cut at \(name(ofCoordinator: dead.coordinator)) (\(dead.state.word))")
    holdersMayHaveChanged()
    guard host.isAlive else { return }
    guard dead.state == .finished else {
      // Gone through KVO or deallocation: UIKit already removed it.
      runDeferredStart()
      return
    }
    if dead.isFrame {
      guard let prev = dead.prev else { return }
      dismiss(from: prev)
      return
    }
    // A pushed child that finished: pop to the controller below it.
    let frame = before[..<lowest].lastIndex { $0.isFrame } ?? 0
    guard let nav = before[frame].vc, let prev = dead.prev else { return }
    let above = before[(lowest + 1)...].first { $0.isFrame }
    if let above, above.state == .finished || above.state == .live {
      note(.library, "\(name(ofObject: nav)).popToViewController(\(name(ofObject: prev)), animated: false)")
      uikit { $0.popTo(prev, in: nav, animated: false, effects: &$1) }
      if let presenter = above.prev { dismiss(from: presenter) }
    } else {
      note(.library, "\(name(ofObject: nav)).popToViewController(\(name(ofObject: prev)), animated: true)")
      uikit { $0.popTo(prev, in: nav, animated: true, effects: &$1) }
      guard !stopped else { return }
      if keepsTransitionsInFlight {
        // UIKit's pop, in flight until its end event (`endTransitionsUIKitEnded`).
        if state.world.objects[nav].navigationTransitionFrom != nil { host.transition.insert(.pop) }
      } else {
        host.transition = .pop
        host.dismissalPresenter = nil
        schedule(libraryWork: Insecurity.popAnimationEnds, for: state.appCoordinator ?? 0)
      }
      if host.deferred != nil {
        // `executeScheduledStartRoutineWithDelay`: 0.25 s later.
        host.timerArmed = true
        schedule(libraryWork: Insecurity.startTimerFires, for: state.appCoordinator ?? 0)
      }
    }
  }

  /// Whether the completion of a live entry that a purge at `cut` drops was worth waiting
  /// for. The purge drops it without a callback (`InsecurityHost.swift:739`, `746`); had the
  /// child ended on its own there, its completion would have got nil, as a swipe-down or a
  /// pop gives (`InsecurityHost.swift:241`, `252`). So its block is run in the mind only,
  /// with its result nil and the state's values: it matters when the path its `if`s take
  /// does something. A block of a parent that ends in the same purge only matters through
  /// what reaches beyond that parent (a global, a start, a finish, async work): setting its
  /// own variables is lost with it, as the library's "dismiss several at once" intends.
  private mutating func lostCompletionMatters(_ entry: HostEntry, cut: Int, stack: [HostEntry]) -> Bool {
    guard let completion = entry.completion, let parent = entry.parent, isAlive(parent) else { return false }
    let parentIndex = stack.firstIndex { $0.coordinator == parent }
    let parentOutlives = parentIndex.map { $0 < cut } ?? true
    return wouldDoSomething(
      tables.flow.completionBlocks[completion].body, in: parent, ownVariablesCount: parentOutlives)
  }

  /// Whether running `statements` in `c` now would run a statement, its `if`s decided by the
  /// state's values (the completion's result variable is nil between completions). Without
  /// `ownVariablesCount`, setting one of `c`'s own variables does not count. A condition that
  /// reads a global variable marks the step as using variables (`usesVariables`): the
  /// report then depends on their values, and the step cache must not reuse the step.
  private mutating func wouldDoSomething(
    _ statements: [CheckedStatement], in c: CoordinatorID, ownVariablesCount: Bool
  ) -> Bool {
    for statement in statements {
      switch statement {
      case .ifElse(let condition, let then, let otherwise):
        let taken = evaluate(condition, in: c) != 0 ? then : otherwise
        if wouldDoSomething(taken, in: c, ownVariablesCount: ownVariablesCount) { return true }
      case .assign(let variable, _, _):
        if ownVariablesCount || tables.flow.variables[variable].owner == nil { return true }
      case .at: continue
      default: return true
      }
    }
    return false
  }

  /// `prev.dismiss(animated: true) { executeScheduledStartRoutine() }`: UIKit ignores it
  /// while the host's previous dismissal still animates; the deferred start runs when the
  /// animation ends. With `limits { inflight 1 }` the animation is UIKit's dismissal in
  /// flight, whose end event calls the completion (`endTransitionsUIKitEnded`); a call UIKit
  /// ignores because another transition animates never calls it.
  private mutating func dismiss(from presenter: ObjectID) {
    note(.library, "\(name(ofObject: presenter)).dismiss(animated: true)")
    guard !host.transition.contains(.dismissal) else {
      report(
        .uikitNoop,
        "\(name(ofObject: presenter)) is asked to dismiss while the host's previous dismissal is still animating: UIKit ignores it (\"Attempt to dismiss from view controller … while a presentation or dismiss is in progress\"), though the host's stack is already cut"
      )
      return
    }
    let before = state.world.modalTransitionInFlight()
    uikit { $0.dismiss(from: presenter, animated: true, effects: &$1) }
    guard !stopped else { return }
    guard keepsTransitionsInFlight else {
      host.transition = .dismissal
      host.dismissalPresenter = presenter
      schedule(libraryWork: Insecurity.dismissalAnimationEnds, for: state.appCoordinator ?? 0)
      return
    }
    if before != nil {
      note(.library, "UIKit ignored the dismissal: its completion, and the deferred start, never run")
    } else if let moving = state.world.modalTransitionInFlight(),
      state.world.objects[moving].modalTransition == .dismissing
    {
      host.transition.insert(.dismissal)
    } else {
      runDeferredStart()
    }
  }

  /// Whether the host's pops and dismissals are UIKit's transitions in flight (`limits {
  /// inflight 1 }`), ended by their end events, rather than the host's own work.
  var keepsTransitionsInFlight: Bool { tables.flow.limits.inflight > 0 }

  /// With `limits { inflight 1 }`, once a step has settled: the host's pop is over when no
  /// push or pop in the window animates any more (a pop UIKit deferred behind another
  /// transition of the stack animates after it), and its dismissal when no presentation or
  /// dismissal does; the end of the dismissal calls its completion, which runs the deferred
  /// start. True when code ran.
  mutating func endTransitionsUIKitEnded() -> Bool {
    guard host.transition != .none, keepsTransitionsInFlight else { return false }
    let world = state.world
    if host.transition.contains(.pop),
      !world.objects.indices.contains(where: {
        world.objects[$0].navigationTransitionFrom != nil && world.isInWindowHierarchy($0)
      })
    {
      host.transition.remove(.pop)
      note(.library, "the host's pop is over")
    }
    guard host.transition.contains(.dismissal), world.modalTransitionInFlight() == nil else { return false }
    host.transition.remove(.dismissal)
    note(.library, "the host's dismissal is over: its completion runs")
    runDeferredStart()
    return true
  }

  /// `executeScheduledStartRoutine()`: the deferred start, if any, runs now.
  mutating func runDeferredStart() {
    guard let start = host.deferred else { return }
    host.deferred = nil
    host.timerArmed = false
    note(.library, "the deferred start of \(name(ofCoordinator: start.child)) runs")
    dispatch(start)
    holdersMayHaveChanged()
  }

  // MARK: What UIKit tells the host

  /// KVO on a presented controller: it left its presenter (a swipe-down, or a dismissal
  /// from below): a live frame of it is finalized with nil.
  mutating func removedFromHierarchy(_ vc: ObjectID) {
    guard state.world.objects[vc].presenting == nil else { return }
    guard
      let index = (0..<host.count).first(where: {
        host[$0].isFrame && host[$0].kind != .rootNavigationFrame && host[$0].vc == vc
          && host[$0].state == .live
      }), let c = host[index].coordinator
    else {
      if let c = observedChildWithoutEntry(of: vc, presented: true), state.coordinators[c].onCurrentHost {
        // The KVO handler clears `_finishImplementation` before it looks for the child's
        // frame (`InsecurityHost.swift:232`, `610`), which a purge already dropped.
        note(
          .library,
          "KVO: \(name(ofObject: vc)) left its presenter: \(name(ofCoordinator: c))'s finish is cleared")
        state.coordinators[c].canFinish = false
      }
      return
    }
    note(.library, "KVO: \(name(ofObject: vc)).parentModalViewController became nil")
    state.coordinators[c].canFinish = false
    finalize(c, .kvo, result: 0)
  }

  /// A controller's `deinit`: its closures let go of their coordinator, the host's weak
  /// references become nil, and a live entry observing it is finalized with nil. Several
  /// pushed controllers freed together wait for `quiesce`, which lets UIKit's order vary.
  mutating func deallocated(_ vc: ObjectID) {
    if let owner = host.heldByScreens.firstIndex(where: { state.coordinators[$0].viewController == vc }) {
      host.heldByScreens.remove(at: owner)
      holdersMayHaveChanged()
    }
    let observer = (0..<host.count).first {
      host[$0].kind != .rootNavigationFrame && host[$0].vc == vc && host[$0].state == .live
    }
    host.forgetObject(vc)
    guard let observer, let c = host[observer].coordinator else {
      if let c = observedChildWithoutEntry(of: vc, presented: false) {
        // The deinit observer clears `_finishImplementation` whether or not the host is
        // still there or still has the child's entry (`InsecurityHost.swift:247`, `388`,
        // `625`).
        note(.library, "deinit of \(name(ofObject: vc)): \(name(ofCoordinator: c))'s finish is cleared")
        state.coordinators[c].canFinish = false
      }
      return
    }
    host.awaitingDeinit.append(c)
  }

  /// The live coordinator whose finish is still installed and whose controller `vc` the
  /// host observes though it has no live entry for it any more (a purge dropped it above a
  /// finished child, or the host was killed): the child's own controller (a presented one
  /// for KVO), or the navigation controller the host presented it in. The window child's
  /// finish is the window host's, which observes nothing.
  private func observedChildWithoutEntry(of vc: ObjectID, presented: Bool) -> CoordinatorID? {
    guard vc < state.owners.count, let c = state.owners[vc], c < state.coordinators.count,
      state.coordinators[c].isAlive, state.coordinators[c].canFinish,
      !state.coordinators[c].isWindowChild
    else { return nil }
    if state.world.objects[vc].kind == .navigationController { return c }
    guard state.coordinators[c].viewController == vc else { return nil }
    // A pushed controller is observed only for its deallocation.
    return !presented || kind(of: c) == .modalCoordinator
      || (kind(of: c) == .adaptiveCoordinator && state.world.objects[vc].container == nil) ? c : nil
  }

  /// Ends the host's transitions UIKit has ended; then runs the deinit observer of the one
  /// controller left waiting, if only one is.
  mutating func quiesce() -> Bool {
    if endTransitionsUIKitEnded() { return true }
    guard host.awaitingDeinit.count == 1 else { return false }
    deinitObserverRuns(for: host.awaitingDeinit[0])
    return true
  }

  /// The deinit observer of `c`'s controller runs: its entry is finalized with nil.
  mutating func deinitObserverRuns(for c: CoordinatorID) {
    if let index = host.awaitingDeinit.firstIndex(of: c) { host.awaitingDeinit.remove(at: index) }
    holdersMayHaveChanged()
    note(.library, "deinit of \(name(ofCoordinator: c))'s view controller: the host is told")
    state.coordinators[c].canFinish = false
    finalize(c, .deinitialized, result: 0)
  }

  /// The host's own work arrives: the pop or dismissal animation ends, or the timer fires.
  mutating func hostWorkArrives(_ work: Int) {
    switch work {
    case Insecurity.startTimerFires:
      guard host.timerArmed else { return }
      host.timerArmed = false
      runDeferredStart()
    case Insecurity.popAnimationEnds:
      if host.timerArmed {
        // The timer (0.25 s) was set as the pop began and fires before it ends: the pop
        // outlasts it (`Insecurity.animationEndWaits`).
        host.timerArmed = false
        state.pending.removeAll { $0.task == tables.flow.asyncTasks.count + Insecurity.startTimerFires }
        note(.library, "the host's 0.25 s start timer fires before its pop ends")
        runDeferredStart()
      }
      if host.transition == .pop { host.transition = .none }
    default:
      guard host.transition == .dismissal else { return }
      host.transition = .none
      host.dismissalPresenter = nil
      runDeferredStart()
    }
  }
}
