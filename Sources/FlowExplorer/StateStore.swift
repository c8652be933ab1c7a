/// How the explorer keeps the states of a BFS level: the frontier, and the successors a
/// worker computed before they are merged. Full states exist only there, so at a few million
/// states their encoding is most of the memory that is not the visited set.
///
/// An `Array` of states is a store; a model whose states are themselves heap objects (an
/// array of words each) gives one that packs them into shared storage instead.
public protocol StateStore {
  associatedtype State

  init()

  /// Number of states held.
  var count: Int { get }
  var isEmpty: Bool { get }

  /// The state at `position`, as it was appended.
  subscript(position: Int) -> State { get }

  mutating func append(_ state: State)

  /// Appends the state at `position` of `other`, without rebuilding it where the storage
  /// allows.
  mutating func append(from other: Self, at position: Int)

  mutating func removeAll(keepingCapacity: Bool)

  /// The states before `position` will not be read again: the store may give their memory
  /// back (an `Array` keeps it).
  mutating func discard(before position: Int)
}

extension Array: StateStore {
  public typealias State = Element

  @inlinable public mutating func append(from other: [Element], at position: Int) {
    append(other[position])
  }

  @inlinable public mutating func discard(before position: Int) {}
}
