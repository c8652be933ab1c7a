extension BreadthFirstSearch {
  /// The actions leading to `state`, as positions in `actions(in:)` order, and the
  /// position of the trace's first state in `initialStates`.
  /// - Complexity: O(depth) to walk the parents, plus a replay of the trace.
  @inlinable func trace(to site: Site) -> (
    initialStateIndex: Int, actionIndices: [Int], actions: [System.Action]
  ) {
    var path: [Int] = []
    var state = site.state
    while parents[state] != Self.rootParent {
      path.append(Int(actionIndices[state]))
      state = Int(parents[state])
    }
    path.reverse()
    if let action = site.action { path.append(action) }
    let initial = roots[state]
    let actions = Explorer.replayActions(
      system, from: initialStates[initial], actionIndices: path)
    return (initial, path, actions)
  }

  /// Checks the graph properties, rebuilds the traces and assembles the result.
  @inlinable mutating func result() -> ExplorationResult<System.Action> {
    checkCanReach()
    let complete = stopReason == nil
    var violations: [PropertyViolation<System.Action>] = []
    var examples: [PropertyExample<System.Action>] = []
    var verdicts: [PropertyVerdict] = []
    var reached: [Bool] = []
    for property in plan.names.indices {
      let name = plan.names[property]
      if let site = violationSites[property] {
        // The first violation, then the first at each other site, in the order found.
        for site in [site] + otherViolationSites[property].map(\.site) {
          let path = trace(to: site)
          violations.append(
            PropertyViolation(
              property: property, name: name, initialStateIndex: path.initialStateIndex,
              actionIndices: path.actionIndices, trace: path.actions))
        }
      }
      if let state = witnessSites[property] {
        let path = trace(to: Site(state: state, action: nil))
        examples.append(
          PropertyExample(
            property: property, name: name, initialStateIndex: path.initialStateIndex,
            actionIndices: path.actionIndices, trace: path.actions))
      }
      reached.append(witnessSites[property] != nil)
      switch plan.roles[property] {
      case .sometimes:
        if witnessSites[property] != nil {
          verdicts.append(.holds)
        } else {
          verdicts.append(complete && visited.isExact ? .violated : .unknown)
        }
      case .target where !recordsGraph:
        verdicts.append(.unknown)
      default:
        if violationSites[property] != nil {
          verdicts.append(.violated)
        } else {
          verdicts.append(complete ? .holds : .unknown)
        }
      }
    }

    let stored = Double(stateCount)
    let missed = visited.estimatedMissedStates
    var storedBytes = visited.storedBytes + parents.storedBytes + actionIndices.storedBytes
    storedBytes += graph.storedBytes + unknownSuccessors.storedBytes
    for target in targets { storedBytes += target.storedBytes }
    var result = ExplorationResult(
      states: stateCount,
      transitions: transitions,
      cutTransitions: cutTransitions,
      terminalStates: terminalStates,
      maxDepthReached: max(0, levelSizes.count - 1),
      levelSizes: levelSizes,
      seconds: Double(ResourceUsage.nanoseconds() - startTime) / 1e9,
      completion: stopReason.map { .incomplete(reason: $0) } ?? .complete,
      violations: violations,
      examples: examples,
      reached: reached,
      verdicts: verdicts,
      collisionProbability: min(1, stored * max(0, stored - 1) / 0x1p65),
      isProbabilistic: !visited.isExact,
      estimatedCoverage: stored + missed > 0 ? stored / (stored + missed) : 1,
      storedBytes: storedBytes,
      peakResidentBytes: ResourceUsage.peakResidentBytes(),
      threads: options.threads)
    result.statesAfterViolations = statesAfterViolations
    result.mergeSeconds = Double(mergeNanoseconds) / 1e9
    result.mergerIdleSeconds = Double(mergerIdleNanoseconds) / 1e9
    return result
  }
}
