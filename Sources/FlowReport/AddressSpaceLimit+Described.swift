import FlowExplorer

extension AddressSpaceLimit {
  /// " (address-space limit 56.0 MB, ulimit -v)", or "" without a limit.
  static var described: String {
    bytes.map { " (address-space limit \(ByteCount.describe($0)), ulimit -v)" } ?? ""
  }
}
