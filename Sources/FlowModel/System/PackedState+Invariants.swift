extension PackedState {
  /// Checks what the explorer takes on trust about a packed state: its words are a state's
  /// packing, which unpacks and packs back to the same words (nothing is lost or read out of
  /// its place in `PackedLayout`), and the fingerprint a frontier handed out with it is that
  /// of its bytes. Compiled in only with `-D FLOWCHECK_INTERNAL_CHECKS`.
  /// - Complexity: O(words)
  func _checkInvariants() {
    #if FLOWCHECK_INTERNAL_CHECKS
      precondition(
        FlowState<Runtime>(packed: words).packed() == words, "a packed state does not pack back to its words")
      if let fingerprint {
        let bytes = PackedEncoding.encode(words)
        let actual = bytes.withUnsafeBufferPointer { FlowSystem<Runtime>.fingerprint(ofEncoded: $0) }
        precondition(fingerprint == actual, "a packed state's fingerprint is not that of its bytes")
      }
    #endif
  }
}
