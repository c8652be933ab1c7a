import FlowLanguage

/// A violation's trace as a small versioned JSON file (`check --trace-dir`), which
/// `flowcheck replay` re-runs. Events are written by name (`tap Catalog.select`, the
/// `back-button` gesture from `Detail`), never by the index of an action or an instance, so a
/// trace survives edits of the flow that do not touch the screens and events it names.
///
/// ```json
/// {"format": "flowcheck-trace", "schemaVersion": 1, "flow": "Specs/shop.flow",
///  "property": {"id": "shadow-sync"}, "why": "…",
///  "steps": [{"kind": "tap", "screen": "Catalog", "event": "select", "text": "tap Catalog.select"}]}
/// ```
public struct TraceFile: Sendable, Equatable {
  /// The version of the layout above; a reader refuses a newer one.
  public static let schemaVersion = 1
  /// The value of `format`, so that a stray JSON file is told from a trace.
  public static let formatName = "flowcheck-trace"
  /// The most steps a trace file may hold: replay runs each, and no search `check` finishes
  /// within its memory goes that deep.
  public static let maximumSteps = 1 << 20

  /// One step after launch: the action as data, and the event as `check` tells it.
  public struct Step: Sendable, Equatable {
    public var action: CheckReport.TraceAction
    /// `tap Catalog.select`: for a reader; replay matches `action`, not this.
    public var text: String
    public init(action: CheckReport.TraceAction, text: String) {
      self.action = action
      self.text = text
    }
  }

  /// The flow's path as `check` was given it.
  public var flow: String
  /// The property's id (`shadow-sync`, `always`, …).
  public var property: String
  /// For the flow's own `always` and `never`: the expression, which tells two of one kind apart.
  public var propertyText: String?
  /// Why it was broken, as `check` said.
  public var why: String
  public var steps: [Step]

  public init(flow: String, property: String, propertyText: String?, why: String, steps: [Step]) {
    self.flow = flow
    self.property = property
    self.propertyText = propertyText
    self.why = why
    self.steps = steps
  }

  /// The trace of a violation of `report`; nil for an unreached `reachable`, whose witness
  /// does not exist. A property broken at launch has a trace of no steps, which `replay`
  /// judges on the launch state.
  public init?(_ violation: CheckReport.Violation, path: String) {
    guard !(violation.steps.isEmpty && violation.id == InvariantID.reachable.rawValue) else { return nil }
    self.init(
      flow: path, property: violation.id, propertyText: violation.text, why: violation.why,
      steps: violation.steps.map { Step(action: $0.action, text: $0.event) })
  }

  /// The file's text: pretty-printed JSON, keys sorted, a final newline.
  public var json: String {
    var property: [String: JSONValue] = ["id": .string(self.property)]
    if let propertyText { property["text"] = .string(propertyText) }
    let object: JSONValue = .object([
      "format": .string(Self.formatName),
      "schemaVersion": .int(Self.schemaVersion),
      "flow": .string(flow),
      "property": .object(property),
      "why": .string(why),
      "steps": .array(
        steps.map { step in
          .object(Self.fields(of: step.action).merging(["text": .string(step.text)]) { a, _ in a })
        }),
    ])
    return object.rendered() + "\n"
  }

  /// Reads a trace file's text; the failure says what is wrong in words.
  public static func parse(_ text: String) throws(TraceFileError) -> TraceFile {
    try parse(Array(text.utf8))
  }

  /// Reads a trace file's bytes, which must be UTF-8; a syntax error's offset is into
  /// `bytes`.
  public static func parse(_ bytes: [UInt8]) throws(TraceFileError) -> TraceFile {
    let value: JSONValue
    do {
      value = try JSONParser.parse(bytes)
    } catch {
      throw TraceFileError(message: "not JSON: \(error.message)", offset: error.offset)
    }
    guard case .object(let root) = value, root["format"] == .string(formatName) else {
      throw TraceFileError(message: "not a flowcheck trace: no \"format\": \"\(formatName)\"")
    }
    guard case .int(let version) = root["schemaVersion"] else {
      throw TraceFileError(message: "no \"schemaVersion\"")
    }
    guard version <= schemaVersion else {
      throw TraceFileError(
        message: "schema version \(version) is newer than this flowcheck reads (\(schemaVersion))")
    }
    guard case .object(let property) = root["property"], case .string(let id) = property["id"] else {
      throw TraceFileError(message: "no \"property\" with an \"id\"")
    }
    guard case .array(let steps) = root["steps"] else { throw TraceFileError(message: "no \"steps\" array") }
    guard steps.count <= maximumSteps else {
      throw TraceFileError(message: "\(steps.count) steps, more than a trace holds (at most \(maximumSteps))")
    }
    var parsed: [Step] = []
    for (index, step) in steps.enumerated() {
      guard case .object(let fields) = step, let action = action(from: fields) else {
        throw TraceFileError(message: "step \(index + 1) is not an event flowcheck knows")
      }
      parsed.append(Step(action: action, text: fields["text"]?.stringValue ?? ""))
    }
    return TraceFile(
      flow: root["flow"]?.stringValue ?? "", property: id, propertyText: property["text"]?.stringValue,
      why: root["why"]?.stringValue ?? "", steps: parsed)
  }

