import FlowExplorer
import FlowLanguage
import FlowModel

/// What a change of a flow changes in its navigation (`flowcheck diff OLD NEW`), for the
/// review of a pull request: screens and transitions of the navigation map added and removed,
/// violations new and fixed, screens whose shortest path from launch changed length, and
/// screens with states that can no longer return home.
public struct FlowDiff: Sendable, Equatable {
  /// What is compared of one version of a flow.
  public struct Summary: Sendable, Equatable {
    public var path: String
    /// Declared screens, in declaration order.
    public var screens: [String]
    /// The map's edges as `From -label-> To`, sorted.
    public var transitions: [String]
    /// `id` or `id text`, in report order.
    public var violations: [String]
    /// Fewest events from launch to each place of the map, by its label.
    public var distances: [String: Int]
    /// Places with states that cannot return home, and how many such states each has.
    public var cannotReturn: [String: Int]
    /// Why the check of this version stopped before its end (a depth, state, time or memory
    /// limit), as `check` says it; nil when it ran to its end. A violation it did not reach
    /// is missing from `violations`.
    public var incompleteReason: String? = nil
  }

  /// A place whose shortest path from launch changed length.
  public struct DistanceChange: Sendable, Equatable {
    public var place: String
    public var old: Int
    public var new: Int
  }

  public var old: Summary
  public var new: Summary
  public var screensAdded: [String]
  public var screensRemoved: [String]
  public var transitionsAdded: [String]
  public var transitionsRemoved: [String]
  public var violationsNew: [String]
  public var violationsFixed: [String]
  public var distanceChanges: [DistanceChange]
  /// Places where, in the new flow, states cannot return home though none could not in the
  /// old, with the number of such states.
  public var cannotReturnHome: [(place: String, states: Int)] {
    new.cannotReturn.keys.sorted().filter { old.cannotReturn[$0] == nil }.map { ($0, new.cannotReturn[$0]!) }
  }

  /// The versions whose check a limit stopped, as `path: reason`: their violations are not
  /// all known, so the diff cannot say that no violation is new or fixed.
  public var incompleteSearches: [String] {
    [old, new].compactMap { summary in summary.incompleteReason.map { "\(summary.path): \($0)" } }
  }

  public var isEmpty: Bool {
    screensAdded.isEmpty && screensRemoved.isEmpty && transitionsAdded.isEmpty && transitionsRemoved.isEmpty
      && violationsNew.isEmpty && violationsFixed.isEmpty && distanceChanges.isEmpty
      && cannotReturnHome.isEmpty && incompleteSearches.isEmpty
  }

  public static func == (a: FlowDiff, b: FlowDiff) -> Bool { a.old == b.old && a.new == b.new }

  public init(old: Summary, new: Summary) {
    self.old = old
    self.new = new
    func minus(_ a: [String], _ b: [String]) -> [String] {
      let other = Set(b)
      return a.filter { !other.contains($0) }
    }
    screensAdded = minus(new.screens, old.screens)
    screensRemoved = minus(old.screens, new.screens)
    transitionsAdded = minus(new.transitions, old.transitions)
    transitionsRemoved = minus(old.transitions, new.transitions)
    violationsNew = minus(new.violations, old.violations)
    violationsFixed = minus(old.violations, new.violations)
    distanceChanges = old.distances.keys.sorted().compactMap { place in
      guard let before = old.distances[place], let after = new.distances[place], before != after else {
        return nil
      }
      return DistanceChange(place: place, old: before, new: after)
    }
  }

  /// The summary of one version of a flow.
  public static func summary(_ flow: CheckedFlow, path: String, exploresPastViolations: Bool = false)
    throws(FlowGraph.TooLarge) -> Summary
  {
    try summary(
      flow, path: path, exploresPastViolations: exploresPastViolations,
      under: RuntimeRegistry.modelledRuntime(of: flow))
  }

  static func summary<Runtime: CoordinatorRuntime>(
    _ flow: CheckedFlow, path: String, exploresPastViolations: Bool = false, under: Runtime.Type
  ) throws(FlowGraph.TooLarge) -> Summary {
    let graph = ExploredGraph<Runtime>(
      flow: flow, stateLimit: FlowGraph.mapStateLimit, exploresPastViolations: exploresPastViolations)
    guard !graph.exceededLimit else { throw FlowGraph.TooLarge(limit: FlowGraph.mapStateLimit) }
    var settings = CheckSettings()
    settings.threads = 1
    // The graph `check` explores, as the map draws it: the violations `check` reports.
    settings.exploresPastViolations = exploresPastViolations
    let report = FlowChecker.check(flow, under: Runtime.self, path: path, options: settings)
    let map = NavigationMap.build(graph, violations: report.violations)
    var cannotReturn: [String: Int] = [:]
    for state in graph.statesThatCannotReturnHome() {
      cannotReturn[NavigationMap.place(of: graph.states[state], flow: flow).label, default: 0] += 1
    }
    return Summary(
      path: path, screens: flow.screens.map(\.name),
      transitions: map.edges.map {
        "\(map.nodes[$0.from].place.label) -\($0.label)-> \(map.nodes[$0.to].place.label)"
      }.sorted(),
      violations: report.violations.map { violation in
        violation.text.map { "\(violation.id) \($0)" } ?? violation.id
      },
      distances: Dictionary(uniqueKeysWithValues: map.nodes.map { ($0.place.label, $0.distance) }),
      cannotReturn: cannotReturn, incompleteReason: report.incompleteReason)
  }
}
