import FlowLanguage
import Foundation
import Testing

@testable import FlowCheckCLI
@testable import FlowReport

/// The readers of the files flowcheck reads back (`replay`'s trace, `merge`'s results) are
/// total and bounded: any bytes end as a value or as a positioned error (65), never a trap,
/// and nothing in a file makes the reader's work or output grow without bound.
@Suite struct ReaderBoundsTests {
  static let shop = SpecCorpusTests.specsDirectory.appendingPathComponent("shop.flow").path

  /// Texts the JSON reader refuses, the message and the byte offset it points at.
  @Test(arguments: [
    (#""\ud800\u0041""#, "a high surrogate escape must be followed by a low one ('\\uDC00' to '\\uDFFF')", 7),
    (#""\ud800x""#, "a high surrogate escape must be followed by a low one ('\\uDC00' to '\\uDFFF')", 1),
    (#""\ud800""#, "a high surrogate escape must be followed by a low one ('\\uDC00' to '\\uDFFF')", 1),
    (#""\udc00""#, "a low surrogate escape without a high one before it", 1),
    (#""\u+123""#, "expected four hexadecimal digits after '\\u'", 3),
    (#""\u00zz""#, "expected four hexadecimal digits after '\\u'", 3),
    (#""\q""#, "unknown escape in a string", 1),
    ("+1", "expected a value", 0),
    ("01", "a number must not start with '0' and another digit", 0),
    ("1.", "expected a digit after the decimal point", 2),
    (".5", "expected a value", 0),
    ("1e", "expected a digit in the exponent", 2),
    ("-", "expected a value", 0),
    ("1e400", "number too large: its magnitude is beyond what a 64-bit floating-point number holds", 0),
    (
      "-" + String(repeating: "9", count: 400),
      "number too large: its magnitude is beyond what a 64-bit floating-point number holds", 0
    ),
    (String(repeating: "[", count: 65) + String(repeating: "]", count: 65), "nested too deeply", 64),
  ])
  func badJSONIsAPositionedFailure(text: String, message: String, offset: Int) {
    #expect(throws: JSONParser.Failure(message: message, offset: offset)) { try JSONParser.parse(text) }
  }

  /// Texts the JSON reader accepts, and what they read as.
  @Test(
    arguments: [
      (#""\ud83d\ude00""#, JSONValue.string("😀")),
      (#""\uD83D\uDE00\u0041""#, .string("😀A")),
      (#""\uffff\u00e9""#, .string("\u{FFFF}é")),
      ("-0", .int(0)),
      ("-0.0", .double(-0.0)),
      ("1e2", .double(100)),
      ("2.5E-3", .double(0.0025)),
      ("9223372036854775807", .int(Int.max)),
      ("9223372036854775808", .double(9_223_372_036_854_775_808)),
      ("1e-400", .double(0)),
      (String(repeating: "[", count: 64) + String(repeating: "]", count: 64), nil),
    ] as [(String, JSONValue?)])
  func goodJSONReads(text: String, value: JSONValue?) throws {
    let parsed = try JSONParser.parse(text)
    if let value { #expect(parsed == value) }
  }

  /// The crash of the issue: a trace holding a high surrogate and a `\u` escape below U+DC00.
  /// The error points at the escape that should have been the low half.
  @Test func aLoneHighSurrogateInATraceIsAPositionedError() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let path = try scratch.write("t.json", "{\"format\": \"flowcheck-trace\",\n \"why\": \"\\ud800\\u0041\"}")
    let replay = CommandRun(["replay", Self.shop, path, "--no-color"])
    #expect(replay.status == 65)
    #expect(
      replay.stderrLines.first
        == "\(path):2:16: error: not JSON: a high surrogate escape must be followed by a low one ('\\uDC00' to '\\uDFFF')"
    )
    #expect(
      replay.stderrLines.last
        == "\(path):2:16: note: write trace files with 'flowcheck check FILE --trace-dir DIR'")
  }

  /// Bytes that are not UTF-8 in a string are an error at the first such byte, by its
  /// offset in the file, not a replacement character (three bytes) that shifts every
  /// position after it.
  @Test(arguments: [
    ([0xFF], 0), ([0x61, 0xC3, 0xA9, 0xE9, 0x62], 3), ([0xE2, 0x82], 0), ([0xED, 0xA0, 0x80], 0),
    ([0x5C, 0x6E, 0xC0, 0xAF], 2),
  ])
  func bytesThatAreNotUTF8AreAnErrorWhereTheyStart(inString: [UInt8], at: Int) {
    let bytes = [UInt8(ascii: "\"")] + inString + [UInt8(ascii: "\"")]
    let byte = String(inString[at], radix: 16, uppercase: true)
    #expect(
      throws: JSONParser.Failure(
        message: "not UTF-8: byte 0x\(byte) does not start a valid sequence", offset: 1 + at)
    ) { try JSONParser.parse(bytes) }
  }

  @Test func aTraceThatIsNotUTF8IsAnErrorAtTheByte() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let path = scratch.path("t.json")
    let bytes = Array("{\"format\": \"flowcheck-trace\",\n \"why\": \"caf".utf8) + [0xE9] + Array("\"}".utf8)
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    let replay = CommandRun(["replay", Self.shop, path, "--no-color"])
    #expect(replay.status == 65)
    #expect(
      replay.stderrLines.first
        == "\(path):2:13: error: not JSON: not UTF-8: byte 0xE9 does not start a valid sequence")
  }

  /// An error after a byte that is not UTF-8 is at its own offset: the merge reader used to
  /// replace the byte by three and point two columns too far.
  @Test func aResultThatIsNotUTF8IsAnErrorAtTheByte() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let path = scratch.path("r.json")
    try Data([UInt8(ascii: "[")] + [0xFF] + Array("]".utf8)).write(to: URL(fileURLWithPath: path))
    let outside = CommandRun(["merge", path, "--no-color"])
    #expect(outside.stderrLines.first == "\(path):1:2: error: not JSON: expected a value")
    let text = try Self.shardResult(in: scratch)
    let bad = scratch.path("bad.json")
    let bytes = Array(text.replacing("\"format\"", with: "\"x\": \"\u{FFFF}\", \"format\"").utf8)
    // U+FFFF is three bytes: the first becomes a lone 0xFF, and the rest stay in the string.
    let index = try #require(bytes.firstIndex(of: 0xEF))
    var broken = bytes
    broken[index] = 0xFF
    try Data(broken).write(to: URL(fileURLWithPath: bad))
    let merge = CommandRun(["merge", bad, "--no-color"])
    #expect(merge.status == 65)
    let point = SourceFile(path: bad, bytes: broken).location(of: index)
    #expect(
      merge.stderrLines.first
        == "\(bad):\(point.line):\(point.column): error: not JSON: not UTF-8: byte 0xFF does not start a valid sequence",
      "\(merge.stderr)")
  }

  /// A good shard's result file, written by `check --swarm 1/1`.
  static func shardResult(in scratch: ScratchDirectory, name: String = "good.json", runtime: String? = nil)
    throws
    -> String
  {
    let path = scratch.path(name)
    var arguments = ["check", shop, "--swarm", "1/1", "--swarm-out", path, "--bitstate", "16", "--quiet"]
    if let runtime { arguments += ["--runtime", runtime] }
    _ = CommandRun(arguments + ["--threads", "1", "--no-progress"])
    return try scratch.read(path)
  }

  @Test func aLoneHighSurrogateInAResultIsAPositionedError() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let text = try Self.shardResult(in: scratch)
    let bad = try scratch.write(
      "bad.json", text.replacing("\"format\"", with: "\"x\": \"\\ud800\\u0041\",\n  \"format\""))
    let merge = CommandRun(["merge", bad, "--no-color"])
    #expect(merge.status == 65)
    #expect(
      merge.stderrLines.first
        == "\(bad):11:15: error: not JSON: a high surrogate escape must be followed by a low one ('\\uDC00' to '\\uDFFF')",
      "\(merge.stderr)")
    #expect(
      merge.stderrLines.last
        == "\(bad):11:15: note: write result files with 'flowcheck check FILE --swarm K/N'")
  }

