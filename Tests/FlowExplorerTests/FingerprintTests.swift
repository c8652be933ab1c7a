import Testing

@testable import FlowExplorer

/// The fixed hash, the seeded generator and the visited sets.
@Suite struct FingerprintTests {
  @Test func hashIsFixedAcrossRuns() {
    // Golden values: a change here changes every stored fingerprint and trace file.
    #expect(Fingerprint.hash([UInt8]()) == 0xB992_B056_E7D8_A844)
    #expect(Fingerprint.hash([1, 2, 3] as [UInt64]) == 0x2127_CA61_E4F1_E3AC)
    var generator = SplitMix64(seed: 0)
    #expect(Fingerprint.hash(UInt64(0)) == generator.next())
  }

  @Test func lengthIsFedFirst() {
    #expect(Fingerprint.hash([0] as [UInt64]) != Fingerprint.hash([0, 0] as [UInt64]))
    #expect(Fingerprint.hash([0] as [UInt8]) != Fingerprint.hash([0, 0] as [UInt8]))
    #expect(Fingerprint.hash([0] as [UInt32]) != Fingerprint.hash([0, 0] as [UInt32]))
    #expect(Fingerprint.hash([UInt8]()) != Fingerprint.hash([UInt64]([1])))
  }

  @Test func wordOrderMatters() {
    #expect(Fingerprint.hash([1, 2] as [UInt64]) != Fingerprint.hash([2, 1] as [UInt64]))
    #expect(Fingerprint.hash([1, 2, 3] as [UInt32]) != Fingerprint.hash([2, 1, 3] as [UInt32]))
  }

  @Test func bytesHashAsLittleEndianWords() {
    let bytes: [UInt8] = [1, 0, 0, 0, 0, 0, 0, 0, 2, 3]
    var hasher = Fingerprint()
    hasher.combine(10)
    hasher.combine(UInt64(1))
    hasher.combine(UInt64(0x0302))
    #expect(Fingerprint.hash(bytes) == hasher.value)
  }

