import FlowLanguage

// radianttap's `coordinatingResponder` chain (`UIKit-CoordinatingExtensions.swift`):
// a view controller's next responder is its `parentCoordinator`, else its container
// (`parent`), else its `presentingViewController`, else its view's superview (the window,
// then the application: the end). A coordinator's is its `parent`; the window coordinator's
// is the scene delegate (the end). The first coordinator that overrides the method runs it.
extension FlowStep {
  /// One link of the chain.
  enum Responder: Equatable {
    case viewController(ObjectID)
    case coordinator(CoordinatorID)
  }

  func nextResponder(after responder: Responder) -> Responder? {
    switch responder {
    case .viewController(let vc):
      let object = state.world.objects[vc]
      if let c = object.parentCoordinator, isAlive(c) { return .coordinator(c) }
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

  /// The coordinators a call starting at `responder` passes through, in order.
  func coordinatorChain(from responder: Responder) -> [CoordinatorID] {
    var chain: [CoordinatorID] = []
    var current: Responder? = responder
    var hops = 0
    while let link = current, hops < 256 {
      if case .coordinator(let c) = link { chain.append(c) }
      current = nextResponder(after: link)
      hops += 1
    }
    return chain
  }

  /// The user taps `event` on the visible screen `vc`: the first coordinator on the chain
  /// with a handler for it runs it; if none does, the tap is lost.
  mutating func tap(event: Int, on vc: ObjectID) {
    guard case .screen(let screen) = state.world.objects[vc].kind else { return }
    let label = "\(flow.screens[screen].name).\(flow.screens[screen].events[event])"
    for c in coordinatorChain(from: .viewController(vc)) {
      let declaration = state.coordinators[c].declaration
      if let handler = tables.screenHandler(declaration: declaration, screen: screen, event: event) {
        let body = handler.body
        handlersRun.append(handler.slot)
        note(.library, "\(name(ofCoordinator: c)) handles \(label)")
        running(c) { step in step.execute(body, in: c) }
        return
      }
    }
    report(.deadScreen, "the tap '\(label)' went up the responder chain and no coordinator handled it")
  }

  /// `send MESSAGE` from coordinator `c`: the message starts at `c` itself (a call on
  /// `self` reaches its own override first) and travels to its parents.
  mutating func send(_ message: Int, from c: CoordinatorID) {
    let label = flow.messages[message]
    for handler in coordinatorChain(from: .coordinator(c)) {
      let declaration = state.coordinators[handler].declaration
      if let found = tables.messageHandler(declaration: declaration, message: message) {
        let body = found.body
        handlersRun.append(found.slot)
        note(.library, "\(name(ofCoordinator: handler)) handles message \(label)")
        running(handler) { step in step.execute(body, in: handler) }
        return
      }
    }
    report(
      .unhandledMessage,
      "message '\(label)' sent by \(name(ofCoordinator: c)) reached the scene delegate unhandled")
  }
}
