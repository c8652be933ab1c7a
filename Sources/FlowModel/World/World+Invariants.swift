extension World {
  /// Structural consistency of the world, one lowercase message per problem (empty when
  /// consistent). Tests call it after every operation.
  ///
  /// Checked: every id is in range; `container` and `children` agree, children are unique
  /// and only containers have them; a stack holds no navigation or tab bar controller;
  /// `presented` and `presenting` agree and link presentation roots only; no object is in
  /// two places (a container, a presenter, the window); the window's root has no container;
  /// no containment or presentation cycle; only controllers in the window hierarchy present;
  /// a tab bar's selected index is in range.
  ///
  /// - Complexity: O(n · d) for n objects nested at most d deep.
  public func checkInvariants() -> [String] {
    var problems: [String] = []
    let count = objects.count
    func valid(_ id: ObjectID?) -> Bool { id.map { $0 >= 0 && $0 < count } ?? true }

    if let root = windowRoot {
      if !valid(root) {
        problems.append("window root '#\(root)' does not exist")
        return problems
      }
      if let container = objects[root].container {
        problems.append("window root '#\(root)' is a child of '#\(container)'")
      }
      if let presenter = objects[root].presenting {
        problems.append("window root '#\(root)' is presented by '#\(presenter)'")
      }
    }
    for (id, object) in objects.enumerated() {
      for reference in [object.container, object.presented, object.presenting]
        + object.children.map(Optional.some)
      where !valid(reference) {
        problems.append("'#\(id)' refers to '#\(reference!)', which does not exist")
      }
    }
    if !problems.isEmpty { return problems }

    for (id, object) in objects.enumerated() {
      if object.isScreen && !object.children.isEmpty {
        problems.append("screen '#\(id)' has children")
      }
      for (index, child) in object.children.enumerated() {
        if object.children[..<index].contains(child) {
          problems.append("'#\(child)' appears twice among the children of '#\(id)'")
        }
        if objects[child].container != id {
          problems.append(
            "'#\(child)' is a child of '#\(id)' but its container is \(name(objects[child].container))")
        }
        if object.isNavigationController && objects[child].isContainer {
          problems.append("navigation stack of '#\(id)' holds container '#\(child)'")
        }
      }
      if let container = object.container, !objects[container].children.contains(id) {
        problems.append("'#\(id)' names '#\(container)' as container but is not among its children")
      }
      if let presented = object.presented, objects[presented].presenting != id {
        problems.append(
          "'#\(id)' presents '#\(presented)' whose presenter is \(name(objects[presented].presenting))")
      }
      if let presenter = object.presenting, objects[presenter].presented != id {
        problems.append(
          "'#\(id)' is presented by '#\(presenter)' which presents \(name(objects[presenter].presented))")
      }
      if object.container != nil && (object.presented != nil || object.presenting != nil) {
        problems.append("child '#\(id)' takes part in a presentation; only presentation roots do")
      }
      if object.container != nil && object.presenting != nil {
        problems.append("'#\(id)' is both a child and presented")
      }
      if object.isTabBarController {
        let valid =
          object.children.isEmpty
          ? object.selectedIndex == 0 : object.children.indices.contains(object.selectedIndex)
        if !valid {
          problems.append(
            "tab bar '#\(id)' selects index \(object.selectedIndex) of \(object.children.count) tabs")
        }
      }
      if !object.isTabBarController && object.selectedIndex != 0 {
        problems.append("'#\(id)' is not a tab bar but selects index \(object.selectedIndex)")
      }
      if object.modalTransition != nil && object.presenting == nil {
        problems.append("'#\(id)' animates a presentation or dismissal but is not presented")
      }
      if reaches(id, from: object.container, along: \.container) {
        problems.append("'#\(id)' contains itself")
      }
      if reaches(id, from: object.presenting, along: \.presenting) {
        problems.append("'#\(id)' presents itself through its presenters")
      }
    }
    var visited = Set<ObjectID>()
    var next = windowRoot
    while let current = next {
      if !visited.insert(current).inserted {
        problems.append("modal chain loops at '#\(current)'")
        break
      }
      next = objects[current].presented
    }
    let animating = objects.indices.filter { objects[$0].modalTransition != nil }
    if animating.count > 1 {
      problems.append(
        "\(animating.count) presentations or dismissals animate at once: \(animating.map { "'#\($0)'" })")
    }
    // Walking presenters is only safe once the structure has no cycles.
    if problems.isEmpty {
      for (id, object) in objects.enumerated() where object.presented != nil && !isInWindowHierarchy(id) {
        problems.append("'#\(id)' presents outside the window hierarchy")
      }
    }
    return problems
  }

  /// True when following `link` from `start` comes back to `target` (bounded by the number of
  /// objects, so a cycle elsewhere cannot hang it).
  private func reaches(
    _ target: ObjectID, from start: ObjectID?, along link: KeyPath<UIKitObject, ObjectID?>
  ) -> Bool {
    var steps = 0
    var next = start
    while let current = next, steps <= objects.count {
      if current == target { return true }
      steps += 1
      next = objects[current][keyPath: link]
    }
    return false
  }

  private func name(_ id: ObjectID?) -> String {
    id.map { "'#\($0)'" } ?? "none"
  }
}
