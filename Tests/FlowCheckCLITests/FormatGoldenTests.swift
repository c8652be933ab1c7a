import Foundation
import Testing

@testable import FlowCheckCLI

/// Every format of `check`, pinned byte for byte: one run over the whole `Specs/` corpus and
/// a flow with errors (`Golden/Formats/broken.flow`), as a team's CI would run it from the
/// package's root. Re-record with `FLOWCHECK_RECORD_GOLDEN=1 swift test --filter
/// FormatGoldenTests` and read the diff.
@Suite struct FormatGoldenTests {
  static let formatsDirectory = GoldenReportTests.goldenDirectory.appendingPathComponent("Formats")
  static var root: String { SpecCorpusTests.specsDirectory.deletingLastPathComponent().path }
  static var broken: String { formatsDirectory.appendingPathComponent("broken.flow").path }

  /// Each format and the name of its golden file.
  static let formats: [(format: String, golden: String)] = [
    ("xcode", "run.xcode"),
    ("github-actions-logging", "run.github-actions-logging"),
    ("checkstyle", "run.checkstyle.xml"),
    ("junit", "run.junit.xml"),
    ("sarif", "run.sarif"),
    ("json", "run.jsonl"),
  ]

  /// The run's exit code and standard output, the checkout's absolute path made relative.
  static func output(format: String, paths: [String]? = nil, options: [String] = []) -> String {
    let run = CommandRun(
      (paths ?? [SpecCorpusTests.specsDirectory.path, broken]) + ["--format", format, "--no-color"] + options,
      workingDirectory: root)
    return "exit \(run.status)\n" + run.stdout.replacing(root + "/", with: "")
  }

  /// A run cut by a depth limit of 1: a violation found before the cut, and a flow with
  /// none, each incomplete (past the violation too, so that the cut leaves states).
  static func cutOutput(format: String) -> String {
    let specs = SpecCorpusTests.specsDirectory
    return output(
      format: format,
      paths: [
        specs.appendingPathComponent("bugs/gap5-child-root-wipes-parent.flow").path,
        specs.appendingPathComponent("shop.flow").path,
      ], options: ["--max-depth", "1", "--explore-past-violations"])
  }

  @Test(arguments: formats + [("text", "run.txt")])
  func cutRunMatchesItsGoldenFile(format: String, golden: String) throws {
    let actual = Self.cutOutput(format: format)
    let url = Self.formatsDirectory.appendingPathComponent("cut-" + golden.dropFirst("run.".count))
    if GoldenReportTests.recording {
      try Data(actual.utf8).write(to: url)
      return
    }
    let expected = try #require(
      try? String(decoding: Data(contentsOf: url), as: UTF8.self),
      "no golden file \(url.path): record it with FLOWCHECK_RECORD_GOLDEN=1")
    #expect(actual == expected, "\(format) differs from \(url.lastPathComponent)")
  }

  @Test(arguments: formats)
  func outputMatchesItsGoldenFile(format: String, golden: String) throws {
    let actual = Self.output(format: format)
    let url = Self.formatsDirectory.appendingPathComponent(golden)
    if GoldenReportTests.recording {
      try Data(actual.utf8).write(to: url)
      return
    }
    let expected = try #require(
      try? String(decoding: Data(contentsOf: url), as: UTF8.self),
      "no golden file \(url.path): record it with FLOWCHECK_RECORD_GOLDEN=1")
    #expect(actual == expected, "\(format) differs from \(golden)")
  }

  @Test("the same bytes with one thread and with two")
  func threadCountDoesNotMatter() {
    for (format, _) in Self.formats {
      let one = CommandRun(
        [SpecCorpusTests.specsDirectory.path, "--format", format, "--threads", "1"],
        workingDirectory: Self.root)
      let two = CommandRun(
        [SpecCorpusTests.specsDirectory.path, "--format", format, "--threads", "2"],
        workingDirectory: Self.root)
      #expect(one.stdout == two.stdout, "\(format)")
      #expect(one.status == two.status)
    }
  }

  @Test("--reporter is --format under SwiftLint's name")
  func reporterAlias() {
    let format = CommandRun([Self.broken, "--format", "checkstyle"])
    let reporter = CommandRun([Self.broken, "--reporter", "checkstyle"])
    #expect(format.stdout == reporter.stdout)
    #expect(format.status == 65 && reporter.status == 65)
  }
}
