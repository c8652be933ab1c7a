import FlowLanguage
import FlowTestSupport
import Testing

// Every diagnostic the resolver emits, each at a marked position: 1️⃣ marks where the
// diagnostic must point, 2️⃣ (when present) where its "first declared here" note must point.

/// `app Shop { window App }`, as the start of most test flows.
private let header = "app Shop {\n  window App\n}\n"
private let homeScreen = "screen Home\n"
private let appCoordinator =
  "coordinator App: NavigationCoordinator {\n  root window\n  start { root Home }\n}\n"
/// The smallest valid flow: an app, one screen, the window coordinator.
private let base = header + homeScreen + appCoordinator
/// A global Bool `ready` and a bounded Int `count`.
private let globals = "var ready = false\nvar count: 0...3 = 0\n"

/// The base flow with extra members in the window coordinator `App`.
private func withApp(
  _ members: String, screens: String = "", after: String = "", kind: String = "NavigationCoordinator"
)
  -> String
{
  header + homeScreen + screens + globals
    + "coordinator App: \(kind) {\n  root window\n  var page: 0...2 = 0\n"
    + (kind == "NavigationCoordinator" ? "  start { root Home }\n" : "") + members + "}\n" + after
}

/// Parses (the source must be free of syntax errors) and resolves.
func resolveFlow(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> ResolveResult {
  let source = SourceFile(path: "test.flow", text: text)
  let parsed = Parser.parse(source)
  #expect(
    parsed.diagnostics.isEmpty, "syntax errors in test source: \(parsed.diagnostics)",
    sourceLocation: sourceLocation)
  return Resolver.resolve(parsed.file, source: source)
}

struct DiagnosticCase: Sendable, CustomTestStringConvertible {
  var name: String
  var source: String
  var id: DiagnosticID
  var severity: Severity
  var message: String
  var testDescription: String { name }

  init(_ name: String, _ source: String, _ id: DiagnosticID, _ message: String, severity: Severity = .error) {
    self.name = name
    self.source = source
    self.id = id
    self.severity = severity
    self.message = message
  }
}

/// Asserts the diagnostic of a case: id, severity, position (offset and line:col), message,
/// the note at marker 2 if any, no other error, and a flow exactly when there is no error.
func expectDiagnostic(_ testCase: DiagnosticCase, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
  let marked = MarkedSource(testCase.source)
  let result = resolveFlow(marked.text, sourceLocation: sourceLocation)
  let matching = result.diagnostics.filter { $0.id == testCase.id && $0.offset == marked[1] }
  #expect(
    matching.count == 1, "expected one \(testCase.id) at \(marked.location(1)), got \(result.diagnostics)",
    sourceLocation: sourceLocation)
  guard let diagnostic = matching.first else { return }
  #expect(diagnostic.severity == testCase.severity, sourceLocation: sourceLocation)
  #expect(diagnostic.message == testCase.message, sourceLocation: sourceLocation)
  #expect(marked.source.location(of: diagnostic.offset) == marked.location(1), sourceLocation: sourceLocation)
  if marked.offsets[2] != nil {
    #expect(
      diagnostic.notes == [DiagnosticNote(message: "first declared here", offset: marked[2])],
      sourceLocation: sourceLocation)
  } else {
    #expect(diagnostic.notes.isEmpty, sourceLocation: sourceLocation)
  }
  let otherErrors = result.diagnostics.filter { $0.severity == .error && $0 != diagnostic }
  #expect(otherErrors.isEmpty, "cascading errors: \(otherErrors)", sourceLocation: sourceLocation)
  let hasErrors = result.diagnostics.contains { $0.severity == .error }
  #expect((result.flow == nil) == hasErrors, sourceLocation: sourceLocation)
}

@Suite struct ResolverDiagnosticTests {
  static let appCases: [DiagnosticCase] = [
    DiagnosticCase(
      "missing app", "1️⃣screen Home\n", .missingApp,
      "no 'app' declaration; add 'app NAME { window COORDINATOR }'"),
    DiagnosticCase(
      "duplicate app",
      "app 2️⃣Shop {\n  window App\n}\napp 1️⃣Other {\n  window App\n}\n" + homeScreen + appCoordinator,
      .duplicateApp, "duplicate 'app' declaration; a flow has exactly one app"),
    DiagnosticCase(
      "missing window", "app 1️⃣Shop {\n  home Home\n}\n" + homeScreen + appCoordinator, .missingWindow,
      "app 'Shop' has no 'window'; add 'window COORDINATOR'"),
    DiagnosticCase(
      "unknown library, close",
      "app Shop {\n  library 1️⃣radiantap\n  window App\n}\n" + homeScreen + appCoordinator,
      .unknownLibrary, "unknown library 'radiantap'; did you mean 'radianttap'?"),
    DiagnosticCase(
      "unknown library, far", "app Shop {\n  library 1️⃣uikit\n  window App\n}\n" + homeScreen + appCoordinator,
      .unknownLibrary,
      "unknown library 'uikit'; expected 'radianttap', 'router', 'insecurity', 'presenter' or 'handwritten'"),
    DiagnosticCase(
      "duplicate library",
      "app Shop {\n  2️⃣library radianttap\n  1️⃣library router\n  window App\n}\n" + homeScreen + appCoordinator,
      .duplicateDeclaration, "duplicate 'library' in app 'Shop'"),
    DiagnosticCase(
      "duplicate window", "app Shop {\n  2️⃣window App\n  1️⃣window App\n}\n" + homeScreen + appCoordinator,
      .duplicateDeclaration, "duplicate 'window' in app 'Shop'"),
    DiagnosticCase(
      "duplicate home",
      "app Shop {\n  window App\n  2️⃣home Home\n  1️⃣home Home\n}\n" + homeScreen + appCoordinator,
      .duplicateDeclaration, "duplicate 'home' in app 'Shop'"),
    DiagnosticCase(
      "unknown home screen", "app Shop {\n  window App\n  home 1️⃣Hom\n}\n" + homeScreen + appCoordinator,
      .unknownScreen, "unknown screen 'Hom'; did you mean 'Home'?"),
    DiagnosticCase(
      "unknown window coordinator", "app Shop {\n  window 1️⃣Ap\n}\n" + homeScreen + appCoordinator,
      .unknownCoordinator, "unknown coordinator 'Ap'; did you mean 'App'?"),
    DiagnosticCase(
      "unknown limit", "app Shop {\n  window App\n  limits { 1️⃣stak 3 }\n}\n" + homeScreen + appCoordinator,
      .unknownLimit, "unknown limit 'stak'; did you mean 'stack'?"),
    DiagnosticCase(
      "limit below 1", "app Shop {\n  window App\n  limits { stack 1️⃣0 }\n}\n" + homeScreen + appCoordinator,
      .invalidLimit, "limit 'stack' must be between 1 and 24, not 0"),
    DiagnosticCase(
      "stack beyond what the model stores",
      "app Shop {\n  window App\n  limits { stack 1️⃣25 }\n}\n" + homeScreen + appCoordinator,
      .invalidLimit,
      "limit 'stack' must be between 1 and 24, not 25; flowcheck models at most 24 view controllers per stack and 24 coordinators"
    ),
    DiagnosticCase(
      "inflight is 0 or 1",
      "app Shop {\n  window App\n  limits { inflight 1️⃣2 }\n}\n" + homeScreen + appCoordinator,
      .invalidLimit,
      "limit 'inflight' must be 0 (every transition completes within its step) or 1 (one animated presentation or dismissal may be in flight), not 2"
    ),
    DiagnosticCase(
      "limit too large",
      "app Shop {\n  window App\n  limits { pending 1️⃣2000000000 }\n}\n" + homeScreen + appCoordinator,
      .invalidLimit, "limit 'pending' must be between 1 and 1000000000, not 2000000000"),
    DiagnosticCase(
      "depth below 1", "app Shop {\n  window App\n  limits { depth 1️⃣0 }\n}\n" + homeScreen + appCoordinator,
      .invalidLimit, "limit 'depth' must be at least 1, not 0"),
    DiagnosticCase(
      "duplicate limit",
      "app Shop {\n  window App\n  limits { 2️⃣stack 3, 1️⃣stack 4 }\n}\n" + homeScreen + appCoordinator,
      .duplicateDeclaration, "duplicate limit 'stack'"),
  ]

  @Test(arguments: appCases) func app(_ testCase: DiagnosticCase) { expectDiagnostic(testCase) }

