import Testing

@testable import FlowCheckCLI

@Suite("Usage errors")
struct UsageErrorTests {
  /// Arguments, the exact first line on stderr, and the help it points at.
  static let cases: [(arguments: [String], error: String, help: String)] = [
    (
      ["a.flow", "--treads", "2"], "Error: unknown option '--treads'; did you mean '--threads'?", "flowcheck"
    ),
    (
      ["a.flow", "--max-dept=3"], "Error: unknown option '--max-dept'; did you mean '--max-depth'?",
      "flowcheck"
    ),
    (["a.flow", "--quite"], "Error: unknown option '--quite'; did you mean '--quiet'?", "flowcheck"),
    (
      ["a.flow", "--no-colour"], "Error: unknown option '--no-colour'; did you mean '--no-color'?",
      "flowcheck"
    ),
    (["a.flow", "--zzz"], "Error: unknown option '--zzz'", "flowcheck"),
    (["a.flow", "-x"], "Error: unknown option '-x'", "flowcheck"),
    (["chek", "Specs/shop.flow"], "Error: unknown subcommand 'chek'; did you mean 'check'?", "flowcheck"),
    (["fnt", "a.flow"], "Error: unknown subcommand 'fnt'; did you mean 'fmt'?", "flowcheck"),
    (
      ["explian", "shadow-sync"], "Error: unknown subcommand 'explian'; did you mean 'explain'?", "flowcheck"
    ),
    (["replay", "shop.flow"], "Error: missing expected argument '<trace>'", "flowcheck replay"),
    (["graf", "shop.flow"], "Error: unknown subcommand 'graf'", "flowcheck"),
    (["help", "exlpain"], "Error: unknown subcommand 'exlpain'; did you mean 'explain'?", "flowcheck"),
    ([], "Error: missing expected argument '<file> ...'", "flowcheck"),
    (["check"], "Error: missing expected argument '<file> ...'", "flowcheck"),
    (["--quiet"], "Error: missing expected argument '<file> ...'", "flowcheck"),
    (["a.flow", "--threads"], "Error: missing value for '--threads <n>'", "flowcheck"),
    (["a.flow", "--threads", "--quiet"], "Error: missing value for '--threads <n>'", "flowcheck"),
    (
      ["a.flow", "--threads", "0"],
      "Error: invalid value '0' for '--threads <n>'; expected a whole number from 1 to 1024", "flowcheck"
    ),
    (
      ["a.flow", "--threads", "two"],
      "Error: invalid value 'two' for '--threads <n>'; expected a whole number from 1 to 1024", "flowcheck"
    ),
    (
      ["a.flow", "--max-depth", "-1"],
      "Error: invalid value '-1' for '--max-depth <n>'; expected a positive whole number", "flowcheck"
    ),
    (
      ["a.flow", "--max-states", "lots"],
      "Error: invalid value 'lots' for '--max-states <n>'; expected a positive whole number such as 2000000 or 2M",
      "flowcheck"
    ),
    (
      ["a.flow", "--max-seconds", "0"],
      "Error: invalid value '0' for '--max-seconds <seconds>'; expected a positive number of seconds",
      "flowcheck"
    ),
    (
      ["a.flow", "--max-memory", "2X"],
      "Error: invalid value '2X' for '--max-memory <size>'; expected a size such as 512M or 2G", "flowcheck"
    ),
    (
      ["a.flow", "--bitstate", "8"],
      "Error: invalid value '8' for '--bitstate <bits>'; expected a whole number from 16 to 40", "flowcheck"
    ),
    (
      ["a.flow", "--format", "jsn"],
      "Error: invalid value 'jsn' for '--format <format>'; did you mean 'json'?", "flowcheck"
    ),
    (
      ["a.flow", "--format", "xml"],
      "Error: invalid value 'xml' for '--format <format>'; expected 'text', 'json', 'xcode', 'junit', 'sarif', 'github-actions-logging' or 'checkstyle'",
      "flowcheck"
    ),
    (["a.flow", "--quiet=yes"], "Error: option '--quiet' takes no value", "flowcheck"),
    (["fmt"], "Error: missing expected argument '<file> ...'", "flowcheck fmt"),
    (
      ["fmt", "a.flow", "--chek"], "Error: unknown option '--chek'; did you mean '--check'?", "flowcheck fmt"
    ),
    (["fmt", "a.flow", "--threads", "2"], "Error: unknown option '--threads'", "flowcheck fmt"),
    (
      ["fmt", "a.flow", "--check", "--in-place"], "Error: '--check' and '--in-place' cannot be used together",
      "flowcheck fmt"
    ),
    (
      ["a.flow", "--bitstate", "30", "--max-memory", "1M"],
      "Error: '--bitstate 30' needs 128 MiB for its table, more than the memory limit of 1 MiB", "flowcheck"
    ),
    (["a.flow", "--stats=yes"], "Error: option '--stats' takes no value", "flowcheck"),
    (["a.flow", "--seed", "3"], "Error: unknown option '--seed'", "flowcheck"),
    (["simulte", "a.flow"], "Error: unknown subcommand 'simulte'; did you mean 'simulate'?", "flowcheck"),
    (["simulate"], "Error: missing expected argument '<file>'", "flowcheck simulate"),
    (["simulate", "a.flow", "b.flow"], "Error: unexpected argument 'b.flow'", "flowcheck simulate"),
    (
      ["simulate", "a.flow", "--sed", "3"], "Error: unknown option '--sed'; did you mean '--seed'?",
      "flowcheck simulate"
    ),
    (["simulate", "a.flow", "--threads", "2"], "Error: unknown option '--threads'", "flowcheck simulate"),
    (["simulate", "a.flow", "--seed"], "Error: missing value for '--seed <seed>'", "flowcheck simulate"),
    (
      ["simulate", "a.flow", "--seed", "-1"],
      "Error: invalid value '-1' for '--seed <seed>'; expected a whole number from 0 to 9223372036854775807",
      "flowcheck simulate"
    ),
    (
      ["simulate", "a.flow", "--seed", "1e3"],
      "Error: invalid value '1e3' for '--seed <seed>'; expected a whole number from 0 to 9223372036854775807",
      "flowcheck simulate"
    ),
    (
      ["simulate", "a.flow", "--runs", "0"],
      "Error: invalid value '0' for '--runs <n>'; expected a positive whole number such as 1000 or 10k",
      "flowcheck simulate"
    ),
    (
      ["simulate", "a.flow", "--steps", "many"],
      "Error: invalid value 'many' for '--steps <n>'; expected a positive whole number", "flowcheck simulate"
    ),
    (
      ["simulate", "a.flow", "--format", "jsno"],
      "Error: invalid value 'jsno' for '--format <format>'; did you mean 'json'?", "flowcheck simulate"
    ),
    (
      ["explain", "shadow-sync", "dead-screen"], "Error: unexpected argument 'dead-screen'",
      "flowcheck explain"
    ),
    (
      ["explain", "shadow-synk"], "Error: unknown invariant 'shadow-synk'; did you mean 'shadow-sync'?",
      "flowcheck explain"
    ),
    (
      ["explain", "deadscreen"], "Error: unknown invariant 'deadscreen'; did you mean 'dead-screen'?",
      "flowcheck explain"
    ),
    (["explain", "nothing-like-it"], "Error: unknown invariant 'nothing-like-it'", "flowcheck explain"),
  ]

  @Test("usage errors: message, usage line, help pointer, exit 64", arguments: cases)
  func usageError(testCase: (arguments: [String], error: String, help: String)) {
    let run = CommandRun(testCase.arguments)
    #expect(run.status == 64)
    #expect(run.stdout.isEmpty)
    let lines = run.stderrLines
    #expect(lines.count == 3)
    #expect(lines.first == testCase.error)
    #expect(lines.dropFirst().first?.hasPrefix("Usage: \(testCase.help) ") == true)
    #expect(lines.last == "See '\(testCase.help) --help'.")
  }

  @Test("the usage line of an error is the command's first usage line")
  func usageLine() {
    #expect(
      CommandRun(["a.flow", "--treads"]).stderrLines[1] == "Usage: flowcheck [check] <file> ... [<options>]")
    #expect(CommandRun(["explain", "nope"]).stderrLines[1] == "Usage: flowcheck explain [<id>]")
    #expect(
      CommandRun(["simulate"]).stderrLines[1]
        == "Usage: flowcheck simulate <file> [<options>]")
  }
}
