// The portable vocabulary: two coordinator kinds (`NavigationFlow`, `SheetFlow`) and three
// statements (`show S`, `startChild C`, `finish`) that every runtime accepts. Before
// resolution, each portable coordinator is rewritten into the idiom of the runtime the flow
// is checked under (the `PortableLowering` in that runtime's capabilities, written in the
// runtime's folder), so the flow is then
// resolved, explored and reported exactly as the same app written by hand for that library,
// its gaps included. Every node the rewrite makes carries the source range of the portable
// node it comes from, so diagnostics and traces point at what the user wrote.

/// A coordinator kind of the portable vocabulary.
public enum PortableKind: String, Sendable, CaseIterable {
  /// A navigation stack: for the app's flow (the `window` coordinator), a new navigation
  /// controller as the window's root; for a child, its screen pushed onto the stack of the
  /// screen its parent shows.
  case navigationFlow = "NavigationFlow"
  /// A sheet: a new navigation controller, rooted at the flow's screen, presented modally
  /// over the parent's screen.
  case sheetFlow = "SheetFlow"
}

/// A portable coordinator, checked: its kind, whether it is the app's flow, and the screen
/// its `start { show S }` shows first.
public struct PortableCoordinator: Sendable {
  public var declaration: CoordinatorDeclaration
  public var kind: PortableKind
  public var isWindow: Bool
  /// The screen of `start { show S }`; nil after an error.
  public var screen: Name?
  /// Where the `start` member is written (the coordinator's name when it has none).
  public var startRange: SourceRange

  public var name: Name { declaration.name }
}

/// What a portable statement becomes under a runtime: its statements, or a refusal (the
/// runtime has no faithful way to write it), said in an error at the statement.
public enum PortableLowered: Sendable {
  case statements([StatementKind])
  case refused(String)
}

/// How one runtime writes the portable vocabulary; a runtime offers it in its
/// capabilities (`RuntimeCapabilities.portable`).
public protocol PortableLowering: Sendable {
  /// The library kind a portable coordinator becomes.
  func kind(of coordinator: PortableCoordinator) -> String
  /// The coordinator's members that say where it starts and what it shows first: a root
  /// clause and `start { … }`, or a one-screen coordinator's `viewController S`.
  func startMembers(of coordinator: PortableCoordinator, screen: Name) -> [CoordinatorMemberKind]
  /// `show S` in a handler of `coordinator`.
  func show(_ screen: Name, in coordinator: PortableCoordinator) -> PortableLowered
  /// `startChild C` in `parent`, C a portable coordinator.
  func startChild(_ child: PortableCoordinator, in parent: PortableCoordinator) -> PortableLowered
  /// `finish` in `coordinator`, which is not the app's flow.
  func finish(in coordinator: PortableCoordinator) -> PortableLowered
  /// Members the library's idiom adds to the coordinator (an override that stops it when its
  /// screen is dismissed, say).
  func extraMembers(of coordinator: PortableCoordinator) -> [CoordinatorMemberKind]
  /// Coordinators the library needs around the app's flow (one that owns the window, say)
  /// and the one the app's `window` line then names; nil when the app's flow stays the window's.
  func windowCoordinator(for appFlow: PortableCoordinator, avoiding names: Set<String>)
    -> (name: String, declaration: CoordinatorDeclaration)?
}

extension PortableLowering {
  public func extraMembers(of coordinator: PortableCoordinator) -> [CoordinatorMemberKind] { [] }

  /// `start { VERB S }` at the coordinator's `start` line: the first screen of a flow.
  public func start(_ verb: NavigationVerb, _ screen: Name, of coordinator: PortableCoordinator)
    -> CoordinatorMemberKind
  {
    let range = coordinator.startRange
    return .start(
      Block(
        statements: [Statement(kind: .navigation(verb: verb, screen: screen, animated: nil), range: range)],
        range: range))
  }
  public func windowCoordinator(for appFlow: PortableCoordinator, avoiding names: Set<String>)
    -> (name: String, declaration: CoordinatorDeclaration)?
  { nil }
}