  static let screenAndVariableCases: [DiagnosticCase] = [
    DiagnosticCase(
      "duplicate screen", header + "screen 2️⃣Home\nscreen 1️⃣Home\n" + appCoordinator, .duplicateDeclaration,
      "duplicate screen 'Home'"),
    DiagnosticCase(
      "unknown style, close", base + "screen Cart { style 1️⃣pageSheat }\n", .unknownStyle,
      "unknown style 'pageSheat'; did you mean 'pageSheet'?"),
    DiagnosticCase(
      "unknown style, far", base + "screen Cart { style 1️⃣popover }\n", .unknownStyle,
      "unknown style 'popover'; expected 'pageSheet', 'formSheet', 'fullScreen' or 'overFullScreen'"),
    DiagnosticCase(
      "duplicate style", base + "screen Cart { 2️⃣style pageSheet, 1️⃣style formSheet }\n", .duplicateDeclaration,
      "duplicate attribute 'style' of screen 'Cart'"),
    DiagnosticCase(
      "duplicate modalInPresentation", base + "screen Cart { 2️⃣modalInPresentation, 1️⃣modalInPresentation }\n",
      .duplicateDeclaration, "duplicate attribute 'modalInPresentation' of screen 'Cart'"),
    DiagnosticCase(
      "duplicate emits", base + "screen Cart { 2️⃣emits close, 1️⃣emits done }\n", .duplicateDeclaration,
      "duplicate attribute 'emits' of screen 'Cart'"),
    DiagnosticCase(
      "duplicate emitted event", base + "screen Cart { emits 2️⃣close, 1️⃣close }\n", .duplicateDeclaration,
      "duplicate event 'close' in 'emits' of screen 'Cart'"),
    DiagnosticCase(
      "duplicate global", base + "var 2️⃣ready = false\nvar 1️⃣ready = true\n", .duplicateDeclaration,
      "duplicate variable 'ready'"),
    DiagnosticCase(
      "duplicate local",
      header + homeScreen
        + "coordinator App: NavigationCoordinator {\n  root window\n  var 2️⃣page: 0...2 = 0\n  var 1️⃣page: 0...2 = 1\n  start { root Home }\n}\n",
      .duplicateDeclaration, "duplicate variable 'page' in coordinator 'App'"),
    DiagnosticCase(
      "too many locals",
      header + homeScreen + "coordinator App: NavigationCoordinator {\n  root window\n"
        + (0..<16).map { "  var v\($0) = false\n" }.joined()
        + "  var 1️⃣extra = true\n  start { root Home }\n}\n",
      .tooManyVariables,
      "coordinator 'App' declares more than 16 local variables; flowcheck models at most 16 per coordinator "
        + "(hint: make some of them global, or fold flags into one ranged variable)"),
    DiagnosticCase(
      "local shadows global",
      header + homeScreen + "var 2️⃣ready = false\n"
        + "coordinator App: NavigationCoordinator {\n  root window\n  var 1️⃣ready = true\n  start { root Home }\n}\n",
      .duplicateDeclaration, "local variable 'ready' shadows global variable 'ready'"),
    DiagnosticCase(
      "variable named like a screen", header + "screen 2️⃣Home\n" + appCoordinator + "var 1️⃣Home = true\n",
      .duplicateDeclaration, "variable 'Home' has the same name as screen 'Home'"),
    DiagnosticCase(
      "variable named like a built-in", base + "var 1️⃣stack = true\n", .duplicateDeclaration,
      "variable 'stack' has the name of the built-in value 'stack'"),
    DiagnosticCase(
      "empty range", base + "var n: 1️⃣3...0 = 0\n", .invalidRange,
      "range 3...0 of 'n' is empty; the low bound must not exceed the high bound"),
    DiagnosticCase(
      "range too wide", base + "var n: 1️⃣0...5000 = 0\n", .invalidRange,
      "range 0...5000 of 'n' must lie within -1000...1000"),
    DiagnosticCase(
      "initial value above range", base + "var n: 0...3 = 1️⃣5\n", .valueOutOfRange,
      "value 5 is outside 'n' range 0...3"),
    DiagnosticCase(
      "initial value below range", base + "var n: 0...3 = 1️⃣-1\n", .valueOutOfRange,
      "value -1 is outside 'n' range 0...3"),
    DiagnosticCase(
      "integer without range", base + "var n = 1️⃣3\n", .typeMismatch,
      "variable 'n' holds an integer but has no range; write 'var n: LOW...HIGH = 3'"),
    DiagnosticCase(
      "Bool initial value of an Int", base + "var n: 0...3 = 1️⃣true\n", .typeMismatch,
      "variable 'n' is an Int in 0...3; its initial value must be an integer"),
    DiagnosticCase(
      "initial value not a literal", base + "var ready = 1️⃣stack > 0\n", .typeMismatch,
      "the initial value of 'ready' must be a literal ('true', 'false' or an integer)"),
  ]

  @Test(arguments: screenAndVariableCases) func screensAndVariables(_ testCase: DiagnosticCase) {
    expectDiagnostic(testCase)
  }

