import FlowModel

/// `flowcheck --generate-completion-script SHELL`: a completion script for bash, zsh or
/// fish, written from the command catalogue (subcommands, each one's options, the formats,
/// the invariant ids), as swift-argument-parser tools offer one. Paths complete to `.flow`
/// files and directories.
enum CompletionScript {
  /// The shells a script is written for, in the order help lists them.
  static let shells = ["bash", "zsh", "fish"]

  static func script(for shell: String) -> String? {
    switch shell {
    case "bash": bash()
    case "zsh": zsh()
    case "fish": fish()
    default: nil
    }
  }

  /// The options each subcommand takes; `check`'s are also the bare command's.
  static func options(of subcommand: Subcommand) -> [OptionSpec] {
    CommandSpec.spec(for: subcommand).options
  }

  /// The words an option's value completes to, when they are a fixed list.
  static func values(of option: OptionSpec, in subcommand: Subcommand) -> [String]? {
    switch option.name {
    case "--format" where subcommand == .graph: GraphOptions.Format.allCases.map(\.rawValue)
    case "--format" where subcommand == .diff: DiffFormat.allCases.map(\.rawValue)
    case "--format" where subcommand == .merge: MergeFormat.allCases.map(\.rawValue)
    case "--format", "--reporter":
      (subcommand == .simulate ? OutputFormat.simulation : OutputFormat.all).map(\.name)
    case "--runtime": RuntimeRegistry.names + [CheckOptions.allRuntimes]
    default: nil
    }
  }

  static var subcommandNames: String { Subcommand.names.joined(separator: " ") }

  // MARK: - bash

  static func bash() -> String {
    var cases: [String] = []
    for subcommand in Subcommand.allCases {
      let options = options(of: subcommand)
      let words: String
      switch subcommand {
      case .explain: words = Invariant.ids.joined(separator: " ")
      case .help: words = subcommandNames
      default: words = ""
      }
      let valueCases = options.filter(\.takesValue).map { option in
        let list = values(of: option, in: subcommand).map {
          "COMPREPLY=($(compgen -W \"\($0.joined(separator: " "))\" -- \"$cur\"))"
        }
        return "        \(option.name)) \(list ?? "COMPREPLY=()"); return ;;"
      }
      let files = subcommand == .explain || subcommand == .help ? "" : "_flowcheck_paths"
      cases.append(
        """
            \(subcommand.rawValue))
              case "$prev" in
        \(valueCases.joined(separator: "\n"))
              esac
              if [[ "$cur" == -* ]]; then
                COMPREPLY=($(compgen -W "\(options.map(\.name).joined(separator: " "))" -- "$cur"))
              else
                COMPREPLY=($(compgen -W "\(words)" -- "$cur"))
                \(files)
              fi
              ;;
        """)
    }
    return """
      # bash completion for flowcheck (flowcheck --generate-completion-script bash).
      # Source it from ~/.bashrc, or save it as /etc/bash_completion.d/flowcheck.

      _flowcheck_paths() {
        local IFS=$'\\n'
        COMPREPLY+=($(compgen -d -- "$cur") $(compgen -f -X '!*.flow' -- "$cur"))
      }

      _flowcheck() {
        local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD-1]}"
        local subcommand="" word
        for word in "${COMP_WORDS[@]:1:COMP_CWORD-1}"; do
          case "$word" in
            \(Subcommand.names.joined(separator: "|"))) subcommand="$word"; break ;;
          esac
        done
        if [[ -z "$subcommand" && $COMP_CWORD -eq 1 && "$cur" != -* ]]; then
          COMPREPLY=($(compgen -W "\(subcommandNames)" -- "$cur"))
          _flowcheck_paths
          return
        fi
        case "${subcommand:-check}" in
      \(cases.joined(separator: "\n"))
        esac
      }

      complete -o filenames -F _flowcheck flowcheck

      """
  }

  // MARK: - zsh

  /// An option's help without its `(default: …)` note and final period, for a one-line
  /// description.
  static func summary(_ help: String) -> String {
    var text = Substring(help)
    if let note = help.firstRange(of: " (default") { text = help[..<note.lowerBound] }
    while text.hasSuffix(".") { text = text.dropLast() }
    return String(text)
  }

