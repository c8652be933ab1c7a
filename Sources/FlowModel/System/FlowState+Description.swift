import FlowLanguage

// A state as a developer would sketch it: the window's containers and modal chain,
// the coordinator tree with the runtime's part of each, variables and pending work.
extension FlowState {
  /// One line per fact, stable in order, so that two consecutive states can be diffed line by line.
  public func describe(flow: CheckedFlow) -> [String] {
    if crashed { return ["the app crashed"] }
    var lines: [String] = []
    if beyondBounds { lines.append("(beyond the declared bounds: not explored further)") }
    func objectName(_ id: ObjectID) -> String {
      switch world.objects[id].kind {
      case .screen(let screen): return flow.screens[screen].name
      case .navigationController: return "UINavigationController"
      case .tabBarController: return "UITabBarController"
      }
    }
    func coordinatorName(_ id: CoordinatorID?) -> String {
      guard let id, let c = liveCoordinator(id) else { return "nil" }
      return flow.coordinators[c.declaration].name
    }
    func container(_ id: ObjectID) -> String {
      let object = world.objects[id]
      switch object.kind {
      case .screen: return objectName(id)
      case .navigationController:
        let delegate = object.delegate.map { " delegate: \(coordinatorName($0))" } ?? " delegate: nil"
        return "UINavigationController [" + object.children.map(container).joined(separator: ", ") + "]"
          + " {" + delegate.dropFirst() + "}" + navigationInFlight(id)
      case .tabBarController:
        let tabs = object.children.enumerated().map { index, child in
          (index == object.selectedIndex ? "*" : "") + container(child)
        }
        return "UITabBarController [" + tabs.joined(separator: " | ") + "]"
      }
    }
    // A push or pop still animating (`limits { inflight 1 }`), and the stack the calls UIKit
    // deferred until its end will leave.
    func navigationInFlight(_ id: ObjectID) -> String {
      guard world.objects[id].navigationTransitionFrom != nil else { return "" }
      var text = world.isPushInFlight(id) ? " (push animating" : " (pop animating"
      if let deferred = world.deferredNavigations.first(where: { $0.nav == id }) {
        text += "; deferred until it ends: [" + deferred.stack.map(container).joined(separator: ", ") + "]"
      }
      return text + ")"
    }
    let chain = world.modalChain()
    for (level, id) in chain.enumerated() {
      let object = world.objects[id]
      if level == 0 {
        lines.append("window: " + container(id))
      } else {
        var style = object.style.rawValue
        if world.isModalInPresentationEffective(id) { style += ", modalInPresentation" }
        switch object.modalTransition {
        case .presenting: style += ", animating in"
        case .dismissing: style += ", animating out"
        case nil: break
        }
        lines.append(String(repeating: "  ", count: level) + "presents (\(style)): " + container(id))
      }
    }
    if chain.isEmpty { lines.append("window: no root view controller") }
    let tables = FlowTables(flow: flow)
    // Per declaration, its own variables as the state keeps them between steps: not a
    // message's parameters nor a completion's result, which hold a value only while their
    // block runs.
    var transient = Set(flow.completionBlocks.map(\.resultVariable))
    for coordinator in flow.coordinators {
      for parameters in coordinator.messageParameters.values { transient.formUnion(parameters) }
    }
    var locals = [[Int]](repeating: [], count: flow.coordinators.count)
    for (index, variable) in flow.variables.enumerated() where !transient.contains(index) {
      if let owner = variable.owner, owner < locals.count { locals[owner].append(index) }
    }
    func describeCoordinator(_ id: CoordinatorID, level: Int) {
      guard let c = liveCoordinator(id) else { return }
      let info = flow.coordinators[c.declaration]
      var text =
        String(repeating: "  ", count: level) + info.name
        + Runtime.describe(c, id: id, in: self, flow: flow, objectName: objectName)
      // `; paying = true, count = 2`: its own variables.
      if c.declaration < locals.count, !locals[c.declaration].isEmpty {
        text +=
          "; "
          + locals[c.declaration].map { describe(variable: $0, tables: tables, context: id, flow: flow) }
          .joined(separator: ", ")
      }
      lines.append(text)
      for child in c.children { describeCoordinator(child, level: level + 1) }
    }
    lines.append("coordinators:")
    if let app = appCoordinator { describeCoordinator(app, level: 1) }
    // Coordinators a library holds beside the tree (a host's stack, say), each once.
    var described = Set<CoordinatorID>()
    func collect(_ id: CoordinatorID) {
      guard described.insert(id).inserted, let c = liveCoordinator(id) else { return }
      for child in c.children { collect(child) }
    }
    if let app = appCoordinator { collect(app) }
    for id in library.heldCoordinators where !described.contains(id) && liveCoordinator(id) != nil {
      collect(id)
      describeCoordinator(id, level: 1)
    }
    let tree = Set(coordinatorTree())
    for id in coordinators.indices where !tree.contains(id) && coordinators[id].isAlive {
      lines.append("  (outside the tree) " + coordinatorName(id))
    }
    let globalsText = flow.variables.indices.compactMap { index -> String? in
      guard flow.variables[index].owner == nil else { return nil }
      return describe(variable: index, tables: tables, context: nil, flow: flow)
    }
    if !globalsText.isEmpty { lines.append("variables: " + globalsText.joined(separator: ", ")) }
    lines += library.describe(flow: flow, objectName: objectName, coordinatorName: { coordinatorName($0) })
    if !pending.isEmpty {
      lines.append(
        "pending: "
          + pending.map { "\(taskName($0.task, flow: flow)) (\(coordinatorName($0.coordinator)))" }.joined(
            separator: ", "))
    }
    return lines
  }

  /// `paying = true`, `count = 2`: a variable's value in `context` (nil for a global).
  private func describe(variable index: Int, tables: FlowTables, context: CoordinatorID?, flow: CheckedFlow)
    -> String
  {
    let variable = flow.variables[index]
    let value = self.value(of: index, tables: tables, context: context)
    return variable.type == .bool ? "\(variable.name) = \(value != 0)" : "\(variable.name) = \(value)"
  }
}

extension FlowState {
  /// A presented navigation controller as logs and events name it: by the coordinator that
  /// owns it, `UINavigationController(Payment)`, or `UINavigationController` when none does.
  public func navigationControllerName(_ id: ObjectID, flow: CheckedFlow) -> String {
    let owner = owners[id].flatMap { liveCoordinator($0) }.map {
      "(\(flow.coordinators[$0.declaration].name))"
    }
    return "UINavigationController" + (owner ?? "")
  }
}
