import FlowLanguage

/// The execution of one step under a coordinator runtime: an event, then every UIKit
/// callback and library call it causes, until nothing is left to run (quiescence).
///
/// UIKit callbacks are queued and delivered after the synchronous code that caused them
/// returns, as animation completions and delegate calls arrive on a later run-loop turn.
/// The step owns what every library shares (the UIKit operations, the log, the liveness of
/// coordinators, the flow's own statements); the runtime's hooks run the rest on it.
public struct FlowStep<Runtime: CoordinatorRuntime> {
  let tables: FlowTables
  var flow: CheckedFlow { tables.flow }
  var state: FlowState<Runtime>
  var violations: [StepViolation] = []
  /// A reference, so that logging never needs exclusive access to the step.
  let logBuffer: StepLogBuffer?
  /// Queued UIKit callbacks not yet delivered.
  var callbacks: [WorldCallback] = []
  /// Per object, whether this step told the runtime it was deallocated.
  var released: [Bool] = []
  /// Coordinators whose code is running: `self` is retained for the duration of a method.
  var executing: [CoordinatorID] = []
  /// Nesting of library and handler calls, for the log's indentation and to stop runaway recursion.
  var depth = 0
  /// Coverage slots of the handlers that ran (see `FlowTables.handlerLabels`).
  var handlersRun: [Int] = []
  /// Set when the app crashed (a hard UIKit rule) or recursed without end.
  var stopped = false
  /// Whether some coordinator may have lost its last holder since the last collection that
  /// ran with nothing executing: set when a coordinator is made, a child is removed or
  /// replaced, a pending completion is taken, a library event runs or a deallocation is
  /// delivered, and by `holdersMayHaveChanged()`. Holders are otherwise only added (or are
  /// running methods, all returned by then), so without any of these nothing can be freed and
  /// `collectCoordinators()` returns at once. True for a step from an arbitrary state.
  var coordinatorsMayBeFreed = true
  /// Callbacks delivered in this step, over all its rounds of settling.
  var callbacksDelivered = 0
  /// Whether the step read or wrote one of the flow's global variables. A step that did
  /// neither would do the same from any state that differs only in their values, which is
  /// what lets `StepCache` reuse it.
  var usesVariables = false
  /// Collect in full every time, ignoring `coordinatorsMayBeFreed` (a reference for tests).
  var collectsAlways = false

  /// Calls deeper than this are a stack overflow in the real app.
  static var maximumCallDepth: Int { 48 }
  /// Statements one step may run before it counts as a hang (recursion that branches).
  static var maximumStatementsPerStep: Int { 10_000 }
  /// Callbacks one step may deliver before it counts as a hang (callbacks whose handling
  /// causes more callbacks without end). Only the callbacks a runtime reacts to are counted:
  /// the others are never queued, and cannot cause more, so any endless cascade still
  /// reaches this limit, while a long but finite step (many controllers removed) does not.
  static var maximumCallbacksPerStep: Int { 10_000 }
  var statementsRun = 0
  /// Where the flow statement running now is written (a byte offset, from the block's
  /// `CheckedStatement.at(offset:)`), -1 when none is: a violation reported now is located
  /// there. A block puts back the value it found when it returns.
  var statementAt = -1
  /// Where the last flow statement this step ran is written, -1 before any: where a
  /// violation reported outside the flow's code (a UIKit callback the library handles) or
  /// found in the state the step leaves is located.
  var lastStatementAt = -1

  init(tables: FlowTables, state: FlowState<Runtime>, logging: Bool) {
    self.tables = tables
    self.state = state
    self.state.world.navigationsTouchedInStep = IDList()
    self.logBuffer = logging ? StepLogBuffer() : nil
  }

  var log: StepLog? { logBuffer?.log }

  // MARK: Logging

  func note(_ kind: StepLog.Kind, _ text: @autoclosure () -> String) {
    guard let logBuffer else { return }
    logBuffer.log.lines.append(StepLog.Line(kind: kind, depth: depth, text: text()))
  }

  /// Reports a step invariant (one registered with kind `.step`) broken by this step.
  mutating func report(_ invariant: InvariantID, _ detail: String) {
    violations.append(
      StepViolation(
        property: InvariantRegistry.stepIndex(invariant), detail: detail,
        at: statementAt >= 0 ? statementAt : lastStatementAt))
    note(.problem, "\(invariant): \(detail)")
  }

