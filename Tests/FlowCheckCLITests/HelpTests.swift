import FlowModel
import Testing

@testable import FlowCheckCLI

@Suite("Help and version")
struct HelpTests {
  /// The ways to ask for help, and the title of the overview they must show.
  static let requests: [(arguments: [String], overview: String, hasSubcommands: Bool)] = [
    (["--help"], "OVERVIEW: An explicit-state model checker for iOS navigation flows.", true),
    (["-h"], "OVERVIEW: An explicit-state model checker for iOS navigation flows.", true),
    (["help"], "OVERVIEW: An explicit-state model checker for iOS navigation flows.", true),
    (
      ["Specs/shop.flow", "--help"], "OVERVIEW: An explicit-state model checker for iOS navigation flows.",
      true
    ),
    (["check", "--help"], "OVERVIEW: Check .flow files (the default subcommand).", false),
    (["help", "check"], "OVERVIEW: Check .flow files (the default subcommand).", false),
    (["fmt", "--help"], "OVERVIEW: Print .flow files in canonical form, comments kept.", false),
    (["fmt", "a.flow", "-h"], "OVERVIEW: Print .flow files in canonical form, comments kept.", false),
    (["help", "fmt"], "OVERVIEW: Print .flow files in canonical form, comments kept.", false),
    (["explain", "--help"], "OVERVIEW: Explain an invariant", false),
    (["help", "explain"], "OVERVIEW: Explain an invariant", false),
    (["help", "help"], "OVERVIEW: Show help for flowcheck or one of its subcommands.", false),
    (
      ["simulate", "--help"], "OVERVIEW: Look for violations with seeded random walks (not verification).",
      false
    ),
    (
      ["simulate", "a.flow", "-h"],
      "OVERVIEW: Look for violations with seeded random walks (not verification).", false
    ),
    (
      ["help", "simulate"], "OVERVIEW: Look for violations with seeded random walks (not verification).",
      false
    ),
  ]

  @Test("help has its sections", arguments: requests)
  func helpSections(request: (arguments: [String], overview: String, hasSubcommands: Bool)) {
    let run = CommandRun(request.arguments)
    #expect(run.status == 0)
    #expect(run.stderr.isEmpty)
    #expect(run.stdout.hasPrefix(request.overview))
    for section in ["\nUSAGE: flowcheck", "\nARGUMENTS:\n", "\nOPTIONS:\n", "-h, --help"] {
      #expect(run.stdout.contains(section), "missing \(section)")
    }
    #expect(run.stdout.contains("\nSUBCOMMANDS:\n") == request.hasSubcommands)
  }

  @Test("root help lists every subcommand, every check option and the exit codes")
  func rootHelpContents() {
    let help = CommandRun(["--help"]).stdout
    for subcommand in Subcommand.allCases {
      #expect(help.contains("\n  \(subcommand.rawValue)"), "missing subcommand \(subcommand)")
    }
    for option in OptionSpec.checkOptions + [.version] {
      #expect(help.contains("  \(option.usageText)"), "missing option \(option.name)")
    }
    for code in ExitCode.allCases {
      #expect(help.contains("\n  \(code.rawValue) "), "missing exit code \(code.rawValue)")
    }
  }

  @Test("help lines fit in 80 columns", arguments: [nil] + Subcommand.allCases.map(Optional.some))
  func helpWidth(subcommand: Subcommand?) {
    let help = HelpText.render(CommandSpec.spec(for: subcommand))
    for line in help.split(separator: "\n") {
      #expect(line.count <= HelpText.width, "too long: \(line)")
    }
  }

  @Test("fmt help names its modes")
  func formatHelp() {
    let help = CommandRun(["fmt", "--help"]).stdout
    #expect(help.contains("USAGE: flowcheck fmt <file> ... [--check] [--no-color]"))
    #expect(help.contains("       flowcheck fmt <file> ... --in-place [--overwrite-read-only] [--no-color]"))
    #expect(help.contains("  --check"))
    #expect(help.contains("  --in-place"))
  }

  @Test("simulate help lists its options and defaults, and says it is not verification")
  func simulateHelp() {
    let help = CommandRun(["simulate", "--help"]).stdout
    for option in OptionSpec.simulateOptions {
      #expect(help.contains("  \(option.usageText)"), "missing option \(option.name)")
    }
    for text in ["(default: 0)", "(default: 100)", "not verification"] {
      #expect(help.contains(text), "missing \(text)")
    }
    #expect(CommandRun(["--help"]).stdout.contains("\n  simulate                  Look for violations"))
  }

  @Test("check help documents --stats, the memory default and partial bitstate results")
  func checkHelpDocumentsNewOptions() {
    let help = CommandRun(["check", "--help"]).stdout.replacing(/\s+/, with: " ")
    #expect(help.contains("--stats"))
    #expect(help.contains("(default: 75% of physical memory)"))
    #expect(help.contains("partial (exit 2), never verified"))
  }

  @Test("explain help lists the invariant ids")
  func explainHelp() {
    let help = CommandRun(["explain", "--help"]).stdout
    for id in Invariant.ids {
      #expect(help.contains(id), "missing \(id)")
    }
  }

  @Test(
    "--version prints the version",
    arguments: [["--version"], ["check", "--version"], ["a.flow", "--version"]])
  func version(arguments: [String]) {
    let run = CommandRun(arguments)
    #expect(run.status == 0)
    #expect(run.stdout == "flowcheck 0.1.0\n")
    #expect(run.stderr.isEmpty)
  }

  @Test("'--help' after '--' is a file name, not a request for help")
  func helpAfterDoubleDash() {
    let run = CommandRun(["--", "--help"])
    #expect(run.status == 66)
    #expect(run.stdout.isEmpty)
    #expect(run.stderr == "--help:1:1: error: cannot read file: no such file or directory\n")
  }
}
