/// A named property of a ``TransitionSystem``, checked by ``Explorer`` and ``Simulator``.
///
/// A property's position in ``TransitionSystem/properties`` is its id in every result.
public struct Property<State>: Sendable {
  /// What a property claims, and so how the explorer checks it.
  public enum Kind: Sendable {
    /// Must hold in every reachable state (a safety invariant).
    case always(@Sendable (State) -> Bool)
    /// Some reachable state must satisfy it ("reachable"); the shortest witness is reported.
    case sometimes(@Sendable (State) -> Bool)
    /// Broken when ``TransitionSystem/successor(of:via:violations:)`` reports its index.
    case step
    /// Every non-terminal state has at least one enabled action.
    case deadlockFree
    /// From every reachable state some target state is reachable.
    ///
    /// Judged on the states that are expanded: a terminal state is neither a target nor a
    /// state that fails to reach one.
    ///
    /// Checked on the explored graph after the search, so the explorer records edges only
    /// when a system has such a property.
    case canReach(@Sendable (State) -> Bool)
  }

  /// The property's name, as the user wrote it or as the model's invariant id.
  public var name: String
  /// What the property claims.
  public var kind: Kind

  /// Creates a property.
  public init(name: String, kind: Kind) {
    self.name = name
    self.kind = kind
  }

  /// A property that must hold in every reachable state.
  public static func always(
    _ name: String, _ predicate: @escaping @Sendable (State) -> Bool
  ) -> Property {
    Property(name: name, kind: .always(predicate))
  }

  /// A property that some reachable state must satisfy.
  public static func sometimes(
    _ name: String, _ predicate: @escaping @Sendable (State) -> Bool
  ) -> Property {
    Property(name: name, kind: .sometimes(predicate))
  }

  /// A property broken by a step, reported by the system's successor function.
  public static func step(_ name: String) -> Property {
    Property(name: name, kind: .step)
  }

  /// A property that every non-terminal reachable state has an enabled action.
  public static func deadlockFree(_ name: String) -> Property {
    Property(name: name, kind: .deadlockFree)
  }

  /// A property that from every reachable state a target state can be reached.
  public static func canReach(
    _ name: String, _ target: @escaping @Sendable (State) -> Bool
  ) -> Property {
    Property(name: name, kind: .canReach(target))
  }
}

/// What ``TransitionSystem/successor(of:via:violations:)`` reports for a broken step
/// property: its index, and where in the model the step broke it, its *site*.
///
/// A plain property index is a violation at no particular site (site 0). A system that
/// knows where a step broke a property (the statement of a flow that ran, say) reports
/// ``code(property:site:)`` with a site above 0, and the explorer keeps a shortest trace for
/// each site of each property (``ExplorationResult/violations``): a violation at one place
/// does not hide another at a different place behind its shorter trace.
public enum ViolationCode {
  /// Bits of a code that hold the property index.
  @inlinable public static var propertyBits: Int { 24 }

  /// The code of `property` broken at `site` (≥ 0; 0 for none).
  @inlinable public static func code(property: Int, site: Int) -> Int {
    precondition(property >= 0 && property < 1 << propertyBits && site >= 0, "a violation code out of range")
    return property | site << propertyBits
  }

  /// The property index of a code.
  @inlinable public static func property(_ code: Int) -> Int { code & (1 << propertyBits - 1) }

  /// The site of a code; 0 for a plain property index.
  @inlinable public static func site(_ code: Int) -> Int { code >> propertyBits }
}
