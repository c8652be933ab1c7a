/// A graph ready to draw: nodes with labels and a style, labelled edges, and the node launch
/// starts at. `NavigationMap` and the full state graph both become one; `mermaid` and `dot`
/// write it.
public struct GraphPicture: Sendable, Equatable {
  public enum Style: String, Sendable {
    case plain
    /// A screen no explored state shows: drawn dashed and grey.
    case unreachable
    /// A place where a violation's trace ends: drawn red.
    case violation
  }

  public struct Node: Sendable, Equatable {
    /// `n0`, `u1`: letters and digits only, valid in both languages.
    public var id: String
    public var label: [String]
    public var style: Style
  }

  public struct Edge: Sendable, Equatable {
    public var from: String
    public var to: String
    public var label: String
  }

  public var title: String
  public var nodes: [Node]
  public var edges: [Edge]
  /// The node launch shows; drawn with an arrow from a start mark.
  public var start: String?

  /// Mermaid flowchart text, which GitHub renders in Markdown (a ```mermaid block).
  public var mermaid: String {
    var lines = ["flowchart TD"]
    if let start { lines.append("  launch((launch)) --> \(start)") }
    for node in nodes {
      let label = node.label.map(Self.mermaidText).joined(separator: "<br/>")
      lines.append("  \(node.id)[\"\(label)\"]")
    }
    for edge in edges {
      lines.append("  \(edge.from) -->|\"\(Self.mermaidText(edge.label))\"| \(edge.to)")
    }
    let styled: [(Style, String)] = [
      (.unreachable, "stroke-dasharray: 5 5,color:#888"),
      (.violation, "fill:#fdd,stroke:#c00,stroke-width:2px"),
    ]
    for (style, css) in styled {
      let ids = nodes.filter { $0.style == style }.map(\.id)
      guard !ids.isEmpty else { continue }
      lines.append("  classDef \(style.rawValue) \(css)")
      lines.append("  class \(ids.joined(separator: ",")) \(style.rawValue)")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// Graphviz DOT text (`dot -Tsvg`).
  public var dot: String {
    var lines = ["digraph \(Self.dotString(title)) {", "  rankdir=LR;", "  node [shape=box, style=rounded];"]
    if let start {
      lines.append("  launch [shape=point, width=0.15];")
      lines.append("  launch -> \(start);")
    }
    for node in nodes {
      var attributes = ["label=\(Self.dotString(node.label.joined(separator: "\n")))"]
      switch node.style {
      case .plain: break
      case .unreachable: attributes += ["style=\"rounded,dashed\"", "color=gray50", "fontcolor=gray50"]
      case .violation: attributes += ["color=red3", "penwidth=2"]
      }
      lines.append("  \(node.id) [\(attributes.joined(separator: ", "))];")
    }
    for edge in edges {
      lines.append("  \(edge.from) -> \(edge.to) [label=\(Self.dotString(edge.label))];")
    }
    lines.append("}")
    return lines.joined(separator: "\n") + "\n"
  }

  /// Text inside a quoted Mermaid label: quotes and brackets as HTML entities.
  static func mermaidText(_ text: String) -> String {
    var result = ""
    for character in text {
      switch character {
      case "\"": result += "#quot;"
      case "<": result += "#lt;"
      case ">": result += "#gt;"
      default: result.append(character)
      }
    }
    return result
  }

  /// A DOT string in quotes, with quotes, backslashes and newlines escaped.
  static func dotString(_ text: String) -> String {
    var result = "\""
    for character in text {
      switch character {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      default: result.append(character)
      }
    }
    return result + "\""
  }
}
