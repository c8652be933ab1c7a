/// A part of a state that a runtime owns (one coordinator, or the library's app-wide state),
/// described once as its fields, in a fixed order, each with what it holds.
///
/// The shared code packs, unpacks, renumbers and forgets freed links through this one
/// description (`FieldPacker`, `FieldUnpacker`, `FieldRenumberer`, `FreedLinkForgetter`),
/// so a runtime writes no byte layout, no flag mask and no renumbering of its own, and
/// touches no pointer. A field the description leaves out is not part of the stored state
/// (a value that is only set while a step runs, say).
public protocol StateFields {
  /// Hands each field to `fields`, always in the same order and under the same conditions:
  /// a visitor may read the field, replace it, or both.
  mutating func fields(_ fields: inout some FieldVisitor)
}

/// A part that exists or not as a whole (an optional struct of a state): its required links
/// (`coordinator(_:)` and `object(_:)` on a non-optional id) decide whether it is kept.
public protocol FieldGroup: StateFields {
  /// A value to fill in when unpacking; every field is then set from the packed state.
  init()
}

/// Whether a link to a coordinator survives the coordinator's deallocation.
public enum LinkStrength: Sendable {
  /// The link keeps the coordinator alive, or something else always does while it exists.
  case strong
  /// The link is cleared when the coordinator is freed (a `weak var`, an observer the
  /// library drops).
  case weak
}

/// How the shared code visits the fields of a `StateFields` value. Links are what the
/// canonical numbering renumbers: an optional link becomes nil when the instance it names
/// is dropped; a non-optional one (-1 for none) becomes -1, or, inside a `group`, drops the
/// whole group.
public protocol FieldVisitor {
  /// A Bool: one bit.
  mutating func flag(_ value: inout Bool)
  /// A whole number in `0..<(1 << count)`, packed in `count` bits; larger values are stored
  /// as the largest (a counter that saturates).
  mutating func bits(_ value: inout Int, count: Int)
  /// A whole number in `0..<65535` (an index into the flow's tables, say).
  mutating func number(_ value: inout Int)
  /// An optional whole number in `0..<65535`.
  mutating func number(_ value: inout Int?)
  /// A link to a coordinator.
  mutating func coordinator(_ link: inout CoordinatorID?, _ strength: LinkStrength)
  /// A link to a coordinator, -1 for none.
  mutating func coordinator(_ link: inout CoordinatorID, _ strength: LinkStrength)
  /// A link to a view controller or container.
  mutating func object(_ link: inout ObjectID?)
  /// A link to a view controller or container, -1 for none.
  mutating func object(_ link: inout ObjectID)
  /// Links to coordinators in the order kept; dropped ones are left out.
  mutating func coordinators(_ list: inout IDList)
  /// Links to coordinators whose order means nothing: kept sorted by number, so that two
  /// states that hold the same ones are one state.
  mutating func coordinatorSet(_ set: inout IDList)
  /// Links to view controllers in the order kept; dropped ones are left out.
  mutating func objects(_ list: inout IDList)
  /// Signed values (variables).
  mutating func values(_ values: inout LocalValues)
  /// A part that exists or not as a whole.
  mutating func group<Part: FieldGroup>(_ part: inout Part?)
}
