import FlowLanguage

// The base class of a team's own coordinators, as Firefox for iOS writes it
// (firefox-ios/Client/Coordinators/BaseCoordinator.swift: `add(child:)` appends, `remove(child:)`
// removes the first with the same id; each coordinator's typed `weak var parentCoordinator`;
// BrowserCoordinator `handleSettings` for a presented child) and Element iOS
// (Riot/Coordinators/Coordinator.swift): children in a strong array, a weak parent, a view
// controller's delegate the coordinator that made it.
extension FlowStep where Runtime == Handwritten {
  /// The app's code making a coordinator with its router: on a new navigation controller
  /// (`root window`, `root presented`), of which the new router is the delegate, or on
  /// `parent`'s (`root parent`: made with the parent's router, which stays the delegate).
  mutating func makeCoordinator(_ declaration: Int, parent: CoordinatorID?) -> CoordinatorID {
    let info = tables.flow.coordinators[declaration]
    let id = state.coordinators.count
    let nav: ObjectID
    if info.root == .parent, let parent, isAlive(parent) {
      nav = state.coordinators[parent].root
      note(.library, "\(info.name)(router: \(name(ofRouterOf: parent)))")
    } else {
      let style = info.root == .presented ? info.presentedStyle : .pageSheet
      nav = makeNavigationController(
        owner: id, style: style,
        modalInPresentation: info.root == .presented && info.presentedModalInPresentation)
      // `DefaultRouter.init`: `navigationController.delegate = self`.
      state.world.objects[nav].delegate = id
      note(.library, "\(info.name)(router: DefaultRouter(navigationController: UINavigationController()))")
    }
    var instance = HandwrittenCoordinator(
      declaration: declaration, root: nav, locals: tables.initialLocals[declaration])
    instance.isKept = flowPresentsAgain(declaration)
    state.coordinators.append(instance)
    coordinatorsMayBeFreed = true  // held by nothing until it is made a child or the app's
    return id
  }

  /// Whether some block of the flow presents coordinator `declaration` again
  /// (`presentAgain C`): the app keeps it to show again.
  func flowPresentsAgain(_ declaration: Int) -> Bool {
    func presents(_ statements: [CheckedStatement]) -> Bool {
      statements.contains { statement in
        switch statement {
        case .library(let form):
          form.keyword == Handwritten.presentAgain.keyword && form.operand == declaration
        case .ifElse(_, let then, let otherwise): presents(then) || presents(otherwise)
        default: false
        }
      }
    }
    let flow = tables.flow
    return flow.coordinators.contains { info in
      presents(info.start) || info.screenHandlers.contains { presents($0.body) }
        || info.messageHandlers.values.contains(where: presents)
    } || flow.asyncTasks.contains { presents($0.body) } || flow.appEvents.contains { presents($0.body) }
      || flow.libraryBlocks.contains { presents($0.body) }
  }

  /// The scene delegate makes the window coordinator, puts its navigation controller in the
  /// window and starts it.
  static func launch(_ step: inout FlowStep<Handwritten>) {
    let app = step.makeCoordinator(step.tables.flow.windowCoordinator, parent: nil)
    step.state.appCoordinator = app
    let root = step.state.coordinators[app].root
    step.uikit { $0.setWindowRoot(root, effects: &$1) }
    step.start(app)
  }

  /// `start()`: the flow's `start` block.
  mutating func start(_ c: CoordinatorID) {
    running(c) { step in
      step.note(.library, "\(step.name(ofCoordinator: c)).start()")
      let body = step.flow.coordinators[step.state.coordinators[c].declaration].start
      step.executeStart(body, in: c)
    }
  }

  /// `add(child:)`: `childCoordinators.append(child)` (no check for one already there), and
  /// `child.parentCoordinator = self`.
  private mutating func add(_ child: CoordinatorID, to p: CoordinatorID) {
    note(.library, "\(name(ofCoordinator: p)).add(child: \(name(ofCoordinator: child)))")
    state.coordinators[p].children.append(child)
    state.coordinators[child].parentLink = p
  }

