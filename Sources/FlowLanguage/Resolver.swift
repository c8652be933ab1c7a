// Name resolution and semantic checks: `FlowFile` (strings) → `CheckedFlow` (indices).
//
// The work is split by concern: declarations (app, screens, variables, coordinators),
// statements, expressions and warnings each live in their own extension file. The resolver
// never stops at the first problem and never crashes on a tree the parser synthesised while
// recovering: an empty name means "already reported" and is skipped silently.

/// The outcome of resolving a syntax tree.
public struct ResolveResult: Sendable {
  /// The checked flow; nil if and only if some diagnostic is an error.
  public var flow: CheckedFlow?
  /// Errors and warnings, sorted by offset, then by severity (errors first).
  public var diagnostics: [Diagnostic]
  public init(flow: CheckedFlow?, diagnostics: [Diagnostic]) {
    self.flow = flow
    self.diagnostics = diagnostics
  }
}

/// Turns a parsed `.flow` file into a `CheckedFlow`: every name becomes an index, every
/// statement is checked against the chosen runtime.
public enum Resolver {
  /// Resolves `file`, parsed from `source`. `runtime`, when it names one of `libraries`,
  /// is the library the flow is resolved and checked under whatever its `library` line
  /// says (`check --runtime NAME`); the line must still name a known library.
  /// - Complexity: O(n) in the size of the tree, plus the "did you mean" searches of
  ///   unknown names.
  public static func resolve(
    _ file: FlowFile, source: SourceFile, libraries: [RuntimeCapabilities], runtime: String? = nil
  )
    -> ResolveResult
  {
    // Portable coordinators (`NavigationFlow`, `SheetFlow`) are first written in the chosen
    // library's idiom; their own errors stop the pipeline, as syntax errors do.
    let library = PortableFlow.chosenLibrary(of: file, libraries: libraries, runtime: runtime)
    let lowered = PortableFlow.lower(file, under: library, among: libraries)
    if lowered.diagnostics.contains(where: { $0.severity == .error }) {
      return ResolveResult(flow: nil, diagnostics: sortedDiagnostics(lowered.diagnostics))
    }
    var resolution = Resolution(file: lowered.file, source: source, libraries: libraries, runtime: runtime)
    resolution.run()
    return resolution.result()
  }
}

/// Sorts diagnostics by offset, then severity (errors first), keeping emission order otherwise.
func sortedDiagnostics(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
  diagnostics.enumerated().sorted { left, right in
    if left.element.offset != right.element.offset { return left.element.offset < right.element.offset }
    if left.element.severity != right.element.severity {
      return left.element.severity > right.element.severity
    }
    return left.offset < right.offset
  }.map(\.element)
}

/// What the resolver knows about a coordinator before resolving its members' bodies.
struct CoordinatorOutline {
  var declaration: CoordinatorDeclaration
  /// nil when the kind was unknown (already reported): kind-dependent checks are skipped.
  var kind: CoordinatorKind?
  /// nil when the root clause is missing or invalid (already reported).
  var root: RootSource?
  /// Where the (first) root clause's source is written.
  var rootAt: Int?
  var identifier: String
  /// Local variable name → index into `variables`.
  var locals: [String: Int] = [:]
  /// A second declaration of an already declared name: resolved for its errors only.
  var isDuplicate: Bool
  /// `viewController S` (the screen), whether it is `retained`, and where it is written.
  var viewController: Int? = nil
  var retainsViewController = false
  var viewControllerAt: Int? = nil
  /// The values of `result a, b`, in order, and where the member is written.
  var results: [String] = []
  var resultsAt: Int? = nil
}

/// The context a statement is resolved in: the coordinator whose code it is.
struct StatementContext {
  /// Index of the coordinator running the statement; nil when unknown (no window coordinator).
  var coordinator: Int?
  var coordinatorName: String
  /// nil when unknown: kind-dependent checks are skipped.
  var kind: CoordinatorKind?
  /// Variable name → index, for coordinator-local variables in scope.
  var locals: [String: Int]
}

/// The mutable state of one resolution.
struct Resolution {
  let file: FlowFile
  let source: SourceFile
  var diagnostics: [Diagnostic] = []

