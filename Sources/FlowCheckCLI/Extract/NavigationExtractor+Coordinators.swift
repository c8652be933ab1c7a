extension NavigationExtractor {
  /// Methods of the library a coordinator overrides or calls, which are no app message:
  /// the vocabulary's, its start, its overrides and its navigation calls, and UIKit's.
  var libraryHooks: Set<String> {
    let vocabulary = library.vocabulary
    return vocabulary.libraryMethods.union([vocabulary.startMethod, "init", "deinit", "viewDidLoad"])
      .union(vocabulary.overrides.map(\.method)).union(vocabulary.calls.map(\.method).filter { !$0.isEmpty })
  }

  /// The draft of one coordinator class, for one of the kinds it is made with.
  func coordinator(_ className: String, kind givenKind: String, split: Bool) -> FlowDraft.Coordinator {
    let vocabulary = library.vocabulary
    let type = code.types[className] ?? SwiftCodeBase.TypeDeclaration(name: className)
    let location = type.location ?? SwiftCodeBase.Location(path: "?", line: 1)
    let name = coordinatorName(className, kind: givenKind, split: split)
    var members: [FlowDraft.Member] = []
    var notes: [FlowDraft.Statement] = []
    closureEvents = []
    quietMessages = []
    let ancestor = code.ancestor(of: className, among: vocabulary.coordinatorBases)
    var kind = givenKind
    switch vocabulary.kinds {
    case .baseClass(let kinds, let byGenericArgument, let fallback):
      let base = ancestor?.name ?? ""
      if let generic = ancestor?.generic,
        let match = byGenericArgument.first(where: { generic.contains($0.key) })
      {
        kind = match.value
      } else if kinds.isEmpty {
        kind = base
      } else {
        kind = kinds[base] ?? fallback ?? base
        if let generic = ancestor?.generic, !byGenericArgument.isEmpty {
          notes.append(.todo("a \(base)<\(generic)>: drafted as a \(kind)", location))
        }
      }
    case .constructionArgument(_, let suffix, _, _, let fallback, _):
      if kind.isEmpty {
        kind = fallback
        notes.append(
          .todo(
            "made nowhere in these sources with a known \(suffix.lowercased()): '\(kind)' is a guess",
            location))
      }
    }
    if vocabulary.rootArgument != nil {
      let root = childRoots[className]
      if root == nil {
        notes.append(.todo("how its root is given was not seen: 'root presented' is a guess", location))
      }
      members.append(FlowDraft.Member(header: "root \(root ?? "presented")", body: nil, location: location))
    }
    var scope = Scope(className: className, kind: kind, file: 0, cursor: 0)
    // What starting it does; a library where one kind alone has a start shows the others'
    // screens through a property.
    let hasStart = vocabulary.startOnlyInKind.map { $0 == kind } ?? true
    let startName = hasStart ? vocabulary.startMethod : ""
    if let start = type.methods.first(where: { $0.name == startName && $0.body != nil }) {
      scope.file = start.file
      scope.cursor = start.start
      let body = statements(of: start.body, in: &scope)
      members.append(FlowDraft.Member(header: "start", body: body, location: start.location))
    }
    if let property = vocabulary.screenProperty, !hasStart {
      members += screenPropertyMembers(of: type, property: property, scope: &scope)
    }
    // Taps: delegate methods whose first parameter is a screen, messages up the responder
    // chain, the library's overrides.
    for method in type.methods.sorted(by: { $0.location < $1.location }) where method.name != startName {
      members += handlers(for: method, in: type, kind: kind)
    }
    if let property = vocabulary.screenProperty, !hasStart {
      let own = members.first(where: { $0.header.hasPrefix(property + " ") })?.header.split(separator: " ")
        .last.map(String.init)
      // A coordinator handles only its own screen's events (one view controller each):
      // closures of screens it builds inside its controller are noted.
      closureEvents.removeAll { event in
        guard event.screen != own else { return false }
        notes.append(
          .todo(
            "'on\(event.event.prefix(1).uppercased() + event.event.dropFirst())' of \(event.screen), a screen inside "
              + "the coordinator's own controller: not drafted", event.location))
        return true
      }
    }
    notes += screenPropertyNotes
    screenPropertyNotes = []
    members += screenCallMembers(of: className, kind: kind)
    for event in closureEvents {
      members.append(
        FlowDraft.Member(
          header: "on \(event.screen).\(Self.flowName(event.event))", body: event.body,
          location: event.location))
    }
    if let first = quietMessages.first {
      notes.append(
        .todo(
          "messages it handles without navigating, not drafted: "
            + quietMessages.map(\.name).sorted().joined(separator: ", "), first.location))
    }
    return FlowDraft.Coordinator(
      name: name, kind: kind, members: Self.merged(members), location: location, notes: notes)
  }

  /// A `handle m` for each method of the class that a parent calls on it
  /// (`call C.m`), once every coordinator is drafted and so every call seen.
  func calledMethods(of className: String, kind: String) -> [FlowDraft.Member] {
    guard let type = code.types[className] else { return [] }
    return (childCalls[className] ?? []).sorted().compactMap { called in
      guard let method = type.methods.first(where: { $0.name == called }), let body = method.body else {
        return nil
      }
      var scope = Scope(className: className, kind: kind, file: method.file, cursor: method.start)
      return FlowDraft.Member(
        header: "handle \(Self.flowName(called))", body: statements(of: body, in: &scope),
        location: method.location)
    }
  }

  /// A method app code calls on a coordinator, drafted as an app `event`.
  struct AppEvent: Hashable, Comparable {
    var className: String
    var method: String

    static func < (lhs: AppEvent, rhs: AppEvent) -> Bool {
      (lhs.className, lhs.method) < (rhs.className, rhs.method)
    }
  }

  /// The app's events: `event m { … }` for the window's coordinator, `event m to C { … }`
  /// for another, each the body of the method app code calls.
  func drafts(of events: Set<AppEvent>, window: String?) -> [FlowDraft.Event] {
    events.sorted().compactMap { event in
      guard let method = code.method(event.method, in: event.className), let body = method.body else {
        return nil
      }
      let kind = kindsByClass[event.className]?.first ?? ""
      var scope = Scope(className: event.className, kind: kind, file: method.file, cursor: method.start)
      let statements = statements(of: body, in: &scope)
      guard !statements.isEmpty else { return nil }
      let name = coordinatorName(event.className)
      return FlowDraft.Event(
        name: Self.flowName(event.method), target: name == window ? nil : name, body: statements,
        location: method.location)
    }
  }

  /// Members in a stable order, one per header: a second with the same header (two Swift
  /// methods mapped to one `on S.e`) has its statements appended to the first's.
  static func merged(_ members: [FlowDraft.Member]) -> [FlowDraft.Member] {
    var result: [FlowDraft.Member] = []
    for member in members {
      if let index = result.firstIndex(where: { $0.header == member.header }) {
        if let body = member.body {
          result[index].body =
            (result[index].body ?? []) + [
              .todo("a second method maps to this member; its statements follow", member.location)
            ] + body
        }
      } else {
        result.append(member)
      }
    }
    func rank(_ header: String) -> Int {
      if header.hasPrefix("root ") { return 0 }
      if header.hasPrefix("viewController ") { return 1 }
      if header.hasPrefix("result ") { return 2 }
      if header == "start" { return 3 }
      if header.hasPrefix("on ") || header.hasPrefix("handle ") { return 4 }
      return 5
    }
    return result.enumerated().sorted { lhs, rhs in
      let (left, right) = (rank(lhs.element.header), rank(rhs.element.header))
      if left != right { return left < right }
      if left == 4 { return lhs.element.header < rhs.element.header }
      return lhs.offset < rhs.offset
    }.map(\.element)
  }

  /// A library whose coordinators each show one screen through an overridden property
  /// (`viewController`): that screen, the taps its closures reach, and the values of the
  /// `Result` type that is the base's generic argument.
  private func screenPropertyMembers(
    of type: SwiftCodeBase.TypeDeclaration, property propertyName: String, scope: inout Scope
  ) -> [FlowDraft.Member] {
    var members: [FlowDraft.Member] = []
    if library.vocabulary.resultFromGenericArgument,
      let generic = code.ancestor(of: type.name, among: library.vocabulary.coordinatorBases)?.generic,
      let results = code.types[generic]?.cases, !results.isEmpty
    {
      members.append(
        FlowDraft.Member(
          header: "result " + results.map(Self.flowName).joined(separator: ", "), body: nil,
          location: code.types[generic]?.location ?? SwiftCodeBase.Location(path: "?", line: 1)))
    }
    guard let property = type.properties.first(where: { $0.name == propertyName }) else { return members }
    let getter = property.getter
    scope.file = getter?.file ?? property.file
    scope.cursor = getter?.start ?? 0
    var screen: String?
    if let body = getter?.body {
      // The screen is the controller the getter returns, made in it.
      var locals = scope
      var returned: Local?
      for element in body.children("elements") {
        if element.kind == "pattern_binding_decl" {
          for entry in element.children("pattern_entries") {
            if let name = entry.child("pattern")?.name, let initializer = entry.child("original_init"),
              let local = resolve(initializer, in: locals)
            {
              locals.locals[name] = local
            }
          }
        }
        if element.kind == "return_stmt", let result = element.child("result") {
          returned = resolve(result, in: locals)
        }
      }
      switch returned {
      case .screen(let className)?:
        screen = noteScreen(className, at: property.location)
      case .navigationController?:
        screenPropertyNotes.append(
          .todo(
            "the viewController is a navigation controller the coordinator fills itself; its screens are not drafted",
            property.location))
      default:
        screenPropertyNotes.append(
          .todo("the viewController returned is not a screen the draft can name", property.location))
      }
      // Only the window's kind has a start of its own in such a library: what the
      // getter does besides making the screen is noted.
      if !statements(of: body, in: &scope).isEmpty {
        screenPropertyNotes.append(
          .todo(
            "the viewController getter navigates outside the screen's closures (a stored closure); not drafted",
            property.location))
      }
    } else if let initializer = property.initializer,
      case .screen(let className)? = resolve(initializer, in: scope)
    {
      screen = noteScreen(className, at: property.location)
    }
    if let screen {
      members.insert(
        FlowDraft.Member(header: "viewController \(screen)", body: nil, location: property.location), at: 0)
    }
    return members
  }

  /// The members one method of a coordinator gives: `on S.e` for a delegate method of
  /// screen S (one per case when it switches over a parameter), `handle m` or `on S.m` for a
  /// responder-chain message, the presenter's overrides.
  private func handlers(
    for method: SwiftCodeBase.Method, in type: SwiftCodeBase.TypeDeclaration, kind: String
  ) -> [FlowDraft.Member] {
    guard let body = method.body, method.name != "init" else { return [] }
    var scope = Scope(className: type.name, kind: kind, file: method.file, cursor: method.start)
    if let header = overrideMember(method) {
      return [
        FlowDraft.Member(header: header, body: statements(of: body, in: &scope), location: method.location)
      ]
    }
    if let first = method.parameters.first, let screenClass = first.type, isScreen(screenClass) {
      scope.locals[first.name] = .screen(screenClass)
      let screen = noteScreen(screenClass, at: method.location)
      let event = Self.eventName(method, screenClass: screenClass)
      // A delegate method that switches over a parameter: one event per case.
      let parameterNames = Set(method.parameters.dropFirst().map(\.name))
      let elements = body.children("elements")
      if let index = elements.firstIndex(where: {
        $0.kind == "switch_stmt" && parameterNames.contains($0.child("subject_expr")?.name ?? "")
      }) {
        var members: [FlowDraft.Member] = []
        var before = scope
        var prefix: [FlowDraft.Statement] = []
        for element in elements[..<index] { prefix += walk(element, in: &before) }
        for branch in elements[index].children("cases") {
          var inner = before
          let statements = prefix + (branch.child("body").map { walk($0, in: &inner) } ?? [])
          let at = code.location(file: method.file, offset: branch.range?.start ?? method.start)
          for label in Self.caseLabels(branch) {
            members.append(
              FlowDraft.Member(header: "on \(screen).\(Self.flowName(label))", body: statements, location: at)
            )
          }
        }
        if !members.isEmpty { return members }
      }
      return [
        FlowDraft.Member(
          header: "on \(screen).\(Self.flowName(event))", body: statements(of: body, in: &scope),
          location: method.location)
      ]
    }
    if library.vocabulary.messageReceiver != nil, method.isOverride, !libraryHooks.contains(method.name) {
      let statements = statements(of: body, in: &scope)
      // A message that only fetches or computes (`cartStatus(sender:completion:)`) moves
      // no screen: noted once on the coordinator, not drafted as a handler.
      if statements.isEmpty {
        quietMessages.append((method.name, method.location))
        return []
      }
      let senders = (messagesSent[method.name] ?? []).sorted()
      if senders.isEmpty {
        return [
          FlowDraft.Member(
            header: "handle \(Self.flowName(method.name))", body: statements, location: method.location)
        ]
      }
      return senders.map {
        FlowDraft.Member(
          header: "on \($0).\(Self.flowName(method.name))", body: statements, location: method.location)
      }
    }
    return []
  }

  /// The member an overridden library method is (`presenter(_:didDismiss:)` → `didDismiss`),
  /// by the vocabulary's overrides, told apart by their second argument label.
  private func overrideMember(_ method: SwiftCodeBase.Method) -> String? {
    guard method.isOverride else { return nil }
    return library.vocabulary.overrides.first { override in
      override.method == method.name
        && (override.label.map { method.labels.count >= 2 && method.labels[1] == $0 } ?? true)
    }?.member
  }

  /// A delegate method's event: `homeViewControllerDidPressScheduleAppointment(_:)` →
  /// `scheduleAppointment`, `didTriggerCloseButton(in:)` → `close`,
  /// `selectVisitTypeViewController(_:didSelect:)` → `select`.
  static func eventName(_ method: SwiftCodeBase.Method, screenClass: String) -> String {
    var name = method.name
    for marker in ["ViewController", "Controller"] {
      if let range = name.firstRange(of: marker), name.prefix(1).lowercased() == name.prefix(1),
        name[..<range.lowerBound].first?.isLowercase == true, range.lowerBound != name.startIndex,
        !name.hasPrefix("did")
      {
        name = String(name[range.upperBound...])
        break
      }
    }
    if name.isEmpty { name = method.labels.dropFirst().first { !$0.isEmpty } ?? method.name }
    for prefix in ["Did", "did"] where name.hasPrefix(prefix) && name.count > prefix.count {
      name = String(name.dropFirst(prefix.count))
    }
    for prefix in ["Pressed", "Press", "Tapped", "Tap", "Trigger", "Triggered", "Request", "Requested"]
    where name.hasPrefix(prefix) && name.count > prefix.count
      && name.dropFirst(prefix.count).first?.isUppercase == true
    {
      name = String(name.dropFirst(prefix.count))
      break
    }
    for suffix in ["ViewController", "Controller", "Button"]
    where name.hasSuffix(suffix) && name.count > suffix.count {
      name = String(name.dropLast(suffix.count))
      break
    }
    return lowerFirst(name)
  }

  // MARK: Scans over the whole code base

  /// Which kind each coordinator class is made with (for a library whose kind is an object it
  /// is made with), and which classes are
  /// made outside every coordinator (the window's candidates).
  func scanConstructions() {
    for type in code.types.values.sorted(by: { $0.name < $1.name }) {
      let owner = isCoordinatorClass(type.name) ? type.name : nil
      for method in type.methods {
        var scope = Scope(className: type.name, kind: "", file: method.file, cursor: method.start)
        if let body = method.body { collectConstructions(body, owner: owner, scope: &scope) }
      }
      for property in type.properties {
        var scope = Scope(className: type.name, kind: "", file: property.file, cursor: 0)
        if let initializer = property.initializer {
          collectConstructions(initializer, owner: owner, scope: &scope)
        }
        if let body = property.getter?.body { collectConstructions(body, owner: owner, scope: &scope) }
      }
    }
    for method in code.topLevel {
      var scope = Scope(className: "", kind: "", file: method.file, cursor: method.start)
      if let body = method.body { collectConstructions(body, owner: nil, scope: &scope) }
    }
    for (className, kinds) in kindsByClass { kindsByClass[className] = Array(Set(kinds)).sorted() }
  }

  private func collectConstructions(_ node: SwiftSyntaxNode, owner: String?, scope: inout Scope) {
    if node.kind == "pattern_binding_decl" {
      let text = code.files[scope.file].text
      for entry in node.children("pattern_entries") {
        guard let initializer = entry.child("original_init") else { continue }
        let pattern = entry.child("pattern")
        let named = pattern?.kind == "pattern_typed" ? pattern?.child("sub_pattern") : pattern
        let declared =
          pattern?.kind == "pattern_typed"
          ? node.range.flatMap { text.declaredType(from: $0.start, before: $0.end) } : nil
        if let className = constructedClass(initializer, declaredType: declared),
          isCoordinatorClass(className)
        {
          noteConstruction(
            className, call: initializer, owner: owner, scope: scope, at: node.range?.start ?? 0)
        }
        if let name = named?.name, let local = resolve(initializer, in: scope, declaredType: declared) {
          scope.locals[name] = local
        }
      }
      // `let child: ChildCoordinator` assigned later, in branches.
      if node.children("pattern_entries").count == 1,
        node.children("pattern_entries")[0].child("original_init") == nil,
        let pattern = node.children("pattern_entries")[0].child("pattern"), pattern.kind == "pattern_typed",
        let name = pattern.child("sub_pattern")?.name,
        let declared = node.range.flatMap({ text.declaredType(from: $0.start, before: $0.end) }),
        isCoordinatorClass(declared)
      {
        scope.locals[name] = .coordinator(declared, kinds: [])
      }
    }
    if node.kind == "call_expr", let className = constructedClass(node), isCoordinatorClass(className) {
      noteConstruction(className, call: node, owner: owner, scope: scope, at: scope.cursor)
    }
    // App code outside every coordinator and screen calling a coordinator's method (the app
    // delegate's `coordinator?.deviceShaken()`): an app event. A screen's call is a tap
    // (`scanScreenCalls`).
    if owner == nil, !isScreen(scope.className), node.kind == "call_expr", let callee = Self.callee(node),
      let base = callee.base,
      case .coordinator(let className, _)? = resolve(base, in: scope),
      let method = code.method(callee.name, in: className), method.body != nil,
      !libraryHooks.contains(callee.name), !["start", "stop"].contains(callee.name)
    {
      appEvents.insert(AppEvent(className: className, method: callee.name))
    }
    if node.kind == "sequence_expr" {
      let elements = node.children("elements")
      if elements.count == 3, elements[1].kind == "assign_expr", elements[2].kind == "call_expr",
        elements[2].child("fn")?.kind == "unresolved_member_expr", let target = elements[0].name,
        case .coordinator(let className, _)? = scope.locals[target]
      {
        noteConstruction(className, call: elements[2], owner: owner, scope: scope, at: scope.cursor)
      }
    }
    if let range = node.range { scope.cursor = max(scope.cursor, range.start) }
    // A binding's initializer was read above, as a whole.
    guard node.kind != "pattern_binding_decl" else { return }
    for child in node.subnodes { collectConstructions(child, owner: owner, scope: &scope) }
  }

  private func noteConstruction(
    _ className: String, call: SwiftSyntaxNode, owner: String?, scope: Scope, at offset: Int
  ) {
    if case .constructionArgument = library.vocabulary.kinds {
      var kindScope = scope
      kindScope.kind = owner.flatMap { kindsByClass[$0]?.first } ?? ""
      if let kind = argumentKind(of: call, in: kindScope), kind != "" {
        kindsByClass[className, default: []].append(kind)
      }
    }
    if let rootArgument = library.vocabulary.rootArgument, let owner, owner != className {
      for argument in Self.arguments(call) where argument.label == rootArgument {
        let expression = argument.expression
        if expression.kind == "unresolved_decl_ref_expr" && expression.name == rootArgument {
          childRoots[className] = "parent"
        } else if let tabs = library.vocabulary.tabParentKind,
          code.ancestor(of: owner, among: library.vocabulary.coordinatorBases)?.name == tabs
        {
          childRoots[className] = childRoots[className] ?? "tab"
        } else {
          childRoots[className] = childRoots[className] ?? "presented"
        }
      }
    }
    if owner == nil, madeOutside[className] == nil {
      madeOutside[className] = code.location(file: scope.file, offset: offset)
    }
  }

  /// The screens whose code sends each message up the responder chain, for a library that
  /// has one: through its receiver (`coordinatingResponder?.cartBuyNow(…)`), or by calling the
  /// app's own forwarding method `m(…)` declared in an extension of `UIResponder` (as the
  /// library's example app does for every message, in its Cart-CoordinatingResponder.swift).
  func scanMessages() {
    guard let receiver = library.vocabulary.messageReceiver else { return }
    let forwarding = Set(
      ["UIResponder", "UIViewController"].flatMap { code.types[$0]?.methods.map(\.name) ?? [] })
    for type in code.types.values where isScreen(type.name) {
      for method in type.methods {
        guard let body = method.body else { continue }
        collectMessages(body, screen: Self.screenName(type.name), receiver: receiver, forwarding: forwarding)
      }
    }
  }

  private func collectMessages(
    _ node: SwiftSyntaxNode, screen: String, receiver: String, forwarding: Set<String>
  ) {
    if node.kind == "call_expr", let callee = Self.callee(node),
      callee.receiver == receiver
        || ((callee.receiver == nil || callee.receiver == "self") && forwarding.contains(callee.name))
    {
      messagesSent[callee.name, default: []].insert(screen)
    }
    for child in node.subnodes {
      collectMessages(child, screen: screen, receiver: receiver, forwarding: forwarding)
    }
  }
}
