import FlowLanguage
import FlowModel
import Foundation
import Testing

@testable import FlowReport

/// The trace of a violation is data that replays: from launch, each step's `actionIndex`
/// picks its action among `FlowSystem.enabledActions`, `FlowSystem.run` takes it, and the
/// states met are the ones the story tells, down to the last.
@Suite struct TraceReplayTests {
  /// Specs whose violations take taps, gestures (Back, sheet swipe-down, tabs, the Back
  /// menu), app events and async completions, and one with no trace at all.
  static let specs = [
    "bugs/gap2-stop-child-directly.flow",
    "bugs/class6-present-from-dismissed-sheet.flow",
    "bugs/class7-dismiss-closes-parent.flow",
    "bugs/gap7-stack-assigned-directly.flow",
    "bugs/gap1-long-press-across-coordinators.flow",
    "bugs/logout-leaves-checkout.flow",
    "bugs/receipt-never-reached.flow",
    // Back during a push: the Back button, now that the other specs' traces also wait for
    // their animations to end.
    "bugs/class9-pop-during-push.flow",
  ]

  static func load(_ spec: String) throws -> (path: String, flow: CheckedFlow) {
    let url = SpecCorpusTests.specsDirectory.appendingPathComponent(spec)
    let source = SourceFile(path: url.path, bytes: Array(try Data(contentsOf: url)))
    return (url.path, try #require(FrontEnd.check(source: source).flow, "\(spec) does not resolve"))
  }

  /// Replays `violation` through its action indices alone (no logging) and checks every
  /// state against the story's; returns the kinds of action met.
  @discardableResult
  static func expectReplays(
    _ violation: CheckReport.Violation, system: FlowSystem<Radianttap>, flow: CheckedFlow, label: String
  ) throws -> Set<CheckReport.TraceAction.Kind> {
    var kinds: Set<CheckReport.TraceAction.Kind> = []
    #expect(violation.launch.action == .launch)
    #expect(violation.launch.actionIndex == nil)
    var state = system.launch(logging: false).state
    #expect(state.describe(flow: flow) == violation.launch.state, "\(label): launch")
    for (number, step) in violation.steps.enumerated() {
      var enabled: [FlowAction] = []
      system.enabledActions(in: state, into: &enabled)
      let index = try #require(step.actionIndex, "\(label): step \(number + 1) has no action index")
      try #require(
        enabled.indices.contains(index), "\(label): step \(number + 1): \(index) of \(enabled.count)")
      let action = enabled[index]
      #expect(action.describe(in: state, flow: flow) == step.event, "\(label): step \(number + 1)")
      #expect(CheckReport.TraceAction(action, in: state, flow: flow) == step.action)
      #expect(eventText(step.action) == step.event, "\(label): step \(number + 1)")
      kinds.insert(step.action.kind)
      state = system.run(state, action, logging: false).state
      #expect(state.describe(flow: flow) == step.state, "\(label): state after step \(number + 1)")
    }
    let final = violation.steps.last?.state ?? violation.launch.state
    #expect(state.describe(flow: flow) == final, "\(label): final state")
    #expect(violation.events == violation.steps.map(\.event))
    return kinds
  }

  /// A sheet as the event text names it: `the Receipt sheet`, `the
  /// UINavigationController(Payment) sheet (showing Pay)`.
  static func sheetText(_ sheet: String, _ navigationController: String?) -> String {
    navigationController.map { "the \($0) sheet (showing \(sheet))" } ?? "the \(sheet) sheet"
  }