/// Rewrites the portable coordinators of a file into a runtime's idiom.
public enum PortableFlow {
  /// The library a flow is resolved under, as the resolver chooses it: `runtime` when it
  /// names one of `libraries`, else the one the first `library` line of the first app names
  /// if it is known, else the first.
  static func chosenLibrary(
    of file: FlowFile, libraries: [RuntimeCapabilities], runtime: String?
  ) -> RuntimeCapabilities? {
    let named = { (name: String) in libraries.first { $0.library.rawValue == name } }
    if let runtime, let chosen = named(runtime) { return chosen }
    let written = firstApp(of: file)?.members.lazy.compactMap { member -> String? in
      guard case .library(let name) = member.kind else { return nil }
      return name.text
    }.first
    return written.flatMap(named) ?? libraries.first
  }

  /// The file's first app declaration: the one the resolver reads.
  static func firstApp(of file: FlowFile) -> AppDeclaration? {
    file.declarations.lazy.compactMap { declaration -> AppDeclaration? in
      guard case .app(let app) = declaration.kind else { return nil }
      return app
    }.first
  }

  /// `file` with every portable coordinator written in `library`'s idiom, and the errors of
  /// the portable coordinators (a statement outside the vocabulary, one the runtime cannot
  /// write, a misplaced `finish`…). A file without portable coordinators is returned as is.
  static func lower(
    _ file: FlowFile, under library: RuntimeCapabilities?, among libraries: [RuntimeCapabilities]
  )
    -> (file: FlowFile, diagnostics: [Diagnostic])
  {
    var names: [String] = []
    for kind in libraries.flatMap(\.coordinatorKinds) where !names.contains(kind.rawValue) {
      names.append(kind.rawValue)
    }
    var rewrite = PortableRewrite(file: file, libraryKindNames: names)
    guard rewrite.collect() else { return (file, rewrite.diagnostics) }
    guard let library, let lowering = library.portable else {
      // An unknown library is reported by the resolver; a known one without a lowering here.
      if let library, let first = rewrite.coordinators.first {
        rewrite.error(
          .unknownCoordinatorKind,
          "the portable kind '\(first.kind.rawValue)' has no lowering under runtime '\(library.library.rawValue)'",
          at: first.declaration.kind.range.start)
      }
      return (file, rewrite.diagnostics)
    }
    return rewrite.lower(with: lowering)
  }
}

/// The state of one rewrite: the portable coordinators, by name, and the errors found.
struct PortableRewrite {
  var file: FlowFile
  var diagnostics: [Diagnostic] = []
  var coordinators: [PortableCoordinator] = []
  var portableByName: [String: Int] = [:]
  /// Library coordinators by name, with their kind.
  var libraryKinds: [String: String] = [:]
  var windowName: String?

  /// The kinds every known runtime names, in registry order.
  let libraryKindNames: [String]

  init(file: FlowFile, libraryKindNames: [String]) {
    self.file = file
    self.libraryKindNames = libraryKindNames
  }

  mutating func error(_ id: DiagnosticID, _ message: String, at offset: Int) {
    diagnostics.append(.error(id, message, at: offset))
  }

  /// Finds the portable coordinators and checks their shape; false when there are none.
  mutating func collect() -> Bool {
    // The first `window` line of the first app, as the resolver reads it.
    windowName =
      PortableFlow.firstApp(of: file)?.members.lazy.compactMap { member -> String? in
        guard case .window(let name) = member.kind else { return nil }
        return name.text
      }.first
    for declaration in file.declarations {
      guard case .coordinator(let coordinator) = declaration.kind else { continue }
      guard let kind = PortableKind(rawValue: coordinator.kind.text) else {
        // A misspelt portable kind: said here, since the resolver suggests only the library's.
        let kinds = libraryKindNames + PortableKind.allCases.map(\.rawValue)
        if !libraryKindNames.contains(coordinator.kind.text),
          let suggestion = NameSuggestion.closest(to: coordinator.kind.text, among: kinds),
          PortableKind(rawValue: suggestion) != nil
        {
          error(
            .unknownCoordinatorKind,
            "unknown coordinator kind '\(coordinator.kind.text)'; did you mean the portable kind '\(suggestion)'?",
            at: coordinator.kind.range.start)
        }
        if libraryKinds[coordinator.name.text] == nil {
          libraryKinds[coordinator.name.text] = coordinator.kind.text
        }
        continue
      }
      if portableByName[coordinator.name.text] == nil {
        portableByName[coordinator.name.text] = coordinators.count
      }
      coordinators.append(checkShape(coordinator, kind: kind))
    }
    return !coordinators.isEmpty
  }

