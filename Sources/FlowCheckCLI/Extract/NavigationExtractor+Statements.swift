extension NavigationExtractor {
  /// The flow statements of a body: navigation calls translated, calls of the coordinator's
  /// own methods inlined, conditions and async work kept as blocks.
  func statements(of body: SwiftSyntaxNode?, in scope: inout Scope) -> [FlowDraft.Statement] {
    guard let body else { return [] }
    return walk(body, in: &scope)
  }

  /// The statements of a closure's body (or of a body given as it is).
  func walkBody(of closure: SwiftSyntaxNode, in scope: inout Scope) -> [FlowDraft.Statement] {
    guard closure.kind == "closure_expr" else { return walk(closure, in: &scope) }
    return closure.child("body").map { walk($0, in: &scope) } ?? []
  }

  func walk(_ node: SwiftSyntaxNode, in scope: inout Scope) -> [FlowDraft.Statement] {
    if let range = node.range { scope.cursor = max(scope.cursor, range.start) }
    switch node.kind {
    case "pattern_binding_decl":
      return binding(node, in: &scope)
    case "call_expr":
      return call(node, in: &scope)
    case "sequence_expr":
      if let assigned = assignment(node, in: &scope) { return assigned }
    case "brace_stmt":
      return sequence(node.children("elements"), in: &scope)
    case "if_stmt":
      return condition(node, in: &scope)
    case "guard_stmt":
      // The else of a guard leaves the scope; what it shows is noted, not modelled.
      var inner = scope
      let exits = node.child("body").map { walk($0, in: &inner) } ?? []
      scope.cursor = max(scope.cursor, inner.cursor)
      if !exits.isEmpty {
        return [
          .todo(
            "a guard's else navigates; not modelled",
            code.location(file: scope.file, offset: node.range?.start ?? 0))
        ]
      }
      return []
    case "switch_stmt":
      return switchStatement(node, in: &scope)
    case "closure_expr":
      // A closure not passed to a call the walk knows: its navigation runs some time later.
      return asyncBlock(named: "closure", body: node, in: &scope, why: "a closure kept for later")
    case "func_decl", "class_decl", "struct_decl":
      return []
    default: break
    }
    var result: [FlowDraft.Statement] = []
    for child in node.subnodes { result += walk(child, in: &scope) }
    return result
  }

  /// `let vc = HomeViewController()`: the local is noted; the initializer is walked too.
  private func binding(_ node: SwiftSyntaxNode, in scope: inout Scope) -> [FlowDraft.Statement] {
    var result: [FlowDraft.Statement] = []
    let text = code.files[scope.file].text
    for entry in node.children("pattern_entries") {
      guard let pattern = entry.child("pattern") else { continue }
      let named = pattern.kind == "pattern_typed" ? pattern.child("sub_pattern") : pattern
      let declared =
        pattern.kind == "pattern_typed"
        ? node.range.flatMap { text.declaredType(from: $0.start, before: $0.end) } : nil
      if let initializer = entry.child("original_init") {
        if let name = named?.name, let local = resolve(initializer, in: scope, declaredType: declared) {
          scope.locals[name] = local
        }
        result += walk(initializer, in: &scope)
      } else if let name = named?.name, let declared {
        if isCoordinatorClass(declared) { scope.locals[name] = .coordinator(declared, kinds: []) }
      }
    }
    return result
  }

  /// `x = …` and `vc.onTap = { … }`.
  private func assignment(_ node: SwiftSyntaxNode, in scope: inout Scope) -> [FlowDraft.Statement]? {
    let elements = node.children("elements")
    guard elements.count == 3, elements[1].kind == "assign_expr" else { return nil }
    let target = elements[0]
    let value = elements[2]
    // A screen's closure property set by its coordinator: a tap that reaches it.
    if target.kind == "unresolved_dot_expr", let field = target.name, field.hasPrefix("on"), field.count > 2,
      let base = target.child("base"), case .screen(let screenClass)? = resolve(base, in: scope),
      let closure = Self.closure(in: value)
    {
      let location = locate(field, in: &scope)
      let screen = noteScreen(screenClass, at: location)
      var inner = scope
      let body = walkBody(of: closure, in: &inner)
      scope.cursor = max(scope.cursor, inner.cursor)
      closureEvents.append((screen, Self.lowerFirst(String(field.dropFirst(2))), body, location))
      return []
    }
    // `child = ChildCoordinator(…)`: the local now names what was made.
    if target.kind == "unresolved_decl_ref_expr", let name = target.name {
      var declared: String?
      if case .coordinator(let className, _)? = scope.locals[name] { declared = className }
      if let local = resolve(value, in: scope, declaredType: declared) {
        if case .coordinator(let className, let kinds)? = scope.locals[name],
          case .coordinator(let newClass, let newKinds) = local, className == newClass
        {
          scope.locals[name] = .coordinator(className, kinds: kinds + newKinds.filter { !kinds.contains($0) })
        } else {
          scope.locals[name] = local
        }
      }
    }
    return walk(value, in: &scope)
  }

  /// What a branch made of a local declared before it: a coordinator made with a kind in
  /// one branch and another kind in the other is made with either.
  private func mergeLocals(from branch: Scope, into scope: inout Scope) {
    for (name, local) in branch.locals {
      guard case .coordinator(let className, let kinds) = local else { continue }
      if case .coordinator(let known, let knownKinds)? = scope.locals[name], known == className {
        scope.locals[name] = .coordinator(
          className, kinds: knownKinds + kinds.filter { !knownKinds.contains($0) })
      } else if scope.locals[name] != nil {
        scope.locals[name] = local
      }
    }
  }

  static func closure(in node: SwiftSyntaxNode) -> SwiftSyntaxNode? {
    if node.kind == "closure_expr" { return node }
    if node.kind == "capture_list" { return node.child("closure_body") }
    return nil
  }

  static func lowerFirst(_ text: String) -> String {
    guard let first = text.first else { return text }
    return first.lowercased() + text.dropFirst()
  }

  /// `if c { … } else { … }`: a flag stands for the condition, which a draft cannot translate.
  /// A block's statements in order. `if c { …; return }` without an else makes the rest of
  /// the block its else: what follows runs only when the condition does not hold.
  private func sequence(_ elements: [SwiftSyntaxNode], in scope: inout Scope) -> [FlowDraft.Statement] {
    var result: [FlowDraft.Statement] = []
    for (index, element) in elements.enumerated() {
      if element.kind == "if_stmt", element.child("else_stmt") == nil,
        element.child("then_stmt")?.children("elements").last?.kind == "return_stmt",
        index + 1 < elements.count
      {
        let rest = Array(elements[(index + 1)...])
        return result + condition(element, in: &scope, rest: rest)
      }
      result += walk(element, in: &scope)
    }
    return result
  }

  private func condition(
    _ node: SwiftSyntaxNode, in scope: inout Scope, rest: [SwiftSyntaxNode] = []
  ) -> [FlowDraft.Statement] {
    let location = code.location(file: scope.file, offset: node.range?.start ?? scope.cursor)
    let text = code.files[scope.file].text
    let start = node.range?.start ?? 0
    let header = text.text(start, min(node.child("then_stmt")?.range?.start ?? start, start + 160))
    var thenScope = scope
    // `if let c = childCoordinators[id] as? CartCoordinator`: the dump prints no cast type.
    if let (name, type) = Self.castBinding(in: header), isCoordinatorClass(type) {
      thenScope.locals[name] = .coordinator(type, kinds: [])
    }
    let then = node.child("then_stmt").map { walk($0, in: &thenScope) } ?? []
    var elseScope = scope
    elseScope.cursor = thenScope.cursor
    let orElse =
      rest.isEmpty
      ? node.child("else_stmt").map { walk($0, in: &elseScope) } ?? [] : sequence(rest, in: &elseScope)
    scope.cursor = max(thenScope.cursor, elseScope.cursor)
    mergeLocals(from: thenScope, into: &scope)
    mergeLocals(from: elseScope, into: &scope)
    if then.isEmpty && orElse.isEmpty { return [] }
    let flag = flag(
      "condition", String(header.dropFirst(2).prefix { $0 != "{" }).trimmingSpaces, at: location)
    if then.isEmpty {
      return [.block(header: "if !\(flag)", opening: "", body: orElse, orElse: nil, location)]
    }
    return [
      .block(header: "if \(flag)", opening: "", body: then, orElse: orElse.isEmpty ? nil : orElse, location)
    ]
  }

  /// The Bool variable standing for a condition the draft cannot translate: one per place
  /// in the sources, so that a method inlined several times shares it, and one edit of its
  /// initial value (or of the `if`) settles every copy.
  func flag(_ base: String, _ condition: String, at location: SwiftCodeBase.Location) -> String {
    let key = "\(location.text) \(condition)"
    if let known = flagsByPlace[key] { return known }
    let name = uniqueName("\(base)\(location.line)")
    flagsByPlace[key] = name
    flags.append((name, condition, location))
    return name
  }

  /// `let c = … as? T` (or `as!`) in a condition's text: the name and the type.
  static func castBinding(in header: String) -> (String, String)? {
    guard let letRange = header.firstRange(of: "let ") else { return nil }
    let name = header[letRange.upperBound...].prefix { SwiftSourceText.isIdentifierCharacter($0) }
    for marker in [" as? ", " as! "] {
      if let cast = header.firstRange(of: marker) {
        let type = header[cast.upperBound...].prefix { SwiftSourceText.isIdentifierCharacter($0) }
        if !name.isEmpty && !type.isEmpty { return (String(name), String(type)) }
      }
    }
    return nil
  }

  /// `switch x { case .a: … }`: over a completion's result, `if result == a`; else a flag per case.
  private func switchStatement(_ node: SwiftSyntaxNode, in scope: inout Scope) -> [FlowDraft.Statement] {
    let subject = node.child("subject_expr")
    let overResult =
      subject?.kind == "unresolved_decl_ref_expr" && subject?.name != nil
      && subject?.name == scope.completionParameter
    var branches: [(condition: String, body: [FlowDraft.Statement], location: SwiftCodeBase.Location)] = []
    for branch in node.children("cases") {
      var inner = scope
      let body = branch.child("body").map { walk($0, in: &inner) } ?? []
      scope.cursor = max(scope.cursor, inner.cursor)
      mergeLocals(from: inner, into: &scope)
      let labels = Self.caseLabels(branch)
      let at = code.location(file: scope.file, offset: branch.range?.start ?? 0)
      guard !body.isEmpty else { continue }
      if overResult, let parameter = scope.completionBinding, labels.count == 1, let label = labels.first {
        let test =
          label == "nil"
          ? "\(parameter) == nil" : label == "some" ? "\(parameter) != nil" : "\(parameter) == \(label)"
        branches.append((test, body, at))
      } else {
        let written =
          labels.isEmpty ? "default" : labels.map { $0 == "nil" ? $0 : "." + $0 }.joined(separator: ", ")
        branches.append((flag("case", "switch case \(written)", at: at), body, at))
      }
    }
    guard !branches.isEmpty else { return [] }
    var chain: [FlowDraft.Statement]? = nil
    for branch in branches.reversed() {
      chain = [
        .block(
          header: "if \(branch.condition)", opening: "", body: branch.body, orElse: chain, branch.location)
      ]
    }
    return chain ?? []
  }

  /// The names of a case's patterns: `case .none, .little:` → `["none", "little"]`.
  static func caseLabels(_ branch: SwiftSyntaxNode) -> [String] {
    branch.children("case_label_items").compactMap { item in
      var pattern = item.child("pattern")
      while let current = pattern, current.kind != "pattern_expr", current.child("sub_pattern") != nil {
        pattern = current.child("sub_pattern")
      }
      guard let expression = pattern?.child("sub_expr") else {
        if pattern?.kind == "pattern_optional_some" { return "some" }
        return nil
      }
      if expression.kind == "nil_literal_expr" { return "nil" }
      if expression.kind == "call_expr", let function = expression.child("fn") { return function.name }
      return expression.name
    }
  }

  /// Async work: its statements in an `after` block, the flow's work that runs later as
  /// an event of its own; nothing when it does no navigation.
  func asyncBlock(
    named base: String, body: SwiftSyntaxNode, in scope: inout Scope, why: String
  ) -> [FlowDraft.Statement] {
    let location = code.location(file: scope.file, offset: body.range?.start ?? scope.cursor)
    var inner = scope
    let statements = walkBody(of: body, in: &inner)
    scope.cursor = max(scope.cursor, inner.cursor)
    guard !statements.isEmpty else { return [] }
    let name = uniqueName(base)
    return [
      .todo("\(why): modelled as async work that may run any time later", location),
      .block(header: "after \(name)", opening: "", body: statements, orElse: nil, location),
    ]
  }
}
