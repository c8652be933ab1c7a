extension World {
  /// Per object: whether it is in the window's view-controller hierarchy (reachable from
  /// the window's root through containment and presentation; unselected tabs included).
  /// - Complexity: O(objects).
  public func attachedObjects() -> [Bool] {
    var attached: [Bool] = []
    markAttached(into: &attached)
    return attached
  }

  /// `attachedObjects()` written into `attached`, in its storage: a worker reuses one array
  /// from state to state.
  ///
  /// Every link has both of its ends (`checkInvariants()`: a child's container, a presented
  /// controller's presenter), so an object is attached when its container or presenter is.
  /// A state the explorer stores is canonical, its hierarchy numbered breadth first from the
  /// window's root (`canonicalNumbering(in:)`): then one pass in id order marks it. An
  /// object before its container or presenter sends the marking to the search (debug builds
  /// check the pass against it).
  func markAttached(into attached: inout [Bool]) {
    // One flag per object, each set below: the array is only resized, not cleared.
    attached.resize(to: objects.count, filling: false)
    if let root = windowRoot, objects.markReachableInOrder(from: root, into: &attached) {
      assert(
        {
          var searched = Array(repeating: false, count: objects.count)
          objects.markReachable(from: root, into: &searched)
          return searched == attached
        }(), "the one-pass marking differs from the search")
      return
    }
    for id in attached.indices { attached[id] = false }
    if let root = windowRoot { objects.markReachable(from: root, into: &attached) }
  }
}
