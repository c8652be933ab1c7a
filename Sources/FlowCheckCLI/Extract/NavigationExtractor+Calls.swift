import FlowModel

extension NavigationExtractor {
  /// Calls that only transform a collection: their closures run at once, in place.
  static let inlineClosureCalls: Set<String> = [
    "forEach", "map", "compactMap", "flatMap", "filter", "first", "contains", "sorted", "reduce",
    "allSatisfy",
  ]
  /// UIKit's own navigation, which bypasses the library: noted, not modelled.
  static let directUIKit: Set<String> = [
    "pushViewController", "popViewController", "popToRootViewController", "popToViewController",
    "setViewControllers", "showDetailViewController",
  ]

  /// A call: a navigation call of the library, async work, a call of the coordinator's
  /// own method (inlined), or any other call whose arguments are walked.
  func call(_ node: SwiftSyntaxNode, in scope: inout Scope) -> [FlowDraft.Statement] {
    guard let callee = Self.callee(node) else {
      var result: [FlowDraft.Statement] = []
      for child in node.subnodes { result += walk(child, in: &scope) }
      return result
    }
    let arguments = Self.arguments(node)
    let isSelf = callee.receiver == nil || callee.receiver == "self"
    if ["asyncAfter", "async"].contains(callee.name),
      let closure = arguments.compactMap({ Self.closure(in: $0.expression) }).last
    {
      return asyncBlock(named: callee.name, body: closure, in: &scope, why: "DispatchQueue.\(callee.name)")
    }
    if callee.name == "Task" && callee.receiver == nil,
      let closure = arguments.compactMap({ Self.closure(in: $0.expression) }).last
    {
      return asyncBlock(named: "task", body: closure, in: &scope, why: "a Task")
    }
    if let translated = navigation(callee, arguments: arguments, call: node, in: &scope) { return translated }
    // A coordinator calling its started child's own method (`c.display(page:)`): the flow's
    // `call C.m`, with the method drafted as the child's `handle m`.
    if library.vocabulary.callsChildMethods, !isSelf, let base = callee.base,
      case .coordinator(let child, _)? = resolve(base, in: scope),
      child != scope.className, let method = code.method(callee.name, in: child), method.body != nil,
      !libraryHooks.contains(callee.name)
    {
      childCalls[child, default: []].insert(callee.name)
      return [
        .line("call \(coordinatorName(child)).\(Self.flowName(callee.name))", locate(callee.name, in: &scope))
      ]
    }
    if Self.directUIKit.contains(callee.name)
      || (["present", "dismiss", "show"].contains(callee.name) && !isSelf && callee.receiver != "super"
        && !callsCoordinator(callee.base, in: scope))
    {
      let location = locate(callee.name, in: &scope)
      return [.todo("'\(callee.name)' is UIKit's own navigation, past the library: not modelled", location)]
    }
    if isSelf, !scope.inlining.contains(callee.name), scope.inlining.count < 6,
      let method = code.method(callee.name, in: scope.className), let body = method.body,
      method.name != "init"
    {
      var inner = Scope(
        className: scope.className, kind: scope.kind, file: method.file, cursor: method.start,
        inlining: scope.inlining + [callee.name], completionParameter: nil)
      // Inlined inside a completion, its own completions still may not shadow it.
      inner.completionBindings = scope.completionBindings
      for (index, parameter) in method.parameters.enumerated() where index < arguments.count {
        if let local = resolve(arguments[index].expression, in: scope) {
          inner.locals[parameter.name] = local
        }
      }
      _ = locate(callee.name, in: &scope)
      return walk(body, in: &inner)
    }
    var result: [FlowDraft.Statement] = []
    if let base = callee.base { result += walk(base, in: &scope) }
    for argument in arguments {
      if let closure = Self.closure(in: argument.expression) {
        if Self.inlineClosureCalls.contains(callee.name) {
          result +=
            walkBody(of: closure, in: &scope).isEmpty
            ? []
            : [
              .todo(
                "navigation inside '\(callee.name) { … }', once per element: not modelled",
                locate(callee.name, in: &scope))
            ]
        } else {
          result += asyncBlock(
            named: callee.name, body: closure, in: &scope,
            why: "a completion handler passed to '\(callee.name)'")
        }
      } else {
        result += walk(argument.expression, in: &scope)
      }
    }
    return result
  }

  /// Whether a call's receiver is a coordinator (a child's own method, not UIKit's).
  private func callsCoordinator(_ base: SwiftSyntaxNode?, in scope: Scope) -> Bool {
    guard let base, case .coordinator? = resolve(base, in: scope) else { return false }
    return true
  }

