import FlowModel
import Testing

@testable import FlowCheckCLI

@Suite("Argument parsing")
struct ArgumentParsingTests {
  private func parse(_ arguments: [String], existing: Set<String> = []) throws -> Invocation {
    try InvocationParser(pathExists: { existing.contains($0) }).parse(arguments)
  }

  private static func check(_ files: [String], _ change: (inout CheckOptions) -> Void = { _ in })
    -> Invocation
  {
    var options = CheckOptions(files: files)
    change(&options)
    return .check(options)
  }

  private static func simulate(_ file: String, _ change: (inout SimulateOptions) -> Void = { _ in })
    -> Invocation
  {
    var options = SimulateOptions(file: file)
    change(&options)
    return .simulate(options)
  }

  @Test("simulate's defaults: seed 0, 100 runs, 100 steps, text")
  func simulateDefaults() throws {
    guard case .simulate(let options) = try parse(["simulate", "a.flow"]) else {
      Issue.record("not a simulate invocation")
      return
    }
    #expect(options.settings.seed == 0)
    #expect(options.settings.runs == 100)
    #expect(options.settings.steps == 100)
    #expect(options.format == .text)
  }

  static let valid: [(arguments: [String], invocation: Invocation)] = [
    (["a.flow"], check(["a.flow"])),
    (["check", "a.flow", "b.flow"], check(["a.flow", "b.flow"])),
    (["a.flow", "--format", "json"], check(["a.flow"]) { $0.format = .named("json")! }),
    (["a.flow", "--format=json"], check(["a.flow"]) { $0.format = .named("json")! }),
    (["--threads", "2", "a.flow"], check(["a.flow"]) { $0.threads = 2 }),
    (["a.flow", "--threads", "1", "--threads", "4"], check(["a.flow"]) { $0.threads = 4 }),
    (["a.flow", "--max-depth", "12"], check(["a.flow"]) { $0.maxDepth = 12 }),
    (["a.flow", "--max-states", "2_000_000"], check(["a.flow"]) { $0.maxStates = 2_000_000 }),
    (["a.flow", "--max-states", "2M"], check(["a.flow"]) { $0.maxStates = 2_000_000 }),
    (["a.flow", "--max-states", "500k"], check(["a.flow"]) { $0.maxStates = 500_000 }),
    (["a.flow", "--max-seconds", "2.5"], check(["a.flow"]) { $0.maxSeconds = 2.5 }),
    (["a.flow", "--max-memory", "512M"], check(["a.flow"]) { $0.maxMemory = 512 << 20 }),
    (["a.flow", "--max-memory", "2G"], check(["a.flow"]) { $0.maxMemory = 2 << 30 }),
    (["a.flow", "--max-memory", "2gib"], check(["a.flow"]) { $0.maxMemory = 2 << 30 }),
    (["a.flow", "--max-memory", "1.5K"], check(["a.flow"]) { $0.maxMemory = 1536 }),
    (["a.flow", "--max-memory", "4096"], check(["a.flow"]) { $0.maxMemory = 4096 }),
    (["a.flow", "--bitstate", "28"], check(["a.flow"]) { $0.bitstateBits = 28 }),
    (["a.flow", "--stats"], check(["a.flow"]) { $0.stats = true }),
    (
      ["a.flow", "--format", "json", "--stats"],
      check(["a.flow"]) {
        $0.format = .named("json")!
        $0.stats = true
      }
    ),
    (
      ["a.flow", "--no-color", "--quiet"],
      check(["a.flow"]) {
        $0.noColor = true
        $0.quiet = true
      }
    ),
    (["a.flow", "--", "--quiet"], check(["a.flow", "--quiet"])),
    (["a.flow", "--max-traces", "3"], check(["a.flow"]) { $0.maxTraces = 3 }),
    (["a.flow", "--max-traces=0"], check(["a.flow"]) { $0.maxTraces = 0 }),
    (["a.flow", "--no-traces"], check(["a.flow"]) { $0.maxTraces = 0 }),
    (["-", "a.flow"], check(["-", "a.flow"])),
    // A bare word that names an existing file is a file, not a mistyped subcommand.
    (["chek"], check(["chek"])),
    (["fmt", "a.flow"], .format(FormatOptions(files: ["a.flow"]))),
    (["fmt", "a.flow", "--check"], .format(FormatOptions(files: ["a.flow"], mode: .check))),
    (
      ["fmt", "--in-place", "a.flow", "b.flow"],
      .format(FormatOptions(files: ["a.flow", "b.flow"], mode: .inPlace))
    ),
    (["fmt", "a.flow", "--no-color"], .format(FormatOptions(files: ["a.flow"], noColor: true))),
    (["simulate", "a.flow"], simulate("a.flow")),
    (
      ["simulate", "a.flow", "--seed", "7", "--runs", "10k", "--steps", "50"],
      simulate("a.flow") {
        $0.settings.seed = 7
        $0.settings.runs = 10_000
        $0.settings.steps = 50
      }
    ),
    (
      ["simulate", "--seed=9223372036854775807", "a.flow", "--format", "json", "--no-color", "--quiet"],
      simulate("a.flow") {
        $0.settings.seed = 9_223_372_036_854_775_807
        $0.format = .named("json")!
        $0.noColor = true
        $0.quiet = true
      }
    ),
    (["simulate", "--", "--seed"], simulate("--seed")),
    (["explain", "can-return"], .explain(id: "can-return")),
    (["explain"], .explain(id: nil)),
    (["help"], .help(nil)),
    (["help", "fmt"], .help(.fmt)),
    (["--version"], .version),
  ]

