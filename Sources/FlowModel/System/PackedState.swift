import FlowLanguage

/// A canonical `FlowState` packed into one array of 16-bit words, as the model hands states
/// to the explorer one at a time. The frontier stores, and fingerprints are computed on, the
/// words' `PackedEncoding`; the explorer's own steps write that form directly.
public struct PackedState<Runtime: CoordinatorRuntime>: Hashable, Sendable {
  public var words: [UInt16] {
    didSet { fingerprint = nil }
  }
  /// Bit i set: check i of `FlowSystem.stateInvariants` fails in this state. Derived from
  /// `words`, so it takes no part in the fingerprint.
  public var failing: UInt64
  /// Truth of each of the flow's own properties, bit per property. Derived too.
  public var holds: UInt64
  /// Whether `failing` and `holds` have been computed (`FlowSystem.prepared(_:)`).
  public var isAnalysed: Bool
  /// The state the words encode, when `FlowSystem.prepared(_:)` has just unpacked it, so
  /// that `expand` does not unpack it again. Derived, and never stored in the frontier.
  public var unpacked: FlowState<Runtime>?
  /// `FlowSystem.fingerprint(of:)` of this state, when a `PackedFrontier` handed it out: it
  /// hashes the bytes it stores, which saves encoding the words again. Derived.
  public internal(set) var fingerprint: UInt64?
  /// How the explorer reached this state first, when a `PackedFrontier` handed it out: not
  /// part of the state, its fingerprint or its equality.
  public internal(set) var arrival = StateArrival()

  public init(words: [UInt16], failing: UInt64 = 0, holds: UInt64 = 0, isAnalysed: Bool = true) {
    self.words = words
    self.failing = failing
    self.holds = holds
    self.isAnalysed = isAnalysed
  }

  public static func == (lhs: PackedState<Runtime>, rhs: PackedState<Runtime>) -> Bool {
    lhs.words == rhs.words
  }
  public func hash(into hasher: inout Hasher) { hasher.combine(words) }
}

/// How the explorer first reached a state, by its shortest trace: where the last flow
/// statement that trace ran is written, and which state invariants the state before the last
/// step broke. A state invariant the state breaks and that one did not is broken there, at
/// that statement (`FlowSystem.site(ofBroken:in:)`), the statement a report locates it at:
/// each statement that breaks an invariant gets its own shortest trace.
public struct StateArrival: Sendable, Equatable {
  /// A byte offset in the flow's source; -1 when the trace ran no statement.
  var lastStatementAt: Int32 = -1
  /// `PackedState.failing` of the state the last step left, its state invariants' bits (the
  /// stuck bit left out); 0 for an initial state.
  var previousFailing: UInt64 = 0

  /// An initial state's: no statement, nothing broken before it.
  public init() {}

  init(lastStatementAt: Int32, previousFailing: UInt64) {
    self.lastStatementAt = lastStatementAt
    self.previousFailing = previousFailing
  }
}

/// Packing and unpacking. Optional ids are stored plus one (0 is nil); signed values as
/// their 16-bit pattern. An object's reverse links (`container`, `presenting`) are not
/// stored: they follow from the forward ones (`children`, `presented`), which every `World`
/// operation keeps consistent with them (`World.checkInvariants()`), and unpacking sets them
/// again; `selectedIndex` is stored for tab bar controllers only (it is 0 for the others).
/// An object's style, flags and which of its links are set share one word, and only the
/// links that are set follow (a screen is mostly kind, flags and owner: three words instead
/// of seven). States are about a third shorter than with every field stored, to write, hash,
/// store and read.
extension FlowState {
  public func packed() -> [UInt16] {
    let bytes = PackedBytes()
    pack(as: nil, markedOnScreen: nil, beyondBounds: beyondBounds, into: bytes)
    return PackedEncoding.decode(bytes.buffer)
  }

