/// A system's properties sorted by how the explorer checks them.
@usableFromInline struct PropertyPlan<State>: Sendable {
  /// How a property's state predicate is read.
  @usableFromInline enum Role: UInt8, Sendable {
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
  @usableFromInline struct StateCheck: Sendable {
    @usableFromInline let property: Int32
    @usableFromInline let role: Role
    @usableFromInline let predicate: @Sendable (State) -> Bool

    @inlinable init(property: Int32, role: Role, predicate: @escaping @Sendable (State) -> Bool) {
      self.property = property
      self.role = role
      self.predicate = predicate
    }

    @inlinable @inline(__always) func isHit(_ state: State) -> Bool {
      role == .always ? !predicate(state) : predicate(state)
    }
  }

  @usableFromInline let names: [String]
  @usableFromInline let roles: [Role]
  @usableFromInline let checks: [StateCheck]
  @usableFromInline let deadlockProperties: [Int]
  @usableFromInline let canReachProperties: [Int]
  /// Per property: its position in ``canReachProperties``, or -1.
  @usableFromInline let targetSlot: [Int]
  @usableFromInline let stepProperties: [Int]

  /// Whether the explorer must record the state graph.
  @inlinable var needsGraph: Bool { !canReachProperties.isEmpty }

  @inlinable init(_ properties: [Property<State>]) {
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
