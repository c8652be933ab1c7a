extension TextReport: ReportRenderer {
  public init(options: RenderOptions) {
    self.init(
      colour: options.colour, quiet: options.quiet, stats: options.stats, maxTraces: options.maxTraces)
  }

  /// The timing line unless quiet, and the `--stats` line when asked for.
  public func runFigures(_ report: CheckReport) -> [String] {
    (quiet ? [] : [timingLine(report)]) + (stats ? [statsLine(report)] : [])
  }
}
