@testable import FlowModel

extension FlowSystem {
  /// `run` for tests of the shortcut of `FlowStep.coordinatorsMayBeFreed`, logged: from a
  /// canonical `state` as the explorer's steps start (nothing to free yet), or, as the
  /// reference, with every collection of coordinators done in full.
  func runForCollectionTest(_ state: FlowState<Runtime>, _ action: FlowAction, collectingAlways: Bool)
    -> StepOutcome<Runtime>
  {
    var step = FlowStep(tables: tables, state: state, logging: true)
    step.coordinatorsMayBeFreed = false
    step.collectsAlways = collectingAlways
    perform(action, on: &step)
    return finish(&step)
  }
}
