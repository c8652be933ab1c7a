import FlowLanguage
import FlowModel
import FlowReport

/// What the readers of the files flowcheck reads back promise for any bytes: the oracles of
/// the `replay` and `merge` fuzz targets (`Tests/Fuzz`), and of the tests that keep the
/// inputs they found.
///
/// Reading never traps: any bytes are a value or a failure with an offset inside the bytes.
/// A value read writes back as text that reads as the same value, and what the command does
/// with it (replay it on a small flow; merge it as a swarm of one file given) never traps.
public enum ReaderLaws {
  /// The flow traces are replayed on: small, with taps, a sheet, a child coordinator and a
  /// property of its own, so that many names in a trace match something.
  public static let replayFlow = """
    app Fuzz {
      library radianttap
      window App
      home Home
      limits { stack 3, presented 2, depth 12 }
    }

    screen Home
    screen Detail { style formSheet }
    screen Editor

    coordinator App: NavigationCoordinator {
      root window
      start { root Home }
      on Home.open { show Detail }
      on Home.edit { startChild Editing }
      handle editingDone { stopChild Editing }
    }

    coordinator Editing: NavigationCoordinator {
      root parent
      start { show Editor }
      on Editor.save { send editingDone }
    }

    never onScreen(Editor) && onScreen(Detail)

    """

  /// The laws a trace file's `bytes` break (`flowcheck replay`), each a line naming the law;
  /// empty when they all hold.
  public static func brokenByTrace(_ bytes: [UInt8]) -> [String] {
    let trace: TraceFile
    do {
      trace = try TraceFile.parse(bytes)
    } catch {
      if let offset = error.offset, !(0...bytes.count).contains(offset) {
        return ["a trace's syntax error is outside the bytes: offset \(offset) of \(bytes.count)"]
      }
      return []
    }
    var broken: [String] = []
    if (try? TraceFile.parse(trace.json)) != trace {
      broken.append("a trace written back does not read as the same trace:\n\(trace.json)")
    }
    guard let flow = FrontEnd.check(source: SourceFile(path: "fuzz.flow", text: replayFlow)).flow else {
      return broken + ["the replay flow does not resolve"]
    }
    let result = TraceReplay.replay(trace, on: flow)
    _ = result.text(flowPath: "fuzz.flow", tracePath: "fuzz.json", traceLength: trace.steps.count)
    return broken
  }

  /// The laws a swarm result file's `bytes` break (`flowcheck merge`), each a line naming
  /// the law; empty when they all hold.
  public static func brokenBySwarmResult(_ bytes: [UInt8]) -> [String] {
    let result: SwarmResult
    do {
      result = try SwarmResult.parse(bytes)
    } catch {
      if let offset = error.offset, !(0...bytes.count).contains(offset) {
        return ["a result's syntax error is outside the bytes: offset \(offset) of \(bytes.count)"]
      }
      return []
    }
    var broken: [String] = []
    // A version 1 file has no runtime, and is written back as version 2, which needs one.
    if result.runtime != nil, (try? SwarmResult.parse(result.json)) != result {
      broken.append("a result written back does not read as the same result:\n\(result.json)")
    }
    do {
      let merged = try SwarmMerge.merge([SwarmMerge.Shard(file: "fuzz.json", result: result)])
      if merged.missingCount != result.shards - 1 {
        broken.append("a swarm of \(result.shards) given one shard misses \(merged.missingCount)")
      }
      if merged.text.utf8.count > 64 * (bytes.count + 1024) {
        broken.append("the merge report of a \(bytes.count)-byte file is \(merged.text.utf8.count) bytes")
      }
      _ = merged.json
    } catch {
      broken.append("one shard alone does not merge: \(error.message)")
    }
    return broken
  }
}
