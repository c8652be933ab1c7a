import FlowLanguage
import FlowTestSupport
import Testing

/// Property (c): the generator's flows are valid, so the resolver accepts every one of them,
/// without a warning either (the generator shows every screen, starts every coordinator and
/// handles every message it sends).
@Suite struct GeneratedFlowPropertyTests {
  static let seed: UInt64 = 0xF10_C0DE
  static let flowCount = 600

  @Test func generatedFlowsResolve() {
    var failures = 0
    for index in 0..<Self.flowCount {
      let flowSeed = Self.seed &+ UInt64(index)
      var generator = FlowGenerator(seed: flowSeed)
      let text = generator.validFlowText()
      let result = FrontEnd.check(source: SourceFile(path: "generated.flow", text: text))
      guard result.flow == nil || !result.diagnostics.isEmpty else { continue }
      failures += 1
      let renderer = DiagnosticRenderer(colour: false)
      let rendered =
        result.source.map { renderer.render(result.diagnostics, in: $0) } ?? "\(result.diagnostics)"
      Issue.record("seed \(flowSeed): generated flow rejected\n\(rendered)--- flow ---\n\(text)")
      if failures >= 3 { return }
    }
  }

  /// Formatting a flow does not change what it means: the checked flows of the text and of
  /// its formatted form are equal, up to source offsets.
  @Test func formattingPreservesMeaning() throws {
    for index in 0..<100 {
      let flowSeed = Self.seed &+ 10_000 &+ UInt64(index)
      var generator = FlowGenerator(seed: flowSeed)
      let text = generator.validFlowText()
      let original = FrontEnd.check(source: SourceFile(path: "a.flow", text: text))
      let file = try #require(original.file)
      let formatted = FlowFormatter.format(file)
      let reformatted = FrontEnd.check(source: SourceFile(path: "b.flow", text: formatted))
      #expect(
        original.flow.map(withoutOffsets) == reformatted.flow.map(withoutOffsets) && original.flow != nil,
        "seed \(flowSeed)\n--- flow ---\n\(text)--- formatted ---\n\(formatted)")
    }
  }

  private func withoutOffsets(_ flow: CheckedFlow) -> CheckedFlow {
    var flow = flow
    for index in flow.screens.indices { flow.screens[index].declaredAt = 0 }
    for index in flow.coordinators.indices { flow.coordinators[index].declaredAt = 0 }
    for index in flow.properties.indices { flow.properties[index].declaredAt = 0 }
    return flow
  }
}