  /// The fields that name `action`.
  static func fields(of action: CheckReport.TraceAction) -> [String: JSONValue] {
    var fields: [String: JSONValue] = ["kind": .string(action.kind.rawValue)]
    switch action {
    case .launch: break
    case .tap(let screen, let event):
      fields["screen"] = .string(screen)
      fields["event"] = .string(event)
    case .gesture(let gesture):
      fields["gesture"] = .string(gesture.kind.rawValue)
      switch gesture {
      case .backButton(let from): fields["from"] = .string(from)
      case .swipeBack(let from, let completes):
        fields["from"] = .string(from)
        fields["completes"] = .bool(completes)
      case .backMenu(let to, let index):
        fields["to"] = .string(to)
        fields["index"] = .int(index)
      case .swipeDown(let sheet, let navigationController):
        fields["sheet"] = .string(sheet)
        if let navigationController { fields["navigationController"] = .string(navigationController) }
      case .selectTab(let tab, let index, let reselect):
        fields["tab"] = .string(tab)
        fields["index"] = .int(index)
        fields["reselect"] = .bool(reselect)
      case .animationEnds(let sheet, let dismissal, let navigationController):
        fields["sheet"] = .string(sheet)
        fields["dismissal"] = .bool(dismissal)
        if let navigationController { fields["navigationController"] = .string(navigationController) }
      case .navigationAnimationEnds(let screen, let pop):
        fields["screen"] = .string(screen)
        fields["pop"] = .bool(pop)
      }
    case .appEvent(let name): fields["name"] = .string(name)
    case .completion(let task, let coordinator):
      fields["task"] = .string(task)
      fields["coordinator"] = .string(coordinator)
    case .library(let text): fields["library"] = .string(text)
    }
    return fields
  }

  /// The action `fields` name, or nil when a field is missing or of the wrong type.
  static func action(from fields: [String: JSONValue]) -> CheckReport.TraceAction? {
    func string(_ key: String) -> String? { fields[key]?.stringValue }
    func int(_ key: String) -> Int? { if case .int(let value) = fields[key] { value } else { nil } }
    func bool(_ key: String) -> Bool? { if case .bool(let value) = fields[key] { value } else { nil } }
    switch string("kind").flatMap(CheckReport.TraceAction.Kind.init(rawValue:)) {
    case .launch: return .launch
    case .tap:
      guard let screen = string("screen"), let event = string("event") else { return nil }
      return .tap(screen: screen, event: event)
    case .appEvent: return string("name").map { .appEvent(name: $0) }
    case .completion:
      guard let task = string("task"), let coordinator = string("coordinator") else { return nil }
      return .completion(task: task, coordinator: coordinator)
    case .library: return string("library").map { .library($0) }
    case .gesture:
      switch string("gesture").flatMap(CheckReport.TraceGesture.Kind.init(rawValue:)) {
      case .backButton: return string("from").map { .gesture(.backButton(from: $0)) }
      case .swipeBack:
        guard let from = string("from"), let completes = bool("completes") else { return nil }
        return .gesture(.swipeBack(from: from, completes: completes))
      case .backMenu:
        guard let to = string("to"), let index = int("index") else { return nil }
        return .gesture(.backMenu(to: to, index: index))
      case .swipeDown:
        return string("sheet").map {
          .gesture(.swipeDown(sheet: $0, navigationController: string("navigationController")))
        }
      case .selectTab:
        guard let tab = string("tab"), let index = int("index"), let reselect = bool("reselect") else {
          return nil
        }
        return .gesture(.selectTab(tab: tab, index: index, reselect: reselect))
      case .animationEnds:
        guard let sheet = string("sheet"), let dismissal = bool("dismissal") else { return nil }
        return .gesture(
          .animationEnds(
            sheet: sheet, dismissal: dismissal, navigationController: string("navigationController")))
      case .navigationAnimationEnds:
        guard let screen = string("screen"), let pop = bool("pop") else { return nil }
        return .gesture(.navigationAnimationEnds(screen: screen, pop: pop))
      case nil: return nil
      }
    case nil: return nil
    }
  }
}

/// A trace file that cannot be read as one.
public struct TraceFileError: Error, Equatable, Sendable {
  public var message: String
  /// The byte offset of a syntax error; nil for a file that is JSON but not a trace.
  public var offset: Int? = nil
}

extension JSONValue {
  /// The string, when this is one.
  var stringValue: String? {
    if case .string(let value) = self { return value }
    return nil
  }
}
