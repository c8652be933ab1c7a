import FlowLanguage
import FlowTestSupport
import Foundation
import Testing

@testable import FlowCheckCLI

@Suite("--stats")
struct StatsTests {
  /// The keys `scripts/bench` reads, and the rest of the `stats` object.
  static let statsKeys = [
    "seconds", "statesPerSecond", "threads", "peakRSSBytes", "storedBytes", "bytesPerState",
    "mergeSeconds", "mergerIdleSeconds",
  ]

  @Test("JSON gets a stats object with the figures scripts/bench reads", arguments: [1, 2])
  func jsonStats(threads: Int) throws {
    let directory = try ScratchDirectory()
    defer { directory.remove() }
    let path = try directory.write("valid.flow", Fixture.valid)
    let run = CommandRun([path, "--format", "json", "--stats", "--threads", String(threads)])
    #expect(run.status == 0)
    #expect(run.stderr.isEmpty)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    let states = try #require(object["states"] as? Int)
    #expect(object["transitions"] is Int)
    let stats = try #require(object["stats"] as? [String: Any])
    #expect(stats.keys.sorted() == Self.statsKeys.sorted())
    #expect(stats["threads"] as? Int == threads)
    let seconds = try #require((stats["seconds"] as? NSNumber)?.doubleValue)
    let speed = try #require((stats["statesPerSecond"] as? NSNumber)?.doubleValue)
    let peak = try #require(stats["peakRSSBytes"] as? Int)
    let perState = try #require((stats["bytesPerState"] as? NSNumber)?.doubleValue)
    #expect(seconds >= 0)
    #expect(speed >= 0)
    #expect(peak > 0)
    #expect(abs(perState - Double(peak) / Double(states)) < 1)
    #expect((stats["storedBytes"] as? Int ?? -1) >= 0)
    // The merge is part of the search, on the thread that merges.
    let merge = try #require((stats["mergeSeconds"] as? NSNumber)?.doubleValue)
    let idle = try #require((stats["mergerIdleSeconds"] as? NSNumber)?.doubleValue)
    #expect(merge > 0 && merge <= seconds)
    #expect(idle >= 0 && merge + idle <= seconds)
  }

  @Test("without --stats, JSON has no stats object")
  func noStats() throws {
    let directory = try ScratchDirectory()
    defer { directory.remove() }
    let path = try directory.write("valid.flow", Fixture.valid)
    let run = CommandRun([path, "--format", "json"])
    let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    #expect(object["stats"] == nil)
    #expect(object["timing"] == nil)
  }

  @Test("text: the figures on stderr, stdout as without --stats", arguments: [[], ["--quiet"]])
  func textStats(extra: [String]) throws {
    let directory = try ScratchDirectory()
    defer { directory.remove() }
    let path = try directory.write("valid.flow", Fixture.valid)
    let plain = CommandRun([path] + extra)
    let stats = CommandRun([path, "--stats"] + extra)
    #expect(stats.status == plain.status)
    #expect(stats.stdout == plain.stdout)
    let line = try #require(stats.stderrLines.last)
    #expect(
      line.wholeMatch(
        of:
          /stats: [0-9]+\.[0-9]{3} s, [0-9]+ states\/s, [0-9]+ threads?, peak RSS [0-9]+ bytes \(.+\), stored [0-9]+ bytes \(.+\), [0-9]+ bytes\/state, merge [0-9]+\.[0-9]{3} s \([0-9]+\.[0-9] %\), merger idle [0-9]+\.[0-9]{3} s/
      ) != nil, "\(line)")
    #expect(!plain.stderr.contains("stats:"))
  }
}

@Suite("Memory limit")
struct MemoryLimitTests {
  /// /proc/meminfo texts and the MemTotal they give, in bytes.
  static let meminfo: [(text: String, bytes: Int?)] = [
    ("MemTotal:       24684084 kB\nMemFree:        1000 kB\n", 24_684_084 * 1024),
    ("MemFree:        1000 kB\nMemTotal:\t16 kB\n", 16 * 1024),
    ("MemTotal: 2048\n", 2048),
    ("MemFree:        1000 kB\n", nil),
    ("MemTotal:       lots kB\n", nil),
    ("MemTotal:       12 pages\n", nil),
    ("", nil),
  ]

