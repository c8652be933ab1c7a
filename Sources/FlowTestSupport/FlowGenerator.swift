// Random VALID flows for property tests of the parser, the formatter, the resolver and the
// model. Seeded and deterministic; small enough to be explored by the model checker.

/// Generates the text of random, valid `.flow` files.
///
/// Every flow has:
/// - one `app` with `library radianttap`, `window` = the first coordinator, `home` = its root
///   screen, and small `limits` (stack 3–5, presented 1–2, depth 8–16; `inflight 1` in
///   about a third);
/// - 2–8 screens, with random styles and some `modalInPresentation`;
/// - 0–3 global variables (Bool or bounded Int), used type-correctly with in-range literals
///   (`+= 1` only under a guard that keeps the value in range);
/// - 1–4 `NavigationCoordinator`s: the first is `root window`; each other one is `root parent`
///   or `root presented` and is started by a `startChild` in a handler of an earlier
///   coordinator (its parent). Every screen belongs to one coordinator, which shows it
///   (`start` installs the first with `root` or `show`; a handler of an earlier screen of the
///   same coordinator shows each other one) and is the only one handling its events;
/// - handlers drawn from show, pop, pop to, top, present, dismiss, startChild, stopChild,
///   finish, send, if/else, assignments and `after`; `animated: false` only on the verbs
///   whose radianttap methods take it (top, pop, pop to, present, dismiss);
/// - `send m` only from non-window coordinators, with a `handle m` in the window coordinator;
/// - sometimes `identifier`, coordinator-local variables, `popBack`, `didFinish`, app-level
///   `event`s, `always`/`never`/`reachable` properties and `expect pass` (a guess, not a claim
///   that the flow verifies).
///
/// With `decorates` (the default) the text also has random comments, blank lines, `;`
/// separators, one-line blocks, `else if` chains and indentation styles: a layout workout for
/// the parser and formatter that does not change what the flow means.
public struct FlowGenerator: Sendable {
  public var random: SeededRandom
  /// Add comments, blank lines and layout variations.
  public var decorates = true

  public init(seed: UInt64) {
    random = SeededRandom(seed: seed)
  }

  /// The text of a new random valid flow.
  public mutating func validFlowText() -> String {
    validFlow().text
  }

  /// A new random valid flow, with the plan it was rendered from, so that ``FlowShrinker``
  /// can make smaller versions of it.
  public mutating func validFlow() -> GeneratedFlow {
    var plan = makePlan()
    let text = render(&plan)
    return GeneratedFlow(text: text, plan: plan, decorates: decorates)
  }

  // MARK: - Plan

  static let screenPool = [
    "Home", "Catalog", "Product", "Cart", "Login", "Checkout", "Receipt", "Settings", "Profile", "Search",
    "Detail", "Help", "Welcome", "Terms",
  ]
  static let coordinatorPool = ["App", "Browse", "Account", "Payment"]
  static let localPool = ["attempts", "page", "seen", "retries"]
  static let eventPool = ["next", "back", "close", "open", "done", "select", "tap", "confirm"]
  static let messagePool = ["cartAdd", "accountLogin", "refresh", "signOut"]
  static let appEventPool = ["logout", "deepLink", "push"]
  static let stylePool = ["pageSheet", "formSheet", "fullScreen", "overFullScreen"]

  struct Variable {
    var name: String
    /// nil for a Bool.
    var bounds: ClosedRange<Int>?
    var initial: Int

    var declaration: String {
      if let bounds { return "var \(name): \(bounds.lowerBound)...\(bounds.upperBound) = \(initial)" }
      return "var \(name) = \(initial == 1 ? "true" : "false")"
    }
  }

  struct Screen {
    var name: String
    var attributes: [String]
  }

  struct Handler {
    var screen: String
    var event: String
    var body: [Step]
  }

  struct Coordinator {
    var name: String
    var root: String
    var parent: Int?
    /// Owned screens; the first is the one `start` installs.
    var screens: [String]
    var children: [Int] = []
    var identifier: String? = nil
    var locals: [Variable] = []
    var start: [Step] = []
    var handlers: [Handler] = []
    var messageHandlers: [(name: String, body: [Step])] = []
    var popBack: [Step]? = nil
    var didFinish: (child: String?, body: [Step])? = nil
  }

