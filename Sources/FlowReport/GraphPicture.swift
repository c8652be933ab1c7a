/// A graph ready to draw: nodes with labels, a style and a group, labelled edges (one per
/// pair of nodes, with a line per event), and the node launch starts at. `NavigationMap` and
/// the full state graph both become one; `mermaid` and `dot` write it, each group as a
/// subgraph (a DOT cluster) and the highlighted edges bold and red.
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
    /// The box it is drawn in (a coordinator's name); nil: none.
    public var group: String? = nil
  }

  public struct Edge: Sendable, Equatable {
    public var from: String
    public var to: String
    /// A line per event; every event that joins the same two nodes is on one edge.
    public var label: [String]
    /// On the path drawn bold and red (a violation's shortest trace).
    public var highlighted = false
    /// Whether it leads away from launch (to a node further from it): only those rank the
    /// nodes, so that a DOT layout reads from launch outward and the edges back (Back, a
    /// dismissal, a logout) do not pull a screen beside the one it returns to. Drawn with
    /// `constraint=false` when not.
    public var leadsAway = true
  }

  public var title: String
  public var nodes: [Node]
  public var edges: [Edge]
  /// The node launch shows; drawn with an arrow from a start mark.
  public var start: String?
  /// Whether the arrow from the start mark is on the highlighted path.
  public var startHighlighted = false

  /// The groups in the order of their first node, each with its nodes in order; the nodes
  /// in no group come last, under nil.
  var groupedNodes: [(group: String?, nodes: [Node])] {
    var order: [String?] = []
    var members: [String?: [Node]] = [:]
    for node in nodes {
      if members[node.group] == nil { order.append(node.group) }
      members[node.group, default: []].append(node)
    }
    let named = order.filter { $0 != nil } + order.filter { $0 == nil }
    return named.map { ($0, members[$0] ?? []) }
  }

  /// `edges` with every edge between the same two nodes made one, their labels joined in
  /// order, highlighted when any of them is; in the order of each pair's first edge.
  /// - Complexity: O(n) for n edges.
  public static func joiningParallel(_ edges: [Edge]) -> [Edge] {
    struct Pair: Hashable {
      var from: String
      var to: String
    }
    var joined: [Edge] = []
    var position: [Pair: Int] = [:]
    for edge in edges {
      let pair = Pair(from: edge.from, to: edge.to)
      if let index = position[pair] {
        joined[index].label += edge.label
        joined[index].highlighted = joined[index].highlighted || edge.highlighted
        joined[index].leadsAway = joined[index].leadsAway && edge.leadsAway
      } else {
        position[pair] = joined.count
        joined.append(edge)
      }
    }
    return joined
  }

  /// Mermaid flowchart text, which GitHub renders in Markdown (a ```mermaid block).
  public var mermaid: String {
    var lines = ["flowchart TD"]
    // Mermaid numbers the links in the order written, from 0, for `linkStyle`.
    var highlightedLinks: [Int] = []
    if let start {
      lines.append("  launch((launch)) --> \(start)")
      if startHighlighted { highlightedLinks.append(0) }
    }
    for (index, (group, members)) in groupedNodes.enumerated() {
      let indent = group == nil ? "  " : "    "
      if let group { lines.append("  subgraph c\(index)[\"\(Self.mermaidText(group))\"]") }
      for node in members {
        let label = node.label.map(Self.mermaidText).joined(separator: "<br/>")
        lines.append("\(indent)\(node.id)[\"\(label)\"]")
      }
      if group != nil { lines.append("  end") }
    }
    let firstEdgeLink = start == nil ? 0 : 1
    for (index, edge) in edges.enumerated() {
      let label = edge.label.map(Self.mermaidText).joined(separator: "<br/>")
      lines.append("  \(edge.from) -->|\"\(label)\"| \(edge.to)")
      if edge.highlighted { highlightedLinks.append(firstEdgeLink + index) }
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
    if !highlightedLinks.isEmpty {
      let links = highlightedLinks.map(String.init).joined(separator: ",")
      lines.append("  linkStyle \(links) stroke:#c00,stroke-width:3px,color:#c00")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// Graphviz DOT text (`dot -Tsvg`).
  public var dot: String {
    var lines = [
      "digraph \(Self.dotString(title)) {", "  rankdir=LR;", "  node [shape=box, style=rounded];",
      "  edge [fontsize=10];",
    ]
    if let start {
      lines.append("  launch [shape=point, width=0.15];")
      lines.append("  launch -> \(start)\(startHighlighted ? " [\(Self.dotHighlight)]" : "");")
    }
    for (index, (group, members)) in groupedNodes.enumerated() {
      let indent = group == nil ? "  " : "    "
      if let group {
        lines.append("  subgraph cluster_c\(index) {")
        lines.append(
          "    label=\(Self.dotString(group)); style=\"rounded,dashed\"; color=gray60; fontcolor=gray35;")
      }
      for node in members {
        var attributes = ["label=\(Self.dotString(node.label.joined(separator: "\n")))"]
        switch node.style {
        case .plain: break
        case .unreachable: attributes += ["style=\"rounded,dashed\"", "color=gray50", "fontcolor=gray50"]
        case .violation: attributes += ["color=red3", "penwidth=2"]
        }
        lines.append("\(indent)\(node.id) [\(attributes.joined(separator: ", "))];")
      }
      if group != nil { lines.append("  }") }
    }
    for edge in edges {
      // Left-justified lines (`\l`), so that a self-loop's list of events reads as a list.
      let label = edge.label.count == 1 ? Self.dotString(edge.label[0]) : Self.dotLines(edge.label)
      let constraint = edge.leadsAway ? "" : ", constraint=false"
      let highlight = edge.highlighted ? ", \(Self.dotHighlight)" : ""
      lines.append("  \(edge.from) -> \(edge.to) [label=\(label)\(constraint)\(highlight)];")
    }
    lines.append("}")
    return lines.joined(separator: "\n") + "\n"
  }

  /// The attributes of an edge on the highlighted path.
  static let dotHighlight = "color=red3, fontcolor=red3, penwidth=2.5"

  /// Lines as one DOT string, each left-justified (ended by `\l`).
  static func dotLines(_ lines: [String]) -> String {
    let quoted = lines.map { String(dotString($0).dropFirst().dropLast()) + "\\l" }
    return "\"" + quoted.joined() + "\""
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
