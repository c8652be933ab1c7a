import FlowExplorer

extension PackedBytes {
  /// Replaces the bytes by the `PackedEncoding` of `words`.
  func replace(encoding words: [UInt16]) {
    let size = words.count * PackedEncoding.maximumBytesPerWord
    reserve(size)
    count = words.withUnsafeBufferPointer { PackedEncoding.encode($0, to: base) }
  }
}
