import Foundation
import Testing

@testable import FlowCheckCLI

/// Every bug spec marks the statement that breaks each of its built-in invariants with a
/// trailing comment, `// breaks: ID, ID`, on the statement's line. The check must locate
/// each violation it reports at a statement on a line so marked with its id, and every
/// marked id must be reported on its line: a violation that moves to another statement, or
/// a mark that no violation meets any more, fails here.
@Suite struct BugSpecLocationTests {
  static var bugSpecs: [String] {
    SpecCorpusTests.specs.filter { $0.contains("/Specs/bugs/") }
  }

  /// Per line (1-based), the invariant ids its `// breaks:` comment names.
  static func marks(in text: String) -> [Int: Set<String>] {
    var marks: [Int: Set<String>] = [:]
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      guard let range = line.range(of: "// breaks: ") else { continue }
      let ids = line[range.upperBound...].split(separator: ",").map {
        $0.trimmingCharacters(in: .whitespaces)
      }
      marks[index + 1] = Set(ids)
    }
    return marks
  }

  @Test func everyBugSpecMarksTheStatementsThatBreakItsInvariants() {
    #expect(Self.bugSpecs.count >= 40)
    #expect(Self.marks(in: "a\n  on A.b { dismiss }  // breaks: x, y-z\n") == [2: ["x", "y-z"]])
  }

  @Test(arguments: bugSpecs)
  func eachViolationIsLocatedAtTheStatementThatBrokeIt(path: String) throws {
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let marks = Self.marks(in: text)
    let run = CommandRun([path, "--format", "json"])
    let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    var met: [Int: Set<String>] = [:]
    for violation in try #require(object["violations"] as? [[String: Any]]) {
      let id = try #require(violation["id"] as? String)
      // The flow's own properties are located at their declaration.
      guard violation["property"] == nil else { continue }
      let location = try #require(violation["location"] as? [String: Any], "\(path): \(id)")
      let line = try #require(location["line"] as? Int)
      let what = location["what"] as? String ?? ""
      #expect(what.hasPrefix("statement '"), "\(path): \(id) is located at \(what)")
      #expect(
        marks[line]?.contains(id) ?? false,
        "\(path):\(line): \(id) is located here (\(what)), a line not marked '// breaks: \(id)'")
      met[line, default: []].insert(id)
    }
    for (line, ids) in marks.sorted(by: { $0.key < $1.key }) {
      let unmet = ids.subtracting(met[line] ?? [])
      #expect(
        unmet.isEmpty,
        "\(path):\(line): marked '// breaks: \(unmet.sorted().joined(separator: ", "))', never located there")
    }
  }
}
