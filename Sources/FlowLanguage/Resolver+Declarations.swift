// The declaration passes: the app, screens, variables and the coordinators' outlines
// (kind, root, identifier, locals), plus the pre-passes that gather screen events and
// messages before any body is resolved.

/// Names that always denote a built-in value in an expression.
let builtInValueNames = ["top", "stack", "presented", "animating"]
/// The `root` sources, in the order messages list them.
let rootSourceNames = ["window", "parent", "presented", "tab"]

extension Resolution {
  // MARK: The app

  /// Finds the single `app` declaration and reads its members.
  mutating func collectApp() {
    var firstAt: Int?
    for declaration in file.declarations {
      guard case .app(let appDeclaration) = declaration.kind else { continue }
      let at = Self.isMissing(appDeclaration.name) ? declaration.range.start : appDeclaration.name.range.start
      if let firstAt {
        error(
          .duplicateApp, "duplicate 'app' declaration; a flow has exactly one app", at: at,
          notes: [DiagnosticNote(message: "first declared here", offset: firstAt)])
        continue
      }
      firstAt = at
      app = appDeclaration
      appName = appDeclaration.name.text
      readAppMembers(appDeclaration, at: at)
    }
    if app == nil {
      error(.missingApp, "no 'app' declaration; add 'app NAME { window COORDINATOR }'", at: 0)
    }
  }

  private mutating func readAppMembers(_ appDeclaration: AppDeclaration, at appAt: Int) {
    var libraryAt: Int?
    var windowAt: Int?
    var homeAt: Int?
    var limitAt: [String: Int] = [:]
    var baseBlocks: [(entries: [BaseEntry], at: Int)] = []
    for member in appDeclaration.members {
      switch member.kind {
      case .library(let name):
        if let first = libraryAt {
          duplicate("duplicate 'library' in app '\(appName)'", at: member.range.start, first: first)
          continue
        }
        libraryAt = member.range.start
        guard !Self.isMissing(name) else { continue }
        if let known = libraries.first(where: { $0.library.rawValue == name.text }) {
          guard !libraryOverridden else { continue }
          library = known.library
          capabilities = known
        } else {
          let names = libraries.map(\.library.rawValue)
          error(
            .unknownLibrary,
            "unknown library '\(name.text)'\(Self.suggestionOrChoices(name.text, among: names))",
            at: name.range.start)
        }
      case .window(let name):
        if let first = windowAt {
          duplicate("duplicate 'window' in app '\(appName)'", at: member.range.start, first: first)
          continue
        }
        windowAt = member.range.start
        windowName = name
      case .home(let name):
        if let first = homeAt {
          duplicate("duplicate 'home' in app '\(appName)'", at: member.range.start, first: first)
          continue
        }
        homeAt = member.range.start
        homeName = name
      case .limits(let entries):
        for entry in entries where !Self.isMissing(entry.name) {
          let name = entry.name.text
          guard FlowLimits.names.contains(name) else {
            error(
              .unknownLimit,
              "unknown limit '\(name)'\(Self.suggestionOrChoices(name, among: FlowLimits.names))",
              at: entry.name.range.start)
            continue
          }
          if let first = limitAt[name] {
            duplicate("duplicate limit '\(name)'", at: entry.name.range.start, first: first)
            continue
          }
          limitAt[name] = entry.name.range.start
          setLimit(name, entry.value, at: entry.valueRange.start)
        }
      case .base(let entries):
        baseBlocks.append((entries, member.range.start))
      }
    }
    readBase(baseBlocks)
    if windowAt == nil {
      error(.missingWindow, "app '\(appName)' has no 'window'; add 'window COORDINATOR'", at: appAt)
    }
  }

  /// The largest value `presented` and `pending` accept.
  static let limitMaximum = 1_000_000_000
  /// The largest value `stack` and `coordinators` accept. The model stores a navigation
  /// stack, a shadow stack and a coordinator's children in at most 31 ids (`IDList`); the
  /// margin lets one step push or start several beyond the bound before it is cut there.
  static let listLimitMaximum = 24
  /// The largest value `deferred` accepts: a state stores the count in one 16-bit word.
  static let deferredLimitMaximum = 1000

