import FlowLanguage
import FlowReport

/// `flowcheck merge RESULT…`: reads the result files of a swarm check (`check --swarm K/N`,
/// `SwarmResult`), merges them (`SwarmMerge`) and prints one report.
///
/// Exit codes, as `check`'s: 1 a property is violated; 2 no violation, but incomplete (a
/// shard missing or stopped by a limit) or partial (bitstate: nothing is verified, so never
/// 0); 64 the files are not one swarm (another flow's text, another N, a shard twice);
/// 65 a file is not a swarm result; 66 a file cannot be read. Every file is read before
/// any error is reported, so each bad one is named.
enum MergeCommand {
  static func run<Output, ErrorOutput>(
    files: [String], format: MergeFormat, console: inout Console<Output, ErrorOutput>
  ) -> ExitCode {
    var shards: [SwarmMerge.Shard] = []
    var failed: ExitCode?
    for file in files {
      switch readDocument(file, parse: SwarmResult.parse, invalid: CommandFailure.badSwarmResult) {
      case .success(let result):
        shards.append(SwarmMerge.Shard(file: file, result: result))
      case .failure(let failure):
        failed = (failed ?? .verified).combined(with: console.report(failure))
      }
    }
    if let failed { return failed }
    let merged: SwarmMerge
    do {
      merged = try SwarmMerge.merge(shards)
    } catch {
      return console.report(.usage(UsageError(error.message, subcommand: .merge)))
    }
    console.write(format == .json ? merged.json : merged.text)
    switch merged.outcome {
    case .violated: return .violated
    case .incomplete, .partial: return .incomplete
    }
  }
}
