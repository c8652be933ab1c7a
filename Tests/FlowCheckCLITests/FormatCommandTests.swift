import FlowLanguage
import Foundation
import Testing

@testable import FlowCheckCLI

@Suite("fmt")
struct FormatCommandTests {
  /// The canonical text of `text`, as the formatter gives it.
  private func canonical(_ text: String) -> String {
    FlowFormatter.format(Parser.parse(SourceFile(path: "x.flow", text: text)).file)
  }

  @Test("prints the canonical form, comments kept, file untouched")
  func printsCanonicalText() throws {
    let directory = try ScratchDirectory()
    defer { directory.remove() }
    let path = try directory.write("mini.flow", Fixture.unformatted)
    let run = CommandRun(["fmt", path])
    #expect(run.status == 0)
    #expect(run.stderr.isEmpty)
    #expect(run.stdout == canonical(Fixture.unformatted))
    #expect(run.stdout.contains("// The mini app, written carelessly."))
    #expect(run.stdout.contains("// the runtime"))
    #expect(run.stdout.contains("// opening the detail"))
    #expect(try directory.read(path) == Fixture.unformatted)
  }

  @Test("formatting is idempotent")
  func idempotent() {
    let once = canonical(Fixture.unformatted)
    #expect(canonical(once) == once)
  }

