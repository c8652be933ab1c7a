/// Old-to-new numbers of one kind of instance (objects or coordinators), as the canonical
/// numbering settled them: `self[old]` is the new number, -1 for an instance that is
/// dropped, and `self[-1]` is -1, so a missing link (stored as -1) stays missing without a
/// branch. `old(at:)` goes the other way.
///
/// It reads memory it borrows (the numbering's scratch, or the identity table `withIdentity`
/// makes for the length of a call) through pointers that never leave this type; every read
/// is checked against the bounds in debug builds (see the subscript for why only there).
public struct Renumbering {
  /// `numbers[0]` is -1; `numbers[1 + old]` the new number of `old`.
  private let numbers: UnsafePointer<Int>
  private let order: UnsafePointer<Int>
  /// Instances before the renumbering.
  let oldCount: Int
  /// Instances kept.
  public let count: Int

  /// `map` holds `oldCount` numbers and has -1 just before its first; `order` holds `count`.
  private init(map: UnsafePointer<Int>, oldCount: Int, order: UnsafePointer<Int>, count: Int) {
    precondition(map[-1] == -1, "a renumbering needs -1 before its map")
    self.numbers = map - 1
    self.oldCount = oldCount
    self.order = order
    self.count = count
  }

  init(_ numbering: Numbering) {
    self.init(
      map: UnsafePointer(numbering.map.baseAddress!), oldCount: numbering.map.count,
      order: UnsafePointer(numbering.order.baseAddress!), count: numbering.count)
  }

  /// Calls `body` with the renumberings that keep every one of `objects` objects and
  /// `coordinators` coordinators as it is numbered (a state packed as it is), valid only
  /// during the call.
  static func withIdentity<Result>(
    objects: Int, coordinators: Int, _ body: (_ objects: Renumbering, _ coordinators: Renumbering) -> Result
  ) -> Result {
    let count = max(objects, coordinators)
    return withUnsafeTemporaryAllocation(of: Int.self, capacity: count + 1) { identity in
      for index in identity.indices { identity[index] = index - 1 }
      let ids = UnsafePointer(identity.baseAddress! + 1)
      return body(
        Renumbering(map: ids, oldCount: objects, order: ids, count: objects),
        Renumbering(map: ids, oldCount: coordinators, order: ids, count: coordinators))
    }
  }

  /// The new number of `old` (-1 for none), -1 when it is dropped.
  @inline(__always) public subscript(old: Int) -> Int {
    // Checked in debug builds, which the tests run: a link comes from the state this is the
    // numbering of, whose links the world's invariants keep in range (checked after every
    // step in debug builds), and this runs for every link packed.
    assert(
      UInt(bitPattern: old &+ 1) < UInt(bitPattern: oldCount &+ 1),
      "link to an instance the state does not have")
    return numbers[old &+ 1]
  }

  /// The new number of `old`, nil when it is dropped.
  @inline(__always) public func new(_ old: Int) -> Int? {
    let new = self[old]
    return new < 0 ? nil : new
  }

  /// The old number of the instance numbered `position`.
  @inline(__always) public func old(at position: Int) -> Int {
    precondition(position >= 0 && position < count, "renumbering position out of range")
    return order[position]
  }
}
