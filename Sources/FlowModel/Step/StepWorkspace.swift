import FlowExplorer

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What the explorer's steps reuse, one step after the other (a worker keeps one from
/// state to state): the step itself, with the state it mutates and its queues, and the
/// successor's numbering and bytes.
///
/// A step starts from its source state copied into storage that is already there (plain
/// data, so a `memcpy`): a copy that shared the source's arrays would allocate a new array
/// at its first change to each of them, and its queues as they first grew. Reusing the
/// step saves making, emptying and destroying one per successor.
public struct StepWorkspace<Runtime: CoordinatorRuntime> {
  var step: FlowStep<Runtime>
  /// The packed successor, in `PackedEncoding`.
  let bytes = PackedBytes()
  /// The successor's canonical numbering.
  let numbering = NumberingScratch()
  /// The encoding of the state being expanded and its fingerprint, made the first time a
  /// step leaves it unchanged (`sourceIsEncoded`): such a step's successor is the state
  /// itself, and copying its bytes costs less than packing them again.
  let sourceBytes = PackedBytes()
  var sourceIsEncoded = false
  var sourceFingerprint: UInt64 = 0
  /// The last step left its source unchanged: `bytes` are `sourceBytes`.
  var successorIsSource = false
  /// Where the last flow statement of the step `reuse(_:variables:)` took last is written,
  /// -1 when it ran none.
  var reusedLastStatementAt = -1
  /// The state `FlowSystem.prepared(_:scratch:)` unpacked last, and which objects of it are
  /// in the window's hierarchy, in storage kept from state to state: unpacking into fresh
  /// arrays allocated and freed about ten of them per state.
  var source = FlowState<Runtime>(globals: [])
  var attached: [Bool] = []
  /// The words of the state `source` holds, which `FlowSystem.expand` then takes from there
  /// instead of unpacking them again; nil before the first.
  var preparedWords: [UInt16]? = nil
  /// Whether `FlowSystem.prepared(_:scratch:)` looked the state whose words are
  /// `preparedWords` up in `StepCache` (the lookup fills `cached…`, `lookupKey`,
  /// `sourceVariables`, `sourceVariableWords`, and `sourceBytes` and `sourceFingerprint`
  /// through `sourceIsEncoded`), so that `expand` does not look it up again.
  var lookedUp = false
  /// What `StepCache` had for the state looked up last: the state invariants its structure
  /// breaks (nil when it had nothing), its key, and where its variables are in `sourceBytes`.
  var cachedFailing: UInt32? = nil
  var lookupKey = StepCache.Key(first: 0, second: 0)
  var sourceVariables = 0..<0
  /// What those variables feed the fingerprint of a successor that keeps them
  /// (`StateFingerprint.words(ofVariables:into:)`).
  var sourceVariableWords: [UInt64] = []
  /// The steps `StepCache` had for the state being expanded, their successors' bytes, and
  /// the first hash of each successor's structure (`StateFingerprint`).
  var cachedSteps: [StepCache.Step] = []
  var cachedStructures: [UInt64] = []
  let cachedBytes = PackedBytes()
  /// The steps of the state being expanded, to be kept in `StepCache`, their successors'
  /// bytes, and their successors' structures (one per step with a successor).
  var keptSteps: [StepCache.Step] = []
  var keptStructures: [StepCache.Key] = []
  let keptBytes = PackedBytes()

  init(tables: FlowTables) {
    step = FlowStep(tables: tables, state: FlowState<Runtime>(globals: []), logging: false)
  }
}

extension StepWorkspace {
  /// What cached step `position` gives the state being expanded, whose variables are at
  /// `variables` in `sourceBytes`: a cut, or a successor in three parts, nil when the step
  /// is not reusable. The parts point into `cachedBytes` and `sourceBytes`, which stay as
  /// they are until the next state is looked up.
  mutating func reuse(_ position: Int, variables: Range<Int>) -> ReusedStep? {
    let step = cachedSteps[position]
    reusedLastStatementAt = Int(step.lastStatementAt)
    if step.start == StepCache.Step.cut { return .cut }
    guard step.start >= 0 else { return nil }
    let start = Int(step.start)
    let split = start + Int(step.variablesAt)
    let cached = cachedBytes.buffer
    return .successor(
      ReusedSuccessor(
        before: UnsafeBufferPointer(rebasing: cached[start..<split]),
        variables: UnsafeBufferPointer(rebasing: sourceBytes.buffer[variables]),
        after: UnsafeBufferPointer(rebasing: cached[split..<start + Int(step.count)])))
  }

  /// Keeps the step just run for `StepCache`: cut (`stored` false) or with its successor in
  /// `bytes`, whose variables it takes out. Not reusable when it read or wrote a variable,
  /// broke a property, or left variables unlike the source's, which are at `variables` in
  /// `sourceBytes` (a crash leaves none). Returns the first hash of the successor's
  /// structure when it keeps one: its fingerprint is made from that (`StateFingerprint`).
  mutating func keepStep(stored: Bool, brokeNothing: Bool, variables: Range<Int>) -> UInt64? {
    guard !step.usesVariables && brokeNothing else {
      keepNotReusable()
      return nil
    }
    guard stored else {
      keptSteps.append(StepCache.Step(start: StepCache.Step.cut, count: 0, variablesAt: 0))
      return nil
    }
    let successor = bytes.buffer
    let successorVariables = PackedEncoding.variables(in: successor)
    guard successor[successorVariables].elementsEqual(sourceBytes.buffer[variables]) else {
      keepNotReusable()
      return nil
    }
    let before = UnsafeBufferPointer(rebasing: successor[..<successorVariables.lowerBound])
    let after = UnsafeBufferPointer(rebasing: successor[successorVariables.upperBound...])
    let structure = StepCache.Key(
      before: UnsafeRawBufferPointer(before), after: UnsafeRawBufferPointer(after))
    keptStructures.append(structure)
    keptSteps.append(
      StepCache.Step(
        start: Int32(keptBytes.count), count: Int32(successor.count - successorVariables.count),
        variablesAt: Int32(successorVariables.lowerBound), lastStatementAt: Int32(step.lastStatementAt)))
    keptBytes.append(before)
    keptBytes.append(after)
    return structure.first
  }