  static let coordinatorCases: [DiagnosticCase] = [
    DiagnosticCase(
      "duplicate coordinator",
      header + homeScreen
        + "coordinator 2️⃣App: NavigationCoordinator {\n  root window\n  start { root Home }\n}\n"
        + "coordinator 1️⃣App: NavigationCoordinator {\n  root presented\n  start { root Home }\n}\n",
      .duplicateDeclaration, "duplicate coordinator 'App'"),
    DiagnosticCase(
      "unknown coordinator kind",
      base + "coordinator Cart: 1️⃣NavigationCoordinater {\n  root presented\n  start { root Home }\n}\n",
      .unknownCoordinatorKind,
      "unknown coordinator kind 'NavigationCoordinater'; did you mean 'NavigationCoordinator'?"),
    DiagnosticCase(
      "unknown coordinator kind, far", base + "coordinator Cart: 1️⃣SplitCoordinator {\n  root presented\n}\n",
      .unknownCoordinatorKind,
      "unknown coordinator kind 'SplitCoordinator'; expected 'NavigationCoordinator' or 'TabBarCoordinator'"),
    DiagnosticCase(
      "missing root", base + "coordinator 1️⃣Cart: NavigationCoordinator {\n  start { root Home }\n}\n",
      .invalidRoot,
      "coordinator 'Cart' has no 'root' clause; add 'root parent', 'root presented', 'root window' or 'root tab'"
    ),
    DiagnosticCase(
      "unknown root source", base + "coordinator Cart: NavigationCoordinator {\n  root 1️⃣prent\n}\n",
      .invalidRoot,
      "invalid root 'prent'; did you mean 'parent'?"),
    DiagnosticCase(
      "window coordinator without root window",
      header + homeScreen
        + "coordinator App: NavigationCoordinator {\n  root 1️⃣presented\n  start { root Home }\n}\n",
      .invalidRoot, "window coordinator 'App' must use 'root window', not 'root presented'"),
    DiagnosticCase(
      "root tab under a navigation coordinator",
      withApp(
        "  on Home.next { 1️⃣startChild Feed }\n",
        after: "coordinator Feed: NavigationCoordinator {\n  root tab\n  start { root Home }\n}\n"),
      .invalidRoot, "coordinator 'Feed' has 'root tab' but 'App' is not a TabBarCoordinator"),
    DiagnosticCase(
      "root parent under a tab bar coordinator",
      header + homeScreen
        + "coordinator App: TabBarCoordinator {\n  root window\n  start { 1️⃣startChild Feed }\n}\n"
        + "coordinator Feed: NavigationCoordinator {\n  root parent\n  start { root Home }\n}\n",
      .invalidRoot, "coordinator 'Feed' has 'root parent' but 'App' is not a NavigationCoordinator"),
    DiagnosticCase(
      "a tab bar coordinator with root parent",
      withApp(
        "  on Home.next { startChild Tabs }\n",
        after: "coordinator Tabs: TabBarCoordinator {\n  root 1️⃣parent\n  start {}\n}\n"),
      .invalidRoot,
      "TabBarCoordinator 'Tabs' cannot use 'root parent': a tab bar controller is never pushed into its parent's navigation controller, so nothing would show (hint: a tab bar is the window's root, 'root window', or presented, 'root presented')"
    ),
    DiagnosticCase(
      "a tab bar coordinator with root tab",
      header + homeScreen
        + "coordinator App: TabBarCoordinator {\n  root window\n  start { startChild Inner }\n}\n"
        + "coordinator Inner: TabBarCoordinator {\n  root 1️⃣tab\n  start {}\n}\n",
      .invalidRoot,
      "TabBarCoordinator 'Inner' cannot use 'root tab': a tab bar controller is never a tab of another tab bar, so nothing would show (hint: a tab bar is the window's root, 'root window', or presented, 'root presented')"
    ),
    DiagnosticCase(
      "selectTab in a navigation coordinator", withApp("  on Home.next { 1️⃣selectTab App }\n"),
      .unsupportedStatement, "'selectTab' needs a TabBarCoordinator; 'App' is a NavigationCoordinator"),
    DiagnosticCase(
      "selectTab of a coordinator that is no tab",
      header + homeScreen
        + "coordinator App: TabBarCoordinator {\n  root window\n  start { startChild Feed; selectTab 1️⃣Sheet }\n}\n"
        + "coordinator Feed: NavigationCoordinator {\n  root tab\n  start { root Home }\n}\n"
        + "coordinator Sheet: NavigationCoordinator {\n  root presented\n  start { root Home }\n}\n",
      .invalidRoot, "'selectTab Sheet' needs a coordinator with 'root tab'; 'Sheet' has none"),
    DiagnosticCase(
      "call a method the child does not handle",
      withApp("  on Home.next { startChild Orders; call Orders.1️⃣shwoLatest }\n")
        + "coordinator Orders: NavigationCoordinator {\n  root parent\n  start { show Home }\n  handle showLatest { pop }\n}\n",
      .unknownMessage, "coordinator 'Orders' has no 'handle shwoLatest'; did you mean 'showLatest'?"),
    DiagnosticCase(
      "an event addressed to an unknown coordinator", base + "event shipped to 1️⃣Ap { pop }\n",
      .unknownCoordinator, "unknown coordinator 'Ap'; did you mean 'App'?"),
    DiagnosticCase(
      "an event addressed to a coordinator uses its variables only",
      withApp("")
        + "coordinator Other: NavigationCoordinator {\n  root parent\n  var seen = false\n  start { show Home }\n}\n"
        + "event e to App { 1️⃣seen = true }\n",
      .unknownVariable, "variable 'seen' is local to coordinator 'Other' and not visible here"),
    DiagnosticCase(
      "window coordinator started as a child", withApp("  on Home.next { 1️⃣startChild App }\n"), .invalidRoot,
      "coordinator 'App' owns the window and cannot be started as a child"),
    DiagnosticCase(
      "duplicate start",
      header + homeScreen
        + "coordinator App: NavigationCoordinator {\n  root window\n  2️⃣start { root Home }\n  1️⃣start { root Home }\n}\n",
      .duplicateDeclaration, "duplicate 'start' in coordinator 'App'"),
    DiagnosticCase(
      "duplicate root",
      header + homeScreen
        + "coordinator App: NavigationCoordinator {\n  2️⃣root window\n  1️⃣root window\n  start { root Home }\n}\n",
      .duplicateDeclaration, "duplicate 'root' clause in coordinator 'App'"),
    DiagnosticCase(
      "duplicate identifier", withApp("  2️⃣identifier \"A\"\n  1️⃣identifier \"B\"\n"), .duplicateDeclaration,
      "duplicate 'identifier' in coordinator 'App'"),
    DiagnosticCase(
      "duplicate screen handler", withApp("  2️⃣on Home.next { pop }\n  1️⃣on Home.next { pop }\n"),
      .duplicateDeclaration, "duplicate handler 'on Home.next' in coordinator 'App'"),
    DiagnosticCase(
      "duplicate message handler", withApp("  2️⃣handle ping { pop }\n  1️⃣handle ping { pop }\n"),
      .duplicateDeclaration, "duplicate handler 'handle ping' in coordinator 'App'"),
    DiagnosticCase(
      "duplicate popBack", withApp("  2️⃣popBack { pop }\n  1️⃣popBack { pop }\n"), .duplicateDeclaration,
      "duplicate 'popBack' in coordinator 'App'"),
    DiagnosticCase(
      "duplicate didFinish", withApp("  2️⃣didFinish { pop }\n  1️⃣didFinish { pop }\n"), .duplicateDeclaration,
      "duplicate 'didFinish' in coordinator 'App'"),
    DiagnosticCase(
      "duplicate didFinish of a child",
      withApp(
        "  on Home.next { startChild Cart }\n  2️⃣didFinish Cart { pop }\n  1️⃣didFinish Cart { pop }\n",
        after: "coordinator Cart: NavigationCoordinator {\n  root presented\n  start { root Home }\n}\n"),
      .duplicateDeclaration, "duplicate 'didFinish Cart' in coordinator 'App'"),
    DiagnosticCase(
      "duplicate app event", base + "event 2️⃣logout { pop }\nevent 1️⃣logout { pop }\n", .duplicateDeclaration,
      "duplicate event 'logout'"),
    DiagnosticCase(
      "duplicate expect", base + "2️⃣expect pass\n1️⃣expect incomplete\n", .duplicateDeclaration,
      "duplicate 'expect'; a flow states one expectation"),
  ]

  @Test(arguments: coordinatorCases) func coordinators(_ testCase: DiagnosticCase) {
    expectDiagnostic(testCase)
  }

  static let statementCases: [DiagnosticCase] = [
    DiagnosticCase(
      "unknown screen in show", withApp("  on Home.next { show 1️⃣Prodcut }\n", screens: "screen Product\n"),
      .unknownScreen, "unknown screen 'Prodcut'; did you mean 'Product'?"),
    DiagnosticCase(
      "unknown screen, far", withApp("  on Home.next { present 1️⃣Settings }\n"), .unknownScreen,
      "unknown screen 'Settings'"),
    DiagnosticCase(
      "unknown screen in a handler", withApp("  on 1️⃣Hme.next { pop }\n"), .unknownScreen,
      "unknown screen 'Hme'; did you mean 'Home'?"),
    DiagnosticCase(
      "unknown coordinator in startChild",
      withApp(
        "  on Home.next { startChild 1️⃣Crt }\n",
        after: "coordinator Cart: NavigationCoordinator {\n  root presented\n  start { root Home }\n}\n"),
      .unknownCoordinator, "unknown coordinator 'Crt'; did you mean 'Cart'?"),
    DiagnosticCase(
      "unknown coordinator in stopChild", withApp("  on Home.next { stopChild 1️⃣Settings }\n"),
      .unknownCoordinator,
      "unknown coordinator 'Settings'"),
    DiagnosticCase(
      "unknown coordinator in didFinish", withApp("  didFinish 1️⃣Ap { pop }\n"), .unknownCoordinator,
      "unknown coordinator 'Ap'; did you mean 'App'?"),
    DiagnosticCase(
      "unknown event of a screen with emits",
      header + "screen Home { emits browse }\n"
        + "coordinator App: NavigationCoordinator {\n  root window\n  start { root Home }\n  on Home.1️⃣brwse { pop }\n}\n",
      .unknownEvent, "unknown event 'brwse' of screen 'Home'; did you mean 'browse'?"),
    DiagnosticCase(
      "event never emitted",
      header + "screen Home { emits browse }\n"
        + "coordinator App: NavigationCoordinator {\n  root window\n  start { root Home }\n  on Home.1️⃣logout { pop }\n}\n",
      .eventNeverEmitted, "handler 'Home.logout' never runs: screen 'Home' does not emit 'logout'",
      severity: .warning),
    DiagnosticCase(
      "unknown message", withApp("  handle cartAdd { pop }\n  on Home.next { send 1️⃣cartAd }\n"),
      .unknownMessage,
      "unknown message 'cartAd'; did you mean 'cartAdd'?"),
    DiagnosticCase(
      "message never handled", withApp("  on Home.next { send 1️⃣ping }\n"), .messageNeverHandled,
      "message 'ping' is sent but no coordinator handles it", severity: .warning),
    DiagnosticCase(
      "a message handled as a screen event",
      withApp("  on Home.checkout { }\n  on Home.next { send 1️⃣checkout }\n"), .messageNeverHandled,
      "message 'checkout' is sent but no coordinator handles it; 'App' handles the screen event 'Home.checkout', which a 'send' does not reach; did you mean 'handle checkout'?",
      severity: .warning),
    DiagnosticCase(
      "show in a tab bar coordinator", withApp("  start { 1️⃣show Home }\n", kind: "TabBarCoordinator"),
      .unsupportedStatement, "'show' needs a NavigationCoordinator; 'App' is a TabBarCoordinator"),
    DiagnosticCase(
      "pop to in a tab bar coordinator",
      withApp("  on Home.next { 1️⃣pop to Home }\n", kind: "TabBarCoordinator"),
      .unsupportedStatement, "'pop to' needs a NavigationCoordinator; 'App' is a TabBarCoordinator"),
    DiagnosticCase(
      "popBack in a tab bar coordinator", withApp("  1️⃣popBack { present Home }\n", kind: "TabBarCoordinator"),
      .unsupportedStatement, "'popBack' needs a NavigationCoordinator; 'App' is a TabBarCoordinator"),
    DiagnosticCase(
      "app event run by a tab bar window coordinator",
      withApp(
        "  start { present Home }\n", after: "event deepLink {\n  1️⃣pop\n}\n", kind: "TabBarCoordinator"),
      .unsupportedStatement, "'pop' needs a NavigationCoordinator; 'App' is a TabBarCoordinator"),
    DiagnosticCase(
      "animated on show", withApp("  on Home.next { show Home 1️⃣animated: false }\n"), .unsupportedStatement,
      "radianttap's 'show' is always animated; remove 'animated: false'"),
    DiagnosticCase(
      "animated on root", withApp("  on Home.next { root Home 1️⃣animated: true }\n"), .unsupportedStatement,
      "radianttap's 'root' is always animated; remove 'animated: true'"),
    DiagnosticCase(
      "condition of if", withApp("  on Home.next { if 1️⃣stack { pop } }\n"), .typeMismatch,
      "the condition of 'if' must be a Bool, not an Int"),
    DiagnosticCase(
      "condition of when", withApp("", after: "event logout when 1️⃣count { pop }\n"), .typeMismatch,
      "the condition of 'when' must be a Bool, not an Int"),
    DiagnosticCase(
      "unknown variable assigned", withApp("  on Home.next { 1️⃣redy = true }\n"), .unknownVariable,
      "unknown variable 'redy'; did you mean 'ready'?"),
    DiagnosticCase(
      "screen assigned", withApp("  on Home.next { 1️⃣Home = true }\n"), .typeMismatch,
      "cannot assign to 'Home': only variables can be assigned"),
    DiagnosticCase(
      "+= on a Bool", withApp("  on Home.next { 1️⃣ready += 1 }\n"), .typeMismatch,
      "'+=' needs an integer variable; 'ready' is a Bool"),
    DiagnosticCase(
      "Int assigned to a Bool", withApp("  on Home.next { ready = 1️⃣3 }\n"), .typeMismatch,
      "cannot assign an Int to 'ready', a Bool"),
    DiagnosticCase(
      "Bool assigned to an Int", withApp("  on Home.next { count = 1️⃣true }\n"), .typeMismatch,
      "cannot assign a Bool to 'count', an Int in 0...3"),
    DiagnosticCase(
      "assigned value out of range", withApp("  on Home.next { page = 1️⃣7 }\n"), .valueOutOfRange,
      "value 7 is outside 'page' range 0...2"),
    DiagnosticCase(
      "local not visible in an app event", withApp("", after: "event logout { 1️⃣page = 1 }\n"),
      .unknownVariable,
      "variable 'page' is local to coordinator 'App' and not visible here"),
  ]

