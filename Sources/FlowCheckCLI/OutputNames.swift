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
}
