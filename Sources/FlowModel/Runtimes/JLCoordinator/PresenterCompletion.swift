import FlowLanguage

/// What a presenter's completion block reports once UIKit calls it, at the end of the
/// presentation or dismissal it was passed to (`ModalPresenting.presentModally` and
/// `dismissModally`, each presenter's `dismissRoot`: JamitLabs/JLCoordinator,
/// `Sources/Presenter/`). UIKit calls a completion "after the presentation finishes" /
/// "after the view controller is dismissed" (`present(_:animated:completion:)`,
/// `dismiss(animated:completion:)`), so with `limits { inflight 1 }` the report waits for
/// the transition's end event.
public enum PresenterReport: Int, Sendable, BitwiseCopyable {
  /// `didPresent` of the controller.
  case presented = 0
  /// `didPresent` of a presented navigation controller, then of its first screen
  /// (`ModalNavigationPresenter`'s nested completion).
  case presentedInNavigation = 1
  /// `didDismiss` of the controller.
  case dismissed = 2
  /// `didDismiss` of a navigation controller, then of its first screen.
  case dismissedNavigationThenRoot = 3
  /// `didDismiss` of a navigation controller, then of each controller of its stack.
  case dismissedStack = 4
}

/// A completion block UIKit holds until the animation of `animating` ends: the presenter
/// that passed it (weakly, `[weak self]`), what it reports, and the controllers it captured.
public struct PresenterCompletion: Hashable, Sendable, BitwiseCopyable {
  public var report: PresenterReport
  /// The coordinator whose presenter object passed the block.
  public var presenter: CoordinatorID
  /// The controller whose transition is in flight: the block runs when it ends.
  public var animating: ObjectID
  /// The controller reported (a navigation controller for the navigation reports). It may
  /// differ from `animating`: `dismissModally(A)` on an A that presents B dismisses B, yet
  /// reports A (gap 3).
  public var reported: ObjectID
  /// The first screen, for `presentedInNavigation` and `dismissedNavigationThenRoot`.
  public var root: ObjectID?
}

extension PresenterCompletion: FieldGroup {
  public init() { self.init(report: .presented, presenter: -1, animating: -1, reported: -1, root: nil) }

  /// The report; the presenter (weak, required) and the controllers the block captured
  /// (required but the first screen).
  public mutating func fields(_ fields: inout some FieldVisitor) {
    var kind = report.rawValue
    fields.bits(&kind, count: 3)
    report = PresenterReport(rawValue: kind) ?? .presented
    fields.coordinator(&presenter, .weak)
    fields.object(&animating)
    fields.object(&reported)
    fields.object(&root)
  }
}

/// JLCoordinator's app-wide state: the completion block of the one presentation or dismissal
/// in flight (UIKit refuses a second one while it animates), nil without `limits { inflight
/// 1 }`, where every completion runs within the step that called UIKit.
public struct PresenterCompletions: RuntimeLibraryState {
  public var pending: PresenterCompletion?

  public init() {}

  /// The presenter is held weakly by the block: nothing is kept alive through it.
  public var heldCoordinators: IDList { IDList() }

  /// The block captured the controllers it reports.
  public var heldObjects: IDList {
    var held = IDList()
    guard let pending else { return held }
    held.append(pending.animating)
    held.append(pending.reported)
    if let root = pending.root { held.append(root) }
    return held
  }

  /// A freed presenter's `[weak self]` is nil: the block would do nothing, so it goes with
  /// it (the presenter is its required weak link).
  public mutating func fields(_ fields: inout some FieldVisitor) {
    fields.group(&pending)
  }

  /// One line while a block waits: `completion pending (didDismiss Sheet)`.
  public func describe(
    flow: CheckedFlow, objectName: (ObjectID) -> String, coordinatorName: (CoordinatorID) -> String
  ) -> [String] {
    guard let pending else { return [] }
    let hook: String
    switch pending.report {
    case .presented, .presentedInNavigation: hook = "didPresent"
    case .dismissed, .dismissedNavigationThenRoot, .dismissedStack: hook = "didDismiss"
    }
    return [
      "completion of \(coordinatorName(pending.presenter))'s presenter waits for the animation: \(hook)(\(objectName(pending.reported)))"
    ]
  }
}
