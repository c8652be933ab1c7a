// The coordinator bodies: `start`, screen-event and message handlers, and the members the
// runtime adds, each checked for duplicates and for the runtime's support.

extension Resolution {
  mutating func resolveCoordinatorBodies() {
    for (index, outline) in outlines.enumerated() {
      coordinators.append(resolveCoordinator(index, outline))
    }
  }

  private mutating func resolveCoordinator(_ index: Int, _ outline: CoordinatorOutline) -> CoordinatorInfo {
    let declaration = outline.declaration
    let name = declaration.name.text
    let context = StatementContext(
      coordinator: index, coordinatorName: name, kind: outline.kind, locals: outline.locals)
    var info = CoordinatorInfo(
      name: name, kind: outline.kind ?? .navigation, root: outline.root ?? .presented,
      identifier: outline.identifier, declaredAt: declaration.name.range.start)
    var startAt: Int?
    var startBlock: Block?
    var handlerAt: [String: Int] = [:]
    var messageAt: [String: Int] = [:]
    var hookAt: [String: Int] = [:]

    for member in declaration.members {
      let at = member.range.start
      switch member.kind {
      case .root, .identifier, .variable, .viewController, .result:
        break

      case .start(let body):
        checkStartMember(of: index, outline, at: at)
        let statements = resolveBlock(body, context)
        if let first = startAt {
          duplicate("duplicate 'start' in coordinator '\(name)'", at: at, first: first)
          continue
        }
        startAt = at
        startBlock = body
        info.start = statements

      case .screenEvent(let screenName, let event, let body):
        let statements = resolveBlock(body, context)
        guard !Self.isMissing(screenName), !Self.isMissing(event) else { continue }
        let key = screenName.text + "." + event.text
        if let first = handlerAt[key] {
          duplicate("duplicate handler 'on \(key)' in coordinator '\(name)'", at: at, first: first)
          continue
        }
        handlerAt[key] = at
        guard let screen = lookUpScreen(screenName) else { continue }
        guard checkHandledScreen(screen, screenName, of: index, outline) else { continue }
        guard let eventIndex = screens[screen].events.firstIndex(of: event.text) else {
          // Only a screen with an `emits` list can miss a handled event.
          let emits = screenEmits[screen] ?? []
          if let suggestion = NameSuggestion.closest(to: event.text, among: emits) {
            error(
              .unknownEvent,
              "unknown event '\(event.text)' of screen '\(screenName.text)'; did you mean '\(suggestion)'?",
              at: event.range.start)
          } else {
            warning(
              .eventNeverEmitted,
              "handler '\(key)' never runs: screen '\(screenName.text)' does not emit '\(event.text)'",
              at: event.range.start)
          }
          continue
        }
        info.screenHandlers.append(
          ScreenHandler(screen: screen, event: eventIndex, body: statements, declaredAt: at))

      case .message(let message, let parameters, let body):
        let supported = require(.handle, at: at)
        let declared = declareParameters(parameters, of: message, in: index, context)
        var inner = context
        for (parameter, variable) in zip(parameters, declared) {
          inner.locals[parameter.name.text] = variable
        }
        let outer = handlerParameters
        for parameter in parameters where !Self.isMissing(parameter.name) {
          handlerParameters[parameter.name.text] = message.text
        }
        let statements = resolveBlock(body, inner)
        handlerParameters = outer
        guard !Self.isMissing(message) else { continue }
        if let first = messageAt[message.text] {
          duplicate(
            "duplicate handler 'handle \(message.text)' in coordinator '\(name)'", at: at, first: first)
          continue
        }
        messageAt[message.text] = at
        if supported, let index = messageIndex[message.text] {
          info.messageHandlers[index] = statements
          info.messageHandlersDeclaredAt[index] = at
          if !declared.isEmpty { info.messageParameters[index] = declared }
        }

      case .library(let member):
        // Under a runtime without it, the member is refused and its name still looked up, as
        // the runtime that adds it reads the name.
        let form = capabilities.member(member.keyword.text)
        if form == nil { reportUnavailable(member.keyword.text, at: at) }
        if let kinds = form?.kinds, let kind = outline.kind, !kinds.contains(kind) {
          error(
            .unsupportedStatement,
            "'\(member.keyword.text)' needs a \(kinds.map(\.rawValue).joined(separator: " or ")); '\(name)' is a \(kind.rawValue)",
            at: at)
        }
        let shape = form ?? libraries.lazy.compactMap { $0.member(member.keyword.text) }.first
        var operand: Int?
        if let name = member.operand, !Self.isMissing(name) {
          switch shape?.operand {
          case .coordinator?: operand = lookUpCoordinator(name)
          case .screen?: operand = lookUpScreen(name)
          case nil: break
          }
        }
        let statements = resolveBlock(member.body, context)
        let key = member.header
        if let first = hookAt[key] {
          duplicate("duplicate '\(key)' in coordinator '\(name)'", at: at, first: first)
          continue
        }
        hookAt[key] = at
        if let form {
          info.libraryMembers.append(LibraryMember(keyword: form.keyword, operand: operand, body: statements))
        }
      }
    }

    if let startBlock, let screen = firstInstalledScreen(in: startBlock) {
      info.presentedStyle = screens[screen].style
      info.presentedModalInPresentation = screens[screen].modalInPresentation
    }
    info.viewController = outline.viewController
    info.retainsViewController = outline.retainsViewController
    info.results = outline.results
    // A coordinator of one view controller presents it in its screen's style.
    if let screen = outline.viewController {
      info.presentedStyle = screens[screen].style
      info.presentedModalInPresentation = screens[screen].modalInPresentation
    }
    return info
  }

  /// The screen of the first `root`, `show` or `top` in a block, searching in written order
  /// (an `if` before its `else`; `after` blocks run later and are skipped): the view
  /// controller that a `root presented` coordinator's navigation controller is created with.
  func firstInstalledScreen(in block: Block) -> Int? {
    for statement in block.statements {
      switch statement.kind {
      case .navigation(let verb, let screen?, _) where verb == .root || verb == .show || verb == .top:
        if let index = screenIndex[screen.text] { return index }
      case .ifElse(_, let then, let otherwise):
        if let found = firstInstalledScreen(in: then) { return found }
        if let otherwise, let found = firstInstalledScreen(in: otherwise) { return found }
      default:
        break
      }
    }
    return nil
  }

  /// Reports an operation the chosen runtime has no API for; returns whether it is supported.
  mutating func require(_ operation: RuntimeOperation, at offset: Int) -> Bool {
    guard !capabilities.supports(operation) else { return true }
    reportUnavailable(operation.rawValue, at: offset)
    return false
  }

  /// The error for `word`, an operation or another runtime's statement, written under a
  /// runtime that has no API for it, with the runtime's alternative when it gives one.
  mutating func reportUnavailable(_ word: String, at offset: Int) {
    let hint = capabilities.alternatives[word].map { "; \($0)" } ?? ""
    error(
      .unsupportedStatement, "'\(word)' is not available under runtime '\(library.rawValue)'\(hint)",
      at: offset)
  }
}
