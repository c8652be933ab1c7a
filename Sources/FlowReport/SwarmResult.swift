/// What one shard of a swarm check found (`flowcheck check FILE --swarm K/N`), as a small
/// versioned JSON file that `flowcheck merge` reads.
///
/// A shard is a whole bitstate search of the flow, diversified by its number: hash seed `K`
/// and a `K`-dependent order of each state's successors (`ExplorerOptions.Bitstate.seed`).
/// Its violations carry their shortest traces within the shard, as `TraceFile` objects.
///
/// ```json
/// {"format": "flowcheck-swarm-result", "schemaVersion": 2,
///  "flow": {"path": "Specs/shop.flow", "hash": "fnv1a64:…"}, "runtime": "NAME",
///  "shard": 2, "shards": 4,
///  "mode": {"kind": "bitstate", "log2Bits": 30, "hashCount": 3, "seed": 2},
///  "states": 1234, "transitions": 5678, "depth": 12,
///  "completion": {"complete": true}, "estimatedCoverage": 0.999,
///  "violations": [{"property": "shadow-sync", "traceLength": 3, "trace": {…}}]}
/// ```
public struct SwarmResult: Sendable, Equatable {
  /// The version of the layout above; a reader refuses a newer one. Version 2 added
  /// `runtime`; a version 1 file is read with no runtime.
  public static let schemaVersion = 2
  /// The most shards a swarm has: `check --swarm K/N` and the reader take N up to this.
  public static let maximumShards = 65536
  /// The value of `format`, so that a stray JSON file is told from a shard's result.
  public static let formatName = "flowcheck-swarm-result"
  /// Bits set per state in every shard (SPIN's default).
  public static let hashCount = 3

  /// One violated property and its shortest trace in the shard.
  public struct Violation: Sendable, Equatable {
    public var trace: TraceFile
    public var property: String { trace.property }
    public var propertyText: String? { trace.propertyText }
    public var length: Int { trace.steps.count }
    public init(trace: TraceFile) { self.trace = trace }
  }

  /// The flow's path as `check` was given it.
  public var flowPath: String
  /// `fnv1a64:` and 16 hex digits of the flow file's bytes: two shards of one swarm must
  /// have checked the same text.
  public var flowHash: String
  /// The runtime the shard checked the flow under (the flow's library, or the one `--runtime`
  /// named); nil in a version 1 file, which did not record it. Shards of one text under two
  /// runtimes explore two different state spaces, so `SwarmMerge` refuses to join them.
  public var runtime: String?
  /// 1-based shard number, and the number of shards.
  public var shard: Int
  public var shards: Int
  public var log2Bits: Int
  public var seed: UInt64
  public var states: Int
  public var transitions: Int
  public var depth: Int
  /// Whether the shard's search ran to its end (a limit did not stop it), and why not.
  public var complete: Bool
  public var incompleteReason: String?
  /// The shard's own estimate of the share of the reachable states it stored (bitstate).
  public var estimatedCoverage: Double
  public var violations: [Violation]

  public init(
    flowPath: String, flowHash: String, shard: Int, shards: Int, log2Bits: Int, seed: UInt64, states: Int,
    transitions: Int, depth: Int, complete: Bool, incompleteReason: String?, estimatedCoverage: Double,
    violations: [Violation], runtime: String? = nil
  ) {
    self.flowPath = flowPath
    self.flowHash = flowHash
    self.runtime = runtime
    self.shard = shard
    self.shards = shards
    self.log2Bits = log2Bits
    self.seed = seed
    self.states = states
    self.transitions = transitions
    self.depth = depth
    self.complete = complete
    self.incompleteReason = incompleteReason
    self.estimatedCoverage = estimatedCoverage
    self.violations = violations
  }

  /// The result of shard `shard` of `shards` from its check report.
  public init(report: CheckReport, flowHash: String, shard: Int, shards: Int, log2Bits: Int, seed: UInt64) {
    self.init(
      flowPath: report.path, flowHash: flowHash, shard: shard, shards: shards, log2Bits: log2Bits, seed: seed,
      states: report.states, transitions: report.transitions, depth: report.depth,
      complete: report.incompleteReason == nil, incompleteReason: report.incompleteReason,
      estimatedCoverage: report.estimatedCoverage,
      violations: report.violations.compactMap { TraceFile($0, path: report.path).map(Violation.init) },
      runtime: report.library)
  }

