import FlowTestSupport

/// The `frontend` fuzz target: libFuzzer calls it with each input. Lexing, parsing,
/// resolving (the recovered trees too) and formatting must not trap, and `FrontEndLaws` must
/// hold; a broken law stops the run with the input saved as a crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func frontEndFuzzTarget(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
  let broken = FrontEndLaws.broken(bytes)
  if !broken.isEmpty { fatalError("a front-end law is broken:\n" + broken.joined(separator: "\n")) }
  return 0
}