  // MARK: Names for logs and violation details

  func name(ofObject id: ObjectID?) -> String {
    guard let id, id < state.world.objects.count else { return "nil" }
    switch state.world.objects[id].kind {
    case .screen(let screen): return tables.flow.screens[screen].name
    case .navigationController:
      if let owner = state.owners[id], let c = state.liveCoordinator(owner) {
        return "UINavigationController(\(tables.flow.coordinators[c.declaration].name))"
      }
      return "UINavigationController"
    case .tabBarController: return "UITabBarController"
    }
  }

  func name(ofCoordinator id: CoordinatorID?) -> String {
    guard let id, let c = state.liveCoordinator(id) else { return "nil" }
    return tables.flow.coordinators[c.declaration].name
  }

  /// A coordinator as its deallocation names it: `Home (coordinator)` when a screen has its
  /// name too, so that the two deallocations never read as one line twice.
  func deallocatedName(ofCoordinator id: CoordinatorID) -> String {
    let name = name(ofCoordinator: id)
    return tables.flow.screens.contains { $0.name == name } ? "\(name) (coordinator)" : name
  }

  /// A view controller as its deallocation names it: `Home (screen)` when a coordinator has
  /// its name too (see `deallocatedName(ofCoordinator:)`).
  func deallocatedName(ofObject id: ObjectID) -> String {
    let name = name(ofObject: id)
    guard id < state.world.objects.count, case .screen = state.world.objects[id].kind,
      tables.flow.coordinators.contains(where: { $0.name == name })
    else { return name }
    return "\(name) (screen)"
  }

  // MARK: World operations

  /// Runs a UIKit operation and queues the callbacks it causes; a broken hard rule crashes the app.
  mutating func uikit(_ operation: (inout World, inout WorldEffects) -> Void) {
    guard !stopped else { return }
    // The world appends its callbacks straight to the queue (it never reads them), so a
    // UIKit call allocates no array of its own.
    let queued = callbacks.count
    var effects = WorldEffects()
    effects.observed = Runtime.observedCallbacks
    effects.keepsModalTransitionsInFlight = tables.flow.limits.inflight > 0
    effects.keepsNavigationTransitionsInFlight = tables.flow.limits.inflight > 0
    swap(&effects.callbacks, &callbacks)
    operation(&state.world, &effects)
    swap(&effects.callbacks, &callbacks)
    while state.owners.count < state.world.objects.count { state.owners.append(nil) }
    for broken in effects.brokenRules {
      if broken.rule.isCrash {
        report(.uikitCrash, describe(broken))
        stopped = true
        state.crashed = true
        callbacks.removeSubrange(queued...)
        return
      }
      note(.rule, "UIKit: \(broken.consoleMessage(naming: { name(ofObject: $0) }))")
      report(.uikitNoop, describe(broken))
    }
  }

  /// A broken rule in words: for a crash, the exception UIKit raises; for a no-op, what
  /// was attempted and why UIKit ignored it. Objects are named as in the report.
  func describe(_ broken: UIKitRuleBreak) -> String {
    let name = { (id: ObjectID) in self.name(ofObject: id) }
    return broken.rule.isCrash
      ? "UIKit throws: " + broken.consoleMessage(naming: name) : broken.detail(naming: name)
  }

  /// Creates an empty navigation controller, the root of coordinator `owner`.
  mutating func makeNavigationController(
    owner: CoordinatorID?, style: PresentationStyle = .pageSheet, modalInPresentation: Bool = false
  ) -> ObjectID {
    let id = state.world.makeNavigationController(style: style, modalInPresentation: modalInPresentation)
    while state.owners.count < state.world.objects.count { state.owners.append(nil) }
    state.owners[id] = owner
    return id
  }

  /// Creates a content view controller for the flow's screen `screen`, made by `owner`.
  mutating func makeScreen(_ screen: Int, owner: CoordinatorID?) -> ObjectID {
    let info = tables.flow.screens[screen]
    let id = state.world.makeScreen(
      screen, style: info.style, modalInPresentation: info.modalInPresentation)
    while state.owners.count < state.world.objects.count { state.owners.append(nil) }
    state.owners[id] = owner
    return id
  }

