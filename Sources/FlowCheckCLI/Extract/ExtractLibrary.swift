/// The coordinator libraries `flowcheck extract` recognises, each by the flow runtime that
/// models it (`library` in a flow), the module an app imports for it and its base types.
enum ExtractLibrary: String, CaseIterable, Sendable {
  /// radianttap/Coordinator: `Coordinator<T>`, `NavigationCoordinator`, `TabBarCoordinator`
  /// (Sources/Coordinator/Coordinator.swift, NavigationCoordinator.swift).
  case radianttap
  /// The Router-based pattern of the RayPets chapter: a `Coordinator` protocol with
  /// `children`, `router` and `present(animated:onDismissed:)`, declared by the app itself.
  case router
  /// JamitLabs/JLCoordinator: `Coordinator` made with a presenter
  /// (JLCoordinator/Sources/Coordinator/Coordinator.swift).
  case presenter
  /// isaac-weisberg/Insecurity: `ModalCoordinator<Result>`, `NavigationCoordinator<Result>`,
  /// `AdaptiveCoordinator<Result>`, `WindowCoordinator`.
  case insecurity

  /// The names `--library` takes.
  static var names: [String] { allCases.map(\.rawValue) }

  /// The types a coordinator of this library inherits or conforms to.
  var coordinatorBases: Set<String> {
    switch self {
    case .radianttap: ["Coordinator", "NavigationCoordinator", "TabBarCoordinator"]
    case .router, .presenter: ["Coordinator"]
    case .insecurity:
      ["ModalCoordinator", "NavigationCoordinator", "AdaptiveCoordinator", "WindowCoordinator"]
    }
  }

  /// The module an app imports for the library; the router pattern is the app's own code.
  var module: String? {
    switch self {
    case .radianttap: "Coordinator"
    case .router: nil
    case .presenter: "JLCoordinator"
    case .insecurity: "Insecurity"
    }
  }

  /// The library the sources use: by the module they import, else by the shape of their
  /// types (a `Coordinator` protocol with `present(animated:onDismissed:)` is the router
  /// pattern; a generic `ModalCoordinator<…>` is Insecurity's), else nil.
  static func detect(in code: SwiftCodeBase) -> ExtractLibrary? {
    for library in [ExtractLibrary.insecurity, .presenter, .radianttap] {
      if let module = library.module, code.imports.contains(module) { return library }
    }
    if let declared = code.types["Coordinator"], declared.isProtocol,
      declared.methods.contains(where: { $0.name == "present" && $0.labels.contains("onDismissed") })
        || code.types["Router"] != nil
    {
      return .router
    }
    let inherited = code.types.values.flatMap(\.inherits)
    if inherited.contains(where: {
      ["ModalCoordinator", "AdaptiveCoordinator", "WindowCoordinator"].contains($0.name)
        || ($0.name == "NavigationCoordinator" && $0.generic != nil)
    }) {
      return .insecurity
    }
    if inherited.contains(where: { ["NavigationCoordinator", "TabBarCoordinator"].contains($0.name) }) {
      return .radianttap
    }
    return nil
  }
}
