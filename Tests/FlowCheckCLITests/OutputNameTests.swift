import Foundation
import Testing

@testable import FlowCheckCLI
@testable import FlowReport

/// Every file a run writes has a name no other flow of the run writes, or the run is refused
/// (64) before anything is written; and a rerun removes only what is provably the same
/// flow's older output.
@Suite struct OutputNameTests {
  static let options = ["--quiet", "--no-color", "--no-progress", "--threads", "1"]

  /// A directory `flows/` holding `a/x.flow` and `b/x.flow`, both violating.
  static func twoFlowsOfOneName(in scratch: ScratchDirectory) throws -> String {
    try FileManager.default.createDirectory(
      atPath: scratch.path("flows/a"), withIntermediateDirectories: true)
    try FileManager.default.createDirectory(
      atPath: scratch.path("flows/b"), withIntermediateDirectories: true)
    try scratch.write("flows/a/x.flow", Fixture.violating)
    try scratch.write("flows/b/x.flow", Fixture.violating)
    return scratch.path("flows")
  }

  @Test func oneSwarmOutForSeveralFlowsIsRefusedBeforeWriting() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let flows = try Self.twoFlowsOfOneName(in: scratch)
    let out = scratch.path("r.json")
    let run = CommandRun(
      ["check", flows, "--swarm", "1/2", "--swarm-out", out, "--bitstate", "16"] + Self.options)
    #expect(run.status == 64)
    #expect(run.stdout.isEmpty)
    #expect(
      run.stderrLines.first
        == "Error: '--swarm-out \(out)' names one file, but 2 flows are checked (\(flows)/a/x.flow, \(flows)/b/x.flow); "
        + "check one flow per run with '--swarm-out', or leave it out so that each flow's result gets its own name"
    )
    #expect(!FileManager.default.fileExists(atPath: out))
  }

  /// The default swarm result is named in the working directory: the run is a process
  /// started in the scratch directory, where nothing may be written.
  @Test(.enabled(if: SwarmTests.binary != nil, "needs the built flowcheck binary"))
  func twoFlowsOfOneDefaultSwarmNameAreRefusedBeforeWriting() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let flows = try Self.twoFlowsOfOneName(in: scratch)
    let run = try #require(
      try CommandRun.process(
        ["check", flows, "--swarm", "1/2", "--bitstate", "16"] + Self.options, in: scratch))
    #expect(run.status == 64)
    #expect(
      run.stderrLines.first
        == "Error: \(flows)/a/x.flow and \(flows)/b/x.flow would both write their swarm result to "
        + "'x.swarm-1-of-2.json'; check them in separate runs with '--swarm-out PATH'")
    #expect(try scratch.entries() == ["flows"])
  }

  @Test func twoFlowsOfOneTraceNameAreRefusedBeforeWriting() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let flows = try Self.twoFlowsOfOneName(in: scratch)
    let traces = scratch.path("traces")
    let run = CommandRun(["check", flows, "--trace-dir", traces] + Self.options)
    #expect(run.status == 64)
    #expect(
      run.stderrLines.first
        == "Error: \(flows)/a/x.flow and \(flows)/b/x.flow would both write their traces as 'x.N.ID.trace.json' "
        + "in '\(traces)'; check them in separate runs or with separate '--trace-dir' directories")
    #expect(!FileManager.default.fileExists(atPath: traces))
  }

  /// `my.flowchart.flow` and `mychart.flow` used to share the name `mychart` (every `.flow`
  /// was removed from the name): the second run deleted the first's traces.
  @Test func flowsWhoseNamesDifferOnlyInWhereFlowIsKeepTheirTraces() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    try FileManager.default.createDirectory(atPath: scratch.path("flows"), withIntermediateDirectories: true)
    try scratch.write("flows/my.flowchart.flow", Fixture.violating)
    try scratch.write("flows/mychart.flow", Fixture.violating)
    let traces = scratch.path("traces")
    let run = CommandRun(["check", scratch.path("flows"), "--trace-dir", traces] + Self.options)
    #expect(run.status == 1, "\(run.stderr)")
    let names = try FileManager.default.contentsOfDirectory(atPath: traces).sorted()
    #expect(names.contains { $0.hasPrefix("my.flowchart.1.") })
    #expect(names.contains { $0.hasPrefix("mychart.1.") })
    #expect(
      names.filter { $0.hasPrefix("my.flowchart.") }.count == names.filter { $0.hasPrefix("mychart.") }.count)
    #expect(OutputNames.flowName(of: "a/my.flowchart.flow") == "my.flowchart")
    #expect(OutputNames.flowName(of: "x.flow.txt") == "x.flow.txt")
  }

  /// The traces of `a/x.flow` in a directory are not the older output of `b/x.flow`: a run
  /// of `b/x.flow` into the same directory leaves them.
  @Test func anotherFlowsTracesOfTheSameNameAreKept() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let flows = try Self.twoFlowsOfOneName(in: scratch)
    let traces = scratch.path("traces")
    #expect(CommandRun(["check", flows + "/a/x.flow", "--trace-dir", traces] + Self.options).status == 1)
    let first = try FileManager.default.contentsOfDirectory(atPath: traces).sorted()
    #expect(!first.isEmpty)
    try scratch.write("flows/b/x.flow", Fixture.valid)
    #expect(CommandRun(["check", flows + "/b/x.flow", "--trace-dir", traces] + Self.options).status == 0)
    #expect(try FileManager.default.contentsOfDirectory(atPath: traces).sorted() == first)
  }
}

extension OutputNameTests {
  /// `a/Shop.flow` and `b/shop.flow` write one trace file where names fold case (APFS,
  /// HFS+, NTFS); `café` composed and decomposed write one where names are normalised.
  @Test(arguments: [("Shop", "shop"), ("caf\u{E9}", "cafe\u{301}")])
  func namesThatDifferInCaseOrNormalFormCollide(first: String, second: String) throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    for directory in ["flows/a", "flows/b"] {
      try FileManager.default.createDirectory(
        atPath: scratch.path(directory), withIntermediateDirectories: true)
    }
    try scratch.write("flows/a/\(first).flow", Fixture.violating)
    try scratch.write("flows/b/\(second).flow", Fixture.violating)
    let flows = scratch.path("flows")
    let traces = scratch.path("traces")
    let run = CommandRun(["check", flows, "--trace-dir", traces] + Self.options)
    #expect(run.status == 64, "\(run.stderr)")
    #expect(run.stderrLines.first?.hasPrefix("Error: \(flows)/a/\(first).flow and \(flows)/b/") == true)
    #expect(!FileManager.default.fileExists(atPath: traces))
    guard
      let swarm = try CommandRun.process(
        ["check", flows, "--swarm", "1/2", "--bitstate", "16"] + Self.options, in: scratch)
    else { return }
    #expect(swarm.status == 64, "\(swarm.stderr)")
    #expect(swarm.stderrLines.first?.contains("would both write their swarm result to") == true)
    #expect(try scratch.entries() == ["flows"])
  }
}
