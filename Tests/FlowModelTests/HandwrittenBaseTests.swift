import FlowLanguage
import FlowTestSupport
import Testing

@testable import FlowModel

/// `base { … }` under `library handwritten`: each setting changes what the runtime does, and
/// the front end refuses a setting it does not know, a value it does not take, and a `base`
/// under a library a team does not write.
@Suite struct HandwrittenBaseTests {
  typealias Harness = HandwrittenRuntimeTests.Harness

  /// `HandwrittenRuntimeTests.settings` with `base { … }` written after its library.
  static func settings(base: String) -> String {
    HandwrittenRuntimeTests.settings.replacingOccurrences(
      of: "library handwritten", with: "library handwritten\n  base { \(base) }")
  }

  // MARK: completions

  @Test func withCompletionsPoppedAJumpOverTwoScreensRunsEveryPoppedCompletion() throws {
    var h = try Harness(Self.settings(base: "completions popped"))
    try h.perform("tap Browser.settings")
    try h.perform("tap Settings.passwords")
    try h.perform("tap List.detail")
    try h.perform("long-press Back, choose Settings")
    // `from` is Detail, which has none; List's runs because List left the stack too.
    #expect(h.completionsRun == 1)
    #expect(h.children(of: "Settings").isEmpty)
    #expect(!h.isAlive("Passwords"))
    #expect(h.failingInvariants.isEmpty)
  }

  @Test func withCompletionsFromTheSameJumpLeavesTheChild() throws {
    var h = try Harness(Self.settings(base: "completions from"))
    try h.perform("tap Browser.settings")
    try h.perform("tap Settings.passwords")
    try h.perform("tap List.detail")
    try h.perform("long-press Back, choose Settings")
    #expect(h.completionsRun == 0)
    #expect(h.children(of: "Settings") == ["Passwords"])
    #expect(h.failingInvariants == ["finish-propagation"])
  }

  @Test func withCompletionsPoppedTheFromControllersCompletionRunsFirst() throws {
    var h = try Harness(Self.settings(base: "completions popped"))
    try h.perform("tap Browser.settings")
    try h.perform("tap Settings.passwords")
    try h.perform("tap List.detail")
    try h.perform("tap Detail.info")
    try h.perform("long-press Back, choose Settings")
    // Info's (the `from` controller's), then List's.
    let runs = h.log.filter { $0.hasPrefix("the router runs the completion") }
    #expect(runs.count == 2)
    #expect(runs.first?.hasSuffix("Info") == true)
    #expect(h.children(of: "Settings").isEmpty)
  }

  // MARK: removeChild

  /// A parent that starts two children of one type at once; each pushes a screen whose
  /// completion tells the parent, which removes the child.
  static func twice(base: String) -> String {
    """
    app Twice {
      library handwritten
      base { \(base) }
      window Main
    }
    screen Home
    screen Item
    coordinator Main: Coordinator {
      root window
      start { root Home }
      on Home.open { startChild Child; startChild Child }
      handle done { stopChild Child }
    }
    coordinator Child: Coordinator {
      root parent
      start { push Item { send done } }
    }
    """
  }

  @Test func byIdentityStopChildRemovesTheChildThatCalled() throws {
    var h = try Harness(Self.twice(base: "removeChild identity"))
    try h.perform("tap Home.open")
    #expect(h.children(of: "Main") == ["Child", "Child"])
    try h.perform("tap Back (from Item)")
    #expect(h.children(of: "Main") == ["Child"])
    #expect(h.failingInvariants.isEmpty)
    try h.perform("tap Back (from Item)")
    #expect(h.children(of: "Main").isEmpty)
    #expect(h.failingInvariants.isEmpty)
  }

  @Test func byTypeStopChildRemovesEveryChildOfTheType() throws {
    var h = try Harness(Self.twice(base: "removeChild type"))
    try h.perform("tap Home.open")
    try h.perform("tap Back (from Item)")
    // The first Child goes too, while its Item is still on screen: the second Back runs
    // nothing, its completion's weak self being nil.
    #expect(h.children(of: "Main").isEmpty)
    #expect(!h.isAlive("Child"))
    #expect(h.log.contains { $0.contains("removeChild(withType: Child.self)") })
    try h.perform("tap Back (from Item)")
    #expect(h.completionsRun == 0)
  }

  // MARK: The front end

  @Test func theSettingsReachTheCheckedFlowAndTheDefaultsAreToday() throws {
    let popped = try #require(
      FrontEnd.check(
        source: SourceFile(path: "a.flow", text: Self.twice(base: "removeChild type, completions popped"))
      ).flow)
    #expect(popped.base == [1, 1])
    let defaults = try #require(
      FrontEnd.check(source: SourceFile(path: "b.flow", text: Self.twice(base: ""))).flow)
    #expect(defaults.base == [0, 0])
    #expect(Handwritten.capabilities.baseSettings.map(\.name) == ["completions", "removeChild"])
    #expect(Handwritten.capabilities.baseSettings.map(\.defaultValue) == ["from", "identity"])
  }

  /// The one error of `text`, as `line:col: id: message`, with its notes' texts.
  static func error(_ text: String) -> (String, [String])? {
    let source = SourceFile(path: "e.flow", text: text)
    let result = FrontEnd.check(source: source)
    let errors = result.diagnostics.filter { $0.severity == .error }
    guard errors.count == 1, let error = errors.first else { return nil }
    let at = source.location(of: error.offset)
    return ("\(at.line):\(at.column): \(error.id.rawValue): \(error.message)", error.notes.map(\.message))
  }

  @Test func aMisspelledSettingIsRefusedWhereItIsWritten() throws {
    let (error, notes) = try #require(Self.error(Self.twice(base: "completion popped")))
    #expect(
      error == "3:10: unknown-base-setting: unknown base setting 'completion'; did you mean 'completions'?")
    #expect(notes.count == 1 && notes[0].contains("'completions'") && notes[0].contains("'removeChild'"))
  }

  @Test func aMisspelledValueIsRefusedWithTheValuesItTakes() throws {
    let (error, notes) = try #require(Self.error(Self.twice(base: "completions poped")))
    #expect(
      error
        == "3:22: invalid-base-setting: base setting 'completions' cannot be 'poped'; did you mean 'popped'?")
    #expect(notes.count == 1 && notes[0].hasSuffix("'from' or 'popped', 'from' by default"))
    let (far, _) = try #require(Self.error(Self.twice(base: "removeChild weak")))
    #expect(
      far
        == "3:22: invalid-base-setting: base setting 'removeChild' cannot be 'weak'; expected 'identity' or 'type'"
    )
  }

  @Test func aDuplicateSettingIsRefused() throws {
    let (error, _) = try #require(Self.error(Self.twice(base: "removeChild type, removeChild identity")))
    #expect(error == "3:28: duplicate-declaration: duplicate base setting 'removeChild'")
  }

  @Test func baseUnderAnotherLibraryIsRefused() throws {
    let text = """
      app Shop {
        library radianttap
        base { completions popped }
        window App
      }
      screen Home
      coordinator App: NavigationCoordinator {
        root window
        start { root Home }
      }
      """
    let (error, notes) = try #require(Self.error(text))
    #expect(
      error
        == "3:3: unknown-base-setting: library 'radianttap' has no 'base' settings: they describe a team's own coordinator base class"
    )
    #expect(notes == ["'base' is allowed under 'library handwritten'"])
  }
}