  @Test(arguments: statementCases) func statements(_ testCase: DiagnosticCase) { expectDiagnostic(testCase) }

  /// `handle m(NAME: TYPE)`, `send m(EXPR)` and `call C.m(EXPR)`: arity, types and ranges
  /// of arguments, and where a parameter is visible.
  static let argumentCases: [DiagnosticCase] = [
    DiagnosticCase(
      "a message sent without its argument",
      withApp("  handle open(n: 0...2) { pop }\n  on Home.next { send 1️⃣open }\n"), .typeMismatch,
      "message 'open' takes 1 argument (n: 0...2), but 'send open' passes 0 (hint: 'send open(0)')"),
    DiagnosticCase(
      "a message sent with an argument it does not take",
      withApp("  handle ping { pop }\n  on Home.next { send ping(1️⃣1) }\n"), .typeMismatch,
      "message 'ping' takes no arguments, but 'send ping' passes 1 (hint: 'send ping')"),
    DiagnosticCase(
      "an argument outside the parameter's range",
      withApp("  handle open(n: 0...2) { pop }\n  on Home.next { send open(1️⃣3) }\n"), .valueOutOfRange,
      "value 3 is outside parameter 'n' of 'open', 0...2 (hint: pass a value in 0...2, or declare 'n: 0...3' in 'handle open')"
    ),
    DiagnosticCase(
      "a negative constant argument",
      withApp("  handle open(n: 0...2) { pop }\n  on Home.next { send open(1️⃣-1) }\n"),
      .valueOutOfRange,
      "value -1 is outside parameter 'n' of 'open', 0...2 (hint: pass a value in 0...2, or declare 'n: -1...2' in 'handle open')"
    ),
    DiagnosticCase(
      "a Bool argument for an Int parameter",
      withApp("  handle open(n: 0...2) { pop }\n  on Home.next { send open(1️⃣ready) }\n"), .typeMismatch,
      "argument 'n' of 'open' must be an Int in 0...2, not a Bool (hint: pass a number such as 0, or an Int variable)"
    ),
    DiagnosticCase(
      "an Int argument for a Bool parameter",
      withApp("  handle mark(done: Bool) { pop }\n  on Home.next { send mark(1️⃣count) }\n"), .typeMismatch,
      "argument 'done' of 'mark' must be a Bool, not an Int (hint: pass 'true', 'false' or a condition)"),
    DiagnosticCase(
      "an unknown variable as an argument",
      withApp("  handle open(n: 0...2) { pop }\n  on Home.next { send open(1️⃣cuont) }\n"), .unknownVariable,
      "unknown variable 'cuont'; did you mean 'count'?"),
    DiagnosticCase(
      "a call with the wrong number of arguments",
      withApp("  on Home.next { startChild Orders; call Orders.open(1, 1️⃣2) }\n")
        + "coordinator Orders: NavigationCoordinator {\n  root parent\n  start { show Home }\n  handle open(n: 0...2) { pop }\n}\n",
      .typeMismatch,
      "message 'open' takes 1 argument (n: 0...2), but 'call Orders.open' passes 2 (hint: 'call Orders.open(0)')"
    ),
    DiagnosticCase(
      "two handlers of one message with other parameters",
      withApp("  handle 2️⃣open(n: 0...2) { pop }\n  on Home.next { startChild Orders }\n")
        + "coordinator Orders: NavigationCoordinator {\n  root parent\n  start { show Home }\n  handle 1️⃣open(n: 0...3) { pop }\n}\n",
      .typeMismatch,
      "'handle open(n: 0...3)' does not match 'handle open(n: 0...2)': every coordinator that handles 'open' overrides one method, so it takes the same parameters"
    ),
    DiagnosticCase(
      "a parameter read in async work", withApp("  handle open(n: 0...2) { after load { count = 1️⃣n } }\n"),
      .unknownVariable,
      "'n' is read in work that runs later: the parameter of 'handle open' is gone once the handler returns; copy it into a variable first"
    ),
    DiagnosticCase(
      "a parameter assigned", withApp("  handle open(n: 0...2) { 1️⃣n = 1 }\n"), .typeMismatch,
      "cannot assign to 'n': it is a parameter of 'handle open'; assign a variable of your own"),
    DiagnosticCase(
      "a parameter named after a variable", withApp("  handle open(1️⃣page: 0...2) { pop }\n"),
      .duplicateDeclaration, "parameter 'page' has the name of variable 'page'; name it otherwise"),
    DiagnosticCase(
      "two parameters of one name", withApp("  handle open(2️⃣n: 0...2, 1️⃣n: Bool) { pop }\n"),
      .duplicateDeclaration, "duplicate parameter 'n' of 'handle open'"),
    DiagnosticCase(
      "an empty parameter range", withApp("  handle open(n: 1️⃣2...0) { pop }\n"), .invalidRange,
      "range 2...0 of parameter 'n' is empty; the low bound must not exceed the high bound"),
    DiagnosticCase(
      "an argument to a message nobody handles is only checked as an expression",
      withApp("  on Home.next { send 1️⃣nobodyHandles(count + 1) }\n"), .messageNeverHandled,
      "message 'nobodyHandles' is sent but no coordinator handles it", severity: .warning),
    DiagnosticCase(
      "a parameter is not visible in another handler",
      withApp("  handle open(n: 0...2) { pop }\n  on Home.next { count = 1️⃣n }\n"), .unknownVariable,
      "unknown variable 'n'"),
  ]

  @Test(arguments: argumentCases) func arguments(_ testCase: DiagnosticCase) { expectDiagnostic(testCase) }

