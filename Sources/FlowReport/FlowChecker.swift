import FlowExplorer
import FlowLanguage
import FlowModel

/// Options a user sets on the command line; nil means the flow's `limits` or the default.
public struct CheckSettings: Sendable {
  public var threads: Int = 1
  public var maxDepth: Int?
  public var maxStates: Int?
  public var maxSeconds: Double?
  public var maxMemoryBytes: Int?
  /// Whether `maxMemoryBytes` is the default (a share of physical memory) rather than the
  /// user's; the report says so when the limit is hit.
  public var maxMemoryIsDefault = false
  /// log2 of the bitstate table size in bits; nil for exhaustive storage.
  public var bitstateBits: Int?
  /// The bitstate search's seed (`ExplorerOptions.Bitstate.seed`): 0 for the plain one,
  /// a swarm shard's number for a shard (`check --swarm K/N`).
  public var bitstateSeed: UInt64 = 0
  /// A stop a signal handler may request: the search then ends incomplete, "interrupted".
  public var stopRequest: StopRequest?
  /// Told the search's progress, for a progress line; it changes nothing in the report.
  public var progress: ProgressObserver<ExplorationProgress>?
  /// End the search at the first violation found (`--stop-at-first`).
  public var stopAtFirstViolation = false
  /// Expand the states that follow a violation too (`--explore-past-violations`); by
  /// default they are reported and not expanded (`FlowSystem.exploresPastViolations`).
  public var exploresPastViolations = false
  public init() {}
}

/// Explores a checked flow and turns the result into a report with stories.
public enum FlowChecker {
  /// Explores `flow` under the runtime its `library` line selects (`RuntimeRegistry`), which
  /// must be modelled: `FlowLoading` refuses the others before this point. With the flow's
  /// `source`, each violation carries its location (`CheckReport.Location`).
  public static func check(
    _ flow: CheckedFlow, path: String, options: CheckSettings = CheckSettings(), source: SourceFile? = nil
  ) -> CheckReport {
    check(
      flow, under: RuntimeRegistry.modelledRuntime(of: flow), path: path, options: options, source: source)
  }

  /// Explores `flow` under `runtime` and reports on it.
  public static func check<Runtime: CoordinatorRuntime>(
    _ flow: CheckedFlow, under runtime: Runtime.Type, path: String, options: CheckSettings = CheckSettings(),
    source: SourceFile? = nil
  ) -> CheckReport {
    let system = FlowSystem<Runtime>(flow: flow, exploresPastViolations: options.exploresPastViolations)
    var explorerOptions = ExplorerOptions()
    explorerOptions.stopAtFirstViolation = options.stopAtFirstViolation
    // Once every property is violated, more states change no verdict.
    explorerOptions.stopsWhenEveryPropertyIsDecided = true
    explorerOptions.maxDepth = options.maxDepth ?? flow.limits.depth
    explorerOptions.maxStates = options.maxStates ?? flow.limits.states
    explorerOptions.maxSeconds = options.maxSeconds
    explorerOptions.maxMemoryBytes = options.maxMemoryBytes
    explorerOptions.threads = max(1, options.threads)
    if let bits = options.bitstateBits {
      explorerOptions.bitstate = .init(log2Bits: bits, seed: options.bitstateSeed)
    }
    explorerOptions.stopRequest = options.stopRequest
    explorerOptions.progress = options.progress
    let result = Runtime.explore(system, options: explorerOptions)
    return ReportBuilder(
      flow: flow, system: system, path: path, options: explorerOptions,
      maxMemoryIsDefault: options.maxMemoryIsDefault, source: source
    )
    .build(result)
  }
}

/// Builds a `CheckReport` from an exploration result.
///
/// A property's status follows the explorer's verdict (`ExplorationResult.verdicts`), with
/// two refinements: a built-in invariant checked by several properties (a step check and a
/// state check) merges them, and under bitstate hashing nothing `holds`, since states may
/// have been missed; it is `unknown` instead. Violations always come with their shortest
/// trace, which is real in every mode.
struct ReportBuilder<Runtime: CoordinatorRuntime> {
  let flow: CheckedFlow
  let system: FlowSystem<Runtime>
  let path: String
  let options: ExplorerOptions
  var maxMemoryIsDefault = false
  var source: SourceFile? = nil
  var threads: Int { options.threads }
  var stories: ViolationStory<Runtime> { ViolationStory(flow: flow, system: system, source: source) }

