import FlowReport
import Foundation
import Testing

@testable import FlowCheckCLI

/// The paths the formats a CI service reads write for a flow, from the built `flowcheck` run
/// in a repository directory: a file under it relative to it (SARIF with `uriBaseId`
/// `%SRCROOT%`), however it was named; a file outside it as a `file://` URI in SARIF and as
/// given in GitHub annotations.
@Suite struct ReportPathTests {
  /// A repository directory with `Specs/x.flow`, a directory beside it with `x.flow`, and
  /// the ways a run from the repository names each, with what SARIF and GitHub write for it.
  struct Layout {
    let repository: ScratchDirectory
    let outside: ScratchDirectory
    /// (the path given, SARIF's `uri`, SARIF's `uriBaseId`, GitHub's `file`)
    let cases: [(given: String, uri: String, base: String?, github: String)]

    init() throws {
      repository = try ScratchDirectory()
      outside = try ScratchDirectory()
      try FileManager.default.createDirectory(
        at: repository.url.appendingPathComponent("Specs"), withIntermediateDirectories: true)
      try repository.write("Specs/x.flow", Fixture.violating)
      try outside.write("x.flow", Fixture.violating)
      // The names the run's working directory has once symbolic links are resolved, as
      // getcwd reports it (macOS's /var is /private/var).
      let inside = repository.url.resolvingSymlinksInPath().path + "/Specs/x.flow"
      let elsewhere = outside.url.resolvingSymlinksInPath().path + "/x.flow"
      let climbing = "../\(outside.url.lastPathComponent)/x.flow"
      cases = [
        ("Specs/x.flow", "Specs/x.flow", "%SRCROOT%", "Specs/x.flow"),
        ("./Specs/x.flow", "Specs/x.flow", "%SRCROOT%", "Specs/x.flow"),
        ("Specs/../Specs/x.flow", "Specs/x.flow", "%SRCROOT%", "Specs/x.flow"),
        (inside, "Specs/x.flow", "%SRCROOT%", "Specs/x.flow"),
        (climbing, "file://" + elsewhere, nil, climbing),
        (elsewhere, "file://" + elsewhere, nil, elsewhere),
      ]
    }

    func remove() {
      repository.remove()
      outside.remove()
    }
  }

  /// Every `artifactLocation` in `value`, a SARIF log or part of one.
  static func artifactLocations(in value: Any) -> [[String: Any]] {
    if let object = value as? [String: Any] {
      let own = (object["artifactLocation"] as? [String: Any]).map { [$0] } ?? []
      return own + object.filter { $0.key != "artifactLocation" }.values.flatMap(artifactLocations)
    }
    if let array = value as? [Any] { return array.flatMap(artifactLocations) }
    return []
  }

  @Test("SARIF: a file under the run's directory relative to %SRCROOT%, one outside a file:// URI")
  func sarif() throws {
    let layout = try Layout()
    defer { layout.remove() }
    for (given, uri, base, _) in layout.cases {
      let run = try #require(
        try CommandRun.process(
          ["check", given, "--format", "sarif", "--no-progress"], in: layout.repository),
        "the flowcheck executable is not built")
      #expect(run.status == 1, "\(given): \(run.stderr)")
      let log = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8))
      let locations = Self.artifactLocations(in: log)
      // Each violation's location and each step of its code flow.
      #expect(locations.count > 2, "\(given)")
      for location in locations {
        #expect(location["uri"] as? String == uri, "\(given)")
        #expect(location["uriBaseId"] as? String == base, "\(given)")
      }
    }
  }

  @Test("GitHub annotations: a file under the run's directory relative to it, one outside as given")
  func githubActions() throws {
    let layout = try Layout()
    defer { layout.remove() }
    for (given, _, _, file) in layout.cases {
      let run = try #require(
        try CommandRun.process(
          ["check", given, "--format", "github-actions-logging", "--no-progress"], in: layout.repository),
        "the flowcheck executable is not built")
      #expect(run.status == 1, "\(given): \(run.stderr)")
      let commands = run.stdout.split(separator: "\n").filter { $0.hasPrefix("::") }
      #expect(commands.count >= 2, "\(given): \(run.stdout)")
      for command in commands {
        #expect(command.contains(" file=\(file),line="), "\(given): \(command)")
      }
    }
  }

  @Test(
    "a path under the working directory, `.` and `..` resolved; nil outside it",
    arguments: [
      ("/work/app/Specs/a.flow", "/work/app", "Specs/a.flow"),
      ("/work/app/Specs/a.flow", "/work/app/", "Specs/a.flow"),
      ("/work/app/./Specs/../Specs/a.flow", "/work/app", "Specs/a.flow"),
      ("./Specs//a.flow", "/work/app", "Specs/a.flow"), ("Specs/a.flow", nil, "Specs/a.flow"),
      ("/work/app/../elsewhere/a.flow", "/work/app", nil), ("/work/apple/a.flow", "/work/app", nil),
      ("../a.flow", "/work/app", nil), ("Specs/../../a.flow", "/work/app", nil), ("/work/a.flow", nil, nil),
    ] as [(String, String?, String?)])
  func repositoryPaths(path: String, workingDirectory: String?, expected: String?) {
    #expect(RenderOptions(workingDirectory: workingDirectory).repositoryPath(path) == expected)
  }

  @Test(
    "an absolute path, `.` and `..` resolved against the working directory",
    arguments: [
      ("../a.flow", "/work/app", "/work/a.flow"), ("/x/./y/../a.flow", nil, "/x/a.flow"),
      ("/../a.flow", nil, "/a.flow"), ("a.flow", nil, nil),
    ] as [(String, String?, String?)])
  func absolutePaths(path: String, workingDirectory: String?, expected: String?) {
    #expect(RenderOptions(workingDirectory: workingDirectory).absolutePath(path) == expected)
  }
}
