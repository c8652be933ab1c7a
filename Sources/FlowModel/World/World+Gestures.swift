/// Something the user does to UIKit directly, besides tapping a screen's own controls.
///
/// Gestures are enabled only on the visible part of the hierarchy (`World.visiblePath()`):
/// nothing is presented above the container, and its tab is selected.
public enum Gesture: Hashable, Sendable {
  /// Tap Back on the visible navigation bar: an animated pop.
  case backButton(nav: ObjectID)
  /// The interactive pop (edge swipe), completed or cancelled.
  case swipeBack(nav: ObjectID, completes: Bool)
  /// The long-press Back menu (iOS 14): pop to `viewControllers[toIndex]`, animated. Only
  /// indices below `count - 2` are offered: the entry for `count - 2` does what `backButton`
  /// does, and listing it twice would only duplicate transitions.
  case backMenu(nav: ObjectID, toIndex: Int)
  /// Swipe down on the top presented controller; offered only for sheet styles.
  case swipeDown(presented: ObjectID)
  /// The user taps a tab, the selected one too (re-selection pops its stack to the root).
  case selectTab(tabBar: ObjectID, index: Int)
  /// Not the user's: the animation of the presentation or dismissal of `presented`, kept
  /// in flight, ends (`limits { inflight 1 }`).
  case animationEnds(presented: ObjectID)
  /// Not the user's: the animation of the push or pop of `nav`, kept in flight, ends and
  /// `didShow` arrives (`limits { inflight 1 }`).
  case navigationAnimationEnds(nav: ObjectID)
}

extension World {
  /// The enabled gestures in a fixed order: back button, swipe-back completed, swipe-back
  /// cancelled, back menu entries (ascending index), swipe down, tabs (outermost tab bar
  /// first, ascending index), then the end of the presentation or dismissal in flight, then
  /// the end of each push or pop in flight (ascending id).
  ///
  /// While a presentation or dismissal animates, UIKit's own controls take no touch: no
  /// sheet is swiped down, and no Back, edge swipe, long-press Back menu or tab is offered
  /// on any level. A non-interactive transition ignores interaction events until it ends
  /// (`UIView.isUserInteractionEnabled`: "During an animation, user interactions are
  /// temporarily disabled for all views involved in the animation"; UIKit wraps an animated
  /// view controller transition in `beginIgnoringInteractionEvents`, initwithfunk.com,
  /// "Interactive Animated Transitions on iOS", 2014; touches wait until a non-interactive
  /// custom presentation ends, Christian Selig, "Interruptible view controller transitions",
  /// 2021). The screen's own buttons on the covered level still take taps (see
  /// `touchableModalTop()`): an over-approximation on the side that finds double taps,
  /// which an app's own guard (`transitionCoordinator`) answers, whereas a gesture of
  /// UIKit's that no app can guard would only be a false alarm.
  ///
  /// Back gestures belong to the navigation controller showing `visibleTop()` when it holds
  /// at least two controllers; swipe down to the top of the modal chain when it is presented
  /// as a sheet (also when modal-in-presentation: the attempt is reported); tabs to every tab
  /// bar controller on the visible path.
  public func gestures() -> [Gesture] {
    var result: [Gesture] = []
    forEachGesture { result.append($0) }
    return result
  }

  /// Calls `body` with each of `gestures()`, in order, walking the visible path without
  /// building it: the explorer asks once per state, twice with the dead-end check.
  public func forEachGesture(_ body: (Gesture) -> Void) {
    let moving = modalTransitionInFlight()
    guard let top = touchableModalTop() else { return }
    // The visible path is `top`, its visible child, that one's, …; back gestures belong to
    // the container of its last controller.
    var containerOfLast: ObjectID? = nil
    var last = top
    while let child = visibleChild(of: last) {
      containerOfLast = last
      last = child
    }
    if moving == nil, let nav = containerOfLast {
      let count = objects[nav].children.count
      if objects[nav].isNavigationController && count >= 2 {
        // While a push or pop animates, Back can be tapped once (a pop during the push,
        // deferred as `pop` is: wordpress-mobile/WordPress-iOS PR #25057 shows the pushed
        // screen's bar buttons taking taps during the push); its second tap would only pop
        // the calls' result again, which the model leaves out.
        if objects[nav].navigationTransitionFrom == nil
          || !deferredNavigations.contains(where: { $0.nav == nav })
        {
          body(.backButton(nav: nav))
        }
        // The model offers neither the edge swipe nor the long-press menu while a push or
        // pop animates, a simplification that keeps the in-flight states down.
        if objects[nav].navigationTransitionFrom == nil {
          body(.swipeBack(nav: nav, completes: true))
          body(.swipeBack(nav: nav, completes: false))
          for index in 0..<(count - 2) {
            body(.backMenu(nav: nav, toIndex: index))
          }
        }
      }
    }
    // A sheet cannot be swiped while a presentation or dismissal animates.
    if objects[top].presenting != nil, objects[top].style.isSheet, moving == nil {
      body(.swipeDown(presented: top))
    }
    var onPath: ObjectID? = moving == nil ? top : nil
    while let id = onPath {
      if objects[id].isTabBarController {
        for index in objects[id].children.indices {
          body(.selectTab(tabBar: id, index: index))
        }
      }
      onPath = visibleChild(of: id)
    }
    forEachAnimationEnd(body)
  }

