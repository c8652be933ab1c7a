extension JSONReport: ReportRenderer {
  public init(options: RenderOptions) {
    self.init(includeStats: options.stats, maxTraces: options.maxTraces)
  }

  /// One line of JSON (JSON Lines), with `stats` when asked for.
  public func render(_ report: CheckReport) -> String {
    Self.line(report, includeStats: includeStats, maxTraces: maxTraces)
  }

  /// One line of JSON with the file's diagnostics.
  public func render(_ failure: FileDiagnostics) -> String {
    Self.line(failure)
  }

  /// One line of JSON.
  public func render(_ report: SimulationReport) -> String {
    Self.line(report)
  }
}
