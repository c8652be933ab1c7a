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

  /// The traces of `a/x.flow` in a directory are not the older output of `b/x.flow`, which
  /// violates the same property: a run of `b/x.flow` into the same directory writes none of
  /// its traces (66), and `a/x.flow`'s are left as they were.
  @Test func anotherFlowsTracesOfTheSameNameAreKept() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let flows = try Self.twoFlowsOfOneName(in: scratch)
    let traces = scratch.path("traces")
    #expect(CommandRun(["check", flows + "/a/x.flow", "--trace-dir", traces] + Self.options).status == 1)
    let first = try FileManager.default.contentsOfDirectory(atPath: traces).sorted()
    #expect(!first.isEmpty)
    let contents = try first.map { try scratch.read(traces + "/" + $0) }
    let run = CommandRun(["check", flows + "/b/x.flow", "--trace-dir", traces] + Self.options)
    #expect(run.status == 66, "\(run.stderr)")
    #expect(
      run.stderrLines.first
        == "\(traces)/\(first[0]):1:1: error: cannot write file: it is named as a trace of \(flows)/b/x.flow but "
        + "is not one (another flow's trace, or a file that is no trace); flowcheck does not replace it: "
        + "remove it, or write the traces to another '--trace-dir'")
    #expect(try FileManager.default.contentsOfDirectory(atPath: traces).sorted() == first)
    #expect(try first.map { try scratch.read(traces + "/" + $0) } == contents)
    // The same flow's own older traces are replaced.
    #expect(CommandRun(["check", flows + "/a/x.flow", "--trace-dir", traces] + Self.options).status == 1)
  }

  /// A file of the user's named as a trace is kept, whatever it is: a text file, a pipe
  /// (never opened, so the run does not block on it).
  @Test func aFileOfTheUsersNamedAsATraceIsKept() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let flows = try Self.twoFlowsOfOneName(in: scratch)
    let probe = scratch.path("probe")
    #expect(CommandRun(["check", flows + "/a/x.flow", "--trace-dir", probe] + Self.options).status == 1)
    let name = try #require(try FileManager.default.contentsOfDirectory(atPath: probe).sorted().first)
    let traces = scratch.path("traces")
    try FileManager.default.createDirectory(atPath: traces, withIntermediateDirectories: true)
    try scratch.write("traces/" + name, "my notes\n")
    let run = CommandRun(["check", flows + "/a/x.flow", "--trace-dir", traces] + Self.options)
    #expect(run.status == 66, "\(run.stderr)")
    #expect(run.stderrLines.first?.hasPrefix("\(traces)/\(name):1:1: error: cannot write file: ") == true)
    #expect(try scratch.read(traces + "/" + name) == "my notes\n")
    try FileManager.default.removeItem(atPath: traces + "/" + name)
    try #require(mkfifo(traces + "/" + name, 0o644) == 0)
    let pipe = CommandRun(["check", flows + "/a/x.flow", "--trace-dir", traces] + Self.options)
    #expect(pipe.status == 66, "\(pipe.stderr)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: traces) == [name])
  }

  /// A swarm result is written over the same flow's older result only: not over another
  /// flow's result of the same default name, a file of the user's, or the flow file itself.
  @Test(.enabled(if: SwarmTests.binary != nil, "needs the built flowcheck binary"))
  func aSwarmResultReplacesOnlyTheSameFlowsResult() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let flows = try Self.twoFlowsOfOneName(in: scratch)
    let shard = ["--swarm", "1/2", "--bitstate", "16"] + Self.options
    let first = try #require(try CommandRun.process(["check", flows + "/a/x.flow"] + shard, in: scratch))
    #expect(first.status == 1, "\(first.stderr)")
    let result = scratch.path("x.swarm-1-of-2.json")
    let written = try scratch.read(result)
    #expect(try SwarmResult.parse(written).flowPath == flows + "/a/x.flow")
    // The same flow again: its own older result is replaced.
    #expect(try CommandRun.process(["check", flows + "/a/x.flow"] + shard, in: scratch)?.status == 1)

    let other = try #require(try CommandRun.process(["check", flows + "/b/x.flow"] + shard, in: scratch))
    #expect(other.status == 66)
    #expect(
      other.stderrLines.first
        == "x.swarm-1-of-2.json:1:1: error: cannot write file: it is there and is not a swarm result of "
        + "\(flows)/b/x.flow; flowcheck does not replace it: remove it, or name another file with '--swarm-out PATH'"
    )
    #expect(other.stdout.isEmpty, "refused before the flow is checked")
    #expect(try SwarmResult.parse(try scratch.read(result)).flowPath == flows + "/a/x.flow")

    let notes = try scratch.write("notes.json", "{}\n")
    let user = CommandRun(["check", flows + "/a/x.flow", "--swarm-out", notes] + shard)
    #expect(user.status == 66)
    #expect(try scratch.read(notes) == "{}\n")

    let flow = flows + "/a/x.flow"
    let itself = CommandRun(["check", flow, "--swarm-out", flows + "/a/../a/x.flow"] + shard)
    #expect(itself.status == 64)
    #expect(
      itself.stderrLines.first
        == "Error: the swarm result of \(flow) would be written to '\(flows)/a/../a/x.flow', which is the flow "
        + "file \(flow) checked by this run; name another file with '--swarm-out PATH'")
    #expect(try scratch.read(flow) == Fixture.violating)
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
