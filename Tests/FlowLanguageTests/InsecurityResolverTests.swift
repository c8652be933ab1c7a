import FlowLanguage
import FlowTestSupport
import Testing

// The Insecurity runtime's language: its members, `start C in: … { NAME in … }`,
// `finish(v)`, and every error they can give, at its line and column.

/// An Insecurity app with screens `Cart`, `Pay`, `Card` and globals `cardAdded`, `count`.
private let insecurityHeader =
  "app Checkout {\n  library insecurity\n  window App\n}\nscreen Cart\nscreen Pay\nscreen Card\n"
  + "var cardAdded = false\nvar count: 0...3 = 0\n"
/// The window coordinator: it starts `Cart` in a new navigation controller.
private let insecurityWindow =
  "coordinator App: WindowCoordinator {\n  start { start Cart in: newNavigation }\n}\n"
/// A ModalCoordinator with two result values.
private let payCoordinator =
  "coordinator Pay: ModalCoordinator {\n  viewController Pay\n  result changed, unchanged\n"
  + "  on Pay.done { finish(unchanged) }\n}\n"
/// A NavigationCoordinator whose result is Void.
private let cardCoordinator =
  "coordinator Card: NavigationCoordinator {\n  viewController Card\n  on Card.save { finish }\n}\n"

/// The Insecurity app with `cart` as the members of the NavigationCoordinator `Cart`.
private func insecurity(
  cart: String, window: String = insecurityWindow, others: String = payCoordinator + cardCoordinator
)
  -> String
{
  insecurityHeader + window + "coordinator Cart: NavigationCoordinator {\n  viewController Cart\n" + cart
    + "}\n"
    + others
}

