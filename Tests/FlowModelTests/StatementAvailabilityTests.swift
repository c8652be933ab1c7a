import FlowLanguage
import FlowModel
import Testing

/// Every statement of the language under every runtime: a statement the runtime cannot do
/// is refused where it is written, with the runtime's alternative; one it can do is not.
/// So no runtime accepts a statement it would explore as a no-op.
@Suite struct StatementAvailabilityTests {
  /// Each statement as a flow writes it (with `Child`, `Detail`, `Home` and `ping`
  /// declared), and the word its refusal names.
  static let statements: [(text: String, word: String)] = [
    ("show Detail", "show"), ("root Detail", "root"), ("top Detail", "top"), ("pop", "pop"),
    ("pop to Home", "pop to"), ("present Detail", "present"), ("dismiss", "dismiss"),
    ("startChild Child", "startChild"), ("stopChild Child", "stopChild"), ("finish", "finish"),
    ("start Child", "start C"), ("finish(done)", "finish(value)"), ("send ping", "send"),
    ("selectTab Child", "selectTab"), ("call Child.ping", "call"), ("setStack Home, Detail", "setStack"),
    ("presentChild Child", "presentChild"), ("stop", "stop"), ("dismissRoot", "dismissRoot"),
    ("takeover", "takeover"), ("activate", "activate"),
  ]

  /// A flow of each runtime whose window coordinator's (or, under insecurity, its first
  /// child's) handler of `Home.go` is `STATEMENT`, on line 10.
  static let flows: [String: String] = [
    "radianttap": """
    app T {
      window App
      home Home
    }
    screen Home
    screen Detail
    coordinator App: NavigationCoordinator {
      root window
      start { root Home }
      on Home.go { STATEMENT }
    }
    coordinator Child: NavigationCoordinator {
      root window
      start { show Detail }
    }
    """,
    "router": """
    app T {
      library router
      window App
      home Home
    }
    screen Home
    screen Detail
    coordinator App: AppDelegateRouter {
      start { present Home }
      on Home.go { STATEMENT }
    }
    coordinator Child: ModalNavigationRouter {
      start { present Detail }
    }
    """,
    "presenter": """
    app T {
      library presenter
      window App
      home Home
    }
    screen Home
    screen Detail
    coordinator App: InitialPresenter {
      start { present Home }
      on Home.go { STATEMENT }
    }
    coordinator Child: ModalPresenter {
      start { present Detail }
    }
    """,
    "insecurity": """
    app T {
      library insecurity
      window App
      home Home
    }
    screen Home
    screen Detail
    coordinator Main: NavigationCoordinator {
      viewController Home
      on Home.go { STATEMENT }
      result done
    }
    coordinator App: WindowCoordinator {
      start { start Main in: newNavigation }
    }
    coordinator Child: NavigationCoordinator {
      viewController Detail
    }
    """,
    "handwritten": """
    app T {
      library handwritten
      window App
      home Home
    }
    screen Home
    screen Detail
    coordinator App: Coordinator {
      root window
      start { root Home }
      on Home.go { STATEMENT }
    }
    coordinator Child: Coordinator {
      root presented
      start { root Detail }
    }
    """,
  ]

  static let pairs: [(runtime: String, statement: Int)] = RuntimeRegistry.names.flatMap { runtime in
    statements.indices.map { (runtime, $0) }
  }

  @Test func everyRuntimeHasAFlowHere() {
    #expect(Set(Self.flows.keys) == Set(RuntimeRegistry.names))
  }

  @Test(arguments: pairs) func aStatementIsRefusedWhereItIsWrittenOrAccepted(runtime: String, statement: Int)
    throws
  {
    let (text, word) = Self.statements[statement]
    let template = try #require(Self.flows[runtime])
    let flowText = template.replacingOccurrences(of: "STATEMENT", with: text)
    let capabilities = try #require(RuntimeRegistry.libraries.first { $0.library.rawValue == runtime })
    let handler = try #require(flowText.range(of: "on Home.go { "))
    let offset = flowText.utf8.distance(from: flowText.utf8.startIndex, to: handler.upperBound)
    let result = FrontEnd.check(source: SourceFile(path: "t.flow", text: flowText))
    let refusals = result.diagnostics.filter {
      $0.severity == .error && $0.message.hasPrefix("'\(word)' is not available under runtime '\(runtime)'")
    }
    let operation = RuntimeOperation(rawValue: word)
    let accepted = operation.map(capabilities.supports) ?? (capabilities.statement(word) != nil)
    if accepted {
      #expect(refusals.isEmpty, "\(runtime) runs '\(text)' but refuses it: \(refusals.map(\.message))")
    } else {
      let refusal = try #require(refusals.first, "\(runtime) cannot run '\(text)' but accepts it")
      #expect(refusal.id == .unsupportedStatement)
      #expect(refusal.offset == offset, "'\(text)' under \(runtime) is refused at \(refusal.offset)")
      let hint = try #require(capabilities.alternatives[word], "no alternative to '\(word)' under \(runtime)")
      #expect(refusal.message.hasSuffix("; \(hint)"))
    }
  }
}
