/// How reports name the signal a stop was requested with (`StopRequest.requested`):
/// `SIGINT`, `SIGTERM`, or `signal N`.
public func signalName(_ code: Int32) -> String {
  code == 2 ? "SIGINT" : code == 15 ? "SIGTERM" : "signal \(code)"
}
