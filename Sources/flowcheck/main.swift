import FlowCheckCLI

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
var standardOutput = StandardStream.output
var standardError = StandardStream.error
let status = FlowCheckCommand.run(
  arguments: Array(CommandLine.arguments.dropFirst()),
  environment: ProcessEnvironment.current(),
  stdout: &standardOutput,
  stderr: &standardError,
  isTerminal: standardError.isTerminal
)
exit(status)
