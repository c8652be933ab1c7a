import FlowLanguage

/// What the app holds beside its coordinator tree: the children kept alive by the
/// `onViewDismissed` closure their parent set on their navigation controller. The closure
/// names the child strongly, the navigation controller holds the closure and the child's
/// router holds the navigation controller: a cycle that only running the closure (which sets
/// it to nil) breaks. A child whose navigation controller never appeared keeps it for good.
public struct HandwrittenLibraryState: RuntimeLibraryState {
  /// Coordinators whose `onViewDismissed` closure has not run yet, in id order.
  public var hooked: IDList

  public init() { self.hooked = IDList() }

  @inline(__always) public var heldCoordinators: IDList { hooked }
  @inline(__always) public var heldObjects: IDList { IDList() }

  @inline(__always) public mutating func fields(_ fields: inout some FieldVisitor) {
    fields.coordinatorSet(&hooked)
  }

  public func describe(
    flow: CheckedFlow, objectName: (ObjectID) -> String, coordinatorName: (CoordinatorID) -> String
  ) -> [String] {
    guard !hooked.isEmpty else { return [] }
    return ["onViewDismissed closures waiting: \(hooked.map(coordinatorName).joined(separator: ", "))"]
  }
}
