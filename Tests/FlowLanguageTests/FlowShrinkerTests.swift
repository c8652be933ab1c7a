import FlowLanguage
import FlowTestSupport
import Testing

/// The shrinker the property tests print their failing flows with.
@Suite struct FlowShrinkerTests {
  /// The statements of a text's syntax tree, one a line, without their blocks' indentation
  /// (`startChild Browse`, `if (name ready)`, …); empty when the text does not parse.
  static func statements(_ text: String) -> [String] {
    let parsed = Parser.parse(SourceFile(path: "s.flow", text: text))
    guard parsed.diagnostics.isEmpty else { return [] }
    return SyntaxDump.dump(parsed.file).split(separator: "\n").map { $0.drop { $0 == " " } }.map(String.init)
  }

  /// Whether `text` resolves without an error and has a statement starting with `keyword`.
  static func resolves(_ text: String, keeping keyword: String) -> Bool {
    FrontEnd.check(source: SourceFile(path: "s.flow", text: text)).flow != nil
      && statements(text).contains { $0.hasPrefix(keyword + " ") || $0 == keyword }
  }

  @Test(arguments: ["startChild", "send", "present", "after", "stopChild"])
  func aFlowKeepingOneStatementShrinksToAMinimalFlowWithIt(keyword: String) throws {
    // The first generated flow with such a statement.
    let generated = try #require(
      (0..<UInt64(500)).lazy.map { seed -> GeneratedFlow in
        var generator = FlowGenerator(seed: seed)
        return generator.validFlow()
      }.first { Self.resolves($0.text, keeping: keyword) })
    let budget = 1_000
    let shrunk = FlowShrinker.shrink(generated, budget: budget) { Self.resolves($0, keeping: keyword) }
    #expect(shrunk.attempts < budget, "the budget ran out")
    #expect(Self.resolves(shrunk.input, keeping: keyword), "\(shrunk.input)")
    #expect(shrunk.input.count < generated.text.count / 2, "\(shrunk.input)")
    // Minimal: without any one of its lines, the flow no longer resolves or lost the statement.
    let lines = shrunk.input.split(separator: "\n").map(String.init)
    for index in lines.indices {
      var fewer = lines
      fewer.remove(at: index)
      #expect(
        !Self.resolves(fewer.joined(separator: "\n") + "\n", keeping: keyword),
        "line \(index + 1) can go:\n\(shrunk.input)")
    }
    // What is left: one screen, for the handler that holds the one statement.
    let statements = Self.statements(shrunk.input)
    #expect(statements.filter { $0.hasPrefix("screen ") }.count == 1, "\(shrunk.input)")
    #expect(statements.filter { $0.hasPrefix(keyword + " ") }.count == 1, "\(shrunk.input)")
  }

  @Test func aCoordinatorStartedByAnotherShrinksToTheTwoOfThem() throws {
    let generated = try #require(
      (0..<UInt64(500)).lazy.map { seed -> GeneratedFlow in
        var generator = FlowGenerator(seed: seed)
        return generator.validFlow()
      }.first { $0.text.components(separatedBy: ": NavigationCoordinator").count > 3 })
    let shrunk = FlowShrinker.shrink(generated) { Self.resolves($0, keeping: "startChild") }
    let coordinators = Self.statements(shrunk.input).filter { $0.hasPrefix("coordinator ") }
    #expect(coordinators.count == 2, "\(shrunk.input)")
    #expect(Self.statements(shrunk.input).filter { $0.hasPrefix("screen ") }.count == 1, "\(shrunk.input)")
  }

  @Test func aFlowThatOnlyFailsWholeIsKeptWhole() {
    var generator = FlowGenerator(seed: 3)
    let generated = generator.validFlow()
    let shrunk = FlowShrinker.shrink(generated) { $0 == generated.text }
    #expect(shrunk.input == generated.text)
    #expect(shrunk.reductions == 0)
  }

  @Test func shrinkingIsDeterministic() {
    var generator = FlowGenerator(seed: 8)
    let generated = generator.validFlow()
    let first = FlowShrinker.shrink(generated) { Self.resolves($0, keeping: "root") }
    let second = FlowShrinker.shrink(generated) { Self.resolves($0, keeping: "root") }
    #expect(first.input == second.input)
    #expect(first.attempts == second.attempts)
  }

  @Test func listsShrinkToTheElementsThePredicateNeeds() {
    let shrunk = FlowShrinker.shrink(Array(0..<100)) { $0.contains(37) && $0.contains(64) }
    #expect(shrunk.input == [37, 64])
    #expect(shrunk.attempts < 400)
    let bytes = FlowShrinker.shrink(Array("screen A { style pageSheet }".utf8)) {
      $0.contains(UInt8(ascii: "{"))
    }
    #expect(bytes.input == Array("{".utf8))
  }

  @Test func theBudgetBoundsTheAttempts() {
    var calls = 0
    let shrunk = FlowShrinker.shrink(Array(0..<1_000), budget: 10) { list in
      calls += 1
      return list.count > 3
    }
    #expect(calls == 10)
    #expect(shrunk.attempts == 10)
    #expect(shrunk.input.count < 1_000)
  }

  @Test func textsShrinkByLinesAndKeepTheirLastNewline() {
    let shrunk = FlowShrinker.shrink(text: "a\nb\nc\nd\n") { $0.contains("b") && $0.contains("d") }
    #expect(shrunk.input == "b\nd\n")
    let unterminated = FlowShrinker.shrink(text: "a\nb") { $0.contains("a") }
    #expect(unterminated.input == "a")
  }
}
