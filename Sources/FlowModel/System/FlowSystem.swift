import FlowExplorer
import FlowLanguage

/// What a property of the flow system reports under.
public struct PropertyDescriptor: Sendable, Equatable {
  /// The invariant id (`shadow-sync`, `always`, …).
  public var id: String
  /// For the flow's own properties: the expression as written.
  public var text: String?
  /// For the flow's own properties: where it is declared.
  public var declaredAt: Int?
}

/// The result of one step, with what it did when logging was on.
public struct StepOutcome<Runtime: CoordinatorRuntime>: Sendable {
  /// The canonical successor; nil when a declared bound cuts the step.
  public var packed: PackedState<Runtime>?
  /// The canonical successor, unpacked.
  public var state: FlowState<Runtime>
  public var violations: [StepViolation]
  public var log: StepLog
  /// The coverage slots of the handlers the step ran, in order (`FlowSystem.handlerLabels`);
  /// filled only when logging, for the reports that locate a violation at its handler.
  public var handlersRun: [Int] = []
  /// Where the last flow statement the step ran is written (a byte offset), -1 when it ran
  /// none; filled only when logging, for the reports that locate a violation at it.
  public var lastStatementAt = -1
}

/// A checked flow under a coordinator runtime, as a deterministic transition system:
/// a state is the app at a quiescent moment, an action is one user or system event.
public struct FlowSystem<Runtime: CoordinatorRuntime>: TransitionSystem {
  public typealias State = PackedState<Runtime>
  public typealias Action = FlowAction
  public typealias Frontier = PackedFrontier<Runtime>
  public typealias ExpansionScratch = StepWorkspace<Runtime>

  /// The flow, held by `tables`: the explorer copies the system into its workers and
  /// closures, and a stored `CheckedFlow` made each copy retain every one of its arrays.
  public var flow: CheckedFlow { tables.flow }
  let tables: FlowTables
  public let properties: [Property<PackedState<Runtime>>]
  public let descriptors: [PropertyDescriptor]
  /// The state invariants checked on every state: `Runtime.stateInvariants`.
  public let stateInvariants: [StateInvariantCheck<Runtime>]
  let recorder: CoverageRecorder
  /// Steps reused across states that differ only in the flow's variables; nil for a flow
  /// without global variables, where no two states share a structure.
  let stepCache: StepCache?

  /// Whether a state that breaks an invariant or a property of the flow, or one reached by a
  /// step that broke one, is expanded. When false (the checker's default) it is kept for its
  /// shortest trace and not explored further (`isTerminal`, `followsViolation`).
  public let exploresPastViolations: Bool
  /// The bits of `PackedState.failing` and `holds` a state breaks an invariant by: every
  /// state invariant (not the stuck bit: a stuck state has no successor anyway), and the
  /// flow's `always` (a bit that must be set) and `never` (one that must be clear).
  let invariantBits: UInt64
  let alwaysBits: UInt64
  let neverBits: UInt64

  /// The system of `flow`; it explores past violations unless told not to.
  public init(flow: CheckedFlow, exploresPastViolations: Bool = true) {
    self.init(flow: flow, reusesSteps: true, exploresPastViolations: exploresPastViolations)
  }

  /// The system of `flow`; with `reusesSteps` false it runs every step (no `StepCache`), for
  /// the tests that compare the two.
  init(flow: CheckedFlow, reusesSteps: Bool, exploresPastViolations: Bool = true) {
    self.exploresPastViolations = exploresPastViolations
    self.invariantBits =
      Runtime.stateInvariants.isEmpty ? 0 : (1 << UInt64(Runtime.stateInvariants.count)) - 1
    var alwaysBits: UInt64 = 0
    var neverBits: UInt64 = 0
    for (index, property) in flow.properties.enumerated() {
      switch property.kind {
      case .always: alwaysBits |= 1 << UInt64(index + 1)
      case .never: neverBits |= 1 << UInt64(index + 1)
      case .reachable: break
      }
    }
    self.alwaysBits = alwaysBits
    self.neverBits = neverBits
    self.tables = FlowTables(flow: flow)
    self.recorder = CoverageRecorder(
      screens: flow.screens.count, handlers: tables.handlerLabels.count, flow: flow)
    self.stepCache =
      reusesSteps && !tables.initialGlobals.isEmpty ? StepCache(byteBudget: StepCache.standardBudget) : nil
    var properties: [Property<PackedState<Runtime>>] = []
    var descriptors: [PropertyDescriptor] = []
    for step in InvariantRegistry.stepInvariants {
      properties.append(Property(name: step.rawValue, kind: .step))
      descriptors.append(PropertyDescriptor(id: step.rawValue))
    }
    self.stateInvariants = Runtime.stateInvariants
    // 32 at most: a frontier state keeps the invariant bits of the state before it in four
    // bytes (`StateArrival`).
    precondition(stateInvariants.count <= 32, "more than 32 state invariants")
    for (index, invariant) in stateInvariants.enumerated() {
      let bit: UInt64 = 1 << UInt64(index)
      properties.append(Property(name: invariant.id.rawValue, kind: .always({ $0.failing & bit == 0 })))
      descriptors.append(PropertyDescriptor(id: invariant.id.rawValue))
    }
    // DESIGN §2: "from every state some *user* action is possible". App events and async
    // completions do not count (a completion still to come does: the app is not stuck yet).
    let noDeadEnd = InvariantID.noDeadEnd.rawValue
    properties.append(Property(name: noDeadEnd, kind: .always({ $0.failing & FlowSystem.stuckBit == 0 })))
    descriptors.append(PropertyDescriptor(id: noDeadEnd))
    if flow.home != nil {
      let canReturn = InvariantID.canReturn.rawValue
      properties.append(Property(name: canReturn, kind: .canReach({ $0.holds & 1 != 0 })))
      descriptors.append(PropertyDescriptor(id: canReturn))
    }
    for (index, property) in flow.properties.enumerated() {
      let bit: UInt64 = 1 << UInt64(index + 1)
      let kind: Property<PackedState<Runtime>>.Kind
      switch property.kind {
      case .always: kind = .always({ $0.holds & bit != 0 })
      case .never: kind = .always({ $0.holds & bit == 0 })
      case .reachable: kind = .sometimes({ $0.holds & bit != 0 })
      }
      properties.append(Property(name: property.kind.rawValue, kind: kind))
      descriptors.append(
        PropertyDescriptor(id: property.kind.rawValue, text: property.text, declaredAt: property.declaredAt))
    }
    self.properties = properties
    self.descriptors = descriptors
  }

