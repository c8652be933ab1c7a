import FlowTestSupport

/// The `checker` fuzz target: libFuzzer calls it with each input. A flow the front end
/// accepts is checked within small limits on one thread and on two, and simulated briefly;
/// nothing may trap and `CheckerLaws` must hold. A broken law stops the run with the input
/// saved as a crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func checkerFuzzTarget(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
  let broken = CheckerLaws.broken(bytes)
  if !broken.isEmpty { fatalError("a checker law is broken:\n" + broken.joined(separator: "\n")) }
  return 0
}