  struct Plan {
    var appName: String
    var limits: String
    var screens: [Screen]
    var globals: [Variable]
    var coordinators: [Coordinator]
    var events: [(name: String, condition: String?, body: [Step])]
    var properties: [String]
    var expectPass: Bool
  }

  /// A statement: a line, or a header with a block (`if`, `after`) and for `if` an else block.
  indirect enum Step {
    case simple(String)
    case block(header: String, body: [Step], otherwise: [Step]?)

    var isSimple: Bool {
      if case .simple = self { return true }
      return false
    }
  }

  mutating func makePlan() -> Plan {
    let screenCount = random.int(in: 2...8)
    let screenNames = Array(random.shuffled(Self.screenPool).prefix(screenCount))
    let coordinatorCount = random.int(in: 1...min(4, screenCount))
    let screens = screenNames.map { name -> Screen in
      var attributes: [String] = []
      if random.chance(0.5) { attributes.append("style \(random.element(of: Self.stylePool))") }
      if random.chance(0.2) { attributes.append("modalInPresentation") }
      return Screen(name: name, attributes: random.shuffled(attributes))
    }
    var globals: [Variable] = []
    for name in random.shuffled(["loggedIn", "ready", "cartItems", "badge"]).prefix(random.int(in: 0...3)) {
      globals.append(makeVariable(name))
    }

    var coordinators: [Coordinator] = []
    for index in 0..<coordinatorCount {
      let parent = index == 0 ? nil : random.int(in: 0...(index - 1))
      let root = index == 0 ? "window" : (random.chance(0.5) ? "parent" : "presented")
      coordinators.append(
        Coordinator(
          name: Self.coordinatorPool[index], root: root, parent: parent, screens: [screenNames[index]]))
      if let parent { coordinators[parent].children.append(index) }
    }
    for name in screenNames[coordinatorCount...] {
      coordinators[random.int(in: 0...(coordinatorCount - 1))].screens.append(name)
    }

    var messages: [String] = []
    var asyncNames = 0
    for index in coordinators.indices {
      buildCoordinator(
        index, in: &coordinators, globals: globals, messages: &messages, asyncNames: &asyncNames)
    }
    // The window coordinator handles every message sent.
    let windowVariables = globals + coordinators[0].locals
    for message in messages {
      let body: [Step] =
        windowVariables.isEmpty || random.chance(0.3)
        ? [.simple("show \(random.element(of: coordinators[0].screens))")]
        : [assignment(random.element(of: windowVariables))]
      coordinators[0].messageHandlers.append((message, body))
    }

    var events: [(name: String, condition: String?, body: [Step])] = []
    if !globals.isEmpty && random.chance(0.4) {
      for name in Self.appEventPool.prefix(random.int(in: 1...2)) {
        let booleans = globals.filter { $0.bounds == nil }
        let condition = !booleans.isEmpty && random.chance(0.5) ? random.element(of: booleans).name : nil
        events.append((name, condition, [assignment(random.element(of: globals))]))
      }
    }

    var properties: [String] = []
    for _ in 0..<random.int(in: 0...2) {
      let kind = random.element(of: ["always", "never", "reachable"])
      properties.append(
        "\(kind) \(predicate(screens: screenNames, coordinators: coordinators, variables: globals))")
    }

    var limits = [
      "stack \(random.int(in: 3...5))", "presented \(random.int(in: 1...2))",
      "depth \(random.int(in: 8...16))",
    ]
    // Some flows keep animated transitions in flight; the others say `inflight 0`, which is
    // no longer the default.
    limits.append(random.chance(0.3) ? "inflight 1" : "inflight 0")
    return Plan(
      appName: random.element(of: ["Shop", "Notes", "Bank", "Travel"]),
      limits: "limits { " + limits.joined(separator: ", ") + " }", screens: screens, globals: globals,
      coordinators: coordinators, events: events, properties: properties, expectPass: random.chance(0.25))
  }