  /// The library's navigation calls (its vocabulary's `calls` and its start with a
  /// completion), as flow statements; nil for any other call.
  private func navigation(
    _ callee: (name: String, receiver: String?, base: SwiftSyntaxNode?),
    arguments: [(label: String, expression: SwiftSyntaxNode)], call: SwiftSyntaxNode, in scope: inout Scope
  ) -> [FlowDraft.Statement]? {
    let vocabulary = library.vocabulary
    let isSelf = callee.receiver == nil || callee.receiver == "self"
    if let start = vocabulary.startWithCompletion, callee.name == start.method,
      start.receivers.contains(callee.receiver ?? "")
    {
      return startWithCompletion(arguments, start: start, in: &scope)
    }
    for pattern in vocabulary.calls where pattern.method.isEmpty || pattern.method == callee.name {
      switch pattern.receiver {
      case .own:
        guard isSelf else { continue }
      case .named(let receiver):
        guard callee.receiver == receiver else { continue }
      case .child:
        guard let base = callee.base, case .coordinator? = resolve(base, in: scope) else { continue }
      }
      var operand = arguments.first?.expression
      if let label = pattern.argumentLabel {
        guard let labelled = arguments.first(where: { $0.label == label }) else { continue }
        operand = labelled.expression
      }
      switch pattern.operand {
      case .none:
        return [.line(pattern.statement, locate(callee.name, in: &scope))]
      case .ignored:
        return []
      case .methodName:
        return [.line("\(pattern.statement) \(Self.flowName(callee.name))", locate(callee.name, in: &scope))]
      case .screen:
        return screenStatement(pattern.statement, operand, word: callee.name, in: &scope)
      case .child:
        guard let operand else { continue }
        let block = pattern.blockLabel.flatMap { label in
          arguments.first { $0.label == label }.flatMap { Self.closure(in: $0.expression) }
        }
        return childStatement(
          pattern.statement, operand, word: callee.name, block: block.map { (pattern.blockLabel ?? "", $0) },
          in: &scope)
      case .receiverChild:
        guard let base = callee.base else { continue }
        return childStatement(pattern.statement, base, word: callee.name, in: &scope)
      case .resultValue:
        let location = locate(callee.name, in: &scope)
        if let value = operand, value.kind == "unresolved_member_expr", let result = value.name {
          return [.line("\(pattern.statement)(\(Self.flowName(result)))", location)]
        }
        return [.line(pattern.statement, location)]
      }
    }
    return nil
  }

  /// `show S` and the like, for a controller the walk can name; a TODO for one it cannot.
  private func screenStatement(
    _ verb: String, _ expression: SwiftSyntaxNode?, word: String, in scope: inout Scope
  ) -> [FlowDraft.Statement] {
    let location = locate(word, in: &scope)
    if let expression, case .screen(let className)? = resolve(expression, in: scope) {
      return [.line("\(verb) \(noteScreen(className, at: location))", location)]
    }
    let text = expression.map { describe($0) } ?? "nothing"
    if text.contains("rootViewController") { return [] }
    return [.todo("'\(word)' of \(text), a controller the draft cannot name", location)]
  }

  /// `startChild C`, `stopChild C`, `presentChild C onDismissed { … }` for a coordinator the
  /// walk can name; `block` is a closure argument drafted as the statement's block, after its
  /// label.
  private func childStatement(
    _ verb: String, _ expression: SwiftSyntaxNode, word: String,
    block: (label: String, closure: SwiftSyntaxNode)? = nil, in scope: inout Scope
  ) -> [FlowDraft.Statement] {
    let location = locate(word, in: &scope)
    guard case .coordinator(let className, let kinds)? = resolve(expression, in: scope) else {
      return [.todo("'\(word)' of \(describe(expression)), a coordinator the draft cannot name", location)]
    }
    let split = (kindsByClass[className]?.count ?? 0) > 1
    var body: [FlowDraft.Statement] = []
    if let block {
      var inner = scope
      body = walkBody(of: block.closure, in: &inner)
      scope.cursor = max(scope.cursor, inner.cursor)
    }
    func statement(_ kind: String) -> FlowDraft.Statement {
      let header = "\(verb) \(coordinatorName(className, kind: kind, split: split))"
      guard let block else { return .line(header, location) }
      return .block(header: header + " " + block.label, opening: "", body: body, orElse: nil, location)
    }
    guard kinds.count > 1 else { return [statement(kinds.first ?? "")] }
    // Made with one of several kinds, by branches the walk cannot decide:
    // a flag per choice but the last.
    var chain: [FlowDraft.Statement]?
    for (index, kind) in kinds.enumerated().reversed() {
      let line = statement(kind)
      if index == kinds.count - 1 {
        chain = [line]
        continue
      }
      let flag = flag("made", "the child is made with a \(kind)", at: location)
      chain = [.block(header: "if \(flag)", opening: "", body: [line], orElse: chain, location)]
    }
    return chain ?? []
  }

