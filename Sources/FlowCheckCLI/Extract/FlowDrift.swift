/// Placeholder replaced below.
enum FlowDrift {
  static func run<Output, ErrorOutput>(
    flow: String, draft: FlowDraft, options: ExtractOptions, console: inout Console<Output, ErrorOutput>
  ) -> ExitCode {
    .verified
  }
}
