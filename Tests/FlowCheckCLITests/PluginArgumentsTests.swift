import Testing

@testable import FlowCheckCLI

/// `swift package flowcheck ARGS`: what flowcheck runs with (`PluginArguments`, which the
/// command plugin compiles too), for every subcommand, with and without paths.
@Suite struct PluginArgumentsTests {
  static let oneSpec = ["Specs/shop.flow"]
  static let twoSpecs = ["Specs/bugs/a.flow", "Specs/shop.flow"]

  /// (arguments, specs, what flowcheck runs with, whether it writes into the package)
  static let cases: [([String], [String]?, [String], Bool)] = [
    ([], twoSpecs, ["Specs"], false),
    (["--format", "xcode"], twoSpecs, ["--format", "xcode", "Specs"], false),
    (["--format=sarif"], twoSpecs, ["--format=sarif", "Specs"], false),
    (["check", "--threads", "2"], twoSpecs, ["check", "--threads", "2", "Specs"], false),
    (["Flows/a.flow", "--quiet"], nil, ["Flows/a.flow", "--quiet"], false),
    (["check", "--", "-odd.flow"], nil, ["check", "--", "-odd.flow"], false),
    (["graph"], oneSpec, ["graph", "Specs/shop.flow"], false),
    (["graph", "--format", "dot"], oneSpec, ["graph", "--format", "dot", "Specs/shop.flow"], false),
    (["graph", "Specs/bugs/a.flow"], twoSpecs, ["graph", "Specs/bugs/a.flow"], false),
    (["simulate", "--runs", "10"], oneSpec, ["simulate", "--runs", "10", "Specs/shop.flow"], false),
    (
      ["tests", "--xcuitest", "UITests"], oneSpec, ["tests", "--xcuitest", "UITests", "Specs/shop.flow"], true
    ),
    (["tests", "--xcuitest=UITests"], oneSpec, ["tests", "--xcuitest=UITests", "Specs/shop.flow"], true),
    (["replay", "trace.json"], oneSpec, ["replay", "Specs/shop.flow", "trace.json"], false),
    (["replay", "Specs/shop.flow", "t.json"], twoSpecs, ["replay", "Specs/shop.flow", "t.json"], false),
    (["fmt", "--check"], twoSpecs, ["fmt", "--check", "Specs"], false),
    (["fmt", "--in-place"], twoSpecs, ["fmt", "--in-place", "Specs"], true),
    (["fmt", "-"], twoSpecs, ["fmt", "-"], false),
    (["diff", "old.flow", "new.flow"], twoSpecs, ["diff", "old.flow", "new.flow"], false),
    (["merge", "a.json", "b.json"], nil, ["merge", "a.json", "b.json"], false),
    (["explain"], nil, ["explain"], false),
    (["explain", "dead-screen"], nil, ["explain", "dead-screen"], false),
    (["help", "graph"], nil, ["help", "graph"], false),
    (["graph", "--help"], twoSpecs, ["graph", "--help"], false),
    (["--version"], nil, ["--version"], false),
  ]

  @Test(arguments: cases)
  func argumentsAreFilledIn(arguments: [String], specs: [String]?, expected: [String], writes: Bool) throws {
    let invocation = try PluginArguments.make(arguments, specs: specs, mayWrite: true)
    #expect(invocation.arguments == expected)
    #expect(invocation.writesToPackage == writes)
  }

  /// (arguments, specs, the message)
  static let failures: [([String], [String]?, String)] = [
    (
      [], nil,
      "no Specs/ folder in the package: put the .flow files there, or name them: swift package flowcheck PATH…"
    ),
    (
      ["fmt", "--check"], nil,
      "no Specs/ folder in the package: put the .flow files there, or name them: swift package flowcheck fmt PATH…"
    ),
    (
      ["graph"], twoSpecs,
      "'graph' takes one .flow file and Specs/ holds 2: name one, e.g. swift package flowcheck graph Specs/bugs/a.flow"
    ),
    (
      ["simulate"], [],
      "no .flow file under Specs/ in the package: name one: swift package flowcheck simulate PATH"
    ),
    (
      ["replay", "t.json"], nil,
      "no .flow file under Specs/ in the package: name one: swift package flowcheck replay PATH"
    ),
    (
      ["fmt", "--in-place"], nil,
      "'fmt --in-place' writes into the package: run it as swift package flowcheck-write fmt --in-place "
        + "(SwiftPM asks for the permission, or takes --allow-writing-to-package-directory)"
    ),
    (
      ["tests", "--xcuitest=UI", "Specs/a.flow"], nil,
      "'tests --xcuitest' writes into the package: run it as swift package flowcheck-write tests --xcuitest=UI "
        + "Specs/a.flow (SwiftPM asks for the permission, or takes --allow-writing-to-package-directory)"
    ),
  ]

  /// Without the write permission, everything but the writing runs is the same.
  @Test(arguments: cases.filter { !$0.3 })
  func readOnlyRunsNeedNoPermission(arguments: [String], specs: [String]?, expected: [String], writes: Bool)
    throws
  {
    #expect(try PluginArguments.make(arguments, specs: specs, mayWrite: false).arguments == expected)
  }

  @Test(arguments: failures)
  func aMissingPathOrPermissionIsExplained(arguments: [String], specs: [String]?, message: String) {
    #expect(throws: PluginArguments.Failure(description: message)) {
      try PluginArguments.make(arguments, specs: specs, mayWrite: false)
    }
  }

  /// The plugin's lists are flowcheck's: every subcommand, and every option with a value.
  @Test func theListsMatchTheCommandCatalogue() {
    #expect(PluginArguments.subcommands == Subcommand.names)
    var withValues = Set<String>()
    for subcommand in [nil] + Subcommand.allCases {
      for option in CommandSpec.spec(for: subcommand).options where option.takesValue {
        withValues.insert(option.name)
      }
    }
    #expect(PluginArguments.optionsWithValues == withValues)
  }
}
