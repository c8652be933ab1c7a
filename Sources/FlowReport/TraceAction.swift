import FlowLanguage
import FlowModel

extension CheckReport {
  /// What started a step of a trace, as data: the kind of event and the names a reader (or
  /// a generated UI test) needs, taken from the state the step starts in. Model indices
  /// (object and coordinator ids) are left out: they mean nothing outside one state.
  public enum TraceAction: Sendable, Hashable {
    /// The app launches (the first step of every trace).
    case launch
    /// The user taps `event` on the visible `screen`.
    case tap(screen: String, event: String)
    /// A system gesture: Back, swipe-back, the Back menu, a sheet swipe-down, a tab.
    case gesture(TraceGesture)
    /// An app-level event (deep link, logout, push notification) by its declared name.
    case appEvent(name: String)
    /// The pending async `task` of the coordinator declared as `coordinator` completes.
    case completion(task: String, coordinator: String)
    /// An event the coordinator runtime makes possible, as the runtime tells it.
    case library(String)

    /// The kinds of action, named as renderers print them.
    public enum Kind: String, Sendable, CaseIterable {
      case launch
      case tap
      case gesture
      case appEvent = "app-event"
      case completion
      case library
    }

    public var kind: Kind {
      switch self {
      case .launch: .launch
      case .tap: .tap
      case .gesture: .gesture
      case .appEvent: .appEvent
      case .completion: .completion
      case .library: .library
      }
    }
  }

  /// A system gesture of a trace, with the screens it involves by name (`?` when the state
  /// does not name one, as the event text does).
  public enum TraceGesture: Sendable, Hashable {
    /// Tap Back on the navigation bar, leaving `from`.
    case backButton(from: String)
    /// The interactive pop from `from`, completed or cancelled halfway.
    case swipeBack(from: String, completes: Bool)
    /// The long-press Back menu: pop to `to`, the entry at `index` of the stack.
    case backMenu(to: String, index: Int)
    /// Swipe down the sheet showing `sheet`; `navigationController` names the sheet when it is
    /// a navigation controller (`UINavigationController(Payment)`), nil when it is a screen.
    case swipeDown(sheet: String, navigationController: String? = nil)
    /// Tap the tab `tab` (named by the coordinator whose root it is), at `index` (0-based);
    /// `reselect` when it is already selected, which pops its stack to the root.
    case selectTab(tab: String, index: Int, reselect: Bool)
    /// The animation of the presentation (or, `dismissal`, the dismissal) of the sheet
    /// showing `sheet` ends, `navigationController` as for `swipeDown`; only with
    /// `limits { inflight 1 }`.
    case animationEnds(sheet: String, dismissal: Bool, navigationController: String? = nil)
    /// The animation of a push (or, `pop`, a pop) to `screen` ends and `didShow` arrives;
    /// only with `limits { inflight 1 }`.
    case navigationAnimationEnds(screen: String, pop: Bool)

    /// The kinds of gesture, named as renderers print them.
    public enum Kind: String, Sendable, CaseIterable {
      case backButton = "back-button"
      case swipeBack = "swipe-back"
      case backMenu = "back-menu"
      case swipeDown = "swipe-down"
      case selectTab = "select-tab"
      case animationEnds = "animation-ends"
      case navigationAnimationEnds = "navigation-animation-ends"
    }

    public var kind: Kind {
      switch self {
      case .backButton: .backButton
      case .swipeBack: .swipeBack
      case .backMenu: .backMenu
      case .swipeDown: .swipeDown
      case .selectTab: .selectTab
      case .animationEnds: .animationEnds
      case .navigationAnimationEnds: .navigationAnimationEnds
      }
    }
  }
}

extension CheckReport.TraceAction {
  /// `action` described in `state`, the state it starts from, with the names that
  /// `FlowAction.describe(in:flow:)` tells it by.
  init<Runtime>(_ action: FlowAction, in state: FlowState<Runtime>, flow: CheckedFlow) {
    let world = state.world
    func name(_ id: ObjectID?) -> String {
      guard let id, id < world.objects.count else { return "?" }
      switch world.objects[id].kind {
      case .screen(let screen): return flow.screens[screen].name
      case .navigationController: return "navigation controller"
      case .tabBarController: return "tab bar"
      }
    }
    /// A presented navigation controller's name (`FlowAction.describe(in:flow:)`), nil for
    /// a screen.
    func navigationController(_ id: ObjectID) -> String? {
      world.objects[id].kind == .navigationController ? state.navigationControllerName(id, flow: flow) : nil
    }
    switch action {
    case .tap(let event):
      guard let top = state.topScreen(), event < flow.screens[top].events.count else {
        self = .tap(screen: "?", event: "event \(event)")
        return
      }
      self = .tap(screen: flow.screens[top].name, event: flow.screens[top].events[event])
    case .gesture(let gesture):
      switch gesture {
      case .backButton(let nav):
        self = .gesture(.backButton(from: name(world.topViewController(of: nav))))
      case .swipeBack(let nav, let completes):
        self = .gesture(.swipeBack(from: name(world.topViewController(of: nav)), completes: completes))
      case .backMenu(let nav, let index):
        let stack = world.objects[nav].children
        self = .gesture(.backMenu(to: name(index < stack.count ? stack[index] : nil), index: index))
      case .swipeDown(let presented):
        // A presented navigation controller is named by the screen the user sees in it.
        let shown =
          world.objects[presented].kind == .navigationController
          ? world.topViewController(of: presented) ?? presented : presented
        self = .gesture(.swipeDown(sheet: name(shown), navigationController: navigationController(presented)))
      case .selectTab(let tabBar, let index):
        self = .gesture(
          .selectTab(
            tab: state.tabName(tabBar, index: index, flow: flow), index: index,
            reselect: world.objects[tabBar].selectedIndex == index))
      case .animationEnds(let presented):
        let shown =
          world.objects[presented].kind == .navigationController
          ? world.topViewController(of: presented) ?? presented : presented
        self = .gesture(
          .animationEnds(
            sheet: name(shown), dismissal: world.objects[presented].modalTransition == .dismissing,
            navigationController: navigationController(presented)))
      case .navigationAnimationEnds(let nav):
        let from = world.objects[nav].navigationTransitionFrom ?? -1
        self = .gesture(
          .navigationAnimationEnds(
            screen: name(world.topViewController(of: nav)), pop: !world.objects[nav].children.contains(from)))
      }
    case .appEvent(let index):
      self = .appEvent(name: flow.appEvents[index].name)
    case .completion(let index):
      guard index < state.pending.count else {
        self = .completion(task: "?", coordinator: "?")
        return
      }
      let pending = state.pending[index]
      let owner = state.liveCoordinator(pending.coordinator).map { flow.coordinators[$0.declaration].name }
      self = .completion(task: state.taskName(pending.task, flow: flow), coordinator: owner ?? "?")
    case .library:
      self = .library(action.describe(in: state, flow: flow))
    }
  }
}

extension FlowSystem {
  /// The position of `action` among the actions enabled in `state`, in the order
  /// `enabledActions(in:into:)` lists them: what a replay of the trace picks. Nil when the
  /// action is not enabled there.
  func enabledIndex(of action: FlowAction, in state: FlowState<Runtime>) -> Int? {
    var actions: [FlowAction] = []
    enabledActions(in: state, into: &actions)
    return actions.firstIndex(of: action)
  }
}
