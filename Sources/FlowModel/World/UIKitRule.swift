/// A rule UIKit enforces on view controller operations.
///
/// Hard rules (`isCrash`) throw an exception in a real app; the world records the break and
/// changes nothing. Soft rules are silent no-ops, most with a console warning; the world
/// records the break and changes nothing. Both are bugs in the app.
/// `consoleMessage` is UIKit's text with `…` for the objects; `consoleTemplate` has `{0}`,
/// `{1}`, … in their place, filled from `UIKitRuleBreak.objects` by
/// `UIKitRuleBreak.consoleMessage(naming:)` (UIKit prints `<Class: 0x…>`, we print `<Name>`).
public enum UIKitRule: String, CaseIterable, Sendable {
  // MARK: Hard: crashes

  /// pushViewController docs: "If the view controller is already on the navigation stack, … throws".
  case pushSameController
  /// Push (or set in a stack) a UINavigationController: "Pushing a navigation controller is not supported".
  case pushNavigationController
  /// Push (or set in a stack) a tab bar controller: pushViewController docs, "cannot be a tab bar …".
  case pushTabBarController
  /// setViewControllers: "All view controllers in a navigation controller must be distinct".
  case duplicateViewControllers
  /// popToViewController docs: the target "must currently be on the navigation stack".
  case popToMissingController
  /// Adopting a controller with a parent, presenter or window: UIViewControllerHierarchyInconsistency.
  case alreadyHasParent
  /// A child or presented controller made the window's root (hierarchy inconsistency; a crash here).
  case windowRootHasParent
  /// A tab bar controller given itself or an ancestor as a tab (a containment cycle; a crash here).
  case containmentCycle
  /// present: "Application tried to present modally a view controller … already being presented by …".
  case presentAlreadyPresented
  /// present of a child, the window's root or the presenter: "… present modally an active controller".
  case presentActiveController

  // MARK: Soft: silent no-ops

  /// present on a presenter that presents: "Attempt to present … which is already presenting …".
  case presentWhileAlreadyPresenting
  /// present off-window: "Attempt to present … whose view is not in the window hierarchy".
  case presentFromDetachedController
  /// popViewController docs: at the root "this method does nothing … you cannot pop the last item".
  case popRoot
  /// dismiss with nothing presented and not presented: nothing happens, silently.
  case dismissNothing
  /// present while a modal transition animates: "Attempt to present … while a presentation
  /// is in progress" (quoted in zetachang/DCModalSegue#10, ericberman/MyFlightbookiOS#370).
  case presentWhileTransitionInProgress
  /// dismiss while a modal transition animates: "Attempt to dismiss from view controller …
  /// while a presentation or dismiss is in progress!" (Jawbone/UPPlatform_iOS_SDK#14,
  /// jonkykong/SideMenu#323, libreliodev/iOS#5).
  case dismissWhileTransitionInProgress
  /// selectedIndex beyond the tabs: ignored, silently.
  case selectMissingTab

  /// A crash in a real app (hard rule) rather than a silent no-op (soft rule).
  public var isCrash: Bool {
    switch self {
    case .pushSameController, .pushNavigationController, .pushTabBarController,
      .duplicateViewControllers, .popToMissingController, .alreadyHasParent, .windowRootHasParent,
      .containmentCycle, .presentAlreadyPresented, .presentActiveController:
      true
    case .presentWhileAlreadyPresenting, .presentFromDetachedController, .popRoot, .dismissNothing,
      .selectMissingTab, .presentWhileTransitionInProgress, .dismissWhileTransitionInProgress:
      false
    }
  }

  /// False for soft rules UIKit breaks without printing anything; `consoleMessage` then says
  /// what the call returns instead.
  public var logsToConsole: Bool {
    switch self {
    case .popRoot, .dismissNothing, .selectMissingTab: false
    default: true
    }
  }

  /// UIKit's console text or exception reason, with `…` standing for each object.
  public var consoleMessage: String {
    var result = ""
    var inPlaceholder = false
    for character in consoleTemplate {
      if inPlaceholder {
        if character == "}" { inPlaceholder = false }
      } else if character == "{" {
        inPlaceholder = true
        result += "…"
      } else {
        result.append(character)
      }
    }
    return result
  }

  /// `consoleMessage` with `{n}` standing for `UIKitRuleBreak.objects[n]`.
  ///
  /// Rules UIKit documents without a known text (`pushTabBarController`, `windowRootHasParent`,
  /// `containmentCycle`) use the text of the closest exception UIKit does throw.
  public var consoleTemplate: String {
    switch self {
    case .pushSameController:
      "Pushing the same view controller instance more than once is not supported (<{0}>)"
    case .pushNavigationController:
      "Pushing a navigation controller is not supported"
    case .pushTabBarController:
      "Pushing a tab bar controller is not supported"
    case .duplicateViewControllers:
      "All view controllers in a navigation controller must be distinct (<{0}>)"
    case .popToMissingController:
      "Tried to pop to a view controller that doesn't exist."
    case .alreadyHasParent:
      "child view controller:<{0}> should have parent view controller:<{1}> "
        + "but requested parent is:<{2}>"
    case .windowRootHasParent:
      "child view controller:<{0}> should have parent view controller:<{1}> "
        + "but requested parent is:<UIWindow>"
    case .containmentCycle:
      "child view controller:<{0}> should have parent view controller:<(null)> "
        + "but requested parent is:<{1}>"
    case .presentAlreadyPresented:
      "Application tried to present modally a view controller <{0}> that is already being presented by <{1}>."
    case .presentActiveController:
      "Application tried to present modally an active controller <{0}>."
    case .presentWhileAlreadyPresenting:
      "Attempt to present <{0}> on <{1}> (from <{2}>) which is already presenting <{3}>."
    case .presentFromDetachedController:
      "Attempt to present <{0}> on <{1}> (from <{2}>) whose view is not in the window hierarchy."
    case .popRoot:
      "popViewController(animated:) returns nil: the root view controller cannot be popped"
    case .dismissNothing:
      "dismiss(animated:completion:) does nothing: nothing to dismiss"
    case .selectMissingTab:
      "selectedIndex beyond the tabs of <{0}> is ignored"
    case .presentWhileTransitionInProgress:
      "Attempt to present <{0}> on <{1}> (from <{2}>) while a presentation is in progress."
    case .dismissWhileTransitionInProgress:
      "Attempt to dismiss from view controller <{0}> while a presentation or dismiss is in progress!"
    }
  }
}