  @Test func argumentsAndParametersResolve() throws {
    let result = resolveFlow(
      withApp(
        "  handle open(n: 1...3, now: Bool) { if n == 2 && now { pop } }\n  on Home.next { send open(count, !ready) }\n"
      ))
    let flow = try #require(result.flow, "\(result.diagnostics)")
    let app = flow.coordinators[0]
    let parameters = try #require(app.messageParameters[0])
    #expect(parameters.map { flow.variables[$0].name } == ["n", "now"])
    #expect(parameters.map { flow.variables[$0].type } == [.integer(low: 1, high: 3), .bool])
    // At rest at the bound nearest 0, and false.
    #expect(parameters.map { flow.variables[$0].initialValue } == [1, 0])
    #expect(
      app.screenHandlers[0].body.withoutPositions == [
        .send(message: 0, arguments: [.variable(1), .not(.variable(0))])
      ])
  }

  /// Arithmetic that could leave the 64-bit integers, one case per operator and per place
  /// an expression is written: refused where it is written, so that nothing traps at run time.
  static let overflowMessage =
    "this arithmetic can overflow: its value can leave the 64-bit integers flowcheck computes with "
    + "(hint: keep literals near the variables' ranges)"

  static let overflowCases: [DiagnosticCase] = [
    DiagnosticCase(
      "sum overflows", withApp("  on Home.next { count = 1️⃣9223372036854775807 + 1 }\n"), .integerOverflow,
      overflowMessage),
    DiagnosticCase(
      "difference overflows", withApp("  on Home.next { count = 1️⃣-9223372036854775807 - 2 }\n"),
      .integerOverflow, overflowMessage),
    DiagnosticCase(
      "negation of the smallest integer",
      withApp("  on Home.next { count = 1️⃣-(-9223372036854775807 - 1) }\n"), .integerOverflow, overflowMessage),
    DiagnosticCase(
      "+= overflows", withApp("  on Home.next { count += 1️⃣9223372036854775807 }\n"), .integerOverflow,
      overflowMessage),
    DiagnosticCase(
      "-= overflows", withApp("  on Home.next { count -= 1️⃣-9223372036854775807 - 1 }\n"), .integerOverflow,
      overflowMessage),
    DiagnosticCase(
      "a variable plus a large literal",
      withApp("  on Home.next { if 1️⃣count + 9223372036854775805 > 0 { pop } }\n"), .integerOverflow,
      overflowMessage),
    DiagnosticCase(
      "in an event guard", withApp("", after: "event logout when 1️⃣count + 9223372036854775807 > 0 { pop }\n"),
      .integerOverflow, overflowMessage),
    DiagnosticCase(
      "in a property", withApp("", after: "always 1️⃣count - (-9223372036854775807 - 1) > 0\n"),
      .integerOverflow,
      overflowMessage),
  ]

  @Test(arguments: overflowCases) func overflows(_ testCase: DiagnosticCase) { expectDiagnostic(testCase) }

  static let expressionCases: [DiagnosticCase] = [
    DiagnosticCase(
      "property not a Bool", withApp("", after: "always 1️⃣top\n"), .typeMismatch,
      "the expression of 'always' must be a Bool, not a screen"),
    DiagnosticCase(
      "screen compared with an Int", withApp("", after: "never 1️⃣top == 3\n"), .typeMismatch,
      "cannot compare a screen with an Int using '=='"),
    DiagnosticCase(
      "&& on an Int", withApp("", after: "always ready && 1️⃣count\n"), .typeMismatch,
      "'&&' needs Bool operands; the right side is an Int"),
    DiagnosticCase(
      "< on a Bool", withApp("", after: "always 1️⃣ready < 3\n"), .typeMismatch,
      "'<' needs Int operands; the left side is a Bool"),
    DiagnosticCase(
      "+ on a screen", withApp("", after: "always 1️⃣top + 1 > 0\n"), .typeMismatch,
      "'+' needs Int operands; the left side is a screen"),
    DiagnosticCase(
      "! on an Int", withApp("", after: "always !1️⃣count\n"), .typeMismatch,
      "'!' needs a Bool operand, not an Int"),
    DiagnosticCase(
      "- on a Bool", withApp("", after: "always -1️⃣ready == 0\n"), .typeMismatch,
      "'-' needs an Int operand, not a Bool"),
    DiagnosticCase(
      "wrong arity", withApp("", after: "always 1️⃣started(App, App)\n"), .typeMismatch,
      "'started' takes 1 argument, a coordinator name, but got 2"),
    DiagnosticCase(
      "argument not a name", withApp("", after: "always onScreen(1️⃣3)\n"), .typeMismatch,
      "the argument of 'onScreen' must be a screen name"),
    DiagnosticCase(
      "unknown function, close", withApp("", after: "always 1️⃣strted(App)\n"), .unknownFunction,
      "unknown function 'strted'; did you mean 'started'?"),
    DiagnosticCase(
      "unknown function, far", withApp("", after: "always 1️⃣visible(Home)\n"), .unknownFunction,
      "unknown function 'visible'; expected 'started' or 'onScreen'"),
    DiagnosticCase(
      "unknown variable, close", withApp("", after: "always 1️⃣redy\n"), .unknownVariable,
      "unknown variable 'redy'; did you mean 'ready'?"),
    DiagnosticCase(
      "unknown variable, far", withApp("", after: "always 1️⃣loggedIn\n"), .unknownVariable,
      "unknown variable 'loggedIn'"),
    DiagnosticCase(
      "local not visible in a property", withApp("", after: "always 1️⃣page > 0\n"), .unknownVariable,
      "variable 'page' is local to coordinator 'App' and not visible here"),
    DiagnosticCase(
      "unknown screen in a property", withApp("", after: "reachable top == 1️⃣Hme\n"), .unknownScreen,
      "unknown screen 'Hme'; did you mean 'Home'?"),
    DiagnosticCase(
      "unknown capitalised name", withApp("", after: "reachable top == 1️⃣Settings\n"), .unknownScreen,
      "unknown screen 'Settings'"),
    DiagnosticCase(
      "unknown coordinator in started", withApp("", after: "reachable started(1️⃣Ap)\n"), .unknownCoordinator,
      "unknown coordinator 'Ap'; did you mean 'App'?"),
    DiagnosticCase(
      "unknown screen in onScreen", withApp("", after: "reachable onScreen(1️⃣Hom)\n"), .unknownScreen,
      "unknown screen 'Hom'; did you mean 'Home'?"),
    DiagnosticCase(
      "unknown invariant, close", base + "expect violation 1️⃣shadow-synk\n", .unknownInvariant,
      "unknown invariant 'shadow-synk'; did you mean 'shadow-sync'?"),
    DiagnosticCase(
      "unknown invariant, far", base + "expect violation shadow-sync, 1️⃣crash\n", .unknownInvariant,
      "unknown invariant 'crash'; expected 'shadow-sync', 'finish-propagation', 'orphan-child', 'dead-screen', "
        + "'unhandled-message', 'delegate-owner', 'stale-closure', 'uikit-crash', 'library-trap', 'uikit-noop', 'result-once', 'stopped-on-screen', 'registered-after-stop', 'no-dead-end', "
        + "'can-return', 'always', 'never' or 'reachable'"),
  ]

  @Test(arguments: expressionCases) func expressions(_ testCase: DiagnosticCase) {
    expectDiagnostic(testCase)
  }

  static let warningCases: [DiagnosticCase] = [
    DiagnosticCase(
      "coordinator never started",
      base + "coordinator 1️⃣Cart: NavigationCoordinator {\n  root presented\n  start { root Home }\n}\n",
      .coordinatorNeverStarted, "coordinator 'Cart' is never started", severity: .warning),
    DiagnosticCase(
      "screen never shown", base + "screen 1️⃣Lonely\n", .screenNeverShown, "screen 'Lonely' is never shown",
      severity: .warning),
  ]

  @Test(arguments: warningCases) func warnings(_ testCase: DiagnosticCase) { expectDiagnostic(testCase) }

  /// Statements and members a runtime has no API for: the error names the operation and,
  /// where the runtime says one, what to write instead.
  static let runtimeCases: [(library: String, member: String, message: String)] = [
    (
      "router", "  on Home.next { 1️⃣takeover }\n",
      "'takeover' is not available under runtime 'router'; the pattern has no takeover"
    ),
    (
      "router", "  on Home.next { 1️⃣activate }\n",
      "'activate' is not available under runtime 'router'; the pattern has no activate"
    ),
    (
      "router", "  on Home.next { 1️⃣top Home }\n",
      "'top' is not available under runtime 'router'; the routers cannot replace a screen; 'present' the next one"
    ),
    (
      "router", "  on Home.next { 1️⃣show Home }\n",
      "'show' is not available under runtime 'router'; write 'present S': the router pushes when its navigation controller has screens"
    ),
    (
      "router", "  on Home.next { 1️⃣startChild App }\n",
      "'startChild' is not available under runtime 'router'; write 'presentChild C', and give C its router as its kind (coordinator C: ModalNavigationRouter)"
    ),
    (
      "router", "  on Home.next { 1️⃣finish }\n",
      "'finish' is not available under runtime 'router'; write 'dismiss': the router runs the onDismissed closure that removes the child"
    ),
    (
      "router", "  on Home.next { 1️⃣send ping }\n",
      "'send' is not available under runtime 'router'; a screen calls its own coordinator; there is no responder chain to send messages up"
    ),
    (
      "router", "  1️⃣didFinish { dismiss }\n",
      "'didFinish' is not available under runtime 'router'; write the code in the 'onDismissed { … }' block of 'presentChild'"
    ),
    (
      "insecurity", "  on Home.next { 1️⃣pop }\n",
      "'pop' is not available under runtime 'insecurity'; write 'finish' or 'dismiss' in the pushed coordinator: the host pops it"
    ),
    (
      "insecurity", "  on Home.next { 1️⃣pop to Home }\n",
      "'pop to' is not available under runtime 'insecurity'; write 'finish' in the coordinator above: the host pops to the screen below it"
    ),
    (
      "insecurity", "  on Home.next { 1️⃣root Home }\n",
      "'root' is not available under runtime 'insecurity'; a coordinator has one screen, its 'viewController S'; the window coordinator's 'start C' sets the window's root"
    ),
    (
      "insecurity", "  1️⃣popBack { dismiss }\n",
      "'popBack' is not available under runtime 'insecurity'; a pop reaches the host through the controller's deallocation: the completion gets nil"
    ),
    (
      "insecurity", "  on Home.next { 1️⃣startChild App }\n",
      "'startChild' is not available under runtime 'insecurity'; write 'start C' (Insecurity's navigation.start(child) { result in … })"
    ),
    (
      "insecurity", "  on Home.next { 1️⃣send ping }\n",
      "'send' is not available under runtime 'insecurity'; a screen calls its own coordinator; a child hands its result to the parent with 'finish(v)'"
    ),
    (
      "radianttap", "  on Home.next { 1️⃣start App }\n",
      "'start C' is not available under runtime 'radianttap'; write 'startChild C'"
    ),
    (
      "radianttap", "  on Home.next { 1️⃣finish(done) }\n",
      "'finish(value)' is not available under runtime 'radianttap'; write 'finish', and pass values through variables"
    ),
    (
      "radianttap", "  1️⃣viewController Home\n",
      "'viewController' is not available under runtime 'radianttap'; a coordinator shows its screens with 'root', 'show' and 'present' in its handlers"
    ),
    (
      "radianttap", "  1️⃣result done\n",
      "'result' is not available under runtime 'radianttap'; a child hands values to its parent through variables or 'send'"
    ),
    (
      "router", "  on Home.next { 1️⃣start App { result in } }\n",
      "'start C' is not available under runtime 'router'; write 'presentChild C'"
    ),
    (
      "router", "  1️⃣result done\n",
      "'result' is not available under runtime 'router'; a child hands values to its parent through variables"
    ),
    (
      "presenter", "  on Home.next { 1️⃣takeover }\n",
      "'takeover' is not available under runtime 'presenter'; JLCoordinator has no takeover"
    ),
    (
      "presenter", "  on Home.next { 1️⃣send ping }\n",
      "'send' is not available under runtime 'presenter'; a screen calls its own coordinator (its delegate), and a child its parent only through 'didStop'; there is no responder chain"
    ),
    (
      "presenter", "  on Home.next { 1️⃣pop to Home }\n",
      "'pop to' is not available under runtime 'presenter'; the presenters pop one screen at a time with 'dismiss'; 'dismissRoot' closes the presenter"
    ),
    (
      "presenter", "  on Home.next { 1️⃣finish }\n",
      "'finish' is not available under runtime 'presenter'; write 'stop': stop() stops the children, then tells the parent (didStop) and leaves it"
    ),
    (
      "presenter", "  1️⃣didFinish { stop }\n",
      "'didFinish' is not available under runtime 'presenter'; write 'didStop C { … }': a child's stop() calls didStop(child:) on its parent"
    ),
    (
      "radianttap", "  on Home.next { 1️⃣stop }\n",
      "'stop' is not available under runtime 'radianttap'; write 'finish': the coordinator tells its parent, whose coordinatorDidFinish stops it"
    ),
    (
      "router", "  1️⃣didDismiss Home { present Home }\n",
      "'didDismiss' is not available under runtime 'router'; write the code in the 'onDismissed { … }' block of 'presentChild'"
    ),
    (
      "insecurity", "  on Home.next { 1️⃣dismissRoot }\n",
      "'dismissRoot' is not available under runtime 'insecurity'; write 'dismiss' in the child whose flow should close"
    ),
    (
      "radianttap", "  on Home.next { 1️⃣presentChild App }\n",
      "'presentChild' is not available under runtime 'radianttap'; write 'startChild C', with 'root presented' in C"
    ),
  ]

  /// The window coordinator of a flow under `library`, in that runtime's shape, with `member`.
  /// Under insecurity the window coordinator has no screen: `member` goes to the
  /// ModalCoordinator `Main` it starts, whose view controller is `Home`.
  static func windowCoordinator(_ library: String, _ member: String) -> String {
    switch library {
    case "router": "coordinator App: AppDelegateRouter {\n  start { present Home }\n" + member + "}\n"
    case "presenter":
      "coordinator App: InitialNavigationPresenter {\n  start { present Home }\n" + member + "}\n"
    case "insecurity":
      "coordinator App: WindowCoordinator {\n  start { start Main }\n}\n"
        + "coordinator Main: ModalCoordinator {\n  viewController Home\n" + member + "}\n"
    default:
      "coordinator App: NavigationCoordinator {\n  root window\n  start { show Home }\n" + member + "}\n"
    }
  }

  @Test(arguments: runtimeCases)
  func unsupportedUnderRuntime(_ library: String, _ member: String, _ message: String) {
    let source =
      "app Shop {\n  library \(library)\n  window App\n}\n" + homeScreen
      + Self.windowCoordinator(library, member)
    expectDiagnostic(DiagnosticCase("\(message)", source, .unsupportedStatement, message))
  }

  /// What each runtime does offer resolves cleanly.
  static let supportedCases: [(library: String, statements: String)] = [
    (
      "router",
      "present Home; dismiss animated: false; presentChild Cart animated: false onDismissed { present Home }"
    ),
    (
      "insecurity",
      "start Cart { result in if result == nil { dismiss } }; finish; if true { start Cart animated: false }"
    ),
    (
      "presenter",
      "present Home; dismiss animated: false; startChild Cart; stop; dismissRoot; dismissRoot animated: false"
    ),
    (
      "radianttap",
      "show Home; root Home; top Home; pop; pop to Home; takeover; activate; startChild Cart; stopChild Cart"
    ),
  ]

  @Test(arguments: supportedCases) func supportedUnderRuntime(_ library: String, _ statements: String) {
    let cart =
      switch library {
      case "router": "coordinator Cart: ModalNavigationRouter {\n  start { present Home }\n}\n"
      case "presenter":
        "coordinator Cart: ModalPresenter {\n  start { present Home }\n  didDismiss Home { stop }\n"
          + "  didPresent { stop }\n  didStop App { stop }\n}\n"
      case "insecurity": "coordinator Cart: ModalCoordinator {\n  viewController Home\n}\n"
      default: "coordinator Cart: NavigationCoordinator {\n  root presented\n  start { show Home }\n}\n"
      }
    let source =
      "app Shop {\n  library \(library)\n  window App\n}\n" + homeScreen
      + Self.windowCoordinator(library, "  on Home.next { \(statements) }\n") + cart
    let result = resolveFlow(source)
    #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    #expect(result.flow?.library.rawValue == library)
  }

  /// A router flow's coordinators name their routers; `root` and the other runtimes' kinds
  /// are refused, and a child must be able to take its router from its parent.
  static let routerCases: [DiagnosticCase] = [
    DiagnosticCase(
      "stopChild under router",
      routerApp
        + "coordinator App: AppDelegateRouter {\n  start { present Home }\n  on Home.next { 1️⃣stopChild App }\n}\n",
      .unsupportedStatement,
      "'stopChild' is not available under runtime 'router'; the pattern's removeChild is private to the Coordinator extension, and a coordinator has no stop: call a child's method that dismisses it ('call C.close' with 'handle close { dismiss }'), and the onDismissed wrapper of 'presentChild' removes it"
    ),
    DiagnosticCase(
      "router kind unknown",
      routerApp + "coordinator App: 1️⃣NavigationRoutr {\n  start { present Home }\n}\n",
      .unknownCoordinatorKind,
      "unknown router 'NavigationRoutr' under runtime 'router'; did you mean 'NavigationRouter'?"),
    DiagnosticCase(
      "radianttap kind under router",
      routerApp + "coordinator App: 1️⃣NavigationCoordinator {\n  start { present Home }\n}\n",
      .unknownCoordinatorKind,
      "unknown router 'NavigationCoordinator' under runtime 'router'; expected 'AppDelegateRouter', 'ModalNavigationRouter' or 'NavigationRouter'"
    ),
    DiagnosticCase(
      "root clause under router",
      routerApp + "coordinator App: AppDelegateRouter {\n  1️⃣root window\n  start { present Home }\n}\n",
      .invalidRoot,
      "'root window' is not used under runtime 'router': the kind after ':' names the router the coordinator is given (AppDelegateRouter, ModalNavigationRouter, NavigationRouter)"
    ),
    DiagnosticCase(
      "modal window",
      routerApp + "coordinator App: 1️⃣ModalNavigationRouter {\n  start { present Home }\n}\n", .invalidRoot,
      "window coordinator 'App' cannot be given a ModalNavigationRouter, which presents over a parent's screen; use AppDelegateRouter or NavigationRouter"
    ),
    DiagnosticCase(
      "navigation router under the window router",
      routerApp
        + "coordinator App: AppDelegateRouter {\n  start { present Home }\n  on Home.next { 1️⃣presentChild Edit }\n}\n"
        + "coordinator Edit: NavigationRouter {\n  start { present Home }\n}\n", .invalidRoot,
      "'Edit' is given a NavigationRouter on its parent's navigation controller, but 'App' has an AppDelegateRouter, which has none; give 'Edit' a ModalNavigationRouter"
    ),
    DiagnosticCase(
      "window coordinator presented",
      routerApp
        + "coordinator App: AppDelegateRouter {\n  start { present Home }\n  on Home.next { 1️⃣presentChild App }\n}\n",
      .invalidRoot, "coordinator 'App' owns the window and cannot be presented as a child"),
    DiagnosticCase(
      "unknown child",
      routerApp
        + "coordinator App: AppDelegateRouter {\n  start { present Home }\n  on Home.next { presentChild 1️⃣Ap }\n}\n",
      .unknownCoordinator, "unknown coordinator 'Ap'; did you mean 'App'?"),
  ]

  @Test(arguments: routerCases) func router(_ testCase: DiagnosticCase) { expectDiagnostic(testCase) }
}

