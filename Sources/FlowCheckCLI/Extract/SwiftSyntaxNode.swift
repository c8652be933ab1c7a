import FlowReport

/// A node of swiftc's JSON parse dump (`"_kind": "call_expr"`, …), read through the few
/// fields the extractor needs. The dump is the compiler's own, unversioned: every accessor
/// tolerates a missing or differently typed field by returning nothing.
struct SwiftSyntaxNode {
  let value: JSONValue

  init(_ value: JSONValue) { self.value = value }

  private var members: [String: JSONValue] {
    if case .object(let members) = value { return members }
    return [:]
  }

  /// `class_decl`, `func_decl`, `call_expr`, …
  var kind: String { string("_kind") ?? "" }

  /// The raw value of a field.
  func member(_ key: String) -> JSONValue? { members[key] }

  func string(_ key: String) -> String? {
    if case .string(let text)? = members[key] { return text }
    return nil
  }

  func child(_ key: String) -> SwiftSyntaxNode? {
    guard let member = members[key], case .object = member else { return nil }
    return SwiftSyntaxNode(member)
  }

  func children(_ key: String) -> [SwiftSyntaxNode] {
    guard case .array(let values)? = members[key] else { return [] }
    return values.map(SwiftSyntaxNode.init)
  }

  /// The byte range a declaration or statement carries (`"range": {"start": 19, "end": 476}`).
  var range: (start: Int, end: Int)? {
    guard let range = child("range"), case .int(let start)? = range.members["start"],
      case .int(let end)? = range.members["end"]
    else { return nil }
    return (start, end)
  }

  /// A declaration's name (`"name": {"base_name": {"name": "start"}, "args": ["with"]}`), a
  /// reference's (`"name": "show"`) or a member access's field (`"field": "present"`).
  var name: String? {
    if let text = string("name") { return text }
    if let field = string("field") { return field }
    return child("name")?.child("base_name")?.string("name")
  }

  /// A declaration's argument labels (`start(with:)` → `["with"]`).
  var argumentLabels: [String] {
    guard case .array(let labels)? = child("name")?.members["args"] else { return [] }
    return labels.compactMap { if case .string(let label) = $0 { return label } else { return nil } }
  }

  /// Every node directly below this one, in the order the dump prints them for the kinds
  /// that matter (a call's function before its arguments; a statement's condition before
  /// its bodies), then the rest sorted by key, so that a walk meets calls in source order.
  var subnodes: [SwiftSyntaxNode] {
    var result: [SwiftSyntaxNode] = []
    let ordered = Self.orderedKeys
    for key in ordered { result += nodes(at: key) }
    for key in members.keys.sorted() where !ordered.contains(key) && key != "processed_init" {
      result += nodes(at: key)
    }
    return result
  }

  private static let orderedKeys = [
    "pattern_entries", "original_init", "conditions", "subject_expr", "parsed_sequence", "fn", "base", "args",
    "expr", "elements", "then_stmt", "body", "cases", "else_stmt", "sub_expr", "closure_body", "result",
  ]

  private func nodes(at key: String) -> [SwiftSyntaxNode] {
    switch members[key] {
    case .object?: return [SwiftSyntaxNode(members[key]!)]
    case .array(let values)?:
      return values.compactMap { if case .object = $0 { return SwiftSyntaxNode($0) } else { return nil } }
    default: return []
    }
  }
}
