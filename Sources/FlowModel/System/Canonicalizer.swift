// Canonical states: objects and coordinators renumbered in a fixed traversal order,
// deallocated ones dropped, so that two states that differ only in the identities of
// their instances are one state.
extension FlowState {
  /// The canonical form; `attachedCount` receives how many objects are in the window's
  /// hierarchy: in the canonical form they are objects `0..<attachedCount`.
  ///
  /// The numberings live in one temporary (stack) allocation, and the objects' numbering is
  /// its own queue: this runs for every successor, most of which are known states.
  /// - Complexity: O(objects + coordinators) plus the sort of `pending`.
  public func canonical(attachedCount: inout Int) -> FlowState<Runtime> {
    attachedCount = 0
    if crashed { return .crashedApp() }
    return withCanonicalNumbering { form in
      attachedCount = form.attachedCount
      // Most steps keep every instance and their order: then the state is its own
      // canonical form and copying it would only cost time.
      if form.isIdentity {
        var same = self
        same.beyondBounds = false
        same.world.navigationsTouchedInStep = IDList()  // the step's, not the state's
        return same
      }
      return renumbered(
        objects: form.objects, coordinators: form.coordinators, pending: form.sortedPending ?? pending)
    }
  }

  /// Computes the canonical numbering of this (not crashed) state in temporary memory and
  /// hands it to `body`.
  func withCanonicalNumbering<Result>(_ body: (CanonicalNumbering) -> Result) -> Result {
    withUnsafeTemporaryAllocation(of: Int.self, capacity: numberingScratchSize) { scratch in
      body(canonicalNumbering(in: scratch))
    }
  }

  /// How many integers `canonicalNumbering(in:)` needs.
  var numberingScratchSize: Int { 2 * (world.objects.count + coordinators.count) + 2 }

  /// The canonical numbering of this (not crashed) state, held in `scratch` (at least
  /// `numberingScratchSize` integers), which must outlive its use.
  func canonicalNumbering(in scratch: UnsafeMutableBufferPointer<Int>) -> CanonicalNumbering {
    let objectCount = world.objects.count
    let coordinatorCount = coordinators.count
    do {
      var coordinatorNumbers = Numbering(scratch, from: 0, count: coordinatorCount)
      var objectNumbers = Numbering(scratch, from: 2 * coordinatorCount + 1, count: objectCount)

      // Coordinators: the tree from the window coordinator (children in dictionary
      // insertion order, depth first, pre-order), then those only pending work keeps alive.
      var longestShadow = 0
      if let app = appCoordinator { visitCoordinator(app, &coordinatorNumbers, &longestShadow) }
      for c in library.heldCoordinators { visitCoordinator(c, &coordinatorNumbers, &longestShadow) }
      longestShadow = max(longestShadow, library.heldObjects.count)
      // Sorted only when there is something to sort: a copy of the list costs a reference
      // count for every successor.
      let sortedPending = pending.count > 1 ? pending.sorted() : nil
      if let sortedPending {
        for entry in sortedPending {
          visitCoordinator(entry.coordinator, &coordinatorNumbers, &longestShadow)
        }
      } else {
        for entry in pending { visitCoordinator(entry.coordinator, &coordinatorNumbers, &longestShadow) }
      }

      // Objects: the window's hierarchy breadth first (children, then what is presented),
      // then what live coordinators still hold.
      var longestStack = 0
      var inFlight = false
      if let root = world.windowRoot { visitObjects(from: root, &objectNumbers, &longestStack, &inFlight) }
      let attachedCount = objectNumbers.count
      // A push or pop in flight: its transition coordinator holds the `from` controller (a
      // popped one has left the hierarchy), and the calls UIKit deferred meanwhile hold the
      // controllers they push. Rare: only with `limits { inflight 1 }`.
      for position in 0..<(inFlight ? attachedCount : 0) {
        let nav = objectNumbers.order[position]
        guard let from = world.objects[nav].navigationTransitionFrom else { continue }
        if from < world.objects.count { visitObjects(from: from, &objectNumbers, &longestStack, &inFlight) }
        for entry in world.deferredNavigations where entry.nav == nav {
          // The stack the deferred calls leave counts against `limits { stack }` too.
          longestStack = max(longestStack, entry.stack.count)
          for id in entry.stack where id < world.objects.count {
            visitObjects(from: id, &objectNumbers, &longestStack, &inFlight)
          }
        }
      }
      coordinators.withUnsafeBufferPointer { coordinators in
        for position in 0..<coordinatorNumbers.count {
          // Read in place: copying the instance (two inline lists) out costs more than the visit.
          let c = coordinators.baseAddress! + coordinatorNumbers.order[position]
          visitObjects(from: c.pointee.root, &objectNumbers, &longestStack, &inFlight)
          for index in 0..<c.pointee.heldObjects.count {
            visitObjects(
              from: c.pointee.heldObjects.id(unchecked: index), &objectNumbers, &longestStack, &inFlight)
          }
        }
      }
      for object in library.heldObjects {
        visitObjects(from: object, &objectNumbers, &longestStack, &inFlight)
      }
      // A presenter that is no longer held keeps nothing alive; dangling links are dropped.
      return CanonicalNumbering(
        objects: objectNumbers, coordinators: coordinatorNumbers, sortedPending: sortedPending,
        attachedCount: attachedCount,
        isIdentity: objectNumbers.isIdentity && coordinatorNumbers.isIdentity
          && (sortedPending == nil || pending == sortedPending),
        longestStack: longestStack, longestShadow: longestShadow)
    }
  }