  /// Replaces `bytes` by the words of the canonical form that `numbering` describes (the
  /// state itself when nil) in `PackedEncoding`, written straight from this state: links are
  /// renumbered and links to dropped instances cleared as they are written, so no renumbered
  /// copy is built. Coordinators in `markedOnScreen` (old numbers) are written as
  /// `wasOnScreen`. `bytes` keeps its storage: the explorer packs every successor into the
  /// same buffer, then hashes and stores those bytes as they are.
  func pack(
    as numbering: CanonicalNumbering?, markedOnScreen: CoordinatorMarks?, beyondBounds: Bool,
    into bytes: PackedBytes
  ) {
    guard let numbering else {
      // The state as it is: every instance keeps its number (and -1, none, stays -1).
      let count = max(world.objects.count, coordinators.count)
      withUnsafeTemporaryAllocation(of: Int.self, capacity: count + 1) { identity in
        for index in identity.indices { identity[index] = index - 1 }
        let ids = UnsafePointer(identity.baseAddress! + 1)
        let objects = Renumbering(
          map: ids, oldCount: world.objects.count, order: ids, count: world.objects.count)
        let coordinators = Renumbering(
          map: ids, oldCount: self.coordinators.count, order: ids, count: self.coordinators.count)
        pending.withUnsafeBufferPointer { pending in
          pack(
            objects: objects, coordinators: coordinators, pending: pending, markedOnScreen: markedOnScreen,
            beyondBounds: beyondBounds, into: bytes)
        }
      }
      return
    }
    let coordinators = Renumbering(numbering.coordinators)
    let objects = Renumbering(numbering.objects)
    if let sorted = numbering.sortedPending {
      // Two or more: renumbered, then sorted by the new numbers. Rare.
      let pending = sorted.compactMap { entry in
        coordinators.new(entry.coordinator).map { PendingCompletion(task: entry.task, coordinator: $0) }
      }.sorted()
      pending.withUnsafeBufferPointer { pending in
        pack(
          objects: objects, coordinators: coordinators, pending: pending, markedOnScreen: markedOnScreen,
          beyondBounds: beyondBounds, into: bytes)
      }
      return
    }
    // None or one: nothing to sort, and no array to copy (a copy costs reference counts).
    var entry = PendingCompletion(task: 0, coordinator: 0)
    var count = 0
    if let first = pending.first, let new = coordinators.new(first.coordinator) {
      entry = PendingCompletion(task: first.task, coordinator: new)
      count = 1
    }
    withUnsafePointer(to: &entry) { entry in
      pack(
        objects: objects, coordinators: coordinators,
        pending: UnsafeBufferPointer(start: entry, count: count),
        markedOnScreen: markedOnScreen, beyondBounds: beyondBounds, into: bytes)
    }
  }