  /// A worker's workspace, with its own copy of the flow and its tables: the explorer makes
  /// one per thread, and steps that read a shared flow retained and released the same
  /// arrays and statement boxes from every thread (see `CheckedFlow.privateCopy()`).
  public func makeExpansionScratch() -> StepWorkspace<Runtime> {
    StepWorkspace(tables: FlowTables(flow: tables.flow.privateCopy()))
  }

  /// What each coverage slot of `coverage.handlersRun` is (`Catalog: on Product.related`).
  public var handlerLabels: [String] { tables.handlerLabels }

  /// Per coverage slot: where the handler is written in the flow (a byte offset).
  public var handlerDeclaredAt: [Int] { tables.handlerDeclaredAt }

  /// Coverage gathered by every step run so far, by any thread.
  public var coverage: Coverage { recorder.snapshot }

  // MARK: TransitionSystem

  public func initialStates() -> [PackedState<Runtime>] {
    let launch = launch(logging: false)
    var initial = launch.packed ?? PackedState(words: FlowState<Runtime>.crashedApp().packed())
    initial.arrival.lastStatementAt = Int32(launch.lastStatementAt)
    return [initial]
  }

  /// The app launches (`CoordinatorRuntime.launch(_:)`).
  public func launch(logging: Bool) -> StepOutcome<Runtime> {
    var step = FlowStep(
      tables: tables, state: FlowState<Runtime>(globals: tables.initialGlobals), logging: logging)
    step.note(.event, "launch")
    Runtime.launch(&step)
    var outcome = finish(&step)
    outcome.lastStatementAt = step.lastStatementAt
    return outcome
  }

  public func actions(in packed: PackedState<Runtime>, into actions: inout [FlowAction]) {
    let state = FlowState<Runtime>(packed: packed.words)
    enabledActions(in: state, into: &actions)
  }

  /// Events enabled in a state, in a fixed order: the visible screen's events, the
  /// world's gestures, app events whose guard holds, pending completions.
  public func enabledActions(in state: FlowState<Runtime>, into actions: inout [FlowAction]) {
    enabledActions(in: state, tables: tables, into: &actions)
  }

  /// `enabledActions(in:into:)`, reading the flow through `tables` (a worker's own copy).
  func enabledActions(in state: FlowState<Runtime>, tables: FlowTables, into actions: inout [FlowAction]) {
    guard !state.crashed, !state.beyondBounds else { return }
    guard Runtime.userCanAct(in: state) else {
      // The ends of UIKit's animations come whatever the user can do.
      state.world.forEachAnimationEnd { end in
        if !Runtime.animationEndWaits(end, in: state, flow: tables.flow) { actions.append(.gesture(end)) }
      }
      for index in state.pending.indices where index == 0 || state.pending[index] != state.pending[index - 1]
      {
        actions.append(.completion(index: index))
      }
      Runtime.libraryEvents(in: state, into: &actions)
      return
    }
    if let screen = state.topScreen() {
      for event in tables.flow.screens[screen].events.indices { actions.append(.tap(event: event)) }
    }
    state.world.forEachGesture { gesture in
      if !Runtime.animationEndWaits(gesture, in: state, flow: tables.flow) {
        actions.append(.gesture(gesture))
      }
    }
    for (index, event) in tables.flow.appEvents.enumerated() {
      guard let receiver = Self.receiver(of: event, in: state) else { continue }
      if let condition = event.condition, state.evaluate(condition, tables: tables, context: receiver) == 0 {
        continue
      }
      actions.append(.appEvent(index))
    }
    for index in state.pending.indices where index == 0 || state.pending[index] != state.pending[index - 1] {
      actions.append(.completion(index: index))
    }
    Runtime.libraryEvents(in: state, into: &actions)
  }

