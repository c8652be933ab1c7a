import FlowLanguage
import FlowTestSupport
import Foundation
import Testing

/// Property (a): whatever bytes come in, the front end neither crashes nor hangs, and it
/// ends either in a checked flow with no error, or in at least one error placed inside the
/// file. The inputs are the project's specs and generated flows, mutated at random.
@Suite struct FuzzPropertyTests {
  /// Fixed, so that every run checks the same inputs; a failure prints its own seed.
  static let seed: UInt64 = 0x5EED_F10C_2026
  static let inputCount = 10_000

  /// The unmutated inputs: every spec, and generated flows.
  static func corpus() -> [[UInt8]] {
    var texts: [[UInt8]] = specFiles().compactMap { path in
      FileManager.default.contents(atPath: path).map { Array($0) }
    }
    for index in 0..<40 {
      var generator = FlowGenerator(seed: seed &+ UInt64(index))
      texts.append(Array(generator.validFlowText().utf8))
    }
    return texts
  }

  @Test func frontEndNeverFailsBadly() {
    let corpus = Self.corpus()
    #expect(!specFiles().isEmpty, "no Specs/*.flow found from \(#filePath)")
    var failures = 0
    var outcomes = Outcomes()
    defer {
      print("fuzz: \(Self.inputCount) inputs, seed \(Self.seed): \(outcomes)")
      // The mutations must not all stop at the parser: the resolver needs exercising too.
      #expect(outcomes.semanticErrors >= Self.inputCount / 50 && outcomes.flows >= Self.inputCount / 50)
    }
    for index in 0..<Self.inputCount {
      let inputSeed = Self.seed &+ UInt64(index) &* 0x9E37_79B9
      var random = SeededRandom(seed: inputSeed)
      var bytes = corpus[index % corpus.count]
      for _ in 0..<random.int(in: 1...3) { ByteMutation.apply(to: &bytes, using: &random) }
      if let problem = Self.problem(with: bytes, outcomes: &outcomes) {
        failures += 1
        // Shrunk to the fewest bytes that still have a problem (cheap: no model is run).
        var ignored = Outcomes()
        let shrunk = FlowShrinker.shrink(bytes, budget: 2_000) {
          Self.problem(with: $0, outcomes: &ignored) != nil
        }
        let shrunkProblem = Self.problem(with: shrunk.input, outcomes: &ignored) ?? problem
        Issue.record(
          Comment(
            rawValue:
              "seed \(inputSeed) (input \(index)): \(problem)\n--- input shrunk from \(bytes.count) to"
              + " \(shrunk.input.count) bytes: \(shrunkProblem) ---\n\(String(decoding: shrunk.input, as: UTF8.self))"
          ))
        if failures >= 5 { return }
      }
    }
  }

  /// What is wrong with the front end's answer for `bytes`, if anything.
  static func problem(with bytes: [UInt8], outcomes: inout Outcomes) -> String? {
    let source = SourceFile(path: "fuzz.flow", bytes: bytes)
    let result = FrontEnd.check(source: source)
    let errors = result.diagnostics.filter { $0.severity == .error }
    outcomes.count(result)
    if let flow = result.flow {
      if !errors.isEmpty { return "a flow despite errors: \(errors)" }
      if flow.coordinators.isEmpty { return "a flow without coordinators" }
    } else if errors.isEmpty {
      return "no flow and no error: \(result.diagnostics)"
    }
    if result.hasErrors != !errors.isEmpty { return "hasErrors disagrees with the diagnostics" }
    if let outside = outsideDiagnostic(result.diagnostics, count: bytes.count) { return outside }
    // The resolver alone must also survive the trees the parser recovers from errors
    // (which the front end does not resolve).
    if let file = result.file, !result.diagnostics.contains(where: { Outcomes.isSemantic($0.id) }),
      result.flow == nil
    {
      let resolved = Resolver.resolve(file, source: source)
      let resolvedErrors = resolved.diagnostics.contains { $0.severity == .error }
      if (resolved.flow == nil) != resolvedErrors { return "resolver: flow == nil must match errors" }
      if let outside = outsideDiagnostic(resolved.diagnostics, count: bytes.count) {
        return "resolver: " + outside
      }
    }
    return nil
  }

  /// How the inputs ended: a flow, syntax errors, or semantic errors.
  struct Outcomes: CustomStringConvertible {
    var flows = 0
    var syntaxErrors = 0
    var semanticErrors = 0

    mutating func count(_ result: FrontEndResult) {
      if result.flow != nil {
        flows += 1
      } else if result.diagnostics.contains(where: { $0.severity == .error && Self.isSemantic($0.id) }) {
        semanticErrors += 1
      } else {
        syntaxErrors += 1
      }
    }

    /// Ids the resolver emits (those from `unknownScreen` on in the catalogue).
    static func isSemantic(_ id: DiagnosticID) -> Bool {
      let all = DiagnosticID.allCases
      return all.firstIndex(of: id)! >= all.firstIndex(of: .unknownScreen)!
    }

    var description: String {
      "\(flows) flows, \(syntaxErrors) with syntax errors, \(semanticErrors) with semantic errors"
    }
  }

  static func outsideDiagnostic(_ diagnostics: [Diagnostic], count: Int) -> String? {
    for diagnostic in diagnostics {
      let offsets = [diagnostic.offset] + diagnostic.notes.map(\.offset)
      if offsets.contains(where: { !(0...count).contains($0) }) {
        return "offset outside the file: \(diagnostic)"
      }
    }
    return nil
  }

