import FlowExplorer
import FlowLanguage
import FlowModel

/// The navigation map of a flow: the screens the user can see (a screen shown in a modal
/// layer is a node of its own) and the events that lead from one to another, projected from
/// the explored state graph, not read from the flow's text. Screens no state shows are
/// listed as unreachable; a screen where the shortest trace of a violation ends is marked
/// with the violation's id, and the shortest such trace is kept as a path to draw. Each
/// screen belongs to the coordinator that shows it, for drawing the map in clusters.
public struct NavigationMap: Sendable, Equatable {
  /// What the user sees: a screen at a modal layer (0: not presented), no screen (a sheet
  /// whose stack was emptied while it animates out), or a crashed app.
  public struct Place: Sendable, Hashable, Comparable {
    /// The screen's name; nil for the crashed app and for no screen.
    public var screen: String?
    /// How many controllers are presented under the visible one (0 for the window's own).
    public var layer: Int
    /// The app crashed (`uikit-crash`).
    public var crashed = false

    public init(screen: String?, layer: Int, crashed: Bool = false) {
      self.screen = screen
      self.layer = layer
      self.crashed = crashed
    }

    /// `Cart`, `Cart (modal 1)`, `no screen (modal 1)`, `crash`.
    public var label: String {
      if crashed { return "crash" }
      let name = screen ?? "no screen"
      return layer == 0 ? name : "\(name) (modal \(layer))"
    }

    public static func < (a: Place, b: Place) -> Bool {
      (a.crashed ? 0 : 1, a.screen ?? "", a.layer) < (b.crashed ? 0 : 1, b.screen ?? "", b.layer)
    }
  }

  public struct Node: Sendable, Equatable {
    public var place: Place
    /// The ids of the violations whose shortest trace ends here, sorted.
    public var violations: [String]
    /// Fewest events from launch to this place.
    public var distance: Int
    /// The coordinator that shows the screen (`NavigationMap.coordinators(of:)`); nil for
    /// the crashed app and a screen no coordinator names.
    public var coordinator: String? = nil
  }

  /// An event that leads from one place to another (or back to it, changing the state).
  public struct Edge: Sendable, Hashable {
    public var from: Int
    public var to: Int
    /// The event as the map prints it: `browse`, `back`, `swipe down`.
    public var label: String
  }

  public var appName: String
  /// Nodes in breadth-first order of discovery; node 0 is what launch shows.
  public var nodes: [Node]
  /// Distinct edges, sorted by source, target and label.
  public var edges: [Edge]
  /// Screens of the flow that no explored state shows, in declaration order.
  public var unreachable: [String]
  /// The coordinator of each unreachable screen that one names, by screen name.
  public var unreachableCoordinators: [String: String] = [:]
  /// The size of the state graph it was projected from.
  public var states: Int
  public var transitions: Int
  /// The edges the shortest violating trace takes, from launch, in order (an edge may recur);
  /// empty when nothing is violated.
  public var violationPath: [Edge] = []
  /// The id of the violation whose trace `violationPath` is.
  public var violationPathID: String? = nil

  /// The short name of an event on an edge of the map, from the action taken.
  static func label(_ action: CheckReport.TraceAction) -> String {
    switch action {
    case .launch: "launch"
    case .tap(_, let event): event
    case .gesture(.backButton): "back"
    case .gesture(.swipeBack(_, let completes)): completes ? "swipe back" : "swipe back cancelled"
    case .gesture(.backMenu(let to, _)): "back menu to \(to)"
    case .gesture(.swipeDown): "swipe down"
    case .gesture(.selectTab(let tab, _, let reselect)): reselect ? "re-tap tab \(tab)" : "tab \(tab)"
    case .gesture(.animationEnds(_, let dismissal, _)): dismissal ? "dismissal ends" : "presentation ends"
    case .gesture(.navigationAnimationEnds(_, let pop)): pop ? "pop ends" : "push ends"
    case .appEvent(let name): "app: \(name)"
    case .completion(let task, _): "done: \(task)"
    case .library(let text): text
    }
  }
}

extension NavigationMap {
  /// An edge by what it joins: the map's edges are the distinct keys of the state edges.
  struct EdgeKey: Hashable {
    var from: Place
    var label: String
    var to: Place
  }

  /// What the user sees in `state`.
  static func place<Runtime>(of state: FlowState<Runtime>, flow: CheckedFlow) -> Place {
    if state.crashed { return Place(screen: nil, layer: 0, crashed: true) }
    return Place(screen: state.topScreen().map { flow.screens[$0].name }, layer: state.presentedCount())
  }

