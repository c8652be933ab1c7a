import FlowLanguage
import FlowReport

extension CheckCommand {
  /// Explores one resolved flow, prints the report on standard output (timing, which differs
  /// from run to run, on standard error) and returns the verdict as an exit code.
  static func explore<Output, ErrorOutput>(
    _ flow: CheckedFlow, path: String, source: SourceFile, options: CheckOptions,
    console: inout Console<Output, ErrorOutput>
  ) -> ExitCode {
    var settings = CheckSettings()
    settings.threads = options.threads
    settings.maxDepth = options.effectiveDepth(for: flow)
    settings.maxStates = options.effectiveStates(for: flow)
    settings.maxSeconds = options.maxSeconds
    settings.maxMemoryBytes = options.maxMemory
    settings.bitstateBits = options.bitstateBits
    let report = FlowChecker.check(flow, path: path, options: settings)
    let text = TextReport(colour: console.colour, quiet: options.quiet)
    switch options.format {
    case .json:
      console.write(JSONReport.line(report))
    case .text:
      console.write(text.render(report))
      if !options.quiet { console.writeError(text.timingLine(report) + "\n") }
    }
    switch report.outcome {
    case .verified: return .verified
    case .violated: return .violated
    case .incomplete: return .incomplete
    }
  }
}