  /// The mutations themselves are deterministic.
  @Test func mutationsAreRepeatable() {
    let original = Array("app Shop {\n  window App\n}\n".utf8)
    var first = original
    var second = original
    var random1 = SeededRandom(seed: 7)
    var random2 = SeededRandom(seed: 7)
    for _ in 0..<20 {
      ByteMutation.apply(to: &first, using: &random1)
      ByteMutation.apply(to: &second, using: &random2)
    }
    #expect(first == second)
  }
}

/// Random damage to a file's bytes: ranges deleted, duplicated, swapped; words deleted,
/// duplicated, swapped; random bytes inserted; deep nesting; truncation.
enum ByteMutation: CaseIterable {
  case deleteRange, duplicateRange, swapRanges, deleteWord, duplicateWord, swapWords
  case insertRandomBytes, insertSyntax, deepNesting, truncate

  /// Bytes that stress the lexer: structure, quotes, comment openers, non-ASCII, invalid UTF-8, NUL.
  static let interesting: [[UInt8]] = [
    Array("{".utf8), Array("}".utf8), Array("(".utf8), Array(")".utf8), Array("\"".utf8), Array("/*".utf8),
    Array("*/".utf8), Array("//".utf8), Array("\n".utf8), Array(";".utf8), Array(",".utf8), Array(".".utf8),
    Array(":".utf8), Array("...".utf8), Array("-".utf8), Array("==".utf8), Array("&&".utf8), Array("!".utf8),
    Array("99999999999999999999999".utf8), Array("é".utf8), Array("😀".utf8), [0xFF], [0xC3], [0x00], [0x0D],
    Array("\t".utf8),
  ]
  /// Fragments of the language, in and out of place.
  static let syntax: [String] = [
    "app X { window Y }", "screen ", "coordinator C: NavigationCoordinator { root parent }", "var v = true",
    "var n: 0...3 = 9", "on Home.x { }", "show ", "pop to ", "startChild ", "send m", "if ", "else ",
    "after t { ",
    "animated: false", "expect violation ", "always ", "root tab", "identifier \"", "limits { stack 0 }",
    "handle ", "popBack { pop }", "didFinish ", "event e when ", "top == ", "started(", "onScreen(", "style ",
    "emits a, b", "library router", "TabBarCoordinator", "home ",
  ]

  static func apply(to bytes: inout [UInt8], using random: inout SeededRandom) {
    let mutation = random.element(of: allCases)
    switch mutation {
    case .deleteRange:
      guard let range = randomRange(in: bytes, using: &random) else { return }
      bytes.removeSubrange(range)
    case .duplicateRange:
      guard let range = randomRange(in: bytes, using: &random) else { return }
      bytes.insert(contentsOf: bytes[range], at: random.int(in: 0...bytes.count))
    case .swapRanges:
      guard let first = randomRange(in: bytes, using: &random),
        let second = randomRange(in: bytes, using: &random),
        first.upperBound <= second.lowerBound
      else { return }
      let a = Array(bytes[first])
      let b = Array(bytes[second])
      bytes.replaceSubrange(second, with: a)
      bytes.replaceSubrange(first, with: b)
    case .deleteWord, .duplicateWord, .swapWords:
      var words = words(of: bytes)
      guard !words.isEmpty else { return }
      let index = random.int(in: 0...(words.count - 1))
      switch mutation {
      case .deleteWord: words.remove(at: index)
      case .duplicateWord: words.insert(words[index], at: random.int(in: 0...words.count))
      default: words.swapAt(index, random.int(in: 0...(words.count - 1)))
      }
      bytes = Array(words.joined(separator: [0x20]))
    case .insertRandomBytes:
      for _ in 0..<random.int(in: 1...4) {
        let insertion =
          random.chance(0.5)
          ? random.element(of: interesting)
          : (0..<random.int(in: 1...6)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        bytes.insert(contentsOf: insertion, at: random.int(in: 0...bytes.count))
      }
    case .insertSyntax:
      bytes.insert(contentsOf: Array(random.element(of: syntax).utf8), at: random.int(in: 0...bytes.count))
    case .deepNesting:
      let opener = random.element(of: ["{", "(", "if x { ", "!", "-", "after a { ", "else if x { "])
      let depth = random.int(in: 20...300)
      var nest = Array(String(repeating: opener, count: depth).utf8)
      if random.chance(0.5) {
        let closer = opener.contains("{") ? "}" : (opener == "(" ? ")" : "x")
        nest += Array(String(repeating: closer, count: random.int(in: 0...depth)).utf8)
      }
      bytes.insert(contentsOf: nest, at: random.int(in: 0...bytes.count))
    case .truncate:
      bytes.removeSubrange(random.int(in: 0...bytes.count)..<bytes.count)
    }
  }

  /// A range of up to 40 bytes, or nil for an empty file.
  static func randomRange(in bytes: [UInt8], using random: inout SeededRandom) -> Range<Int>? {
    guard !bytes.isEmpty else { return nil }
    let start = random.int(in: 0...(bytes.count - 1))
    return start..<min(bytes.count, start + random.int(in: 1...40))
  }

  /// Whitespace-separated words (the whitespace itself is lost).
  static func words(of bytes: [UInt8]) -> [ArraySlice<UInt8>] {
    bytes.split(whereSeparator: { $0 == 0x20 || $0 == 0x0A || $0 == 0x09 })
  }
}
