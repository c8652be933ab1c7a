import FlowCheckCLI
import Foundation

// The executable is only this: the process's arguments, environment and streams in,
// the exit status out. Everything else is in FlowCheckCLI, where tests reach it.
var standardOutput = StandardStream.output
var standardError = StandardStream.error
let status = FlowCheckCommand.run(
  arguments: Array(CommandLine.arguments.dropFirst()),
  environment: ProcessInfo.processInfo.environment,
  stdout: &standardOutput,
  stderr: &standardError,
  isTerminal: standardError.isTerminal
)
exit(status)
