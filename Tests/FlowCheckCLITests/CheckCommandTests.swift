import FlowLanguage
import FlowTestSupport
import Foundation
import Testing

@testable import FlowCheckCLI

@Suite("check")
struct CheckCommandTests {
  /// Flows and the exit code `check` must map the checker's verdict to.
  static let verdicts: [(name: String, flow: String, options: [String], status: Int32)] = [
    ("verified", Fixture.valid, [], 0),
    ("violated", Fixture.violating, [], 1),
    ("incomplete", Fixture.valid, ["--max-states", "1"], 2),
  ]

  @Test("the verdict is the exit code; the report names the file on stdout", arguments: verdicts)
  func verdict(testCase: (name: String, flow: String, options: [String], status: Int32)) throws {
    let directory = try ScratchDirectory()
    defer { directory.remove() }
    let path = try directory.write("\(testCase.name).flow", testCase.flow)
    for arguments in [[path] + testCase.options, ["check", path] + testCase.options] {
      let run = CommandRun(arguments)
      #expect(run.status == testCase.status, "stderr: \(run.stderr)")
      #expect(run.stdout.contains(path))
      #expect(!run.stderr.contains("error:"))
    }
  }

  @Test("--quiet prints the title, the verdict and the expectation, no trace, with the same exit code")
  func quiet() throws {
    let directory = try ScratchDirectory()
    defer { directory.remove() }
    let path = try directory.write("violating.flow", Fixture.violating)
    let full = CommandRun([path])
    let quiet = CommandRun([path, "--quiet"])
    #expect(quiet.status == full.status)
    #expect(
      quiet.stdout == """
        flowcheck \(path) — app StopChild, runtime radianttap

        verdict: VIOLATED — 2 violation(s): dead-screen, delegate-owner

        """)
    #expect(quiet.stderr.isEmpty)
  }

  @Test("--max-traces N tells the first N stories and names the others; --no-traces is 0")
  func maxTraces() throws {
    let directory = try ScratchDirectory()
    defer { directory.remove() }
    let path = try directory.write("violating.flow", Fixture.violating)
    let full = CommandRun([path])
    let one = CommandRun([path, "--max-traces", "1"])
    let none = CommandRun([path, "--no-traces"])
    #expect(full.stdout.components(separatedBy: "\nviolation: ").count == 3)
    #expect(one.stdout.components(separatedBy: "\nviolation: ").count == 2)
    #expect(one.stdout.contains("\ntraces left out (--max-traces 1): delegate-owner\n"))
    #expect(!none.stdout.contains("\nviolation: "))
    #expect(none.stdout.contains("\ntraces left out (--max-traces 0): dead-screen, delegate-owner\n"))
    #expect(Set([full.status, one.status, none.status]) == [1])
    #expect(CommandRun([path, "--max-traces", "5"]).stdout == full.stdout)

    let json = CommandRun([path, "--format", "json", "--max-traces", "1"])
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    let violations = try #require(object["violations"] as? [[String: Any]])
    #expect(violations.map { $0["id"] as? String } == ["dead-screen", "delegate-owner"])
    #expect((violations[0]["steps"] as? [Any])?.count == 2)
    #expect(violations[0]["traceOmitted"] == nil)
    #expect((violations[1]["steps"] as? [Any])?.isEmpty == true)
    #expect(violations[1]["traceOmitted"] as? Bool == true)
  }

  @Test("a run cut by a limit says so in the verdict line even when it found violations")
  func violatedButIncomplete() throws {
    let directory = try ScratchDirectory()
    defer { directory.remove() }
    // The violating fixture with a Detail screen that pushes itself: deeper than 2 events.
    let deeper = Fixture.violating.replacingOccurrences(
      of: "  handle editingDone",
      with: "  on Home.open { show Detail }\n  on Detail.open { show Detail }\n  handle editingDone"
    ).replacingOccurrences(of: "screen Editor\n", with: "screen Editor\nscreen Detail\n")
    let path = try directory.write("violating.flow", deeper)
    let run = CommandRun([path, "--max-depth", "2", "--quiet"])
    #expect(run.status == 1)
    #expect(
      run.stdout.hasSuffix(
        "verdict: VIOLATED — 2 violation(s): dead-screen, delegate-owner "
          + "(exploration incomplete: depth limit 2 reached with states left to explore)\n"
      ), "\(run.stdout)")
    #expect(CommandRun([path, "--quiet"]).stdout.hasSuffix("dead-screen, delegate-owner\n"))
  }

  @Test("a directory stands for every .flow file under it, sorted; hidden directories are skipped")
  func directoryArgument() throws {
    let directory = try ScratchDirectory()
    defer { directory.remove() }
    try FileManager.default.createDirectory(atPath: directory.path("sub"), withIntermediateDirectories: true)
    try FileManager.default.createDirectory(
      atPath: directory.path(".build"), withIntermediateDirectories: true)
    let b = try directory.write("b.flow", Fixture.valid)
    let a = try directory.write("sub/a.flow", Fixture.violating)
    let c = try directory.write("c.flow", Fixture.valid)
    try directory.write("notes.txt", "not a flow")
    try directory.write(".build/hidden.flow", "broken")
    let run = CommandRun([directory.url.path, "--quiet"])
    #expect(run.status == 1)
    let titles = run.stdout.split(separator: "\n").filter { $0.hasPrefix("flowcheck ") }
    #expect(titles.map { $0.split(separator: " ")[1] }.map(String.init) == [b, c, a])
    #expect(run.stderr.isEmpty)

    let format = CommandRun(["fmt", "--check", directory.url.path + "/"])
    #expect(format.status == 0, "\(format.stderr)")
  }

  @Test("a directory without a .flow file: 'path:1:1: error: …', exit 66, other arguments still checked")
  func emptyDirectory() throws {
    let directory = try ScratchDirectory()
    defer { directory.remove() }
    let empty = directory.path("empty.flow")
    try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: false)
    let valid = try directory.write("valid.flow", Fixture.valid)
    for arguments in [[empty, valid], ["fmt", "--check", empty, valid]] {
      let run = CommandRun(arguments)
      #expect(run.status == 66)
      #expect(
        run.stderrLines.first
          == "\(empty):1:1: error: no .flow file in this directory or below it (hidden ones skipped); pass .flow files or a directory holding some"
      )
    }
    #expect(CommandRun([empty, valid]).stdout.contains(valid))
  }

  @Test("--format json prints one JSON object per file and line, with a schema version")
  func json() throws {
    let directory = try ScratchDirectory()
    defer { directory.remove() }
    let first = try directory.write("a.flow", Fixture.valid)
    let second = try directory.write("b.flow", Fixture.violating)
    let run = CommandRun([first, second, "--format", "json"])
    #expect(run.status == 1)
    let lines = run.stdout.split(separator: "\n")
    #expect(lines.count == 2)
    for (line, path) in zip(lines, [first, second]) {
      let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      #expect(object["schemaVersion"] as? Int == 1)
      #expect(object["path"] as? String == path)
    }
  }

  @Test("several files: each is reported, in order")
  func severalFiles() throws {
    let directory = try ScratchDirectory()
    defer { directory.remove() }
    let first = try directory.write("a.flow", Fixture.valid)
    let second = try directory.write("b.flow", Fixture.valid)
    let run = CommandRun([first, second])
    #expect(run.status == 0)
    let firstAt = try #require(run.stdout.range(of: first))
    let secondAt = try #require(run.stdout.range(of: second))
    #expect(firstAt.lowerBound < secondAt.lowerBound)
  }

  /// What cannot be read, and the reason printed after `path:1:1: error: cannot read file: `.
  static let unreadable: [(name: String, makeDirectory: Bool, reason: String)] = [
    ("missing.flow", false, "no such file or directory")
  ]

  @Test("a file that cannot be read: 'path: error: …' and exit 66", arguments: unreadable)
  func unreadableFile(testCase: (name: String, makeDirectory: Bool, reason: String)) throws {
    let directory = try ScratchDirectory()
    defer { directory.remove() }
    let path = directory.path(testCase.name)
    if testCase.makeDirectory {
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    }
    for arguments in [[path], ["fmt", path], ["fmt", "--check", path]] {
      let run = CommandRun(arguments)
      #expect(run.status == 66)
      #expect(run.stdout.isEmpty)
      #expect(run.stderr == "\(path):1:1: error: cannot read file: \(testCase.reason)\n")
    }
  }

  @Test("every file is checked; the worst outcome is the exit code")
  func worstOutcome() throws {
    let directory = try ScratchDirectory()
    defer { directory.remove() }
    let valid = try directory.write("valid.flow", Fixture.valid)
    let broken = try directory.write("broken.flow", Fixture.marked(Fixture.misspelledScreen).text)
    let missing = directory.path("missing.flow")
    #expect(CommandRun([valid, broken]).status == 65)
    #expect(CommandRun([broken, valid]).status == 65)
    let all = CommandRun([missing, broken, valid])
    #expect(all.status == 66)
    #expect(all.stderr.contains("\(missing):1:1: error: cannot read file"))
    #expect(all.stderr.contains("\(broken):"))
    #expect(all.stdout.contains(valid))
    #expect(!all.stdout.contains(broken))
  }

  @Test("a name error: exact diagnostic on stderr, nothing on stdout, exit 65")
  func nameError() throws {
    let directory = try ScratchDirectory()
    defer { directory.remove() }
    let fixture = Fixture.marked(Fixture.misspelledScreen)
    let path = try directory.write("typo.flow", fixture.text)
    let run = CommandRun([path])
    #expect(run.status == 65)
    #expect(run.stdout.isEmpty)
    let first = try #require(run.stderrLines.first)
    #expect(first.hasPrefix("\(path):\(fixture.line):\(fixture.column): error: "))
    #expect(first.contains("'Detial'"))
    #expect(first.contains("did you mean 'Detail'"))
  }

  @Test("a syntax error: every stderr line is 'path:line:col: severity: message', nothing on stdout")
  func syntaxError() throws {
    let directory = try ScratchDirectory()
    defer { directory.remove() }
    let path = try directory.write("broken.flow", Fixture.brokenSyntax)
    let run = CommandRun([path])
    #expect(run.status == 65)
    #expect(run.stdout.isEmpty)
    #expect(!run.stderrLines.isEmpty)
    let pattern = try Regex(
      "^\(NSRegularExpression.escapedPattern(for: path)):[0-9]+:[0-9]+: (error|warning|note): [^ ].*$")
    for line in run.stderrLines {
      #expect(line.wholeMatch(of: pattern) != nil, "not in the diagnostic format: \(line)")
    }
    #expect(run.stderrLines.contains { $0.contains(": error: ") })
  }

  /// Terminal or not, NO_COLOR, --no-color, and whether escapes are expected.
  static let colourCases: [(isTerminal: Bool, environment: [String: String], noColor: Bool, coloured: Bool)] =
    [
      (true, [:], false, true),
      (true, ["NO_COLOR": ""], false, true),
      (true, ["NO_COLOR": "1"], false, false),
      (true, [:], true, false),
      (false, [:], false, false),
      (false, ["TERM": "xterm-256color"], false, false),
    ]

  @Test("colour only on a terminal, without NO_COLOR and --no-color", arguments: colourCases)
  func colour(testCase: (isTerminal: Bool, environment: [String: String], noColor: Bool, coloured: Bool))
    throws
  {
    let directory = try ScratchDirectory()
    defer { directory.remove() }
    let path = try directory.write("typo.flow", Fixture.marked(Fixture.misspelledScreen).text)
    let missing = directory.path("missing.flow")
    for arguments in [[path], [missing], ["fmt", missing]] {
      let run = CommandRun(
        arguments + (testCase.noColor ? ["--no-color"] : []), environment: testCase.environment,
        isTerminal: testCase.isTerminal)
      #expect(run.stderr.contains("\u{1B}[") == testCase.coloured, "\(arguments): \(run.stderr)")
      #expect(!run.stdout.contains("\u{1B}["))
      let plain = run.stderr.replacing(try Regex("\u{1B}\\[[0-9;]*m"), with: "")
      #expect(plain.contains(": error: "))
    }
  }
}