  /// `pack(as:…)` once the numbering is settled. Reads the world through buffer pointers
  /// and writes through a `PackedWriter` into `bytes`, sized for the usual state first:
  /// this runs for every successor the explorer computes, and array accesses, appends and
  /// captured optionals cost a reference count or a capacity check each. The runtime's parts
  /// (its coordinators, its app-wide state) are written through their fields (`FieldPacker`).
  private func pack(
    objects: Renumbering, coordinators: Renumbering, pending: UnsafeBufferPointer<PendingCompletion>,
    markedOnScreen: CoordinatorMarks?, beyondBounds: Bool, into bytes: PackedBytes
  ) {
    world.objects.withUnsafeBufferPointer { allObjects in
      owners.withUnsafeBufferPointer { owners in
        self.coordinators.withUnsafeBufferPointer { allCoordinators in
          // Navigation calls deferred by a push or pop in flight, by the stack's new number.
          // Almost always none: the closures below are not even made then.
          let deferred =
            world.deferredNavigations.isEmpty
            ? []
            : world.deferredNavigations.filter { objects[$0.nav] >= 0 }
              .sorted { objects[$0.nav] < objects[$1.nav] }
          // Room for the usual state, so that the writer seldom grows the storage.
          let words =
            8 + globals.count + 2 * pending.count + objects.count * 12 + coordinators.count * 16
            + deferred.count * 8
          bytes.reserve(words * PackedEncoding.maximumBytesPerWord)
          var out = PackedWriter(into: bytes)
          out.put(
            (crashed ? 1 : 0) | (beyondBounds ? 2 : 0) | (deferred.isEmpty ? 0 : 4) | (afterViolation ? 8 : 0)
          )
          out.put(globals.count)
          for value in globals { out.put(value) }
          out.put(objects.count)
          for position in 0..<objects.count {
            let id = objects.old(at: position)
            // Fields read in place: copying the object out would cost more than writing it.
            let object = allObjects.baseAddress! + id
            // Which links survive the renumbering decides the flags, so they come first. A
            // kept container keeps all of its children (see `canonicalNumbering(in:)`).
            let hasChildren = !object.pointee.children.isEmpty
            assert(object.pointee.children.allSatisfy { objects[$0] >= 0 }, "a kept container lost a child")
            let owner = coordinators[owners[id] ?? -1]
            let presented = objects[object.pointee.presentedOrMinusOne]
            let delegate = coordinators[object.pointee.delegateOrMinusOne]
            let associatedCoordinator = coordinators[object.pointee.associatedCoordinatorOrMinusOne]
            let transitionFrom = objects[object.pointee.navigationTransitionFromOrMinusOne]
            switch object.pointee.kind {
            case .navigationController: out.put(0)
            case .tabBarController: out.put(1)
            case .screen(let screen): out.put(2 + screen)
            }
            out.put(
              object.pointee.style.packedIndex | (object.pointee.modalInPresentation ? 4 : 0)
                | (hasChildren ? 8 : 0) | (presented >= 0 ? 16 : 0) | (delegate >= 0 ? 32 : 0)
                | (associatedCoordinator >= 0 ? 64 : 0) | (owner >= 0 ? 128 : 0)
                | Int(object.pointee.modalTransition?.rawValue ?? 0) << 8
                | (transitionFrom >= 0 ? 1 << 10 : 0))
            if hasChildren { out.put(object.pointee.children, objects) }
            if object.pointee.isTabBarController { out.put(object.pointee.selectedIndex) }
            if presented >= 0 { out.put(presented) }
            if delegate >= 0 { out.put(delegate) }
            if associatedCoordinator >= 0 { out.put(associatedCoordinator) }
            if owner >= 0 { out.put(owner) }
            if transitionFrom >= 0 { out.put(transitionFrom) }
          }
          out.put(link: world.windowRoot, objects)
          if !deferred.isEmpty {
            out.put(deferred.count)
            for entry in deferred {
              out.put(objects[entry.nav] * 2 + (entry.animated ? 1 : 0))
              out.put(entry.events)
              out.put(entry.stack, objects)
            }
          }
          out.put(coordinators.count)
          // The runtime's parts, through their fields.
          var packer = FieldPacker(into: out, objects: objects, coordinators: coordinators)
          for position in 0..<coordinators.count {
            let old = coordinators.old(at: position)
            // Read in place, as above. The packer only reads the fields it is handed, so
            // the coordinator is never written through this pointer.
            let c = UnsafeMutablePointer(mutating: allCoordinators.baseAddress! + old)
            // What every coordinator has shares one word: the declaration, whether it was
            // on screen, whether locals follow. The runtime's own flags then fit one flag
            // byte for a runtime with seven or fewer.
            let wasOnScreen = c.pointee.wasOnScreen || markedOnScreen?[old] == true
            let hasLocals = !c.pointee.locals.isEmpty
            precondition(
              c.pointee.declaration < 1 << 14, "more coordinator declarations than a packed word holds")
            packer.out.put(c.pointee.declaration &<< 2 | (wasOnScreen ? 2 : 0) | (hasLocals ? 1 : 0))
            c.pointee.fields(&packer)
            packer.endRecord()
            if hasLocals {
              packer.out.put(c.pointee.locals.count)
              for value in c.pointee.locals { packer.out.put(value) }
            }
          }
          packer.out.put(link: appCoordinator, coordinators)
          packer.out.put(pending.count)
          for entry in pending {
            packer.out.put(entry.task)
            packer.out.put(entry.coordinator)
          }
          // A copy: a runtime may visit a field through a local it writes back.
          var library = self.library
          library.fields(&packer)
          packer.endRecord()
          packer.out.finish()
        }
      }
    }
  }

  public init(packed words: [UInt16]) {
    self.init(globals: [])
    words.withUnsafeBufferPointer { self.unpack(from: PackedReader($0)) }
  }