private let routerApp = "app Pets {\n  library router\n  window App\n}\n" + homeScreen

extension ResolverDiagnosticTests {
  /// Every id the resolver emits has a marked case above.
  @Test func everyResolverDiagnosticIsTested() {
    let tables =
      Self.appCases + Self.screenAndVariableCases + Self.coordinatorCases + Self.statementCases
      + Self.expressionCases + Self.overflowCases + Self.warningCases + Self.insecurityCases
      + Self.presenterCases + Self.portableCases
    // `tooManyProperties` needs 64 properties: FlowCheckCLITests' PropertyLimitTests has it;
    // `tooManyDeclarations` needs thousands of declarations: DeclarationBoundsTests has it;
    // the `base` settings are a runtime's, with a hint note: FlowModelTests' HandwrittenBaseTests
    // has their errors.
    let tested =
      tables.map(\.id) + [
        .unsupportedStatement, .tooManyProperties, .tooManyDeclarations, .unknownBaseSetting,
        .invalidBaseSetting,
      ]
    // The catalogue's ids from the names on, but `runtimeNotModelled`, the command line's:
    // read from the catalogue, so that a new id needs a case here.
    let emitted = DiagnosticID.allCases.drop { $0 != .unknownScreen }.filter { $0 != .runtimeNotModelled }
    #expect(emitted.first == .unknownScreen && emitted.contains(.missingWindow))
    for id in emitted { #expect(tested.contains(id), "no test for \(id)") }
  }

  /// Trees synthesised by error recovery (empty names, empty blocks) never crash the
  /// resolver, and a flow that cannot be built always comes with an error.
  @Test func recoveredTreesNeverCrash() {
    let nowhere = SourceRange.at(0)
    let empty = Name("", nowhere)
    let emptyBlock = Block(statements: [], range: nowhere)
    let missingExpression = Expression(kind: .name(empty), range: nowhere)
    let statements: [StatementKind] = [
      .navigation(verb: .show, screen: nil, animated: nil),
      .navigation(verb: .popTo, screen: empty, animated: nil),
      .startChild(empty), .stopChild(empty), .send(empty, arguments: []),
      .assignment(empty, .add, missingExpression),
      .ifElse(condition: missingExpression, then: emptyBlock, otherwise: nil), .after(empty, emptyBlock),
    ]
    let body = Block(statements: statements.map { Statement(kind: $0, range: nowhere) }, range: nowhere)
    let members: [CoordinatorMemberKind] = [
      .root(RootClause(source: empty)), .identifier("", nowhere),
      .variable(VariableDeclaration(name: empty, bounds: nil, initialValue: missingExpression)),
      .start(body), .screenEvent(screen: empty, event: empty, body: body),
      .message(empty, parameters: [], body: body),
      .library(LibraryMemberSyntax(keyword: Name("popBack", nowhere), body: body)),
      .library(LibraryMemberSyntax(keyword: Name("didFinish", nowhere), operand: empty, body: body)),
    ]
    let declarations: [DeclarationKind] = [
      .app(
        AppDeclaration(
          name: empty,
          members: [
            AppMember(kind: .window(empty), range: nowhere),
            AppMember(kind: .library(empty), range: nowhere), AppMember(kind: .home(empty), range: nowhere),
            AppMember(
              kind: .limits([LimitEntry(name: empty, value: 0, valueRange: nowhere)]), range: nowhere),
          ])),
      .screen(
        ScreenDeclaration(name: empty, attributes: [ScreenAttribute(kind: .style(empty), range: nowhere)])),
      .variable(
        VariableDeclaration(
          name: empty, bounds: IntegerBounds(low: 5, high: 1, range: nowhere), initialValue: missingExpression
        )),
      .coordinator(
        CoordinatorDeclaration(
          name: empty, kind: empty, members: members.map { CoordinatorMember(kind: $0, range: nowhere) })),
      .event(EventDeclaration(name: empty, condition: missingExpression, body: body)),
      .property(PropertyDeclaration(kind: .always, expression: missingExpression)),
      .expect(ExpectDeclaration(outcome: .violation([empty]))),
    ]
    let file = FlowFile(declarations: declarations.map { Declaration(kind: $0, range: nowhere) })
    let result = Resolver.resolve(file, source: SourceFile(path: "empty.flow", text: ""))
    #expect(result.flow == nil)
    #expect(result.diagnostics.map(\.id) == [.missingWindow])
    #expect(
      result.diagnostics.first?.message == "app '' names no window coordinator; add 'window COORDINATOR'")
  }
}