  public func successor(of packed: PackedState<Runtime>, via action: FlowAction, violations: inout [Int])
    -> PackedState<Runtime>?
  {
    // One step: the shared flow will do (a private copy pays off only over many steps).
    var workspace = StepWorkspace<Runtime>(tables: tables)
    let state = FlowState<Runtime>(packed: packed.words)
    guard explore(state, packed, action, workspace: &workspace, violations: &violations) else { return nil }
    let words = PackedEncoding.decode(workspace.bytes.buffer)
    return PackedState(words: words, isAnalysed: false)
  }

  /// A step as the explorer sees it from `state`, which `packed` encodes: false when it is
  /// cut, else the packed successor in `workspace.bytes` (`workspace.successorIsSource` when
  /// that is `state` itself); the step properties broken appended to `violations`.
  ///
  /// Leaves the property bits and screen coverage to `prepared(_:)`, which the explorer calls
  /// once per new state: most successors turn out to be known states.
  private func explore(
    _ state: FlowState<Runtime>, _ packed: PackedState<Runtime>, _ action: FlowAction,
    workspace: inout StepWorkspace<Runtime>,
    violations: inout [Int]
  ) -> Bool {
    workspace.successorIsSource = false
    workspace.step.restart(from: state)
    perform(action, on: &workspace.step)
    workspace.step.settle()
    if workspace.step.state.hasOverflowedList { return false }  // see `finish`
    if !exploresPastViolations && !workspace.step.violations.isEmpty {
      workspace.step.state.afterViolation = true
    }
    if workspace.step.state.crashed {
      for violation in workspace.step.violations { violations.append(violation.code) }
      workspace.bytes.replace(with: Self.crashedAppBytes)
      return true
    }
    if !workspace.step.handlersRun.isEmpty { recorder.record(handlersRun: workspace.step.handlersRun) }
    if workspace.step.state.hasStructure(of: state) {
      // Only variables changed, if anything: the source's canonical form, bounds and marks
      // still hold, so the state is packed as it is, with no numbering (a cancelled swipe, a
      // counter's message, …).
      for violation in workspace.step.violations { violations.append(violation.code) }
      if workspace.step.state.globals == state.globals && !workspace.step.state.afterViolation {
        // Nothing changed at all (a refused swipe-down, a cancelled swipe under a runtime
        // that observes `willShow`, …): the successor is the source, whose bytes are its
        // words' encoding.
        encodeSource(packed, in: &workspace)
        workspace.bytes.replace(with: workspace.sourceBytes.buffer)
        workspace.successorIsSource = true
        return true
      }
      workspace.step.state.pack(as: nil, markedOnScreen: nil, beyondBounds: false, into: workspace.bytes)
      return true
    }
    return canonicalSuccessor(
      workspace.step.state, stepViolations: workspace.step.violations, violations: &violations,
      scratch: workspace.numbering, into: workspace.bytes)
  }

  /// Puts the encoding of `packed`, the state being expanded, and its fingerprint into
  /// `workspace.sourceBytes`, once per state: most states have no step that leaves them as
  /// they are.
  private func encodeSource(_ packed: PackedState<Runtime>, in workspace: inout StepWorkspace<Runtime>) {
    guard !workspace.sourceIsEncoded else { return }
    workspace.sourceBytes.replace(encoding: packed.words)
    // A state read from the frontier carries the fingerprint of these very bytes.
    workspace.sourceFingerprint =
      packed.fingerprint ?? Self.fingerprint(ofEncoded: workspace.sourceBytes.buffer)
    assert(
      workspace.sourceFingerprint == Self.fingerprint(ofEncoded: workspace.sourceBytes.buffer),
      "a state's fingerprint is not that of its words")
    workspace.sourceIsEncoded = true
  }

  /// Whether a cancelled swipe-back leaves every state as it is, so that `expand` need not
  /// run it: UIKit only calls `willShow` for it (`World.perform(_:effects:)`), and a runtime
  /// that does not observe `willShow` has nothing delivered. This also takes the runtime's
  /// `quiesce(_:)` to do nothing on a state the explorer expands (true of all four: their
  /// hooks act on work a step of their own left) and no instance to be freed (the
  /// explorer's states are canonical: every instance in them is held).
  /// `cancelledSwipeBackLeavesTheStateAsItIs` in the tests runs the step to check it.
  static var cancelledSwipeBackIsNoStep: Bool {
    !Runtime.observedCallbacks.contains(.navigationWillShow)
  }

  /// The encoded words of the single state every crash leads to.
  private static var crashedAppBytes: [UInt8] {
    PackedEncoding.encode(FlowState<Runtime>.crashedApp().packed())
  }

