import FlowLanguage

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