  private mutating func setLimit(_ name: String, _ value: Int, at offset: Int) {
    if name == "inflight" {
      guard value == 0 || value == 1 else {
        error(
          .invalidLimit,
          "limit 'inflight' must be 0 (every transition completes within its step) or 1 (one animated presentation or dismissal may be in flight), not \(value)",
          at: offset)
        return
      }
      limits.inflight = value
      return
    }
    let unbounded = name == "depth" || name == "states"
    let listed = name == "stack" || name == "coordinators"
    let maximum =
      listed ? Self.listLimitMaximum : name == "deferred" ? Self.deferredLimitMaximum : Self.limitMaximum
    guard value >= 1, unbounded || value <= maximum else {
      let range = unbounded ? "at least 1" : "between 1 and \(maximum)"
      var message = "limit '\(name)' must be \(range), not \(value)"
      if listed && value > maximum {
        message +=
          "; flowcheck models at most \(maximum) view controllers per stack and \(maximum) coordinators"
      }
      error(.invalidLimit, message, at: offset)
      return
    }
    switch name {
    case "stack": limits.stack = value
    case "presented": limits.presented = value
    case "coordinators": limits.coordinators = value
    case "pending": limits.pending = value
    case "deferred": limits.deferred = value
    case "depth": limits.depth = value
    default: limits.states = value
    }
  }

  /// Resolves `window` and `home`, once coordinators and screens are known.
  mutating func resolveAppReferences() {
    if let windowName {
      if Self.isMissing(windowName) {
        // Only a tree recovered from syntax errors has an empty name; the flow still needs
        // an error to explain why it has no window coordinator.
        error(
          .missingWindow, "app '\(appName)' names no window coordinator; add 'window COORDINATOR'",
          at: windowName.range.start)
      }
      windowCoordinator = lookUpCoordinator(windowName)
    }
    if let homeName { home = lookUpScreen(homeName) }
  }

  // MARK: Screens

  mutating func collectScreens() {
    for declaration in file.declarations {
      guard case .screen(let screen) = declaration.kind else { continue }
      let name = screen.name
      var info = ScreenInfo(name: name.text, declaredAt: name.range.start)
      var emits: [String]? = nil
      var styleAt: Int?
      var modalAt: Int?
      var emitsAt: Int?
      for attribute in screen.attributes {
        switch attribute.kind {
        case .style(let style):
          if let first = styleAt {
            duplicate(
              "duplicate attribute 'style' of screen '\(name.text)'", at: attribute.range.start, first: first)
            continue
          }
          styleAt = attribute.range.start
          guard !Self.isMissing(style) else { continue }
          if let value = PresentationStyle(rawValue: style.text) {
            info.style = value
          } else {
            let names = PresentationStyle.allCases.map(\.rawValue)
            error(
              .unknownStyle,
              "unknown style '\(style.text)'\(Self.suggestionOrChoices(style.text, among: names))",
              at: style.range.start)
          }
        case .modalInPresentation:
          if let first = modalAt {
            duplicate(
              "duplicate attribute 'modalInPresentation' of screen '\(name.text)'", at: attribute.range.start,
              first: first)
            continue
          }
          modalAt = attribute.range.start
          info.modalInPresentation = true
        case .emits(let events):
          if let first = emitsAt {
            duplicate(
              "duplicate attribute 'emits' of screen '\(name.text)'", at: attribute.range.start, first: first)
            continue
          }
          emitsAt = attribute.range.start
          var listed: [String] = []
          var listedAt: [String: Int] = [:]
          for event in events where !Self.isMissing(event) {
            if let first = listedAt[event.text] {
              duplicate(
                "duplicate event '\(event.text)' in 'emits' of screen '\(name.text)'", at: event.range.start,
                first: first)
              continue
            }
            listedAt[event.text] = event.range.start
            listed.append(event.text)
          }
          emits = listed
        }
      }
      guard !Self.isMissing(name) else { continue }
      if let first = screenIndex[name.text] {
        duplicate("duplicate screen '\(name.text)'", at: name.range.start, first: screens[first].declaredAt)
        continue
      }
      screenIndex[name.text] = screens.count
      screenNames.append(name.text)
      screens.append(info)
      screenEmits.append(emits)
      screenShown.append(false)
    }
  }