  /// What `finish` does, written straight from the numbering: no canonical copy is built.
  /// `state` is borrowed from the step (a copy of it retained all of its arrays).
  private func canonicalSuccessor(
    _ state: FlowState<Runtime>, stepViolations: [StepViolation], violations: inout [Int],
    scratch: NumberingScratch, into bytes: PackedBytes
  ) -> Bool {
    let form = state.canonicalNumbering(in: scratch.memory(count: state.numberingScratchSize))
    var onScreen = CoordinatorMarks(count: state.coordinators.count)
    for position in 0..<form.attachedCount {
      let object = form.objects.order[position]
      // Only news matter: a coordinator already marked is written as marked anyway.
      if let owner = state.owners[object], !state.coordinators[owner].wasOnScreen,
        state.world.objects[object].isScreen
      {
        onScreen.insert(owner)
      }
    }
    let beyondBounds = exceedsBounds(state, keeping: form)
    if beyondBounds && stepViolations.isEmpty { return false }
    for violation in stepViolations { violations.append(violation.code) }
    state.pack(as: form, markedOnScreen: onScreen, beyondBounds: beyondBounds, into: bytes)
    return true
  }

  /// Unpacks the state once for all of its actions.
  /// Successors are packed into one buffer, hashed there and written into the frontier's
  /// storage: no array per successor. With a `stepCache`, the steps of actions other than
  /// app events are taken from it when another state of the same structure kept them, and
  /// kept when this is the first. A successor taken from it is fingerprinted from its kept
  /// structure's key and this state's variables (`StateFingerprint`), and put together
  /// from its parts in the frontier's storage.
  public func expand(
    _ packed: PackedState<Runtime>, actions: inout [FlowAction], violations: inout [Int],
    successors: inout PackedFrontier<Runtime>, scratch workspace: inout StepWorkspace<Runtime>,
    _ body: (_ position: Int, _ fingerprint: UInt64?, _ violations: [Int]) -> Void
  ) {
    // Unpacked by `prepared(_:scratch:)` into the workspace, as the explorer does first.
    let state =
      packed.unpacked
      ?? (workspace.preparedWords == packed.words
        ? workspace.source : FlowState<Runtime>(packed: packed.words))
    enabledActions(in: state, tables: workspace.step.tables, into: &actions)
    // Looked up already when `prepared(_:scratch:)` prepared this very state.
    let lookedUp = workspace.lookedUp && workspace.preparedWords == packed.words
    workspace.lookedUp = false
    if !lookedUp { workspace.sourceIsEncoded = false }
    /// Whether the steps come from the cache, or are kept in it, for this state.
    var reusing = false
    var keeping = false
    if let stepCache, stepCache.isOn {
      if !lookedUp { lookUpSteps(of: packed, in: stepCache, workspace: &workspace) }
      let structural = actions.count { !$0.isAppEvent }
      reusing = workspace.cachedFailing != nil && workspace.cachedSteps.count == structural
      keeping = !reusing
      workspace.keptSteps.removeAll(keepingCapacity: true)
      workspace.keptStructures.removeAllKeepingStorage()
      workspace.keptBytes.count = 0
    }
    let sourceVariables = workspace.sourceVariables
    /// Among the actions that are not app events, the position of the current one.
    var structuralPosition = -1
    /// The back button's step, when the last action was one: its fingerprint (nil when cut)
    /// and how its successor was reached.
    var backButton: (nav: ObjectID, fingerprint: UInt64?, arrival: StateArrival)? = nil
    /// How a successor is reached by a step that ran its last statement at `offset` (-1 for
    /// none): see `site(ofBroken:in:)`.
    func arrival(lastStatementAt offset: Int) -> StateArrival {
      StateArrival(
        lastStatementAt: offset >= 0 ? Int32(offset) : packed.arrival.lastStatementAt,
        previousFailing: packed.failing & invariantBits)
    }
    var successorArrival = StateArrival()
    // With pushes and pops in flight the back button's pop animates while a completed swipe
    // has ended its transition: two different steps.
    let swipeIsBackButton = !Runtime.readsInteractiveTransitions && tables.flow.limits.inflight == 0
    for (position, action) in actions.enumerated() {
      let isStructural = !action.isAppEvent
      if isStructural { structuralPosition += 1 }
      if swipeIsBackButton, case .gesture(.swipeBack(let nav, completes: true)) = action,
        let back = backButton, back.nav == nav
      {
        // A completed swipe-back is the back button's pop with an interactive transition,
        // and the runtime does not read `isInteractive`: the same step, whose successor was
        // the last appended and whose violations are still in `violations` (checked by
        // `completedSwipeBackIsTheBackButtonsStep` in the tests).
        if back.fingerprint != nil { successors.appendLastAgain(arrival: back.arrival) }
        body(position, back.fingerprint, violations)
        backButton = nil
        if keeping && isStructural { workspace.keepNotReusable() }
        continue
      }
      violations.removeAllKeepingStorage()
      if Self.cancelledSwipeBackIsNoStep, case .gesture(.swipeBack(_, completes: false)) = action {
        // The successor is the source, with no violation: no copy, step or packing.
        encodeSource(packed, in: &workspace)
        successors.append(encoded: workspace.sourceBytes.buffer, arrival: arrival(lastStatementAt: -1))
        body(position, workspace.sourceFingerprint, violations)
        backButton = nil
        if keeping && isStructural { workspace.keepNotReusable() }
        continue
      }
      let fingerprint: UInt64?
      if reusing, isStructural, let reused = workspace.reuse(structuralPosition, variables: sourceVariables) {
        // Another state of this structure took this step, reading and writing no variable
        // and breaking nothing: its successor is the one kept, with this state's variables,
        // fingerprinted from its structure's hash (a cut when there is none).
        assert(
          runningAgrees(state, packed, action, reused, workspace: &workspace),
          "a reused step differs from running it")
        successorArrival = arrival(lastStatementAt: workspace.reusedLastStatementAt)
        switch reused {
        case .cut: fingerprint = nil
        case .successor(let successor):
          fingerprint = StateFingerprint.of(
            structure: workspace.cachedStructures[structuralPosition],
            variableWords: workspace.sourceVariableWords)
          assert(
            fingerprint == successor.bytes.withUnsafeBufferPointer(StateFingerprint.of(encoded:)),
            "a reused successor's fingerprint differs from its bytes'")
          successors.append(
            encoded: successor.before, successor.variables, successor.after, arrival: successorArrival)
        }
      } else {
        let stored = explore(state, packed, action, workspace: &workspace, violations: &violations)
        // A successor kept for the cache has its structure hashed for its key, and the
        // source's variables: its fingerprint is made from those.
        let keptStructure =
          keeping && isStructural
          ? workspace.keepStep(stored: stored, brokeNothing: violations.isEmpty, variables: sourceVariables)
          : nil
        if !stored {
          fingerprint = nil
        } else if workspace.successorIsSource {
          fingerprint = workspace.sourceFingerprint
        } else if let keptStructure {
          fingerprint = StateFingerprint.of(
            structure: keptStructure, variableWords: workspace.sourceVariableWords)
          assert(
            fingerprint == Self.fingerprint(ofEncoded: workspace.bytes.buffer),
            "a kept successor's fingerprint differs from its bytes'")
        } else {
          fingerprint = Self.fingerprint(ofEncoded: workspace.bytes.buffer)
        }
        successorArrival = arrival(lastStatementAt: workspace.step.lastStatementAt)
        if stored { successors.append(encoded: workspace.bytes.buffer, arrival: successorArrival) }
      }
      body(position, fingerprint, violations)
      if case .gesture(.backButton(let nav)) = action {
        backButton = (nav, fingerprint, successorArrival)
      } else {
        backButton = nil
      }
    }
    // Only an analysed state's invariant bits are known (`prepared(_:scratch:)`); every
    // caller prepares a state before expanding it.
    if keeping, packed.isAnalysed, let stepCache {
      stepCache.keep(
        workspace.keptSteps, successors: workspace.keptStructures, bytes: workspace.keptBytes,
        failing: UInt32(truncatingIfNeeded: packed.failing & invariantBits), for: workspace.lookupKey)
    }
  }

