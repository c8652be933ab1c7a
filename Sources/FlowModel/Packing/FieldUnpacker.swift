/// Reads the fields `FieldPacker` wrote, in the same order, into a part made empty.
struct FieldUnpacker: FieldVisitor {
  var input: PackedReader
  private var flagBits = 0
  /// Bits of `flagBits` read; 7 when the next bit is in a new flag byte.
  private var usedBits = 7

  init(from input: PackedReader) { self.input = input }

  /// The next part starts its own flag bytes.
  mutating func endRecord() { usedBits = 7 }

  @inline(__always) private mutating func bit() -> Bool {
    if usedBits == 7 {
      flagBits = input.take()
      usedBits = 0
    }
    let on = flagBits &>> usedBits & 1 != 0
    usedBits &+= 1
    return on
  }

  @inline(__always) private mutating func list() -> IDList { bit() ? input.list() : IDList() }

  @inline(__always) mutating func flag(_ value: inout Bool) { value = bit() }

  @inline(__always) mutating func bits(_ value: inout Int, count: Int) {
    value = 0
    for position in 0..<count where bit() { value |= 1 &<< position }
  }

  @inline(__always) mutating func number(_ value: inout Int) { value = input.take() }

  @inline(__always) mutating func number(_ value: inout Int?) { value = bit() ? input.take() : nil }

  @inline(__always) mutating func coordinator(_ link: inout CoordinatorID?, _ strength: LinkStrength) {
    link = bit() ? input.take() : nil
  }

  @inline(__always) mutating func coordinator(_ link: inout CoordinatorID, _ strength: LinkStrength) {
    link = bit() ? input.take() : -1
  }

  @inline(__always) mutating func object(_ link: inout ObjectID?) { link = bit() ? input.take() : nil }

  @inline(__always) mutating func object(_ link: inout ObjectID) { link = bit() ? input.take() : -1 }

  @inline(__always) mutating func coordinators(_ list: inout IDList) { list = self.list() }

  @inline(__always) mutating func coordinatorSet(_ set: inout IDList) { set = list() }

  @inline(__always) mutating func objects(_ list: inout IDList) { list = self.list() }

  @inline(__always) mutating func values(_ values: inout LocalValues) {
    values = LocalValues()
    guard bit() else { return }
    for _ in 0..<input.take() { values.append(input.signed()) }
  }

  mutating func group<Part: FieldGroup>(_ part: inout Part?) {
    guard bit() else {
      part = nil
      return
    }
    var present = Part()
    present.fields(&self)
    part = present
  }
}
