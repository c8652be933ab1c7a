/// Clears the weak links (`LinkStrength.weak`) to coordinators that are not marked as held:
/// they were just deallocated, and a `weak var` reads nil. A group whose required weak link
/// is cleared goes (a block whose `[weak self]` is nil would do nothing). Strong links are
/// left alone: what they name is held, so it is alive.
struct FreedLinkForgetter: GroupDropping {
  let held: CoordinatorMarks
  var lostRequiredLink = false

  init(held: CoordinatorMarks) { self.held = held }

  mutating func coordinator(_ link: inout CoordinatorID?, _ strength: LinkStrength) {
    if strength == .weak, let old = link, !held[old] { link = nil }
  }

  mutating func coordinator(_ link: inout CoordinatorID, _ strength: LinkStrength) {
    guard strength == .weak, link >= 0, !held[link] else { return }
    link = -1
    lostRequiredLink = true
  }

  mutating func group<Part: FieldGroup>(_ part: inout Part?) { visitDroppingIfLost(&part) }

  mutating func flag(_ value: inout Bool) {}
  mutating func bits(_ value: inout Int, count: Int) {}
  mutating func number(_ value: inout Int) {}
  mutating func number(_ value: inout Int?) {}
  mutating func object(_ link: inout ObjectID?) {}
  mutating func object(_ link: inout ObjectID) {}
  mutating func coordinators(_ list: inout IDList) {}
  mutating func coordinatorSet(_ set: inout IDList) {}
  mutating func objects(_ list: inout IDList) {}
  mutating func values(_ values: inout LocalValues) {}
}
