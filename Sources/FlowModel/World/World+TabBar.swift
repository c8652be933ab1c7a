// UITabBarController's programmatic API. Programmatic changes never call the delegate:
// `tabBarController(_:didSelect:)` docs: "it is called only in response to user taps in the
// tab bar and is not called when your code changes the tab bar contents programmatically".

extension World {
  /// Appends `vc` as the last tab (`viewControllers`). The first tab added is selected.
  ///
  /// Hard rules: `vc` must not have a parent, a presenter or be the window's root, and must
  /// not be the tab bar controller itself or one of its ancestors.
  public mutating func addTab(_ vc: ObjectID, to tabBar: ObjectID, effects: inout WorldEffects) {
    requireTabBarController(tabBar, "addTab")
    var next: ObjectID? = tabBar
    while let current = next {
      if current == vc {
        effects.breakRule(
          .containmentCycle, "add '#\(vc)' as a tab of '#\(tabBar)': it contains '#\(tabBar)'",
          objects: [vc, tabBar])
        return
      }
      next = objects[current].container
    }
    if let place = currentPlace(of: vc) {
      effects.breakRule(
        .alreadyHasParent, "add '#\(vc)' as a tab of '#\(tabBar)': \(describePlace(of: vc))",
        objects: [vc, place, tabBar])
      return
    }
    objects[tabBar].children.append(vc)
    objects[vc].container = tabBar
  }

  /// `selectedIndex = index`. No callback. Soft rule: an index beyond the tabs is ignored.
  public mutating func select(tab index: Int, of tabBar: ObjectID, effects: inout WorldEffects) {
    requireTabBarController(tabBar, "select")
    guard objects[tabBar].children.indices.contains(index) else {
      effects.breakRule(
        .selectMissingTab,
        "select tab \(index) of '#\(tabBar)': it has \(objects[tabBar].children.count) tabs",
        objects: [tabBar])
      return
    }
    objects[tabBar].selectedIndex = index
  }
}
