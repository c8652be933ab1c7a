import FlowLanguage
import Synchronization

/// What the exploration exercised: screens that reached the hierarchy, handlers that ran.
public struct Coverage: Sendable, Equatable {
  /// Per screen: some reachable state has it in the window's hierarchy.
  public var screensShown: [Bool]
  /// Per handler slot (`FlowSystem.handlerLabels`): some explored step ran it.
  public var handlersRun: [Bool]

  init(screens: Int, handlers: Int) {
    screensShown = [Bool](repeating: false, count: screens)
    handlersRun = [Bool](repeating: false, count: handlers)
  }
}

/// Collects coverage from the explorer's workers. A class because every copy of the
/// system must record into one place; the mutex makes it safe across threads.
final class CoverageRecorder: Sendable {
  private let coverage: Mutex<Coverage>

  init(screens: Int, handlers: Int) {
    coverage = Mutex(Coverage(screens: screens, handlers: handlers))
  }

  func record(state: FlowState, handlersRun: [Int]) {
    let attached = state.world.attachedObjects()
    var shown: [Int] = []
    for (id, object) in state.world.objects.enumerated() where attached[id] {
      if case .screen(let screen) = object.kind { shown.append(screen) }
    }
    coverage.withLock { coverage in
      for screen in shown { coverage.screensShown[screen] = true }
      for slot in handlersRun { coverage.handlersRun[slot] = true }
    }
  }

  func record(handlersRun: [Int]) {
    coverage.withLock { coverage in
      for slot in handlersRun { coverage.handlersRun[slot] = true }
    }
  }

  var snapshot: Coverage { coverage.withLock { $0 } }
}