  /// Bytes past the last whole word are read in one load when there are eight or more in
  /// all; every length must still hash as the words the layout describes, the tail
  /// zero-padded.
  @Test func everyTailHashesAsItsZeroPaddedWord() {
    var random = SplitMix64(seed: 7)
    for count in 0...40 {
      let bytes = (0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) }
      var expected = Fingerprint()
      expected.combine(count)
      for start in stride(from: 0, to: count, by: 8) {
        var word: UInt64 = 0
        for (shift, byte) in bytes[start..<min(start + 8, count)].enumerated() {
          word |= UInt64(byte) << UInt64(8 * shift)
        }
        expected.combine(word)
      }
      #expect(Fingerprint.hash(bytes) == expected.value, "\(count) bytes")
    }
  }

  @Test func smallStructuredInputsDoNotCollide() {
    var seen = Set<UInt64>()
    for a in 0..<64 {
      for b in 0..<64 {
        for c in 0..<16 {
          seen.insert(Fingerprint.hash([UInt32(a), UInt32(b), UInt32(c)]))
        }
      }
    }
    #expect(seen.count == 64 * 64 * 16)
  }

  @Test func splitMixMatchesTheReferenceSequence() {
    var random = SplitMix64(seed: 0)
    #expect(random.next() == 0xE220_A839_7B1D_CDAF)
    #expect(random.next() == 0x6E78_9E6A_A1B9_65F4)
    var bounded = SplitMix64(seed: 42)
    for bound in 1..<100 { #expect((0..<bound).contains(bounded.next(below: bound))) }
  }

  @Test func fingerprintTableFindsWhatItStored() {
    for keepsMarks in [false, true] {
      let table = FingerprintTable(minimumCapacity: 4, keepsMarks: keepsMarks)
      var random = SplitMix64(seed: 9)
      var keys: [UInt64] = [0, 2, 3]
      for _ in 0..<10_000 { keys.append(random.next()) }
      for (index, key) in keys.enumerated() {
        #expect(table.insert(key) == (true, 0))
        if index % 3 == 0 { table.addMarks(UInt8(truncatingIfNeeded: index | 1), to: key) }
      }
      for (index, key) in keys.enumerated() {
        let marks: UInt8 = keepsMarks && index % 3 == 0 ? UInt8(truncatingIfNeeded: index | 1) : 0
        let again = table.insert(key)
        #expect(!again.isNew)
        #expect(again.marks == marks)
        #expect(table.find(key) == marks)
      }
      #expect(table.count == keys.count)
      #expect(table.find(12345) == nil)
      // 0 is stored as 1, so 1 reads as seen.
      #expect(table.find(1) != nil)
      table._checkInvariants()
      let bytes = table.storedBytes
      table.releaseStorage()
      #expect(table.storedBytes == bytes, "the figure stays what the search used")
      #expect(table.count == 0 && table.capacity == 16 && table.find(keys[5]) == nil)
      table._checkInvariants()
    }
  }

  /// Past 2 MiB the table is mapped from the system, and growing gives the old table's
  /// pages back while it re-inserts: every key must survive that, with its marks, which add
  /// up.
  @Test func aMappedTableKeepsEveryKeyAcrossGrowth() {
    let table = FingerprintTable(minimumCapacity: 4, keepsMarks: true)
    var random = SplitMix64(seed: 17)
    let keys = (0..<400_000).map { _ in random.next() | 1 }
    func marks(_ key: UInt64) -> UInt8 { UInt8(truncatingIfNeeded: key >> 8) & 0b1010_0101 }
    for key in keys {
      _ = table.insert(key)
      table.addMarks(marks(key) & 0x0F, to: key)
    }
    for key in keys { table.addMarks(marks(key) & 0xF0, to: key) }
    #expect(table.capacity * 8 >= 4 << 20, "the keys grew past the mapped size")
    #expect(table.count == Set(keys).count)
    #expect(keys.allSatisfy { table.find($0) == marks($0) })
    table._checkInvariants()
  }

  @Test func bitstateFindsEveryStateOfASmallSpace() {
    let clock = BinaryClock(bits: 12, properties: [.always("few bits") { $0.nonzeroBitCount < 12 }])
    let options = ExplorerOptions(bitstate: .init(log2Bits: 24, hashCount: 3))
    let result = Explorer.explore(clock, options: options)
    #expect(result.isProbabilistic)
    #expect(result.states == 1 << 12)
    #expect(result.estimatedCoverage > 0.999)
    #expect(result.violations.first?.trace.count == 12)
    #expect(result.storedBytes < (1 << 24) / 8 + 64 << 12)
    #expect(
      signature(result)
        == signature(
          Explorer.explore(clock, options: ExplorerOptions(threads: 2, bitstate: options.bitstate))))
  }

  /// The bit array's counters agree with its bits as it fills, and every state inserted
  /// reads as seen.
  @Test(arguments: [(12, 1), (16, 3), (20, 4), (5, 2)])
  func bitstateArrayCountsItsBits(log2Bits: Int, hashCount: Int) {
    let array = BitstateArray(log2Bits: log2Bits, hashCount: hashCount)
    array._checkInvariants()
    var random = SplitMix64(seed: UInt64(log2Bits))
    let keys = (0..<3_000).map { _ in random.next() }
    for (index, key) in keys.enumerated() {
      _ = array.insert(key)
      if index % 97 == 0 { array._checkInvariants() }
    }
    array._checkInvariants()
    #expect(keys.allSatisfy { array.find($0) != nil })
    #expect(array.count <= keys.count && array.count > 0)
  }

  @Test func bitstateCannotCheckCanReach() {
    let ring = Ring(size: 10, properties: [.canReach("home") { $0 == 0 }, .sometimes("five") { $0 == 5 }])
    let result = Explorer.explore(ring, options: ExplorerOptions(bitstate: .init(log2Bits: 16)))
    #expect(result.verdicts == [.unknown, .holds])
  }

  @Test func tinyBitstateMissesStatesAndSaysSo() {
    let options = ExplorerOptions(bitstate: .init(log2Bits: 12, hashCount: 2))
    let result = Explorer.explore(BinaryClock(bits: 14), options: options)
    #expect(result.states < 1 << 14)
    #expect(result.estimatedCoverage < 0.9)
  }

  /// Swarm shards (`check --swarm K/N`): on a table too small for the space, different seeds
  /// lose different states; each seeded search is still breadth-first (a shortest trace of
  /// the states it kept), and the same seed gives the same search with any thread count.
  @Test func bitstateSeedsDiversifyTheSearch() {
    let clock = BinaryClock(bits: 14, properties: [.always("few bits") { $0.nonzeroBitCount < 14 }])
    func run(_ seed: UInt64, threads: Int = 1) -> ExplorationResult<Int> {
      Explorer.explore(
        clock,
        options: ExplorerOptions(threads: threads, bitstate: .init(log2Bits: 15, hashCount: 2, seed: seed)))
    }
    let plain = Explorer.explore(
      clock, options: ExplorerOptions(bitstate: .init(log2Bits: 15, hashCount: 2)))
    #expect(signature(run(0)) == signature(plain))
    let seeded = (1...4).map { run($0) }
    #expect(Set(seeded.map(\.states)).count > 1)
    #expect(seeded.allSatisfy { $0.states < 1 << 14 })
    for (index, result) in seeded.enumerated() {
      #expect(signature(result) == signature(run(UInt64(index + 1), threads: 2)))
      if let trace = result.violations.first?.trace { #expect(trace.count >= 14) }
    }
  }
}
