import FlowReport

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
    // radianttap: a coordinator calling its started child's own method (`c.display(page:)`),
    // the flow's `call C.m`, with the method drafted as the child's `handle m`.
    if library == .radianttap, !isSelf, let base = callee.base,
      case .coordinator(let child, _)? = resolve(base, in: scope),
      child != scope.className, let method = code.method(callee.name, in: child), method.body != nil,
      !Self.libraryHooks.contains(callee.name)
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

  /// The library's navigation calls, as flow statements; nil for any other call.
  private func navigation(
    _ callee: (name: String, receiver: String?, base: SwiftSyntaxNode?),
    arguments: [(label: String, expression: SwiftSyntaxNode)], call: SwiftSyntaxNode, in scope: inout Scope
  ) -> [FlowDraft.Statement]? {
    let isSelf = callee.receiver == nil || callee.receiver == "self"
    let name = callee.name
    switch library {
    case .radianttap:
      if isSelf, ["show", "root", "top", "present"].contains(name) {
        return screenStatement(name, arguments.first?.expression, word: name, in: &scope)
      }
      if isSelf, name == "pop" {
        if let target = arguments.first(where: { $0.label == "to" }) {
          return screenStatement("pop to", target.expression, word: name, in: &scope)
        }
        return [.line("pop", locate(name, in: &scope))]
      }
      if isSelf, ["dismiss", "activate", "takeover"].contains(name) {
        return [.line(name, locate(name, in: &scope))]
      }
      if isSelf, ["startChild", "stopChild"].contains(name), let child = arguments.first?.expression {
        return childStatement(name, child, word: name, in: &scope)
      }
      if callee.receiver == "parent", name == "coordinatorDidFinish" {
        return [.line("finish", locate(name, in: &scope))]
      }
      if callee.receiver == "coordinatingResponder" {
        return [.line("send \(Self.flowName(name))", locate(name, in: &scope))]
      }
    case .router:
      if callee.receiver == "router", name == "present" {
        return screenStatement("present", arguments.first?.expression, word: name, in: &scope)
      }
      if isSelf || callee.receiver == "router", name == "dismiss" {
        return [.line("dismiss", locate(name, in: &scope))]
      }
      if isSelf, name == "presentChild", let child = arguments.first?.expression {
        let location = locate(name, in: &scope)
        guard case .coordinator(let className, let kinds)? = resolve(child, in: scope) else {
          return [.todo("presentChild of a coordinator the draft cannot name", location)]
        }
        let childName = coordinatorName(
          className, kind: kinds.first ?? "", split: (kindsByClass[className]?.count ?? 0) > 1)
        if let dismissed = arguments.first(where: { $0.label == "onDismissed" }),
          let closure = Self.closure(in: dismissed.expression)
        {
          var inner = scope
          let body = walkBody(of: closure, in: &inner)
          scope.cursor = max(scope.cursor, inner.cursor)
          return [
            .block(
              header: "presentChild \(childName) onDismissed", opening: "", body: body, orElse: nil, location)
          ]
        }
        return [.line("presentChild \(childName)", location)]
      }
    case .presenter:
      if callee.receiver == "presenter", ["present", "dismiss", "dismissRoot"].contains(name) {
        if name == "present" {
          return screenStatement("present", arguments.first?.expression, word: name, in: &scope)
        }
        return [.line(name, locate(name, in: &scope))]
      }
      if isSelf, name == "stop" { return [.line("stop", locate(name, in: &scope))] }
      if isSelf, name == "add" { return [] }
      if name == "start", let base = callee.base, case .coordinator? = resolve(base, in: scope) {
        return childStatement("startChild", base, word: "start", in: &scope)
      }
    case .insecurity:
      if name == "start", ["navigation", "topContext"].contains(callee.receiver ?? "") {
        return insecurityStart(arguments, in: &scope)
      }
      if isSelf, name == "finish" {
        let location = locate(name, in: &scope)
        if let value = arguments.first?.expression, value.kind == "unresolved_member_expr",
          let result = value.name
        {
          return [.line("finish(\(Self.flowName(result)))", location)]
        }
        return [.line("finish", location)]
      }
      if isSelf, name == "dismiss" { return [.line("dismiss", locate(name, in: &scope))] }
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

  /// `startChild C`, `stopChild C` for a coordinator the walk can name.
  private func childStatement(
    _ verb: String, _ expression: SwiftSyntaxNode, word: String, in scope: inout Scope
  ) -> [FlowDraft.Statement] {
    let location = locate(word, in: &scope)
    guard case .coordinator(let className, let kinds)? = resolve(expression, in: scope) else {
      return [.todo("'\(word)' of \(describe(expression)), a coordinator the draft cannot name", location)]
    }
    let split = (kindsByClass[className]?.count ?? 0) > 1
    guard kinds.count > 1 else {
      return [.line("\(verb) \(coordinatorName(className, kind: kinds.first ?? "", split: split))", location)]
    }
    // Made with one of several presenters or routers, by branches the walk cannot decide:
    // a flag per choice but the last.
    var chain: [FlowDraft.Statement]?
    for (index, kind) in kinds.enumerated().reversed() {
      let line = FlowDraft.Statement.line(
        "\(verb) \(coordinatorName(className, kind: kind, split: split))", location)
      if index == kinds.count - 1 {
        chain = [line]
        continue
      }
      let flag = flag("made", "the child is made with a \(kind)", at: location)
      chain = [.block(header: "if \(flag)", opening: "", body: [line], orElse: chain, location)]
    }
    return chain ?? []
  }

  /// Insecurity's `navigation.start(child, in:, animated:) { result in … }` and
  /// `navigation.start(UINavigationController(), child, animated:) { … }`.
  private func insecurityStart(
    _ arguments: [(label: String, expression: SwiftSyntaxNode)], in scope: inout Scope
  ) -> [FlowDraft.Statement] {
    let location = locate("start", in: &scope)
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
      case ("", .navigationController?): context = "newNavigation"
      case ("", .coordinator(let className, _)?): child = className
      case ("in", _): context = insecurityContext(argument.expression)
      default: break
      }
    }
    guard let child else { return [.todo("a start of a coordinator the draft cannot name", location)] }
    var header = "start \(coordinatorName(child))"
    let childKind = code.ancestor(of: child, among: library.coordinatorBases)?.name
    var notes: [FlowDraft.Statement] = []
    if context == nil && childKind == "AdaptiveCoordinator" {
      notes.append(
        .todo("an AdaptiveCoordinator started without a context: 'in: current' is a guess", location))
      context = "current"
    }
    if let context {
      if childKind == "ModalCoordinator" {
        notes.append(
          .todo("started 'in: \(context)', which a ModalCoordinator takes no context for", location))
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

  /// `.current`, `.modal`, `.navigation(new:)`, `.navigation(fallback:)` as the flow writes them.
  private func insecurityContext(_ expression: SwiftSyntaxNode) -> String? {
    if expression.kind == "unresolved_member_expr" { return expression.name }
    if expression.kind == "call_expr", let function = expression.child("fn"), function.name == "navigation" {
      let label = Self.arguments(expression).first?.label
      return label == "fallback" ? "navigationFallback" : "newNavigation"
    }
    return nil
  }

  /// A short description of an expression for a TODO: `viewController`, `makeDetail(…)`.
  func describe(_ node: SwiftSyntaxNode) -> String {
    switch node.kind {
    case "unresolved_decl_ref_expr", "unresolved_member_expr": return "'\(node.name ?? "?")'"
    case "unresolved_dot_expr": return "'…\(node.name ?? "?")'"
    case "call_expr":
      return node.child("fn").map { "'\(Self.callee(["fn": $0.value].asNode)?.name ?? "?")(…)'" } ?? "a call"
    default: return "an expression"
    }
  }
}

extension Dictionary where Key == String, Value == JSONValue {
  var asNode: SwiftSyntaxNode { SwiftSyntaxNode(.object(self)) }
}
