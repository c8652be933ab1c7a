import Foundation
import Testing

@testable import FlowCheckCLI

@Suite("check")
struct CheckCommandTests {
  @Test("a valid flow: summary on stdout, the not-built line, exit 0")
  func validFlow() throws {
    let directory = try ScratchDirectory()
    defer { directory.remove() }
    let path = try directory.write("mini.flow", Fixture.valid)
    for arguments in [[path], ["check", path]] {
      let run = CommandRun(arguments)
      #expect(run.status == 0, "stderr: \(run.stderr)")
      #expect(!run.stderr.contains("error:"))
      let lines = run.stdout.split(separator: "\n").map(String.init)
      #expect(lines.first?.hasPrefix("app") == true)
      #expect(lines.first?.hasSuffix("Mini (library radianttap)") == true)
      for expected in [
        "window coordinator", "home", "screens (2)", "  Home", "  Detail", "formSheet", "coordinators (1)",
        "NavigationCoordinator, root window, 1 screen handler", "expectation", "pass",
      ] {
        #expect(run.stdout.contains(expected), "missing \(expected) in\n\(run.stdout)")
      }
      #expect(lines.last == "exploration: not built yet (this build checks the flow's syntax and names only)")
    }
  }

  @Test("--max-depth and --max-states override the flow's limits in the summary")
  func limitsOverride() throws {
    let directory = try ScratchDirectory()
    defer { directory.remove() }
    let path = try directory.write("mini.flow", Fixture.valid)
    let run = CommandRun([path, "--max-depth", "7", "--max-states", "3k"])
    #expect(run.status == 0)
    #expect(run.stdout.contains("depth 7, states 3000"))
  }

  @Test("--quiet prints only the verdict line")
  func quiet() throws {
    let directory = try ScratchDirectory()
    defer { directory.remove() }
    let path = try directory.write("mini.flow", Fixture.valid)
    let run = CommandRun([path, "--quiet"])
    #expect(run.status == 0)
    #expect(run.stdout == FlowSummary.explorationNotBuilt + "\n")
  }

  @Test("--format json prints one JSON object per file, keys sorted, with a schema version")
  func json() throws {
    let directory = try ScratchDirectory()
    defer { directory.remove() }
    let first = try directory.write("a.flow", Fixture.valid)
    let second = try directory.write("b.flow", Fixture.valid)
    let run = CommandRun([first, second, "--format", "json"])
    #expect(run.status == 0)
    let lines = run.stdout.split(separator: "\n")
    #expect(lines.count == 2)
    for (line, path) in zip(lines, [first, second]) {
      let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      #expect(object["schemaVersion"] as? Int == 1)
      #expect(object["path"] as? String == path)
      #expect(object["app"] as? String == "Mini")
      #expect(object["exploration"] as? String == "not built yet")
      #expect(line.hasPrefix("{\"app\":"))
    }
  }

  @Test("several files: each summary after a '==> path <==' header")
  func severalFiles() throws {
    let directory = try ScratchDirectory()
    defer { directory.remove() }
    let first = try directory.write("a.flow", Fixture.valid)
    let second = try directory.write("b.flow", Fixture.valid)
    let run = CommandRun([first, second])
    #expect(run.status == 0)
    #expect(run.stdout.hasPrefix("==> \(first) <==\n"))
    #expect(run.stdout.contains("\n==> \(second) <==\n"))
  }

  /// What cannot be read, and the reason printed after `path: error: cannot read file: `.
  static let unreadable: [(name: String, makeDirectory: Bool, reason: String)] = [
    ("missing.flow", false, "no such file or directory"),
    ("folder.flow", true, "is a directory"),
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
      #expect(run.stderr == "\(path): error: cannot read file: \(testCase.reason)\n")
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
    #expect(all.stderr.contains("\(missing): error: cannot read file"))
    #expect(all.stderr.contains("\(broken):"))
    #expect(all.stdout.contains("==> \(valid) <=="))
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