  /// Looks the structure of `packed`, the state being prepared or expanded, up in
  /// `stepCache`: its steps into `workspace.cachedSteps`, `cachedStructures` and
  /// `cachedBytes`, the invariants it breaks into `cachedFailing` (nil when the cache has
  /// nothing for it). Also fills `sourceVariables` and `sourceVariableWords`, which the
  /// fingerprints of the successors that keep its variables are made from.
  private func lookUpSteps(
    of packed: PackedState<Runtime>, in stepCache: StepCache, workspace: inout StepWorkspace<Runtime>
  ) {
    encodeSource(packed, in: &workspace)
    workspace.sourceVariables = PackedEncoding.variables(in: workspace.sourceBytes.buffer)
    let variables = UnsafeRawBufferPointer(workspace.sourceBytes.buffer)[workspace.sourceVariables]
    StateFingerprint.words(
      ofVariables: UnsafeRawBufferPointer(rebasing: variables), into: &workspace.sourceVariableWords)
    workspace.lookupKey = StepCache.Key(
      structureOf: workspace.sourceBytes.buffer, variables: workspace.sourceVariables)
    workspace.cachedFailing = stepCache.steps(
      for: workspace.lookupKey, into: &workspace.cachedSteps, structures: &workspace.cachedStructures,
      bytes: workspace.cachedBytes)
  }

  /// Debug builds check every reused step against running it: the step must break nothing
  /// and give `reused`.
  private func runningAgrees(
    _ state: FlowState<Runtime>, _ packed: PackedState<Runtime>, _ action: FlowAction, _ reused: ReusedStep,
    workspace: inout StepWorkspace<Runtime>
  ) -> Bool {
    var violations: [Int] = []
    let stored = explore(state, packed, action, workspace: &workspace, violations: &violations)
    guard violations.isEmpty else { return false }
    switch reused {
    case .cut: return !stored
    case .successor(let successor): return stored && Array(workspace.bytes.buffer) == successor.bytes
    }
  }

  /// Runs one step. `packed` is nil when the step is cut by a declared bound.
  public func run(_ state: FlowState<Runtime>, _ action: FlowAction, logging: Bool) -> StepOutcome<Runtime> {
    var step = FlowStep(tables: tables, state: state, logging: logging)
    perform(action, on: &step)
    var outcome = finish(&step)
    if logging {
      outcome.handlersRun = step.handlersRun
      outcome.lastStatementAt = step.lastStatementAt
    }
    return outcome
  }