  /// Explores `flow` (at most `stateLimit` states) and projects it; nil when the state graph
  /// is larger. `violations` are the report's, whose traces mark the screens they end on.
  static func build<Runtime: CoordinatorRuntime>(
    _ graph: ExploredGraph<Runtime>, violations: [CheckReport.Violation]
  ) -> NavigationMap {
    let flow = graph.system.flow
    func place(_ state: FlowState<Runtime>) -> Place { NavigationMap.place(of: state, flow: flow) }
    var nodes: [Node] = []
    var nodeOf: [Place: Int] = [:]
    var stateNode: [Int] = []
    for (index, state) in graph.states.enumerated() {
      let seen = place(state)
      if let known = nodeOf[seen] {
        stateNode.append(known)
      } else {
        nodeOf[seen] = nodes.count
        stateNode.append(nodes.count)
        nodes.append(Node(place: seen, violations: [], distance: graph.depths[index]))
      }
    }
    var edges = Set<Edge>()
    for edge in graph.edges {
      edges.insert(Edge(from: stateNode[edge.from], to: stateNode[edge.to], label: label(edge.traceAction)))
    }
    for violation in violations where !violation.steps.isEmpty {
      guard let end = graph.state(after: violation.steps.map(\.action)), let node = nodeOf[place(end)] else {
        continue
      }
      if !nodes[node].violations.contains(violation.id) { nodes[node].violations.append(violation.id) }
    }
    for index in nodes.indices { nodes[index].violations.sort() }
    let owners = coordinators(of: flow)
    for index in nodes.indices {
      guard let screen = nodes[index].place.screen, let owner = owners[screen] else { continue }
      nodes[index].coordinator = owner
    }
    let shown = Set(nodes.compactMap(\.place.screen))
    var map = NavigationMap(
      appName: flow.appName, nodes: nodes,
      edges: edges.sorted { ($0.from, $0.to, $0.label) < ($1.from, $1.to, $1.label) },
      unreachable: flow.screens.map(\.name).filter { !shown.contains($0) },
      states: graph.states.count, transitions: graph.edges.count)
    for screen in map.unreachable { map.unreachableCoordinators[screen] = owners[screen] }
    // The shortest trace; of equal ones, the first the report lists.
    let traced = violations.filter { !$0.steps.isEmpty }
    if let shortest = traced.min(by: { $0.steps.count < $1.steps.count }) {
      let actions = shortest.steps.map(\.action)
      var path: [Edge] = []
      var from = 0
      for count in actions.indices {
        guard let state = graph.state(after: Array(actions[...count])), let to = nodeOf[place(state)] else {
          path = []
          break
        }
        path.append(Edge(from: from, to: to, label: label(actions[count])))
        from = to
      }
      map.violationPath = path
      map.violationPathID = path.isEmpty ? nil : shortest.id
    }
    return map
  }

  /// The coordinator each screen belongs to, by name: the first coordinator, in declaration
  /// order, whose statements put the screen on screen (`show`, `root`, `present`, …), or
  /// failing that the first that handles one of its events. A screen that a runtime's own
  /// statement shows is found by its handlers.
  static func coordinators(of flow: CheckedFlow) -> [String: String] {
    var owner: [Int: Int] = [:]
    func claim(_ statements: [CheckedStatement], by coordinator: Int) {
      for statement in statements {
        switch statement {
        case .show(let screen), .root(let screen), .top(let screen, _), .present(let screen, _):
          if owner[screen] == nil { owner[screen] = coordinator }
        case .setStack(let screens):
          for screen in screens where owner[screen] == nil { owner[screen] = coordinator }
        case .ifElse(_, let then, let otherwise):
          claim(then, by: coordinator)
          claim(otherwise, by: coordinator)
        default: break
        }
      }
    }
    for (index, coordinator) in flow.coordinators.enumerated() {
      if let screen = coordinator.viewController, owner[screen] == nil { owner[screen] = index }
      claim(coordinator.start, by: index)
      for handler in coordinator.screenHandlers { claim(handler.body, by: index) }
      for message in coordinator.messageHandlers.keys.sorted() {
        claim(coordinator.messageHandlers[message] ?? [], by: index)
      }
    }
    for (index, coordinator) in flow.coordinators.enumerated() {
      for handler in coordinator.screenHandlers where owner[handler.screen] == nil {
        owner[handler.screen] = index
      }
    }
    var names: [String: String] = [:]
    for (screen, coordinator) in owner {
      names[flow.screens[screen].name] = flow.coordinators[coordinator].name
    }
    return names
  }
}