  /// The event text told from the structured action alone: its names are the event's.
  static func eventText(_ action: CheckReport.TraceAction) -> String {
    switch action {
    case .launch: "launch"
    case .tap(let screen, let event): "tap \(screen).\(event)"
    case .appEvent(let name): "app event '\(name)'"
    case .completion(let task, let coordinator): "async '\(task)' completes (\(coordinator))"
    case .library(let text): text
    case .gesture(.backButton(let from)): "tap Back (from \(from))"
    case .gesture(.swipeBack(let from, let completes)):
      completes ? "swipe back from \(from) (completed)" : "swipe back from \(from), then cancel"
    case .gesture(.backMenu(let to, _)): "long-press Back, choose \(to)"
    case .gesture(.swipeDown(let sheet, let navigationController)):
      "swipe down \(sheetText(sheet, navigationController))"
    case .gesture(.selectTab(let tab, _, let reselect)):
      reselect ? "tap the \(tab) tab again" : "select the \(tab) tab"
    case .gesture(.animationEnds(let sheet, let dismissal, let navigationController)):
      "the \(dismissal ? "dismissal" : "presentation") of \(sheetText(sheet, navigationController)) finishes animating"
    case .gesture(.navigationAnimationEnds(let screen, let pop)):
      "the \(pop ? "pop" : "push") to \(screen) finishes animating"
    }
  }

  @Test(arguments: specs)
  func everyViolationOfACheckReplaysToTheStorysStates(spec: String) throws {
    let (path, flow) = try Self.load(spec)
    let report = FlowChecker.check(flow, path: path)
    #expect(!report.violations.isEmpty, "\(spec) has no violation to replay")
    let system = FlowSystem<Radianttap>(flow: flow)
    for violation in report.violations {
      try Self.expectReplays(violation, system: system, flow: flow, label: "\(spec) \(violation.id)")
    }
  }

  @Test func theSpecsTakeEveryKindOfAction() throws {
    var kinds: Set<CheckReport.TraceAction.Kind> = []
    var gestures: Set<CheckReport.TraceGesture.Kind> = []
    // Past the first violations too: some actions are only in the traces of later ones.
    var settings = CheckSettings()
    settings.exploresPastViolations = true
    for spec in Self.specs {
      let (path, flow) = try Self.load(spec)
      for violation in FlowChecker.check(flow, path: path, options: settings).violations {
        for step in violation.steps {
          kinds.insert(step.action.kind)
          if case .gesture(let gesture) = step.action { gestures.insert(gesture.kind) }
        }
      }
    }
    #expect(kinds == [.tap, .gesture, .appEvent, .completion])
    #expect(gestures.isSuperset(of: [.backButton, .swipeDown, .selectTab, .backMenu]))
  }

  @Test func aSimulatedViolationReplaysToo() throws {
    let (path, flow) = try Self.load("bugs/class6-present-from-dismissed-sheet.flow")
    let report = FlowSimulator.simulate(flow, path: path)
    let violation = try #require(report.violation)
    try Self.expectReplays(
      violation, system: FlowSystem<Radianttap>(flow: flow), flow: flow, label: "simulate")
  }

  @Test func aStepHoldsItsActionCallbacksAndLibraryCalls() throws {
    let (path, flow) = try Self.load("bugs/gap2-stop-child-directly.flow")
    let violation = try #require(FlowChecker.check(flow, path: path).violations.first)
    #expect(violation.id == "dead-screen")
    let steps = violation.steps
    try #require(steps.count == 3)
    #expect(steps[0].action == .tap(screen: "Home", event: "edit"))
    #expect(steps[0].actionIndex == 0)
    #expect(steps[0].callbacks == [], "didShow waits for the push to end")
    #expect(steps[0].libraryCalls.contains("App.startChild(Editing)"))
    #expect(steps[1].callbacks == ["UIKit: Editing.navigationController(didShow: Editor, animated: true)"])
    #expect(steps[2].action == .tap(screen: "Editor", event: "save"))
    #expect(steps[2].callbacks == ["UIKit: didShow Home — the navigation controller has no delegate"])
    #expect(steps[2].libraryCalls.contains("App.stopChild(Editing)"))
    #expect(steps[2].changed == steps[2].state.map { $0.hasPrefix("window:") })
  }
}
