/// A short list of object or coordinator ids (a navigation stack, a tab bar's tabs, a
/// coordinator's children or the screens it holds), stored inline in 64 bytes.
///
/// A `UIKitObject` or a runtime's `Coordinator` holding such lists is plain data: copying one
/// touches no heap and no reference count, where `[Int]` lists would be allocated, retained
/// and freed with every copy of a state.
///
/// At most `capacity` ids, each below 65,536 (a packed state stores ids in 16 bits anyway).
/// Appending beyond that leaves the list unchanged and sets `overflowed`, for good: the model
/// then no longer matches the app, so the step that did it is cut (see `FlowSystem`), and the
/// resolver keeps `limits { stack … }` below the capacity so that only a step that pushes
/// many controllers at once beyond the bound can get there. A list that is stored is
/// therefore changed in place or through `replace(with:)`, never by assigning a new list,
/// which would drop the mark.
public struct IDList: Sendable, BitwiseCopyable {
  /// The most ids a list holds.
  public static let capacity = 31

  private var storedCount: UInt8 = 0
  /// An append did not fit.
  public private(set) var overflowed = false
  /// Zeros written as a literal: the compiler stores them 16 bytes at a time, where the
  /// library's `init(repeating:)` loop stored two bytes at a time, and copying a list made
  /// just before (16 bytes at a time) then waited for each of those small stores (perf put
  /// half of `unpack`'s cycles there).
  private var storage: InlineArray<31, UInt16> = [
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  ]

  public init() {}

  public init(_ elements: some Sequence<Int>) {
    for element in elements { append(element) }
  }

  private static func fits(_ value: Int) -> Bool { value >= 0 && value <= Int(UInt16.max) }
}

extension IDList: RandomAccessCollection, MutableCollection {
  public var startIndex: Int { 0 }
  public var endIndex: Int { Int(storedCount) }

  public subscript(position: Int) -> Int {
    get {
      precondition(position >= 0 && position < Int(storedCount), "IDList index out of range")
      return Int(storage[unchecked: position])
    }
    set {
      precondition(position >= 0 && position < Int(storedCount), "IDList index out of range")
      guard Self.fits(newValue) else {
        overflowed = true
        return
      }
      storage[position] = UInt16(newValue)
    }
  }
}

extension IDList {
  /// The id at `position`, which the caller knows is below `count`: for loops over
  /// `0..<count` that run for every successor (the checked subscript checks twice).
  @inline(__always) func id(unchecked position: Int) -> Int {
    assert(position >= 0 && position < Int(storedCount), "IDList index out of range")
    return Int(storage[unchecked: position])
  }
}

// Fast paths for what the model does on every step: the generic `Collection` versions go
// through indices, slices and checked subscripts.
extension IDList {
  public var last: Int? { storedCount == 0 ? nil : Int(storage[unchecked: Int(storedCount) - 1]) }

  public func contains(_ id: Int) -> Bool { contains(id, before: Int(storedCount)) }

  /// Whether `id` is among the first `end` ids.
  public func contains(_ id: Int, before end: Int) -> Bool {
    precondition(end >= 0 && end <= Int(storedCount), "IDList index out of range")
    let ids = storage.span
    for position in 0..<end where Int(ids[unchecked: position]) == id { return true }
    return false
  }

  /// The ids from `start` on, last first.
  public func reversedSuffix(from start: Int) -> IDList {
    precondition(start >= 0 && start <= Int(storedCount), "IDList index out of range")
    var result = self
    let source = storage.span
    var target = result.storage.mutableSpan
    var position = Int(storedCount)
    var written = 0
    while position > start {
      position -= 1
      target[unchecked: written] = source[unchecked: position]
      written += 1
    }
    result.storedCount = UInt8(written)
    result.overflowed = false
    return result
  }

  /// Drops the last `k` ids.
  public mutating func removeLast(_ k: Int) {
    precondition(k >= 0 && k <= Int(storedCount), "IDList cannot remove more ids than it has")
    storedCount -= UInt8(k)
  }
}

extension IDList: RangeReplaceableCollection {
  public mutating func append(_ newElement: Int) {
    guard Int(storedCount) < Self.capacity, Self.fits(newElement) else {
      overflowed = true
      return
    }
    var ids = storage.mutableSpan
    ids[unchecked: Int(storedCount)] = UInt16(newElement)
    storedCount += 1
  }

  public mutating func replaceSubrange<C: Collection<Int>>(_ subrange: Range<Int>, with newElements: C) {
    precondition(subrange.lowerBound >= 0 && subrange.upperBound <= count, "IDList range out of bounds")
    let newCount = Int(storedCount) - subrange.count + newElements.count
    guard newCount <= Self.capacity, newElements.allSatisfy(Self.fits) else {
      overflowed = true
      return
    }
    var result = storage
    var index = subrange.lowerBound
    for element in newElements {
      result[index] = UInt16(element)
      index += 1
    }
    for old in subrange.upperBound..<Int(storedCount) {
      result[index] = storage[old]
      index += 1
    }
    storage = result
    storedCount = UInt8(newCount)
  }

  public mutating func removeAll(keepingCapacity keepCapacity: Bool = false) {
    storedCount = 0
  }

  /// Replaces the elements by those of `list`, keeping the overflow mark of either.
  public mutating func replace(with list: IDList) {
    let overflowed = self.overflowed || list.overflowed
    self = list
    self.overflowed = overflowed
  }

  /// Replaces the elements by `elements`, keeping the overflow mark.
  public mutating func replace(with elements: some Sequence<Int>) {
    replace(with: IDList(elements))
  }

  /// Replaces each id by `transform(id)`, dropping those it maps to nil.
  @inline(__always)
  public mutating func renumber(_ transform: (Int) -> Int?) {
    var kept = 0
    var ids = storage.mutableSpan
    for index in 0..<Int(storedCount) {
      guard let new = transform(Int(ids[unchecked: index])) else { continue }
      ids[unchecked: kept] = UInt16(new)
      kept += 1
    }
    storedCount = UInt8(kept)
  }
}

extension IDList: ExpressibleByArrayLiteral {
  public init(arrayLiteral elements: Int...) { self.init(elements) }
}

extension IDList: Hashable {
  /// By elements (and the overflow mark): storage past `count` is not compared.
  public static func == (lhs: IDList, rhs: IDList) -> Bool {
    lhs.count == rhs.count && lhs.overflowed == rhs.overflowed && lhs.elementsEqual(rhs)
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(count)
    for element in self { hasher.combine(element) }
  }
}

extension IDList: CustomStringConvertible {
  public var description: String { Array(self).description }
}
