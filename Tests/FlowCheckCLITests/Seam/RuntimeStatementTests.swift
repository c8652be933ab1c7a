import FlowExplorer
import FlowLanguage
import FlowModel
import FlowReport
import Testing

/// A statement a runtime adds reaches the language through the runtime's capabilities alone:
/// `PushPop.pushing`, declared in this test target, is parsed, resolved, formatted, dumped,
/// refused elsewhere and run by its runtime, and no product file knows it.
@Suite struct RuntimeStatementTests {
  static let flowText = """
    app Tiny {
      library pushpop
      window App
      home Home
    }

    screen Home
    screen Detail

    var opened = false

    coordinator App: NavigationCoordinator {
      root window
      start { show Home }
      on Home.open {
        pushing Detail animated: false { opened = true }
      }
      on Detail.done { pop }
    }

    never opened && top == Home

    """

  static let libraries = RuntimeRegistry.libraries + [PushPop.capabilities]

  static func source(_ text: String = flowText) -> SourceFile { SourceFile(path: "tiny.flow", text: text) }

  @Test func theStatementIsParsedByItsFormAndFormattedAsWritten() throws {
    let parsed = Parser.parse(Self.source(), libraries: Self.libraries)
    #expect(parsed.diagnostics.isEmpty, "\(parsed.diagnostics)")
    #expect(FlowFormatter.format(parsed.file) == Self.flowText)
    #expect(SyntaxDump.dump(parsed.file).contains("pushing Detail animated=false"))
    // A long block is laid out like any other block.
    let long = Self.flowText.replacing(
      "{ opened = true }",
      with: "{\n      opened = true\n      opened = false\n      opened = true\n      opened = false\n    }")
    let reparsed = Parser.parse(Self.source(long), statements: [PushPop.pushing])
    #expect(reparsed.diagnostics.isEmpty, "\(reparsed.diagnostics)")
    #expect(FlowFormatter.format(reparsed.file) == long)
  }

  @Test func theStatementResolvesToItsRuntimesCheckedForm() throws {
    let loaded = FrontEnd.check(source: Self.source(), libraries: Self.libraries)
    #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics)")
    let flow = try #require(loaded.flow)
    let app = flow.coordinators[flow.windowCoordinator]
    let detail = try #require(flow.screens.firstIndex { $0.name == "Detail" })
    let opened = try #require(flow.variables.firstIndex { $0.name == "opened" })
    let body = try #require(app.screenHandlers.first?.body)
    #expect(
      body.withoutPositions == [
        .library(LibraryStatement(keyword: "pushing", operand: detail, animated: false, block: 0))
      ])
    #expect(
      flow.libraryBlocks == [
        LibraryBlock(
          coordinator: flow.windowCoordinator, operand: detail,
          body: [.assign(variable: opened, .assign, .bool(true))])
      ])
  }

  @Test func theRuntimeRunsItsStatementAndTheSearchJudgesWhatItDid() throws {
    let loaded = FrontEnd.check(source: Self.source(), libraries: Self.libraries)
    let report = FlowChecker.check(try #require(loaded.flow), under: PushPop.self, path: "tiny.flow")
    let never = try #require(report.violations.first { $0.id == "never" })
    #expect(never.events.count == 2)
    #expect(never.events.first == "tap Home.open")
    let text = TextReport().render(report)
    #expect(text.contains("push Detail without animation"), "\(text)")
    #expect(text.contains("then the block of 'pushing'"), "\(text)")
  }

  @Test func aRuntimeWithoutTheStatementRefusesItWhereItIsWritten() throws {
    let text = Self.flowText.replacing("library pushpop", with: "library radianttap")
    let loaded = FrontEnd.check(source: Self.source(text), libraries: Self.libraries)
    #expect(loaded.flow == nil)
    let error = try #require(loaded.diagnostics.first { $0.severity == .error })
    #expect(error.message == "'pushing' is not available under runtime 'radianttap'")
    // At the keyword, on the handler's second line.
    let location = Self.source(text).location(of: error.offset)
    #expect((location.line, location.column) == (16, 5))
  }

  @Test func withoutTheRuntimeTheWordIsNoStatement() throws {
    let loaded = FrontEnd.check(source: Self.source(), libraries: RuntimeRegistry.libraries)
    #expect(loaded.flow == nil)
    #expect(
      loaded.diagnostics.map(\.message).contains("unknown statement 'pushing'"), "\(loaded.diagnostics)")
  }
}
