import FlowLanguage
import FlowTestSupport
import Testing

@Test func zzScratchParser() {
  var counts: [String: Int] = [:]
  var shown = 0
  for seed in UInt64(0)..<500 {
    var generator = FlowGenerator(seed: seed)
    let text = generator.validFlowText()
    let source = SourceFile(path: "g.flow", text: text)
    let parsed = Parser.parse(source)
    for d in parsed.diagnostics { print("PARSE seed \(seed) \(source.location(of: d.offset)) \(d.id) \(d.message)") }
    let resolved = Resolver.resolve(parsed.file, source: source)
    for d in resolved.diagnostics {
      counts["\(d.severity) \(d.id)", default: 0] += 1
      if shown < 25 && d.severity == .error {
        shown += 1
        print("RESOLVE seed \(seed) \(source.location(of: d.offset)) \(d.severity) \(d.id) \(d.message)")
        if shown < 4 { print(text) }
      }
    }
  }
  print("TOTAL seeds done, resolver diag kinds: \(counts.count)")
  for (k, v) in counts.sorted(by: { $0.key < $1.key }) { print("COUNT \(k): \(v)") }
}
