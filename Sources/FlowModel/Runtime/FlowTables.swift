import FlowLanguage

/// Lookup tables computed once per flow, so that a step never searches by name.
struct FlowTables: Sendable {
  /// Per variable: its slot in `FlowState.globals` or in `CoordinatorInstance.locals`.
  let slot: [Int]
  /// Per variable: whether it is coordinator-local.
  let isLocal: [Bool]
  /// Per coordinator declaration: the initial values of its locals, in slot order.
  let initialLocals: [[Int]]
  /// Initial values of the globals, in slot order.
  let initialGlobals: [Int]
  /// Per coordinator declaration, per screen, per event: the handler body, if any.
  let screenHandler: [[[[CheckedStatement]?]]]
  /// Per coordinator declaration, per message: the handler body, if any.
  let messageHandler: [[[CheckedStatement]?]]
  /// Coverage slot of each screen handler and message handler, per declaration.
  let screenHandlerSlot: [[[Int?]]]
  let messageHandlerSlot: [[Int?]]
  /// What each coverage slot is, as the flow writes it (`Catalog: on Product.related`).
  let handlerLabels: [String]

  init(flow: CheckedFlow) {
    var slot: [Int] = []
    var isLocal: [Bool] = []
    var initialLocals = [[Int]](repeating: [], count: flow.coordinators.count)
    var initialGlobals: [Int] = []
    for variable in flow.variables {
      if let owner = variable.owner {
        slot.append(initialLocals[owner].count)
        isLocal.append(true)
        initialLocals[owner].append(variable.initialValue)
      } else {
        slot.append(initialGlobals.count)
        isLocal.append(false)
        initialGlobals.append(variable.initialValue)
      }
    }
    self.slot = slot
    self.isLocal = isLocal
    self.initialLocals = initialLocals
    self.initialGlobals = initialGlobals

    var screenHandler: [[[[CheckedStatement]?]]] = []
    var messageHandler: [[[CheckedStatement]?]] = []
    for coordinator in flow.coordinators {
      var perScreen = flow.screens.map { [[CheckedStatement]?](repeating: nil, count: $0.events.count) }
      for handler in coordinator.screenHandlers
      where handler.screen < perScreen.count && handler.event < perScreen[handler.screen].count {
        perScreen[handler.screen][handler.event] = handler.body
      }
      screenHandler.append(perScreen)
      var perMessage = [[CheckedStatement]?](repeating: nil, count: flow.messages.count)
      for (message, body) in coordinator.messageHandlers where message < perMessage.count {
        perMessage[message] = body
      }
      messageHandler.append(perMessage)
    }
    self.screenHandler = screenHandler
    self.messageHandler = messageHandler

    var labels: [String] = []
    var screenSlots: [[[Int?]]] = []
    var messageSlots: [[Int?]] = []
    for coordinator in flow.coordinators {
      var perScreen = flow.screens.map { [Int?](repeating: nil, count: $0.events.count) }
      for handler in coordinator.screenHandlers
      where handler.screen < perScreen.count && handler.event < perScreen[handler.screen].count {
        perScreen[handler.screen][handler.event] = labels.count
        let screen = flow.screens[handler.screen]
        labels.append("\(coordinator.name): on \(screen.name).\(screen.events[handler.event])")
      }
      screenSlots.append(perScreen)
      var perMessage = [Int?](repeating: nil, count: flow.messages.count)
      for message in coordinator.messageHandlers.keys.sorted() where message < perMessage.count {
        perMessage[message] = labels.count
        labels.append("\(coordinator.name): handle \(flow.messages[message])")
      }
      messageSlots.append(perMessage)
    }
    self.screenHandlerSlot = screenSlots
    self.messageHandlerSlot = messageSlots
    self.handlerLabels = labels
  }
}