  /// Gathers each screen's events: those named by handlers (all coordinators, first-seen
  /// order), then those its `emits` list adds. A handler for an event outside a screen's
  /// `emits` list adds nothing: it is reported when its coordinator is resolved.
  mutating func collectScreenEvents() {
    var known: [[String: Int]] = Array(repeating: [:], count: screens.count)
    func add(_ event: String, to screen: Int, in screens: inout [ScreenInfo]) {
      guard known[screen][event] == nil else { return }
      known[screen][event] = screens[screen].events.count
      screens[screen].events.append(event)
    }
    for outline in outlines {
      for member in outline.declaration.members {
        guard case .screenEvent(let screenName, let event, _) = member.kind,
          !Self.isMissing(screenName), !Self.isMissing(event),
          let screen = screenIndex[screenName.text]
        else { continue }
        if let emits = screenEmits[screen], !emits.contains(event.text) { continue }
        add(event.text, to: screen, in: &screens)
      }
    }
    for screen in screens.indices {
      for event in screenEmits[screen] ?? [] { add(event, to: screen, in: &screens) }
    }
  }

  // MARK: Variables

  mutating func collectGlobals() {
    for declaration in file.declarations {
      guard case .variable(let variable) = declaration.kind else { continue }
      let info = checkVariable(variable, owner: nil)
      let name = variable.name
      guard !Self.isMissing(name) else { continue }
      if let first = globals[name.text] {
        duplicate(
          "duplicate variable '\(name.text)'", at: name.range.start, first: variableNames[first].range.start)
        continue
      }
      globals[name.text] = variables.count
      variables.append(info)
      variableNames.append(name)
    }
  }

  /// Checks a variable's name, range and initial value. After a problem the variable is
  /// still declared (with a permissive type) so that its uses do not cascade into errors.
  mutating func checkVariable(_ variable: VariableDeclaration, owner: Int?) -> VariableInfo {
    let name = variable.name
    // A nameless variable comes from a recovered syntax error: nothing more to say about it.
    guard !Self.isMissing(name) else {
      return VariableInfo(name: "", type: .bool, initialValue: 0, owner: owner)
    }
    if builtInValueNames.contains(name.text) || name.text == "nil" {
      let what = name.text == "nil" ? "literal" : "built-in value"
      error(
        .duplicateDeclaration, "variable '\(name.text)' has the name of the \(what) '\(name.text)'",
        at: name.range.start)
    } else if let screen = screenIndex[name.text] {
      error(
        .duplicateDeclaration, "variable '\(name.text)' has the same name as screen '\(name.text)'",
        at: name.range.start,
        notes: [DiagnosticNote(message: "first declared here", offset: screens[screen].declaredAt)])
    }
    var type: VariableType = .bool
    /// A range that was reported as invalid: any value is accepted, to avoid cascades.
    let anyInteger = VariableType.integer(low: Int.min, high: Int.max)
    if let bounds = variable.bounds {
      let limit = 1000
      type = anyInteger
      if bounds.low > bounds.high {
        error(
          .invalidRange,
          "range \(bounds.low)...\(bounds.high) of '\(name.text)' is empty; the low bound must not exceed the high bound",
          at: bounds.range.start)
      } else if bounds.low < -limit || bounds.high > limit {
        error(
          .invalidRange,
          "range \(bounds.low)...\(bounds.high) of '\(name.text)' must lie within -\(limit)...\(limit)",
          at: bounds.range.start)
      } else {
        type = .integer(low: bounds.low, high: bounds.high)
      }
    }
    let initial = variable.initialValue
    guard !Self.containsMissingName(initial) else {
      return VariableInfo(name: name.text, type: type, initialValue: 0, owner: owner)
    }
    let literal = Self.literal(of: initial)
    let at = initial.range.start
    var value = 0
    switch (variable.bounds, literal) {
    case (nil, .bool(let flag)?):
      value = flag ? 1 : 0
    case (nil, .integer(let number)?):
      error(
        .typeMismatch,
        "variable '\(name.text)' holds an integer but has no range; write 'var \(name.text): LOW...HIGH = \(number)'",
        at: at)
      type = anyInteger
    case (let bounds?, .integer(let number)?):
      value = number
      if type != anyInteger, number < bounds.low || number > bounds.high {
        error(
          .valueOutOfRange, "value \(number) is outside '\(name.text)' range \(bounds.low)...\(bounds.high)",
          at: at)
      }
    case (let bounds?, .bool?):
      error(
        .typeMismatch,
        "variable '\(name.text)' is an Int in \(bounds.low)...\(bounds.high); its initial value must be an integer",
        at: at)
    case (_, nil):
      error(
        .typeMismatch,
        "the initial value of '\(name.text)' must be a literal ('true', 'false' or an integer)", at: at)
    }
    return VariableInfo(name: name.text, type: type, initialValue: value, owner: owner)
  }