  /// Makes this state the one `words` encode, in the storage of its arrays: a worker
  /// unpacks every state it expands into the same one (see `FlowSystem.prepared(_:scratch:)`).
  mutating func replace(withPacked words: [UInt16]) {
    world.objects.removeAll(keepingCapacity: true)
    owners.removeAll(keepingCapacity: true)
    coordinators.removeAll(keepingCapacity: true)
    globals.removeAll(keepingCapacity: true)
    pending.removeAll(keepingCapacity: true)
    world.deferredNavigations.removeAll(keepingCapacity: true)
    words.withUnsafeBufferPointer { self.unpack(from: PackedReader($0)) }
  }

  /// Reads the fields of a state from `input`; the arrays of `self` are empty.
  private mutating func unpack(from input: PackedReader) {
    var input = input
    let flags = input.take()
    let globalCount = input.take()
    globals.reserveCapacity(globalCount)
    for _ in 0..<globalCount { globals.append(input.signed()) }
    crashed = flags & 1 != 0
    beyondBounds = flags & 2 != 0
    afterViolation = flags & 8 != 0
    let objectCount = input.take()
    world.objects.reserveCapacity(objectCount)
    owners.reserveCapacity(objectCount)
    for _ in 0..<objectCount {
      let tag = input.take()
      let kind: UIKitObjectKind =
        tag == 0 ? .navigationController : tag == 1 ? .tabBarController : .screen(tag - 2)
      let objectFlags = input.take()
      var object = UIKitObject(
        kind: kind, style: PresentationStyle(packedIndex: objectFlags & 3),
        modalInPresentation: objectFlags & 4 != 0)
      if objectFlags & 8 != 0 { object.children = input.list() }
      if object.isTabBarController { object.selectedIndex = input.take() }
      if objectFlags & 16 != 0 { object.presented = input.take() }
      if objectFlags & 32 != 0 { object.delegate = input.take() }
      if objectFlags & 64 != 0 { object.associatedCoordinator = input.take() }
      object.modalTransition = ModalTransition(rawValue: UInt8(objectFlags >> 8 & 3))
      world.objects.append(object)
      owners.append(objectFlags & 128 != 0 ? input.take() : nil)
      if objectFlags & 1 << 10 != 0 {
        world.objects[world.objects.count - 1].navigationTransitionFrom = input.take()
      }
    }
    // The reverse links, from the forward ones.
    for id in world.objects.indices {
      for child in world.objects[id].children { world.objects[child].container = id }
      if let presented = world.objects[id].presented { world.objects[presented].presenting = id }
    }
    world.windowRoot = input.optional()
    if flags & 4 != 0 {
      let count = input.take()
      for _ in 0..<count {
        let navAndAnimated = input.take()
        let events = input.take()
        world.deferredNavigations.append(
          DeferredNavigation(
            nav: navAndAnimated / 2, stack: input.list(), animated: navAndAnimated % 2 == 1, events: events))
      }
    }
    let coordinatorCount = input.take()
    coordinators.reserveCapacity(coordinatorCount)
    var unpacker = FieldUnpacker(from: input)
    for _ in 0..<coordinatorCount {
      var c = Runtime.Coordinator()
      let head = unpacker.input.take()
      c.declaration = head >> 2
      c.wasOnScreen = head & 2 != 0
      c.fields(&unpacker)
      unpacker.endRecord()
      if head & 1 != 0 {
        for _ in 0..<unpacker.input.take() { c.locals.append(unpacker.input.signed()) }
      }
      coordinators.append(c)
    }
    appCoordinator = unpacker.input.optional()
    let pendingCount = unpacker.input.take()
    for _ in 0..<pendingCount {
      let task = unpacker.input.take()
      pending.append(PendingCompletion(task: task, coordinator: unpacker.input.take()))
    }
    library = Runtime.LibraryState()
    library.fields(&unpacker)
  }

}

extension PresentationStyle {
  /// The style's number in a packed state (`allCases` would build an array per use).
  var packedIndex: Int {
    switch self {
    case .pageSheet: 0
    case .formSheet: 1
    case .fullScreen: 2
    case .overFullScreen: 3
    }
  }

  init(packedIndex: Int) {
    switch packedIndex {
    case 0: self = .pageSheet
    case 1: self = .formSheet
    case 2: self = .fullScreen
    default: self = .overFullScreen
    }
  }
}
