// This file is compiled twice: into FlowCheckCLI, where the tests reach it, and into the
// SwiftPM command plugin (Plugins/FlowCheckPlugin/PluginArguments.swift is a link to it),
// which can import no target of the package. So it uses the standard library only.

/// What `swift package flowcheck ARGUMENTS` runs: flowcheck's own arguments, with the
/// package's specs filled in where a subcommand needs a path and none is given.
///
/// - `check` (or no subcommand) and `fmt`: the `Specs/` folder.
/// - `simulate`, `graph`, `tests`: the one `.flow` file under `Specs/`; with several, the
///   user is asked to name one.
/// - `replay TRACE`: the one spec, before the trace.
/// - `diff`, `merge`, `extract`, `explain`, `help`, and any `--help` or `--version`: as given.
///
/// SwiftPM asks for a plugin's write permission before every run of it, so the permission
/// belongs to a second verb: `swift package flowcheck` never writes and refuses `fmt
/// --in-place` and `tests --xcuitest`, which `swift package flowcheck-write` runs.
struct PluginArguments: Equatable, Sendable {
  /// The arguments flowcheck runs with.
  var arguments: [String]
  /// Whether the run writes into the package's directory (`fmt --in-place`, `tests
  /// --xcuitest`): the plugin's write permission is for these runs only.
  var writesToPackage: Bool

  /// Why the plugin cannot run flowcheck: a sentence for the user.
  struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
    var description: String
  }

  /// flowcheck's subcommands; `check` is the default.
  static let subcommands: [String] = [
    "check", "simulate", "replay", "graph", "tests", "diff", "merge", "fmt", "extract", "explain", "help",
  ]

  /// flowcheck's options that take a value (`--format xcode`): the word after one is its
  /// value, not a path. `PluginArgumentsTests` holds this list to the command catalogue.
  static let optionsWithValues: Set<String> = [
    "--format", "--reporter", "--threads", "--max-depth", "--max-states", "--max-seconds", "--max-memory",
    "--bitstate", "--max-traces", "--trace-dir", "--runtime", "--swarm", "--swarm-out", "--seed", "--runs",
    "--steps", "--xcuitest", "--generate-completion-script", "--baseline", "--write-baseline", "--library",
  ]

  /// Options that print something about flowcheck itself and take no path.
  static let informational: Set<String> = ["--help", "-h", "--version", "--generate-completion-script"]

  /// The verb of the plugin that may write into the package.
  static let writingVerb = "flowcheck-write"

  /// The package's folder of specs, as paths relative to the package's directory.
  static let specsFolder = "Specs"

  /// The invocation for `arguments`. `specs` lists the `.flow` files under the package's
  /// `Specs/` folder (`Specs/shop.flow`), sorted; nil when the package has no such folder.
  /// `mayWrite`: the plugin has the permission to write into the package.
  static func make(_ arguments: [String], specs: [String]?, mayWrite: Bool) throws(Failure) -> PluginArguments
  {
    let subcommand = arguments.first.flatMap { subcommands.contains($0) ? $0 : nil }
    let rest = subcommand == nil ? arguments[...] : arguments.dropFirst()
    let writes = writesToPackage(subcommand: subcommand, rest)
    if writes && !mayWrite {
      let option = subcommand == "fmt" ? "--in-place" : "--xcuitest"
      throw Failure(
        description: "'\(subcommand ?? "") \(option)' writes into the package: run it as "
          + "swift package \(writingVerb) \(arguments.joined(separator: " ")) "
          + "(SwiftPM asks for the permission, or takes --allow-writing-to-package-directory)")
    }
    if rest.contains(where: { informational.contains(optionName($0)) }) {
      return PluginArguments(arguments: arguments, writesToPackage: false)
    }
    let paths = positionals(rest)
    func given(_ extra: [String]) -> PluginArguments {
      PluginArguments(arguments: arguments + extra, writesToPackage: writes)
    }
    switch subcommand ?? "check" {
    case "check", "fmt":
      guard paths.isEmpty else { return given([]) }
      guard specs != nil else {
        throw Failure(
          description: "no \(specsFolder)/ folder in the package: put the .flow files there, or name them: "
            + "swift package flowcheck \(subcommand.map { $0 + " " } ?? "")PATH…")
      }
      return given([specsFolder])
    case "simulate", "graph", "tests":
      guard paths.isEmpty else { return given([]) }
      return given([try onlySpec(for: subcommand ?? "check", specs: specs)])
    case "replay":
      guard paths.count == 1 else { return given([]) }
      // `replay TRACE`: the spec goes before the trace, where flowcheck expects the file.
      let spec = try onlySpec(for: "replay", specs: specs)
      var filled = arguments
      if let trace = filled.lastIndex(of: paths[0]) { filled.insert(spec, at: trace) }
      return PluginArguments(arguments: filled, writesToPackage: writes)
    default:
      return given([])
    }
  }

  /// The one spec a single-file subcommand runs on when none is named.
  static func onlySpec(for subcommand: String, specs: [String]?) throws(Failure) -> String {
    guard let specs, !specs.isEmpty else {
      throw Failure(
        description: "no .flow file under \(specsFolder)/ in the package: name one: "
          + "swift package flowcheck \(subcommand) PATH")
    }
    guard specs.count == 1 else {
      throw Failure(
        description: "'\(subcommand)' takes one .flow file and \(specsFolder)/ holds \(specs.count): "
          + "name one, e.g. swift package flowcheck \(subcommand) \(specs[0])")
    }
    return specs[0]
  }

  /// Whether the subcommand and its arguments write into the package.
  static func writesToPackage(subcommand: String?, _ arguments: ArraySlice<String>) -> Bool {
    let options = arguments.prefix { $0 != "--" }.map(optionName)
    switch subcommand {
    case "fmt": return options.contains("--in-place")
    case "tests": return options.contains("--xcuitest")
    default: return false
    }
  }

  /// `--format` for `--format=xcode`; any other word as it is.
  static func optionName(_ argument: String) -> String {
    guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return argument }
    return String(argument[..<equals])
  }

  /// The words that are not options nor their values: the paths (and ids) given. After
  /// `--`, every word is one.
  static func positionals(_ arguments: ArraySlice<String>) -> [String] {
    var result: [String] = []
    var index = arguments.startIndex
    while index < arguments.endIndex {
      let argument = arguments[index]
      index += 1
      if argument == "--" {
        result += arguments[index...]
        break
      }
      if argument.hasPrefix("-") && argument != "-" {
        if optionsWithValues.contains(argument) { index += 1 }
        continue
      }
      result.append(argument)
    }
    return result
  }
}