  /// The flow's `startChild C`: make C, `add(child:)`, `start()`; for a child on a navigation
  /// controller of its own, the app's code then places that controller: presented by this
  /// coordinator's router (`root presented`) or as the window's root (`root window`).
  mutating func startChild(_ declaration: Int, from p: CoordinatorID) {
    let child = makeCoordinator(declaration, parent: p)
    add(child, to: p)
    start(child)
    guard !stopped, isAlive(child) else { return collectCoordinators() }
    place(child, animated: true, from: p)
    collectCoordinators()
  }

  /// The child's own navigation controller, presented through `p`'s router or made the
  /// window's root, as its `root` clause says.
  private mutating func place(_ child: CoordinatorID, animated: Bool, from p: CoordinatorID) {
    let nav = state.coordinators[child].root
    switch tables.flow.coordinators[state.coordinators[child].declaration].root {
    case .presented:
      note(.library, "\(name(ofRouterOf: p)).present(\(name(ofObject: nav)), animated: \(animated))")
      let presenter = state.coordinators[p].root
      uikit { $0.present(nav, from: presenter, animated: animated, effects: &$1) }
    case .window:
      note(.library, "window.rootViewController = \(name(ofObject: nav))")
      uikit { $0.setWindowRoot(nav, effects: &$1) }
    default:
      break
    }
  }

  /// `presentChild C animated: B onDismissed { … }`: as `startChild`, with the navigation
  /// controller's `onViewDismissed` set to the block before it is presented
  /// (BrowserCoordinator `handleSettings`, `showTabTray`).
  mutating func presentChild(
    _ declaration: Int, animated: Bool, onDismissed block: Int?, from p: CoordinatorID
  ) {
    let child = makeCoordinator(declaration, parent: p)
    add(child, to: p)
    start(child)
    guard !stopped, isAlive(child) else { return collectCoordinators() }
    if let block {
      note(.library, "\(name(ofObject: state.coordinators[child].root)).onViewDismissed = { … }")
      state.coordinators[child].hook = DisappearHook(parent: p, block: block)
      state.library.hooked.append(child)
      state.library.hooked.sort()
    }
    place(child, animated: animated, from: p)
    collectCoordinators()
  }

  /// The flow's `bridge C`: a bridge presenter for C, kept by the screen whose handler runs
  /// (see `Handwritten.bridge`). Outside a screen's handler, the coordinator's first screen
  /// in the hierarchy keeps it.
  mutating func bridge(_ declaration: Int, animated: Bool, from p: CoordinatorID) {
    let host =
      state.coordinators[p].handlingScreen ?? state.world.topViewController(of: state.coordinators[p].root)
    let child = makeCoordinator(declaration, parent: p)
    state.coordinators[child].parentLink = p
    note(
      .library,
      "\(name(ofObject: host)) keeps a bridge presenter for \(tables.flow.coordinators[declaration].name) in a property"
    )
    if let host {
      // The property holds one bridge: a new one replaces (and frees) the one kept before.
      if let previous = state.library.bridged.first(where: {
        state.coordinators[$0].keptByScreen == host && state.coordinators[$0].declaration == declaration
      }) {
        note(.library, "the new bridge presenter replaces the one that kept \(name(ofCoordinator: previous))")
        state.coordinators[previous].keptByScreen = nil
        state.library.bridged.remove(at: state.library.bridged.firstIndex(of: previous)!)
        holdersMayHaveChanged()
      }
      state.coordinators[child].keptByScreen = host
      state.library.bridged.append(child)
      state.library.bridged.sort()
    }
    start(child)
    guard !stopped, isAlive(child) else { return collectCoordinators() }
    if tables.flow.coordinators[declaration].root == .presented, let host {
      let nav = state.coordinators[child].root
      note(.library, "\(name(ofObject: host)).present(\(name(ofObject: nav)), animated: \(animated))")
      uikit { $0.present(nav, from: host, animated: animated, effects: &$1) }
    }
    collectCoordinators()
  }