  // MARK: Running coordinator code

  /// Runs `body` with `c` retained, as Swift retains `self` for the duration of a method.
  mutating func running(_ c: CoordinatorID, _ body: (inout FlowStep) -> Void) {
    guard !stopped else { return }
    depth += 1
    executing.append(c)
    if depth > Self.maximumCallDepth {
      report(.uikitCrash, "stack overflow: calls between coordinators never end")
      stopped = true
      state.crashed = true
    } else {
      body(&self)
    }
    executing.removeLast()
    depth -= 1
    if executing.isEmpty { collectCoordinators() }
  }

  // MARK: Coordinator liveness

  /// Frees every coordinator nothing holds strongly any more: the scene delegate holds the
  /// window coordinator, each coordinator its children, a pending task its coordinator, a
  /// running method its `self`. Weak references to freed ones become nil: the runtime's
  /// own, a navigation controller's `delegate` and an object's `associatedCoordinator`.
  mutating func collectCoordinators() {
    guard coordinatorsMayBeFreed || collectsAlways else { return }
    var marked = CoordinatorMarks(count: state.coordinators.count)
    if let app = state.appCoordinator { mark(app, in: &marked) }
    for c in state.library.heldCoordinators { mark(c, in: &marked) }
    // `after weak` work does not keep its coordinator (`[weak self]`); the library's own does.
    let flowTasks = tables.flow.asyncTasks
    for entry in state.pending where entry.task >= flowTasks.count || flowTasks[entry.task].holdsCoordinator {
      mark(entry.coordinator, in: &marked)
    }
    for c in executing { mark(c, in: &marked) }
    // What only running methods hold is freed by a later collection, once they return.
    if executing.isEmpty { coordinatorsMayBeFreed = false }
    // Nearly always everything is held: then there is nothing to free.
    guard marked.marked < state.coordinators.count else { return }
    var freed = false
    for c in state.coordinators.indices where !marked[c] && state.coordinators[c].isAlive {
      note(.library, "\(deallocatedName(ofCoordinator: c)) is deallocated")
      state.coordinators[c].isAlive = false
      freed = true
    }
    guard freed else { return }
    // Weak async work whose coordinator is gone will do nothing when it arrives: it is dropped
    // now, so that it is not an event of its own.
    if state.pending.contains(where: { !state.coordinators[$0.coordinator].isAlive }) {
      for entry in state.pending where !state.coordinators[entry.coordinator].isAlive {
        note(
          .library,
          "async work '\(flowTasks[entry.task].name)' holds its coordinator weakly: it will do nothing")
      }
      state.pending.removeAll { !state.coordinators[$0.coordinator].isAlive }
    }
    // Not marked: freed now or before (marking skips the dead).
    var forgetter = FreedLinkForgetter(held: marked)
    for c in state.coordinators.indices where state.coordinators[c].isAlive {
      state.coordinators[c].fields(&forgetter)
    }
    state.library.fields(&forgetter)
    for o in state.world.objects.indices {
      if let d = state.world.objects[o].delegate, !state.coordinators[d].isAlive {
        state.world.objects[o].delegate = nil
      }
      if let p = state.world.objects[o].associatedCoordinator, !state.coordinators[p].isAlive {
        state.world.objects[o].associatedCoordinator = nil
      }
    }
  }

  /// Marks `c` and the coordinators it holds as children, recursively.
  private func mark(_ c: CoordinatorID, in marked: inout CoordinatorMarks) {
    guard c < state.coordinators.count, !marked[c], state.coordinators[c].isAlive else { return }
    marked.insert(c)
    for child in state.coordinators[c].children { mark(child, in: &marked) }
  }

  func isAlive(_ c: CoordinatorID?) -> Bool {
    guard let c, c < state.coordinators.count else { return false }
    return state.coordinators[c].isAlive
  }

  // MARK: Callbacks

  /// A runtime calls this when it let go of a coordinator in a way the step cannot see:
  /// removed from its children (other than through the step's own helpers) or from its
  /// app-wide `heldCoordinators`. The next collection then looks for what is freed.
  mutating func holdersMayHaveChanged() {
    coordinatorsMayBeFreed = true
  }

