// The integers a flow computes with are Swift's 64-bit `Int`. Every integer a flow can
// name has known bounds (a variable's declared range, a literal, `stack`, `presented`,
// a screen's index), so the resolver computes each sum, difference and negation's range and
// refuses, where it is written, one that could leave the 64-bit integers: at run time no
// arithmetic can then overflow (and trap).
extension Resolution {
  /// The values `expression` can take, nil when some part of it can overflow.
  /// - Complexity: O(size of the expression).
  func integerRange(of expression: CheckedExpression) -> ClosedRange<Int>? {
    switch expression {
    case .integer(let value): return value...value
    case .bool, .not, .started, .onScreen: return 0...1
    case .variable(let variable):
      switch variables[variable].type {
      case .bool: return 0...1
      case .integer(let low, let high): return low...high
      }
    // A screen's index, or -1 for none.
    case .screen, .top: return -1...max(screens.count, 0)
    // Counts of view controllers: far below this in any state that can be stored.
    case .stack, .presented: return 0...Int(UInt16.max)
    case .animating: return 0...1
    case .negate(let operand):
      guard let range = integerRange(of: operand), range.lowerBound != .min else { return nil }
      return -range.upperBound...(-range.lowerBound)
    case .binary(let operation, let left, let right):
      switch operation {
      case .add, .subtract:
        guard let left = integerRange(of: left), let right = integerRange(of: right) else { return nil }
        return Self.combine(left, right, subtracting: operation == .subtract)
      default:
        guard integerRange(of: left) != nil, integerRange(of: right) != nil else { return nil }
        return 0...1
      }
    }
  }

  /// `left + right` or `left - right` over every pair of their values; nil when a bound
  /// overflows.
  static func combine(_ left: ClosedRange<Int>, _ right: ClosedRange<Int>, subtracting: Bool)
    -> ClosedRange<Int>?
  {
    let (low, lowOverflow) =
      subtracting
      ? left.lowerBound.subtractingReportingOverflow(right.upperBound)
      : left.lowerBound.addingReportingOverflow(right.lowerBound)
    let (high, highOverflow) =
      subtracting
      ? left.upperBound.subtractingReportingOverflow(right.lowerBound)
      : left.upperBound.addingReportingOverflow(right.upperBound)
    guard !lowOverflow, !highOverflow else { return nil }
    return low...high
  }

  /// Reports `expression`, written at `offset`, if its value can leave the 64-bit integers;
  /// true when it cannot.
  mutating func requireNoOverflow(_ expression: CheckedExpression, at offset: Int) -> Bool {
    guard integerRange(of: expression) == nil else { return true }
    reportOverflow(at: offset)
    return false
  }

  /// The error for arithmetic written at `offset` that can overflow.
  mutating func reportOverflow(at offset: Int) {
    error(
      .integerOverflow,
      "this arithmetic can overflow: its value can leave the 64-bit integers flowcheck computes with "
        + "(hint: keep literals near the variables' ranges)",
      at: offset)
  }
}
