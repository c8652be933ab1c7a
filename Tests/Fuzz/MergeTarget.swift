import FlowTestSupport

/// The `merge` fuzz target: libFuzzer calls it with each input, read as a swarm result file
/// (`flowcheck merge`). Nothing may trap and `ReaderLaws.brokenBySwarmResult` must hold. A
/// broken law stops the run with the input saved as a crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func mergeFuzzTarget(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
  let broken = ReaderLaws.brokenBySwarmResult(bytes)
  if !broken.isEmpty { fatalError("a merge law is broken:\n" + broken.joined(separator: "\n")) }
  return 0
}