  /// Runs the step to quiescence: delivers the queued callbacks, frees the coordinators
  /// nothing holds, and tells the runtime of the view controllers that are gone with them,
  /// until nothing more happens; then lets the runtime run what waited for that
  /// (`CoordinatorRuntime.quiesce(_:)`), and settles again if it ran anything.
  mutating func settle() {
    repeat {
      repeat {
        deliverCallbacks()
        collectCoordinators()
      } while !stopped && releaseUnreachableObjects()
    } while !stopped && Runtime.quiesce(&self)
  }

  /// For a runtime that observes `.deallocated`: queues one for every view controller that
  /// nothing holds any more and that was not released before in this step, in the order of
  /// their ids; true when it queued any. A controller is held by the window's hierarchy, by
  /// a live coordinator (its root and the objects it holds), by the runtime's app-wide state,
  /// and by the containers and presenters of those, transitively.
  /// - Complexity: O(objects + coordinators).
  mutating func releaseUnreachableObjects() -> Bool {
    guard Runtime.observedCallbacks.contains(.deallocated) else { return false }
    let objects = state.world.objects
    var held = [Bool](repeating: false, count: objects.count)
    func hold(_ id: ObjectID) {
      guard id >= 0, id < objects.count, !held[id] else { return }
      held[id] = true
      for child in objects[id].children { hold(child) }
      if let presented = objects[id].presented { hold(presented) }
      if let from = objects[id].navigationTransitionFrom { hold(from) }
    }
    if let root = state.world.windowRoot { hold(root) }
    for coordinator in state.coordinators where coordinator.isAlive {
      hold(coordinator.root)
      for object in coordinator.heldObjects { hold(object) }
    }
    for object in state.library.heldObjects { hold(object) }
    for entry in state.world.deferredNavigations where entry.nav < objects.count && held[entry.nav] {
      for object in entry.stack { hold(object) }
    }
    while released.count < objects.count { released.append(false) }
    var queued = false
    for id in objects.indices where !held[id] && !released[id] {
      released[id] = true
      note(.library, "\(deallocatedName(ofObject: id)) is deallocated")
      callbacks.append(.deallocated(id))
      queued = true
    }
    return queued
  }

  /// Delivers queued UIKit callbacks until none is left.
  mutating func deliverCallbacks() {
    // Read in order through an index, the queue emptied at the end, so that no delivery
    // shifts the rest. Callbacks that delivery queues go to the end.
    // The count runs over every round of `settle()`, so that callbacks whose handling
    // releases controllers whose deallocation causes more callbacks still reach the limit.
    var delivered = 0
    while delivered < callbacks.count && !stopped {
      let callback = callbacks[delivered]
      deliver(callback)
      delivered += 1
      callbacksDelivered += 1
      if callbacksDelivered > Self.maximumCallbacksPerStep {
        report(.uikitCrash, "callbacks never settle: the app hangs")
        stopped = true
      }
    }
    callbacks.removeAllKeepingStorage()
  }

  mutating func deliver(_ callback: WorldCallback) {
    // `uikit(_:)` queues only the kinds the runtime observes.
    assert(
      Runtime.observedCallbacks.contains(callback.kind), "a callback the runtime does not observe was queued")
    Runtime.deliver(callback, &self)
    // A runtime may let go of coordinators when a controller it watched is gone.
    if case .deallocated = callback { coordinatorsMayBeFreed = true }
  }
}

/// The coordinators found held while collecting: a bit mask, spilling into an array only
/// for flows with more than 64 coordinators alive at once (no allocation otherwise).
struct CoordinatorMarks {
  private var low: UInt64 = 0
  private var high: [Bool]
  /// How many are marked.
  private(set) var marked = 0

  init(count: Int) {
    high = count > 64 ? [Bool](repeating: false, count: count - 64) : []
  }

  subscript(_ c: CoordinatorID) -> Bool {
    c < 64 ? low & (1 << UInt64(c)) != 0 : high[c - 64]
  }

  mutating func insert(_ c: CoordinatorID) {
    guard !self[c] else { return }
    if c < 64 { low |= 1 << UInt64(c) } else { high[c - 64] = true }
    marked += 1
  }
}
