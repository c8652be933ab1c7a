import FlowLanguage

/// The coordinator runtimes flowcheck models, by the name a flow selects them with
/// (`library NAME`), and the libraries the language accepts. Adding a library adds its
/// folder beside this file and a line here.
public enum RuntimeRegistry {
  /// Every modelled runtime.
  public static let runtimes: [any CoordinatorRuntime.Type] = [
    Radianttap.self, Router.self, Insecurity.self, JLCoordinator.self, Handwritten.self,
  ]

  /// The runtime a flow's `library NAME` selects; nil when that library is not modelled.
  public static func runtime(named name: String) -> (any CoordinatorRuntime.Type)? {
    runtimes.first { $0.name == name }
  }

  /// The runtime `flow` is checked under, which must be modelled: the command line refuses
  /// the others at their `library` line before checking.
  public static func modelledRuntime(of flow: CheckedFlow) -> any CoordinatorRuntime.Type {
    guard let runtime = runtime(named: flow.library.rawValue) else {
      preconditionFailure("runtime '\(flow.library.rawValue)' is not modelled")
    }
    return runtime
  }

  /// The names of the modelled runtimes, in registry order.
  public static var names: [String] { runtimes.map { $0.name } }

  /// The runtimes `check --runtime all` compares, in registry order: those that write the
  /// portable vocabulary, the libraries a flow can be ported between. A team's own
  /// coordinator code is not one of them.
  public static var comparedNames: [String] {
    runtimes.filter { $0.capabilities.portable != nil }.map { $0.name }
  }

  /// What the front end resolves flows against: every modelled runtime's capabilities (the
  /// first is the default of a flow without `library`), then the libraries the language
  /// validates but no runtime models yet; checking a flow under one of those is refused.
  /// Each is told every registered invariant id, which a flow's `expect` line may name.
  public static let libraries: [RuntimeCapabilities] = (runtimes.map { $0.capabilities } + notModelled).map {
    var library = $0
    library.invariantIDs = InvariantRegistry.all.map(\.id.rawValue)
    return library
  }

  /// How each modelled library reads in Swift source, by runtime name, for `flowcheck
  /// extract`, in registry order.
  public static let swiftVocabularies: [(name: String, vocabulary: SwiftVocabulary)] = [
    (Radianttap.name, Radianttap.swiftVocabulary), (Router.name, Router.swiftVocabulary),
    (Insecurity.name, Insecurity.swiftVocabulary), (JLCoordinator.name, JLCoordinator.swiftVocabulary),
  ]

  /// Libraries parsed and validated, not yet explored; each row moves into its runtime's
  /// folder when that runtime is built. Every library the language knows is modelled.
  static let notModelled: [RuntimeCapabilities] = []
}