  mutating func makeVariable(_ name: String) -> Variable {
    if random.chance(0.5) { return Variable(name: name, bounds: nil, initial: random.int(in: 0...1)) }
    let high = random.int(in: 1...3)
    return Variable(name: name, bounds: 0...high, initial: random.int(in: 0...high))
  }

  mutating func buildCoordinator(
    _ index: Int, in coordinators: inout [Coordinator], globals: [Variable], messages: inout [String],
    asyncNames: inout Int
  ) {
    var coordinator = coordinators[index]
    if index > 0 && random.chance(0.2) { coordinator.identifier = "\(coordinator.name)Flow" }
    if random.chance(0.25) { coordinator.locals.append(makeVariable(Self.localPool[index])) }
    let variables = globals + coordinator.locals
    let first = coordinator.screens[0]
    coordinator.start = [.simple(coordinator.root == "parent" ? "show \(first)" : "root \(first)")]
    if !variables.isEmpty && random.chance(0.2) {
      coordinator.start.append(assignment(random.element(of: variables)))
    }

    // One or two events per screen, each with a few random statements.
    var handlersOfScreen: [[Int]] = []
    for screen in coordinator.screens {
      var indices: [Int] = []
      for event in random.shuffled(Self.eventPool).prefix(random.int(in: 1...2)) {
        var body: [Step] = []
        for _ in 0..<random.int(in: 0...2) {
          body.append(
            randomStatement(coordinator, variables: variables, asyncNames: &asyncNames, nested: true))
        }
        indices.append(coordinator.handlers.count)
        coordinator.handlers.append(Handler(screen: screen, event: event, body: body))
      }
      handlersOfScreen.append(indices)
    }
    // Each further screen is shown from a handler of an earlier screen of the same coordinator.
    for position in coordinator.screens.indices.dropFirst() {
      let screen = coordinator.screens[position]
      let handler = random.element(of: handlersOfScreen[0..<position].flatMap { $0 })
      let verb = random.element(of: ["show", "show", "show", "present", "top"])
      coordinator.handlers[handler].body.append(.simple("\(verb) \(screen)"))
    }
    // Children are started (and sometimes stopped) from this coordinator's handlers.
    for child in coordinator.children {
      let name = coordinators[child].name
      let starter = random.int(in: 0...(coordinator.handlers.count - 1))
      coordinator.handlers[starter].body.append(.simple("startChild \(name)"))
      if random.chance(0.3) {
        let handler = random.int(in: 0...(coordinator.handlers.count - 1))
        coordinator.handlers[handler].body.append(.simple("stopChild \(name)"))
      }
    }
    if index > 0 {
      if random.chance(0.6) {
        let handler = random.int(in: 0...(coordinator.handlers.count - 1))
        if coordinator.root == "presented" { coordinator.handlers[handler].body.append(.simple("dismiss")) }
        coordinator.handlers[handler].body.append(.simple("finish"))
      }
      if random.chance(0.35) {
        let message =
          !messages.isEmpty && random.chance(0.5)
          ? random.element(of: messages) : random.element(of: Self.messagePool)
        if !messages.contains(message) { messages.append(message) }
        let handler = random.int(in: 0...(coordinator.handlers.count - 1))
        coordinator.handlers[handler].body.append(.simple("send \(message)"))
      }
    }
    for position in coordinator.handlers.indices where coordinator.handlers[position].body.isEmpty {
      coordinator.handlers[position].body = [
        .simple(random.chance(0.5) ? "pop" : "show \(coordinator.screens[0])")
      ]
    }
    if !variables.isEmpty && random.chance(0.15) {
      coordinator.popBack = [assignment(random.element(of: variables))]
    }
    if !coordinator.children.isEmpty && !variables.isEmpty && random.chance(0.3) {
      let child = random.chance(0.5) ? coordinators[random.element(of: coordinator.children)].name : nil
      coordinator.didFinish = (child, [assignment(random.element(of: variables))])
    }
    coordinators[index] = coordinator
  }

  mutating func animation(_ text: String) -> String {
    random.chance(0.2) ? text + " animated: \(random.chance(0.7) ? "false" : "true")" : text
  }

