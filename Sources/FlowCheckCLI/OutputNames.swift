import FlowReport

/// The names of the files `check` writes besides its report (swarm results, trace files),
/// and the refusal of a run in which two flows would write one of them.
enum OutputNames {
  /// The name the files a run writes for the flow at `path` start with: its file name
  /// without the final `.flow` (`my.flowchart` for `a/my.flowchart.flow`).
  static func flowName(of path: String) -> String {
    let name = String(path.split(separator: "/").last ?? "flow")
    return name.hasSuffix(".flow") ? String(name.dropLast(".flow".count)) : name
  }

  /// Shard `shard` of `shards`'s default result file for the flow at `path`, in the current
  /// directory: `shop.swarm-2-of-4.json` for `Specs/shop.flow`.
  static func swarmResult(of path: String, shard: Int, shards: Int) -> String {
    "\(flowName(of: path)).swarm-\(shard)-of-\(shards).json"
  }

  /// Why the files this run would write cannot all have names of their own, or nil when
  /// they can: two flows writing one `--swarm-out`, one default swarm result name, or one
  /// trace name in `--trace-dir`. Checked before any flow is, so that a refused run writes
  /// nothing. A path given twice is one flow, whose second run rewrites its own files.
  static func collision(_ paths: [String], options: CheckOptions) -> UsageError? {
    var seen: Set<String> = []
    let flows = paths.filter { seen.insert($0).inserted }
    if let swarm = options.swarm {
      if let file = options.swarmOutput, flows.count > 1 {
        return UsageError(
          "'--swarm-out \(file)' names one file, but \(flows.count) flows are checked (\(flows[0]), \(flows[1])"
            + "\(flows.count > 2 ? ", …" : "")); check one flow per run with '--swarm-out', or leave it out "
            + "so that each flow's result gets its own name")
      }
      if options.swarmOutput == nil,
        let (first, second) = firstCollision(flows, { swarm.defaultOutput(for: $0) })
      {
        return UsageError(
          "\(first) and \(second) would both write their swarm result to '\(swarm.defaultOutput(for: first))'; "
            + "check them in separate runs with '--swarm-out PATH'")
      }
    }
    if let directory = options.traceDirectory, let (first, second) = firstCollision(flows, flowName) {
      return UsageError(
        "\(first) and \(second) would both write their traces as '\(flowName(of: first)).N.ID.trace.json' "
          + "in '\(directory)'; check them in separate runs or with separate '--trace-dir' directories")
    }
    return nil
  }

  /// The first two of `flows` (in order) that `name` gives one file name, or nil: names
  /// that differ only in case (`Shop` and `shop`) or in their Unicode normal form (`café`
  /// composed and decomposed) are one file on a file system that folds case or normalises
  /// names (APFS and HFS+ by default, NTFS).
  static func firstCollision(_ flows: [String], _ name: (String) -> String) -> (String, String)? {
    var owners: [String: String] = [:]
    for flow in flows {
      if let earlier = owners.updateValue(flow, forKey: fileKey(name(flow))) { return (earlier, flow) }
    }
    return nil
  }

  /// `name` as a file system that folds case and normalises Unicode compares it: the key is
  /// lowercased, and keys in different normal forms are one key because `String`'s `==` and
  /// hashing compare by canonical equivalence (as their NFC forms).
  static func fileKey(_ name: String) -> String {
    name.lowercased()
  }

  /// Why the run must not start because a swarm result's file (`--swarm-out` or the
  /// default name) is an input of the run (64), or is there and is not a swarm result of
  /// the same flow path (66); nil when every result can be written. Checked before any flow
  /// is, so that a refused run writes nothing. The names of trace files depend on what the
  /// check finds, so they are checked when written (`CheckCommand.writeTraces`).
  static func overwriteRefusal(_ paths: [String], options: CheckOptions) -> CommandFailure? {
    var seen: Set<String> = []
    let flows = paths.filter { seen.insert($0).inserted }
    if let swarm = options.swarm {
      for flow in flows {
        let file = options.swarmOutput ?? swarm.defaultOutput(for: flow)
        if let input = flows.first(where: { FileSystem.isSameFile($0, file) }) {
          return .usage(
            UsageError(
              "the swarm result of \(flow) would be written to '\(file)', which is the flow file \(input) "
                + "checked by this run; name another file with '--swarm-out PATH'"))
        }
        if FileSystem.entryExists(file), let refusal = swarmResultRefusal(file, of: flow) {
          return .unwritable(path: file, reason: refusal.reason)
        }
      }
    }
    return nil
  }

  /// Why the entry at `file` must not be replaced by a trace of the flow at `path`, or nil
  /// when it is that flow's older trace.
  static func traceRefusal(_ file: String, of path: String) -> FileSystem.Failure? {
    if let failure = FileSystem.irregularFileFailure(at: file) { return failure }
    guard !isOlderTrace(file, of: path) else { return nil }
    return FileSystem.Failure(
      reason: "it is named as a trace of \(path) but is not one (another flow's trace, or a file that is "
        + "no trace); flowcheck does not replace it: remove it, or write the traces to another '--trace-dir'")
  }

  /// Why the entry at `file` must not be replaced by a swarm result of the flow at `path`,
  /// or nil when it is a result of that flow path.
  static func swarmResultRefusal(_ file: String, of path: String) -> FileSystem.Failure? {
    // A device, a FIFO or a directory is refused as the writer refuses it, whatever it is.
    if let failure = FileSystem.irregularFileFailure(at: file) { return failure }
    guard !isOlderSwarmResult(file, of: path) else { return nil }
    return FileSystem.Failure(
      reason: "it is there and is not a swarm result of \(path); flowcheck does not replace it: remove it, "
        + "or name another file with '--swarm-out PATH'")
  }

  /// Whether the entry at `file` is a regular file that reads as a trace file of the flow
  /// at `path`. Anything else (a link, a pipe, a directory) is not read at all.
  static func isOlderTrace(_ file: String, of path: String) -> Bool {
    guard FileSystem.isRegularFile(file), let bytes = try? FileSystem.contents(of: file),
      let trace = try? TraceFile.parse(bytes)
    else { return false }
    return trace.flow == path
  }

  /// Whether the entry at `file` is a regular file that reads as a swarm result of the
  /// flow at `path` (any shard, any swarm size).
  static func isOlderSwarmResult(_ file: String, of path: String) -> Bool {
    guard FileSystem.isRegularFile(file), let bytes = try? FileSystem.contents(of: file),
      let result = try? SwarmResult.parse(bytes)
    else { return false }
    return result.flowPath == path
  }

  /// Whether `file` is named as `CheckCommand.writeTraces` names a trace of the flow
  /// `name`: `NAME.N.ID.trace.json`, N a number and ID a property id (letters, digits,
  /// dashes).
  static func isTraceFile(_ file: String, of name: String) -> Bool {
    guard file.hasPrefix(name + "."), file.hasSuffix(".trace.json") else { return false }
    let middle = file.dropFirst(name.count + 1).dropLast(".trace.json".count).split(
      separator: ".", omittingEmptySubsequences: false)
    return middle.count == 2 && !middle[0].isEmpty && middle[0].allSatisfy(\.isASCII)
      && middle[0].allSatisfy(\.isNumber)
      && !middle[1].isEmpty
      && middle[1].allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
  }
}