  /// Text inside a single-quoted zsh `_arguments` spec: brackets and colons escaped with a
  /// backslash, a quote as `'\''` (close, escaped quote, reopen).
  static func zshText(_ text: String) -> String {
    var escaped = ""
    for character in text {
      if character == "'" {
        escaped += "'\\''"
        continue
      }
      if "[]:\\".contains(character) { escaped.append("\\") }
      escaped.append(character)
    }
    return escaped
  }

  static func zsh() -> String {
    var cases: [String] = []
    for subcommand in Subcommand.allCases {
      var specs = options(of: subcommand).map { option -> String in
        let help = zshText(summary(option.help))
        let names = option.shortName.map { "{\($0),\(option.name)}" } ?? option.name
        guard let valueName = option.valueName else { return "'\(names)[\(help)]'" }
        let action = values(of: option, in: subcommand).map { "(\($0.joined(separator: " ")))" } ?? " "
        return "'\(names)=[\(help)]:\(valueName):\(action)'"
      }
      switch subcommand {
      case .explain: specs.append("'1:invariant:(\(Invariant.ids.joined(separator: " ")))'")
      case .help: specs.append("'1:subcommand:(\(subcommandNames))'")
      default: specs.append("'*:flow file:_files -g \"*.flow(-.)\"'")
      }
      cases.append(
        "    \(subcommand.rawValue))\n      _arguments -s \\\n        "
          + specs.joined(separator: " \\\n        ") + "\n      ;;")
    }
    let described = Subcommand.allCases.map {
      "    '\($0.rawValue):\(zshText(CommandSpec.abstract(of: $0)))'"
    }
    return """
      #compdef flowcheck
      # zsh completion for flowcheck (flowcheck --generate-completion-script zsh).
      # Save it as _flowcheck in a directory of $fpath, then run compinit.

      _flowcheck() {
        local -a subcommands
        subcommands=(
      \(described.joined(separator: "\n"))
        )
        local subcommand=check
        if (( CURRENT > 2 )) && (( ${subcommands[(I)${words[2]}:*]} )); then
          subcommand=${words[2]}
          shift words
          (( CURRENT-- ))
        elif (( CURRENT == 2 )) && [[ ${words[2]} != -* ]]; then
          _alternative \\
            'subcommands:subcommand:_describe -t subcommands subcommand subcommands' \\
            'files:flow file:_files -g "*.flow(-.)"'
          return
        fi
        case $subcommand in
      \(cases.joined(separator: "\n"))
        esac
      }

      _flowcheck "$@"

      """
  }

  // MARK: - fish

  /// Text inside single quotes in fish.
  static func fishText(_ text: String) -> String {
    text.replacing("\\", with: "\\\\").replacing("'", with: "\\'")
  }

  static func fish() -> String {
    var lines = [
      "# fish completion for flowcheck (flowcheck --generate-completion-script fish).",
      "# Save it as ~/.config/fish/completions/flowcheck.fish.",
      "",
      "function __flowcheck_subcommand",
      "    set -l words (commandline -opc)",
      "    for word in $words[2..-1]",
      "        if contains -- $word \(subcommandNames)",
      "            echo $word",
      "            return",
      "        end",
      "    end",
      "    echo check",
      "end",
      "",
      "complete -c flowcheck -f",
    ]
    for subcommand in Subcommand.allCases {
      lines.append(
        "complete -c flowcheck -n '__fish_use_subcommand' -a \(subcommand.rawValue) "
          + "-d '\(fishText(CommandSpec.abstract(of: subcommand)))'")
    }
    for subcommand in Subcommand.allCases {
      let condition = "-n 'test (__flowcheck_subcommand) = \(subcommand.rawValue)'"
      for option in options(of: subcommand) {
        var line = "complete -c flowcheck \(condition) -l \(option.name.dropFirst(2))"
        if let short = option.shortName { line += " -s \(short.dropFirst())" }
        if option.takesValue {
          line += " -r"
          if let values = values(of: option, in: subcommand) {
            line += " -a '\(values.joined(separator: " "))'"
          }
        }
        line += " -d '\(fishText(summary(option.help)))'"
        lines.append(line)
      }
      switch subcommand {
      case .explain:
        lines.append("complete -c flowcheck \(condition) -a '\(Invariant.ids.joined(separator: " "))'")
      case .help:
        lines.append("complete -c flowcheck \(condition) -a '\(subcommandNames)'")
      default:
        lines.append("complete -c flowcheck \(condition) -a '(__fish_complete_suffix .flow)'")
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
