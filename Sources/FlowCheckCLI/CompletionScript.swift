import FlowModel

/// `flowcheck --generate-completion-script SHELL`: a completion script for bash, zsh or
/// fish, written from the command catalogue (subcommands, each one's options, the formats,
/// the invariant ids), as swift-argument-parser tools offer one. Each positional argument and
/// each option's value completes to what it takes (`Completion`): a flow to `.flow` files, a
/// trace, a swarm result or a baseline to `.json` files, `--trace-dir` and `--xcuitest` to directories.
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

  /// What one word of a command line completes to, written in each shell's own terms.
  enum Completion: Equatable {
    /// A fixed list: format names, runtimes, invariant ids, subcommands.
    case words([String])
    /// `.flow` files, and directories (to descend into, or for `check`, to check).
    case flowFiles
    /// `.json` files (a trace file, a swarm result), and directories to descend into.
    case jsonFiles
    /// Directories only: where `--trace-dir` and `--xcuitest` write.
    case directories
    /// Any path: where `--swarm-out` and `--write-baseline` write.
    case anyFile
    /// A number, a seed or a size: nothing to offer.
    case nothing
  }

  /// A subcommand's positional arguments: what each position completes to, the last one
  /// repeated when `repeatsLast` (`check a.flow b.flow …`).
  struct Arguments: Equatable {
    var positions: [Completion]
    var repeatsLast: Bool
    /// What a description of the position reads, for zsh.
    var labels: [String]
  }

  static func arguments(of subcommand: Subcommand) -> Arguments {
    switch subcommand {
    case .check, .fmt: Arguments(positions: [.flowFiles], repeatsLast: true, labels: ["flow file"])
    case .simulate, .graph, .tests:
      Arguments(positions: [.flowFiles], repeatsLast: false, labels: ["flow file"])
    case .diff:
      Arguments(
        positions: [.flowFiles, .flowFiles], repeatsLast: false, labels: ["old flow file", "new flow file"])
    case .replay:
      Arguments(
        positions: [.flowFiles, .jsonFiles], repeatsLast: false, labels: ["flow file", "trace file"])
    case .merge: Arguments(positions: [.jsonFiles], repeatsLast: true, labels: ["result file"])
    case .extract: Arguments(positions: [.anyFile], repeatsLast: true, labels: ["flow or Swift source"])
    case .explain: Arguments(positions: [.words(Invariant.ids)], repeatsLast: false, labels: ["invariant"])
    case .help: Arguments(positions: [.words(Subcommand.names)], repeatsLast: false, labels: ["subcommand"])
    }
  }

  /// What the value of `option` completes to.
  static func completion(of option: OptionSpec, in subcommand: Subcommand) -> Completion {
    if let words = values(of: option, in: subcommand) { return .words(words) }
    switch option {
    case .traceDirectory, .xcuitest: return .directories
    case .swarmOut, .writeBaseline: return .anyFile
    case .baseline: return .jsonFiles
    default: return .nothing
    }
  }

  /// Every option name that takes a value, in any subcommand, sorted: the word after one is
  /// its value, not a positional argument.
  static var valueOptionNames: [String] {
    Array(Set(Subcommand.allCases.flatMap { options(of: $0) }.filter(\.takesValue).map(\.name))).sorted()
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
    case "--library": ExtractLibrary.names
    default: nil
    }
  }

  static var subcommandNames: String { Subcommand.names.joined(separator: " ") }

  // MARK: - bash

  /// The bash commands that add the completions of `completion` to `COMPREPLY`.
  static func bash(_ completion: Completion) -> String {
    switch completion {
    case .words(let words): "COMPREPLY+=($(compgen -W \"\(words.joined(separator: " "))\" -- \"$cur\"))"
    case .flowFiles: "_flowcheck_files flow"
    case .jsonFiles: "_flowcheck_files json"
    case .directories: "_flowcheck_directories"
    case .anyFile: "_flowcheck_any_file"
    case .nothing: ":"
    }
  }

  /// The bash commands that complete a positional argument of `subcommand`: by position
  /// when the positions differ (`replay FLOW TRACE`), directly when there is one kind.
  static func bashArguments(of subcommand: Subcommand) -> String {
    let arguments = arguments(of: subcommand)
    if arguments.positions.count == 1 && arguments.repeatsLast { return bash(arguments.positions[0]) }
    var cases = arguments.positions.enumerated().map { "\($0.offset + 1)) \(bash($0.element)) ;;" }
    if arguments.repeatsLast, let last = arguments.positions.last { cases.append("*) \(bash(last)) ;;") }
    return "case $(_flowcheck_position \"$at\") in \(cases.joined(separator: " ")) esac"
  }

  static func bash() -> String {
    var cases: [String] = []
    for subcommand in Subcommand.allCases {
      let options = options(of: subcommand)
      let valueCases = options.filter(\.takesValue).map { option in
        "        \(option.name)) \(bash(completion(of: option, in: subcommand))); return ;;"
      }
      cases.append(
        """
            \(subcommand.rawValue))
              case "$prev" in
        \(valueCases.joined(separator: "\n"))
              esac
              if [[ "$cur" == -* ]]; then
                COMPREPLY=($(compgen -W "\(options.map(\.name).joined(separator: " "))" -- "$cur"))
              else
                \(bashArguments(of: subcommand))
              fi
              ;;
        """.replacing("      case \"$prev\" in\n\n      esac\n", with: ""))
    }
    return """
      # bash completion for flowcheck (flowcheck --generate-completion-script bash).
      # Source it from ~/.bashrc, or save it as /etc/bash_completion.d/flowcheck.

      # Files ending in .$1, and directories to descend into.
      _flowcheck_files() {
        local IFS=$'\\n'
        COMPREPLY+=($(compgen -d -- "$cur") $(compgen -f -X "!*.$1" -- "$cur"))
      }

      _flowcheck_directories() {
        local IFS=$'\\n'
        COMPREPLY+=($(compgen -d -- "$cur"))
      }

      _flowcheck_any_file() {
        local IFS=$'\\n'
        COMPREPLY+=($(compgen -f -- "$cur"))
      }

      # The position (from 1) of the word being completed among the arguments after word $1
      # (the subcommand, or 0): words that are neither an option nor an option's value.
      _flowcheck_position() {
        local position=1 index
        for ((index = $1 + 1; index < COMP_CWORD; index++)); do
          case "${COMP_WORDS[index]}" in
            \(valueOptionNames.joined(separator: "|"))) ((index++)) ;;
            -*) ;;
            *) ((position++)) ;;
          esac
        done
        echo "$position"
      }

      _flowcheck() {
        local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD-1]}"
        local subcommand="" at=0 index
        for ((index = 1; index < COMP_CWORD; index++)); do
          case "${COMP_WORDS[index]}" in
            \(Subcommand.names.joined(separator: "|"))) subcommand="${COMP_WORDS[index]}"; at=$index; break ;;
          esac
        done
        COMPREPLY=()
        if [[ -z "$subcommand" && $COMP_CWORD -eq 1 && "$cur" != -* ]]; then
          COMPREPLY=($(compgen -W "\(subcommandNames)" -- "$cur"))
          _flowcheck_files flow
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

  /// The action of an `_arguments` spec (after its second colon).
  static func zsh(_ completion: Completion) -> String {
    switch completion {
    case .words(let words): "(\(words.joined(separator: " ")))"
    case .flowFiles: "_files -g \"*.flow(-.)\""
    case .jsonFiles: "_files -g \"*.json(-.)\""
    case .directories: "_files -/"
    case .anyFile: "_files"
    case .nothing: " "
    }
  }

  /// The `_arguments` specs of one subcommand: its options, then its positional arguments.
  /// An option with a short name is written `'(-h --help)'{-h,--help}'[…]'`: the braces
  /// stay outside the quotes, for zsh to expand them into one spec per name.
  static func zshSpecs(of subcommand: Subcommand) -> [String] {
    var specs = options(of: subcommand).map { option -> String in
      let help = zshText(summary(option.help))
      let value =
        option.valueName.map { ":\(zshText($0)):\(zsh(completion(of: option, in: subcommand)))" } ?? ""
      let equals = option.takesValue ? "=" : ""
      guard let short = option.shortName else { return "'\(option.name)\(equals)[\(help)]\(value)'" }
      return "'(\(short) \(option.name))'{\(short),\(option.name)}'\(equals)[\(help)]\(value)'"
    }
    let arguments = arguments(of: subcommand)
    for (index, position) in arguments.positions.enumerated() {
      let repeats = arguments.repeatsLast && index == arguments.positions.count - 1
      specs.append("'\(repeats ? "*" : "\(index + 1)"):\(arguments.labels[index]):\(zsh(position))'")
    }
    return specs
  }

  static func zsh() -> String {
    let cases = Subcommand.allCases.map { subcommand in
      "    \(subcommand.rawValue))\n      _arguments -s \\\n        "
        + zshSpecs(of: subcommand).joined(separator: " \\\n        ") + "\n      ;;"
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
          local ret=1
          _describe -t subcommands subcommand subcommands && ret=0
          _files -g "*.flow(-.)" && ret=0
          return ret
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

  /// The `complete` flags that offer `completion`: `-f` (or `-x` for an option's value)
  /// keeps fish from mixing file names into a fixed list.
  static func fish(_ completion: Completion, optionValue: Bool) -> String {
    let exclusive = optionValue ? "-x" : "-f"
    return switch completion {
    case .words(let words): "\(exclusive) -a '\(words.joined(separator: " "))'"
    case .flowFiles: "\(exclusive) -a '(__flowcheck_files .flow)'"
    case .jsonFiles: "\(exclusive) -a '(__flowcheck_files .json)'"
    case .directories: "\(exclusive) -a '(__fish_complete_directories)'"
    case .anyFile: optionValue ? "-r -F" : "-F"
    case .nothing: exclusive
    }
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
      "# The files under the word being completed that end in $argv[1], and directories:",
      "# fish's __fish_complete_suffix offers every other file too.",
      "function __flowcheck_files",
      "    set -l token (commandline -ct)",
      "    for path in $token*",
      "        if test -d $path",
      "            echo $path/",
      "        else if string match -q -- \"*$argv[1]\" $path",
      "            echo $path",
      "        end",
      "    end",
      "end",
      "",
      "# The position (from 1) of the word being completed among the subcommand's arguments:",
      "# words that are neither the subcommand, an option nor an option's value.",
      "function __flowcheck_position",
      "    set -l words (commandline -opc)",
      "    set -l position 1",
      "    set -l skip 0",
      "    set -l started 0",
      "    for word in $words[2..-1]",
      "        if test $skip = 1",
      "            set skip 0",
      "        else if contains -- $word \(valueOptionNames.joined(separator: " "))",
      "            set skip 1",
      "        else if string match -q -- '-*' $word",
      "            continue",
      "        else if test $started = 0; and contains -- $word \(subcommandNames)",
      "            set started 1",
      "        else",
      "            set started 1",
      "            set position (math $position + 1)",
      "        end",
      "    end",
      "    echo $position",
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
      let isSubcommand = "test (__flowcheck_subcommand) = \(subcommand.rawValue)"
      for option in options(of: subcommand) {
        var line = "complete -c flowcheck -n '\(isSubcommand)' -l \(option.name.dropFirst(2))"
        if let short = option.shortName { line += " -s \(short.dropFirst())" }
        if option.takesValue { line += " " + fish(completion(of: option, in: subcommand), optionValue: true) }
        line += " -d '\(fishText(summary(option.help)))'"
        lines.append(line)
      }
      let arguments = arguments(of: subcommand)
      for (index, position) in arguments.positions.enumerated() {
        let repeats = arguments.repeatsLast && index == arguments.positions.count - 1
        let condition =
          arguments.positions.count == 1 && repeats
          ? isSubcommand
          : "\(isSubcommand); and test (__flowcheck_position) \(repeats ? "-ge" : "-eq") \(index + 1)"
        lines.append("complete -c flowcheck -n '\(condition)' \(fish(position, optionValue: false))")
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