extension ResolverDiagnosticTests {
  static let insecurityCases: [DiagnosticCase] = [
    // Members.
    DiagnosticCase(
      "viewController missing",
      insecurityHeader + insecurityWindow + "coordinator 1️⃣Cart: NavigationCoordinator {\n}\n", .invalidRoot,
      "coordinator 'Cart' has no 'viewController'; add 'viewController SCREEN': under runtime 'insecurity' a coordinator shows one view controller"
    ),
    DiagnosticCase(
      "viewController of the window",
      insecurity(
        cart: "",
        window:
          "coordinator App: WindowCoordinator {\n  1️⃣viewController Cart\n  start { start Cart in: newNavigation }\n}\n"
      ), .invalidRoot,
      "the window coordinator 'App' has no view controller of its own; its 'start { start C … }' sets the window's root"
    ),
    DiagnosticCase(
      "duplicate viewController",
      insecurityHeader + insecurityWindow
        + "coordinator Cart: NavigationCoordinator {\n  2️⃣viewController Cart\n  1️⃣viewController Pay\n}\n",
      .duplicateDeclaration,
      "duplicate 'viewController' in coordinator 'Cart'"),
    DiagnosticCase(
      "viewController of an unknown screen",
      insecurityHeader + insecurityWindow
        + "coordinator Cart: NavigationCoordinator {\n  viewController 1️⃣Crat\n}\n",
      .unknownScreen, "unknown screen 'Crat'; did you mean 'Cart'?"),
    DiagnosticCase(
      "result of the window",
      insecurity(
        cart: "",
        window:
          "coordinator App: WindowCoordinator {\n  1️⃣result done\n  start { start Cart in: newNavigation }\n}\n"
      ),
      .invalidRoot, "the window coordinator 'App' never finishes, so it has no 'result'; remove it"),
    DiagnosticCase(
      "duplicate result value", insecurity(cart: "  result 2️⃣saved, 1️⃣saved\n"), .duplicateDeclaration,
      "duplicate result value 'saved' in coordinator 'Cart'"),
    DiagnosticCase(
      "nil as a result value", insecurity(cart: "  result saved, 1️⃣nil\n"), .duplicateDeclaration,
      "'nil' cannot be a result value: the completion gets nil when the child is dismissed without one"),
    DiagnosticCase(
      "window of another kind",
      insecurityHeader + "coordinator App: 1️⃣ModalCoordinator {\n  start { start Cart in: newNavigation }\n}\n"
        + "coordinator Cart: NavigationCoordinator {\n  viewController Cart\n}\n", .invalidRoot,
      "window coordinator 'App' must be a WindowCoordinator, not a ModalCoordinator; write 'coordinator App: WindowCoordinator'"
    ),
    DiagnosticCase(
      "a second WindowCoordinator",
      insecurity(cart: "", others: "coordinator Other: 1️⃣WindowCoordinator {\n}\n"), .invalidRoot,
      "only the window coordinator 'App' may be a WindowCoordinator; make 'Other' a ModalCoordinator, NavigationCoordinator or AdaptiveCoordinator"
    ),
    DiagnosticCase(
      "start member of a child", insecurity(cart: "  1️⃣start { dismiss }\n"), .unsupportedStatement,
      "only the window coordinator has 'start { … }' under runtime 'insecurity'; 'Cart' shows its 'viewController' when its parent starts it"
    ),
    DiagnosticCase(
      "handler of another coordinator's screen", insecurity(cart: "  on 1️⃣Pay.done { dismiss }\n"),
      .unknownEvent,
      "coordinator 'Cart' handles only the events of its 'viewController' screen 'Cart', not of 'Pay'; move this handler to coordinator 'Pay'"
    ),
    DiagnosticCase(
      "handler in the window",
      insecurity(
        cart: "",
        window:
          "coordinator App: WindowCoordinator {\n  start { start Cart in: newNavigation }\n  on 1️⃣Cart.pay {}\n}\n"
      ), .unknownEvent,
      "the window coordinator 'App' has no screen, so it handles no screen events; move this handler to coordinator 'Cart'"
    ),
    // `start`.
    DiagnosticCase(
      "unknown start context",
      insecurity(
        cart: "  on Cart.pay { start Pay in: 1️⃣modl }\n",
        others: "coordinator Pay: AdaptiveCoordinator {\n  viewController Pay\n}\n"),
      .unknownStartContext, "unknown start context 'modl'; did you mean 'modal'?"),
    DiagnosticCase(
      "context for a ModalCoordinator", insecurity(cart: "  on Cart.pay { start Pay in: 1️⃣modal }\n"),
      .unsupportedStatement,
      "'Pay' is a ModalCoordinator, always presented: navigation.start(child, animated:) takes no context; remove 'in: modal', or make 'Pay' an AdaptiveCoordinator"
    ),
    DiagnosticCase(
      "modal context for a NavigationCoordinator",
      insecurity(cart: "  on Cart.pay { start Card in: 1️⃣modal }\n"),
      .unsupportedStatement,
      "'Card' is a NavigationCoordinator: it is pushed (no 'in:') or started 'in: newNavigation' (navigation.start(UINavigationController(), child, animated:)); for 'in: modal' make it an AdaptiveCoordinator"
    ),
    DiagnosticCase(
      "push from a ModalCoordinator",
      insecurity(
        cart: "  on Cart.pay { start Pay }\n",
        others: "coordinator Pay: ModalCoordinator {\n  viewController Pay\n  on Pay.add { 1️⃣start Card }\n}\n"
          + cardCoordinator), .unsupportedStatement,
      "'Card' is a NavigationCoordinator, pushed onto its parent's navigation controller, but 'Pay' is a ModalCoordinator, whose navigation has no push; write 'start Card in: newNavigation', or make 'Card' an AdaptiveCoordinator and write 'in: navigationFallback'"
    ),
    DiagnosticCase(
      "push from the window",
      insecurity(cart: "", window: "coordinator App: WindowCoordinator {\n  start { 1️⃣start Cart }\n}\n"),
      .unsupportedStatement,
      "'Cart' is a NavigationCoordinator, pushed onto its parent's navigation controller, but the window coordinator 'App' has no navigation controller; write 'start Cart in: newNavigation', or make 'Cart' an AdaptiveCoordinator and write 'in: navigationFallback'"
    ),
    DiagnosticCase(
      "AdaptiveCoordinator without a context",
      insecurity(
        cart: "  on Cart.pay { 1️⃣start Pay }\n",
        others: "coordinator Pay: AdaptiveCoordinator {\n  viewController Pay\n}\n"),
      .unsupportedStatement,
      "'Pay' is an AdaptiveCoordinator: say where it goes with 'in: current', 'in: modal', 'in: newNavigation' or 'in: navigationFallback' (navigation.start(child, in: …, animated:))"
    ),
    DiagnosticCase(
      "the window started", insecurity(cart: "  on Cart.pay { 1️⃣start App }\n"), .unsupportedStatement,
      "coordinator 'App' is the WindowCoordinator, which owns the window and cannot be started"),
    DiagnosticCase(
      "unknown child", insecurity(cart: "  on Cart.pay { start 1️⃣Pya }\n"), .unknownCoordinator,
      "unknown coordinator 'Pya'; did you mean 'Pay'?"),
    // `finish` and `dismiss`.
    DiagnosticCase(
      "finish without its value",
      insecurity(
        cart: "",
        others: "coordinator Pay: ModalCoordinator {\n  viewController Pay\n  result changed, unchanged\n"
          + "  on Pay.done { 1️⃣finish }\n}\n"), .unknownResult,
      "finish needs a value: finish(changed); coordinator 'Pay' has 'result changed, unchanged'"),
    DiagnosticCase(
      "finish with an unknown value",
      insecurity(
        cart: "",
        others: "coordinator Pay: ModalCoordinator {\n  viewController Pay\n  result changed, unchanged\n"
          + "  on Pay.done { finish(1️⃣chnged) }\n}\n"), .unknownResult,
      "'chnged' is not a result of coordinator 'Pay'; did you mean 'changed'?"),
    DiagnosticCase(
      "finish with a value of a Void coordinator", insecurity(cart: "  on Cart.pay { finish(1️⃣done) }\n"),
      .unknownResult,
      "coordinator 'Cart' has no result values; write 'finish', or declare them with 'result done'"),
    DiagnosticCase(
      "finish in the window",
      insecurity(
        cart: "",
        window: "coordinator App: WindowCoordinator {\n  start { start Cart in: newNavigation; 1️⃣finish }\n}\n"
      ), .unsupportedStatement,
      "the window coordinator 'App' has no finish of its own under runtime 'insecurity'; a child ends itself with 'finish' or 'dismiss'"
    ),
    DiagnosticCase(
      "dismiss in an app event", insecurity(cart: "") + "event logout { 1️⃣dismiss }\n", .unsupportedStatement,
      "the window coordinator 'App' has no dismiss under runtime 'insecurity'; a child ends itself with 'finish' or 'dismiss'"
    ),
    DiagnosticCase(
      "dismiss animated", insecurity(cart: "  on Cart.pay { dismiss 1️⃣animated: false }\n"),
      .unsupportedStatement,
      "insecurity's 'dismiss' is always animated; remove 'animated: false'"),
    // The completion's result.
    DiagnosticCase(
      "compared with an unknown value",
      insecurity(
        cart: "  on Cart.pay { start Pay { result in if result == 1️⃣chnged { cardAdded = true } } }\n"),
      .unknownResult, "'chnged' is not a result of coordinator 'Pay'; did you mean 'changed'?"),
    DiagnosticCase(
      "a Void result compared with a value",
      insecurity(cart: "  on Cart.pay { start Card { card in if card == 1️⃣done { cardAdded = true } } }\n"),
      .unknownResult,
      "'done' is not a result of coordinator 'Card'; coordinator 'Card' has no result values, so compare 'card' with 'nil' only"
    ),
    DiagnosticCase(
      "the result as a Bool",
      insecurity(cart: "  on Cart.pay { start Pay { result in if 1️⃣result { cardAdded = true } } }\n"),
      .typeMismatch,
      "'result' is the result of coordinator 'Pay': compare it with '==' or '!=' against 'nil' or one of its result values, as in 'result == nil'"
    ),
    DiagnosticCase(
      "arithmetic on the result", insecurity(cart: "  on Cart.pay { start Pay { r in count = 1️⃣r + 1 } }\n"),
      .typeMismatch,
      "'r' is the result of coordinator 'Pay': compare it with '==' or '!=' against 'nil' or one of its result values, as in 'r == nil'"
    ),
    DiagnosticCase(
      "the result compared with an integer",
      insecurity(cart: "  on Cart.pay { start Pay { result in cardAdded = result != 1️⃣1 } }\n"), .typeMismatch,
      "'result' can only be compared with 'nil', 'changed' or 'unchanged', the results of coordinator 'Pay'"),
    DiagnosticCase(
      "nil elsewhere", insecurity(cart: "  on Cart.pay { cardAdded = 1️⃣nil }\n"), .typeMismatch,
      "'nil' can only be compared with the result of a completion block, as in 'result == nil'"),
    DiagnosticCase(
      "the result read by async work",
      insecurity(
        cart:
          "  on Cart.pay {\n    start Pay { result in\n      after save { cardAdded = 1️⃣result == nil }\n    }\n  }\n"
      ),
      .unknownVariable,
      "'result' is read in work that runs later: async work cannot read the completion's result; copy it into a variable first"
    ),
    DiagnosticCase(
      "the result read by a nested completion",
      insecurity(
        cart:
          "  on Cart.pay {\n    start Pay { result in\n      start Card { card in cardAdded = 1️⃣result == nil }\n    }\n  }\n"
      ), .unknownVariable,
      "'result' is read in work that runs later: async work cannot read the completion's result; copy it into a variable first"
    ),
    DiagnosticCase(
      "the result assigned", insecurity(cart: "  on Cart.pay { start Card { card in 1️⃣card = true } }\n"),
      .typeMismatch,
      "cannot assign to 'card': it is the result of coordinator 'Card'; assign a variable of your own"),
    DiagnosticCase(
      "the result shadows a variable", insecurity(cart: "  on Cart.pay { start Pay { 1️⃣cardAdded in } }\n"),
      .duplicateDeclaration,
      "the completion's result 'cardAdded' shadows variable 'cardAdded'; name it otherwise, as in '{ cardAddedResult in'"
    ),
    DiagnosticCase(
      "too many locals with the result",
      insecurity(
        cart: (0..<16).map { "  var flag\($0) = false\n" }.joined()
          + "  on Cart.pay { start Pay 1️⃣{ result in } }\n"),
      .tooManyVariables,
      "coordinator 'Cart' has more than 16 local variables, counting one for the result of each completion block; flowcheck models at most 16 per coordinator (hint: make some variables global)"
    ),
    DiagnosticCase(
      "a variable named nil", insecurity(cart: "  var 1️⃣nil = false\n"), .duplicateDeclaration,
      "variable 'nil' has the name of the literal 'nil'"),
  ]

