import FlowModel

/// `flowcheck explain ID`: prints what an invariant checks, why it matters, a typical
/// cause and how to fix it. The id was validated by the argument parser. Without an id,
/// it lists the ids, each with the one line saying when it holds.
enum ExplainCommand {
  static func run<Output, ErrorOutput>(id: String?, console: inout Console<Output, ErrorOutput>) -> ExitCode {
    guard let id else {
      console.write(Invariant.list())
      return .verified
    }
    guard let invariant = InvariantRegistry.all.first(where: { $0.id.rawValue == id }) else {
      let suggestion = Suggestion.closest(to: id, among: Invariant.ids)
      return console.report(
        .usage(UsageError("unknown invariant '\(id)'", suggestion: suggestion, subcommand: .explain)))
    }
    console.write(invariant.rendered(width: HelpText.width))
    return .verified
  }
}