  @Test("valid command lines", arguments: valid)
  func validCommandLine(testCase: (arguments: [String], invocation: Invocation)) throws {
    #expect(try parse(testCase.arguments, existing: ["chek"]) == testCase.invocation)
  }

  @Test(
    "sizes",
    arguments: [
      ("1", 1), ("1B", 1), ("1k", 1024), ("1KB", 1024), ("1KiB", 1024), ("3M", 3 << 20), ("1T", 1 << 40),
    ])
  func sizes(text: String, bytes: Int) {
    #expect(OptionValue.size(text) == bytes)
  }

  @Test("rejected sizes", arguments: ["", "G", "0", "-1G", "1.2.3M", "1iB", "12Q", "1e3"])
  func rejectedSizes(text: String) {
    #expect(OptionValue.size(text) == nil)
  }

  @Test(
    "counts", arguments: [("7", 7), ("1_000", 1000), ("3k", 3000), ("2M", 2_000_000), ("1G", 1_000_000_000)])
  func counts(text: String, value: Int) {
    #expect(OptionValue.count(text, in: 1...Int.max) == value)
  }

  @Test("rejected counts", arguments: ["", "0", "k", "-3", "1.5M", "99999999999999999999", "9999999999999G"])
  func rejectedCounts(text: String) {
    #expect(OptionValue.count(text, in: 1...Int.max) == nil)
  }
}

@Suite("Did you mean")
struct SuggestionTests {
  static let cases: [(word: String, candidates: [String], expected: String?)] = [
    ("--treads", OptionSpec.checkOptions.map(\.name), "--threads"),
    ("--max", OptionSpec.checkOptions.map(\.name), nil),
    ("--max-st", OptionSpec.checkOptions.map(\.name), "--max-states"),
    ("--bitsate", OptionSpec.checkOptions.map(\.name), "--bitstate"),
    ("--stat", OptionSpec.checkOptions.map(\.name), "--stats"),
    ("--sed", OptionSpec.simulateOptions.map(\.name), "--seed"),
    ("--run", OptionSpec.simulateOptions.map(\.name), "--runs"),
    ("simulte", Subcommand.names, "simulate"),
    ("sim", Subcommand.names, "simulate"),
    ("chekc", Subcommand.names, "check"),
    ("CHECK", Subcommand.names, "check"),
    ("xyz", Subcommand.names, nil),
    ("", Subcommand.names, nil),
    ("orphan", Invariant.ids, "orphan-child"),
    ("uikit", Invariant.ids, nil),
    ("uikit-nop", Invariant.ids, "uikit-noop"),
  ]

  @Test("closest candidate", arguments: cases)
  func closest(testCase: (word: String, candidates: [String], expected: String?)) {
    #expect(Suggestion.closest(to: testCase.word, among: testCase.candidates) == testCase.expected)
  }

  @Test(
    "edit distance",
    arguments: [
      ("", "", 0), ("a", "", 1), ("kitten", "sitting", 3), ("chek", "check", 1), ("ab", "ba", 1),
      ("abc", "abc", 0),
    ])
  func distance(lhs: String, rhs: String, expected: Int) {
    #expect(Suggestion.editDistance(lhs, rhs) == expected)
    #expect(Suggestion.editDistance(rhs, lhs) == expected)
  }
}
