/// Storage that the explorer's steps reuse, one step after the other (a worker keeps one
/// from state to state): the state a step mutates, the step's queues, the successor's
/// numbering and bytes.
///
/// A step used to start from a copy of its source state that shared the source's arrays,
/// so its first change to the objects, the coordinators or the owners allocated a new
/// array, and its queues allocated as they first grew: about ten allocations per step.
/// Copying the source into storage that is already there (plain data, so a `memcpy`)
/// costs none once the workspace is warm.
public struct StepWorkspace {
  var state = FlowState(globals: [])
  var violations: [StepViolation] = []
  var callbacks: [WorldCallback] = []
  var executing: [CoordinatorID] = []
  var handlersRun: [Int] = []
  /// The packed successor, in `PackedEncoding`.
  var bytes: [UInt8] = []
  /// The successor's canonical numbering.
  let numbering = NumberingScratch()

  public init() {}
}

extension FlowState {
  /// Makes this state equal to `other`, reusing this state's storage for the objects, their
  /// owners and the coordinators. Globals and pending completions are shared with `other`
  /// (copied on write: few steps change them).
  mutating func assign(from other: FlowState) {
    world.objects.removeAll(keepingCapacity: true)
    world.objects.append(contentsOf: other.world.objects)
    world.windowRoot = other.world.windowRoot
    owners.removeAll(keepingCapacity: true)
    owners.append(contentsOf: other.owners)
    coordinators.removeAll(keepingCapacity: true)
    coordinators.append(contentsOf: other.coordinators)
    appCoordinator = other.appCoordinator
    globals = other.globals
    pending = other.pending
    crashed = other.crashed
    beyondBounds = other.beyondBounds
  }
}

extension FlowStep {
  /// A step from `state` in `workspace`'s storage; `recycle(into:)` gives the storage back.
  init(tables: FlowTables, state: FlowState, reusing workspace: inout StepWorkspace) {
    workspace.state.assign(from: state)
    self.init(tables: tables, state: FlowState(globals: []), logging: false)
    swap(&self.state, &workspace.state)
    swap(&violations, &workspace.violations)
    swap(&callbacks, &workspace.callbacks)
    swap(&executing, &workspace.executing)
    swap(&handlersRun, &workspace.handlersRun)
  }

  /// Hands the step's storage back to `workspace`, emptied; the step is not used again.
  mutating func recycle(into workspace: inout StepWorkspace) {
    swap(&state, &workspace.state)
    swap(&violations, &workspace.violations)
    swap(&callbacks, &workspace.callbacks)
    swap(&executing, &workspace.executing)
    swap(&handlersRun, &workspace.handlersRun)
    workspace.violations.removeAll(keepingCapacity: true)
    workspace.callbacks.removeAll(keepingCapacity: true)
    workspace.executing.removeAll(keepingCapacity: true)
    workspace.handlersRun.removeAll(keepingCapacity: true)
  }
}
