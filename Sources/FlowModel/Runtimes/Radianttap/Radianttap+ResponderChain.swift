import FlowLanguage

// radianttap's `coordinatingResponder` chain (`UIKit-CoordinatingExtensions.swift`):
// a view controller's next responder is its `parentCoordinator`, else its container
// (`parent`), else its `presentingViewController`, else its view's superview (the window,
// then the application: the end). A coordinator's is its `parent`; the window coordinator's
// is the scene delegate (the end). The first coordinator that overrides the method runs it.
extension FlowStep where Runtime == Radianttap {
  /// One link of the chain.
  enum Responder: Equatable {
    case viewController(ObjectID)
    case coordinator(CoordinatorID)
  }

  func nextResponder(after responder: Responder) -> Responder? {
    switch responder {
    case .viewController(let vc):
      let object = state.world.objects[vc]
      if let c = object.associatedCoordinator, isAlive(c) { return .coordinator(c) }
      if let container = object.container { return .viewController(container) }
      if let presenting = object.presenting { return .viewController(presenting) }
      return nil
    case .coordinator(let c):
      if isAlive(c), let parent = state.coordinators[c].parent, isAlive(parent) {
        return .coordinator(parent)
      }
      return nil
    }
  }

  /// The first coordinator on the chain from `responder` (coordinators it passes through,
  /// in order) for which `handles` is true, or nil. Walks the links one at a time: this runs
  /// on every tap and message, and building a list of the chain would allocate each time.
  func firstCoordinator(from responder: Responder, where handles: (CoordinatorID) -> Bool) -> CoordinatorID? {
    var current: Responder? = responder
    var hops = 0
    while let link = current, hops < 256 {
      if case .coordinator(let c) = link, handles(c) { return c }
      current = nextResponder(after: link)
      hops += 1
    }
    return nil
  }

  /// The user taps `event` on the visible screen `vc`: the first coordinator on the chain
  /// with a handler for it runs it; if none does, the tap is lost: a dead screen, unless the
  /// screen is a sheet whose animated dismissal is still running, which is leaving whatever
  /// its coordinator does (the coordinator may have finished when it asked for the
  /// dismissal), so nothing the user needs is lost.
  mutating func tap(event: Int, on vc: ObjectID) {
    guard case .screen(let screen) = state.world.objects[vc].kind else { return }
    var found: FlowTables.Handler?
    let handler = firstCoordinator(from: .viewController(vc)) { c in
      found = tables.screenHandler(
        declaration: state.coordinators[c].declaration, screen: screen, event: event)
      return found != nil
    }
    guard let handler, let found else {
      guard !state.world.isAnimatingAway(vc) else {
        note(
          .library,
          "no coordinator on the responder chain handles the tap '\(tapLabel(screen: screen, event: event))': it does nothing, as the sheet is already leaving"
        )
        return
      }
      report(
        .deadScreen,
        "the tap '\(tapLabel(screen: screen, event: event))' went up the responder chain and no coordinator handled it"
      )
      return
    }
    let body = found.body
    handlersRun.append(found.slot)
    note(.library, "\(name(ofCoordinator: handler)) handles \(tapLabel(screen: screen, event: event))")
    running(handler) { step in step.execute(body, in: handler) }
  }

  /// `Screen.event` for logs and reports, built only when one is written.
  func tapLabel(screen: Int, event: Int) -> String {
    "\(tables.flow.screens[screen].name).\(tables.flow.screens[screen].events[event])"
  }

  /// `send MESSAGE(args)` from coordinator `c`: the message starts at `c` itself (a call on
  /// `self` reaches its own override first) and travels to its parents, carrying the
  /// arguments evaluated in `c` (an `@objc` method's parameters, as `globalDisplay(page:)`).
  mutating func send(_ message: Int, _ arguments: [CheckedExpression], from c: CoordinatorID) {
    let values = arguments.map { evaluate($0, in: c) }
    var found: FlowTables.Handler?
    let handler = firstCoordinator(from: .coordinator(c)) { handler in
      found = tables.messageHandler(declaration: state.coordinators[handler].declaration, message: message)
      return found != nil
    }
    guard let handler, let found else {
      report(
        .unhandledMessage,
        "message '\(messageLabel(message, values))' sent by \(name(ofCoordinator: c)) reached the scene delegate unhandled"
      )
      return
    }
    let passed = clamped(values, to: found.parameters)
    note(.library, "\(name(ofCoordinator: handler)) handles message \(messageLabel(message, passed))")
    runMessageHandler(found, in: handler, arguments: passed)
  }

  /// `open(2)`, or `open` for a message without arguments.
  func messageLabel(_ message: Int, _ values: [Int]) -> String {
    values.isEmpty
      ? tables.flow.messages[message]
      : "\(tables.flow.messages[message])(\(argumentsText(values, message: message)))"
  }
}
