#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// Zero-filled arrays of integers for the visited table. Small ones come from `malloc`;
// from 2 MiB up they are mapped straight from the system: their pages read as zero and
// become resident only when first written, parts can be given back early
// (`discardPages`), and all of it goes back to the system when released.

/// Arrays of at least this many bytes are mapped, aligned to it and (on Linux) marked for
/// transparent huge pages: probes land on random pages, and with 4 KiB pages nearly every
/// probe of a table larger than the TLB's reach would also miss the TLB.
@usableFromInline let hugePageBytes = 1 << 21

/// A zero-filled array of `count` integers; give it back with `releaseZeroedArray`.
/// For the small arrays a table starts with: refused, it takes the reserve
/// (`MemoryReserve`), and a second refusal ends the process.
@usableFromInline func zeroedArray<Element: FixedWidthInteger>(_ count: Int) -> UnsafeMutablePointer<Element>
{
  guard
    let memory: UnsafeMutablePointer<Element> = zeroedArrayIfAvailable(count)
      ?? (MemoryReserve.release() ? zeroedArrayIfAvailable(count) : nil)
  else {
    fatalError("out of memory allocating a \(count * MemoryLayout<Element>.stride)-byte visited table")
  }
  return memory
}

/// A zero-filled array of `count` integers, or nil when the system refuses it (an
/// address-space limit): for a table that grows, which then keeps the array it has. A
/// refusal marks the searches `exhausted`, so that they stop at their next check with a
/// report, and leaves the reserve for the allocations that cannot fail (`MemoryReserve`).
@usableFromInline func zeroedArrayIfAvailable<Element: FixedWidthInteger>(
  _ count: Int
) -> UnsafeMutablePointer<Element>? {
  let bytes = count * MemoryLayout<Element>.stride
  guard bytes >= hugePageBytes else {
    guard let memory = calloc(count, MemoryLayout<Element>.stride) else {
      MemoryReserve.noteRefusal()
      return nil
    }
    return memory.bindMemory(to: Element.self, capacity: count)
  }
  // Mapped with a huge page to spare, then trimmed to an aligned start.
  let mapped = bytes + hugePageBytes
  func map() -> UnsafeMutableRawPointer? {
    let raw = mmap(nil, mapped, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
    return raw == MAP_FAILED ? nil : raw
  }
  guard let raw = map() else {
    MemoryReserve.noteRefusal()
    return nil
  }
  let address = Int(bitPattern: raw)
  let aligned = (address + hugePageBytes - 1) & ~(hugePageBytes - 1)
  if aligned > address { munmap(raw, aligned - address) }
  let tail = address + mapped - (aligned + bytes)
  if tail > 0 { munmap(UnsafeMutableRawPointer(bitPattern: aligned + bytes), tail) }
  let memory = UnsafeMutableRawPointer(bitPattern: aligned)!
  #if os(Linux)
    _ = madvise(memory, bytes, MADV_HUGEPAGE)
  #endif
  return memory.bindMemory(to: Element.self, capacity: count)
}

/// Gives back an array from `zeroedArray(count)`; nil is ignored.
@usableFromInline func releaseZeroedArray<Element: FixedWidthInteger>(
  _ array: UnsafeMutablePointer<Element>?, count: Int
) {
  guard let array else { return }
  let bytes = count * MemoryLayout<Element>.stride
  if bytes >= hugePageBytes {
    munmap(UnsafeMutableRawPointer(array), bytes)
  } else {
    free(array)
  }
}

/// Gives the pages wholly inside elements `range` of an array from `zeroedArray(count)`
/// back to the system early (they would read as zero again). Does nothing for a small
/// array: its pages are the allocator's, shared with other data.
@usableFromInline func discardPages<Element: FixedWidthInteger>(
  _ array: UnsafeMutablePointer<Element>?, count: Int, _ range: Range<Int>
) {
  let stride = MemoryLayout<Element>.stride
  guard let array, count * stride >= hugePageBytes else { return }
  let page = Int(getpagesize())
  let start = (Int(bitPattern: array) + range.lowerBound * stride + page - 1) / page * page
  let end = (Int(bitPattern: array) + range.upperBound * stride) / page * page
  guard end > start else { return }
  _ = madvise(UnsafeMutableRawPointer(bitPattern: start), end - start, MADV_DONTNEED)
}
