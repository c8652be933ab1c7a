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
  func markAttached(into attached: inout [Bool]) {
    attached.removeAll(keepingCapacity: true)
    attached.append(contentsOf: repeatElement(false, count: objects.count))
    guard let root = windowRoot else { return }
    objects.markReachable(from: root, into: &attached)
  }
}