  /// The flow's `presentAgain C`: this coordinator's router presents the navigation
  /// controller of its child C again; nothing happens without one.
  mutating func presentAgain(_ declaration: Int, animated: Bool, from p: CoordinatorID) {
    guard
      let child = state.coordinators[p].children.first(where: {
        isAlive($0) && state.coordinators[$0].declaration == declaration
      })
    else {
      note(
        .library,
        "\(name(ofCoordinator: p)) keeps no \(tables.flow.coordinators[declaration].name): nothing happens")
      return
    }
    let nav = state.coordinators[child].root
    let presenter = state.coordinators[p].root
    note(.library, "\(name(ofRouterOf: p)).present(\(name(ofObject: nav)), animated: \(animated))")
    uikit { $0.present(nav, from: presenter, animated: animated, effects: &$1) }
  }

  /// `presentationControllerDidDismiss(_:)` for the sheet `vc` the user swiped down: the
  /// coordinator that presented it runs its `presentationControllerDidDismiss { … }`, if it
  /// wrote one (see `Handwritten.presentationControllerDidDismiss`).
  mutating func presentationDidDismiss(_ vc: ObjectID) {
    note(.uikit, "UIKit: presentationControllerDidDismiss(\(name(ofObject: vc)))")
    guard let owner = state.owners[vc], isAlive(owner) else { return }
    let presenter = state.coordinators[owner].root == vc ? state.coordinators[owner].parentLink : owner
    guard let p = presenter, isAlive(p),
      let member = tables.flow.coordinators[state.coordinators[p].declaration].libraryMembers.first(where: {
        $0.keyword == Handwritten.presentationControllerDidDismiss.keyword
      })
    else { return }
    running(p) { step in
      step.note(.library, "\(step.name(ofCoordinator: p)).presentationControllerDidDismiss")
      step.execute(member.body, in: p)
    }
  }

  /// A screen's `deinit`: the bridge presenters it kept go with it, and their coordinators
  /// with them unless something else holds them.
  mutating func screenDeallocated(_ vc: ObjectID) {
    for c in state.library.bridged where state.coordinators[c].keptByScreen == vc {
      note(
        .library,
        "\(deallocatedName(ofObject: vc))'s bridge presenter for \(name(ofCoordinator: c)) goes with it")
      state.coordinators[c].keptByScreen = nil
      state.library.bridged.remove(at: state.library.bridged.firstIndex(of: c)!)
      holdersMayHaveChanged()
    }
  }

  /// The flow's `stopChild C`: `remove(child:)`, by identity: in a delegate method a child
  /// called (`send m`), that child when it is a C (`didFinish(from: child)`), else the first
  /// child C of `childCoordinators`; nothing happens without one. With `base { removeChild
  /// type }`, every child C goes (`removeChild(withType:)`). UIKit is not told. A C
  /// that a screen of this coordinator keeps through a bridge presenter is let go instead
  /// (`self.xBridgePresenter = nil`).
  mutating func removeChild(_ declaration: Int, from p: CoordinatorID) {
    let childName = tables.flow.coordinators[declaration].name
    if !state.coordinators[p].children.contains(where: {
      isAlive($0) && state.coordinators[$0].declaration == declaration
    }),
      let bridged = state.library.bridged.first(where: {
        state.coordinators[$0].declaration == declaration
          && state.coordinators[$0].keptByScreen.map { state.owners[$0] == p } == true
      })
    {
      let host = state.coordinators[bridged].keptByScreen
      note(.library, "\(name(ofObject: host)) sets its bridge presenter for \(childName) to nil")
      state.coordinators[bridged].keptByScreen = nil
      state.library.bridged.remove(at: state.library.bridged.firstIndex(of: bridged)!)
      holdersMayHaveChanged()
      return
    }
    if removesChildrenByType {
      let children = state.coordinators[p].children
      let kept = children.filter { state.coordinators[$0].declaration != declaration }
      guard kept.count < children.count else {
        note(
          .library,
          "\(name(ofCoordinator: p)).removeChild(withType: \(childName).self): no such child; nothing happens"
        )
        return
      }
      note(.library, "\(name(ofCoordinator: p)).removeChild(withType: \(childName).self)")
      state.coordinators[p].children = IDList(kept)
      holdersMayHaveChanged()
      return
    }
    let sender = state.coordinators[p].messageSender.flatMap { sender in
      state.coordinators[p].children.firstIndex(of: sender).flatMap {
        isAlive(sender) && state.coordinators[sender].declaration == declaration ? $0 : nil
      }
    }
    guard
      let index = sender
        ?? state.coordinators[p].children.firstIndex(where: {
          isAlive($0) && state.coordinators[$0].declaration == declaration
        })
    else {
      note(.library, "\(name(ofCoordinator: p)).remove(child: \(childName)): no such child; nothing happens")
      return
    }
    note(.library, "\(name(ofCoordinator: p)).remove(child: \(childName))")
    state.coordinators[p].children.remove(at: index)
    holdersMayHaveChanged()
  }