  /// Keeps a step that must be run again each time.
  mutating func keepNotReusable() {
    keptSteps.append(StepCache.Step(start: StepCache.Step.notReusable, count: 0, variablesAt: 0))
  }
}

/// What a step the cache kept gives a state of the same structure.
enum ReusedStep {
  /// A declared bound cuts the step.
  case cut
  /// The step leads to this successor.
  case successor(ReusedSuccessor)
}

/// A successor the cache kept, with the variables of the state being expanded: the
/// encoding of the state `before`, then `variables`, then `after`.
struct ReusedSuccessor {
  let before: UnsafeBufferPointer<UInt8>
  let variables: UnsafeBufferPointer<UInt8>
  let after: UnsafeBufferPointer<UInt8>

  /// The successor's bytes, put together (for the debug builds' checks).
  var bytes: [UInt8] { Array(before) + Array(variables) + Array(after) }
}

extension FlowState {
  /// Makes this state equal to `other`, reusing this state's storage for every array.
  /// Sharing the short globals and pending arrays instead would cost a retain and a release
  /// per step, and a copy and a free in each step that changed them.
  mutating func assign(from other: FlowState<Runtime>) {
    copyElements(of: other.world.objects, into: &world.objects)
    world.windowRoot = other.world.windowRoot
    copyElements(of: other.world.deferredNavigations, into: &world.deferredNavigations)
    copyElements(of: other.owners, into: &owners)
    copyElements(of: other.coordinators, into: &coordinators)
    appCoordinator = other.appCoordinator
    library = other.library
    copyElements(of: other.globals, into: &globals)
    copyElements(of: other.pending, into: &pending)
    crashed = other.crashed
    beyondBounds = other.beyondBounds
    afterViolation = other.afterViolation
  }
}

extension FlowState {
  /// Whether this state, made by `assign(from: source)` and a step, still has `source`'s
  /// instances, links, coordinator fields and pending work: all but the global variables.
  /// Then `source`'s canonical numbering (the identity: `source` is canonical) is this
  /// state's too, and so are its bounds and on-screen marks. Compares memory: bytes that are
  /// not part of a value (padding, list slots past the count) can only make the answer a
  /// false "no", never a false "yes".
  func hasStructure(of source: FlowState<Runtime>) -> Bool {
    world.windowRoot == source.world.windowRoot
      && world.deferredNavigations == source.world.deferredNavigations
      && appCoordinator == source.appCoordinator
      && crashed == source.crashed && pending == source.pending && library == source.library
      && sameBytes(world.objects, source.world.objects) && sameBytes(owners, source.owners)
      && sameBytes(coordinators, source.coordinators)
  }
}

/// Whether two arrays of plain data hold the same bytes.
private func sameBytes<Element: BitwiseCopyable>(_ first: [Element], _ second: [Element]) -> Bool {
  guard first.count == second.count else { return false }
  return first.withUnsafeBytes { first in
    second.withUnsafeBytes { second in
      first.isEmpty || memcmp(first.baseAddress!, second.baseAddress!, first.count) == 0
    }
  }
}

/// Makes `target` equal to `source` in `target`'s storage: the elements both have are
/// copied as plain memory (all of them are plain data here), the few others appended or
/// dropped one by one (a step adds or frees a handful of instances; the generic
/// `removeLast(_:)` and `append(contentsOf:)` of a slice cost more than that).
private func copyElements<Element: BitwiseCopyable>(of source: [Element], into target: inout [Element]) {
  let common = min(source.count, target.count)
  while target.count > common { target.removeLast() }
  if common > 0 {
    target.withUnsafeMutableBufferPointer { target in
      source.withUnsafeBufferPointer { source in
        target.baseAddress!.update(from: source.baseAddress!, count: common)
      }
    }
  }
  while target.count < source.count { target.append(source[target.count]) }
}

extension FlowStep {
  /// Starts this (non-logging) step afresh from `state`, keeping its storage.
  mutating func restart(from state: FlowState<Runtime>) {
    self.state.assign(from: state)
    self.state.world.navigationsTouchedInStep = IDList()
    violations.removeAllKeepingStorage()
    callbacks.removeAllKeepingStorage()
    released.removeAllKeepingStorage()
    executing.removeAllKeepingStorage()
    handlersRun.removeAllKeepingStorage()
    depth = 0
    callbacksDelivered = 0
    stopped = false
    statementsRun = 0
    statementAt = -1
    lastStatementAt = -1
    usesVariables = false
    // The explorer's states are canonical: every coordinator in them is held.
    coordinatorsMayBeFreed = false
  }
}

extension Array {
  /// Empties the array, keeping its storage, one element at a time from the end. For the
  /// short queues a step reuses, `removeAll(keepingCapacity: true)` goes through the generic
  /// `replaceSubrange`, which costs more even on an empty array.
  @inline(__always) mutating func removeAllKeepingStorage() {
    while !isEmpty { removeLast() }
  }
}
