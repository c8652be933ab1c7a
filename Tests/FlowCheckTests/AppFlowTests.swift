import FlowCheck
import Foundation
import Testing

// The test API used as an app team would: `import FlowCheck`, one call per flow. The specs
// are this repository's; an app's would be its own `Specs/` folder.

/// Every spec of the repository, as a path relative to the package's root.
let specs: [String] = {
  let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
  let enumerator = FileManager.default.enumerator(atPath: root.appendingPathComponent("Specs").path)
  var paths: [String] = []
  while let entry = enumerator?.nextObject() as? String {
    if entry.hasSuffix(".flow") { paths.append("Specs/" + entry) }
  }
  return paths.sorted()
}()

@Suite("FlowCheck.verify")
struct AppFlowTests {
  @Test("every spec meets its expect line", arguments: specs)
  func spec(path: String) throws {
    try FlowCheck.verify(file: path)
  }

  @Test("the shop flow is verified, and the report is there for assertions of one's own")
  func shop() throws {
    let report = try FlowCheck.verify(file: "Specs/shop.flow")
    #expect(report.outcome == .verified)
    #expect(report.verdicts.contains { $0.id == "reachable" && $0.status == .reached })
  }

  @Test("a violation fails the test with the story, located in the flow")
  func violation() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("flowcheck-api-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    // The spec of radianttap's gap 2 without its `expect` line: it must now be verified.
    let original = try String(
      contentsOfFile: specPath("Specs/bugs/gap2-stop-child-directly.flow"), encoding: .utf8)
    let path = directory.appendingPathComponent("stop-child.flow").path
    try original.replacingOccurrences(of: "expect violation dead-screen, delegate-owner\n", with: "")
      .write(toFile: path, atomically: true, encoding: .utf8)
    try withKnownIssue {
      try FlowCheck.verify(file: path)
    } matching: { issue in
      let text = issue.comments.map(\.rawValue).joined()
      return text.hasPrefix("\(path): violated, wanted a verified flow (no 'expect' line)")
        && text.contains("violation: dead-screen\n  why: Home is on screen but no live coordinator")
        && text.contains("  at: \(path):18:24 (statement 'stopChild Editing', run in step 3)")
        && text.contains("  3. tap Editor.save")
    }
    let report = try FlowCheck.check(file: path)
    #expect(FlowCheck.failureMessage(for: report) != nil)
  }

  @Test("a flow with errors, or a missing one, throws with its diagnostics")
  func errors() throws {
    let error = try #require(throws: FlowCheckError.self) {
      try FlowCheck.verify(file: "Specs/no-such-flow.flow")
    }
    #expect(
      error.description.contains("no-such-flow.flow:1:1: error: cannot read file: no such file or directory"))
  }

  func specPath(_ relative: String) -> String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent(relative).path
  }
}
