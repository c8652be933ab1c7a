/// How reports name the signal a stop was requested with (`StopRequest.requested`):
/// `SIGINT`, `SIGTERM`, or `signal N`.
public func signalName(_ code: Int32) -> String {
  code == 2 ? "SIGINT" : code == 15 ? "SIGTERM" : "signal \(code)"
}

/// The exit status of a run that a stop request stopped (`StopRequest.requested`), as a
/// shell reports a process the signal ended: 143 for SIGTERM, 130 for SIGINT and any
/// other request. The one definition for the process's status and the reports' `exitCode`.
public func signalExitStatus(_ code: Int32) -> Int32 {
  code == 15 ? 128 + 15 : 128 + 2
}
