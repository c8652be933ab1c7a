import FlowLanguage
import Foundation

/// A one-screen account of a resolved flow: what `check` prints while exploration is not
/// built, so that a team sees the flow was understood as meant.
///
/// Built from a `CheckedFlow`; printed as text or as one line of JSON. Everything is listed
/// in declaration order.
struct FlowSummary: Encodable, Equatable, Sendable {
  struct Screen: Encodable, Equatable, Sendable {
    var name: String
    var style: String
    var modalInPresentation: Bool
  }

  struct Coordinator: Encodable, Equatable, Sendable {
    var name: String
    var kind: String
    var root: String
    var identifier: String
    var screenHandlers: Int
    var messageHandlers: Int
    var popBack: Bool
    var didFinishHandlers: Int
  }

  struct Variable: Encodable, Equatable, Sendable {
    var name: String
    /// `Bool` or `0...3`.
    var type: String
    /// `false`, `true` or the number.
    var initialValue: String
    /// The coordinator owning a coordinator-local variable.
    var owner: String?
  }

  struct Property: Encodable, Equatable, Sendable {
    var kind: String
    var expression: String
  }

  struct Limits: Encodable, Equatable, Sendable {
    var stack: Int
    var presented: Int
    var coordinators: Int
    var pending: Int
    var depth: Int
    var states: Int
  }

  /// Bumped whenever a key changes meaning or disappears.
  var schemaVersion = 1
  var kind = "summary"
  var path: String
  var app: String
  var library: String
  var windowCoordinator: String
  var home: String?
  /// The flow's limits, with `--max-depth` and `--max-states` applied.
  var limits: Limits
  var screens: [Screen]
  var coordinators: [Coordinator]
  var messages: [String]
  var appEvents: [String]
  var asyncTasks: [String]
  var variables: [Variable]
  var properties: [Property]
  /// `none`, `pass`, `incomplete` or `violation a, b`.
  var expectation: String
  var exploration = "not built yet"

  /// The line `check` prints after the summary, and scripts/check-specs looks for.
  static let explorationNotBuilt =
    "exploration: not built yet (this build checks the flow's syntax and names only)"

  init(_ flow: CheckedFlow, path: String, options: CheckOptions) {
    self.path = path
    app = flow.appName
    library = flow.library.rawValue
    windowCoordinator =
      flow.coordinators.indices.contains(flow.windowCoordinator)
      ? flow.coordinators[flow.windowCoordinator].name : "?"
    home = flow.home.flatMap { flow.screens.indices.contains($0) ? flow.screens[$0].name : nil }
    limits = Limits(
      stack: flow.limits.stack, presented: flow.limits.presented, coordinators: flow.limits.coordinators,
      pending: flow.limits.pending, depth: options.effectiveDepth(for: flow),
      states: options.effectiveStates(for: flow))
    screens = flow.screens.map {
      Screen(name: $0.name, style: $0.style.rawValue, modalInPresentation: $0.modalInPresentation)
    }
    coordinators = flow.coordinators.map {
      Coordinator(
        name: $0.name, kind: $0.kind.rawValue, root: $0.root.rawValue, identifier: $0.identifier,
        screenHandlers: $0.screenHandlers.count, messageHandlers: $0.messageHandlers.count,
        popBack: $0.popBack != nil, didFinishHandlers: $0.didFinish.count)
    }
    messages = flow.messages
    appEvents = flow.appEvents.map(\.name)
    asyncTasks = flow.asyncTasks.map(\.name)
    variables = flow.variables.map { variable in
      let type: String
      let initial: String
      switch variable.type {
      case .bool:
        type = "Bool"
        initial = variable.initialValue == 0 ? "false" : "true"
      case .integer(let low, let high):
        type = "\(low)...\(high)"
        initial = String(variable.initialValue)
      }
      let owner = variable.owner.flatMap {
        flow.coordinators.indices.contains($0) ? flow.coordinators[$0].name : nil
      }
      return Variable(name: variable.name, type: type, initialValue: initial, owner: owner)
    }
    properties = flow.properties.map { Property(kind: $0.kind.rawValue, expression: $0.text) }
    switch flow.expectation {
    case .none: expectation = "none"
    case .pass: expectation = "pass"
    case .incomplete: expectation = "incomplete"
    case .violations(let ids): expectation = "violation " + ids.joined(separator: ", ")
    }
  }