@Suite struct ResolverFlowTests {
  static let sample = """
    app Shop {
      library radianttap
      window App
      home Home
      limits { stack 4, depth 20 }
    }
    screen Home { emits help, next, extra }
    screen Login { style formSheet, modalInPresentation }
    screen Help
    var ready = false
    var count: -2...3 = -1
    coordinator App: NavigationCoordinator {
      root window
      var page: 0...2 = 1
      start { root Home }
      on Home.next { startChild Account; page = 2 }
      on Home.help { show Help }
      handle login { after wait { present Help } }
    }
    coordinator Account: NavigationCoordinator {
      root presented
      identifier "AccountFlow"
      start { if ready { root Login } else { show Help } }
      on Login.submit { ready = true; send login; send ping; dismiss; finish }
      didFinish { count = 0 }
    }
    event logout when ready { ready = false; after drain { pop } }
    always !(top == Login && ready)
    reachable started(Account) && onScreen(Login)
    expect violation shadow-sync, always

    """

  @Test func sampleResolves() throws {
    let result = resolveFlow(Self.sample)
    #expect(result.diagnostics.map(\.id) == [.messageNeverHandled])
    let flow = try #require(result.flow)
    #expect(flow.appName == "Shop")
    #expect(flow.library.rawValue == "radianttap")
    #expect(flow.windowCoordinator == 0)
    #expect(flow.home == 0)
    #expect(
      flow.limits.stack == 4 && flow.limits.depth == 20 && flow.limits.presented == FlowLimits().presented)
    #expect(flow.screens.map(\.name) == ["Home", "Login", "Help"])
    #expect(flow.screens[0].events == ["next", "help", "extra"])
    #expect(flow.screens[1].events == ["submit"])
    #expect(flow.screens[1].style == .formSheet && flow.screens[1].modalInPresentation)
    #expect(flow.messages == ["login", "ping"])
    #expect(
      flow.variables == [
        VariableInfo(name: "ready", type: .bool, initialValue: 0),
        VariableInfo(name: "count", type: .integer(low: -2, high: 3), initialValue: -1),
        VariableInfo(name: "page", type: .integer(low: 0, high: 2), initialValue: 1, owner: 0),
      ])
    let app = flow.coordinators[0]
    let account = flow.coordinators[1]
    #expect(app.identifier == "App" && account.identifier == "AccountFlow")
    #expect(app.root == .window && account.root == .presented)
    #expect(account.presentedStyle == .formSheet && account.presentedModalInPresentation)
    #expect(app.presentedStyle == .pageSheet && !app.presentedModalInPresentation)
    #expect(app.start.withoutPositions == [.root(screen: 0)])
    #expect(
      app.screenHandlers == [
        ScreenHandler(
          screen: 0, event: 0,
          body: [.startChild(coordinator: 1), .assign(variable: 2, .assign, .integer(2))]),
        ScreenHandler(screen: 0, event: 1, body: [.show(screen: 2)]),
      ])
    #expect(app.messageHandlers.mapValues(\.withoutPositions) == [0: [.after(task: 0)]])
    #expect(
      account.screenHandlers[0].body.withoutPositions == [
        .assign(variable: 0, .assign, .bool(true)), .send(message: 0, arguments: []),
        .send(message: 1, arguments: []),
        .dismiss(animated: true), .finish,
      ])
    #expect(
      account.libraryMembers.map(\.keyword) == ["didFinish"] && account.libraryMembers[0].operand == nil)
    #expect(
      flow.asyncTasks == [
        AsyncTaskInfo(name: "wait", coordinator: 0, body: [.present(screen: 2, animated: true)]),
        AsyncTaskInfo(name: "drain", coordinator: 0, body: [.pop(animated: true)]),
      ])
    #expect(flow.appEvents.count == 1)
    #expect(flow.appEvents[0].condition == .variable(0))
    #expect(
      flow.appEvents[0].body.withoutPositions == [
        .assign(variable: 0, .assign, .bool(false)), .after(task: 1),
      ])
    #expect(
      flow.properties.map(\.text) == ["!(top == Login && ready)", "started(Account) && onScreen(Login)"])
    #expect(flow.properties.map(\.kind) == [.always, .reachable])
    #expect(
      flow.properties[1].expression == .binary(.and, .started(coordinator: 1), .onScreen(screen: 1)))
    #expect(flow.expectation == .violations(["shadow-sync", "always"]))
  }

  @Test func defaults() throws {
    let flow = try #require(resolveFlow(base).flow)
    #expect(flow.library.rawValue == "radianttap")
    #expect(flow.home == nil)
    #expect(flow.limits == FlowLimits())
    #expect(flow.expectation == Expectation.none)
    #expect(flow.coordinators[0].identifier == "App")
  }

  @Test func aChildWithRootWindowReplacesTheWindowsRoot() throws {
    let text =
      base.replacingOccurrences(
        of: "start { root Home }", with: "start { root Home }\n  on Home.done { startChild Main }")
      + "coordinator Main: NavigationCoordinator {\n  root window\n  start { root Home }\n}\n"
    let result = resolveFlow(text)
    #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    let flow = try #require(result.flow)
    #expect(flow.coordinators.map(\.root) == [.window, .window])
  }

  @Test func anEventAddressedToACoordinatorRunsInItsContext() throws {
    let text =
      base.replacingOccurrences(
        of: "start { root Home }", with: "start { root Home }\n  on Home.orders { startChild Orders }")
      + "coordinator Orders: NavigationCoordinator {\n  root parent\n  var page: 0...2 = 0\n  start { show Home }\n}\n"
      + "event shipped to Orders when page < 2 { page += 1 }\n"
    let result = resolveFlow(text)
    #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    let flow = try #require(result.flow)
    #expect(flow.appEvents.map(\.target) == [1])
  }

  @Test func handlerForAnEventNeverEmittedIsDropped() throws {
    let text =
      header + "screen Home { emits browse }\n"
      + "coordinator App: NavigationCoordinator {\n  root window\n  start { root Home }\n  on Home.logout { pop }\n  on Home.browse { pop }\n}\n"
    let flow = try #require(resolveFlow(text).flow)
    #expect(flow.screens[0].events == ["browse"])
    #expect(
      flow.coordinators[0].screenHandlers == [
        ScreenHandler(screen: 0, event: 0, body: [.pop(animated: true)])
      ])
  }

  @Test func localsAreVisibleInTheirCoordinatorOnly() {
    let text = withApp(
      "  on Home.next { page = 1; after later { page = 2 } }\n",
      after:
        "coordinator Cart: NavigationCoordinator {\n  root presented\n  start { root Home; page = 1 }\n}\n")
    let errors = resolveFlow(text).diagnostics.filter { $0.severity == .error }
    #expect(errors.map(\.message) == ["variable 'page' is local to coordinator 'App' and not visible here"])
  }

  @Test func screensCompareWithTop() throws {
    let flow = try #require(resolveFlow(withApp("", after: "always top != Home || Home == top\n")).flow)
    #expect(
      flow.properties[0].expression
        == .binary(.or, .binary(.notEqual, .top, .screen(0)), .binary(.equal, .screen(0), .top)))
  }

  @Test func diagnosticsAreSortedByOffsetThenSeverity() {
    let result = resolveFlow(base + "screen Lonely { style popover }\nvar n: 0...3 = 9\n")
    let offsets = result.diagnostics.map(\.offset)
    #expect(offsets == offsets.sorted())
    #expect(result.diagnostics.map(\.id) == [.screenNeverShown, .unknownStyle, .valueOutOfRange])
  }

  @Test func oneMistakeGivesOneError() {
    // The unknown name inside a larger expression does not also make the comparison,
    // the conjunction and the property report type errors.
    let result = resolveFlow(withApp("", after: "always !(ready && top == Hme) || count > 1\n"))
    #expect(result.diagnostics.map(\.id) == [.unknownScreen])
  }

  @Test func typosDoNotCascadeIntoUnusedWarnings() {
    let text = withApp(
      "  on Home.next { show Prodcut; startChild Crt }\n", screens: "screen Product\n",
      after: "coordinator Cart: NavigationCoordinator {\n  root presented\n  start { root Home }\n}\n")
    #expect(resolveFlow(text).diagnostics.map(\.id) == [.unknownScreen, .unknownCoordinator])
  }

  @Test func specsResolve() throws {
    let files = specFiles()
    #expect(!files.isEmpty, "no Specs/*.flow found from \(#filePath)")
    for url in files {
      let result = FrontEnd.load(path: url)
      #expect(!result.hasErrors, "\(url): \(result.diagnostics)")
    }
  }
}

