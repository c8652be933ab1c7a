import FlowModel
import Foundation
import Testing

@testable import FlowCheckCLI
@testable import FlowLanguage

/// Shell completions (`flowcheck --generate-completion-script SHELL`) and the TextMate
/// grammar in `Editors/vscode`: both name everything the command line and the language
/// know. `CompletionScriptTests` completes with the scripts in the shells themselves.
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
      + Parser.statementKeywords + Parser.screenAttributeKeywords + Invariant.ids
      + RuntimeRegistry.libraries.flatMap { $0.coordinatorKinds.map(\.rawValue) }
      + PortableKind.allCases.map(\.rawValue)
      + RuntimeRegistry.libraries.map(\.library.rawValue)
      + RuntimeRegistry.libraries.flatMap { $0.statements.map(\.keyword) + $0.members.map(\.keyword) }
      + RuntimeRegistry.libraries.flatMap { $0.baseSettings.flatMap { [$0.name] + $0.values } }
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
