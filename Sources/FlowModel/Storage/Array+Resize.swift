extension Array {
  /// Makes the array `count` long in its own storage: its last elements removed, or
  /// `filler` appended. For arrays a worker reuses from state to state (one per object),
  /// whose kept elements the caller overwrites.
  @inline(__always) mutating func resize(to count: Int, filling filler: Element) {
    if self.count > count {
      removeLast(self.count - count)
    } else if self.count < count {
      append(contentsOf: repeatElement(filler, count: count - self.count))
    }
  }
}
