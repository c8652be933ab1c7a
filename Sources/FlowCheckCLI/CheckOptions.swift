import FlowLanguage
import FlowReport

/// The options of `flowcheck check`, validated.
///
/// Limits given here override the flow's own `limits { … }`; nil means "use the flow's, or
/// none". The model checker reads them through the `effective…` accessors.
struct CheckOptions: Equatable, Sendable {
  var files: [String]
  /// How results are printed on standard output: the human report by default, or JSON, one
  /// object per file and per line (JSON Lines), keys sorted, with a schema version.
  var format: OutputFormat = .text
  /// Worker threads, one per processor by default; the result is the same for any count.
  var threads: Int = ProcessorCount.online
  var maxDepth: Int?
  var maxStates: Int?
  var maxSeconds: Double?
  /// Bytes.
  var maxMemory: Int?
  /// log2 of the bitstate table size in bits; nil for exhaustive storage.
  var bitstateBits: Int?
  /// `--stop-at-first`: the search ends at the first violation it finds.
  var stopAtFirst = false
  /// `--explore-past-violations`: states that follow a violation are expanded too.
  var exploresPastViolations = false
  /// `--stats`: seconds, speed, threads and memory, in JSON or on standard error.
  var stats = false
  var noColor = false
  var quiet = false
  /// `--no-progress`: no progress line on standard error (`--quiet` has none either).
  var noProgress = false
  /// `--max-traces N` (`--no-traces`: 0): the traces of at most N violations are printed.
  var maxTraces: Int?
  /// `--trace-dir DIR`: each violation's trace is also written there as a `TraceFile`.
  var traceDirectory: String?
  /// `--baseline FILE`: violations this baseline holds are known and do not fail the run.
  var baseline: String?
  /// `--write-baseline FILE`: the run's violations are written there as a `Baseline`.
  var writeBaseline: String?
  /// `--swarm K/N`: this run is shard K of N (`SwarmResult`).
  var swarm: SwarmShard?
  /// `--swarm-out PATH`: where the shard's result goes; nil for `SwarmShard.defaultOutput`.
  var swarmOutput: String?
  /// `--runtime NAME|all`: NAME overrides the flow's `library`; `all` checks the flow under
  /// every modelled runtime and prints the comparison table (`RuntimeComparison`).
  var runtime: String?
  /// The word `--runtime` takes for the comparison of every runtime.
  static let allRuntimes = "all"

  /// Whether `--runtime all` asks for the comparison.
  var comparesRuntimes: Bool { runtime == Self.allRuntimes }

  /// The runtime a flow is checked under instead of its `library`, for `--runtime NAME`.
  var runtimeOverride: String? { comparesRuntimes ? nil : runtime }

  /// The depth bound for `flow`: `--max-depth`, else the flow's `limits { depth }`.
  func effectiveDepth(for flow: CheckedFlow) -> Int { maxDepth ?? flow.limits.depth }

  /// The state bound for `flow`: `--max-states`, else the flow's `limits { states }`.
  func effectiveStates(for flow: CheckedFlow) -> Int { maxStates ?? flow.limits.states }
}

/// `--swarm K/N`: the K-th (1-based) of N diversified bitstate searches.
struct SwarmShard: Equatable, Sendable {
  var shard: Int
  var shards: Int
  /// The table of a shard when `--bitstate` is not given: 2^30 bits, 128 MiB.
  static let defaultBits = 30

  /// `shop.swarm-2-of-4.json` for `Specs/shop.flow`, in the current directory.
  func defaultOutput(for path: String) -> String {
    OutputNames.swarmResult(of: path, shard: shard, shards: shards)
  }

  /// `K/N` with 1 ≤ K ≤ N ≤ 65536, or nil.
  static func parse(_ text: String) -> SwarmShard? {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let shard = Int(parts[0]), let shards = Int(parts[1]),
      (1...SwarmResult.maximumShards).contains(shards), (1...shards).contains(shard)
    else { return nil }
    return SwarmShard(shard: shard, shards: shards)
  }
}