  /// Checks a portable coordinator's members: `start { show S }` exactly once, then only
  /// `on S.e { … }` and `var`.
  private mutating func checkShape(_ declaration: CoordinatorDeclaration, kind: PortableKind)
    -> PortableCoordinator
  {
    let isWindow = declaration.name.text == windowName
    var coordinator = PortableCoordinator(
      declaration: declaration, kind: kind, isWindow: isWindow, screen: nil,
      startRange: declaration.name.range)
    if isWindow, kind != .navigationFlow {
      error(
        .invalidRoot,
        "the app's flow '\(declaration.name.text)' owns the window's navigation stack: make it a 'NavigationFlow'",
        at: declaration.kind.range.start)
    }
    var startAt: Int?
    for member in declaration.members {
      switch member.kind {
      case .start(let body):
        if let startAt {
          diagnostics.append(
            .error(
              .duplicateDeclaration, "duplicate 'start' in coordinator '\(declaration.name.text)'",
              at: member.range.start, notes: [DiagnosticNote(message: "first declared here", offset: startAt)]
            ))
          continue
        }
        startAt = member.range.start
        coordinator.startRange = member.range
        if body.statements.count == 1, case .navigation(.show, let screen?, nil) = body.statements[0].kind {
          coordinator.screen = screen
        } else {
          error(
            .unsupportedStatement,
            "a \(kind.rawValue)'s 'start' shows its first screen and nothing else: write 'start { show SCREEN }' and do the rest in handlers",
            at: member.range.start)
        }
      case .screenEvent, .variable:
        break
      default:
        error(
          .unsupportedStatement,
          "'\(Self.memberWord(member.kind))' is not part of the portable vocabulary; a \(kind.rawValue) has 'start', 'on SCREEN.EVENT' and 'var' (for the library's own members, give '\(declaration.name.text)' a kind of its library)",
          at: member.range.start)
      }
    }
    if startAt == nil {
      error(
        .unsupportedStatement,
        "\(kind.rawValue) '\(declaration.name.text)' has no 'start'; add 'start { show SCREEN }' with its first screen",
        at: declaration.name.range.start)
    }
    return coordinator
  }

  static func memberWord(_ kind: CoordinatorMemberKind) -> String {
    switch kind {
    case .root: "root"
    case .identifier: "identifier"
    case .variable: "var"
    case .start: "start"
    case .screenEvent: "on"
    case .message: "handle"
    case .viewController: "viewController"
    case .result: "result"
    case .library(let member): member.keyword.text
    }
  }

  /// The rewritten file, or the original with the errors when there are any.
  mutating func lower(with lowering: any PortableLowering) -> (file: FlowFile, diagnostics: [Diagnostic]) {
    var declarations: [Declaration] = []
    let window = coordinators.first { $0.isWindow && $0.kind == .navigationFlow }.flatMap {
      lowering.windowCoordinator(for: $0, avoiding: Set(portableByName.keys).union(libraryKinds.keys))
    }
    var next = 0
    for declaration in file.declarations {
      guard case .coordinator(let written) = declaration.kind,
        PortableKind(rawValue: written.kind.text) != nil
      else {
        declarations.append(declaration)
        continue
      }
      let coordinator = coordinators[next]
      next += 1
      if coordinator.isWindow, let window {
        declarations.append(Declaration(kind: .coordinator(window.declaration), range: declaration.range))
      }
      let lowered = lowerCoordinator(coordinator, with: lowering)
      declarations.append(
        Declaration(kind: .coordinator(lowered), range: declaration.range, trivia: declaration.trivia))
    }
    guard !diagnostics.contains(where: { $0.severity == .error }) else { return (file, diagnostics) }
    if let window { declarations = declarations.map { renamingWindow($0, to: window.name) } }
    return (FlowFile(declarations: declarations, trailingComments: file.trailingComments), diagnostics)
  }

  /// The app declaration with its `window` line naming `name`, at the same position.
  private func renamingWindow(_ declaration: Declaration, to name: String) -> Declaration {
    guard case .app(var app) = declaration.kind else { return declaration }
    app.members = app.members.map { member in
      guard case .window(let written) = member.kind else { return member }
      var renamed = member
      renamed.kind = .window(Name(name, written.range))
      return renamed
    }
    var result = declaration
    result.kind = .app(app)
    return result
  }