  enum Literal {
    case bool(Bool)
    case integer(Int)
  }

  /// The value of a literal: `true`, `false`, `3`, `-3`, `(3)`.
  static func literal(of expression: Expression) -> Literal? {
    switch expression.kind {
    case .bool(let value): return .bool(value)
    case .integer(let value): return .integer(value)
    case .parenthesized(let inner): return literal(of: inner)
    case .unary(.negate, let inner):
      if case .integer(let value)? = literal(of: inner), value != Int.min { return .integer(-value) }
      return nil
    default: return nil
    }
  }

  /// Whether the parser synthesised part of this expression while recovering.
  static func containsMissingName(_ expression: Expression) -> Bool {
    switch expression.kind {
    case .bool, .integer: return false
    case .name(let name): return isMissing(name)
    case .call(let name, let arguments):
      return isMissing(name) || arguments.contains { containsMissingName($0) }
    case .unary(_, let operand): return containsMissingName(operand)
    case .binary(_, let left, let right): return containsMissingName(left) || containsMissingName(right)
    case .parenthesized(let inner): return containsMissingName(inner)
    }
  }

  // MARK: Coordinator outlines

  /// Registers every coordinator with its kind, root, identifier and local variables.
  mutating func collectCoordinators() {
    for declaration in file.declarations {
      guard case .coordinator(let coordinator) = declaration.kind else { continue }
      let name = coordinator.name
      let index = outlines.count
      var isDuplicate = Self.isMissing(name)
      if !isDuplicate {
        if let first = coordinatorIndex[name.text] {
          duplicate(
            "duplicate coordinator '\(name.text)'", at: name.range.start,
            first: outlines[first].declaration.name.range.start)
          isDuplicate = true
        } else {
          coordinatorIndex[name.text] = index
          coordinatorNames.append(name.text)
        }
      }
      var kind: CoordinatorKind? = nil
      if !Self.isMissing(coordinator.kind) {
        // The runtime's own value, so that the model compares kinds that share their storage.
        kind = capabilities.coordinatorKinds.first { $0.rawValue == coordinator.kind.text }
        if kind == nil {
          let names = capabilities.coordinatorKinds.map(\.rawValue)
          // Under a runtime without root clauses, the kind names the object the
          // coordinator is given.
          let what = capabilities.usesRootClause ? "coordinator kind" : capabilities.kindWord
          error(
            .unknownCoordinatorKind,
            "unknown \(what) '\(coordinator.kind.text)'\(capabilities.usesRootClause ? "" : " under runtime '\(library.rawValue)'")\(Self.suggestionOrChoices(coordinator.kind.text, among: names))",
            at: coordinator.kind.range.start)
        }
      }
      var outline = CoordinatorOutline(
        declaration: coordinator, kind: kind, root: nil, rootAt: nil, identifier: name.text,
        isDuplicate: isDuplicate)
      var rootMemberAt: Int?
      var identifierAt: Int?
      for member in coordinator.members {
        switch member.kind {
        case .root(let clause) where !capabilities.usesRootClause:
          rootMemberAt = member.range.start
          let kinds = capabilities.coordinatorKinds.map(\.rawValue).joined(separator: ", ")
          error(
            .invalidRoot,
            "'root \(clause.source.text)' is not used under runtime '\(library.rawValue)': the kind after ':' names the \(capabilities.kindWord) the coordinator is given (\(kinds))",
            at: member.range.start)
        case .root(let clause):
          if let first = rootMemberAt {
            duplicate(
              "duplicate 'root' clause in coordinator '\(name.text)'", at: member.range.start, first: first)
            continue
          }
          rootMemberAt = member.range.start
          outline.rootAt = Self.isMissing(clause.source) ? member.range.start : clause.source.range.start
          guard !Self.isMissing(clause.source) else { continue }
          if let source = RootSource(rawValue: clause.source.text) {
            outline.root = source
          } else {
            error(
              .invalidRoot,
              "invalid root '\(clause.source.text)'\(Self.suggestionOrChoices(clause.source.text, among: rootSourceNames))",
              at: clause.source.range.start)
          }
        case .identifier(let text, _):
          if let first = identifierAt {
            duplicate(
              "duplicate 'identifier' in coordinator '\(name.text)'", at: member.range.start, first: first)
            continue
          }
          identifierAt = member.range.start
          outline.identifier = text
        case .variable(let variable):
          declareLocal(variable, in: &outline, index: index)
        case .viewController, .result:
          readOneScreenMember(member, into: &outline)
        default:
          break
        }
      }
      if rootMemberAt == nil, capabilities.usesRootClause, !Self.isMissing(name) {
        error(
          .invalidRoot,
          "coordinator '\(name.text)' has no 'root' clause; add 'root parent', 'root presented', 'root window' or 'root tab'",
          at: name.range.start)
      }
      outlines.append(outline)
      coordinatorStarted.append(false)
    }
  }

