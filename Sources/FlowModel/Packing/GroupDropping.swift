/// A visitor that rewrites links and drops a group (`FieldVisitor.group`) once one of the
/// group's required links is lost: the renumberer (an instance dropped from the canonical
/// form) and the forgetter (a coordinator freed).
protocol GroupDropping: FieldVisitor {
  /// A required link of the group being visited was lost.
  var lostRequiredLink: Bool { get set }
}

extension GroupDropping {
  /// Visits `part`, and sets it to nil when one of its required links was lost.
  mutating func visitDroppingIfLost<Part: FieldGroup>(_ part: inout Part?) {
    guard var present = part else { return }
    let outer = lostRequiredLink
    lostRequiredLink = false
    present.fields(&self)
    part = lostRequiredLink ? nil : present
    lostRequiredLink = outer
  }
}