  @Test("MemTotal from /proc/meminfo", arguments: meminfo)
  func memTotal(testCase: (text: String, bytes: Int?)) {
    #expect(MemoryLimit.memTotal(inMeminfo: testCase.text) == testCase.bytes)
  }

  @Test("the default is 75% of physical memory, below it")
  func defaultShare() throws {
    #expect(MemoryLimit.defaultBytes(physicalMemory: 16 << 30) == 12 << 30)
    let physical = try #require(MemoryLimit.physicalMemory())
    let limit = try #require(MemoryLimit.defaultBytes)
    #expect(limit > 0 && limit < physical)
    #expect(limit == MemoryLimit.defaultBytes(physicalMemory: physical))
  }

  /// `--max-memory`, the default the machine offers, and the limit and origin the checker gets.
  static let settings: [(given: Int?, machine: Int?, limit: Int?, isDefault: Bool)] = [
    (nil, 12 << 30, 12 << 30, true),
    (512 << 20, 12 << 30, 512 << 20, false),
    (512 << 20, nil, 512 << 20, false),
    (nil, nil, nil, false),
  ]

  @Test("--max-memory or the default reaches the checker", arguments: settings)
  func checkerSettings(testCase: (given: Int?, machine: Int?, limit: Int?, isDefault: Bool)) throws {
    let flow = try #require(FrontEnd.check(source: SourceFile(path: "mini.flow", text: Fixture.valid)).flow)
    var options = CheckOptions(files: ["mini.flow"])
    options.maxMemory = testCase.given
    let settings = CheckCommand.settings(for: flow, options: options, defaultMemory: testCase.machine)
    #expect(settings.maxMemoryBytes == testCase.limit)
    #expect(settings.maxMemoryIsDefault == testCase.isDefault)
  }

  @Test("hitting the memory limit: incomplete, the limit and the states covered")
  func limitHit() throws {
    let directory = try ScratchDirectory()
    defer { directory.remove() }
    let path = try directory.write("valid.flow", Fixture.valid)
    let run = CommandRun([path, "--max-memory", "1K", "--no-color"])
    #expect(run.status == 2)
    #expect(
      run.stdout.contains(try Regex("verdict: INCOMPLETE — memory limit 1 KiB reached after [0-9]+ states")),
      "\(run.stdout)")
  }

  /// A table within a generous limit but beyond the machine's memory used to abort the
  /// process in its allocation; it is refused like one beyond the limit.
  @Test(
    "a bitstate table larger than the machine's memory is refused",
    arguments: [
      (
        40, 200 << 30, 24 << 30,
        "'--bitstate 40' needs 128 GiB for its table, more than this machine's 24 GiB of memory"
      ),
      (
        40, nil, 24 << 30,
        "'--bitstate 40' needs 128 GiB for its table, more than this machine's 24 GiB of memory"
      ),
      (
        30, 1 << 20, 24 << 30,
        "'--bitstate 30' needs 128 MiB for its table, more than the memory limit of 1 MiB"
      ),
    ] as [(Int, Int?, Int, String)])
  func bitstateBeyondTheMachine(bits: Int, limit: Int?, physical: Int, refusal: String) {
    #expect(MemoryLimit.bitstateRefusal(bits: bits, limit: limit, physical: physical) == refusal)
    #expect(MemoryLimit.bitstateRefusal(bits: 30, limit: nil, physical: 24 << 30) == nil)
    #expect(MemoryLimit.bitstateRefusal(bits: 30, limit: nil, physical: nil) == nil)
  }

  @Test("a bitstate table larger than the memory limit is refused before anything runs")
  func bitstateTooLarge() {
    #expect(MemoryLimit.bitstateTableBytes(30) == 128 << 20)
    let run = CommandRun(["a.flow", "--bitstate", "30", "--max-memory", "1M"])
    #expect(run.status == 64)
    #expect(run.stdout.isEmpty)
    #expect(
      run.stderrLines.first
        == "Error: '--bitstate 30' needs 128 MiB for its table, more than the memory limit of 1 MiB")
  }
}