  private mutating func declareLocal(
    _ variable: VariableDeclaration, in outline: inout CoordinatorOutline, index: Int
  ) {
    let info = checkVariable(variable, owner: index)
    let name = variable.name
    guard !Self.isMissing(name) else { return }
    if let first = outline.locals[name.text] {
      duplicate(
        "duplicate variable '\(name.text)' in coordinator '\(outline.declaration.name.text)'",
        at: name.range.start,
        first: variableNames[first].range.start)
      return
    }
    if let global = globals[name.text] {
      duplicate(
        "local variable '\(name.text)' shadows global variable '\(name.text)'", at: name.range.start,
        first: variableNames[global].range.start)
      return
    }
    guard outline.locals.count < CheckedFlow.maximumLocalVariables else {
      error(
        .tooManyVariables,
        "coordinator '\(outline.declaration.name.text)' declares more than \(CheckedFlow.maximumLocalVariables) "
          + "local variables; flowcheck models at most \(CheckedFlow.maximumLocalVariables) per coordinator "
          + "(hint: make some of them global, or fold flags into one ranged variable)",
        at: name.range.start)
      return
    }
    outline.locals[name.text] = variables.count
    variables.append(info)
    variableNames.append(name)
  }

  /// The window coordinator uses `root window`. Another coordinator with `root window`
  /// replaces the window's root when it is started (onboarding, then the tab bar).
  mutating func checkWindowRoots() {
    guard let window = windowCoordinator else { return }
    let windowName = outlines[window].declaration.name.text
    if let kind = outlines[window].kind, let check = capabilities.checkWindowKind,
      let message = check(windowName, kind)
    {
      error(.invalidRoot, message, at: outlines[window].declaration.kind.range.start)
    }
    for (index, outline) in outlines.enumerated() where !outline.isDuplicate {
      guard let root = outline.root, let rootAt = outline.rootAt else { continue }
      let name = outline.declaration.name.text
      if index == window, root != .window {
        error(
          .invalidRoot, "window coordinator '\(name)' must use 'root window', not 'root \(root.rawValue)'",
          at: rootAt)
      }
    }
  }

