import FlowExplorer
import FlowLanguage
import FlowReport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `flowcheck [check] FILE…`: reads each file (a directory stands for the `.flow` files
/// under it, `FlowPaths`), parses and resolves it (`FrontEnd.check`),
/// prints its diagnostics (warnings alone do not fail) and hands each flow without errors
/// to `explore`. Every file is checked even when an earlier one fails; the run exits with
/// the worst outcome (see `ExitCode.combined`).
enum CheckCommand {
  static func run<Output, ErrorOutput>(
    _ options: CheckOptions, stopRequest: StopRequest? = nil, console: inout Console<Output, ErrorOutput>
  ) -> ExitCode {
    let memoryLimit = options.maxMemory ?? MemoryLimit.defaultBytes
    if let bits = options.bitstateBits,
      let refusal = MemoryLimit.bitstateRefusal(
        bits: bits, limit: memoryLimit, physical: MemoryLimit.physicalMemory())
    {
      return console.report(.usage(UsageError(refusal)))
    }
    var outcome = ExitCode.verified
    for expansion in FlowPaths.expand(options.files) {
      guard case .files(let paths) = expansion else {
        if case .emptyDirectory(let directory) = expansion {
          outcome = outcome.combined(with: console.report(.noFlowFiles(directory: directory)))
        }
        continue
      }
      for path in paths {
        outcome = outcome.combined(
          with: check(path, options: options, stopRequest: stopRequest, console: &console))
        // A signal stops the run after the report of the file it interrupted.
        switch stopRequest?.requested ?? 0 {
        case 0: continue
        case SIGTERM: return .terminated
        default: return .interrupted
        }
      }
    }
    return outcome
  }

  private static func check<Output, ErrorOutput>(
    _ path: String, options: CheckOptions, stopRequest: StopRequest?,
    console: inout Console<Output, ErrorOutput>
  ) -> ExitCode {
    switch FlowLoading.load(path, console: &console) {
    case .failure(let failure): console.report(failure)
    case .success(let loaded):
      explore(
        loaded.flow, path: path, source: loaded.source, options: options, stopRequest: stopRequest,
        console: &console)
    }
  }
}