  /// Numbers `c` and its children's tree, raising `longestShadow` to the lists of objects
  /// they hold.
  private func visitCoordinator(_ c: CoordinatorID, _ numbers: inout Numbering, _ longestShadow: inout Int) {
    coordinators.withUnsafeBufferPointer { coordinators in
      visitCoordinator(c, in: coordinators, &numbers, &longestShadow)
    }
  }

  /// `visitCoordinator(_:_:_:)` reading the instances in place: their lists are not copied
  /// out for each visit.
  private func visitCoordinator(
    _ c: CoordinatorID, in coordinators: UnsafeBufferPointer<Runtime.Coordinator>, _ numbers: inout Numbering,
    _ longestShadow: inout Int
  ) {
    guard c < coordinators.count else { return }
    let instance = coordinators.baseAddress! + c
    guard instance.pointee.isAlive, numbers.number(c) else { return }
    longestShadow = max(longestShadow, instance.pointee.heldObjects.count)
    for index in 0..<instance.pointee.children.count {
      visitCoordinator(
        instance.pointee.children.id(unchecked: index), in: coordinators, &numbers, &longestShadow)
    }
  }

  /// Numbers the objects not numbered yet that `root` leads to, breadth first: each object
  /// numbered numbers its children in order, then what it presents. The numbering's `order`
  /// is the queue, so no other memory is needed, and every link of an object has its number
  /// once the object's turn comes.
  ///
  /// Raises `longestStack` to the children of the objects it numbers, and sets `inFlight`
  /// when one of them is a navigation controller whose push or pop animates.
  private func visitObjects(
    from root: ObjectID, _ numbers: inout Numbering, _ longestStack: inout Int, _ inFlight: inout Bool
  ) {
    // A coordinator made with no view controller (one that holds only the window) has root -1.
    guard root >= 0, root < world.objects.count, numbers.number(root) else { return }
    world.objects.withUnsafeBufferPointer { objects in
      var next = numbers.count - 1
      while next < numbers.count {
        let object = objects.baseAddress! + numbers.order[next]
        next += 1
        let children = object.pointee.children.count
        longestStack = max(longestStack, children)
        if object.pointee.navigationTransitionFromOrMinusOne >= 0 { inFlight = true }
        for index in 0..<children {
          let child = object.pointee.children.id(unchecked: index)
          if child < objects.count { _ = numbers.number(child) }
        }
        if let presented = object.pointee.presented, presented < objects.count {
          _ = numbers.number(presented)
        }
      }
    }
  }