  /// The flow's `send m(args)` in coordinator `c`: `parentCoordinator?.m(args)`, the weak
  /// parent's delegate method, its `handle m`. Nothing happens when the parent is gone.
  mutating func callParent(_ message: Int, _ arguments: [CheckedExpression], from c: CoordinatorID) {
    let values = arguments.map { evaluate($0, in: c) }
    let method = tables.flow.messages[message]
    guard let p = state.coordinators[c].parentLink, isAlive(p) else {
      note(.library, "\(name(ofCoordinator: c)).parentCoordinator is nil: '\(method)' goes nowhere")
      return
    }
    guard
      let handler = tables.messageHandler(declaration: state.coordinators[p].declaration, message: message)
    else {
      report(
        .unhandledMessage,
        "\(name(ofCoordinator: c)) calls parentCoordinator?.\(method)(), but its parent \(name(ofCoordinator: p)) has no 'handle \(method)'"
      )
      return
    }
    let passed = clamped(values, to: handler.parameters)
    note(
      .library, "\(name(ofCoordinator: c)) calls parentCoordinator?.\(method) on \(name(ofCoordinator: p))")
    let outer = state.coordinators[p].messageSender
    state.coordinators[p].messageSender = c
    runMessageHandler(handler, in: p, arguments: passed)
    if isAlive(p) { state.coordinators[p].messageSender = outer }
  }

  /// A presented navigation controller's `viewDidDisappear`: its `onViewDismissed` closure
  /// runs once and is cleared (DismissableNavigationViewController), in the parent that set
  /// it when that is still alive (`[weak self]`); the closure no longer keeps the child.
  mutating func viewDidDisappear(_ vc: ObjectID) {
    guard case .navigationController = state.world.objects[vc].kind else { return }
    for c in state.library.hooked where state.coordinators[c].root == vc {
      guard let hook = state.coordinators[c].hook else { continue }
      state.coordinators[c].hook = nil
      state.library.hooked.remove(at: state.library.hooked.firstIndex(of: c)!)
      holdersMayHaveChanged()
      note(.uikit, "UIKit: \(name(ofObject: vc)).viewDidDisappear: onViewDismissed runs")
      guard let p = hook.parent, isAlive(p) else {
        note(.library, "the closure's weak self is nil: it does nothing")
        return
      }
      executing.append(c)  // the closure holds the child while it runs
      running(p) { step in
        step.state.coordinators[p].runsDisappearHook = true
        step.execute(step.flow.libraryBlocks[hook.block].body, in: p)
        if step.isAlive(p) { step.state.coordinators[p].runsDisappearHook = false }
      }
      executing.removeLast()
      return
    }
  }
}
