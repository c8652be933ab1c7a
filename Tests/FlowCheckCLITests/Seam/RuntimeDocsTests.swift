import FlowLanguage
import FlowModel
import Foundation
import Testing

/// What the documentation lists per runtime is what the registries hold: the table of
/// `Docs/Language.md` (kinds, members, statements, own invariants, one column per runtime)
/// and the README's list of invariant ids.
@Suite struct RuntimeDocsTests {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  static func text(_ path: String) throws -> String {
    String(decoding: try Data(contentsOf: root.appendingPathComponent(path)), as: UTF8.self)
  }

  /// The cells of the table row whose first cell is `title`, by the header's column names.
  static func row(_ title: String) throws -> [String: String] {
    let lines = try text("Docs/Language.md").split(separator: "\n").map(String.init)
    let header = try #require(lines.first { $0.hasPrefix("| | radianttap |") }, "no runtime table")
    let names = cells(header).dropFirst()
    let line = try #require(lines.first { $0.hasPrefix("| \(title) |") }, "no row '\(title)'")
    return Dictionary(uniqueKeysWithValues: zip(names, cells(line).dropFirst()))
  }

  static func cells(_ line: String) -> [String] {
    line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
      .map { $0.trimmingCharacters(in: .whitespaces) }
  }

  /// The words written in backquotes in `cell`, each cut at its first space (`didStop C?`
  /// is `didStop`).
  static func quoted(_ cell: String) -> Set<String> {
    let parts = cell.split(separator: "`", omittingEmptySubsequences: false)
    return Set(
      parts.enumerated().filter { $0.offset % 2 == 1 }.map {
        String($0.element.split(separator: " ").first ?? "")
      })
  }

  @Test(arguments: RuntimeRegistry.names)
  func theTableListsEachRuntimesKindsMembersStatementsAndInvariants(name: String) throws {
    let runtime = try #require(RuntimeRegistry.runtime(named: name))
    let capabilities = runtime.capabilities
    let kinds = Self.quoted(try #require(try Self.row("coordinator kind (`coordinator C: KIND`)")[name]))
    let allKinds = Set(RuntimeRegistry.libraries.flatMap { $0.coordinatorKinds.map(\.rawValue) })
    #expect(kinds.intersection(allKinds) == Set(capabilities.coordinatorKinds.map(\.rawValue)))
    let members = Self.quoted(try #require(try Self.row("members")[name]))
    for form in capabilities.members { #expect(members.contains(form.keyword), "\(name): \(form.keyword)") }
    let statements = Self.quoted(try #require(try Self.row("navigation")[name]))
      .union(Self.quoted(try #require(try Self.row("children")[name])))
    for form in capabilities.statements {
      #expect(statements.contains(form.keyword), "\(name): \(form.keyword)")
    }
    let invariants = Self.quoted(try #require(try Self.row("own invariants")[name]))
    #expect(invariants == Set(runtime.invariants.map(\.id.rawValue)))
  }

  /// The `base { … }` table of "Your own coordinators" has a row per setting a runtime
  /// accepts, with its values and its default.
  @Test func theBaseTableListsEachSettingWithItsValuesAndDefault() throws {
    let lines = try Self.text("Docs/Language.md").split(separator: "\n").map(String.init)
    let settings = RuntimeRegistry.libraries.flatMap(\.baseSettings)
    #expect(!settings.isEmpty)
    for setting in settings {
      let line = try #require(
        lines.first { $0.hasPrefix("| `\(setting.name)` |") }, "no row '\(setting.name)'")
      let cells = Self.cells(line)
      #expect(cells[1] == setting.values.map { "`\($0)`" }.joined(separator: ", "), "\(setting.name)")
      #expect(cells[2] == "`\(setting.defaultValue)`", "\(setting.name)")
    }
  }

  /// The README's paragraph of invariant ids names every id, in the catalogue's order.
  @Test func theReadmeListsEveryInvariantId() throws {
    let readme = try Self.text("README.md")
    let start = try #require(
      readme.range(of: "Invariant ids for `explain` and for a spec's `expect violation` line:"))
    let end = try #require(readme.range(of: "\n\n", range: start.upperBound..<readme.endIndex))
    let paragraph = String(readme[start.upperBound..<end.lowerBound])
    let parts = paragraph.split(separator: "`", omittingEmptySubsequences: false)
    let listed = parts.enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
    #expect(listed == InvariantRegistry.all.map(\.id.rawValue))
  }
}
