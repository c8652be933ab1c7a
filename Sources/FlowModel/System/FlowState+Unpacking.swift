import FlowLanguage

/// Unpacking: the inverse of `pack(as:markedOnScreen:beyondBounds:into:)`, by the same
/// `PackedLayout`.
extension FlowState {
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
    let flags = PackedLayout.StateFlags(rawValue: input.take())
    let globalCount = input.take()
    globals.reserveCapacity(globalCount)
    for _ in 0..<globalCount { globals.append(input.signed()) }
    crashed = flags.contains(.crashed)
    beyondBounds = flags.contains(.beyondBounds)
    afterViolation = flags.contains(.afterViolation)
    let objectCount = input.take()
    world.objects.reserveCapacity(objectCount)
    owners.reserveCapacity(objectCount)
    for _ in 0..<objectCount {
      let kind = PackedLayout.kind(tag: input.take())
      let objectFlags = PackedLayout.ObjectFlags(rawValue: input.take())
      var object = UIKitObject(
        kind: kind, style: PresentationStyle(packedIndex: objectFlags.styleIndex),
        modalInPresentation: objectFlags.contains(.modalInPresentation))
      if objectFlags.contains(.hasChildren) { object.children = input.list() }
      if object.isTabBarController { object.selectedIndex = input.take() }
      if objectFlags.contains(.hasPresented) { object.presented = input.take() }
      if objectFlags.contains(.hasDelegate) { object.delegate = input.take() }
      if objectFlags.contains(.hasAssociatedCoordinator) { object.associatedCoordinator = input.take() }
      object.modalTransition = ModalTransition(rawValue: UInt8(objectFlags.modalTransition))
      world.objects.append(object)
      owners.append(objectFlags.contains(.hasOwner) ? input.take() : nil)
      if objectFlags.contains(.hasNavigationTransitionFrom) {
        world.objects[world.objects.count - 1].navigationTransitionFrom = input.take()
      }
    }
    // The reverse links, from the forward ones.
    for id in world.objects.indices {
      for child in world.objects[id].children { world.objects[child].container = id }
      if let presented = world.objects[id].presented { world.objects[presented].presenting = id }
    }
    world.windowRoot = input.optional()
    if flags.contains(.deferredNavigations) {
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
      let head = PackedLayout.CoordinatorHead(rawValue: unpacker.input.take())
      c.declaration = head.declaration
      c.wasOnScreen = head.wasOnScreen
      c.fields(&unpacker)
      unpacker.endRecord()
      if head.hasLocals {
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