  // The app.
  var app: AppDeclaration?
  var appName = ""
  /// The libraries a flow may name; the first is the one a flow without `library` gets.
  let libraries: [RuntimeCapabilities]
  var library: LibraryProfile
  var capabilities: RuntimeCapabilities
  /// Set by `--runtime NAME`: the `library` line is validated but does not choose.
  var libraryOverridden = false
  var windowName: Name?
  var windowCoordinator: Int?
  var homeName: Name?
  var home: Int?
  var limits = FlowLimits()
  /// The values of the library's `base` settings (`CheckedFlow.base`).
  var base: [Int] = []

  // Screens.
  var screens: [ScreenInfo] = []
  var screenIndex: [String: Int] = [:]
  var screenNames: [String] = []
  /// The `emits` list of each screen, if it has one.
  var screenEmits: [[String]?] = []
  var screenShown: [Bool] = []

  // Variables: globals first, then coordinator locals.
  var variables: [VariableInfo] = []
  var globals: [String: Int] = [:]
  var variableNames: [Name] = []

  // Coordinators.
  var outlines: [CoordinatorOutline] = []
  var coordinatorIndex: [String: Int] = [:]
  var coordinatorNames: [String] = []
  var coordinatorStarted: [Bool] = []
  var coordinators: [CoordinatorInfo] = []

  // Messages.
  var messages: [String] = []
  var messageIndex: [String: Int] = [:]
  /// Names of handled messages, in declaration order (for suggestions).
  var handledMessages: [String] = []
  var handledMessageSet: [String: Bool] = [:]
  /// Per handled message: its parameters (from its first `handle`, which every other
  /// `handle` of it must repeat: they override one method) and where that is written.
  var messageSignatures: [String: (parameters: [Parameter], at: Int)] = [:]
  /// The parameters of the `handle` whose body is being resolved: name → message.
  var handlerParameters: [String: String] = [:]
  /// The parameters of the enclosing `handle` inside an `after` body, which runs once the
  /// handler has returned: name → message. Reading or assigning one is an error.
  var hiddenParameters: [String: String] = [:]
  /// The hidden variables holding a handler's parameters (not visible by name elsewhere).
  var parameterVariables: Set<Int> = []

  var appEvents: [AppEventInfo] = []
  var asyncTasks: [AsyncTaskInfo] = []
  var libraryBlocks: [LibraryBlock] = []
  var completionBlocks: [CompletionInfo] = []
  /// The results bound by the completion blocks being resolved, innermost last.
  var completionScopes: [CompletionScope] = []
  /// The hidden variables holding a completion's result (not visible by name elsewhere).
  var resultVariables: Set<Int> = []
  /// Per coordinator: how many result variables its completion blocks have added.
  var resultVariableCount: [Int: Int] = [:]
  var properties: [PropertyInfo] = []
  var expectation: Expectation = .none

  init(file: FlowFile, source: SourceFile, libraries: [RuntimeCapabilities], runtime: String? = nil) {
    precondition(!libraries.isEmpty, "the resolver needs at least one library")
    self.file = file
    self.source = source
    self.libraries = libraries
    let chosen = libraries.first { $0.library.rawValue == runtime }
    self.library = (chosen ?? libraries[0]).library
    self.capabilities = chosen ?? libraries[0]
    self.libraryOverridden = chosen != nil
  }

  /// Runs every pass, in dependency order.
  mutating func run() {
    collectApp()
    collectScreens()
    collectGlobals()
    collectCoordinators()
    resolveAppReferences()
    checkWindowRoots()
    checkOneScreenCoordinators()
    checkTabBarRoots()
    collectScreenEvents()
    collectMessages()
    checkDeclarationCounts()
    resolveCoordinatorBodies()
    resolveAppEvents()
    resolveProperties()
    resolveExpectations()
    reportUnusedDeclarations()
  }

