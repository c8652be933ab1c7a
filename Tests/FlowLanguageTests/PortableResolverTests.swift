import FlowModel
import FlowTestSupport
import Testing

@testable import FlowLanguage

// The portable vocabulary (`NavigationFlow`, `SheetFlow`; `show`, `startChild`, `finish`):
// what each runtime refuses, with its position in the user's source, and what it accepts.

/// An app of portable flows under `library`, with `body` as the coordinators.
private func portableApp(_ library: String, _ body: String) -> String {
  "app Portable {\n  library \(library)\n  window App\n}\nscreen Home\nscreen Detail\n" + body
}

private let appFlow =
  "coordinator App: NavigationFlow {\n  start { show Home }\n  on Home.open { startChild DetailFlow }\n}\n"

extension ResolverDiagnosticTests {
  static let portableCases: [DiagnosticCase] = [
    DiagnosticCase(
      "a second screen in a flow under insecurity",
      portableApp(
        "insecurity",
        appFlow + "coordinator DetailFlow: NavigationFlow {\n  start { show Detail }\n"
          + "  on Detail.next { 1️⃣show Home }\n}\n"),
      .unsupportedStatement,
      "'show Home' in a handler cannot be written under runtime 'insecurity': an Insecurity coordinator has exactly one view controller, its 'start { show … }' screen; show 'Home' from a child flow of its own ('startChild')"
    ),
    DiagnosticCase(
      "a second screen in a flow under presenter",
      portableApp(
        "presenter",
        appFlow + "coordinator DetailFlow: NavigationFlow {\n  start { show Detail }\n"
          + "  on Detail.next { 1️⃣show Home }\n}\n"),
      .unsupportedStatement,
      "'show Home' in a handler cannot be written under runtime 'presenter': a JLCoordinator flow finishes by dismissing its one screen, so each further screen is a child flow of its own ('startChild'), as in the library's example app"
    ),
    DiagnosticCase(
      "a library statement in a portable flow",
      portableApp(
        "radianttap",
        appFlow + "coordinator DetailFlow: NavigationFlow {\n  start { show Detail }\n"
          + "  on Detail.close { 1️⃣dismiss }\n}\n"),
      .unsupportedStatement,
      "'dismiss' is not part of the portable vocabulary; a NavigationFlow writes 'show SCREEN', 'startChild FLOW' and 'finish' (for the library's own statements, give 'DetailFlow' a kind of its library)"
    ),
    DiagnosticCase(
      "a library member in a portable flow",
      portableApp(
        "radianttap",
        appFlow + "coordinator DetailFlow: NavigationFlow {\n  1️⃣root parent\n  start { show Detail }\n}\n"),
      .unsupportedStatement,
      "'root' is not part of the portable vocabulary; a NavigationFlow has 'start', 'on SCREEN.EVENT' and 'var' (for the library's own members, give 'DetailFlow' a kind of its library)"
    ),
    DiagnosticCase(
      "a portable flow starting a library coordinator",
      portableApp(
        "radianttap",
        appFlow
          + "coordinator DetailFlow: NavigationCoordinator {\n  root parent\n  start { show Detail }\n}\n"
      ).replacing("startChild DetailFlow", with: "startChild 1️⃣DetailFlow"),
      .unsupportedStatement,
      "a portable flow starts only portable flows: 'DetailFlow' is a 'NavigationCoordinator'; make it a 'NavigationFlow' or a 'SheetFlow', or start it from a coordinator of its library"
    ),
    DiagnosticCase(
      "finish in the app's flow",
      portableApp(
        "router",
        "coordinator App: NavigationFlow {\n  start { show Home }\n  on Home.quit { 1️⃣finish }\n}\n"),
      .statementOutsideContext, "the app's flow 'App' never finishes: 'finish' ends a child flow"),
    DiagnosticCase(
      "the app's flow started as a child",
      portableApp(
        "radianttap",
        appFlow + "coordinator DetailFlow: NavigationFlow {\n  start { show Detail }\n"
          + "  on Detail.next { 1️⃣startChild App }\n}\n"),
      .unsupportedStatement, "'App' is the app's flow, started at launch; it cannot be a child"),
    DiagnosticCase(
      "the app's flow as a sheet",
      portableApp("presenter", "coordinator App: 1️⃣SheetFlow {\n  start { show Home }\n}\n"),
      .invalidRoot,
      "the app's flow 'App' owns the window's navigation stack: make it a 'NavigationFlow'"),
    DiagnosticCase(
      "a start that does more than show",
      portableApp(
        "insecurity",
        "coordinator App: NavigationFlow {\n  1️⃣start { show Home; show Detail }\n}\n"),
      .unsupportedStatement,
      "a NavigationFlow's 'start' shows its first screen and nothing else: write 'start { show SCREEN }' and do the rest in handlers"
    ),
    DiagnosticCase(
      "a misspelt portable kind",
      portableApp("radianttap", "coordinator App: 1️⃣NavigationFlw {\n  start { show Home }\n}\n"),
      .unknownCoordinatorKind,
      "unknown coordinator kind 'NavigationFlw'; did you mean the portable kind 'NavigationFlow'?"),
    DiagnosticCase(
      "a second start",
      portableApp(
        "router", "coordinator App: NavigationFlow {\n  2️⃣start { show Home }\n  1️⃣start { show Detail }\n}\n"),
      .duplicateDeclaration, "duplicate 'start' in coordinator 'App'"),
    DiagnosticCase(
      "a flow without start",
      portableApp("router", "coordinator 1️⃣App: NavigationFlow {\n  on Home.open { }\n}\n"),
      .unsupportedStatement,
      "NavigationFlow 'App' has no 'start'; add 'start { show SCREEN }' with its first screen"),
    // The lowered flow is resolved at the user's positions: a misspelt screen is reported
    // where it is written, under the runtime whose lowering moved it into another member.
    DiagnosticCase(
      "a misspelt screen after lowering",
      portableApp("insecurity", "coordinator App: NavigationFlow {\n  start { show 1️⃣Hme }\n}\n"),
      .unknownScreen, "unknown screen 'Hme'; did you mean 'Home'?"),
  ]

