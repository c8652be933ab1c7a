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
    // The objects and owners are not emptied: unpacking resizes them and blanks each one.
    coordinators.removeAll(keepingCapacity: true)
    globals.removeAll(keepingCapacity: true)
    pending.removeAll(keepingCapacity: true)
    world.deferredNavigations.removeAll(keepingCapacity: true)
    words.withUnsafeBufferPointer { self.unpack(from: PackedReader($0)) }
  }

  /// What every unpacked object starts as: the fields a packed object leaves out are these.
  private static var blankObject: UIKitObject { UIKitObject(kind: .navigationController) }

  /// A link to an object read from a packed state, checked against the objects it has: the
  /// reverse link is written through a buffer pointer at that id.
  @inline(__always) private static func unpackedID(_ id: Int, below count: Int) -> Int {
    precondition(id < count, "a packed state links to an object it does not have")
    return id
  }

  /// Reads the fields of a state from `input`. The arrays of `self` are empty, but for the
  /// objects and owners, which this resizes and overwrites.
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
    // Blank objects first, then each one's fields written in place through one buffer
    // pointer, with its reverse links: no object is built aside and copied in whole, and no
    // write goes through the array's uniqueness and bounds checks. This runs once for every
    // state the explorer expands.
    let blank = Self.blankObject
    world.objects.resize(to: objectCount, filling: blank)
    owners.resize(to: objectCount, filling: nil)
    world.objects.withUnsafeMutableBufferPointer { objects in
      owners.withUnsafeMutableBufferPointer { owners in
        // All blank before any is read: a reverse link may point at an object further on.
        for id in 0..<objectCount {
          objects[id] = blank
          owners[id] = nil
        }
        for id in 0..<objectCount {
          let object = objects.baseAddress! + id
          object.pointee.kind = PackedLayout.kind(tag: input.take())
          let objectFlags = PackedLayout.ObjectFlags(rawValue: input.take())
          object.pointee.style = PresentationStyle(packedIndex: objectFlags.styleIndex)
          object.pointee.modalInPresentation = objectFlags.contains(.modalInPresentation)
          if objectFlags.contains(.hasChildren) {
            for _ in 0..<input.take() {
              let child = Self.unpackedID(input.take(), below: objectCount)
              object.pointee.children.append(child)
              objects[child].container = id
            }
          }
          if object.pointee.isTabBarController { object.pointee.selectedIndex = input.take() }
          if objectFlags.contains(.hasPresented) {
            let presented = Self.unpackedID(input.take(), below: objectCount)
            object.pointee.presented = presented
            objects[presented].presenting = id
          }
          if objectFlags.contains(.hasDelegate) { object.pointee.delegate = input.take() }
          if objectFlags.contains(.hasAssociatedCoordinator) {
            object.pointee.associatedCoordinator = input.take()
          }
          object.pointee.modalTransition = ModalTransition(rawValue: UInt8(objectFlags.modalTransition))
          if objectFlags.contains(.hasOwner) { owners[id] = input.take() }
          if objectFlags.contains(.hasNavigationTransitionFrom) {
            object.pointee.navigationTransitionFrom = input.take()
          }
        }
      }
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