  mutating func result() -> ResolveResult {
    if app != nil, windowCoordinator == nil, !diagnostics.contains(where: { $0.severity == .error }) {
      // Unreachable from parsed text; keeps "flow == nil iff an error" for any tree.
      error(.missingWindow, "app '\(appName)' has no window coordinator", at: 0)
    }
    let sorted = sortedDiagnostics(diagnostics)
    let hasErrors = sorted.contains { $0.severity == .error }
    guard !hasErrors, app != nil, let window = windowCoordinator else {
      return ResolveResult(flow: nil, diagnostics: sorted)
    }
    var flow = CheckedFlow(
      appName: appName, library: library, windowCoordinator: window, home: home, limits: limits,
      screens: screens, variables: variables, coordinators: coordinators, messages: messages,
      appEvents: appEvents, asyncTasks: asyncTasks, properties: properties, expectation: expectation)
    flow.libraryBlocks = libraryBlocks
    flow.completionBlocks = completionBlocks
    flow.base = base
    return ResolveResult(flow: flow, diagnostics: sorted)
  }

  // MARK: Reporting

  mutating func error(_ id: DiagnosticID, _ message: String, at offset: Int, notes: [DiagnosticNote] = []) {
    diagnostics.append(.error(id, message, at: clamp(offset), notes: notes.map { clampNote($0) }))
  }

  mutating func warning(_ id: DiagnosticID, _ message: String, at offset: Int) {
    diagnostics.append(.warning(id, message, at: clamp(offset)))
  }

  /// A duplicateDeclaration error at the second declaration, with a note at the first.
  mutating func duplicate(_ message: String, at offset: Int, first: Int) {
    error(
      .duplicateDeclaration, message, at: offset,
      notes: [DiagnosticNote(message: "first declared here", offset: first)])
  }

  /// Offsets always land inside the file, even for synthesised nodes.
  func clamp(_ offset: Int) -> Int { max(0, min(offset, source.bytes.count)) }

  func clampNote(_ note: DiagnosticNote) -> DiagnosticNote {
    DiagnosticNote(message: note.message, offset: clamp(note.offset))
  }

  /// The parser synthesises empty names when it recovers; it has reported them already.
  static func isMissing(_ name: Name) -> Bool { name.text.isEmpty }

  // MARK: Lookups

  /// The index of screen `name`, or nil after reporting unknownScreen (with a suggestion).
  /// `markShown` records the screen (or the suggested one) as shown, so that a typo does not
  /// also produce a cascading screenNeverShown warning.
  /// A word of the language or of a known runtime's statements.
  func isReservedWord(_ word: String) -> Bool {
    Parser.isReserved(word) || libraries.contains { $0.statement(word) != nil }
  }

  mutating func lookUpScreen(_ name: Name, markShown: Bool = false) -> Int? {
    guard !Self.isMissing(name) else { return nil }
    if let index = screenIndex[name.text] {
      if markShown { screenShown[index] = true }
      return index
    }
    let suggestion = NameSuggestion.closest(to: name.text, among: screenNames)
    if markShown, let suggestion, let index = screenIndex[suggestion] { screenShown[index] = true }
    error(
      .unknownScreen, "unknown screen '\(name.text)'\(suggestionSuffix(suggestion))", at: name.range.start)
    return nil
  }

  /// The index of coordinator `name`, or nil after reporting unknownCoordinator.
  mutating func lookUpCoordinator(_ name: Name, markStarted: Bool = false) -> Int? {
    guard !Self.isMissing(name) else { return nil }
    if let index = coordinatorIndex[name.text] {
      if markStarted { coordinatorStarted[index] = true }
      return index
    }
    let suggestion = NameSuggestion.closest(to: name.text, among: coordinatorNames)
    if markStarted, let suggestion, let index = coordinatorIndex[suggestion] {
      coordinatorStarted[index] = true
    }
    error(
      .unknownCoordinator, "unknown coordinator '\(name.text)'\(suggestionSuffix(suggestion))",
      at: name.range.start)
    return nil
  }

  func suggestionSuffix(_ suggestion: String?) -> String {
    suggestion.map { "; did you mean '\($0)'?" } ?? ""
  }

  /// `'a', 'b' or 'c'`
  static func choices(_ names: [String]) -> String { list(names.map { "'\($0)'" }) }

  /// "; did you mean 'X'?" when a close name exists, else "; expected 'a', 'b' or 'c'".
  static func suggestionOrChoices(_ name: String, among names: [String]) -> String {
    if let suggestion = NameSuggestion.closest(to: name, among: names) {
      return "; did you mean '\(suggestion)'?"
    }
    return "; expected \(choices(names))"
  }
}
