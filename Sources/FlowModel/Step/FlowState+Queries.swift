import FlowLanguage

// Questions about a state, shared by statements (`if`), app-event guards and properties.
extension FlowState {
  /// The screen index of the controller the user can touch, or nil.
  public func topScreen() -> Int? {
    guard let top = world.visibleTop(), case .screen(let screen) = world.objects[top].kind else {
      return nil
    }
    return screen
  }

  /// Number of controllers in the navigation stack holding the visible screen.
  public func visibleStackCount() -> Int {
    guard let top = world.visibleTop(), let nav = world.navigationController(of: top) else { return 0 }
    return world.objects[nav].children.count
  }

  /// Length of the modal chain above the window's root.
  public func presentedCount() -> Int { world.modalTop()?.presentedCount ?? 0 }

  /// The coordinators reachable from the window coordinator through their children, depth
  /// first, then those reachable from the ones the runtime's app-wide state holds.
  public func coordinatorTree() -> [CoordinatorID] {
    var order: [CoordinatorID] = []
    order.reserveCapacity(coordinators.count)
    var seen = CoordinatorMarks(count: coordinators.count)
    if let app = appCoordinator { visitTree(from: app, into: &order, seen: &seen) }
    for c in library.heldCoordinators { visitTree(from: c, into: &order, seen: &seen) }
    return order
  }

  /// Appends `root` and its descendants not seen yet to `order`, depth first, pre-order.
  private func visitTree(
    from root: CoordinatorID, into order: inout [CoordinatorID], seen: inout CoordinatorMarks
  ) {
    // Each coordinator is visited once and pushes at most its children.
    let stackSize = 1 + coordinators.count * IDList.capacity
    withUnsafeTemporaryAllocation(of: CoordinatorID.self, capacity: stackSize) { stack in
      stack[0] = root
      var count = 1
      while count > 0 {
        count -= 1
        let c = stack[count]
        guard c >= 0, c < coordinators.count, !seen[c], coordinators[c].isAlive else { continue }
        seen.insert(c)
        order.append(c)
        let children = coordinators[c].children
        var index = children.count
        while index > 0 {
          index -= 1
          stack[count] = children.id(unchecked: index)
          count += 1
        }
      }
    }
  }

  func value(of variable: Int, tables: FlowTables, context: CoordinatorID?) -> Int {
    let slot = tables.slot[variable]
    if tables.isLocal[variable] {
      guard let context, let c = liveCoordinator(context), slot < c.locals.count else { return 0 }
      return c.locals[slot]
    }
    // The crashed app's single state has no variables; properties read 0 there, as they
    // do for a coordinator that is gone.
    guard slot < globals.count else { return 0 }
    return globals[slot]
  }

  /// Evaluates an expression; Bool as 0/1, screens as their index (-1 for none). The
  /// resolver refuses arithmetic whose range can leave the 64-bit integers
  /// (`integer-overflow`), so none of it overflows here.
  func evaluate(
    _ expression: CheckedExpression, tables: FlowTables, context: CoordinatorID?
  ) -> Int {
    var readsVariables = false
    return evaluate(expression, tables: tables, context: context, readsVariables: &readsVariables)
  }

  /// `evaluate(_:tables:context:)`, setting `readsVariables` when the value read one of the
  /// flow's global variables: a step that reads none of them does the same whatever their
  /// values (see `StepCache`).
  func evaluate(
    _ expression: CheckedExpression, tables: FlowTables, context: CoordinatorID?, readsVariables: inout Bool
  ) -> Int {
    switch expression {
    case .bool(let value): return value ? 1 : 0
    case .integer(let value): return value
    case .variable(let variable):
      if !tables.isLocal[variable] { readsVariables = true }
      return value(of: variable, tables: tables, context: context)
    case .screen(let screen): return screen
    case .top: return topScreen() ?? -1
    case .stack: return visibleStackCount()
    case .presented: return presentedCount()
    case .animating:
      return world.modalTransitionInFlight() != nil || !world.navigationTransitionsInFlight().isEmpty ? 1 : 0
    case .started(let declaration):
      return coordinatorTree().contains { coordinators[$0].declaration == declaration } ? 1 : 0
    case .onScreen(let screen):
      let attached = world.attachedObjects()
      for (id, object) in world.objects.enumerated() where attached[id] && object.kind == .screen(screen) {
        return 1
      }
      return 0
    case .not(let operand):
      return evaluate(operand, tables: tables, context: context, readsVariables: &readsVariables) == 0 ? 1 : 0
    case .negate(let operand):
      return -evaluate(operand, tables: tables, context: context, readsVariables: &readsVariables)
    case .binary(let op, let lhs, let rhs):
      let left = evaluate(lhs, tables: tables, context: context, readsVariables: &readsVariables)
      switch op {
      case .and:
        return left != 0
          && evaluate(rhs, tables: tables, context: context, readsVariables: &readsVariables) != 0
          ? 1 : 0
      case .or:
        return left != 0
          || evaluate(rhs, tables: tables, context: context, readsVariables: &readsVariables) != 0
          ? 1 : 0
      default: break
      }
      let right = evaluate(rhs, tables: tables, context: context, readsVariables: &readsVariables)
      switch op {
      case .equal: return left == right ? 1 : 0
      case .notEqual: return left != right ? 1 : 0
      case .less: return left < right ? 1 : 0
      case .lessOrEqual: return left <= right ? 1 : 0
      case .greater: return left > right ? 1 : 0
      case .greaterOrEqual: return left >= right ? 1 : 0
      case .add: return left + right
      case .subtract: return left - right
      case .and, .or: return 0
      }
    }
  }

  /// Some stack, list of held objects or children list took more ids than `IDList.capacity`.
  public var hasOverflowedList: Bool {
    for object in world.objects where object.children.overflowed { return true }
    for instance in coordinators where instance.children.overflowed || instance.heldObjects.overflowed {
      return true
    }
    if library.heldCoordinators.overflowed || library.heldObjects.overflowed { return true }
    return false
  }

  /// The name of pending task `task`: the flow's `after NAME`, or the runtime's own work.
  public func taskName(_ task: Int, flow: CheckedFlow) -> String {
    task < flow.asyncTasks.count
      ? flow.asyncTasks[task].name : Runtime.name(ofLibraryWork: task - flow.asyncTasks.count)
  }

  /// Coordinator `c` if it exists and is not deallocated.
  public func liveCoordinator(_ c: CoordinatorID) -> Runtime.Coordinator? {
    c >= 0 && c < coordinators.count && coordinators[c].isAlive ? coordinators[c] : nil
  }

  /// The tab at `index` of `tabBar` as the user knows it: by the coordinator whose root it
  /// is (`root tab`), else by the screen it is, else by its position (1-based).
  public func tabName(_ tabBar: ObjectID, index: Int, flow: CheckedFlow) -> String {
    let tabs = world.objects[tabBar].children
    guard index < tabs.count else { return "\(index + 1)" }
    let tab = tabs[index]
    if tab < owners.count, let owner = owners[tab], let c = liveCoordinator(owner),
      coordinators[owner].root == tab
    {
      return flow.coordinators[c.declaration].name
    }
    if case .screen(let screen) = world.objects[tab].kind { return flow.screens[screen].name }
    return "\(index + 1)"
  }
}
