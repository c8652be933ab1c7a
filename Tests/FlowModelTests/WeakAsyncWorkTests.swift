import FlowModel
import Testing

/// `after weak NAME { … }` under the library runtimes: async work that captures its
/// coordinator weakly (`{ [weak self] in … }`) does not keep it alive, and is dropped when
/// it is freed; plain `after` keeps it until the work arrives. (The handwritten runtime's
/// own tests hold the same for it; an Insecurity spec, `start-from-freed-host-traps-fixed`,
/// relies on it.)
@Suite struct WeakAsyncWorkTests {
  /// A sheet that starts a save and closes at once: `capture` is `after` or `after weak`.
  static func radianttap(_ capture: String) -> String {
    """
    app Notes {
      window App
      home Home
      limits { pending 1 }
    }
    screen Home
    screen Editor
    var saved = false
    coordinator App: NavigationCoordinator {
      root window
      start { root Home }
      on Home.write { startChild Editor }
    }
    coordinator Editor: NavigationCoordinator {
      root presented
      start { root Editor }
      on Editor.save {
        \(capture) save { saved = true }
        dismiss
        finish
      }
    }
    """
  }

  /// A sheet on a router whose Send starts the sending and dismisses the sheet.
  static func router(_ capture: String) -> String {
    """
    app Mail {
      library router
      window Home
      home Home
      limits { pending 1 }
    }
    screen Home
    screen Form
    var sent = false
    coordinator Home: AppDelegateRouter {
      start { present Home }
      on Home.write { presentChild Writer }
    }
    coordinator Writer: ModalNavigationRouter {
      start { present Form }
      on Form.send {
        \(capture) send { sent = true }
        dismiss
      }
    }
    """
  }

  @Test func radianttapWeakWorkLetsTheFinishedChildGo() throws {
    var h = try RuntimeHarness<Radianttap>(Self.radianttap("after weak"))
    try h.perform("tap Home.write")
    try h.perform("tap Editor.save")
    #expect(!h.isAlive("Editor"))
    #expect(h.state.pending.isEmpty)
  }

  @Test func radianttapStrongWorkKeepsTheFinishedChildUntilItArrives() throws {
    var h = try RuntimeHarness<Radianttap>(Self.radianttap("after"))
    try h.perform("tap Home.write")
    try h.perform("tap Editor.save")
    #expect(h.isAlive("Editor"))
    #expect(h.state.pending.count == 1)
    try h.perform("async 'save' completes")
    #expect(!h.isAlive("Editor"))
    #expect(h.global("saved") == 1)
  }

  @Test func routerWeakWorkLetsTheDismissedChildGo() throws {
    var h = try RuntimeHarness<Router>(Self.router("after weak"))
    try h.perform("tap Home.write")
    try h.perform("tap Form.send")
    #expect(!h.isAlive("Writer"))
    #expect(h.state.pending.isEmpty)
  }

  @Test func routerStrongWorkKeepsTheDismissedChildUntilItArrives() throws {
    var h = try RuntimeHarness<Router>(Self.router("after"))
    try h.perform("tap Home.write")
    try h.perform("tap Form.send")
    #expect(h.isAlive("Writer"))
    #expect(h.state.pending.count == 1)
    try h.perform("async 'send' completes")
    #expect(!h.isAlive("Writer"))
    #expect(h.global("sent") == 1)
  }
}
