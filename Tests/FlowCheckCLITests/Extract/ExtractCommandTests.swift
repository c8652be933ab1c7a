import FlowLanguage
import FlowModel
import Foundation
import Testing

@testable import FlowCheckCLI

/// `flowcheck extract` on the fixtures of `ExtractFixtures`, through the real `swiftc`
/// (a test that needs it is skipped, by its trait, only when no swiftc is on the PATH), and
/// its errors.
@Suite("extract")
struct ExtractCommandTests {
  /// The process's PATH, where the toolchain's swiftc is.
  static let environment: [String: String] = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? ""]
  static let hasCompiler = SwiftSyntaxDump.findCompiler(environment: environment) != nil

  /// Writes `files` into a scratch directory and runs `extract` over it.
  private func extract(
    _ files: [String: String], _ extra: [String] = [], environment: [String: String] = environment
  ) throws -> (run: CommandRun, directory: String) {
    let scratch = try ScratchDirectory()
    for (name, text) in files {
      try text.write(to: scratch.url.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }
    let directory = scratch.url.path
    return (CommandRun(["extract", directory] + extra, environment: environment), directory)
  }

  /// The draft is in canonical form, every line that says something cites a file and line,
  /// and it has the lines given.
  private func expectDraft(_ run: CommandRun, contains lines: [String]) {
    #expect(run.status == 0, "\(run.stderr)")
    let parsed = Parser.parse(
      SourceFile(path: "draft", text: run.stdout), libraries: RuntimeRegistry.libraries)
    #expect(!parsed.diagnostics.contains { $0.severity == .error }, "\(parsed.diagnostics)")
    #expect(FlowFormatter.format(parsed.file) == run.stdout, "the draft is not formatted")
    let trimmed = run.stdout.split(separator: "\n").map { $0.drop { $0 == " " } }
    for line in lines {
      #expect(trimmed.contains { $0.hasPrefix(line) }, "missing: \(line)")
    }
    for line in trimmed
    where line.hasPrefix("show ") || line.hasPrefix("startChild ") || line.hasPrefix("present ") {
      #expect(line.contains(".swift:"), "no file:line on \(line)")
    }
  }

  @Test(
    "radianttap: root, show, present, startChild, responder-chain messages, conditions, asyncAfter, Task",
    .enabled(if: ExtractCommandTests.hasCompiler))
  func radianttap() throws {
    let (run, _) = try extract(ExtractFixtures.radianttap)
    expectDraft(
      run,
      contains: [
        "library radianttap", "window App", "home Home", "coordinator App: NavigationCoordinator {",
        "root window", "root Home", "on Home.openCart {", "startChild Cart", "if condition28 {",
        "show Detail",
        "present Login", "after asyncAfter {", "pop", "coordinator Cart: NavigationCoordinator {",
        "root presented",
        "on Cart.closeCart {", "after task {", "dismiss", "finish", "screen Detail", "screen Login",
      ])
    #expect(run.stdout.contains("// TODO: stands for the condition 'loggedIn'"))
    // The early return: the child is started only when none was found.
    #expect(run.stdout.contains("call Cart.display"))
    #expect(run.stdout.contains("handle display {"))
    #expect(
      run.stdout.contains("'let existing = childCoordinators[\"CartCoordinator\"] as? CartCoordinator'"))
    #expect(
      run.stdout.contains("// TODO: 'present' is UIKit's own navigation, past the library: not modelled"))
    // An IBAction of Detail calling its coordinator's method.
    #expect(run.stdout.contains("on Detail.closeDetail {"))
    #expect(run.stdout.contains("AppCoordinator.swift:29"))
  }

  @Test(
    "router: delegate methods, one event per case of a switch, presentChild onDismissed, the routers made",
    .enabled(if: ExtractCommandTests.hasCompiler))
  func router() throws {
    let (run, _) = try extract(ExtractFixtures.router)
    expectDraft(
      run,
      contains: [
        "library router", "window Home", "coordinator Home: AppDelegateRouter {", "present Home",
        "on Home.book {", "presentChild Booking onDismissed {",
        "coordinator Booking: ModalNavigationRouter {",
        "present SelectKind", "on SelectKind.quick {", "present Confirm", "on SelectKind.slow {",
        "on SelectKind.later {",
      ])
  }

  @Test(
    "presenter: the presenters made, a child started, didDismiss, stop, dismissRoot",
    .enabled(if: ExtractCommandTests.hasCompiler))
  func presenter() throws {
    let (run, _) = try extract(ExtractFixtures.presenter)
    expectDraft(
      run,
      contains: [
        "library presenter", "window Main", "coordinator Main: InitialNavigationPresenter {", "present Home",
        "on Home.sheet {", "startChild Sheet", "coordinator Sheet: ModalPresenter {", "didDismiss {", "stop",
        "on Sheet.closeRoot {", "dismissRoot",
      ])
  }

  @Test(
    "insecurity: the window coordinator, viewController, closures, start with a completion, results",
    .enabled(if: ExtractCommandTests.hasCompiler))
  func insecurity() throws {
    let (run, _) = try extract(ExtractFixtures.insecurity)
    expectDraft(
      run,
      contains: [
        "library insecurity", "window App", "coordinator App: WindowCoordinator {",
        "start Cart in: newNavigation { result in", "coordinator Cart: NavigationCoordinator {",
        "viewController Cart", "on Cart.pay {", "start Payment { result in", "if result == paid {",
        "coordinator Payment: ModalCoordinator {", "result paid, declined", "on Payment.approve {",
        "finish(paid)",
        "on Payment.cancel {",
      ])
  }

  @Test(
    "the library given with --library wins over detection; the same sources give the same draft",
    .enabled(if: ExtractCommandTests.hasCompiler))
  func deterministic() throws {
    let first = try extract(ExtractFixtures.router, ["--library", "router"])
    let second = try extract(ExtractFixtures.router)
    #expect(first.run.status == 0)
    // Only the scratch directory's name differs between the two runs.
    // The app is named after the directory.
    func anonymous(_ run: (run: CommandRun, directory: String)) -> String {
      let name = String(run.directory.split(separator: "/").last ?? "").replacingOccurrences(
        of: "-", with: "_")
      return run.run.stdout.replacingOccurrences(of: run.directory, with: "DIR").replacingOccurrences(
        of: name, with: "NAME")
    }
    #expect(first.run.stdout.contains("app flowcheck_cli_tests_"))
    #expect(anonymous(first) == anonymous(second))
  }

  @Test("no swiftc: a usage error that says to install the toolchain or set SWIFTC")
  func missingCompiler() throws {
    let (run, _) = try extract(ExtractFixtures.router, environment: ["PATH": "/nonexistent"])
    #expect(run.status == 64)
    #expect(run.stderr.contains("cannot find 'swiftc' on the PATH"))
    #expect(run.stderr.contains("set SWIFTC"))
  }

  @Test("a swiftc too old for the JSON dump: a usage error naming its version")
  func oldCompiler() throws {
    let scratch = try ScratchDirectory()
    let fake = scratch.url.appendingPathComponent("swiftc").path
    try "#!/bin/sh\necho 'Apple Swift version 5.9 (swiftlang-5.9.0.128.108)'\n".write(
      toFile: fake, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fake)
    let (run, _) = try extract(ExtractFixtures.router, environment: ["SWIFTC": fake])
    #expect(run.status == 64)
    #expect(run.stderr.contains("Swift version 5.9"))
    #expect(run.stderr.contains("install Swift 6.0 or later"))
  }

  @Test(
    "a file that does not parse: swiftc's error at its file, line and column; exit 65",
    .enabled(if: ExtractCommandTests.hasCompiler))
  func unparsable() throws {
    let (run, directory) = try extract(["Broken.swift": "class A {\n  func f() {\n    let = 3\n  }\n}\n"])
    #expect(run.status == 65)
    #expect(run.stderr.contains("\(directory)/Broken.swift:3:9: error: expected pattern"), "\(run.stderr)")
    #expect(run.stderr.contains("note: swiftc cannot parse this file"))
  }

  @Test(
    "no coordinator found: an error with the hint to name the library; exit 65",
    .enabled(if: ExtractCommandTests.hasCompiler))
  func noCoordinator() throws {
    let (run, _) = try extract(["Model.swift": "struct Pet { var name: String }\n"])
    #expect(run.status == 65)
    #expect(run.stderr.contains("no coordinator of a known library in 1 Swift file"))
    #expect(run.stderr.contains("--library radianttap|router|insecurity|presenter"))
    let named = try extract(
      ["Model.swift": "struct Pet { var name: String }\n"], ["--library", "insecurity"]
    ).run
    #expect(named.status == 65)
    #expect(named.stderr.contains("no coordinator of insecurity"))
  }

  @Test("usage: sources are required, '--format' needs '--check', a missing source is unreadable")
  func usage() {
    let none = CommandRun(["extract"])
    #expect(none.status == 64)
    #expect(none.stderr.contains("missing expected argument '<source> ...'"))
    let format = CommandRun(["extract", "x.swift", "--format", "sarif"])
    #expect(format.status == 64)
    #expect(format.stderr.contains("'--format' needs '--check'"))
    let missing = CommandRun(["extract", "/nonexistent/App.swift"], environment: Self.environment)
    #expect(missing.status == 66)
    #expect(missing.stderr.contains("/nonexistent/App.swift:1:1: error: cannot read file"))
  }

  @Test("a bad --library value is a usage error with a suggestion")
  func badLibrary() {
    let run = CommandRun(["extract", "x.swift", "--library", "rooter"])
    #expect(run.status == 64)
    #expect(run.stderr.contains("did you mean 'router'?"))
  }
}
