import FlowLanguage
import FlowModel
import Testing

/// `start C in: CONTEXT { r in … }` belongs to no library: a runtime declared here names its
/// own contexts, the kind that owns its window and its start rules, and the language
/// resolves, suggests and refuses with them alone.
@Suite struct StartContextSeamTests {
  static let host = CoordinatorKind("HostCoordinator")
  static let card = CoordinatorKind("CardCoordinator")

  /// A card is started `in:` some context, never without one.
  @Sendable static func checkStart(_ use: StatementUse) -> StatementProblem? {
    guard use.keyword == "start", use.operandKind == card, use.context == nil else { return nil }
    return StatementProblem(
      .unsupportedStatement, "'\(use.operandName ?? "")' is a card: say where, 'in: aside' or 'in: over'")
  }

  static let capabilities = RuntimeCapabilities(
    library: "cards",
    operations: [.dismiss, .finish, .startCoordinator, .finishWith, .viewController, .result]
      + RuntimeCapabilities.flowOperations,
    animatedVerbs: [], coordinatorKinds: [host, card], usesRootClause: false, checkStatement: checkStart,
    startContexts: ["aside", "over"], windowKind: host)

  static func flow(_ start: String) -> String {
    """
    app Cards {
      library cards
      window App
      home Home
    }

    screen Home
    screen Card

    var kept = false

    coordinator App: HostCoordinator {
      start { start Home in: over }
    }

    coordinator Home: CardCoordinator {
      viewController Home
      on Home.open {
        \(start)
      }
    }

    coordinator Detail: CardCoordinator {
      viewController Card
      result keep, drop
      on Card.keep { finish(keep) }
    }

    """
  }

  static func check(_ text: String) -> FrontEndResult {
    FrontEnd.check(
      source: SourceFile(path: "cards.flow", text: text),
      libraries: RuntimeRegistry.libraries + [capabilities])
  }

  static func messages(_ result: FrontEndResult) -> [String] {
    result.diagnostics.filter { $0.severity == .error }.map(\.message)
  }

  @Test func aContextIsTheRuntimesByItsPlaceInItsList() throws {
    let loaded = Self.check(Self.flow("start Detail in: aside { r in if r == keep { kept = true } }"))
    #expect(Self.messages(loaded).isEmpty, "\(loaded.diagnostics)")
    let flow = try #require(loaded.flow)
    let home = try #require(flow.coordinators.firstIndex { $0.name == "Home" })
    let detail = try #require(flow.coordinators.firstIndex { $0.name == "Detail" })
    let body = try #require(flow.coordinators[home].screenHandlers.first?.body)
    #expect(
      body.withoutPositions == [
        .start(coordinator: detail, context: StartContext(1), animated: true, completion: 0)
      ])
    guard
      case .start(_, let context, _, _) = flow.coordinators[flow.windowCoordinator].start.withoutPositions
        .first
    else {
      Issue.record("the window coordinator's start is not a start")
      return
    }
    #expect(context == StartContext(2))
    #expect(Self.capabilities.name(of: context) == "over")
  }

  @Test func anUnknownContextIsSuggestedFromTheRuntimesOwn() {
    let typo = Self.messages(Self.check(Self.flow("start Detail in: asid")))
    #expect(typo == ["unknown start context 'asid'; did you mean 'aside'?"])
    let unknown = Self.messages(Self.check(Self.flow("start Detail in: modal")))
    #expect(unknown == ["unknown start context 'modal'; expected 'aside' or 'over'"])
  }

  @Test func theRuntimesRulesAndWindowKindAreItsOwn() {
    #expect(
      Self.messages(Self.check(Self.flow("start Detail"))) == [
        "'Detail' is a card: say where, 'in: aside' or 'in: over'"
      ])
    #expect(
      Self.messages(Self.check(Self.flow("start App in: aside")))
        == ["coordinator 'App' is the HostCoordinator, which owns the window and cannot be started"])
    let secondHost = Self.flow("start Detail in: aside").replacing(
      "coordinator Detail: CardCoordinator", with: "coordinator Detail: HostCoordinator")
    #expect(
      Self.messages(Self.check(secondHost)).contains(
        "only the window coordinator 'App' may be a HostCoordinator; make 'Detail' a CardCoordinator"))
  }
}
