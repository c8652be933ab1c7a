import FlowModel

/// A coordinator library `flowcheck extract` recognises: the name a flow selects its runtime
/// by (`library NAME`) and how it reads in Swift source, both from the runtime's own folder
/// (`RuntimeRegistry.swiftVocabularies`), so that adding a runtime adds a library here.
struct ExtractLibrary: Equatable, Sendable {
  var name: String
  var vocabulary: SwiftVocabulary

  static func == (lhs: ExtractLibrary, rhs: ExtractLibrary) -> Bool { lhs.name == rhs.name }

  /// Every library, in registry order.
  static let all: [ExtractLibrary] = RuntimeRegistry.swiftVocabularies.map {
    ExtractLibrary(name: $0.name, vocabulary: $0.vocabulary)
  }

  /// The names `--library` takes.
  static var names: [String] { all.map(\.name) }

  static func named(_ name: String) -> ExtractLibrary? { all.first { $0.name == name } }

  /// The library the sources use: by the module they import; else by a type of the
  /// pattern that the app declares itself (a library with no module); else by the bases its
  /// classes inherit; else nil.
  static func detect(in code: SwiftCodeBase) -> ExtractLibrary? {
    if let imported = all.first(where: { $0.vocabulary.module.map(code.imports.contains) ?? false }) {
      return imported
    }
    if let declared = all.first(where: { library in
      library.vocabulary.module == nil && library.vocabulary.markerTypes.contains { code.types[$0] != nil }
    }) {
      return declared
    }
    let inherited = code.types.values.flatMap(\.inherits)
    return all.first { library in
      library.vocabulary.distinctiveBases.contains { base in
        inherited.contains { $0.name == base.name && matches($0.generic, base.generic) }
      }
    }
  }

  /// Whether an inherited entry's generic argument is as a distinctive base asks.
  private static func matches(_ written: String?, _ wanted: Bool?) -> Bool {
    guard let wanted else { return true }
    return (written != nil) == wanted
  }
}
