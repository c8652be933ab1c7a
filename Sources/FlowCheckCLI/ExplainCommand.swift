/// `flowcheck explain ID`: prints what an invariant checks, why it matters, a typical
/// cause and how to fix it. The id was validated by the argument parser.
enum ExplainCommand {
  static func run<Output, ErrorOutput>(id: String, console: inout Console<Output, ErrorOutput>) -> ExitCode {
    guard let explanation = InvariantExplanation.all.first(where: { $0.id == id }) else {
      let suggestion = Suggestion.closest(to: id, among: InvariantExplanation.ids)
      return console.report(
        .usage(UsageError("unknown invariant '\(id)'", suggestion: suggestion, subcommand: .explain)))
    }
    console.write(explanation.rendered(width: HelpText.width))
    return .verified
  }
}