@Suite("Exit codes and limits")
struct ExitCodeTests {
  static let combinations: [(ExitCode, ExitCode, ExitCode)] = [
    (.verified, .verified, .verified),
    (.verified, .incomplete, .incomplete),
    (.incomplete, .violated, .violated),
    (.violated, .flowHasErrors, .flowHasErrors),
    (.flowHasErrors, .cannotRead, .cannotRead),
    (.cannotRead, .usage, .usage),
  ]

  @Test("several files exit with the worst outcome, whatever their order", arguments: combinations)
  func combined(better: ExitCode, worse: ExitCode, expected: ExitCode) {
    #expect(better.combined(with: worse) == expected)
    #expect(worse.combined(with: better) == expected)
  }

  @Test("--max-depth and --max-states override the flow's limits")
  func effectiveLimits() throws {
    let loaded = FrontEnd.check(source: SourceFile(path: "mini.flow", text: Fixture.valid))
    let flow = try #require(loaded.flow)
    var options = CheckOptions(files: ["mini.flow"])
    #expect(options.effectiveDepth(for: flow) == flow.limits.depth)
    #expect(options.effectiveStates(for: flow) == flow.limits.states)
    options.maxDepth = 7
    options.maxStates = 3000
    #expect(options.effectiveDepth(for: flow) == 7)
    #expect(options.effectiveStates(for: flow) == 3000)
  }
}