  /// A start with a context and a completion, `navigation.start(child, in: .modal) { r in … }`
  /// or, with a new navigation controller first, `navigation.start(UINavigationController(),
  /// child) { … }`: `start C in: CONTEXT { r in … }`.
  private func startWithCompletion(
    _ arguments: [(label: String, expression: SwiftSyntaxNode)], start: SwiftVocabulary.StartCall,
    in scope: inout Scope
  ) -> [FlowDraft.Statement] {
    let location = locate(start.method, in: &scope)
    var child: String?
    var context: String?
    var completion: SwiftSyntaxNode?
    for argument in arguments {
      if let closure = Self.closure(in: argument.expression),
        argument.label.isEmpty || argument.label == "completion"
      {
        completion = closure
        continue
      }
      switch (argument.label, resolve(argument.expression, in: scope)) {
      case ("", .navigationController?): context = start.newContainerContext
      case ("", .coordinator(let className, _)?): child = className
      case ("in", _): context = startContext(argument.expression, start: start)
      default: break
      }
    }
    guard let child else { return [.todo("a start of a coordinator the draft cannot name", location)] }
    var header = "\(start.method) \(coordinatorName(child))"
    let childKind = code.ancestor(of: child, among: library.vocabulary.coordinatorBases)?.name ?? ""
    var notes: [FlowDraft.Statement] = []
    if context == nil && start.kindsNeedingContext.contains(childKind) {
      notes.append(
        .todo(
          "\(Self.article(childKind)) \(childKind) started without a context: 'in: \(start.defaultContext)' is a guess",
          location))
      context = start.defaultContext
    }
    if let context {
      if start.kindsWithoutContext.contains(childKind) {
        notes.append(
          .todo(
            "started 'in: \(context)', which \(Self.article(childKind)) \(childKind) takes no context for",
            location))
      } else {
        header += " in: \(context)"
      }
    }
    guard let completion else { return notes + [.line(header, location)] }
    let parameter = completion.child("params")?.children("params").first?.name
    var bound = parameter.map { $0 == "_" || $0 == "result" ? "result" : Self.flowName($0) } ?? "result"
    // A completion inside another may not shadow its binding in a flow: `result2`, ….
    var depth = 2
    let base = bound
    while scope.completionBindings.contains(bound) {
      bound = base + String(depth)
      depth += 1
    }
    var inner = scope
    inner.completionParameter = parameter
    inner.completionBinding = bound
    inner.completionBindings.insert(bound)
    let body = walkBody(of: completion, in: &inner)
    scope.cursor = max(scope.cursor, inner.cursor)
    return notes + [.block(header: header, opening: "\(bound) in", body: body, orElse: nil, location)]
  }

  /// A context as the flow writes it: `.modal` by its member name, `.navigation(new: …)` by
  /// `navigation(new)`, through the vocabulary's table.
  private func startContext(_ expression: SwiftSyntaxNode, start: SwiftVocabulary.StartCall) -> String? {
    if expression.kind == "unresolved_member_expr", let name = expression.name { return start.contexts[name] }
    if expression.kind == "call_expr", let name = expression.child("fn")?.name {
      let label = Self.arguments(expression).first?.label ?? ""
      return start.contexts["\(name)(\(label))"]
    }
    return nil
  }

  /// `an` before a vowel, else `a`.
  static func article(_ word: String) -> String {
    "AEIOUaeiou".contains(word.first ?? "x") ? "an" : "a"
  }

  /// A short description of an expression for a TODO: `viewController`, `makeDetail(…)`.
  func describe(_ node: SwiftSyntaxNode) -> String {
    switch node.kind {
    case "unresolved_decl_ref_expr", "unresolved_member_expr": return "'\(node.name ?? "?")'"
    case "unresolved_dot_expr": return "'…\(node.name ?? "?")'"
    case "call_expr":
      return Self.callee(node).map { "'\($0.name)(…)'" } ?? "a call"
    default: return "an expression"
    }
  }
}
