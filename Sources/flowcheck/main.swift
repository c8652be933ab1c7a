import FlowCheckCLI
import FlowExplorer

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// The executable is only this: the process's arguments, environment and streams in,
// the exit status out. Everything else is in FlowCheckCLI, where tests reach it. No
// Foundation: loading it (and its ICU data) was 14 MB of resident memory in every run.
//
// A reader that goes away (`flowcheck … | head -1`) is a write error like a full disk, not
// a silent death by SIGPIPE: with the signal ignored, the write fails with EPIPE.
signal(SIGPIPE, SIG_IGN)
// SIGINT and SIGTERM stop every subcommand with exit 130 or 143; a second signal ends the
// process at once (`ProcessSignals`, a handler in C that only records the signal).
ProcessSignals.install()
// Under `ulimit -v`, helper threads share the main thread's malloc arena, so that running
// out of memory ends as a report (`AddressSpaceLimit.shareOneArenaIfLimited`).
AddressSpaceLimit.shareOneArenaIfLimited()
/// The process's working directory, or nil when it cannot be read.
func currentDirectory() -> String? {
  guard let path = getcwd(nil, 0) else { return nil }
  defer { free(path) }
  return String(cString: path)
}

var standardOutput = StandardStream.output
var standardError = StandardStream.error
let status = FlowCheckCommand.run(
  arguments: Array(CommandLine.arguments.dropFirst()),
  environment: ProcessEnvironment.current(),
  stdout: &standardOutput,
  stderr: &standardError,
  isTerminal: standardError.isTerminal,
  workingDirectory: currentDirectory(),
  progress: ProgressOutput(isTerminal: standardError.isTerminal) { text in
    var standardError = StandardStream.error
    standardError.write(text)
  }
)
// Output that could not be written ends the run with EX_IOERR, whatever it found.
if let failure = standardOutput.failure {
  standardError.write("flowcheck: error: cannot write to standard output: \(failure)\n")
  exit(74)
}
if standardError.failure != nil { exit(74) }
exit(status)