  /// A random statement for a handler of `coordinator`, using only its own screens.
  mutating func randomStatement(
    _ coordinator: Coordinator, variables: [Variable], asyncNames: inout Int, nested: Bool
  ) -> Step {
    let screen = random.element(of: coordinator.screens)
    switch random.int(in: 0...9) {
    case 0: return .simple("show \(screen)")
    case 1: return .simple(animation("pop"))
    case 2: return .simple(animation("pop to \(screen)"))
    case 3: return .simple(animation("top \(screen)"))
    case 4: return .simple(animation("present \(screen)"))
    case 5: return .simple(animation("dismiss"))
    case 6 where !variables.isEmpty: return assignment(random.element(of: variables))
    case 7 where nested:
      return ifStatement(
        coordinator, variables: variables, asyncNames: &asyncNames, chain: random.chance(0.15))
    case 8 where nested:
      asyncNames += 1
      let body = [randomStatement(coordinator, variables: variables, asyncNames: &asyncNames, nested: false)]
      return .block(
        header: "after \(random.element(of: ["load", "payment", "sync", "fetch"]))\(asyncNames)", body: body,
        otherwise: nil)
    default: return .simple("show \(screen)")
    }
  }

  mutating func ifStatement(
    _ coordinator: Coordinator, variables: [Variable], asyncNames: inout Int, chain: Bool
  )
    -> Step
  {
    let condition = self.condition(coordinator, variables: variables)
    var body: [Step] = []
    for _ in 0..<random.int(in: 1...2) {
      body.append(randomStatement(coordinator, variables: variables, asyncNames: &asyncNames, nested: false))
    }
    var otherwise: [Step]? = nil
    if chain {
      otherwise = [
        ifStatement(coordinator, variables: variables, asyncNames: &asyncNames, chain: random.chance(0.3))
      ]
    } else if random.chance(0.4) {
      otherwise = [randomStatement(coordinator, variables: variables, asyncNames: &asyncNames, nested: false)]
    }
    return .block(header: "if \(condition)", body: body, otherwise: otherwise)
  }

  /// A Bool condition over the variables and the visible screen.
  mutating func condition(_ coordinator: Coordinator, variables: [Variable]) -> String {
    var text = atom(screens: coordinator.screens, variables: variables)
    if random.chance(0.25) {
      let other = atom(screens: coordinator.screens, variables: variables)
      text = "\(text) \(random.element(of: ["&&", "||"])) \(other)"
    }
    return random.chance(0.15) ? "(\(text))" : text
  }

  mutating func atom(screens: [String], variables: [Variable]) -> String {
    guard !variables.isEmpty, random.chance(0.7) else { return "top == \(random.element(of: screens))" }
    let variable = random.element(of: variables)
    guard let bounds = variable.bounds else {
      return random.chance(0.3) ? "!\(variable.name)" : variable.name
    }
    let value = random.int(in: bounds)
    return "\(variable.name) \(random.element(of: ["<", "<=", "==", "!=", ">", ">="])) \(value)"
  }

  /// A type-correct assignment that keeps the variable in range.
  mutating func assignment(_ variable: Variable) -> Step {
    guard let bounds = variable.bounds else {
      switch random.int(in: 0...2) {
      case 0: return .simple("\(variable.name) = true")
      case 1: return .simple("\(variable.name) = false")
      default: return .simple("\(variable.name) = !\(variable.name)")
      }
    }
    switch random.int(in: 0...2) {
    case 0:
      return .block(
        header: "if \(variable.name) < \(bounds.upperBound)", body: [.simple("\(variable.name) += 1")],
        otherwise: nil)
    case 1:
      return .block(
        header: "if \(variable.name) > \(bounds.lowerBound)", body: [.simple("\(variable.name) -= 1")],
        otherwise: nil)
    default:
      return .simple("\(variable.name) = \(random.int(in: bounds))")
    }
  }