  @Test(arguments: insecurityCases) func insecurityErrors(_ testCase: DiagnosticCase) {
    expectDiagnostic(testCase)
  }
}

/// The example of Docs/Language.md's Insecurity section, parsed, resolved and formatted.
@Suite struct InsecurityFlowTests {
  static let checkout = """
    app Checkout {
      library insecurity
      window App
      home Cart
    }
    screen Cart
    screen PaymentMethods
    screen AddCard { style formSheet }
    var cardAdded = false

    coordinator App: WindowCoordinator {
      start { start Cart in: newNavigation }
    }
    coordinator Cart: NavigationCoordinator {
      viewController Cart
      on Cart.pay { start PaymentMethods { result in if result == changed { cardAdded = true } } }
    }
    coordinator PaymentMethods: ModalCoordinator {
      viewController PaymentMethods
      result changed, unchanged
      on PaymentMethods.done { finish(unchanged) }
      on PaymentMethods.add { start AddCard in: newNavigation animated: true { card in
          if card != nil { cardAdded = true }
        } }
    }
    coordinator AddCard: NavigationCoordinator {
      viewController AddCard retained
      on AddCard.save { finish }
      on AddCard.cancel { dismiss }
    }

    """

  @Test func resolvesToTheCheckedForm() throws {
    let result = resolveFlow(Self.checkout)
    #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    let flow = try #require(result.flow)
    #expect(flow.library.rawValue == "insecurity")
    #expect(flow.windowCoordinator == 0)
    #expect(
      flow.coordinators.map(\.kind) == [.windowCoordinator, .navigation, .modalCoordinator, .navigation])
    #expect(flow.coordinators.map(\.viewController) == [nil, 0, 1, 2])
    #expect(flow.coordinators.map(\.retainsViewController) == [false, false, false, true])
    #expect(flow.coordinators.map(\.results) == [[], [], ["changed", "unchanged"], []])
    #expect(flow.coordinators[3].presentedStyle == .formSheet)
    // The global, then one hidden local of the starting coordinator per completion block.
    #expect(
      flow.variables == [
        VariableInfo(name: "cardAdded", type: .bool, initialValue: 0),
        VariableInfo(name: "result", type: .integer(low: 0, high: 2), initialValue: 0, owner: 1),
        VariableInfo(name: "card", type: .integer(low: 0, high: 1), initialValue: 0, owner: 2),
      ])
    let setCardAdded = CheckedStatement.assign(variable: 0, .assign, .bool(true))
    #expect(
      flow.completionBlocks == [
        CompletionInfo(
          coordinator: 1, child: 2, resultVariable: 1,
          body: [.ifElse(.binary(.equal, .variable(1), .integer(1)), then: [setCardAdded], otherwise: [])]),
        CompletionInfo(
          coordinator: 2, child: 3, resultVariable: 2,
          body: [.ifElse(.binary(.notEqual, .variable(2), .integer(0)), then: [setCardAdded], otherwise: [])]),
      ])
    #expect(
      flow.coordinators[0].start.withoutPositions == [
        .start(coordinator: 1, context: .newNavigation, animated: true, completion: nil)
      ])
    #expect(
      flow.coordinators[1].screenHandlers == [
        ScreenHandler(
          screen: 0, event: 0,
          body: [.start(coordinator: 2, context: .standard, animated: true, completion: 0)])
      ])
    #expect(
      flow.coordinators[2].screenHandlers == [
        ScreenHandler(screen: 1, event: 0, body: [.finishWith(result: 2)]),
        ScreenHandler(
          screen: 1, event: 1,
          body: [.start(coordinator: 3, context: .newNavigation, animated: true, completion: 1)]),
      ])
    #expect(
      flow.coordinators[3].screenHandlers == [
        ScreenHandler(screen: 2, event: 0, body: [.finishWith(result: 1)]),
        ScreenHandler(screen: 2, event: 1, body: [.dismiss(animated: true)]),
      ])
  }

  /// Every start context, `animated: false`, and a `nil` on the left.
  @Test func contextsAndAnimated() throws {
    let text =
      insecurity(
        cart: "",
        others: "coordinator Pay: AdaptiveCoordinator {\n  viewController Pay\n}\n" + cardCoordinator)
      + "event open {\n  start Pay in: current\n  start Pay in: modal animated: false\n"
      + "  start Pay in: newNavigation\n  start Pay in: navigationFallback { r in cardAdded = nil == r }\n}\n"
    let result = resolveFlow(text)
    #expect(result.diagnostics.filter { $0.severity == .error }.isEmpty, "\(result.diagnostics)")
    let flow = try #require(result.flow)
    #expect(
      flow.appEvents.first?.body.withoutPositions == [
        .start(coordinator: 2, context: .current, animated: true, completion: nil),
        .start(coordinator: 2, context: .modal, animated: false, completion: nil),
        .start(coordinator: 2, context: .newNavigation, animated: true, completion: nil),
        .start(coordinator: 2, context: .navigationFallback, animated: true, completion: 0),
      ])
    #expect(
      flow.completionBlocks.first?.body.withoutPositions == [
        .assign(variable: 0, .assign, .binary(.equal, .variable(2), .integer(0)))
      ]
    )
    #expect(
      flow.variables.last
        == VariableInfo(name: "r", type: .integer(low: 0, high: 1), initialValue: 0, owner: 0))
  }

  @Test func formatsCanonically() {
    let formatted = format(Self.checkout)
    #expect(
      formatted.contains(
        """
        coordinator Cart: NavigationCoordinator {
          viewController Cart
          on Cart.pay {
            start PaymentMethods { result in
              if result == changed { cardAdded = true }
            }
          }
        }
        """))
    #expect(
      formatted.contains(
        """
          viewController PaymentMethods
          result changed, unchanged
          on PaymentMethods.done { finish(unchanged) }
          on PaymentMethods.add {
            start AddCard in: newNavigation animated: true { card in
              if card != nil { cardAdded = true }
            }
          }
        """))
    #expect(formatted.contains("  viewController AddCard retained\n  on AddCard.save { finish }\n"))
    #expect(format(formatted) == formatted)
  }

  /// Short completion bodies stay on the statement's line; comments stay where they were.
  @Test func formatsShortCompletionsInlineAndKeepsComments() {
    let text = insecurity(
      cart: "  on Cart.pay { start Pay {r in cardAdded=true} ; start Card   {} }\n"
        + "  on Cart.back { start Card in:newNavigation { card in // kept\n  cardAdded = card == nil\n  }\n}\n"
    )
    let formatted = format(text)
    #expect(
      formatted.contains("  on Cart.pay {\n    start Pay { r in cardAdded = true }\n    start Card {}\n  }\n")
    )
    #expect(
      formatted.contains(
        "  on Cart.back {\n    start Card in: newNavigation { card in\n      // kept\n      cardAdded = card == nil\n    }\n  }\n"
      ))
    #expect(format(formatted) == formatted)
    #expect(FrontEndLaws.broken(Array(text.utf8)) == [])
    #expect(FrontEndLaws.broken(Array(Self.checkout.utf8)) == [])
  }

  @Test func dumpsTheSyntax() {
    let parsed = Parser.parse(SourceFile(path: "test.flow", text: Self.checkout))
    let dump = SyntaxDump.dump(parsed.file)
    #expect(dump.contains("  viewController AddCard retained\n"))
    #expect(dump.contains("  result changed, unchanged\n"))
    #expect(dump.contains("    finish(unchanged)\n"))
    #expect(
      dump.contains(
        "    start AddCard in=newNavigation animated=true\n      completion card\n        if (!= (name card) (name nil))\n"
      ))
    #expect(dump.contains("    start PaymentMethods\n      completion\n") == false)
    #expect(dump.contains("    start PaymentMethods\n      completion result\n"))
  }

  private func format(_ text: String) -> String {
    let parsed = Parser.parse(SourceFile(path: "test.flow", text: text))
    #expect(parsed.diagnostics.isEmpty, "\(parsed.diagnostics)")
    return FlowFormatter.format(parsed.file)
  }
}

