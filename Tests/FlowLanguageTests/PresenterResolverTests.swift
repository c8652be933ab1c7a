import FlowLanguage
import FlowTestSupport
import Testing

// The JLCoordinator (`library presenter`) language: presenter kinds, `stop`, `dismissRoot`,
// the `didPresent`/`didDismiss`/`didStop` overrides, and the errors they can give.

private let presenterApp =
  "app Example {\n  library presenter\n  window App\n}\nscreen Home\nscreen Detail\n"

extension ResolverDiagnosticTests {
  static let presenterCases: [DiagnosticCase] = [
    DiagnosticCase(
      "presenter kind misspelt",
      presenterApp + "coordinator App: 1️⃣InitialPresentr {\n  start { present Home }\n}\n",
      .unknownCoordinatorKind,
      "unknown presenter 'InitialPresentr' under runtime 'presenter'; did you mean 'InitialPresenter'?"),
    DiagnosticCase(
      "root clause under presenter",
      presenterApp + "coordinator App: InitialPresenter {\n  1️⃣root window\n  start { present Home }\n}\n",
      .invalidRoot,
      "'root window' is not used under runtime 'presenter': the kind after ':' names the presenter the coordinator is given (InitialPresenter, InitialNavigationPresenter, NavigationPresenter, ModalPresenter, ModalNavigationPresenter, TabPresenter, TabNavigationPresenter, ParentPresenter)"
    ),
    DiagnosticCase(
      "NavigationPresenter for the window coordinator",
      presenterApp + "coordinator App: 1️⃣NavigationPresenter {\n  start { present Home }\n}\n",
      .invalidRoot,
      "window coordinator 'App' cannot be made with a NavigationPresenter: its navigation controller is one the parent's code presents (hint: use InitialNavigationPresenter, the NavigationPresenter that makes its navigation controller the window's root)"
    ),
    DiagnosticCase(
      "ModalPresenter for the window coordinator",
      presenterApp + "coordinator App: 1️⃣ModalPresenter {\n  start { present Home }\n}\n",
      .invalidRoot,
      "window coordinator 'App' cannot be made with a ModalPresenter: it presents over a parent's screen, and the window has none (hint: use InitialPresenter or InitialNavigationPresenter)"
    ),
    DiagnosticCase(
      "ParentPresenter for the window coordinator",
      presenterApp + "coordinator App: 1️⃣ParentPresenter {\n  start { present Home }\n}\n",
      .invalidRoot,
      "window coordinator 'App' cannot be made with a ParentPresenter: it has no parent whose presenter to share (hint: use InitialPresenter or InitialNavigationPresenter)"
    ),
    DiagnosticCase(
      "NavigationPresenter misspelt",
      presenterApp + "coordinator App: InitialPresenter {\n  start { present Home }\n}\n"
        + "coordinator Browse: 1️⃣NavigationPresentr {\n  start { present Detail }\n}\n",
      .unknownCoordinatorKind,
      "unknown presenter 'NavigationPresentr' under runtime 'presenter'; did you mean 'NavigationPresenter'?"),
    DiagnosticCase(
      "duplicate didDismiss",
      presenterApp
        + "coordinator App: InitialPresenter {\n  start { present Home }\n  2️⃣didDismiss Home { stop }\n"
        + "  1️⃣didDismiss Home { stop }\n}\n",
      .duplicateDeclaration, "duplicate 'didDismiss Home' in coordinator 'App'"),
    DiagnosticCase(
      "didDismiss of an unknown screen",
      presenterApp
        + "coordinator App: InitialPresenter {\n  start { present Home }\n  didDismiss 1️⃣Hom { stop }\n}\n",
      .unknownScreen, "unknown screen 'Hom'; did you mean 'Home'?"),
    DiagnosticCase(
      "didStop of an unknown child",
      presenterApp
        + "coordinator App: InitialPresenter {\n  start { present Home }\n  didStop 1️⃣Ap { stop }\n}\n",
      .unknownCoordinator, "unknown coordinator 'Ap'; did you mean 'App'?"),
    DiagnosticCase(
      "didDismissAllViewControllersTo of an unknown screen",
      presenterApp
        + "coordinator App: InitialNavigationPresenter {\n  start { present Home }\n"
        + "  didDismissAllViewControllersTo 1️⃣Hme { stop }\n}\n",
      .unknownScreen, "unknown screen 'Hme'; did you mean 'Home'?"),
    DiagnosticCase(
      "didDismissAllViewControllersTo under radianttap",
      "app Example {\n  library radianttap\n  window App\n}\nscreen Home\n"
        + "coordinator App: NavigationCoordinator {\n  root window\n  start { root Home }\n"
        + "  1️⃣didDismissAllViewControllersTo Home { }\n}\n",
      .unsupportedStatement,
      "'didDismissAllViewControllersTo' is not available under runtime 'radianttap'; write 'popBack { … }': a pop to the root calls handlePopBack(to:)"
    ),
    DiagnosticCase(
      "show under presenter",
      presenterApp + "coordinator App: InitialPresenter {\n  start { 1️⃣show Home }\n}\n",
      .unsupportedStatement,
      "'show' is not available under runtime 'presenter'; write 'present S': a navigation presenter pushes"),
    DiagnosticCase(
      "presentChild under presenter",
      presenterApp + "coordinator App: InitialPresenter {\n  start { present Home }\n"
        + "  on Home.next { 1️⃣presentChild App }\n}\n",
      .unsupportedStatement,
      "'presentChild' is not available under runtime 'presenter'; write 'startChild C', and give C its presenter as its kind (coordinator C: ModalPresenter)"
    ),
  ]