  /// A property predicate over the visible screen, variables and coordinators.
  mutating func predicate(screens: [String], coordinators: [Coordinator], variables: [Variable]) -> String {
    func one(_ generator: inout FlowGenerator) -> String {
      switch generator.random.int(in: 0...4) {
      case 0: return "top == \(generator.random.element(of: screens))"
      case 1: return "started(\(generator.random.element(of: coordinators).name))"
      case 2: return "onScreen(\(generator.random.element(of: screens)))"
      default:
        return generator.atom(screens: screens, variables: variables)
      }
    }
    var text = one(&self)
    if random.chance(0.4) {
      let other = one(&self)
      let negated = random.chance(0.3) ? "!(\(other))" : other
      text = "\(text) \(random.element(of: ["&&", "||"])) \(negated)"
    }
    return random.chance(0.2) ? "!(\(text))" : text
  }

  // MARK: - Text

  mutating func render(_ plan: inout Plan) -> String {
    let unit = decorates ? random.element(of: ["  ", "  ", "    ", "\t"]) : "  "
    var out: [String] = []
    var first = true
    func declaration(_ generator: inout FlowGenerator, _ lines: [String]) {
      generator.emit(lines, indent: 0, unit: unit, first: first, into: &out)
      first = false
    }
    if decorates && random.chance(0.3) { out.append("// A generated flow.") }

    var app = ["app \(plan.appName) {"]
    var members = [
      "library radianttap", "window \(plan.coordinators[0].name)", "home \(plan.coordinators[0].screens[0])",
      plan.limits,
    ]
    if decorates { members = random.shuffled(members) }
    for (index, member) in members.enumerated() {
      emit([unit + member], indent: 1, unit: unit, first: index == 0, into: &app)
    }
    closingComment(indent: 1, unit: unit, into: &app)
    app.append("}")
    declaration(&self, app)

    for screen in plan.screens {
      var text = "screen \(screen.name)"
      if !screen.attributes.isEmpty {
        if decorates && random.chance(0.15) {
          let inner = screen.attributes.map { unit + $0 }.joined(separator: ",\n")
          text += " {\n" + inner + "\n}"
        } else {
          text += " { " + screen.attributes.joined(separator: ", ") + " }"
        }
      }
      declaration(&self, [text])
    }
    for variable in plan.globals { declaration(&self, [variable.declaration]) }
    for coordinator in plan.coordinators { declaration(&self, coordinatorLines(coordinator, unit: unit)) }
    for event in plan.events {
      let header = "event \(event.name)" + (event.condition.map { " when \($0)" } ?? "")
      declaration(&self, blockLines(header, event.body, indent: 0, unit: unit))
    }
    for property in plan.properties { declaration(&self, [property]) }
    if plan.expectPass { declaration(&self, ["expect pass"]) }
    if decorates && random.chance(0.1) {
      out.append("")
      out.append("// end of flow")
    }
    return out.joined(separator: "\n") + "\n"
  }

  func pad(_ indent: Int, _ unit: String) -> String { String(repeating: unit, count: indent) }

  mutating func comment() -> String {
    let words = random.element(of: ["note", "todo", "why", "see", "keep"])
    return random.chance(0.75)
      ? "// \(words) \(random.int(in: 1...99))" : "/* \(words) \(random.int(in: 1...99)) */"
  }

  /// Appends one item's lines, with random blank lines and comments around it.
  mutating func emit(_ lines: [String], indent: Int, unit: String, first: Bool, into out: inout [String]) {
    var lines = lines
    if decorates {
      if !first {
        switch random.int(in: 0...9) {
        case 0, 1: out.append("")
        case 2:
          out.append("")
          out.append("")
        default: break
        }
      }
      if random.chance(0.12) { out.append(pad(indent, unit) + comment()) }
      if random.chance(0.1) {
        lines[lines.count - 1] += " // " + random.element(of: ["why", "ok", "see docs"])
      }
    }
    out += lines
  }

  mutating func closingComment(indent: Int, unit: String, into out: inout [String]) {
    if decorates && random.chance(0.06) { out.append(pad(indent, unit) + comment()) }
  }