  /// `"shards"` above what `check --swarm` takes is refused; every count up to it is reported
  /// in a few lines, the missing shards as runs.
  @Test(arguments: ["9223372036854775807", "10000000", "65537", "1e300"])
  func aSwarmLargerThanCheckTakesIsRefused(shards: String) throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let text = try Self.shardResult(in: scratch)
    let bad = try scratch.write("bad.json", text.replacing("\"shards\": 1,", with: "\"shards\": \(shards),"))
    let merge = CommandRun(["merge", bad, "--no-color"])
    #expect(merge.status == 65)
    #expect(merge.stdout.isEmpty)
    let expected =
      shards == "1e300"
      ? "no whole number \"shards\"" : "\"shards\" is \(shards), more than a swarm has (at most 65536)"
    #expect(merge.stderrLines.first == "\(bad):1:1: error: \(expected)", "\(merge.stderr)")
  }

  @Test func theMissingShardsOfTheLargestSwarmAreListedAsRuns() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let text = try Self.shardResult(in: scratch)
    let first = try scratch.write("a.json", text.replacing("\"shards\": 1,", with: "\"shards\": 65536,"))
    let third = try scratch.write(
      "b.json",
      text.replacing("\"shards\": 1,", with: "\"shards\": 65536,").replacing(
        "\"shard\": 1,", with: "\"shard\": 3,"
      )
      .replacing("\"seed\": 1", with: "\"seed\": 3"))
    let merge = CommandRun(["merge", first, third, "--no-color"])
    #expect(merge.status == 2, "\(merge.stderr)")
    #expect(
      merge.stdout.contains("\n  missing shards: 2, 4-65536 (65534 of 65536; the result is incomplete)\n"))
    #expect(merge.stdout.utf8.count < 4096)
    let json = CommandRun(["merge", first, third, "--format", "json"])
    guard case .object(let root) = try JSONParser.parse(json.stdout) else {
      Issue.record("not a JSON object: \(json.stdout)")
      return
    }
    #expect(root["missing"] == .array([.array([.int(2), .int(2)]), .array([.int(4), .int(65536)])]))
    #expect(root["missingCount"] == .int(65534))
  }

  @Test func theTextListsAtMostEightRunsOfMissingShards() {
    let runs = SwarmMerge.missingRuns(given: Array(stride(from: 2, through: 40, by: 2)), of: 100)
    #expect(runs.count == 21)
    #expect(runs.first == 1...1)
    #expect(runs.last == 41...100)
    #expect(SwarmMerge.missingRuns(given: [], of: 65536) == [1...65536])
    #expect(SwarmMerge.missingRuns(given: [1, 2, 3], of: 3) == [])
  }

  /// Shards of one flow's text checked under two runtimes are two state spaces: refused.
  @Test func shardsOfDifferentRuntimesAreRefused() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let portable = SpecCorpusTests.specsDirectory.appendingPathComponent("portable.flow").path
    let options = ["--bitstate", "16", "--threads", "1", "--quiet", "--no-progress"]
    let a = scratch.path("a.json")
    let b = scratch.path("b.json")
    _ = CommandRun(
      ["check", portable, "--swarm", "1/2", "--swarm-out", a, "--runtime", "radianttap"] + options)
    _ = CommandRun(
      ["check", portable, "--swarm", "2/2", "--swarm-out", b, "--runtime", "insecurity"] + options)
    #expect(try SwarmResult.parse(try scratch.read(a)).runtime == "radianttap")
    #expect(try SwarmResult.parse(try scratch.read(b)).runtime == "insecurity")
    let merge = CommandRun(["merge", a, b, "--no-color"])
    #expect(merge.status == 64)
    #expect(merge.stdout.isEmpty)
    #expect(
      merge.stderrLines.first
        == "Error: \(b) was checked under runtime 'insecurity', while \(a) was checked under runtime 'radianttap'; "
        + "merge the shards of one runtime only (check every shard with the same '--runtime')",
      "\(merge.stderr)")
  }

  /// A version 1 file, written before results recorded their runtime, still merges with its
  /// own kind; a version 2 file without a runtime is not a result.
  @Test func aResultWithoutItsRuntime() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let text = try Self.shardResult(in: scratch)
    #expect(text.contains("\"runtime\": \"radianttap\""))
    let older = text.replacing("\"schemaVersion\": 2", with: "\"schemaVersion\": 1").replacing(
      "  \"runtime\": \"radianttap\",\n", with: "")
    let v1 = try scratch.write("v1.json", older)
    #expect(CommandRun(["merge", v1]).status == 2)
    // The merge report of version 1 shards leaves `runtime` out (Docs/JSON.md), and its
    // version is the report's own.
    let merged = try JSONParser.parse(CommandRun(["merge", v1, "--format", "json"]).stdout)
    guard case .object(let report) = merged else {
      Issue.record("the merge report is not an object: \(merged)")
      return
    }
    #expect(report["runtime"] == nil)
    #expect(report["schemaVersion"] == .int(SwarmMerge.schemaVersion))
    #expect(report["format"] == .string("flowcheck-swarm-merge"))
    let v2 = try scratch.write("v2.json", text.replacing("  \"runtime\": \"radianttap\",\n", with: ""))
    let run = CommandRun(["merge", v2, "--no-color"])
    #expect(run.status == 65)
    #expect(
      run.stderrLines.first
        == "\(v2):1:1: error: no \"runtime\" naming the runtime the shard was checked under")
  }
}
