extension World {
  /// Per object: whether it is in the window's view-controller hierarchy (reachable from
  /// the window's root through containment and presentation; unselected tabs included).
  /// - Complexity: O(objects).
  public func attachedObjects() -> [Bool] {
    var attached = [Bool](repeating: false, count: objects.count)
    var work: [ObjectID] = []
    if let root = windowRoot { work.append(root) }
    while let id = work.popLast() {
      guard id < objects.count, !attached[id] else { continue }
      attached[id] = true
      work.append(contentsOf: objects[id].children)
      if let presented = objects[id].presented { work.append(presented) }
    }
    return attached
  }
}
