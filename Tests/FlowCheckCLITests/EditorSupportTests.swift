import FlowModel
import Foundation
import Testing

@testable import FlowCheckCLI
@testable import FlowLanguage

/// Shell completions (`flowcheck --generate-completion-script SHELL`) and the TextMate
/// grammar in `Editors/vscode`: both name everything the command line and the language
/// know, and the shells installed here accept the scripts and complete with them.
@Suite("editor and shell support")
struct EditorSupportTests {
  static let root = SpecCorpusTests.specsDirectory.deletingLastPathComponent()

  @Test(
    "every script names the subcommands, options, formats and invariant ids",
    arguments: CompletionScript.shells)
  func completionScript(shell: String) {
    let run = CommandRun(["--generate-completion-script", shell])
    #expect(run.status == 0)
    #expect(run.stderr.isEmpty)
    var words = Subcommand.names + OutputFormat.all.map(\.name) + Invariant.ids
    for subcommand in Subcommand.allCases {
      words += CompletionScript.options(of: subcommand).map {
        shell == "fish" ? String($0.name.dropFirst(2)) : $0.name
      }
    }
    for word in words { #expect(run.stdout.contains(word), "\(shell): \(word)") }
    #expect(CommandRun(["--generate-completion-script=\(shell)"]).stdout == run.stdout)
  }

  @Test("an unknown shell is a usage error with a suggestion")
  func unknownShell() {
    let run = CommandRun(["--generate-completion-script", "zhs"])
    #expect(run.status == 64)
    #expect(
      run.stderrLines.first
        == "Error: invalid value 'zhs' for '--generate-completion-script <shell>'; did you mean 'zsh'?")
  }

  /// Runs `command` with `arguments` in `directory`; nil when the program is not installed.
  static func shellRun(_ command: String, _ arguments: [String], in directory: URL? = nil) throws -> (
    Int32, String
  )? {
    guard
      let path = ["/bin/", "/usr/bin/", "/usr/local/bin/", "/opt/homebrew/bin/"].map({ $0 + command })
        .first(where: FileManager.default.isExecutableFile(atPath:))
    else { return nil }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: output, as: UTF8.self))
  }

  @Test("each shell installed here parses its script", arguments: CompletionScript.shells)
  func scriptParses(shell: String) throws {
    let directory = try ScratchDirectory()
    defer { directory.remove() }
    let script = try directory.write(
      "flowcheck.\(shell)", CommandRun(["--generate-completion-script", shell]).stdout)
    guard let (status, output) = try Self.shellRun(shell, ["-n", script]) else { return }
    #expect(status == 0, "\(output)")
  }

  @Test("bash completes options, format names, invariant ids and .flow files")
  func bashCompletes() throws {
    let directory = try ScratchDirectory()
    defer { directory.remove() }
    let script = try directory.write(
      "flowcheck.bash", CommandRun(["--generate-completion-script", "bash"]).stdout)
    try FileManager.default.createDirectory(
      atPath: directory.path("Specs"), withIntermediateDirectories: true)
    try directory.write("Specs/shop.flow", "")
    try directory.write("notes.txt", "")
    let probe = """
      source \(script)
      complete() { COMP_WORDS=("$@"); COMP_CWORD=$(( $# - 1 )); COMPREPLY=(); _flowcheck; echo "${COMPREPLY[*]}"; }
      complete flowcheck --for
      complete flowcheck Specs/shop.flow --format sa
      complete flowcheck explain dead
      complete flowcheck simulate x.flow --format ''
      complete flowcheck Specs/
      complete flowcheck fmt --ch
      """
    guard let (status, output) = try Self.shellRun("bash", ["-c", probe], in: directory.url) else { return }
    #expect(status == 0)
    #expect(output == "--format\nsarif\ndead-screen\ntext json\nSpecs/shop.flow\n--check\n", "\(output)")
  }

  @Test("fish completes options, format names and invariant ids")
  func fishCompletes() throws {
    let directory = try ScratchDirectory()
    defer { directory.remove() }
    let script = try directory.write(
      "flowcheck.fish", CommandRun(["--generate-completion-script", "fish"]).stdout)
    let probe = """
      source \(script)
      complete -C 'flowcheck --max-t'
      complete -C 'flowcheck explain can-'
      complete -C 'flowcheck --reporter chec'
      """
    guard let (status, output) = try Self.shellRun("fish", ["-c", probe], in: directory.url) else { return }
    #expect(status == 0)
    let words = output.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }
    #expect(words == ["--max-traces", "can-return", "checkstyle"], "\(output)")
  }

  // MARK: - The TextMate grammar

  static let grammarURL = root.appendingPathComponent("Editors/vscode/syntaxes/flow.tmLanguage.json")

  /// Every `match` of the grammar, compiled.
  static func patterns() throws -> [NSRegularExpression] {
    let grammar = try JSONSerialization.jsonObject(with: Data(contentsOf: grammarURL))
    var found: [String] = []
    func collect(_ value: Any) {
      if let object = value as? [String: Any] {
        for (key, member) in object {
          if key == "match", let pattern = member as? String {
            found.append(pattern)
          } else {
            collect(member)
          }
        }
      } else if let array = value as? [Any] {
        array.forEach(collect)
      }
    }
    collect(grammar)
    return try found.map { try NSRegularExpression(pattern: $0) }
  }

  @Test("the grammar colours every keyword, name and invariant id of the language")
  func grammarNamesTheLanguage() throws {
    let patterns = try Self.patterns()
    #expect(patterns.count > 10)
    let words =
      Parser.declarationKeywords + Parser.appMemberKeywords + Parser.coordinatorMemberKeywords
      + Parser.statementKeywords + Parser.screenAttributeKeywords + InvariantCatalogue.ids
      + RuntimeRegistry.libraries.flatMap { $0.coordinatorKinds.map(\.rawValue) }
      + PortableKind.allCases.map(\.rawValue)
      + RuntimeRegistry.libraries.map(\.library.rawValue)
      + RuntimeRegistry.libraries.flatMap { $0.statements.map(\.keyword) + $0.members.map(\.keyword) }
      + ["true", "false", "started", "onScreen", "pageSheet", "formSheet", "fullScreen", "overFullScreen"]
    for word in words {
      // `app X` and `var x` are matched with their name, as a declaration.
      let text = ["app", "screen", "coordinator", "event", "var"].contains(word) ? word + " Name" : word
      let whole = NSRange(text.startIndex..., in: text)
      let matched = patterns.contains { pattern in
        pattern.firstMatch(in: text, range: whole).map {
          $0.range.location == 0 && $0.range.length == whole.length
        }
          ?? false
      }
      #expect(matched, "no pattern colours '\(word)'")
    }
  }

  @Test("the VS Code extension ties the grammar to .flow files")
  func extensionManifest() throws {
    let manifest = try #require(
      try JSONSerialization.jsonObject(
        with: Data(contentsOf: Self.root.appendingPathComponent("Editors/vscode/package.json")))
        as? [String: Any])
    let contributes = try #require(manifest["contributes"] as? [String: Any])
    let languages = try #require(contributes["languages"] as? [[String: Any]])
    let grammars = try #require(contributes["grammars"] as? [[String: Any]])
    #expect(languages.first?["extensions"] as? [String] == [".flow"])
    #expect(grammars.first?["scopeName"] as? String == "source.flow")
    #expect(grammars.first?["path"] as? String == "./syntaxes/flow.tmLanguage.json")
  }
}