  mutating func coordinatorLines(_ coordinator: Coordinator, unit: String) -> [String] {
    var lines = ["coordinator \(coordinator.name): NavigationCoordinator {"]
    var members: [[String]] = [[unit + "root \(coordinator.root)"]]
    if let identifier = coordinator.identifier { members.append([unit + "identifier \"\(identifier)\""]) }
    for local in coordinator.locals { members.append([unit + local.declaration]) }
    members.append(blockLines("start", coordinator.start, indent: 1, unit: unit))
    for handler in coordinator.handlers {
      members.append(blockLines("on \(handler.screen).\(handler.event)", handler.body, indent: 1, unit: unit))
    }
    for handler in coordinator.messageHandlers {
      members.append(blockLines("handle \(handler.name)", handler.body, indent: 1, unit: unit))
    }
    if let body = coordinator.popBack { members.append(blockLines("popBack", body, indent: 1, unit: unit)) }
    if let didFinish = coordinator.didFinish {
      let header = "didFinish" + (didFinish.child.map { " \($0)" } ?? "")
      members.append(blockLines(header, didFinish.body, indent: 1, unit: unit))
    }
    for (index, member) in members.enumerated() {
      emit(member, indent: 1, unit: unit, first: index == 0, into: &lines)
    }
    closingComment(indent: 1, unit: unit, into: &lines)
    lines.append("}")
    return lines
  }

  /// `{ a; b }` for a short block of simple statements, sometimes.
  mutating func inlineBlock(_ steps: [Step]) -> String? {
    guard steps.count <= 3, steps.allSatisfy(\.isSimple), random.chance(decorates ? 0.5 : 1) else {
      return nil
    }
    let texts = steps.map { step -> String in
      if case .simple(let text) = step { return text }
      return ""
    }
    return texts.isEmpty ? "{}" : "{ " + texts.joined(separator: "; ") + " }"
  }

  /// `header { … }` with `body`, on one line or several.
  mutating func blockLines(_ header: String, _ body: [Step], indent: Int, unit: String) -> [String] {
    let prefix = pad(indent, unit)
    if let inline = inlineBlock(body) { return [prefix + header + " " + inline] }
    var lines = [prefix + header + " {"]
    lines += bodyLines(body, indent: indent + 1, unit: unit)
    lines.append(prefix + "}")
    return lines
  }

  mutating func bodyLines(_ steps: [Step], indent: Int, unit: String) -> [String] {
    var lines: [String] = []
    var index = 0
    while index < steps.count {
      var item = stepLines(steps[index], indent: indent, unit: unit)
      // Sometimes two simple statements share a line, separated by `;`.
      if decorates, index + 1 < steps.count, case .simple(let next) = steps[index + 1], steps[index].isSimple,
        random.chance(0.15)
      {
        item[0] += "; " + next
        index += 1
      }
      emit(item, indent: indent, unit: unit, first: lines.isEmpty, into: &lines)
      index += 1
    }
    closingComment(indent: indent, unit: unit, into: &lines)
    return lines
  }

  mutating func stepLines(_ step: Step, indent: Int, unit: String) -> [String] {
    let prefix = pad(indent, unit)
    switch step {
    case .simple(let text):
      return [prefix + text]
    case .block(let header, let body, nil):
      return blockLines(header, body, indent: indent, unit: unit)
    case .block(let header, let body, let otherwise?):
      if let thenText = inlineBlock(body), otherwise.allSatisfy(\.isSimple),
        let elseText = inlineBlock(otherwise)
      {
        return [prefix + "\(header) \(thenText) else \(elseText)"]
      }
      var lines = [prefix + header + " {"]
      lines += bodyLines(body, indent: indent + 1, unit: unit)
      if otherwise.count == 1, case .block(let innerHeader, _, _) = otherwise[0],
        innerHeader.hasPrefix("if "),
        !decorates || random.chance(0.8)
      {
        let inner = stepLines(otherwise[0], indent: indent, unit: unit)
        lines.append(prefix + "} else " + inner[0].dropFirst(prefix.count))
        lines += inner.dropFirst()
        return lines
      }
      lines.append(prefix + "} else {")
      lines += bodyLines(otherwise, indent: indent + 1, unit: unit)
      lines.append(prefix + "}")
      return lines
    }
  }
}
