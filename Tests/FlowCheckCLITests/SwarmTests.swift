import FlowReport
import Foundation
import Testing

@testable import FlowCheckCLI

/// `check --swarm K/N` and `merge`: shards run as processes of the built `flowcheck`, their
/// merge against one plain `check`, and the refusals of files that are not one swarm.
@Suite struct SwarmTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// The `flowcheck` executable `swift build` put next to the test bundle, or nil.
  static let binary: String? = {
    let candidates = [
      URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(
        "flowcheck"
      ).path,
      root.appendingPathComponent(".build/debug/flowcheck").path,
    ]
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
  }()

  /// Runs the shards `1...shards` of `flow` at once, as processes when the binary is built
  /// (else in this process, one after the other), writing `shard-K.json` into `directory`.
  static func runShards(_ flow: String, shards: Int, in directory: ScratchDirectory) throws -> [Int32] {
    let arguments = { (shard: Int) in
      [
        "check", flow, "--swarm", "\(shard)/\(shards)", "--swarm-out", directory.path("shard-\(shard).json"),
        "--bitstate", "20", "--threads", "1", "--quiet", "--no-progress", "--no-color",
      ]
    }
    guard let binary else { return (1...shards).map { CommandRun(arguments($0)).status } }
    let processes = try (1...shards).map { shard in
      let process = Process()
      process.executableURL = URL(fileURLWithPath: binary)
      process.arguments = arguments(shard)
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      return process
    }
    return processes.map { process in
      process.waitUntilExit()
      return process.terminationStatus
    }
  }

  /// Each violation of a plain `check` as property id (and text) and trace length.
  static func checkViolations(_ flow: String, in directory: ScratchDirectory) throws -> [String: Int] {
    let traces = directory.path("traces")
    _ = CommandRun(["check", flow, "--trace-dir", traces, "--threads", "1", "--quiet", "--no-progress"])
    var found: [String: Int] = [:]
    for name in (try? FileManager.default.contentsOfDirectory(atPath: traces)) ?? [] {
      let trace = try TraceFile.parse(try directory.read(traces + "/" + name))
      let property = key(trace.property, trace.propertyText)
      found[property] = min(found[property] ?? .max, trace.steps.count)
    }
    return found
  }

  static func key(_ property: String, _ text: String?) -> String {
    text.map { "\(property) \($0)" } ?? property
  }

  static func shardViolations(_ file: String, in directory: ScratchDirectory) throws -> [String: Int] {
    let result = try SwarmResult.parse(try directory.read(file))
    // A property broken at several places: its shortest trace (the swarm merge keeps one
    // violation per property).
    return Dictionary(
      result.violations.map { (key($0.property, $0.propertyText), $0.length) }, uniquingKeysWith: min)
  }

  @Test(
    "four shards as processes, merged, find check's violations with traces no longer than any shard's",
    arguments: [
      "Specs/raypets.flow", "Specs/bugs/class14-sheet-outlives-child.flow",
      "Specs/bugs/gap3-same-identifier-twice.flow", "Specs/shop.flow",
    ])
  func fourShardsMerge(spec: String) throws {
    let directory = try ScratchDirectory()
    defer { directory.remove() }
    let flow = Self.root.appendingPathComponent(spec).path
    let expected = try Self.checkViolations(flow, in: directory)
    let statuses = try Self.runShards(flow, shards: 4, in: directory)
    #expect(statuses == Array(repeating: expected.isEmpty ? 2 : 1, count: 4), "\(spec)")
    let files = (1...4).map { directory.path("shard-\($0).json") }
    let merge = CommandRun(["merge"] + files + ["--format", "json"])
    #expect(merge.status == (expected.isEmpty ? 2 : 1), "\(merge.stderr)")
    guard case .object(let root) = try JSONParser.parse(merge.stdout),
      case .array(let entries) = root["violations"]
    else {
      Issue.record("no violations array in \(merge.stdout)")
      return
    }
    var merged: [String: Int] = [:]
    for entry in entries {
      guard case .object(let fields) = entry, case .object(let property) = fields["property"],
        case .string(let id) = property["id"], case .int(let length) = fields["traceLength"]
      else { continue }
      var text: String?
      if case .string(let value) = property["text"] { text = value }
      merged[Self.key(id, text)] = length
    }
    #expect(Set(merged.keys) == Set(expected.keys), "\(spec)")
    for file in files {
      for (property, length) in try Self.shardViolations(file, in: directory) {
        #expect(merged[property].map { $0 <= length } == true, "\(property) in \(file)")
      }
    }
    for (property, length) in expected { #expect(merged[property].map { $0 >= length } == true) }
    #expect(root["outcome"] == .string(expected.isEmpty ? "partial" : "violated"))
    #expect(root["missing"] == .array([]))
    // Deterministic: the same files in another order give the same bytes.
    #expect(CommandRun(["merge"] + files.reversed() + ["--format", "json"]).stdout == merge.stdout)
    let text = CommandRun(["merge"] + files)
    #expect(text.stdout.contains("combined coverage estimate"))
    #expect(!text.stdout.contains("verified") || text.stdout.contains("nothing is verified"))
  }

  @Test("a missing shard is named and the merge is incomplete (exit 2)")
  func missingShard() throws {
    let directory = try ScratchDirectory()
    defer { directory.remove() }
    let flow = Self.root.appendingPathComponent("Specs/shop.flow").path
    _ = try Self.runShards(flow, shards: 4, in: directory)
    let run = CommandRun(["merge", directory.path("shard-1.json"), directory.path("shard-3.json")])
    #expect(run.status == 2)
    #expect(run.stdout.contains("missing shards: 2, 4 (2 of 4; the result is incomplete)"), "\(run.stdout)")
    #expect(run.stdout.contains("result: incomplete"))
    let json = CommandRun(["merge", directory.path("shard-2.json"), "--format", "json"])
    guard case .object(let root) = try JSONParser.parse(json.stdout) else { return }
    #expect(root["missing"] == .array([.array([.int(1), .int(1)]), .array([.int(3), .int(4)])]))
    #expect(root["missingCount"] == .int(3))
    #expect(root["outcome"] == .string("incomplete"))
  }

  @Test("shards of another flow, of another N, or given twice are refused, naming the files (64)")
  func mismatchedShards() throws {
    let directory = try ScratchDirectory()
    defer { directory.remove() }
    let shop = Self.root.appendingPathComponent("Specs/shop.flow").path
    let raypets = Self.root.appendingPathComponent("Specs/raypets.flow").path
    let options = ["--bitstate", "16", "--threads", "1", "--quiet", "--no-progress"]
    _ = CommandRun(["check", shop, "--swarm", "1/2", "--swarm-out", directory.path("a.json")] + options)
    _ = CommandRun(["check", raypets, "--swarm", "2/2", "--swarm-out", directory.path("b.json")] + options)
    _ = CommandRun(["check", shop, "--swarm", "2/3", "--swarm-out", directory.path("c.json")] + options)

    let flows = CommandRun(["merge", directory.path("a.json"), directory.path("b.json")])
    #expect(flows.status == 64)
    #expect(flows.stderr.contains("b.json is a result of another flow"), "\(flows.stderr)")
    #expect(flows.stderr.contains("a.json"))
    #expect(flows.stdout.isEmpty)

    let sizes = CommandRun(["merge", directory.path("a.json"), directory.path("c.json")])
    #expect(sizes.status == 64)
    #expect(sizes.stderr.contains("c.json is shard 2 of 3, while"), "\(sizes.stderr)")

    let twice = CommandRun(["merge", directory.path("a.json"), directory.path("a.json")])
    #expect(twice.status == 64)
    #expect(twice.stderr.contains("shard 1 is given twice"), "\(twice.stderr)")
  }

  @Test("a corrupt, foreign, newer or missing result file is a clear error, not a crash")
  func corruptResult() throws {
    let directory = try ScratchDirectory()
    defer { directory.remove() }
    let shop = Self.root.appendingPathComponent("Specs/shop.flow").path
    let good = directory.path("good.json")
    _ = CommandRun(["check", shop, "--swarm", "1/1", "--swarm-out", good, "--bitstate", "16", "--quiet"])
    let text = try directory.read(good)
    let truncated = String(text.prefix(text.count / 2))
    let end = truncated.split(separator: "\n", omittingEmptySubsequences: false)
    // A syntax error points at its line and column; an error of meaning at the file's start.
    let cases: [(String, String, String, String)] = [
      ("truncated.json", truncated, "not JSON", "\(end.count):\(end.last!.utf8.count + 1)"),
      (
        "trace.json", "{\"format\": \"flowcheck-trace\", \"schemaVersion\": 1}",
        "not a flowcheck swarm result", "1:1"
      ),
      (
        "newer.json", text.replacing("\"schemaVersion\": 2,", with: "\"schemaVersion\": 99,"),
        "schema version 99", "1:1"
      ),
      (
        "shard.json", text.replacing("\"shard\": 1,", with: "\"shard\": 7,"), "shard 7 of 1 is not a shard",
        "1:1"
      ),
      ("empty.json", "", "not JSON", "1:1"),
    ]
    for (name, contents, message, position) in cases {
      let path = try directory.write(name, contents)
      let run = CommandRun(["merge", path, "--no-color"])
      #expect(run.status == 65, "\(name): \(run.stderr)")
      #expect(run.stderr.contains("\(path):\(position): error: "), "\(name): \(run.stderr)")
      #expect(run.stderr.contains(message), "\(name): \(run.stderr)")
      #expect(run.stderr.contains("note: write result files with 'flowcheck check FILE --swarm K/N'"))
    }
    let missing = CommandRun(["merge", directory.path("nothing.json")])
    #expect(missing.status == 66)
    #expect(missing.stderr.contains("cannot read file"))
  }

  @Test("bad --swarm values and combinations are usage errors with a hint")
  func swarmUsage() {
    for value in ["0/4", "5/4", "2", "a/b", "1/0", "-1/4"] {
      let run = CommandRun(["check", "Specs/shop.flow", "--swarm", value])
      #expect(run.status == 64, "\(value)")
      #expect(
        run.stderr.contains("expected K/N with 1 <= K <= N <= 65536, such as 2/4"), "\(value): \(run.stderr)")
    }
    let alone = CommandRun(["check", "Specs/shop.flow", "--swarm-out", "x.json"])
    #expect(alone.status == 64)
    #expect(alone.stderr.contains("'--swarm-out <path>' needs '--swarm <K/N>'"))
    let two = CommandRun(["check", "a.flow", "b.flow", "--swarm", "1/2"])
    #expect(two.status == 64)
    #expect(two.stderr.contains("checks one file"))
    #expect(CommandRun(["merge"]).status == 64)
    #expect(CommandRun(["merge", "x.json", "--format", "xml"]).status == 64)
  }
}
