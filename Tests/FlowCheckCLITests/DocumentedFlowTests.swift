import Foundation
import Testing

@testable import FlowCheckCLI

/// Every flow the documentation shows is checked as `flowcheck check` would check it: a
/// ```` ```flow ```` fenced block of the README or of `Docs/*.md` meets its own `expect`
/// line, and a block without one has no error.
@Suite struct DocumentedFlowTests {
  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// One fenced block: the Markdown file it is in (relative to the package), the line of its
  /// opening fence, its info string and its text.
  struct FencedBlock: Sendable, CustomTestStringConvertible {
    var file: String
    var line: Int
    var info: String
    var text: String

    var testDescription: String { "\(file):\(line)" }

    /// Whether the block has a top-level `expect` line, which the checker compares with.
    var hasExpectation: Bool {
      text.split(separator: "\n").contains { $0.hasPrefix("expect ") }
    }
  }

  /// The Markdown files the blocks are taken from: the README and every file of `Docs/`.
  static var documents: [String] {
    let docs =
      (try? FileManager.default.contentsOfDirectory(atPath: packageRoot.appendingPathComponent("Docs").path))
      ?? []
    return ["README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "Docs/" + $0 }
  }

  /// Every fenced block (```` ``` ```` at the start of a line) of `documents`, in order.
  static var blocks: [FencedBlock] {
    var found: [FencedBlock] = []
    for document in documents {
      guard let text = try? String(contentsOf: packageRoot.appendingPathComponent(document), encoding: .utf8)
      else { continue }
      var open: (line: Int, info: String, lines: [Substring])?
      for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
        if line.hasPrefix("```") {
          if let block = open {
            found.append(
              FencedBlock(
                file: document, line: block.line, info: block.info,
                text: block.lines.joined(separator: "\n") + "\n"))
            open = nil
          } else {
            open = (index + 1, String(line.dropFirst(3)).trimmingCharacters(in: .whitespaces), [])
          }
        } else {
          open?.lines.append(line)
        }
      }
    }
    return found
  }

  static var flowBlocks: [FencedBlock] { blocks.filter { $0.info == "flow" } }

  @Test("the documentation shows flows, the Language reference's first example among them")
  func flowsAreFound() {
    #expect(Self.flowBlocks.count >= 5)
    #expect(Self.flowBlocks.contains { $0.file == "Docs/Language.md" && $0.text.contains("app Shop {") })
  }

  @Test("a fenced block that holds a flow is marked ```flow, so that the test below checks it")
  func everyFlowIsMarked() {
    for block in Self.blocks where block.info != "flow" {
      let startsAFlow = block.text.split(separator: "\n").contains {
        $0.hasPrefix("app ") && $0.hasSuffix("{")
      }
      #expect(!startsAFlow, "\(block.file):\(block.line): mark this block ```flow")
    }
  }

  @Test("every documented flow meets its expect line, or has no error without one", arguments: flowBlocks)
  func documentedFlowChecks(block: FencedBlock) throws {
    let directory = try ScratchDirectory()
    defer { directory.remove() }
    let path = try directory.write("documented.flow", block.text)
    let run = CommandRun([path, "--quiet", "--no-color"])
    let place = "\(block.file):\(block.line)"
    #expect(![65, 66].contains(run.status), "\(place): the flow has errors:\n\(run.stderr)")
    #expect(!run.stderr.contains(": error:"), "\(place):\n\(run.stderr)")
    if block.hasExpectation {
      #expect(
        run.stdout.contains("\nexpectation: met"),
        "\(place): the flow does not meet its expect line:\n\(run.stdout)")
    }
  }
}