/// The parser's side: where `start` is a statement and where a member, and its errors.
@Suite struct InsecurityParserTests {
  private func diagnostics(_ text: String) -> [String] {
    let source = SourceFile(path: "test.flow", text: text)
    return Parser.parse(source).diagnostics.map {
      let location = source.location(of: $0.offset)
      return "\(location.line):\(location.column): \($0.message)"
    }
  }

  @Test func startAtTheStartOfALineInABlockIsAStatement() {
    let text =
      "coordinator Cart: NavigationCoordinator {\n  on Cart.pay {\n    start Pay\n    start Card { r in }\n  }\n}\n"
    #expect(diagnostics(text) == [])
  }

  /// `start {` at the start of a line still shows a block's missing `}`, as before.
  @Test func startMemberStillClosesABlockMissingItsBrace() {
    let text = "coordinator Cart: NavigationCoordinator {\n  on Cart.pay { dismiss\n  start { dismiss }\n}\n"
    #expect(diagnostics(text) == ["3:3: expected '}' to end 'on Cart.pay'"])
  }

  @Test func errors() {
    let block = { (statement: String) in
      "coordinator Cart: NavigationCoordinator {\n  on Cart.pay { \(statement) }\n}\n"
    }
    #expect(diagnostics(block("start Pay in modal")) == ["2:30: expected ':' after 'in'"])
    #expect(
      diagnostics(block("start Pay in:")) == [
        "2:31: expected a start context after 'in:': 'current', 'modal', 'newNavigation' or 'navigationFallback'"
      ])
    #expect(
      diagnostics(block("finish(")) == [
        "2:25: expected a result value after 'finish(', as in 'finish(done)'",
        "2:25: expected ')' after the result value of 'finish'",
      ]
    )
    #expect(diagnostics(block("finish(done")) == ["2:29: expected ')' after the result value of 'finish'"])
    #expect(
      diagnostics("coordinator Cart: ModalCoordinator {\n  result\n}\n") == [
        "2:9: expected a result value after 'result', as in 'result saved, cancelled'"
      ])
    #expect(
      diagnostics("coordinator Cart: ModalCoordinator {\n  viewController\n}\n") == [
        "2:17: expected a screen name after 'viewController'"
      ])
  }
}