  /// Calls `body` with the end of the presentation or dismissal in flight, then the end of
  /// each push or pop in flight (ascending id): the events that are UIKit's, not the user's,
  /// and so come even while the user cannot act (`CoordinatorRuntime.userCanAct(in:)`).
  public func forEachAnimationEnd(_ body: (Gesture) -> Void) {
    if let moving = modalTransitionInFlight() { body(.animationEnds(presented: moving)) }
    for (id, object) in objects.enumerated() where object.navigationTransitionFrom != nil {
      if isInWindowHierarchy(id) { body(.navigationAnimationEnds(nav: id)) }
    }
  }

  /// Performs a gesture from `gestures()`.
  ///
  /// - Back button and back menu: an animated, non-interactive pop (to the index).
  /// - Swipe back completed: `willShow` when the pop begins, then the removal, then `didShow`
  ///   with an interactive transition context.
  /// - Swipe back cancelled: only `willShow` of the controller below (UIKit calls it when the
  ///   interactive pop begins; `didShow` never comes); the world is unchanged.
  /// - Swipe down: on a modal-in-presentation sheet only `presentationDidAttemptToDismiss`
  ///   (`isModalInPresentation` docs: UIKit "prevents the interactive dismissal"); otherwise
  ///   `presentationWillDismiss`, the removals as for `dismiss`, `presentationDidDismiss`.
  /// - Select tab: another tab changes `selectedIndex`, then `tabDidSelect`; the selected tab,
  ///   when it is a navigation controller holding two or more, pops it to the root
  ///   (animated), then `tabDidSelect` (the delegate is called "regardless of whether the
  ///   selected view controller changed").
  ///
  /// A gesture the world cannot carry out at all (no such stack depth, tab, or presentation)
  /// is a programming error and traps.
  public mutating func perform(_ gesture: Gesture, effects: inout WorldEffects) {
    switch gesture {
    case .backButton(let nav):
      requireBackStack(nav)
      pop(nav, animated: true, effects: &effects)
    case .swipeBack(let nav, let completes):
      requireBackStack(nav)
      let children = objects[nav].children
      if completes {
        truncateStack(
          of: nav, to: children.count - 1, animated: true, interactive: true, effects: &effects)
      } else {
        effects.emit(.navigationWillShow(nav: nav, shown: children[children.count - 2], animated: true))
      }
    case .backMenu(let nav, let index):
      requireBackStack(nav)
      precondition(index >= 0 && index < objects[nav].children.count - 1, "back menu index out of range")
      truncateStack(of: nav, to: index + 1, animated: true, interactive: false, effects: &effects)
    case .swipeDown(let presented):
      precondition(objects[presented].presenting != nil, "swipe down needs a presented controller")
      if isModalInPresentationEffective(presented) {
        effects.emit(.presentationDidAttemptToDismiss(presented))
      } else {
        effects.emit(.presentationWillDismiss(presented))
        tearDownModalChain(from: presented, emit: true, effects: &effects)
        effects.emit(.presentationDidDismiss(presented))
      }
    case .selectTab(let tabBar, let index):
      requireTabBarController(tabBar, "selectTab")
      let tabs = objects[tabBar].children
      precondition(tabs.indices.contains(index), "tab index out of range")
      let selected = tabs[index]
      if index != objects[tabBar].selectedIndex {
        objects[tabBar].selectedIndex = index
      } else if objects[selected].isNavigationController {
        popToRoot(selected, animated: true, effects: &effects)
      }
      effects.emit(.tabDidSelect(tabBar: tabBar, selected: selected))
    case .animationEnds(let presented):
      endModalTransition(of: presented, effects: &effects)
    case .navigationAnimationEnds(let nav):
      endNavigationTransition(of: nav, effects: &effects)
    }
  }

  private func requireBackStack(_ nav: ObjectID) {
    requireNavigationController(nav, "a back gesture")
    precondition(objects[nav].children.count >= 2, "a back gesture needs two view controllers")
  }
}
