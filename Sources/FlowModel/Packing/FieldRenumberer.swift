/// Renumbers the links of a runtime's part of a state into a canonical form: links to
/// dropped instances become nil (or -1), and a group that loses a required link goes.
struct FieldRenumberer: GroupDropping {
  let objectNumbers: Numbering
  let coordinatorNumbers: Numbering
  /// A required link of the group being visited was dropped.
  var lostRequiredLink = false

  init(objects: Numbering, coordinators: Numbering) {
    self.objectNumbers = objects
    self.coordinatorNumbers = coordinators
  }

  mutating func flag(_ value: inout Bool) {}
  mutating func bits(_ value: inout Int, count: Int) {}
  mutating func number(_ value: inout Int) {}
  mutating func number(_ value: inout Int?) {}

  mutating func coordinator(_ link: inout CoordinatorID?, _ strength: LinkStrength) {
    link = link.flatMap { coordinatorNumbers[$0] }
  }

  mutating func coordinator(_ link: inout CoordinatorID, _ strength: LinkStrength) {
    guard link >= 0 else { return }
    link = coordinatorNumbers[link] ?? -1
    if link < 0 { lostRequiredLink = true }
  }

  mutating func object(_ link: inout ObjectID?) { link = link.flatMap { objectNumbers[$0] } }

  mutating func object(_ link: inout ObjectID) {
    guard link >= 0 else { return }
    link = objectNumbers[link] ?? -1
    if link < 0 { lostRequiredLink = true }
  }

  mutating func coordinators(_ list: inout IDList) { list.renumber { coordinatorNumbers[$0] } }

  mutating func coordinatorSet(_ set: inout IDList) {
    set.renumber { coordinatorNumbers[$0] }
    set.sort()
  }

  mutating func objects(_ list: inout IDList) { list.renumber { objectNumbers[$0] } }

  mutating func values(_ values: inout LocalValues) {}

  mutating func group<Part: FieldGroup>(_ part: inout Part?) { visitDroppingIfLost(&part) }
}
