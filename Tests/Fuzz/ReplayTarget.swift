import FlowTestSupport

/// The `replay` fuzz target: libFuzzer calls it with each input, read as a trace file
/// (`flowcheck replay`). Nothing may trap and `ReaderLaws.brokenByTrace` must hold. A broken
/// law stops the run with the input saved as a crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func replayFuzzTarget(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
  let broken = ReaderLaws.brokenByTrace(bytes)
  if !broken.isEmpty { fatalError("a replay law is broken:\n" + broken.joined(separator: "\n")) }
  return 0
}
