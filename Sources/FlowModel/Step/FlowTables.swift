import FlowLanguage

/// Lookup tables computed once per flow, so that a step never searches by name.
///
/// Handlers are kept sparse (a dictionary per coordinator, used only for lookups, never
/// iterated), so the tables grow with the number of handlers, not coordinators × screens.
///
/// A class holding the flow too: a step refers to both through one reference, where copying
/// the two structs into every step retained and released each of their arrays.
final class FlowTables: Sendable {
  /// The flow the tables are for.
  let flow: CheckedFlow
  /// A handler body with its coverage slot (see `handlerLabels`).
  struct Handler: Sendable {
    let body: [CheckedStatement]
    let slot: Int
    /// A message handler's parameters: local variables of its coordinator, set to the
    /// arguments while the body runs (`FlowStep.runMessageHandler`). Empty for none.
    var parameters: [Int] = []
  }

  /// Per variable: its slot in `FlowState.globals` or in `CoordinatorState.locals`.
  let slot: [Int]
  /// Per variable: whether it is coordinator-local.
  let isLocal: [Bool]
  /// Per coordinator declaration: the initial values of its locals, in slot order.
  let initialLocals: [LocalValues]
  /// Initial values of the globals, in slot order.
  let initialGlobals: [Int]
  /// Per coordinator declaration: its screen-event handlers, keyed by `screenEventKey`.
  let screenHandlers: [[Int: Handler]]
  /// Per coordinator declaration: its message handlers, keyed by message index.
  let messageHandlers: [[Int: Handler]]
  /// What each coverage slot is, as the flow writes it (`Catalog: on Product.related`).
  let handlerLabels: [String]
  /// Per coverage slot: where the handler is written in the flow (a byte offset).
  let handlerDeclaredAt: [Int]

  static func screenEventKey(screen: Int, event: Int) -> Int { screen << 20 | event }

  func screenHandler(declaration: Int, screen: Int, event: Int) -> Handler? {
    screenHandlers[declaration][Self.screenEventKey(screen: screen, event: event)]
  }

  func messageHandler(declaration: Int, message: Int) -> Handler? {
    messageHandlers[declaration][message]
  }

  /// The parameters of some handler of `message` (they all have one signature); empty when
  /// it has none or no coordinator handles it.
  func parameters(of message: Int) -> [Int] {
    for perMessage in messageHandlers {
      if let handler = perMessage[message] { return handler.parameters }
    }
    return []
  }

  init(flow: CheckedFlow) {
    self.flow = flow
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
    self.initialLocals = initialLocals.map(LocalValues.init)
    self.initialGlobals = initialGlobals

    var labels: [String] = []
    var declaredAt: [Int] = []
    var screenHandlers: [[Int: Handler]] = []
    var messageHandlers: [[Int: Handler]] = []
    for coordinator in flow.coordinators {
      var perScreen: [Int: Handler] = [:]
      for handler in coordinator.screenHandlers
      where handler.screen < flow.screens.count && handler.event < flow.screens[handler.screen].events.count {
        let key = Self.screenEventKey(screen: handler.screen, event: handler.event)
        guard perScreen[key] == nil else { continue }
        perScreen[key] = Handler(body: handler.body, slot: labels.count)
        let screen = flow.screens[handler.screen]
        labels.append("\(coordinator.name): on \(screen.name).\(screen.events[handler.event])")
        declaredAt.append(handler.declaredAt)
      }
      screenHandlers.append(perScreen)
      var perMessage: [Int: Handler] = [:]
      for message in coordinator.messageHandlers.keys.sorted() where message < flow.messages.count {
        perMessage[message] = Handler(
          body: coordinator.messageHandlers[message]!, slot: labels.count,
          parameters: coordinator.messageParameters[message] ?? [])
        labels.append("\(coordinator.name): handle \(flow.messages[message])")
        declaredAt.append(coordinator.messageHandlersDeclaredAt[message] ?? coordinator.declaredAt)
      }
      messageHandlers.append(perMessage)
    }
    self.screenHandlers = screenHandlers
    self.messageHandlers = messageHandlers
    self.handlerLabels = labels
    self.handlerDeclaredAt = declaredAt
  }
}