extension ResolverDiagnosticTests {
  /// Insecurity's syntax as error recovery synthesises it (empty names, empty blocks) never
  /// crashes the resolver and adds no error of its own.
  @Test func recoveredInsecurityTreesNeverCrash() {
    let nowhere = SourceRange.at(0)
    let empty = Name("", nowhere)
    let missingExpression = Expression(kind: .name(empty), range: nowhere)
    let inner = Block(
      statements: [
        Statement(
          kind: .ifElse(
            condition: missingExpression, then: Block(statements: [], range: nowhere), otherwise: nil),
          range: nowhere)
      ], range: nowhere)
    let statements: [StatementKind] = [
      .start(empty, context: empty, animated: nil, completion: CompletionBlock(binding: nil, body: inner)),
      .start(empty, context: nil, animated: nil, completion: CompletionBlock(binding: empty, body: inner)),
      .finishWith(empty), .finish,
    ]
    let body = Block(statements: statements.map { Statement(kind: $0, range: nowhere) }, range: nowhere)
    let members: [CoordinatorMemberKind] = [
      .viewController(empty, retained: true), .result([empty]), .start(body),
    ]
    let declarations: [DeclarationKind] = [
      .app(
        AppDeclaration(
          name: Name("App", nowhere),
          members: [
            AppMember(kind: .library(Name("insecurity", nowhere)), range: nowhere),
            AppMember(kind: .window(empty), range: nowhere),
          ])),
      .coordinator(
        CoordinatorDeclaration(
          name: empty, kind: empty, members: members.map { CoordinatorMember(kind: $0, range: nowhere) })),
      .event(EventDeclaration(name: empty, condition: nil, body: body)),
    ]
    let file = FlowFile(declarations: declarations.map { Declaration(kind: $0, range: nowhere) })
    let result = Resolver.resolve(file, source: SourceFile(path: "empty.flow", text: ""))
    #expect(result.flow == nil)
    #expect(result.diagnostics.map(\.id) == [.missingWindow])
  }
}

