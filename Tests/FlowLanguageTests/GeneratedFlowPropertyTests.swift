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
      let generated = generator.validFlow()
      let result = FrontEnd.check(source: SourceFile(path: "generated.flow", text: generated.text))
      guard let first = result.diagnostics.first else { continue }
      failures += 1
      // Shrunk to a flow that still has the first diagnostic.
      let shrunk = FlowShrinker.shrink(generated) { text in
        let diagnostics = FrontEnd.check(source: SourceFile(path: "generated.flow", text: text)).diagnostics
        return diagnostics.contains { $0.id == first.id && $0.message == first.message }
      }
      let source = SourceFile(path: "shrunk.flow", text: shrunk.input)
      let shrunkResult = FrontEnd.check(source: source)
      let rendered = DiagnosticRenderer(colour: false).render(shrunkResult.diagnostics, in: source)
      Issue.record(
        Comment(
          rawValue: "seed \(flowSeed): generated flow rejected (\(first.id.rawValue): \(first.message))\n"
            + "--- shrunk ---\n\(shrunk.input)--- its diagnostics ---\n\(rendered)"))
      if failures >= 3 { return }
    }
  }

  /// Formatting a flow does not change what it means: the checked flows of the text and of
  /// its formatted form are equal, up to source offsets.
  @Test func formattingPreservesMeaning() {
    var failures = 0
    for index in 0..<100 {
      let flowSeed = Self.seed &+ 10_000 &+ UInt64(index)
      var generator = FlowGenerator(seed: flowSeed)
      let generated = generator.validFlow()
      guard FrontEnd.check(source: SourceFile(path: "a.flow", text: generated.text)).flow != nil else {
        Issue.record("seed \(flowSeed): generated flow rejected\n--- flow ---\n\(generated.text)")
        continue
      }
      guard let formatted = Self.meaningChange(generated.text) else { continue }
      failures += 1
      let shrunk = FlowShrinker.shrink(generated) { Self.meaningChange($0) != nil }
      Issue.record(
        Comment(
          rawValue: "seed \(flowSeed): formatting changed the flow's meaning\n--- shrunk ---\n\(shrunk.input)"
            + "--- formatted ---\n\(Self.meaningChange(shrunk.input) ?? formatted)"))
      if failures >= 3 { return }
    }
  }

  /// The formatted text of `text` when the two do not check to the same flow, up to source
  /// offsets; nil when they do, or when `text` is not a valid flow.
  static func meaningChange(_ text: String) -> String? {
    let original = FrontEnd.check(source: SourceFile(path: "a.flow", text: text))
    guard let file = original.file, let flow = original.flow else { return nil }
    let formatted = FlowFormatter.format(file)
    let reformatted = FrontEnd.check(source: SourceFile(path: "b.flow", text: formatted))
    return reformatted.flow.map(withoutOffsets) == withoutOffsets(flow) ? nil : formatted
  }

  /// Offsets are compared apart from statements, whose positions their equality leaves out
  /// (`withoutPositions`).
  private static func withoutOffsets(_ flow: CheckedFlow) -> CheckedFlow {
    var flow = flow
    for index in flow.screens.indices { flow.screens[index].declaredAt = 0 }
    for index in flow.coordinators.indices { flow.coordinators[index].declaredAt = 0 }
    for index in flow.properties.indices { flow.properties[index].declaredAt = 0 }
    return flow
  }
}
