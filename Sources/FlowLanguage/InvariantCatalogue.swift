/// The ids an `expect violation …` line may name: the checker's built-in invariants,
/// then the kinds of the flow's own properties.
public enum InvariantCatalogue {
  /// Every accepted id, in the order the documentation lists them.
  public static let ids: [String] = [
    "shadow-sync",
    "finish-propagation",
    "orphan-child",
    "dead-screen",
    "unhandled-message",
    "delegate-owner",
    "uikit-crash",
    "uikit-noop",
    "result-once",
    "no-dead-end",
    "can-return",
    "always",
    "never",
    "reachable",
  ]
}
