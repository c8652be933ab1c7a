/// Splits arguments into options (with their values) and positional arguments, following
/// swift-argument-parser's conventions: `--name value` or `--name=value`, flags take no
/// value, `--` ends the options, a lone `-` is positional.
struct ArgumentScanner {
  /// The options the command accepts.
  var options: [OptionSpec]
  /// Whose usage errors point at.
  var subcommand: Subcommand?

  /// The arguments, split.
  struct Result: Equatable {
    /// In command-line order; a later value for the same option wins.
    var options: [(spec: OptionSpec, value: String?)]
    var positionals: [String]

    static func == (lhs: Result, rhs: Result) -> Bool {
      lhs.positionals == rhs.positionals && lhs.options.map(\.spec) == rhs.options.map(\.spec)
        && lhs.options.map(\.value) == rhs.options.map(\.value)
    }

    func contains(_ spec: OptionSpec) -> Bool {
      options.contains { $0.spec == spec }
    }
  }

  func scan(_ arguments: ArraySlice<String>) throws(UsageError) -> Result {
    var result = Result(options: [], positionals: [])
    var index = arguments.startIndex
    while index < arguments.endIndex {
      let argument = arguments[index]
      index += 1
      if argument == "--" {
        result.positionals += arguments[index...]
        break
      }
      guard argument.hasPrefix("-"), argument != "-" else {
        result.positionals.append(argument)
        continue
      }
      let (name, attached) = split(argument)
      guard let spec = options.first(where: { $0.name == name || $0.shortName == name }) else {
        let names = options.map(\.name)
        throw UsageError(
          "unknown option '\(name)'", suggestion: Suggestion.closest(to: name, among: names),
          subcommand: subcommand)
      }
      if !spec.takesValue {
        if attached != nil {
          throw UsageError("option '\(spec.name)' takes no value", subcommand: subcommand)
        }
        result.options.append((spec, nil))
        continue
      }
      if let attached {
        result.options.append((spec, attached))
      } else if index < arguments.endIndex, isValue(arguments[index]) {
        result.options.append((spec, arguments[index]))
        index += 1
      } else {
        throw UsageError("missing value for '\(spec.usageText)'", subcommand: subcommand)
      }
    }
    return result
  }

  /// `--threads=4` → (`--threads`, `4`); `--threads` → (`--threads`, nil).
  private func split(_ argument: String) -> (name: String, value: String?) {
    guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else {
      return (argument, nil)
    }
    return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
  }

  /// The word after an option is its value unless it is itself an option; `-1` is a value
  /// (and then rejected as out of range).
  private func isValue(_ word: String) -> Bool {
    guard word.hasPrefix("-"), word != "-" else { return true }
    return word.dropFirst().first?.isNumber ?? false
  }
}
