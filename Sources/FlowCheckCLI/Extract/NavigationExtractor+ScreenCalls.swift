extension NavigationExtractor {
  /// A screen calling a method of the coordinator it holds (`@IBAction func buy(_:) {
  /// coordinator?.buy() }`, with `weak var coordinator: ShopCoordinator?`): a tap that
  /// reaches that coordinator, drafted as `on Screen.buy { … }` with the method's body.
  struct ScreenCall: Hashable {
    var screen: String
    var method: String
    var location: SwiftCodeBase.Location
  }

  /// Every screen's calls of its coordinator's methods, by coordinator class.
  func scanScreenCalls() {
    for type in code.types.values.sorted(by: { $0.name < $1.name }) where isScreen(type.name) {
      for method in type.methods {
        guard let body = method.body else { continue }
        var scope = Scope(className: type.name, kind: "", file: method.file, cursor: method.start)
        collectScreenCalls(body, screen: Self.screenName(type.name), scope: &scope)
      }
    }
  }

  private func collectScreenCalls(_ node: SwiftSyntaxNode, screen: String, scope: inout Scope) {
    if let range = node.range { scope.cursor = max(scope.cursor, range.start) }
    if node.kind == "call_expr", let callee = Self.callee(node), let base = callee.base,
      case .coordinator(let className, _)? = resolve(base, in: scope),
      let method = code.method(callee.name, in: className), method.body != nil,
      !libraryHooks.contains(callee.name)
    {
      let location = locate(callee.name, in: &scope)
      screenCalls[className, default: []].insert(
        ScreenCall(screen: screen, method: callee.name, location: location))
    }
    for child in node.subnodes { collectScreenCalls(child, screen: screen, scope: &scope) }
  }

  /// The taps of `className` that screens call directly, as members.
  func screenCallMembers(of className: String, kind: String) -> [FlowDraft.Member] {
    let calls = (screenCalls[className] ?? []).sorted { ($0.screen, $0.method) < ($1.screen, $1.method) }
    return calls.compactMap { call in
      guard let method = code.method(call.method, in: className), let body = method.body else { return nil }
      var scope = Scope(className: className, kind: kind, file: method.file, cursor: method.start)
      let statements = statements(of: body, in: &scope)
      guard !statements.isEmpty else { return nil }
      if let screenClass = screenClassName(call.screen) { _ = noteScreen(screenClass, at: call.location) }
      return FlowDraft.Member(
        header: "on \(call.screen).\(Self.flowName(call.method))", body: statements, location: call.location)
    }
  }

  /// The class of a screen name, among the sources' screen classes.
  private func screenClassName(_ screen: String) -> String? {
    code.types.keys.sorted().first { isScreen($0) && Self.screenName($0) == screen }
  }
}
