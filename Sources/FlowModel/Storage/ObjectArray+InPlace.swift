// The world's hot edits and traversal of its object array, done in place through one
// buffer pointer: reading a container's list out of the array copies it, and a copy made
// right after parts of it were written waits for those writes. Every id is checked against
// the array's bounds before it is used, so these stay memory-safe; the World calls them and
// holds no pointer itself.
extension Array where Element == UIKitObject {
  /// Marks in `attached` (one flag per object, all false on entry) every object reachable
  /// from `root` through containment and presentation, depth first.
  /// - Complexity: O(objects).
  func markReachable(from root: ObjectID, into attached: inout [Bool]) {
    precondition(attached.count == count, "one flag per object")
    withUnsafeBufferPointer { objects in
      attached.withUnsafeMutableBufferPointer { attached in
        func visit(_ id: ObjectID) {
          guard id >= 0, id < objects.count, !attached[id] else { return }
          attached[id] = true
          for child in objects[id].children { visit(child) }
          if let presented = objects[id].presented { visit(presented) }
        }
        visit(root)
      }
    }
  }

  /// `markReachable(from:into:)` in one pass over the objects, for objects whose links have
  /// both ends (a child's `container`, a presented controller's `presenting`) and that are
  /// numbered so that each comes after its container and its presenter: reachable when it is
  /// `root` or either of those is. Sets every flag of `attached` (one per object, whatever they held).
  /// Returns false, `attached` partly set, at an object that comes before its container or
  /// presenter.
  /// - Complexity: O(objects).
  func markReachableInOrder(from root: ObjectID, into attached: inout [Bool]) -> Bool {
    precondition(attached.count == count, "one flag per object")
    return withUnsafeBufferPointer { objects in
      attached.withUnsafeMutableBufferPointer { attached in
        for id in 0..<objects.count {
          let object = objects.baseAddress! + id
          let container = object.pointee.containerOrMinusOne
          let presenting = object.pointee.presentingOrMinusOne
          guard container < id, presenting < id else { return false }
          attached[id] =
            id == root || (container >= 0 && attached[container]) || (presenting >= 0 && attached[presenting])
        }
        return true
      }
    }
  }

  /// Cuts the children of container `container` to their first `kept`, clearing the
  /// `container` link of those removed; returns the last child before the cut.
  /// - Complexity: O(children removed).
  mutating func truncateChildren(of container: ObjectID, to kept: Int) -> ObjectID? {
    precondition(container >= 0 && container < count, "no such container")
    return withUnsafeMutableBufferPointer { objects in
      let stack = objects.baseAddress! + container
      let children = stack.pointee.children.count
      precondition(kept >= 0 && kept <= children, "cannot keep more children than there are")
      let oldLast = stack.pointee.children.last
      for position in kept..<children {
        let child = stack.pointee.children.id(unchecked: position)
        precondition(child >= 0 && child < objects.count, "a child is not in the world")
        objects[child].container = nil
      }
      stack.pointee.children.removeLast(children - kept)
      return oldLast
    }
  }

  /// Replaces the children of container `container` by `list`: children not `isKept` lose
  /// their `container` link, and every one of `list` gets it; returns the last child before.
  /// - Complexity: O(children + list).
  mutating func replaceChildren(
    of container: ObjectID, with list: IDList, keeping isKept: (ObjectID) -> Bool
  ) -> ObjectID? {
    precondition(container >= 0 && container < count, "no such container")
    return withUnsafeMutableBufferPointer { objects in
      let stack = objects.baseAddress! + container
      let oldLast = stack.pointee.children.last
      for position in 0..<stack.pointee.children.count {
        let child = stack.pointee.children.id(unchecked: position)
        precondition(child >= 0 && child < objects.count, "a child is not in the world")
        if !isKept(child) { objects[child].container = nil }
      }
      for position in 0..<list.count {
        let child = list.id(unchecked: position)
        precondition(child >= 0 && child < objects.count, "a new child is not in the world")
        objects[child].container = container
      }
      stack.pointee.children.replace(with: list)
      return oldLast
    }
  }
}
