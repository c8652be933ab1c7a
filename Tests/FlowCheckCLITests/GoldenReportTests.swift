import Foundation
import Testing

@testable import FlowCheckCLI

/// The whole text and JSON report of every spec, pinned byte for byte against the files in
/// `Golden/` beside this file. A change of behaviour or wording shows up here as a diff of
/// the whole report, not as a substring that still happens to match.
///
/// Re-record after an intended change with `FLOWCHECK_RECORD_GOLDEN=1 swift test --filter
/// GoldenReportTests`, then read the diff before committing it.
@Suite struct GoldenReportTests {
  static let goldenDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Golden")

  static var recording: Bool { ProcessInfo.processInfo.environment["FLOWCHECK_RECORD_GOLDEN"] == "1" }

  /// The spec's path relative to the package (`Specs/bugs/x.flow`).
  static func relativePath(_ path: String) -> String {
    let root = SpecCorpusTests.specsDirectory.deletingLastPathComponent().path + "/"
    return path.hasPrefix(root) ? String(path.dropFirst(root.count)) : path
  }

  /// The golden file for a spec and a format: `Golden/Specs/bugs/x.flow.txt`.
  static func goldenURL(_ path: String, format: String) -> URL {
    goldenDirectory.appendingPathComponent(relativePath(path) + "." + format)
  }

  /// The report as a reader of the repository would see it: the absolute path of the
  /// checkout replaced by the package-relative one.
  static func report(_ path: String, format: String) -> String {
    let run = CommandRun([path, "--no-color", "--format", format == "txt" ? "text" : "json"])
    let root = SpecCorpusTests.specsDirectory.deletingLastPathComponent().path + "/"
    return "exit \(run.status)\n" + run.stdout.replacing(root, with: "")
  }

  @Test(arguments: SpecCorpusTests.specs, ["txt", "json"])
  func reportMatchesItsGoldenFile(path: String, format: String) throws {
    let actual = Self.report(path, format: format)
    let url = Self.goldenURL(path, format: format)
    if Self.recording {
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(actual.utf8).write(to: url)
      return
    }
    let expected = try #require(
      try? String(decoding: Data(contentsOf: url), as: UTF8.self),
      "no golden file \(url.path): record it with FLOWCHECK_RECORD_GOLDEN=1")
    #expect(actual == expected, "\(Self.relativePath(path)) (\(format)) differs from its golden file")
  }

  /// Every golden file belongs to a spec: a spec renamed or removed leaves none behind.
  @Test func everyGoldenFileHasItsSpec() throws {
    guard !Self.recording else { return }
    let enumerator = FileManager.default.enumerator(atPath: Self.goldenDirectory.path)
    let specs = Set(SpecCorpusTests.specs.map(Self.relativePath))
    var orphans: [String] = []
    var count = 0
    while let entry = enumerator?.nextObject() as? String {
      guard entry.hasSuffix(".txt") || entry.hasSuffix(".json") else { continue }
      count += 1
      let spec = String(entry[..<entry.lastIndex(of: ".")!])
      if !specs.contains(spec) { orphans.append(entry) }
    }
    #expect(orphans.isEmpty, "golden files without a spec: \(orphans)")
    #expect(count == 2 * specs.count)
  }
}