  @Test(arguments: presenterCases) func presenterErrors(_ testCase: DiagnosticCase) {
    expectDiagnostic(testCase)
  }
}

/// The example of Docs/Language.md's JLCoordinator section, parsed, resolved and formatted.
@Suite struct PresenterFlowTests {
  static let example = """
    app JLExample {
      library presenter
      window App
      home Home
    }

    screen Home
    screen Detail

    coordinator App: InitialNavigationPresenter {
      start { present Home }
      on Home.modal { startChild Sheet }
      on Home.push { startChild Pushed }
    }

    coordinator Sheet: ModalPresenter {
      start { present Detail }
      on Detail.close { dismiss }
      didDismiss Detail { stop }
    }

    coordinator Pushed: ParentPresenter {
      start { present Detail animated: true }
      didDismiss Detail { stop }
      didStop { dismissRoot animated: false }
    }

    """

  @Test func resolvesToTheCheckedForm() throws {
    let result = resolveFlow(Self.example)
    #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    let flow = try #require(result.flow)
    #expect(flow.library.rawValue == "presenter")
    let sheet = try #require(flow.coordinators.first { $0.name == "Sheet" })
    #expect(sheet.kind == .modalPresenter)
    let detail = try #require(flow.screens.firstIndex { $0.name == "Detail" })
    #expect(
      sheet.libraryMembers == [
        LibraryMember(
          keyword: "didDismiss", operand: detail, body: [.library(LibraryStatement(keyword: "stop"))])
      ])
    let pushed = try #require(flow.coordinators.first { $0.name == "Pushed" })
    #expect(pushed.kind == .parentPresenter)
    #expect(pushed.libraryMembers.map(\.keyword) == ["didDismiss", "didStop"])
    #expect(pushed.libraryMembers.last?.operand == nil)
    #expect(
      pushed.libraryMembers.last?.body.withoutPositions == [
        .library(LibraryStatement(keyword: "dismissRoot", animated: false))
      ])
  }

  @Test func acceptsANavigationPresenterChild() throws {
    let result = resolveFlow(
      presenterApp
        + "coordinator App: InitialPresenter {\n  start { present Home }\n  on Home.browse { startChild Browse }\n}\n"
        + "coordinator Browse: NavigationPresenter {\n  start { present Detail }\n  didDismiss { stop }\n}\n")
    #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    let browse = try #require(result.flow?.coordinators.first { $0.name == "Browse" })
    #expect(browse.kind == .navigationPresenter)
  }

  @Test func formatsToItself() {
    #expect(formatted(Self.example) == Self.example)
  }
}
