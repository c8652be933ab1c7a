import Foundation
import Testing

@testable import FlowCheckCLI

/// `flowcheck --generate-completion-script SHELL`, completed by the real shells.
///
/// Each script is pinned in `GoldenCompletion/` (re-record with `FLOWCHECK_RECORD_GOLDEN=1`),
/// so a machine without a shell still checks the text that the shell tests below ran. Where
/// bash, zsh or fish is installed, the same table of command lines is completed in it,
/// non-interactively: bash calls `_flowcheck` with `COMP_WORDS` set; zsh runs an interactive
/// shell on a pseudo-terminal (`zsh/zpty`), presses Tab and records what `compadd` was given;
/// fish answers `complete -C`. A test for a shell that is not installed is skipped, and says
/// so; `apt-get install zsh fish` or `brew install zsh fish` installs them.
@Suite struct CompletionScriptTests {
  static let goldenDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("GoldenCompletion")

  @Test(arguments: CompletionScript.shells)
  func theScriptMatchesItsGoldenFile(shell: String) throws {
    let script = CommandRun(["--generate-completion-script", shell]).stdout
    try GraphCommandTests.expectGolden(script, "flowcheck.\(shell).golden", in: Self.goldenDirectory)
  }

  /// A command line as typed, up to the cursor, and the candidates every shell offers there:
  /// sorted, without repeats, a directory without its trailing `/`.
  struct Probe: CustomTestStringConvertible, Sendable {
    var line: String
    var candidates: [String]
    var testDescription: String { "'\(line)'" }
  }

  static let formats = OutputFormat.all.map(\.name).sorted()

  /// The table every shell is checked against, in the directory `makeDirectory` builds.
  static let probes: [Probe] = [
    Probe(line: "flowcheck --max-t", candidates: ["--max-traces"]),
    Probe(line: "flowcheck --for", candidates: ["--format"]),
    Probe(line: "flowcheck --reporter chec", candidates: ["checkstyle"]),
    Probe(line: "flowcheck --format sa", candidates: ["sarif"]),
    Probe(line: "flowcheck --format ", candidates: formats),
    Probe(line: "flowcheck simulate x.flow --format ", candidates: ["json", "text"]),
    Probe(line: "flowcheck --threads ", candidates: []),
    Probe(line: "flowcheck explain dead", candidates: ["dead-screen"]),
    Probe(line: "flowcheck fmt --ch", candidates: ["--check"]),
    Probe(line: "flowcheck Specs/", candidates: ["Specs/shop.flow"]),
    Probe(line: "flowcheck ", candidates: (Subcommand.names + ["Specs", "out"]).sorted()),
    Probe(line: "flowcheck check ", candidates: ["Specs", "out"]),
    Probe(line: "flowcheck replay ", candidates: ["Specs", "out"]),
    Probe(line: "flowcheck replay Specs/shop.flow ", candidates: ["Specs", "out", "trace.json"]),
    Probe(line: "flowcheck replay --no-color Specs/shop.flow t", candidates: ["trace.json"]),
    Probe(line: "flowcheck merge ", candidates: ["Specs", "out", "trace.json"]),
    Probe(line: "flowcheck merge a.json ", candidates: ["Specs", "out", "trace.json"]),
    Probe(line: "flowcheck --trace-dir ", candidates: ["Specs", "out"]),
    Probe(line: "flowcheck tests x.flow --xcuitest ", candidates: ["Specs", "out"]),
  ]

  /// A scratch directory whose `work/` (the probes' working directory) holds a flow, a
  /// trace, a text file and an empty directory, and whose `completion/` holds the script,
  /// named `_flowcheck` (zsh's name for it) or `flowcheck.SHELL`.
  static func makeDirectory(shell: String) throws -> (ScratchDirectory, work: URL, script: String) {
    let directory = try ScratchDirectory()
    for name in ["work/Specs", "work/out", "completion"] {
      try FileManager.default.createDirectory(atPath: directory.path(name), withIntermediateDirectories: true)
    }
    try directory.write("work/Specs/shop.flow", "")
    try directory.write("work/trace.json", "{}")
    try directory.write("work/notes.txt", "")
    let script = try directory.write(
      shell == "zsh" ? "completion/_flowcheck" : "completion/flowcheck.\(shell)",
      CommandRun(["--generate-completion-script", shell]).stdout)
    return (directory, directory.url.appendingPathComponent("work"), script)
  }

  /// The path of `shell` when it is installed.
  static func path(of shell: String) -> String? {
    ["/bin/", "/usr/bin/", "/usr/local/bin/", "/opt/homebrew/bin/"].map { $0 + shell }
      .first(where: FileManager.default.isExecutableFile(atPath:))
  }

