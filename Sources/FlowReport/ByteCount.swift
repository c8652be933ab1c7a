/// Sizes in bytes as people read them: `512 MiB`, `1.5 GiB`, `900 bytes` (powers of 1024,
/// the same units `--max-memory` accepts).
public enum ByteCount {
  /// `bytes` in the largest binary unit that keeps it at least 1, with one decimal unless
  /// it is a whole number of that unit.
  public static func describe(_ bytes: Int) -> String {
    let units = ["KiB", "MiB", "GiB", "TiB", "PiB"]
    guard bytes >= 1024 else { return bytes == 1 ? "1 byte" : "\(bytes) bytes" }
    var value = Double(bytes)
    var unit = -1
    while value >= 1024, unit + 1 < units.count {
      value /= 1024
      unit += 1
    }
    if value == value.rounded() { return "\(Int(value)) \(units[unit])" }
    let text = format(value, digits: 1)
    return (text.hasSuffix(".0") ? String(text.dropLast(2)) : text) + " " + units[unit]
  }
}
