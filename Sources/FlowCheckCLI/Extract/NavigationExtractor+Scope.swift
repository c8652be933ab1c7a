extension NavigationExtractor {
  /// What a local name stands for, as far as syntax tells: `let vc = HomeViewController()`
  /// is a screen, `let c = CartCoordinator(presenter: p)` a coordinator made with `p`'s kind.
  enum Local {
    case screen(String)
    case coordinator(String, kinds: [String])
    case kind(String)
    case navigationController
  }

  /// Where a walk is: the coordinator whose code it reads, its locals, the methods being
  /// inlined (no recursion), the completion parameter in scope, and a cursor into the file
  /// that locates calls (the dump gives expressions no position).
  struct Scope {
    var className: String
    var kind: String
    var file: Int
    var cursor: Int
    var locals: [String: Local] = [:]
    var inlining: [String] = []
    var completionParameter: String?
    /// The flow name the innermost completion binds its result to, and every enclosing one's.
    var completionBinding: String?
    var completionBindings: Set<String> = []
  }

  /// The class a call constructs: `X(…)`, `X.instantiate(…)`, `.init(…)` with the declared
  /// type, or a storyboard's `instantiateViewController(identifier: "X")`.
  func constructedClass(_ node: SwiftSyntaxNode, declaredType: String? = nil) -> String? {
    var node = node
    while [
      "force_value_expr", "bind_optional_expr", "optional_evaluation_expr", "try_expr", "force_try_expr",
      "await_expr", "paren_expr", "forced_checked_cast_expr", "conditional_checked_cast_expr",
    ].contains(node.kind), let inner = node.child("sub_expr") {
      node = inner
    }
    guard node.kind == "call_expr", let function = node.child("fn") else { return nil }
    switch function.kind {
    case "unresolved_decl_ref_expr":
      guard let name = function.name, name.first?.isUppercase == true else { return nil }
      return name
    case "unresolved_member_expr":
      return function.name == "init" ? declaredType : nil
    case "unresolved_dot_expr":
      guard let field = function.name else { return nil }
      if field.hasPrefix("instantiateViewController") || field == "instantiateInitialViewController" {
        return stringArgument(of: node)
      }
      if let base = function.child("base"), base.kind == "unresolved_decl_ref_expr", let name = base.name,
        name.first?.isUppercase == true, !["UIStoryboard", "DispatchQueue", "Task"].contains(name)
      {
        return name
      }
      if let base = function.child("base"), let inner = constructedClass(base) { return inner }
      return nil
    default: return nil
    }
  }

  /// The first string literal among a call's arguments.
  private func stringArgument(of call: SwiftSyntaxNode) -> String? {
    for argument in call.child("args")?.children("args") ?? [] {
      guard let expression = argument.child("expr") else { continue }
      if expression.kind == "string_literal_expr", let value = expression.string("value") { return value }
      if expression.kind == "interpolated_string_literal_expr" { return nil }
    }
    return nil
  }

  /// What an expression stands for in `scope`.
  func resolve(_ node: SwiftSyntaxNode, in scope: Scope, declaredType: String? = nil) -> Local? {
    var node = node
    while [
      "force_value_expr", "bind_optional_expr", "paren_expr", "try_expr", "await_expr",
      "optional_evaluation_expr",
    ].contains(node.kind), let inner = node.child("sub_expr") {
      node = inner
    }
    if let className = constructedClass(node, declaredType: declaredType) {
      if Self.containers.contains(className) || code.inherits(className, from: Self.containers) {
        return .navigationController
      }
      if isCoordinatorClass(className) {
        let kinds = argumentKind(of: node, in: scope).map { [$0] } ?? []
        return .coordinator(className, kinds: kinds)
      }
      if !kindSuffix.isEmpty && className.hasSuffix(kindSuffix) { return .kind(className) }
      if isScreen(className) { return .screen(className) }
      return nil
    }
    switch node.kind {
    case "unresolved_decl_ref_expr":
      guard let name = node.name else { return nil }
      if let local = scope.locals[name] { return local }
      return property(name, of: scope)
    case "unresolved_dot_expr":
      if let base = node.child("base"), base.kind == "unresolved_decl_ref_expr", base.name == "self",
        let name = node.name
      {
        return scope.locals[name] ?? property(name, of: scope)
      }
      return nil
    default: return nil
    }
  }

  /// A stored property of the scope's class, by its declared type or initializer, or the
  /// object that is its kind, which it was made with.
  private func property(_ name: String, of scope: Scope) -> Local? {
    if isCoordinatorClass(scope.className),
      case .constructionArgument(_, _, let own, let parentKind, _, _) = library.vocabulary.kinds, name == own
    {
      // A coordinator passing its own presenter to a child: the library's kind for that,
      // else its own kind.
      if let parentKind { return .kind(parentKind) }
      if !scope.kind.isEmpty { return .kind(scope.kind) }
    }
    guard let property = code.types[scope.className]?.properties.first(where: { $0.name == name }) else {
      return nil
    }
    var inner = scope
    inner.locals = [:]
    if let initializer = property.initializer,
      let local = resolve(initializer, in: inner, declaredType: property.declaredType)
    {
      return local
    }
    if let type = property.declaredType, isScreen(type) { return .screen(type) }
    if let type = property.declaredType, isCoordinatorClass(type) { return .coordinator(type, kinds: []) }
    return nil
  }

  /// The kind a coordinator's construction passes (`presenter: ModalPresenter(…)`).
  func argumentKind(of call: SwiftSyntaxNode, in scope: Scope) -> String? {
    guard case .constructionArgument(let label, _, _, _, _, _) = library.vocabulary.kinds else { return nil }
    for argument in call.child("args")?.children("args") ?? [] {
      guard argument.string("label") == label,
        let expression = argument.child("expr")
      else { continue }
      if case .kind(let kind)? = resolve(expression, in: scope) { return kind }
      if let className = constructedClass(expression) { return className }
    }
    return nil
  }

  /// A call's function name and the name of what it is called on (`presenter` in
  /// `presenter.present(…)`, `navigation` in `self?.navigation.start(…)`, nil for `show(…)`).
  static func callee(_ call: SwiftSyntaxNode) -> (name: String, receiver: String?, base: SwiftSyntaxNode?)? {
    guard let function = call.child("fn") else { return nil }
    switch function.kind {
    case "unresolved_decl_ref_expr":
      return function.name.map { ($0, nil, nil) }
    case "unresolved_dot_expr":
      guard let name = function.name else { return nil }
      let base = function.child("base")
      return (name, base.flatMap(receiverName), base)
    default: return nil
    }
  }

  /// `self`, `presenter`, `navigation`, … : the last name of a receiver expression.
  static func receiverName(_ node: SwiftSyntaxNode) -> String? {
    switch node.kind {
    case "unresolved_decl_ref_expr", "unresolved_dot_expr": return node.name
    case "super_ref_expr": return "super"
    case "bind_optional_expr", "force_value_expr", "paren_expr":
      return node.child("sub_expr").flatMap(receiverName)
    default: return nil
    }
  }

  /// A call's arguments with their labels (`""` for none).
  static func arguments(_ call: SwiftSyntaxNode) -> [(label: String, expression: SwiftSyntaxNode)] {
    (call.child("args")?.children("args") ?? []).compactMap { argument in
      argument.child("expr").map { (argument.string("label") ?? "", $0) }
    }
  }

  /// The line of the next `word` at or after the scope's cursor, which then moves past it.
  func locate(_ word: String, in scope: inout Scope) -> SwiftCodeBase.Location {
    let text = code.files[scope.file].text
    if let offset = text.find(word, from: scope.cursor, before: text.bytes.count) {
      scope.cursor = offset + word.utf8.count
      return code.location(file: scope.file, offset: offset)
    }
    return code.location(file: scope.file, offset: scope.cursor)
  }
}