/// The fuzz target's laws (formatting idempotent, structure, comments and diagnostics
/// kept) on the corners of Insecurity's syntax.
@Suite struct InsecurityFormatterLawTests {
  static let corners: [String] = [
    // The binding on the line after `{`, a comment between.
    "  on Cart.pay { start Pay { // why\n    r in\n    cardAdded = r == nil\n  } }\n",
    // An empty completion holding only a comment; a trailing comment after its `}`.
    "  on Cart.pay {\n    start Pay { /* nothing */ }  // after\n    start Card in: newNavigation animated: false {} // t\n  }\n",
    // Nested completions, blank lines, `finish(v)` and `dismiss` with comments.
    "  on Cart.pay {\n    start Pay { r in\n\n      start Card in: newNavigation { c in\n\n        if c == nil { dismiss }  // c\n      }\n    }\n    finish // done\n  }\n",
    // Members with trailing comments.
    "  result saved, cancelled // values\n  var flag = false\n  on Cart.save { finish(saved) } // s\n",
  ]

  @Test(arguments: corners) func lawsHold(_ cart: String) {
    let text = insecurity(cart: cart)
    let parsed = Parser.parse(SourceFile(path: "test.flow", text: text))
    #expect(parsed.diagnostics.isEmpty, "\(parsed.diagnostics)")
    #expect(FrontEndLaws.broken(Array(text.utf8)) == [])
  }
}