  /// `fnv1a64:` and the 64-bit FNV-1a hash of `bytes` in 16 hex digits.
  public static func hash(of bytes: [UInt8]) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      hash ^= UInt64(byte)
      hash = hash &* 0x100_0000_01b3
    }
    let hex = String(hash, radix: 16)
    return "fnv1a64:" + String(repeating: "0", count: 16 - hex.count) + hex
  }

  /// The file's text: pretty-printed JSON, keys sorted, a final newline.
  public var json: String {
    var completion: [String: JSONValue] = ["complete": .bool(complete)]
    if let incompleteReason { completion["reason"] = .string(incompleteReason) }
    var object: [String: JSONValue] = [
      "format": .string(Self.formatName),
      "schemaVersion": .int(Self.schemaVersion),
      "flow": .object(["path": .string(flowPath), "hash": .string(flowHash)]),
      "shard": .int(shard),
      "shards": .int(shards),
      "mode": .object([
        "kind": .string("bitstate"), "log2Bits": .int(log2Bits), "hashCount": .int(Self.hashCount),
        "seed": Int(exactly: seed).map(JSONValue.int) ?? .string(String(seed)),
      ]),
      "states": .int(states),
      "transitions": .int(transitions),
      "depth": .int(depth),
      "completion": .object(completion),
      "estimatedCoverage": .double(estimatedCoverage),
      "violations": .array(
        violations.map { violation in
          var property: [String: JSONValue] = ["id": .string(violation.property)]
          if let text = violation.propertyText { property["text"] = .string(text) }
          return .object([
            "property": .object(property), "traceLength": .int(violation.length),
            "trace": (try? JSONParser.parse(violation.trace.json)) ?? .null,
          ])
        }),
    ]
    if let runtime { object["runtime"] = .string(runtime) }
    return JSONValue.object(object).rendered() + "\n"
  }

  /// Reads a result file's text; the failure says what is wrong in words.
  public static func parse(_ text: String) throws(SwarmResultError) -> SwarmResult {
    try parse(Array(text.utf8))
  }

  /// Reads a result file's bytes, which must be UTF-8; a syntax error's offset is into
  /// `bytes`.
  public static func parse(_ bytes: [UInt8]) throws(SwarmResultError) -> SwarmResult {
    let value: JSONValue
    do {
      value = try JSONParser.parse(bytes)
    } catch {
      throw SwarmResultError("not JSON: \(error.message)", offset: error.offset)
    }
    guard case .object(let root) = value, root["format"] == .string(formatName) else {
      throw SwarmResultError("not a flowcheck swarm result: no \"format\": \"\(formatName)\"")
    }
    guard case .int(let version) = root["schemaVersion"] else {
      throw SwarmResultError("no \"schemaVersion\"")
    }
    guard version <= schemaVersion else {
      throw SwarmResultError(
        "schema version \(version) is newer than this flowcheck reads (\(schemaVersion))")
    }
    func int(_ key: String, in object: [String: JSONValue]) throws(SwarmResultError) -> Int {
      guard case .int(let number) = object[key], number >= 0 else {
        throw SwarmResultError("no whole number \"\(key)\"")
      }
      return number
    }
    guard case .object(let flow) = root["flow"], case .string(let path) = flow["path"],
      case .string(let hash) = flow["hash"]
    else { throw SwarmResultError("no \"flow\" with a \"path\" and a \"hash\"") }
    guard case .object(let mode) = root["mode"], mode["kind"] == .string("bitstate") else {
      throw SwarmResultError("no \"mode\" of kind \"bitstate\"")
    }
    let seed: UInt64
    switch mode["seed"] {
    case .int(let number) where number >= 0: seed = UInt64(number)
    case .string(let digits) where UInt64(digits) != nil: seed = UInt64(digits)!
    default: throw SwarmResultError("no \"seed\" in \"mode\"")
    }
    let shard = try int("shard", in: root)
    let shards = try int("shards", in: root)
    guard shards <= maximumShards else {
      throw SwarmResultError("\"shards\" is \(shards), more than a swarm has (at most \(maximumShards))")
    }
    guard shards >= 1, (1...shards).contains(shard) else {
      throw SwarmResultError("shard \(shard) of \(shards) is not a shard: K must be in 1...N")
    }
    guard case .object(let completion) = root["completion"], case .bool(let complete) = completion["complete"]
    else { throw SwarmResultError("no \"completion\" with \"complete\"") }
    let coverage: Double
    switch root["estimatedCoverage"] {
    case .double(let number) where (0...1).contains(number): coverage = number
    case .int(let number) where (0...1).contains(number): coverage = Double(number)
    default: throw SwarmResultError("no \"estimatedCoverage\" from 0 to 1")
    }
    let runtime: String?
    switch root["runtime"] {
    case .string(let name) where !name.isEmpty: runtime = name
    case nil where version < 2: runtime = nil
    default: throw SwarmResultError("no \"runtime\" naming the runtime the shard was checked under")
    }
    guard case .array(let entries) = root["violations"] else {
      throw SwarmResultError("no \"violations\" array")
    }
    var violations: [Violation] = []
    for (index, entry) in entries.enumerated() {
      guard case .object(let fields) = entry, let trace = fields["trace"] else {
        throw SwarmResultError("violation \(index + 1) has no \"trace\"")
      }
      do {
        violations.append(Violation(trace: try TraceFile.parse(trace.rendered())))
      } catch {
        throw SwarmResultError("violation \(index + 1): \(error.message)")
      }
    }
    return SwarmResult(
      flowPath: path, flowHash: hash, shard: shard, shards: shards, log2Bits: try int("log2Bits", in: mode),
      seed: seed, states: try int("states", in: root), transitions: try int("transitions", in: root),
      depth: try int("depth", in: root), complete: complete,
      incompleteReason: completion["reason"]?.stringValue,
      estimatedCoverage: coverage, violations: violations, runtime: runtime)
  }
}

/// Why a swarm result file cannot be read, in words.
public struct SwarmResultError: Error, Equatable, Sendable {
  public var message: String
  /// The byte offset of a syntax error; nil for a file that is JSON but not a result.
  public var offset: Int?
  public init(_ message: String, offset: Int? = nil) {
    self.message = message
    self.offset = offset
  }
}