  private mutating func lowerCoordinator(
    _ coordinator: PortableCoordinator, with lowering: any PortableLowering
  )
    -> CoordinatorDeclaration
  {
    let written = coordinator.declaration
    var members: [CoordinatorMember] = []
    if let screen = coordinator.screen {
      for kind in lowering.startMembers(of: coordinator, screen: screen) {
        members.append(CoordinatorMember(kind: kind, range: coordinator.startRange))
      }
    }
    for member in written.members {
      switch member.kind {
      case .screenEvent(let screen, let event, let body):
        var lowered = member
        lowered.kind = .screenEvent(
          screen: screen, event: event, body: lowerBlock(body, in: coordinator, with: lowering))
        members.append(lowered)
      case .variable:
        members.append(member)
      default:
        break
      }
    }
    for kind in lowering.extraMembers(of: coordinator) {
      members.append(CoordinatorMember(kind: kind, range: coordinator.startRange))
    }
    return CoordinatorDeclaration(
      name: written.name, kind: Name(lowering.kind(of: coordinator), written.kind.range), members: members,
      closingComments: written.closingComments)
  }

  private mutating func lowerBlock(
    _ block: Block, in coordinator: PortableCoordinator, with lowering: any PortableLowering
  )
    -> Block
  {
    var result = block
    result.statements = block.statements.flatMap { lowerStatement($0, in: coordinator, with: lowering) }
    return result
  }

  private mutating func lowerStatement(
    _ statement: Statement, in coordinator: PortableCoordinator, with lowering: any PortableLowering
  ) -> [Statement] {
    let at = statement.range.start
    var lowered: PortableLowered
    switch statement.kind {
    case .navigation(.show, let screen?, nil):
      lowered = lowering.show(screen, in: coordinator)
    case .startChild(let name):
      if name.text == windowName {
        error(
          .unsupportedStatement, "'\(name.text)' is the app's flow, started at launch; it cannot be a child",
          at: at)
        return []
      }
      if let kind = libraryKinds[name.text], portableByName[name.text] == nil {
        error(
          .unsupportedStatement,
          "a portable flow starts only portable flows: '\(name.text)' is a '\(kind)'; make it a 'NavigationFlow' or a 'SheetFlow', or start it from a coordinator of its library",
          at: name.range.start)
        return []
      }
      // An unknown name is lowered as a NavigationFlow: the resolver reports it, with a suggestion.
      let child =
        portableByName[name.text].map { coordinators[$0] }
        ?? PortableCoordinator(
          declaration: CoordinatorDeclaration(name: name, kind: name, members: []), kind: .navigationFlow,
          isWindow: false, screen: nil, startRange: name.range)
      lowered = lowering.startChild(child, in: coordinator)
    case .finish:
      if coordinator.isWindow {
        error(
          .statementOutsideContext,
          "the app's flow '\(coordinator.name.text)' never finishes: 'finish' ends a child flow", at: at)
        return []
      }
      lowered = lowering.finish(in: coordinator)
    case .ifElse(let condition, let then, let otherwise):
      var result = statement
      result.kind = .ifElse(
        condition: condition, then: lowerBlock(then, in: coordinator, with: lowering),
        otherwise: otherwise.map { lowerBlock($0, in: coordinator, with: lowering) })
      return [result]
    case .after(let name, let body, let weak):
      var result = statement
      result.kind = .after(name, lowerBlock(body, in: coordinator, with: lowering), weak: weak)
      return [result]
    case .assignment:
      return [statement]
    default:
      error(
        .unsupportedStatement,
        "'\(Self.statementWord(statement.kind))' is not part of the portable vocabulary; a \(coordinator.kind.rawValue) writes 'show SCREEN', 'startChild FLOW' and 'finish' (for the library's own statements, give '\(coordinator.name.text)' a kind of its library)",
        at: at)
      return []
    }
    switch lowered {
    case .statements(let kinds):
      return kinds.map { Statement(kind: $0, range: statement.range, trivia: statement.trivia) }
    case .refused(let message):
      error(.unsupportedStatement, message, at: at)
      return []
    }
  }

  static func statementWord(_ kind: StatementKind) -> String {
    switch kind {
    case .navigation(let verb, _, let animated):
      animated == nil ? verb.rawValue : "\(verb.rawValue) … animated:"
    case .startChild: "startChild"
    case .stopChild: "stopChild"
    case .finish: "finish"
    case .finishWith: "finish(value)"
    case .start: "start C"
    case .library(let statement): statement.keyword.text
    case .send: "send"
    case .ifElse: "if"
    case .assignment: "assignment"
    case .after: "after"
    case .setStack: "setStack"
    case .selectTab: "selectTab"
    case .call: "call"
    }
  }
}
