/// Parsing and validation of option values. Each returns nil for a value it does not accept;
/// the argument parser turns that into a usage error naming the option.
enum OptionValue {
  /// A whole number in `range`, written with optional `_` separators and an optional
  /// decimal suffix `k` (10^3), `M` (10^6) or `G` (10^9): `2000000`, `2_000_000`, `2M`.
  static func count(_ text: String, in range: ClosedRange<Int>) -> Int? {
    var digits = text.filter { $0 != "_" }
    var multiplier = 1
    switch digits.last {
    case "k", "K": multiplier = 1_000
    case "m", "M": multiplier = 1_000_000
    case "g", "G": multiplier = 1_000_000_000
    default: break
    }
    if multiplier != 1 { digits.removeLast() }
    guard !digits.isEmpty, digits.allSatisfy(\.isASCIIDigit), let value = Int(digits) else { return nil }
    let (product, overflow) = value.multipliedReportingOverflow(by: multiplier)
    guard !overflow, range.contains(product) else { return nil }
    return product
  }

  /// A plain whole number in `range`.
  static func integer(_ text: String, in range: ClosedRange<Int>) -> Int? {
    guard !text.isEmpty, text.allSatisfy(\.isASCIIDigit), let value = Int(text), range.contains(value)
    else { return nil }
    return value
  }

  /// A positive, finite number of seconds: `30`, `2.5`.
  static func seconds(_ text: String) -> Double? {
    guard !text.isEmpty, text.allSatisfy({ $0.isASCIIDigit || $0 == "." }), let value = Double(text),
      value.isFinite, value > 0
    else { return nil }
    return value
  }

  /// A positive size in bytes: a number with an optional binary suffix `K`, `M`, `G` or `T`
  /// (powers of 1024), optionally followed by `B` or `iB`: `512M`, `2G`, `1.5GiB`, `1048576`.
  static func size(_ text: String) -> Int? {
    var rest = Substring(text.uppercased())
    if rest.hasSuffix("IB") {
      rest = rest.dropLast(2)
      guard let last = rest.last, "KMGT".contains(last) else { return nil }
    } else if rest.hasSuffix("B") {
      rest = rest.dropLast()
    }
    var multiplier = 1.0
    if let last = rest.last, let power = ["K", "M", "G", "T"].firstIndex(of: String(last)) {
      multiplier = pow1024(power + 1)
      rest = rest.dropLast()
    }
    guard !rest.isEmpty, rest.allSatisfy({ $0.isASCIIDigit || $0 == "." }), let number = Double(rest)
    else { return nil }
    let bytes = number * multiplier
    guard bytes.isFinite, bytes >= 1, bytes < Double(Int.max) else { return nil }
    return Int(bytes)
  }

  private static func pow1024(_ exponent: Int) -> Double {
    (0..<exponent).reduce(1.0) { product, _ in product * 1024 }
  }
}

extension Character {
  fileprivate var isASCIIDigit: Bool { isASCII && isWholeNumber }
}
