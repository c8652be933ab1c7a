import FlowLanguage
import FlowTestSupport
import Testing

@Suite struct DiagnosticRendererTests {
  private let plain = DiagnosticRenderer(colour: false)
  private let coloured = DiagnosticRenderer(colour: true)

  @Test func errorWithNote() {
    let marked = MarkedSource("app Shop {\n  window App\n}\nscreen 2️⃣Home\nscreen 1️⃣Home\n")
    let diagnostic = Diagnostic.error(
      .duplicateDeclaration, "duplicate screen 'Home'", at: marked[1],
      notes: [DiagnosticNote(message: "first declared here", offset: marked[2])])
    #expect(
      plain.render(diagnostic, in: marked.source)
        == "test.flow:5:8: error: duplicate screen 'Home'\ntest.flow:4:8: note: first declared here\n")
  }

  @Test func warning() {
    let source = SourceFile(path: "dir/a.flow", text: "screen Lonely\n")
    let diagnostic = Diagnostic.warning(.screenNeverShown, "screen 'Lonely' is never shown", at: 7)
    #expect(
      plain.render(diagnostic, in: source) == "dir/a.flow:1:8: warning: screen 'Lonely' is never shown\n")
  }

  /// Columns count UTF-8 bytes: `é` is two.
  @Test func columnsCountBytes() {
    let marked = MarkedSource("/* é */ 1️⃣x")
    let diagnostic = Diagnostic.error(.unknownVariable, "unknown variable 'x'", at: marked[1])
    #expect(marked[1] == 9)
    #expect(plain.render(diagnostic, in: marked.source) == "test.flow:1:10: error: unknown variable 'x'\n")
  }

  @Test(arguments: [(0, "1:1"), (3, "1:4"), (4, "2:1"), (7, "2:4"), (8, "2:4"), (-5, "1:1")])
  func positionsAreOneBasedAndClamped(_ offset: Int, _ location: String) {
    let source = SourceFile(path: "p.flow", text: "abc\ndef")
    let diagnostic = Diagnostic.error(.expectedToken, "expected '}'", at: offset)
    #expect(plain.render(diagnostic, in: source) == "p.flow:\(location): error: expected '}'\n")
  }

  @Test func colourOnlyWhenAsked() {
    let source = SourceFile(path: "c.flow", text: "screen Home\nscreen Home\n")
    let diagnostic = Diagnostic.error(
      .duplicateDeclaration, "duplicate screen 'Home'", at: 19,
      notes: [DiagnosticNote(message: "first declared here", offset: 7)])
    #expect(!plain.render(diagnostic, in: source).contains("\u{1B}"))
    #expect(
      coloured.render(diagnostic, in: source)
        == "\u{1B}[1mc.flow:2:8:\u{1B}[0m \u{1B}[1;31merror:\u{1B}[0m \u{1B}[1mduplicate screen 'Home'\u{1B}[0m\n"
        + "\u{1B}[1mc.flow:1:8:\u{1B}[0m \u{1B}[1;90mnote:\u{1B}[0m first declared here\n")
  }

  @Test func warningIsMagenta() {
    let source = SourceFile(path: "c.flow", text: "screen Lonely\n")
    let text = coloured.render(
      Diagnostic.warning(.screenNeverShown, "screen 'Lonely' is never shown", at: 7), in: source)
    #expect(text.contains("\u{1B}[1;35mwarning:\u{1B}[0m"))
  }

  /// End to end: every diagnostic of a file with a typo, rendered.
  @Test func renderedFromAFile() {
    let text = """
      app Shop {
        window App
      }
      screen Product
      screen Home
      coordinator App: NavigationCoordinator {
        root window
        start { root Home }
        on Home.open { show Prodcut }
      }

      """
    let source = SourceFile(path: "shop.flow", text: text)
    let result = FrontEnd.check(source: source)
    #expect(
      plain.render(result.diagnostics, in: source)
        == "shop.flow:9:23: error: unknown screen 'Prodcut'; did you mean 'Product'?\n")
  }
}