  @Test("several files: each after a '==> path <==' header")
  func severalFiles() throws {
    let directory = try ScratchDirectory()
    defer { directory.remove() }
    let first = try directory.write("a.flow", Fixture.unformatted)
    let second = try directory.write("b.flow", Fixture.valid)
    let run = CommandRun(["fmt", first, second])
    #expect(run.status == 0)
    #expect(
      run.stdout == "==> \(first) <==\n" + canonical(Fixture.unformatted) + "==> \(second) <==\n"
        + canonical(Fixture.valid))
  }

  @Test("--check: silent for a formatted file, names an unformatted one, exit 1")
  func check() throws {
    let directory = try ScratchDirectory()
    defer { directory.remove() }
    let formatted = try directory.write("formatted.flow", canonical(Fixture.unformatted))
    let unformatted = try directory.write("unformatted.flow", Fixture.unformatted)

    let clean = CommandRun(["fmt", "--check", formatted])
    #expect(clean.status == 0)
    #expect(clean.stdout.isEmpty)
    #expect(clean.stderr.isEmpty)

    let dirty = CommandRun(["fmt", formatted, unformatted, "--check"])
    #expect(dirty.status == 1)
    #expect(dirty.stdout.isEmpty)
    #expect(dirty.stderr == "\(unformatted): not formatted\n")
    #expect(try directory.read(unformatted) == Fixture.unformatted)
  }

  @Test("--in-place rewrites atomically, keeps comments, leaves no temporary file")
  func inPlace() throws {
    let directory = try ScratchDirectory()
    defer { directory.remove() }
    let path = try directory.write("mini.flow", Fixture.unformatted)
    try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: path)

    let run = CommandRun(["fmt", "--in-place", path])
    #expect(run.status == 0)
    #expect(run.stdout.isEmpty)
    #expect(run.stderr.isEmpty)
    let rewritten = try directory.read(path)
    #expect(rewritten == canonical(Fixture.unformatted))
    #expect(rewritten.contains("// The mini app, written carelessly."))
    #expect(rewritten.contains("// the runtime"))
    #expect(rewritten.contains("// opening the detail"))
    #expect(try directory.entries() == ["mini.flow"])
    let permissions = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
    #expect(permissions == 0o640)

    #expect(CommandRun(["fmt", "--check", path]).status == 0)
  }

  @Test("--in-place leaves a formatted file alone")
  func inPlaceUnchanged() throws {
    let directory = try ScratchDirectory()
    defer { directory.remove() }
    let path = try directory.write("mini.flow", canonical(Fixture.valid))
    let before = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date
    Thread.sleep(forTimeInterval: 0.02)
    #expect(CommandRun(["fmt", "--in-place", path]).status == 0)
    let after = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date
    #expect(before == after)
  }

  @Test(
    "a file with syntax errors: diagnostics, exit 65, nothing printed, file untouched",
    arguments: [[], ["--check"], ["--in-place"]])
  func syntaxErrors(mode: [String]) throws {
    let directory = try ScratchDirectory()
    defer { directory.remove() }
    let path = try directory.write("broken.flow", Fixture.brokenSyntax)
    let run = CommandRun(["fmt"] + mode + [path])
    #expect(run.status == 65)
    #expect(run.stdout.isEmpty)
    #expect(run.stderrLines.first?.hasPrefix("\(path):") == true)
    #expect(run.stderr.contains(": error: "))
    #expect(try directory.read(path) == Fixture.brokenSyntax)
    #expect(try directory.entries() == ["broken.flow"])
  }

  @Test("a name error does not stop formatting: fmt needs only valid syntax")
  func nameErrorsFormat() throws {
    let directory = try ScratchDirectory()
    defer { directory.remove() }
    let text = Fixture.marked(Fixture.misspelledScreen).text
    let path = try directory.write("typo.flow", text)
    let run = CommandRun(["fmt", path])
    #expect(run.status == 0)
    #expect(run.stdout == canonical(text))
  }

  // MARK: - Standard input

  @Test("fmt - formats standard input to standard output")
  func standardInput() {
    let run = CommandRun(["fmt", "-"], standardInput: .text(Fixture.unformatted))
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stderr.isEmpty)
    #expect(run.stdout == canonical(Fixture.unformatted))
  }

  @Test("fmt - names standard input '<stdin>' with line and column in its errors")
  func standardInputErrors() {
    let run = CommandRun(
      ["fmt", "-", "--no-color"], standardInput: .text("app Mini {\n  window\n}\nscreen 1\n"))
    #expect(run.status == 65)
    #expect(run.stdout.isEmpty)
    let first = run.stderrLines.first ?? ""
    #expect(first.hasPrefix("<stdin>:"), "\(run.stderr)")
    let position = first.split(separator: ":").dropFirst().prefix(2)
    #expect(position.count == 2 && position.allSatisfy { Int($0) != nil }, "\(first)")
  }

  @Test("fmt - --check names '<stdin>' when it is not formatted")
  func standardInputCheck() {
    let unformatted = CommandRun(["fmt", "-", "--check"], standardInput: .text(Fixture.unformatted))
    #expect(unformatted.status == 1)
    #expect(unformatted.stderr.contains("<stdin>"), "\(unformatted.stderr)")
    let formatted = CommandRun(["fmt", "-", "--check"], standardInput: .text(canonical(Fixture.unformatted)))
    #expect(formatted.status == 0, "\(formatted.stderr)")
  }

  @Test(
    "'-' with --in-place, or twice, is a usage error",
    arguments: [
      (["fmt", "-", "--in-place"], "'-' (standard input) cannot be rewritten in place"),
      (["fmt", "-", "-"], "'-' (standard input) can be given only once"),
    ])
  func standardInputMisuse(arguments: [String], message: String) {
    let run = CommandRun(arguments)
    #expect(run.status == 64)
    #expect(run.stderrLines.first?.hasPrefix("Error: \(message)") == true, "\(run.stderr)")
  }

  /// The executable reads its real standard input, as an editor's format-on-save pipes it.
  @Test(
    "the flowcheck executable formats what is piped into 'fmt -'",
    .enabled(if: SwarmTests.binary != nil, "no built flowcheck executable next to the tests"))
  func standardInputOfTheProcess() throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: try #require(SwarmTests.binary))
    process.arguments = ["fmt", "-"]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    input.fileHandleForWriting.write(Data(Fixture.unformatted.utf8))
    try input.fileHandleForWriting.close()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    #expect(text == canonical(Fixture.unformatted))
  }
}