  /// The event itself, up to the callbacks it leaves to deliver.
  func perform(_ action: FlowAction, on step: inout FlowStep<Runtime>) {
    step.note(.event, action.describe(in: step.state, flow: flow))
    switch action {
    case .tap(let event):
      if let top = step.state.world.visibleTop() { Runtime.tap(event: event, on: top, &step) }
    case .gesture(let gesture):
      step.uikit { $0.perform(gesture, effects: &$1) }
    case .appEvent(let index):
      if let receiver = Self.receiver(of: step.tables.flow.appEvents[index], in: step.state),
        step.isAlive(receiver)
      {
        step.running(receiver) { $0.execute($0.tables.flow.appEvents[index].body, in: receiver) }
      }
    case .completion(let index):
      let pending = step.state.pending.remove(at: index)
      step.coordinatorsMayBeFreed = true
      step.executing.append(pending.coordinator)
      let flowTasks = step.tables.flow.asyncTasks.count
      if step.isAlive(pending.coordinator) {
        step.running(pending.coordinator) {
          if pending.task < flowTasks {
            $0.execute($0.tables.flow.asyncTasks[pending.task].body, in: pending.coordinator)
          } else {
            Runtime.complete(libraryWork: pending.task - flowTasks, for: pending.coordinator, &$0)
          }
        }
      }
      step.executing.removeLast()
      step.collectCoordinators()
    case .library(let event):
      step.coordinatorsMayBeFreed = true
      Runtime.perform(libraryEvent: event, &step)
    }
  }

  /// Delivers callbacks to quiescence, frees what nothing holds, applies the bounds and
  /// makes the state canonical.
  func finish(_ step: inout FlowStep<Runtime>) -> StepOutcome<Runtime> {
    step.settle()
    let log = step.log ?? StepLog()
    // A list that overflowed dropped an id, so the rest of the step ran on a wrong model: the
    // step is cut like one beyond a bound, and what it reported is not trusted.
    if step.state.hasOverflowedList {
      return StepOutcome(packed: nil, state: step.state, violations: [], log: log)
    }
    if step.state.crashed {
      let crashed = FlowState<Runtime>.crashedApp()
      return StepOutcome(packed: pack(crashed), state: crashed, violations: step.violations, log: log)
    }
    var attachedCount = 0
    var state = step.state.canonical(attachedCount: &attachedCount)
    markOnScreen(&state, attachedCount: attachedCount)
    let attached = state.world.attachedObjects()
    recorder.record(state: state, attached: attached, handlersRun: step.handlersRun)
    // A step beyond a declared bound is cut; if it broke a property on the way, its state
    // is kept as a terminal one so that the violation keeps its trace.
    if exceedsBounds(state) {
      guard !step.violations.isEmpty else {
        return StepOutcome(packed: nil, state: state, violations: [], log: log)
      }
      state.beyondBounds = true
    }
    let packed = pack(state, words: state.packed(), attached: attached)
    return StepOutcome(packed: packed, state: state, violations: step.violations, log: log)
  }

  /// Fills in the property bits of a state the explorer is about to check, and records
  /// which screens it shows for coverage.
  public func prepared(_ packed: PackedState<Runtime>) -> PackedState<Runtime> {
    guard !packed.isAnalysed else { return packed }
    let state = FlowState<Runtime>(packed: packed.words)
    // The window's hierarchy once, for coverage and for the invariants.
    var prepared = analysed(packed, unpacked: state, attached: state.world.attachedObjects())
    prepared.unpacked = state
    return prepared
  }

  /// `prepared(_:)` unpacking into `workspace.source`, whose arrays are reused from state to
  /// state. The state handed out does not carry the unpacked one: `expand` finds it in the
  /// workspace (`StepWorkspace.preparedWords`), so no `FlowState` is copied per state.
  public func prepared(_ packed: PackedState<Runtime>, scratch workspace: inout StepWorkspace<Runtime>)
    -> PackedState<Runtime>
  {
    guard !packed.isAnalysed else { return packed }
    workspace.source.replace(withPacked: packed.words)
    workspace.preparedWords = packed.words
    workspace.sourceIsEncoded = false
    workspace.lookedUp = false
    workspace.source.world.markAttached(into: &workspace.attached)
    // A state to be expanded (not terminal by its flags word, all that is known of a state
    // not yet analysed) is looked up in the step cache now, which knows the invariants every
    // state of its structure breaks; `expand` then takes its steps from the same lookup.
    var knownFailing: UInt64? = nil
    if let stepCache, stepCache.isOn, !isTerminal(packed) {
      lookUpSteps(of: packed, in: stepCache, workspace: &workspace)
      workspace.lookedUp = true
      knownFailing = workspace.cachedFailing.map { UInt64($0) }
    }
    return analysed(
      packed, unpacked: workspace.source, attached: workspace.attached, tables: workspace.step.tables,
      knownFailing: knownFailing)
  }

