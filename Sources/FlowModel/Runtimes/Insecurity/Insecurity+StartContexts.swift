import FlowLanguage

// Where Insecurity's `navigation.start(child, in:, animated:)` puts a child: the contexts a
// flow writes after `start C in:`, and the rules of which coordinator class accepts which.
extension Insecurity {
  /// The names after `in:`, in the order of their `StartContext` numbers.
  static let startContextNames = ["current", "modal", "newNavigation", "navigationFallback"]

  /// What each coordinator class accepts after `in:`, and a push only onto a
  /// NavigationCoordinator's navigation controller: the library's `start` overloads.
  @Sendable static func checkStart(_ use: StatementUse) -> StatementProblem? {
    guard use.keyword == "start", let childName = use.operandName else { return nil }
    let context = use.context
    switch use.operandKind {
    case .modalCoordinator? where context != nil:
      return StatementProblem(
        .unsupportedStatement,
        "'\(childName)' is a ModalCoordinator, always presented: navigation.start(child, animated:) takes no context; remove 'in: \(context!)', or make '\(childName)' an AdaptiveCoordinator",
        atContext: true)
    case .navigation? where context != nil && context != "newNavigation":
      return StatementProblem(
        .unsupportedStatement,
        "'\(childName)' is a NavigationCoordinator: it is pushed (no 'in:') or started 'in: newNavigation' (navigation.start(UINavigationController(), child, animated:)); for 'in: \(context!)' make it an AdaptiveCoordinator",
        atContext: true)
    case .navigation?
    where context == nil && use.coordinatorKind != .navigation && use.coordinatorKind != nil:
      let parent =
        use.coordinatorIsWindow
        ? "the window coordinator '\(use.coordinatorName)' has no navigation controller"
        : "'\(use.coordinatorName)' is a \(use.coordinatorKind!.rawValue), whose navigation has no push"
      return StatementProblem(
        .unsupportedStatement,
        "'\(childName)' is a NavigationCoordinator, pushed onto its parent's navigation controller, but \(parent); write 'start \(childName) in: newNavigation', or make '\(childName)' an AdaptiveCoordinator and write 'in: navigationFallback'"
      )
    case .adaptiveCoordinator? where context == nil:
      return StatementProblem(
        .unsupportedStatement,
        "'\(childName)' is an AdaptiveCoordinator: say where it goes with 'in: current', 'in: modal', 'in: newNavigation' or 'in: navigationFallback' (navigation.start(child, in: …, animated:))"
      )
    default:
      return nil
    }
  }
}

extension StartContext {
  /// `in: current` (`.current`): pushed when the top of the host's stack is a navigation
  /// controller, else presented.
  public static let current = StartContext(1)
  /// `in: modal` (`.modal`): presented.
  public static let modal = StartContext(2)
  /// `in: newNavigation` (`.navigation(new:)`, or `start(UINavigationController(), child)`
  /// for a NavigationCoordinator): a new navigation controller holding it, presented.
  public static let newNavigation = StartContext(3)
  /// `in: navigationFallback` (`.navigation(fallback:)`): pushed when the top is a
  /// navigation controller, else a new navigation controller holding it, presented.
  public static let navigationFallback = StartContext(4)

  /// The context as a flow writes it after `in:` (`standard` when none is written).
  var name: String { index == 0 ? "standard" : Insecurity.startContextNames[Int(index) - 1] }
}
