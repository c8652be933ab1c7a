/// The coordinator runtimes flowcheck models, by the name a flow selects them with
/// (`library NAME`). Adding a library adds its folder beside this file and a line here.
public enum RuntimeRegistry {
  /// Every modelled runtime.
  public static let runtimes: [any CoordinatorRuntime.Type] = [
    Radianttap.self
  ]

  /// The runtime a flow's `library NAME` selects; nil when that library is not modelled.
  public static func runtime(named name: String) -> (any CoordinatorRuntime.Type)? {
    runtimes.first { $0.name == name }
  }

  /// The names of the modelled runtimes, in registry order.
  public static var names: [String] { runtimes.map { $0.name } }
}