  /// `packed` with its property bits (it does not keep `state`, which it encodes); records
  /// the screens shown for coverage. `attached` is `state.world.attachedObjects()`; `tables` a worker's
  /// own copy, when it has one (see `pack(_:words:attached:tables:)`).
  private func analysed(
    _ packed: PackedState<Runtime>, unpacked state: FlowState<Runtime>, attached: [Bool],
    tables: FlowTables? = nil, knownFailing: UInt64? = nil
  ) -> PackedState<Runtime> {
    recorder.record(state: state, attached: attached, handlersRun: [])
    recorder.record(globals: state.globals)
    var analysed = pack(
      state, words: packed.words, attached: attached, tables: tables, knownFailing: knownFailing)
    analysed.fingerprint = packed.fingerprint
    analysed.arrival = packed.arrival
    return analysed
  }

  /// Records which coordinators have a screen in the hierarchy now. `state` is canonical,
  /// so the objects in the hierarchy are its first `attachedCount` ones.
  private func markOnScreen(_ state: inout FlowState<Runtime>, attachedCount: Int) {
    for object in 0..<attachedCount {
      guard let owner = state.owners[object], case .screen = state.world.objects[object].kind,
        !state.coordinators[owner].wasOnScreen
      else { continue }
      state.coordinators[owner].wasOnScreen = true
    }
  }

  /// Most UIKit objects alive at once: a full stack and a root per coordinator, plus the
  /// modal chain.
  public var maximumObjects: Int {
    tables.flow.limits.coordinators * (tables.flow.limits.stack + 1) + tables.flow.limits.presented + 1
  }

  func exceedsBounds(_ state: FlowState<Runtime>) -> Bool {
    exceedsBounds(state, keeping: nil)
  }

  /// Whether the canonical form `numbering` gives (the state itself when nil) exceeds a
  /// declared bound. The modal chain is all in it; every child of a kept container and every
  /// object a kept coordinator holds is kept too, so only the instances it drops do not count.
  func exceedsBounds(_ state: FlowState<Runtime>, keeping numbering: CanonicalNumbering?) -> Bool {
    let limits = tables.flow.limits
    let objectCount = numbering?.objects.count ?? state.world.objects.count
    let coordinatorCount = numbering?.coordinators.count ?? state.coordinators.count
    if state.presentedCount() > limits.presented { return true }
    if coordinatorCount > limits.coordinators { return true }
    // A runtime that bounds its own work (a timer, the end of its own animation) has it left
    // out: the bound is the flow's.
    let counted = Runtime.boundsItsOwnWork ? tables.flow.asyncTasks.count : Int.max
    let pendingCount =
      numbering.map { form in
        state.pending.count { form.coordinators[$0.coordinator] != nil && $0.task < counted }
      } ?? state.pending.count { $0.task < counted }
    if pendingCount > limits.pending { return true }
    // Events whose calls wait behind one running push or pop (a triple tap makes two).
    if state.world.deferredNavigations.contains(where: { $0.events > limits.deferred }) { return true }
    // The lists of objects coordinators hold, and detached controllers kept alive by them,
    // count too: without this a flow that keeps popped controllers alive would grow without
    // end. The numbering measures both as it visits the instances it keeps.
    let longestStack =
      numbering?.longestStack
      ?? state.world.deferredNavigations.reduce(
        state.world.objects.reduce(0) { max($0, $1.children.count) }
      ) { max($0, $1.stack.count) }
    let longestShadow =
      numbering?.longestShadow
      ?? state.coordinators.reduce(state.library.heldObjects.count) { max($0, $1.heldObjects.count) }
    if longestStack > limits.stack || longestShadow > limits.stack { return true }
    if objectCount > maximumObjects { return true }
    return false
  }

  /// Packs a canonical state with its derived property bits.
  public func pack(_ state: FlowState<Runtime>) -> PackedState<Runtime> {
    pack(state, words: state.packed())
  }

  /// Packs a canonical state whose words are already known; `attached`, when given, is
  /// `state.world.attachedObjects()`. `tables`, when given, is a worker's own copy of the
  /// flow's: the explorer packs every state it expands, on every thread, and reading the
  /// shared flow retained and released the same arrays from all of them.
  func pack(
    _ state: FlowState<Runtime>, words: [UInt16], attached: [Bool]? = nil, tables: FlowTables? = nil,
    knownFailing: UInt64? = nil
  ) -> PackedState<Runtime> {
    let tables = tables ?? self.tables
    var holds: UInt64 = 0
    if let home = tables.flow.home, state.topScreen() == home { holds |= 1 }
    // By index: a loop over the properties would copy each one out, retaining its name.
    for index in tables.flow.properties.indices {
      let expression = tables.flow.properties[index].expression
      if state.evaluate(expression, tables: tables, context: state.appCoordinator) != 0 {
        holds |= 1 << UInt64(index + 1)
      }
    }
    // `knownFailing`: the bits the step cache kept for the state's structure (see
    // `prepared(_:scratch:)`); debug builds check them against the invariants. No local
    // function: one that read `stateInvariants` would capture, and so copy, the whole system.
    let invariants = stateInvariants
    var failing: UInt64
    if let knownFailing {
      failing = knownFailing
      assert(
        knownFailing
          == InvariantContext(flow: tables.flow, state: state, attached: attached).failingBits(invariants),
        "a structure's states break other invariants")
    } else {
      failing = InvariantContext(flow: tables.flow, state: state, attached: attached).failingBits(invariants)
    }
    if isStuck(state, tables: tables) { failing |= Self.stuckBit }
    return PackedState(words: words, failing: failing, holds: holds)
  }