  @Test(arguments: portableCases) func portableErrors(_ testCase: DiagnosticCase) {
    expectDiagnostic(testCase)
  }
}

@Suite struct PortableFlowTests {
  static let flow = portableApp(
    "radianttap",
    appFlow
      + "coordinator DetailFlow: NavigationFlow {\n  start { show Detail }\n  on Detail.close { finish }\n}\n"
  )

  /// The same portable file is accepted under every runtime, and each lowers it to its own
  /// library's kinds.
  @Test(arguments: [
    ("radianttap", ["NavigationCoordinator", "NavigationCoordinator"]),
    ("router", ["NavigationRouter", "NavigationRouter"]),
    ("insecurity", ["WindowCoordinator", "NavigationCoordinator", "NavigationCoordinator"]),
    ("presenter", ["InitialNavigationPresenter", "ParentPresenter"]),
  ])
  func everyRuntimeAcceptsThePortableVocabulary(runtime: String, kinds: [String]) throws {
    let result = FrontEnd.check(
      source: SourceFile(path: "portable.flow", text: Self.flow), runtime: runtime)
    #expect(!result.hasErrors, "\(result.diagnostics)")
    let flow = try #require(result.flow)
    #expect(flow.library.rawValue == runtime)
    #expect(flow.coordinators.map(\.kind.rawValue) == kinds)
  }

  /// Under Insecurity the app's flow is started by a `WindowCoordinator` the lowering adds,
  /// named after it; the flow keeps its name, its screen and its handlers.
  @Test func insecurityWrapsTheAppsFlowInAWindowCoordinator() throws {
    let result = FrontEnd.check(
      source: SourceFile(path: "portable.flow", text: Self.flow), runtime: "insecurity")
    let flow = try #require(result.flow)
    #expect(flow.coordinators.map(\.name) == ["AppWindow", "App", "DetailFlow"])
    #expect(flow.coordinators[flow.windowCoordinator].name == "AppWindow")
    #expect(flow.coordinators[1].screenHandlers.count == 1)
  }

