import FlowLanguage

/// One event that starts a step: what the user or the system does.
public enum FlowAction: Hashable, Sendable {
  /// The user taps the event with this index (into the screen's `events`) on the visible screen.
  case tap(event: Int)
  /// Back button, swipe-back, long-press back menu, sheet swipe-down, tab selection.
  case gesture(Gesture)
  /// An app-level event (deep link, logout, push notification), by index into `appEvents`.
  case appEvent(Int)
  /// The completion of the pending async work at this index of `FlowState.pending`.
  case completion(index: Int)
  /// An event the coordinator runtime makes possible, by its own number
  /// (`CoordinatorRuntime.libraryEvents(in:into:)`): something whose timing the library or
  /// UIKit leaves open, such as which of two popped controllers is deallocated first.
  case library(Int)
}

extension FlowAction {
  /// An app event: enabled by a guard that may read the flow's variables.
  var isAppEvent: Bool {
    if case .appEvent = self { return true }
    return false
  }

  /// The event as the user would tell it, given the state it happens in.
  public func describe<Runtime>(in state: FlowState<Runtime>, flow: CheckedFlow) -> String {
    func name(_ id: ObjectID) -> String {
      guard id < state.world.objects.count else { return "?" }
      switch state.world.objects[id].kind {
      case .screen(let screen): return flow.screens[screen].name
      case .navigationController: return "navigation controller"
      case .tabBarController: return "tab bar"
      }
    }
    /// A sheet as the step's log names it: `the Receipt sheet`, or a navigation controller
    /// by the coordinator that owns it and the screen it shows, `the
    /// UINavigationController(Payment) sheet (showing Pay)` (never by a screen alone, which
    /// reads as if that screen were presented itself).
    func sheet(_ presented: ObjectID) -> String {
      guard state.world.objects[presented].kind == .navigationController else {
        return "the \(name(presented)) sheet"
      }
      let shown = name(state.world.topViewController(of: presented) ?? presented)
      return "the \(state.navigationControllerName(presented, flow: flow)) sheet (showing \(shown))"
    }
    switch self {
    case .tap(let event):
      guard let top = state.topScreen() else { return "tap event \(event)" }
      return "tap \(flow.screens[top].name).\(flow.screens[top].events[event])"
    case .gesture(let gesture):
      switch gesture {
      case .backButton(let nav):
        return "tap Back (from \(state.world.topViewController(of: nav).map(name) ?? "?"))"
      case .swipeBack(let nav, let completes):
        let from = state.world.topViewController(of: nav).map(name) ?? "?"
        return completes ? "swipe back from \(from) (completed)" : "swipe back from \(from), then cancel"
      case .backMenu(let nav, let index):
        let stack = state.world.objects[nav].children
        return "long-press Back, choose \(index < stack.count ? name(stack[index]) : "?")"
      case .swipeDown(let presented):
        return "swipe down \(sheet(presented))"
      case .selectTab(let tabBar, let index):
        let selected = state.world.objects[tabBar].selectedIndex == index
        let tab = state.tabName(tabBar, index: index, flow: flow)
        return selected ? "tap the \(tab) tab again" : "select the \(tab) tab"
      case .animationEnds(let presented):
        let what =
          state.world.objects[presented].modalTransition == .dismissing ? "dismissal" : "presentation"
        return "the \(what) of \(sheet(presented)) finishes animating"
      case .navigationAnimationEnds(let nav):
        let top = state.world.topViewController(of: nav) ?? nav
        let isPush = state.world.objects[nav].children.contains(
          state.world.objects[nav].navigationTransitionFrom ?? -1)
        return "the \(isPush ? "push" : "pop") to \(name(top)) finishes animating"
      }
    case .appEvent(let index):
      // An event addressed to a coordinator (`event E to C`) names it: it runs there.
      let event = flow.appEvents[index]
      let target = event.target.map { " to \(flow.coordinators[$0].name)" } ?? ""
      return "app event '\(event.name)'\(target)"
    case .completion(let index):
      guard index < state.pending.count else { return "async completion" }
      let pending = state.pending[index]
      let owner =
        state.liveCoordinator(pending.coordinator).map { flow.coordinators[$0.declaration].name } ?? "?"
      return "async '\(state.taskName(pending.task, flow: flow))' completes (\(owner))"
    case .library(let event):
      return Runtime.describe(libraryEvent: event, in: state, flow: flow)
    }
  }
}