  /// The explorer's fixed hash of the state's `PackedEncoding` (`StateFingerprint`).
  public func fingerprint(of state: PackedState<Runtime>) -> UInt64 {
    if let known = state.fingerprint { return known }
    return PackedEncoding.encode(state.words).withUnsafeBufferPointer(Self.fingerprint(ofEncoded:))
  }

  /// The fingerprint of the state whose `PackedEncoding` is `bytes` (`StateFingerprint`).
  static func fingerprint(ofEncoded bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    StateFingerprint.of(encoded: bytes)
  }

  /// The bit of `PackedState.failing` that says the user can do nothing.
  static var stuckBit: UInt64 { 1 << 63 }

  /// No tap, no gesture, and no async work still to arrive. Terminal states are not stuck.
  public func isStuck(_ state: FlowState<Runtime>) -> Bool { isStuck(state, tables: tables) }

  /// `isStuck(_:)`, reading the flow through `tables` (a worker's own copy).
  func isStuck(_ state: FlowState<Runtime>, tables: FlowTables) -> Bool {
    guard !state.crashed, !state.beyondBounds, state.pending.isEmpty else { return false }
    var libraryEvents: [FlowAction] = []
    Runtime.libraryEvents(in: state, into: &libraryEvents)
    if !libraryEvents.isEmpty { return false }
    if let screen = state.topScreen(), !tables.flow.screens[screen].events.isEmpty { return false }
    var hasGesture = false
    state.world.forEachGesture { _ in hasGesture = true }
    return !hasGesture
  }

  /// The coordinator an app event runs in: the window coordinator, or for `event E to C`
  /// the started instance of C, the first in the coordinator tree (the one its parent
  /// holds, as the app's own reference would be); nil when none is started, and the event
  /// is then not possible.
  static func receiver(of event: AppEventInfo, in state: FlowState<Runtime>) -> CoordinatorID? {
    guard let target = event.target else { return state.appCoordinator }
    return state.coordinatorTree().first { state.coordinators[$0].declaration == target }
  }

  /// A state invariant is broken where the state it was reached from did not break it, at
  /// the last flow statement its shortest trace ran (`StateArrival`), the statement the
  /// report locates it at (`ViolationStory`): the code that left the state that breaks it,
  /// or, when the last step ran none (a gesture, the end of an animation), the code that set
  /// up what it broke. So each statement that breaks an invariant has its own shortest trace.
  /// Each state is judged on the trace that reached it first: another statement that leads
  /// to the very same state is not told apart. Every other `always` property is broken at no
  /// particular site.
  public func site(ofBroken property: Int, in state: PackedState<Runtime>) -> Int? {
    let invariant = property - InvariantRegistry.stepInvariants.count
    guard invariant >= 0, invariant < stateInvariants.count else { return 0 }
    if state.arrival.previousFailing & 1 << UInt64(invariant) != 0 { return nil }
    return Int(state.arrival.lastStatementAt) + 1
  }

  /// Crashed apps and states kept beyond a bound are not expanded, nor, unless the system
  /// explores past violations, those that `followsViolation`.
  public func isTerminal(_ state: PackedState<Runtime>) -> Bool {
    // Crashed, kept beyond the bounds or reached by a step that broke a property (only set
    // when not exploring past violations).
    !stateFlags(of: state).isDisjoint(with: .terminal)
      || (!exploresPastViolations && breaksAnInvariant(state))
  }

  /// A state not expanded only because it follows a violation: reached by a step that broke
  /// a property, or (analysed, see `prepared(_:)`) breaking an invariant or an `always` or
  /// `never` of the flow itself. Always false when the system explores past violations.
  public func followsViolation(_ state: PackedState<Runtime>) -> Bool {
    guard !exploresPastViolations else { return false }
    let flags = stateFlags(of: state)
    return flags.isDisjoint(with: [.crashed, .beyondBounds])
      && (flags.contains(.afterViolation) || breaksAnInvariant(state))
  }

  /// The flags word of a packed state.
  private func stateFlags(of state: PackedState<Runtime>) -> PackedLayout.StateFlags {
    PackedLayout.StateFlags(rawValue: Int(state.words.first ?? 0))
  }

  /// Whether an analysed state breaks a state invariant or the flow's own `always`/`never`.
  private func breaksAnInvariant(_ state: PackedState<Runtime>) -> Bool {
    guard state.isAnalysed else { return false }
    return state.failing & invariantBits != 0 || state.holds & alwaysBits != alwaysBits
      || state.holds & neverBits != 0
  }
}
