/// The `--help` text of `flowcheck` and of each subcommand, in swift-argument-parser's
/// layout: OVERVIEW, USAGE, ARGUMENTS, OPTIONS and, for `flowcheck` itself, SUBCOMMANDS.
enum HelpText {
  /// Lines are wrapped to this width.
  static let width = 80
  /// Column at which option and argument descriptions start.
  static let labelColumn = 28

  static func render(_ spec: CommandSpec) -> String {
    var lines: [String] = []
    // The first paragraph is the title; the rest are wrapped as prose.
    var paragraphs = spec.overview.split(separator: "\n", omittingEmptySubsequences: false)
      .split(separator: "").map { $0.joined(separator: " ") }
    lines += TextWrapping.wrap("OVERVIEW: " + paragraphs.removeFirst(), width: width)
    for paragraph in paragraphs {
      lines.append("")
      lines += TextWrapping.wrap(paragraph, width: width)
    }
    lines.append("")

    for (index, usage) in spec.usage.enumerated() {
      lines.append((index == 0 ? "USAGE: " : "       ") + usage)
    }

    if !spec.arguments.isEmpty {
      lines.append("")
      lines.append("ARGUMENTS:")
      for argument in spec.arguments {
        lines += labelled(argument.label, argument.help)
      }
    }

    lines.append("")
    lines.append("OPTIONS:")
    for option in spec.options {
      lines += labelled(option.helpLabel, option.help)
    }

    if spec.showsSubcommands {
      lines.append("")
      lines.append("SUBCOMMANDS:")
      for subcommand in Subcommand.allCases {
        let label = subcommand == .check ? "check (default)" : subcommand.rawValue
        lines += labelled(label, CommandSpec.abstract(of: subcommand))
      }
      lines.append("")
      lines.append("  See 'flowcheck help <subcommand>' for detailed help.")
      lines.append("")
      lines.append("EXIT CODES:")
      for code in ExitCode.allCases {
        lines += labelled(String(code.rawValue), meaning(of: code), column: 8)
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// `  label      description`, the description wrapped under itself.
  private static func labelled(_ label: String, _ help: String, column: Int = labelColumn) -> [String] {
    let indent = String(repeating: " ", count: column)
    var wrapped = TextWrapping.wrap(help, width: width, indent: indent)
    let head = "  " + label
    if head.count + 2 <= column, let first = wrapped.first {
      wrapped[0] = head + String(repeating: " ", count: column - head.count) + first.dropFirst(column)
      return wrapped
    }
    return [head] + wrapped
  }

  private static func meaning(of code: ExitCode) -> String {
    switch code {
    case .verified:
      "Every property holds; for 'fmt --check', every file is formatted; for 'simulate', no walk broke one."
    case .violated: "A property is violated; for 'fmt --check', a file is not formatted."
    case .incomplete: "A limit was hit before exploration finished, or a bitstate search was partial."
    case .usage: "The command line is wrong."
    case .flowHasErrors: "A .flow file has errors."
    case .cannotRead: "A file cannot be read or written."
    case .interrupted: "SIGINT stopped 'check' or 'simulate'; what it found so far is printed."
    case .terminated: "SIGTERM stopped 'check' or 'simulate'; what it found so far is printed."
    }
  }
}
