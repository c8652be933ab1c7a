// Canonical states: objects and coordinators renumbered in a fixed traversal order,
// deallocated ones dropped, so that two states that differ only in the identities of
// their instances are one state.
extension FlowState {
  /// - Complexity: O(objects + coordinators) plus the sort of `pending`.
  public func canonical() -> FlowState {
    var attachedCount = 0
    return canonical(attachedCount: &attachedCount)
  }

  /// The canonical form; `attachedCount` receives how many objects are in the window's
  /// hierarchy: in the canonical form they are objects `0..<attachedCount`.
  ///
  /// The traversals use explicit stacks rather than nested recursive functions: a nested
  /// function that mutates a captured variable boxes it on the heap, on every step.
  public func canonical(attachedCount: inout Int) -> FlowState {
    attachedCount = 0
    if crashed { return .crashedApp() }

    // Coordinators: the tree from the window coordinator (children in dictionary
    // insertion order, depth first, pre-order), then those only pending work keeps alive.
    var coordinatorMap = [CoordinatorID?](repeating: nil, count: coordinators.count)
    var coordinatorOrder: [CoordinatorID] = []
    coordinatorOrder.reserveCapacity(coordinators.count)
    var work: [Int] = []
    func visitCoordinators(from first: CoordinatorID) {
      work.append(first)
      while let c = work.popLast() {
        guard c < coordinators.count, coordinatorMap[c] == nil, coordinators[c] != nil else { continue }
        coordinatorMap[c] = coordinatorOrder.count
        coordinatorOrder.append(c)
        let children = coordinators[c]!.children
        for child in children.reversed() { work.append(child) }
      }
    }
    if let app = appCoordinator { visitCoordinators(from: app) }
    let sortedPending = pending.sorted()
    for entry in sortedPending { visitCoordinators(from: entry.coordinator) }

    // Objects: the window's hierarchy depth first, pre-order (children, then what is
    // presented), then what live coordinators still hold.
    var objectMap = [ObjectID?](repeating: nil, count: world.objects.count)
    var objectOrder: [ObjectID] = []
    objectOrder.reserveCapacity(world.objects.count)
    func visitObjects(from first: ObjectID) {
      work.append(first)
      while let o = work.popLast() {
        guard o < world.objects.count, objectMap[o] == nil else { continue }
        objectMap[o] = objectOrder.count
        objectOrder.append(o)
        if let presented = world.objects[o].presented { work.append(presented) }
        let children = world.objects[o].children
        for child in children.reversed() { work.append(child) }
      }
    }
    if let root = world.windowRoot { visitObjects(from: root) }
    attachedCount = objectOrder.count
    for c in coordinatorOrder {
      visitObjects(from: coordinators[c]!.root)
      for vc in coordinators[c]!.shadow { visitObjects(from: vc) }
    }
    // A presenter that is no longer held keeps nothing alive; drop dangling links below.

    // Most steps keep every instance and their order: then the state is its own canonical
    // form and copying it would only cost time.
    if objectOrder.count == world.objects.count, coordinatorOrder.count == coordinators.count,
      objectOrder.indices.allSatisfy({ objectOrder[$0] == $0 }),
      coordinatorOrder.indices.allSatisfy({ coordinatorOrder[$0] == $0 }),
      pending == sortedPending
    {
      var same = self
      same.beyondBounds = false
      return same
    }

    var result = FlowState(globals: globals)
    result.world.windowRoot = world.windowRoot.flatMap { objectMap[$0] }
    result.world.objects.reserveCapacity(objectOrder.count)
    result.owners.reserveCapacity(objectOrder.count)
    for old in objectOrder {
      var object = world.objects[old]
      object.children = object.children.compactMap { objectMap[$0] }
      object.container = object.container.flatMap { objectMap[$0] }
      object.presented = object.presented.flatMap { objectMap[$0] }
      object.presenting = object.presenting.flatMap { objectMap[$0] }
      object.delegate = object.delegate.flatMap { coordinatorMap[$0] }
      object.parentCoordinator = object.parentCoordinator.flatMap { coordinatorMap[$0] }
      result.world.objects.append(object)
      result.owners.append(owners[old].flatMap { coordinatorMap[$0] })
    }
    result.coordinators.reserveCapacity(coordinatorOrder.count)
    for old in coordinatorOrder {
      var instance = coordinators[old]!
      instance.parent = instance.parent.flatMap { coordinatorMap[$0] }
      instance.children = instance.children.compactMap { coordinatorMap[$0] }
      instance.root = objectMap[instance.root]!
      instance.shadow = instance.shadow.compactMap { objectMap[$0] }
      result.coordinators.append(instance)
    }
    result.appCoordinator = appCoordinator.flatMap { coordinatorMap[$0] }
    result.pending = sortedPending.compactMap { entry in
      coordinatorMap[entry.coordinator].map { PendingCompletion(task: entry.task, coordinator: $0) }
    }.sorted()
    return result
  }
}