  /// A tab bar controller is the window's root or presented, never a child of another view
  /// controller: UITabBarController's documentation, "you must install this view as the
  /// root of your window. Unlike other view controllers, a tab bar interface should never be
  /// installed as a child of another view controller". So a TabBarCoordinator with
  /// `root parent` (its tab bar controller pushed into the parent's navigation controller,
  /// which UIKit refuses, so the app shows nothing) or `root tab` (a tab bar in a tab) is an
  /// error at its root clause.
  mutating func checkTabBarRoots() {
    for outline in outlines where !outline.isDuplicate && outline.kind == .tabBar {
      guard let root = outline.root, let rootAt = outline.rootAt, root == .parent || root == .tab else {
        continue
      }
      let name = outline.declaration.name.text
      let place =
        root == .parent ? "pushed into its parent's navigation controller" : "a tab of another tab bar"
      error(
        .invalidRoot,
        "TabBarCoordinator '\(name)' cannot use 'root \(root.rawValue)': a tab bar controller is never \(place), so nothing would show "
          + "(hint: a tab bar is the window's root, 'root window', or presented, 'root presented')",
        at: rootAt)
    }
  }

  // MARK: Messages

  /// Gathers the handled messages, then every message name in first-seen (textual) order:
  /// handled ones, and sent ones that no handled name is close to (those are typos,
  /// reported when the `send` is resolved).
  mutating func collectMessages() {
    for outline in outlines {
      for member in outline.declaration.members {
        guard case .message(let name, let parameters, _) = member.kind, !Self.isMissing(name) else {
          continue
        }
        guard let first = messageSignatures[name.text] else {
          handledMessageSet[name.text] = true
          handledMessages.append(name.text)
          messageSignatures[name.text] = (parameters, name.range.start)
          continue
        }
        checkSameSignature(name, parameters, first.parameters, firstAt: first.at)
      }
    }
    for declaration in file.declarations {
      switch declaration.kind {
      case .coordinator(let coordinator):
        for member in coordinator.members {
          switch member.kind {
          case .message(let name, _, let body):
            if !Self.isMissing(name) { noteMessage(name.text, at: name.range.start) }
            noteSentMessages(in: body)
          case .start(let body), .screenEvent(_, _, let body):
            noteSentMessages(in: body)
          case .library(let member):
            noteSentMessages(in: member.body)
          case .root, .identifier, .variable, .viewController, .result:
            break
          }
        }
      case .event(let event):
        noteSentMessages(in: event.body)
      default:
        break
      }
    }
  }

  /// Every `handle m` overrides one method, `m(…)` on `UIResponder`: a second one must
  /// declare the parameters of the first (their names may differ, as Swift's may).
  private mutating func checkSameSignature(
    _ name: Name, _ parameters: [Parameter], _ first: [Parameter], firstAt: Int
  ) {
    let types = parameters.map(Self.parameterTypeText)
    let firstTypes = first.map(Self.parameterTypeText)
    guard types != firstTypes else { return }
    let written = "handle \(name.text)" + parameterListText(parameters)
    let expected = "handle \(name.text)" + parameterListText(first)
    error(
      .typeMismatch,
      "'\(written)' does not match '\(expected)': every coordinator that handles '\(name.text)' overrides one method, so it takes the same parameters",
      at: name.range.start, notes: [DiagnosticNote(message: "first declared here", offset: firstAt)])
  }

  /// `Bool` or `LOW...HIGH`: a parameter's type, as written.
  static func parameterTypeText(_ parameter: Parameter) -> String {
    parameter.bounds.map { "\($0.low)...\($0.high)" } ?? "Bool"
  }

  private mutating func noteMessage(_ name: String, at offset: Int) {
    guard messageIndex[name] == nil, roomForOneMore(messages.count, "messages", at: offset) else { return }
    messageIndex[name] = messages.count
    messages.append(name)
  }

  private mutating func noteSentMessages(in block: Block) {
    for statement in block.statements {
      switch statement.kind {
      case .send(let name, _):
        guard !Self.isMissing(name) else { continue }
        if handledMessageSet[name.text] != nil
          || NameSuggestion.closest(to: name.text, among: handledMessages) == nil
        {
          noteMessage(name.text, at: name.range.start)
        }
      case .ifElse(_, let then, let otherwise):
        noteSentMessages(in: then)
        if let otherwise { noteSentMessages(in: otherwise) }
      case .after(_, let body, _):
        noteSentMessages(in: body)
      case .library(let statement):
        if let body = statement.body { noteSentMessages(in: body) }
      case .start(_, _, _, let completion?):
        noteSentMessages(in: completion.body)
      default:
        break
      }
    }
  }
}
