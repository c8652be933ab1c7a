// Canonical states: objects and coordinators renumbered in a fixed traversal order,
// deallocated ones dropped, so that two states that differ only in the identities of
// their instances are one state.
extension FlowState {
  /// - Complexity: O(objects + coordinators) plus the sort of `pending`.
  public func canonical() -> FlowState {
    if crashed { return .crashedApp() }

    // Coordinators: the tree from the window coordinator (children in dictionary
    // insertion order), then those only pending work keeps alive.
    var coordinatorMap = [CoordinatorID?](repeating: nil, count: coordinators.count)
    var coordinatorOrder: [CoordinatorID] = []
    func visitCoordinator(_ c: CoordinatorID) {
      guard c < coordinators.count, coordinatorMap[c] == nil, let instance = coordinators[c] else { return }
      coordinatorMap[c] = coordinatorOrder.count
      coordinatorOrder.append(c)
      for child in instance.children { visitCoordinator(child) }
    }
    if let app = appCoordinator { visitCoordinator(app) }
    for entry in pending.sorted(by: { ($0.task, $0.coordinator) < ($1.task, $1.coordinator) }) {
      visitCoordinator(entry.coordinator)
    }

    // Objects: the window's hierarchy depth first (children, then what is presented),
    // then what live coordinators still hold.
    var objectMap = [ObjectID?](repeating: nil, count: world.objects.count)
    var objectOrder: [ObjectID] = []
    func visitObject(_ o: ObjectID) {
      guard o < world.objects.count, objectMap[o] == nil else { return }
      objectMap[o] = objectOrder.count
      objectOrder.append(o)
      for child in world.objects[o].children { visitObject(child) }
      if let presented = world.objects[o].presented { visitObject(presented) }
    }
    if let root = world.windowRoot { visitObject(root) }
    for c in coordinatorOrder {
      let instance = coordinators[c]!
      visitObject(instance.root)
      for vc in instance.shadow { visitObject(vc) }
    }
    // A presenter that is no longer held keeps nothing alive; drop dangling links below.

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
    result.pending = pending.compactMap { entry in
      coordinatorMap[entry.coordinator].map { PendingCompletion(task: entry.task, coordinator: $0) }
    }.sorted()
    return result
  }
}
