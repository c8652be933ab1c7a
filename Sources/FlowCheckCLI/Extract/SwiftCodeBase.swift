/// What the extractor knows of an app's Swift sources: its types with their methods and
/// stored or computed properties, extensions merged into the type they extend, and the
/// modules imported. Built by `SwiftCodeBase.read` from the parse dumps.
struct SwiftCodeBase {
  /// Where something is written: a file of the run and a 1-based line.
  struct Location: Comparable, Hashable {
    var path: String
    var line: Int

    /// `Sources/App/HomeCoordinator.swift:12`, as each emitted line cites it.
    var text: String { "\(path):\(line)" }

    static func < (lhs: Location, rhs: Location) -> Bool { (lhs.path, lhs.line) < (rhs.path, rhs.line) }
  }

  /// A `func`, `init` or computed property's getter.
  struct Method {
    var name: String
    var labels: [String]
    /// The parameters' internal names and written types, in order.
    var parameters: [(name: String, type: String?)]
    var body: SwiftSyntaxNode?
    var isOverride: Bool
    var isAction: Bool
    var file: Int
    var location: Location
    var start: Int
  }

  struct Property {
    var name: String
    var declaredType: String?
    var initializer: SwiftSyntaxNode?
    /// A computed property's getter (`override var viewController: UIViewController { … }`).
    var getter: Method?
    var isOverride: Bool
    var file: Int
    var location: Location
  }

  struct TypeDeclaration {
    var name: String
    var isProtocol = false
    var isClass = false
    /// The inheritance clause of the declaration and its extensions.
    var inherits: [(name: String, generic: String?)] = []
    var methods: [Method] = []
    var properties: [Property] = []
    /// `enum` cases, for a coordinator's `Result` type.
    var cases: [String] = []
    var location: Location?
  }

  var files: [SwiftSyntaxDump.File]
  var types: [String: TypeDeclaration] = [:]
  var imports: Set<String> = []
  /// Methods and closures outside any type (`main.swift`, free functions): where an app
  /// may build its first coordinator.
  var topLevel: [Method] = []

  /// Whether `name`, or a class it inherits from in these sources, inherits `base`.
  func inherits(_ name: String, from base: Set<String>, seen: Set<String> = []) -> Bool {
    guard let type = types[name], !seen.contains(name) else { return false }
    for parent in type.inherits {
      if base.contains(parent.name) || inherits(parent.name, from: base, seen: seen.union([name])) {
        return true
      }
    }
    return false
  }

  /// The first base, through the sources' own classes, that `base` holds, with its generic argument.
  func ancestor(of name: String, among base: Set<String>, seen: Set<String> = []) -> (
    name: String, generic: String?
  )? {
    guard let type = types[name], !seen.contains(name) else { return nil }
    for parent in type.inherits where base.contains(parent.name) { return parent }
    for parent in type.inherits {
      if let found = ancestor(of: parent.name, among: base, seen: seen.union([name])) { return found }
    }
    return nil
  }

  /// A method of `type` or of a class it inherits in these sources.
  func method(_ name: String, in type: String, seen: Set<String> = []) -> Method? {
    guard let declaration = types[type], !seen.contains(type) else { return nil }
    if let found = declaration.methods.first(where: { $0.name == name }) { return found }
    for parent in declaration.inherits {
      if let found = method(name, in: parent.name, seen: seen.union([type])) { return found }
    }
    return nil
  }

  func location(file: Int, offset: Int) -> Location {
    Location(path: files[file].path, line: files[file].text.line(of: offset))
  }
}