  /// A coordinator of the library starts a portable one with its library's statement, and
  /// the portable one takes the library's kind for where it is started.
  @Test func aLibraryCoordinatorStartsAPortableFlow() throws {
    let text = portableApp(
      "radianttap",
      "coordinator App: NavigationCoordinator {\n  root window\n  start { root Home }\n"
        + "  on Home.open { startChild DetailFlow }\n}\n"
        + "coordinator DetailFlow: NavigationFlow {\n  start { show Detail }\n  on Detail.close { finish }\n}\n"
    )
    let result = FrontEnd.check(source: SourceFile(path: "mixed.flow", text: text))
    #expect(!result.hasErrors, "\(result.diagnostics)")
    let flow = try #require(result.flow)
    #expect(flow.coordinators.map(\.root) == [.window, .parent])
  }

  /// A file without portable kinds is resolved as written: the lowering hands it back as it
  /// is, with nothing to say.
  @Test func aFlowWithoutPortableKindsIsUntouched() {
    let text = portableApp(
      "radianttap", "coordinator App: NavigationCoordinator {\n  root window\n  start { root Home }\n}\n")
    let file = Parser.parse(SourceFile(path: "plain.flow", text: text)).file
    for library in RuntimeRegistry.libraries {
      let lowered = PortableFlow.lower(file, under: library, among: RuntimeRegistry.libraries)
      #expect(lowered.file == file, "\(library.library.rawValue)")
      #expect(lowered.diagnostics.isEmpty, "\(library.library.rawValue)")
    }
  }

  /// A misspelt `library` line: the resolver reports it and resolves under the first runtime,
  /// and the portable flows are lowered under that same runtime, so no error about their
  /// kinds follows.
  @Test func anUnknownLibraryLowersAsTheResolverResolves() {
    let text = Self.flow.replacing("library radianttap", with: "library radiantap")
    let result = FrontEnd.check(source: SourceFile(path: "misspelt.flow", text: text))
    let errors = result.diagnostics.filter { $0.severity == .error }
    #expect(errors.map(\.id) == [.unknownLibrary], "\(errors)")
    #expect(errors.first?.message.contains("did you mean 'radianttap'?") == true, "\(errors)")
  }

  /// Under Insecurity the window coordinator the lowering adds takes a name no coordinator
  /// has: `AppWindow` is taken here, so it is `AppWindow2`.
  @Test func insecurityNamesItsWindowCoordinatorAfterTheTakenNames() throws {
    let text = portableApp(
      "insecurity",
      appFlow.replacing("startChild DetailFlow", with: "startChild AppWindow")
        + "coordinator AppWindow: NavigationFlow {\n  start { show Detail }\n  on Detail.close { finish }\n}\n"
    )
    let result = FrontEnd.check(source: SourceFile(path: "taken.flow", text: text))
    #expect(!result.hasErrors, "\(result.diagnostics)")
    let flow = try #require(result.flow)
    #expect(flow.coordinators.map(\.name) == ["AppWindow2", "App", "AppWindow"])
    #expect(flow.coordinators[flow.windowCoordinator].name == "AppWindow2")
  }

  /// A runtime the front end is given without a lowering of the portable vocabulary: its
  /// portable flows are refused at their kind, not lowered under another runtime.
  @Test func aRuntimeWithoutALoweringRefusesPortableFlows() throws {
    let text = Self.flow.replacing("library radianttap", with: "library custom")
    let source = SourceFile(path: "custom.flow", text: text)
    let custom = RuntimeCapabilities(library: "custom", operations: [.show, .pop], animatedVerbs: [])
    let result = Resolver.resolve(Parser.parse(source).file, source: source, libraries: [custom])
    let error = try #require(result.diagnostics.first { $0.severity == .error })
    #expect(error.id == .unknownCoordinatorKind)
    #expect(error.message == "the portable kind 'NavigationFlow' has no lowering under runtime 'custom'")
    // At the kind of the first portable flow, `App: NavigationFlow`.
    let kind = try #require(text.range(of: "App: NavigationFlow")).lowerBound
    #expect(error.offset == text.utf8.distance(from: text.startIndex, to: kind) + "App: ".utf8.count)
  }
}
