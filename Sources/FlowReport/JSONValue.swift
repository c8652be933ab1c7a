/// A JSON value written with sorted keys and a fixed number format, so the same report
/// is always the same bytes.
public indirect enum JSONValue: Equatable, Sendable {
  case null
  case bool(Bool)
  case int(Int)
  case double(Double)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])

  /// Pretty-printed with two-space indentation and keys in byte order.
  public func rendered(indent: Int = 0) -> String {
    let pad = String(repeating: "  ", count: indent)
    let inner = String(repeating: "  ", count: indent + 1)
    switch self {
    case .null: return "null"
    case .bool(let value): return value ? "true" : "false"
    case .int(let value): return String(value)
    case .double(let value):
      guard value.isFinite else { return "null" }
      if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
      return String(describing: value)
    case .string(let value): return Self.quote(value)
    case .array(let values):
      if values.isEmpty { return "[]" }
      return "[\n" + values.map { inner + $0.rendered(indent: indent + 1) }.joined(separator: ",\n")
        + "\n\(pad)]"
    case .object(let members):
      if members.isEmpty { return "{}" }
      let keys = members.keys.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
      return "{\n"
        + keys.map { inner + Self.quote($0) + ": " + members[$0]!.rendered(indent: indent + 1) }
        .joined(separator: ",\n") + "\n\(pad)}"
    }
  }

  /// On one line, for JSON Lines output.
  public func compact() -> String {
    switch self {
    case .array(let values): return "[" + values.map { $0.compact() }.joined(separator: ",") + "]"
    case .object(let members):
      let keys = members.keys.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
      return "{" + keys.map { Self.quote($0) + ":" + members[$0]!.compact() }.joined(separator: ",") + "}"
    default: return rendered()
    }
  }

  static func quote(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      default:
        if scalar.value < 0x20 {
          let hex = String(scalar.value, radix: 16)
          result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result + "\""
  }
}
