/// A system's properties sorted by how the explorer checks them.
struct PropertyPlan<State>: Sendable {
  /// How a property's state predicate is read.
  enum Role: UInt8, Sendable {
    /// `always`: a state breaks it when the predicate is false.
    case always
    /// `sometimes`: a state is a witness when the predicate is true.
    case sometimes
    /// `canReach`: a state is a target when the predicate is true.
    case target
    /// `step` or `deadlockFree`: no state predicate.
    case none
  }

  /// One state predicate to evaluate on each expanded state; a *hit* is a state that breaks
  /// an `always`, witnesses a `sometimes` or is a `canReach` target.
  struct StateCheck: Sendable {
    let property: Int32
    let role: Role
    let predicate: @Sendable (State) -> Bool

    @inline(__always) func isHit(_ state: State) -> Bool {
      role == .always ? !predicate(state) : predicate(state)
    }
  }

  let names: [String]
  let roles: [Role]
  let checks: [StateCheck]
  let deadlockProperties: [Int]
  let canReachProperties: [Int]
  /// Per property: its position in ``canReachProperties``, or -1.
  let targetSlot: [Int]
  let stepProperties: [Int]

  /// Whether the explorer must record the state graph.
  var needsGraph: Bool { !canReachProperties.isEmpty }

  init(_ properties: [Property<State>]) {
    var roles: [Role] = []
    var checks: [StateCheck] = []
    var deadlock: [Int] = []
    var canReach: [Int] = []
    var targetSlot: [Int] = []
    var step: [Int] = []
    for (index, property) in properties.enumerated() {
      var slot = -1
      switch property.kind {
      case .always(let predicate):
        roles.append(.always)
        checks.append(StateCheck(property: Int32(index), role: .always, predicate: predicate))
      case .sometimes(let predicate):
        roles.append(.sometimes)
        checks.append(StateCheck(property: Int32(index), role: .sometimes, predicate: predicate))
      case .canReach(let predicate):
        roles.append(.target)
        slot = canReach.count
        canReach.append(index)
        checks.append(StateCheck(property: Int32(index), role: .target, predicate: predicate))
      case .step:
        roles.append(.none)
        step.append(index)
      case .deadlockFree:
        roles.append(.none)
        deadlock.append(index)
      }
      targetSlot.append(slot)
    }
    names = properties.map(\.name)
    self.roles = roles
    self.checks = checks
    deadlockProperties = deadlock
    canReachProperties = canReach
    self.targetSlot = targetSlot
    stepProperties = step
  }
}