@Suite struct NameSuggestionTests {
  @Test(arguments: [
    ("Product", "Prodcut", 1), ("kitten", "sitting", 3), ("", "abc", 3), ("abc", "abc", 0), ("ab", "ba", 1),
    ("ca", "abc", 3),
  ])
  func distance(_ a: String, _ b: String, _ expected: Int) {
    #expect(NameSuggestion.distance(a, b) == expected)
    #expect(NameSuggestion.distance(b, a) == expected)
  }

  @Test func thresholdGrowsWithLength() {
    #expect(NameSuggestion.threshold(forLength: 1) == 1)
    #expect(NameSuggestion.threshold(forLength: 5) == 1)
    #expect(NameSuggestion.threshold(forLength: 6) == 2)
  }

  @Test func closestPrefersNearestThenFirstDeclared() {
    #expect(NameSuggestion.closest(to: "Prodcut", among: ["Home", "Product"]) == "Product")
    #expect(NameSuggestion.closest(to: "cat", among: ["bat", "cap", "cat2"]) == "bat")
    #expect(NameSuggestion.closest(to: "Home", among: ["Home"]) == nil)
    #expect(NameSuggestion.closest(to: "xyz", among: ["Home", "Product"]) == nil)
    #expect(NameSuggestion.suffix(for: "Hme", among: ["Home"]) == "; did you mean 'Home'?")
  }
}
