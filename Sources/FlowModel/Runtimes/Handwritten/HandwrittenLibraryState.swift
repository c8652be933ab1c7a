import FlowLanguage

/// What the app holds beside its coordinator tree.
///
/// - The children kept alive by the `onViewDismissed` closure their parent set on their
///   navigation controller. The closure names the child strongly, the navigation controller
///   holds the closure and the child's router holds the navigation controller: a cycle that
///   only running the closure (which sets it to nil) breaks. A child whose navigation
///   controller never appeared keeps it for good.
/// - The coordinators a screen keeps through a bridge presenter in one of its properties
///   (Element iOS's `…CoordinatorBridgePresenter`): each lives while that screen does, until
///   the screen's code sets the property to nil.
public struct HandwrittenLibraryState: RuntimeLibraryState {
  /// Coordinators whose `onViewDismissed` closure has not run yet, in id order.
  public var hooked: IDList
  /// Coordinators a screen keeps (`HandwrittenCoordinator.keptByScreen`), in id order.
  public var bridged: IDList

  public init() {
    self.hooked = IDList()
    self.bridged = IDList()
  }

  @inline(__always) public var heldCoordinators: IDList {
    guard !bridged.isEmpty else { return hooked }
    var held = hooked
    for c in bridged where !held.contains(c) { held.append(c) }
    return held
  }

  @inline(__always) public var heldObjects: IDList { IDList() }

  @inline(__always) public mutating func fields(_ fields: inout some FieldVisitor) {
    fields.coordinatorSet(&hooked)
    fields.coordinatorSet(&bridged)
  }

  public func describe(
    flow: CheckedFlow, objectName: (ObjectID) -> String, coordinatorName: (CoordinatorID) -> String
  ) -> [String] {
    var lines: [String] = []
    if !hooked.isEmpty {
      lines.append("onViewDismissed closures waiting: \(hooked.map(coordinatorName).joined(separator: ", "))")
    }
    if !bridged.isEmpty {
      lines.append(
        "kept by screens' bridge presenters: \(bridged.map(coordinatorName).joined(separator: ", "))")
    }
    return lines
  }
}