  // MARK: - Text

  /// The summary as aligned text, ending with `explorationNotBuilt`.
  var text: String {
    // (label, value); a nil value makes the label a heading for the indented rows after it.
    var rows: [(label: String, value: String?)] = [
      ("app", "\(app) (library \(library))"),
      ("window coordinator", windowCoordinator),
      ("home", home ?? "none"),
      (
        "limits",
        "stack \(limits.stack), presented \(limits.presented), coordinators \(limits.coordinators), "
          + "pending \(limits.pending), depth \(limits.depth), states \(limits.states)"
      ),
      ("screens (\(screens.count))", nil),
    ]
    rows += screens.map {
      ("  " + $0.name, $0.style + ($0.modalInPresentation ? ", modalInPresentation" : ""))
    }
    rows.append(("coordinators (\(coordinators.count))", nil))
    rows += coordinators.map { ("  " + $0.name, Self.describe($0)) }
    rows += [
      ("messages (\(messages.count))", Self.list(messages)),
      ("app events (\(appEvents.count))", Self.list(appEvents)),
      ("after blocks (\(asyncTasks.count))", Self.list(asyncTasks)),
      ("variables (\(variables.count))", Self.list(variables.map(Self.describe))),
      ("properties (\(properties.count))", properties.isEmpty ? "none" : nil),
    ]
    rows += properties.map { ("  " + $0.kind, $0.expression) }
    rows.append(("expectation", expectation))

    let width = rows.filter { $0.value != nil }.map(\.label.count).max() ?? 0
    var lines = rows.map { row in
      guard let value = row.value else { return row.label }
      return row.label + String(repeating: " ", count: width + 2 - row.label.count) + value
    }
    lines.append(Self.explorationNotBuilt)
    return lines.joined(separator: "\n") + "\n"
  }

  private static func list(_ items: [String]) -> String {
    items.isEmpty ? "none" : items.joined(separator: ", ")
  }

  private static func describe(_ coordinator: Coordinator) -> String {
    var parts = [coordinator.kind, "root \(coordinator.root)"]
    if coordinator.identifier != coordinator.name { parts.append("identifier \"\(coordinator.identifier)\"") }
    var handlers: [String] = []
    if coordinator.screenHandlers > 0 { handlers.append(count(coordinator.screenHandlers, "screen handler")) }
    if coordinator.messageHandlers > 0 {
      handlers.append(count(coordinator.messageHandlers, "message handler"))
    }
    if coordinator.popBack { handlers.append("popBack") }
    if coordinator.didFinishHandlers > 0 {
      handlers.append(count(coordinator.didFinishHandlers, "didFinish"))
    }
    parts.append(handlers.isEmpty ? "no handlers" : handlers.joined(separator: ", "))
    return parts.joined(separator: ", ")
  }

  private static func describe(_ variable: Variable) -> String {
    let owner = variable.owner.map { " (in \($0))" } ?? ""
    return "\(variable.name): \(variable.type) = \(variable.initialValue)\(owner)"
  }

  private static func count(_ number: Int, _ noun: String) -> String {
    "\(number) \(noun)\(number == 1 ? "" : "s")"
  }

  // MARK: - JSON

  /// The summary as one line of JSON, keys sorted, ending with a newline.
  var jsonLine: String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    guard let data = try? encoder.encode(self) else { return "{}\n" }
    return String(decoding: data, as: UTF8.self) + "\n"
  }
}
