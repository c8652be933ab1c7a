import FlowLanguage
import FlowModel
@_exported import FlowReport

/// Checking `.flow` files from a team's own tests, in one call.
///
/// ```swift
/// import FlowCheck
/// import Testing
///
/// @Test func checkoutFlow() throws {
///   try FlowCheck.verify(file: "Specs/checkout.flow")
/// }
/// ```
///
/// `verify` explores the flow as `flowcheck check` does and fails the running test (a Swift
/// Testing issue, or an XCTest failure outside Swift Testing) with the report `flowcheck`
/// prints, every violation told step by step, unless the outcome is what the flow asks
/// for: its `expect` line, or verified when it has none. A file that cannot be read or
/// that has errors throws `FlowCheckError`, whose description lists the diagnostics as
/// `path:line:col: error: message`.
public enum FlowCheck {
  /// Checks the flow at `path` and fails the current test with its report unless its
  /// outcome is the expected one; returns the report for further assertions.
  ///
  /// A relative `path` is looked up in the current directory, then in each directory above
  /// the calling test file, so that `"Specs/x.flow"` finds the package's `Specs/` whether the
  /// tests run from the package's root (`swift test`) or elsewhere (Xcode).
  @discardableResult
  public static func verify(
    file path: String, settings: CheckSettings = defaultSettings,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) throws(FlowCheckError) -> CheckReport {
    let report = try check(file: path, settings: settings, relativeTo: "\(filePath)")
    if let failure = failureMessage(for: report) {
      TestFailure.record(failure, fileID: fileID, filePath: filePath, line: line, column: column)
    }
    return report
  }

  /// Checks the flow at `path` (resolved as `verify` does) and returns its report, failing
  /// nothing: for assertions of a test's own.
  public static func check(
    file path: String, settings: CheckSettings = defaultSettings, relativeTo filePath: String = #filePath
  ) throws(FlowCheckError) -> CheckReport {
    let resolved = FlowFiles.resolve(path, relativeTo: filePath)
    let loaded = FrontEnd.load(path: resolved, libraries: RuntimeRegistry.libraries)
    let renderer = DiagnosticRenderer(colour: false)
    guard let source = loaded.source, let flow = loaded.flow, !loaded.hasErrors else {
      let source = loaded.source ?? SourceFile(path: resolved, bytes: [])
      throw FlowCheckError(path: resolved, diagnostics: renderer.render(loaded.diagnostics, in: source))
    }
    guard RuntimeRegistry.runtime(named: flow.library.rawValue) != nil else {
      let modelled = RuntimeRegistry.names.joined(separator: ", ")
      throw FlowCheckError(
        path: resolved,
        diagnostics:
          "\(resolved): error: runtime '\(flow.library.rawValue)' is not modelled yet; only \(modelled) flows can be checked\n"
      )
    }
    return FlowChecker.check(flow, path: path, options: settings, source: source)
  }

  /// Two threads and no memory limit: the report is the same for any count.
  public static var defaultSettings: CheckSettings {
    var settings = CheckSettings()
    settings.threads = 2
    return settings
  }

  /// Why `report` fails a test, as the report `flowcheck` prints; nil when its outcome is
  /// the flow's `expect` line (or verified, without one).
  public static func failureMessage(for report: CheckReport) -> String? {
    let passed = report.expectationMet ?? (report.outcome == .verified)
    guard !passed else { return nil }
    let expected = report.expectation.map { "expect \($0)" } ?? "a verified flow (no 'expect' line)"
    return "\(report.path): \(report.outcome.rawValue), wanted \(expected)\n\n" + TextReport().render(report)
  }
}

/// A flow that could not be checked: unreadable, or with errors.
public struct FlowCheckError: Error, CustomStringConvertible, Sendable {
  public var path: String
  /// The diagnostics, one `path:line:col: error: message` line each.
  public var diagnostics: String

  public var description: String { "\(path) cannot be checked:\n" + diagnostics }
}