  /// Runs `shell` with `arguments` in `directory`: its exit status and what it printed.
  static func run(_ shell: String, _ arguments: [String], in directory: URL) throws -> (Int32, String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: try #require(path(of: shell)))
    process.arguments = arguments
    process.currentDirectoryURL = directory
    process.environment = [
      "PATH": "/usr/bin:/bin", "HOME": directory.path, "TERM": "dumb", "LANG": "C.UTF-8",
    ]
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: output, as: UTF8.self))
  }

  /// The candidates of each probe from output that prints `==` before each probe's, one a line.
  static func candidates(_ output: String) -> [[String]] {
    output.split(separator: "==\n", omittingEmptySubsequences: false).dropFirst().map { block in
      let words = block.split(separator: "\n").map { $0.hasSuffix("/") ? String($0.dropLast()) : String($0) }
      return Array(Set(words)).sorted()
    }
  }

  static func expect(_ output: String, shell: String) {
    let found = candidates(output)
    #expect(found.count == probes.count, "\(shell) printed:\n\(output)")
    for (probe, candidates) in zip(probes, found) {
      #expect(candidates == probe.candidates, "\(shell): '\(probe.line)'")
    }
  }

  /// A shell word in single quotes.
  static func quoted(_ text: String) -> String { "'" + text.replacing("'", with: "'\\''") + "'" }

  @Test(
    "bash completes the table",
    .enabled(if: path(of: "bash") != nil, "bash is not installed: only the golden file is checked"))
  func bashCompletes() throws {
    let (directory, work, script) = try Self.makeDirectory(shell: "bash")
    defer { directory.remove() }
    // Each line is split into words as readline does for these lines: at spaces, an empty
    // last word when it ends in one.
    let probes = Self.probes.map { probe in
      let words = probe.line.split(separator: " ", omittingEmptySubsequences: false).map {
        Self.quoted(String($0))
      }
      return "probe \(words.joined(separator: " "))"
    }
    let (status, output) = try Self.run(
      "bash",
      [
        "--norc", "-c",
        """
        source \(Self.quoted(script))
        probe() {
          COMP_WORDS=("$@"); COMP_CWORD=$(( $# - 1 )); COMPREPLY=(); _flowcheck
          echo ==; if (( ${#COMPREPLY[@]} )); then printf '%s\\n' "${COMPREPLY[@]}"; fi
        }
        \(probes.joined(separator: "\n"))
        """,
      ], in: work)
    #expect(status == 0)
    Self.expect(output, shell: "bash")
  }

  @Test(
    "fish completes the table",
    .enabled(if: path(of: "fish") != nil, "fish is not installed: only the golden file is checked"))
  func fishCompletes() throws {
    let (directory, work, script) = try Self.makeDirectory(shell: "fish")
    defer { directory.remove() }
    let probes = Self.probes.map {
      "echo ==; complete -C \(Self.quoted($0.line)) | string replace -r '\\t.*' ''"
    }
    let (status, output) = try Self.run(
      "fish", ["--no-config", "-c", "source \(Self.quoted(script))\n" + probes.joined(separator: "\n")],
      in: work)
    #expect(status == 0)
    Self.expect(output, shell: "fish")
  }

  /// Run as `zsh -f complete.zsh SETUP FPATH LINE…`: for each line, an interactive zsh on a
  /// pseudo-terminal sources SETUP, the line is typed with a Tab after it, and each candidate
  /// the completion adds is printed after a line `==`.
  static let zshDriver = #"""
    zmodload zsh/zpty || exit 3
    setopt extendedglob
    local setup=$1 directory=$2 line
    shift 2
    for typed in "$@"; do
      print -r -- '=='
      zpty completion zsh -f -i
      zpty -w completion "source ${(q)setup} ${(q)directory}"
      while zpty -r completion line; do [[ $line == *'<<ready>>'* ]] && break; done
      zpty -w completion "$typed"$'\t'
      while zpty -r completion line; do
        line=${${line//$'\r'/}%$'\n'}
        [[ $line == *'<<done>>'* ]] && break
        [[ $line == (#b)*'<<'(*)'>>' ]] && print -r -- $match[1]
      done
      zpty -d completion
    done
    """#

  /// Sourced by the interactive zsh: compinit with the script's directory on `$fpath`, and a
  /// `compadd` that prints each match it is given (between `<<` and `>>`, with the prefix
  /// zsh would insert) before adding it; the shell exits when the completion ends.
  static let zshSetup = #"""
    fpath=($1 $fpath)
    PROMPT='' RPROMPT=''
    unsetopt beep
    autoload -Uz compinit && compinit -u -D
    zmodload zsh/zutil
    zstyle ':completion:*' insert-tab false
    compadd() {
      if [[ ${@[1,(i)(-|--)]} == *-(O|A|D)\ * ]]; then builtin compadd "$@"; return; fi
      local -a __found __p __P
      zparseopts -E p:=__p P:=__P
      builtin compadd -A __found "$@"
      local __match
      for __match in $__found; do print -r -- "<<$IPREFIX${__P[2]}${__p[2]}$__match>>"; done
      builtin compadd "$@"
    }
    __flowcheck_done() { print -r -- '<<done>>'; exit }
    comppostfuncs=(__flowcheck_done)
    bindkey '^M' undefined-key
    print -r -- '<<ready>>'
    """#

  @Test(
    "zsh completes the table",
    .enabled(if: path(of: "zsh") != nil, "zsh is not installed: only the golden file is checked"))
  func zshCompletes() throws {
    let (directory, work, script) = try Self.makeDirectory(shell: "zsh")
    defer { directory.remove() }
    let driver = try directory.write("completion/complete.zsh", Self.zshDriver)
    let setup = try directory.write("completion/setup.zsh", Self.zshSetup)
    let scriptDirectory = URL(fileURLWithPath: script).deletingLastPathComponent().path
    let (status, output) = try Self.run(
      "zsh", ["-f", driver, setup, scriptDirectory] + Self.probes.map(\.line), in: work)
    #expect(status == 0)
    #expect(!output.contains("_arguments:"), "\(output)")
    Self.expect(output, shell: "zsh")
  }
}