  /// The limit that stopped the exploration, in words, with what was covered by then.
  func describe(_ reason: LimitReason, states: Int) -> String {
    switch reason {
    case .depth: return "depth limit \(options.maxDepth ?? 0) reached with states left to explore"
    case .states: return "state limit \(options.maxStates ?? 0) reached"
    case .time: return "time limit \(options.maxSeconds ?? 0) s reached after \(states) states"
    case .memory:
      let limit = ByteCount.describe(options.maxMemoryBytes ?? 0)
      let origin = maxMemoryIsDefault ? " (the default, 75% of physical memory)" : ""
      return "memory limit \(limit)\(origin) reached after \(states) states"
    case .outOfMemory:
      return "out of memory: the system refused more\(AddressSpaceLimit.described) after \(states) states"
    case .firstViolation:
      return "stopped at the first violation (--stop-at-first) after \(states) states; "
        + "the other properties were not checked in the states left unexplored"
    case .everyPropertyDecided:
      return "stopped after \(states) states: every property is already violated"
    case .interrupted:
      let name = signalName(options.stopRequest?.requested ?? 0)
      return "interrupted by \(name) after \(states) states"
    }
  }

  func build(_ result: ExplorationResult<FlowAction>) -> CheckReport {
    let complete = result.completion.isComplete
    var incompleteReason: String?
    if case .incomplete(let reason) = result.completion {
      incompleteReason = describe(reason, states: result.states)
    }
    let probabilistic = result.isProbabilistic

    /// States past a violation were not explored: what was not violated before one may be
    /// after it, so it does not hold for certain.
    let pruned = result.statesAfterViolations > 0
    let prunedNote = "states past a violation not explored"

    /// Why a property that was not violated is `unknown` although the search finished.
    func unknownNote(id: String) -> String? {
      if complete && pruned && !probabilistic { return prunedNote }
      guard complete, probabilistic else { return nil }
      switch InvariantID(id) {
      case .canReturn: return "not checked under bitstate hashing"
      case .reachable: return "not reached among the states the bitstate search visited"
      default: return "bitstate search: states may have been missed"
      }
    }

    // Per property: its violations' traces, its shortest first, then one per other place
    // the explorer found it broken at (`ViolationCode`), in the order found.
    var traces = [[[FlowAction]]](repeating: [], count: system.properties.count)
    for violation in result.violations where violation.property < traces.count {
      traces[violation.property].append(violation.trace)
    }
    func verdict(_ index: Int) -> PropertyVerdict {
      index < result.verdicts.count ? result.verdicts[index] : .unknown
    }
    /// Not violated: `holds` only when the explorer says every part holds and no state can
    /// have been missed.
    func unviolatedStatus(_ indices: [Int]) -> CheckReport.Status {
      indices.allSatisfy({ verdict($0) == .holds }) && !probabilistic && !pruned ? .holds : .unknown
    }

    var verdicts: [CheckReport.Verdict] = []
    var violations: [CheckReport.Violation] = []
    // Built-in invariants, one verdict per id, merging the step and state checks of an id.
    // What was checked is what the system has properties for; the registry says why the
    // others were not.
    for invariant in InvariantRegistry.all where !invariant.kinds.contains(.flowProperty) {
      let id = invariant.id.rawValue
      let indices = system.descriptors.indices.filter { system.descriptors[$0].id == id }
      // A step property every runtime's steps carry (result-once) applies only where the
      // registry says.
      let stepOnlyElsewhere = invariant.kinds == [.step] && !invariant.applies(to: flow.library.rawValue)
      if indices.isEmpty || stepOnlyElsewhere {
        verdicts.append(
          .init(id: id, status: .notApplicable, note: invariant.whenAbsent(flow.library.rawValue)))
        continue
      }
      // Every trace of the id's properties, shortest first (ties: the property's order, then
      // the order found); one violation per location, the first, so the shortest, there.
      let candidates = indices.flatMap { index in traces[index].map { (index, $0) } }.enumerated().sorted {
        ($0.element.1.count, $0.element.0, $0.offset) < ($1.element.1.count, $1.element.0, $1.offset)
      }.map(\.element)
      if let (_, shortest) = candidates.first {
        verdicts.append(.init(id: id, status: .violated, traceLength: shortest.count))
        var located = Set<String>()
        for (index, trace) in candidates {
          let story = stories.story(property: index, trace: trace)
          guard located.insert(story.location.map { "\($0.line):\($0.column)" } ?? "").inserted else {
            continue
          }
          violations.append(story)
        }
      } else {
        let status = unviolatedStatus(indices)
        verdicts.append(.init(id: id, status: status, note: status == .unknown ? unknownNote(id: id) : nil))
      }
    }
    // The flow's own properties, in declaration order.
    for index in system.descriptors.indices where system.descriptors[index].text != nil {
      let descriptor = system.descriptors[index]
      if descriptor.id == InvariantID.reachable.rawValue {
        if let witness = result.examples.first(where: { $0.property == index })?.trace {
          verdicts.append(
            .init(id: descriptor.id, text: descriptor.text, status: .reached, traceLength: witness.count))
        } else if verdict(index) == .violated, complete, !probabilistic, !pruned {
          verdicts.append(.init(id: descriptor.id, text: descriptor.text, status: .violated))
          violations.append(
            stories.unreached(descriptor, states: result.states, coverage: system.coverage))
        } else {
          verdicts.append(
            .init(
              id: descriptor.id, text: descriptor.text, status: .unknown, note: unknownNote(id: descriptor.id)
            ))
        }
        continue
      }
      if let trace = traces[index].first {
        verdicts.append(
          .init(id: descriptor.id, text: descriptor.text, status: .violated, traceLength: trace.count))
        violations.append(stories.story(property: index, trace: trace))
      } else {
        let status = unviolatedStatus([index])
        verdicts.append(
          .init(
            id: descriptor.id, text: descriptor.text, status: status,
            note: status == .unknown ? unknownNote(id: descriptor.id) : nil))
      }
    }

    let outcome: CheckReport.Outcome =
      !violations.isEmpty ? .violated : !complete ? .incomplete : probabilistic ? .partial : .verified
    let coverage = system.coverage
    let screensNeverShown = flow.screens.indices.filter { !coverage.screensShown[$0] }.map {
      flow.screens[$0].name
    }
    let handlersNeverRun = system.handlerLabels.indices.filter { !coverage.handlersRun[$0] }
      .map { system.handlerLabels[$0] }
    let messagesNeverHandled = flow.messages.filter { message in
      !system.handlerLabels.indices.contains {
        coverage.handlersRun[$0] && system.handlerLabels[$0].hasSuffix(": handle \(message)")
      }
    }
    let limits = flow.limits
    let bounds =
      "stack \(limits.stack), presented \(limits.presented), coordinators \(limits.coordinators), pending \(limits.pending), view controllers \(system.maximumObjects)"
      + (limits.inflight > 0 ? ", inflight \(limits.inflight), deferred \(limits.deferred)" : ", inflight 0")
    let (expectation, met) = expectationCheck(outcome: outcome, verdicts: verdicts)
    var report = CheckReport(
      path: path, appName: flow.appName, library: flow.library.rawValue, outcome: outcome,
      incompleteReason: incompleteReason, states: result.states, transitions: result.transitions,
      cutTransitions: result.cutTransitions, depth: result.maxDepthReached, seconds: result.seconds,
      threads: threads, collisionProbability: result.collisionProbability, probabilistic: probabilistic,
      bitstateBits: probabilistic ? options.bitstate?.log2Bits : nil,
      estimatedCoverage: result.estimatedCoverage, peakResidentBytes: result.peakResidentBytes,
      storedBytes: result.storedBytes, bounds: bounds, statesAfterViolations: result.statesAfterViolations,
      verdicts: verdicts, violations: violations, screensNeverShown: screensNeverShown,
      handlersNeverRun: handlersNeverRun, messagesNeverHandled: messagesNeverHandled,
      expectation: expectation, expectationMet: met)
    report.mergeSeconds = result.mergeSeconds
    report.mergerIdleSeconds = result.mergerIdleSeconds
    if case .incomplete(.interrupted) = result.completion {
      report.interruptedBy = options.stopRequest?.requested
    }
    return report
  }

  /// Whether the outcome is what the flow's `expect` line asks for. A partial (bitstate)
  /// result meets `expect incomplete`: neither proves anything, and both exit 2.
  private func expectationCheck(outcome: CheckReport.Outcome, verdicts: [CheckReport.Verdict]) -> (
    String?, Bool?
  ) {
    let violated = Set(verdicts.filter { $0.status == .violated }.map(\.id))
    switch flow.expectation {
    case .none: return (nil, nil)
    case .pass: return ("pass", outcome == .verified)
    case .incomplete: return ("incomplete", outcome == .incomplete || outcome == .partial)
    case .violations(let ids):
      return ("violation " + ids.joined(separator: ", "), outcome == .violated && violated == Set(ids))
    }
  }
}