  /// A copy with only the numbered instances, in their new order, every link renumbered
  /// and links to dropped instances cleared.
  private func renumbered(
    objects objectNumbers: Numbering, coordinators coordinatorNumbers: Numbering,
    pending sortedPending: [PendingCompletion]
  ) -> FlowState<Runtime> {
    var result = FlowState<Runtime>(globals: globals)
    result.world.windowRoot = world.windowRoot.flatMap { objectNumbers[$0] }
    result.world.deferredNavigations = world.deferredNavigations.compactMap { entry in
      guard let nav = objectNumbers[entry.nav] else { return nil }
      var stack = entry.stack
      stack.renumber { objectNumbers[$0] }
      return DeferredNavigation(nav: nav, stack: stack, animated: entry.animated, events: entry.events)
    }.sorted { $0.nav < $1.nav }
    result.world.objects.reserveCapacity(objectNumbers.count)
    result.owners.reserveCapacity(objectNumbers.count)
    for position in 0..<objectNumbers.count {
      let old = objectNumbers.order[position]
      var object = world.objects[old]
      object.children.renumber { objectNumbers[$0] }
      object.container = object.container.flatMap { objectNumbers[$0] }
      object.presented = object.presented.flatMap { objectNumbers[$0] }
      object.presenting = object.presenting.flatMap { objectNumbers[$0] }
      object.navigationTransitionFrom = object.navigationTransitionFrom.flatMap { objectNumbers[$0] }
      object.delegate = object.delegate.flatMap { coordinatorNumbers[$0] }
      object.associatedCoordinator = object.associatedCoordinator.flatMap { coordinatorNumbers[$0] }
      result.world.objects.append(object)
      result.owners.append(owners[old].flatMap { coordinatorNumbers[$0] })
    }
    result.coordinators.reserveCapacity(coordinatorNumbers.count)
    for position in 0..<coordinatorNumbers.count {
      var instance = coordinators[coordinatorNumbers.order[position]]
      instance.renumber(objects: objectNumbers, coordinators: coordinatorNumbers)
      result.coordinators.append(instance)
    }
    result.appCoordinator = appCoordinator.flatMap { coordinatorNumbers[$0] }
    result.library = library
    result.library.renumber(objects: objectNumbers, coordinators: coordinatorNumbers)
    result.pending = sortedPending.compactMap { entry in
      coordinatorNumbers[entry.coordinator].map { PendingCompletion(task: entry.task, coordinator: $0) }
    }.sorted()
    return result
  }
}

/// Memory for canonical numberings that the explorer's steps reuse, one after the other.
/// A class: it owns raw memory, freed once.
final class NumberingScratch {
  private var buffer = UnsafeMutableBufferPointer<Int>.allocate(capacity: 256)

  deinit { buffer.deallocate() }

  /// At least `count` integers, valid until the next call.
  func memory(count: Int) -> UnsafeMutableBufferPointer<Int> {
    if buffer.count < count {
      buffer.deallocate()
      buffer = .allocate(capacity: max(count, 2 * buffer.count))
    }
    return buffer
  }
}

/// Which instances a state's canonical form keeps, and in which order.
struct CanonicalNumbering {
  let objects: Numbering
  let coordinators: Numbering
  /// `pending` sorted by the old numbers (the order its coordinators are visited in); nil
  /// when it has fewer than two entries, and so is its own sorted form.
  let sortedPending: [PendingCompletion]?
  /// The objects in the window's hierarchy are the canonical form's first `attachedCount`.
  let attachedCount: Int
  /// The canonical form is the state itself.
  let isIdentity: Bool
  /// The most children of a kept object, and the longest list of objects a kept coordinator holds
  /// (for the bounds: see `FlowSystem.exceedsBounds(_:keeping:)`).
  let longestStack: Int
  let longestShadow: Int
}

/// New numbers for instances in the order they are first visited, held in borrowed
/// memory: `map[old]` is the new number (-1 until visited), `order[new]` the old one.
///
/// The integer before `map` is -1 too, so that `map.baseAddress![-1]` renumbers a missing
/// link (stored as -1) to a missing link without a branch (see `Renumbering`).
struct Numbering {
  let map: UnsafeMutableBufferPointer<Int>
  let order: UnsafeMutableBufferPointer<Int>
  /// How many are numbered so far.
  private(set) var count = 0

  /// Uses `2 * count + 1` integers of `scratch` from `start`.
  init(_ scratch: UnsafeMutableBufferPointer<Int>, from start: Int, count: Int) {
    scratch[start] = -1
    map = UnsafeMutableBufferPointer(rebasing: scratch[start + 1..<start + 1 + count])
    order = UnsafeMutableBufferPointer(rebasing: scratch[start + 1 + count..<start + 1 + 2 * count])
    map.initialize(repeating: -1)
  }

  /// Numbers `old` unless it already has a number; false when it had one.
  mutating func number(_ old: Int) -> Bool {
    guard map[old] < 0 else { return false }
    map[old] = count
    order[count] = old
    count += 1
    return true
  }

  /// The new number of `old`, nil when it was not visited (it is dropped).
  subscript(_ old: Int) -> Int? { map[old] < 0 ? nil : map[old] }

  /// Every instance visited, each keeping its number.
  var isIdentity: Bool {
    guard count == map.count else { return false }
    for new in 0..<count where order[new] != new { return false }
    return true
  }
}
