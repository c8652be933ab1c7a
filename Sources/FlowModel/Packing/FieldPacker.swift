/// Writes the fields of a runtime's part of a state into a packed state, links renumbered
/// through the canonical numbering (links to dropped instances left out).
///
/// The layout, which `FieldUnpacker` reads in the same order:
/// - flags, presence bits and small numbers go into flag bytes of 7 bits each (so every
///   one is a single byte of `PackedEncoding`), each reserved where its first bit is
///   needed and filled in when it is full or the record ends;
/// - a link, an optional number, a list or a group writes a presence bit, then its words
///   only when present;
/// - a number is one word.
/// A state is mostly kinds, flags and a few links, so a coordinator takes a handful of bytes.
struct FieldPacker: FieldVisitor {
  var out: PackedWriter
  let objectNumbers: Renumbering
  let coordinatorNumbers: Renumbering
  /// Where the flag byte being filled is, -1 when none is.
  private var flagByte = -1
  private var flagBits = 0
  /// Bits of `flagBits` used; 7 when a new byte is needed.
  private var usedBits = 7

  init(into out: PackedWriter, objects: Renumbering, coordinators: Renumbering) {
    self.out = out
    self.objectNumbers = objects
    self.coordinatorNumbers = coordinators
  }

  /// Ends the record of one part: its last flag byte is written; the next part starts its own.
  mutating func endRecord() {
    writeFlagByte()
    usedBits = 7
  }

  @inline(__always) private mutating func bit(_ on: Bool) {
    let position = nextBit()
    if on { setBit(position) }
  }

  /// Takes the next bit of the flag byte, reserving a new byte first when the current one
  /// is full; `setBit(_:)` sets it, later if need be (no other bit is taken meanwhile).
  @inline(__always) private mutating func nextBit() -> Int {
    if usedBits == 7 {
      writeFlagByte()
      flagByte = out.reserveByte()
      flagBits = 0
      usedBits = 0
    }
    usedBits &+= 1
    return usedBits &- 1
  }

  @inline(__always) private mutating func setBit(_ position: Int) { flagBits |= 1 &<< position }

  @inline(__always) private mutating func writeFlagByte() {
    guard flagByte >= 0 else { return }
    out.patch(flagByte, UInt8(flagBits))
    flagByte = -1
  }

  /// A renumbered link: presence, then the new number.
  @inline(__always) private mutating func link(_ new: Int) {
    bit(new >= 0)
    if new >= 0 { out.put(new) }
  }

  /// A list of links: presence (some kept), then the kept ones renumbered. Written at
  /// once, and taken back when none was kept: one pass over the list.
  @inline(__always) private mutating func list(_ list: IDList, _ numbers: Renumbering) {
    let presence = nextBit()
    guard !list.isEmpty else { return }
    let start = out.count
    if out.put(list, numbers) > 0 {
      setBit(presence)
    } else {
      out.rewind(to: start)
    }
  }

  @inline(__always) mutating func flag(_ value: inout Bool) { bit(value) }

  @inline(__always) mutating func bits(_ value: inout Int, count: Int) {
    let stored = min(max(value, 0), (1 &<< count) &- 1)
    for position in 0..<count { bit(stored &>> position & 1 != 0) }
  }

  @inline(__always) mutating func number(_ value: inout Int) {
    precondition(value >= 0 && value < 65535, "a packed number must be in 0..<65535")
    out.put(value)
  }

  @inline(__always) mutating func number(_ value: inout Int?) {
    bit(value != nil)
    guard var present = value else { return }
    number(&present)
  }

  @inline(__always) mutating func coordinator(_ link: inout CoordinatorID?, _ strength: LinkStrength) {
    self.link(coordinatorNumbers[link ?? -1])
  }

  @inline(__always) mutating func coordinator(_ link: inout CoordinatorID, _ strength: LinkStrength) {
    self.link(coordinatorNumbers[link])
  }

  @inline(__always) mutating func object(_ link: inout ObjectID?) { self.link(objectNumbers[link ?? -1]) }

  @inline(__always) mutating func object(_ link: inout ObjectID) { self.link(objectNumbers[link]) }

  @inline(__always) mutating func coordinators(_ list: inout IDList) { self.list(list, coordinatorNumbers) }

  @inline(__always) mutating func objects(_ list: inout IDList) { self.list(list, objectNumbers) }

  mutating func coordinatorSet(_ set: inout IDList) {
    var kept = IDList()
    for old in set {
      let new = coordinatorNumbers[old]
      if new >= 0 { kept.append(new) }
    }
    bit(!kept.isEmpty)
    guard !kept.isEmpty else { return }
    kept.sort()
    out.put(kept.count)
    for new in kept { out.put(new) }
  }

  @inline(__always) mutating func values(_ values: inout LocalValues) {
    bit(!values.isEmpty)
    guard !values.isEmpty else { return }
    out.put(values.count)
    for value in values { out.put(value) }
  }

  mutating func group<Part: FieldGroup>(_ part: inout Part?) {
    guard var present = part else { return bit(false) }
    var check = RequiredLinkCheck(objects: objectNumbers, coordinators: coordinatorNumbers)
    present.fields(&check)
    bit(check.allKept)
    if check.allKept { present.fields(&self) }
  }
}

/// Whether every required link of a group (a non-optional id, not -1) names an instance the
/// canonical form keeps: a group that lost one is packed as absent, as renumbering drops it.
struct RequiredLinkCheck: FieldVisitor {
  let objects: Renumbering
  let coordinators: Renumbering
  private(set) var allKept = true

  init(objects: Renumbering, coordinators: Renumbering) {
    self.objects = objects
    self.coordinators = coordinators
  }

  mutating func coordinator(_ link: inout CoordinatorID, _ strength: LinkStrength) {
    if link >= 0 && coordinators[link] < 0 { allKept = false }
  }

  mutating func object(_ link: inout ObjectID) {
    if link >= 0 && objects[link] < 0 { allKept = false }
  }

  mutating func flag(_ value: inout Bool) {}
  mutating func bits(_ value: inout Int, count: Int) {}
  mutating func number(_ value: inout Int) {}
  mutating func number(_ value: inout Int?) {}
  mutating func coordinator(_ link: inout CoordinatorID?, _ strength: LinkStrength) {}
  mutating func object(_ link: inout ObjectID?) {}
  mutating func coordinators(_ list: inout IDList) {}
  mutating func coordinatorSet(_ set: inout IDList) {}
  mutating func objects(_ list: inout IDList) {}
  mutating func values(_ values: inout LocalValues) {}
  /// A group inside a group decides for itself.
  mutating func group<Part: FieldGroup>(_ part: inout Part?) {}
}
