/// Text inside XML attributes and elements (JUnit, Checkstyle): the five predefined entities,
/// line breaks and tabs as character references so that attributes keep them, and the
/// control characters XML 1.0 forbids dropped.
enum XMLText {
  static func escape(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&apos;"
      case "\n": result += "&#10;"
      case "\r": result += "&#13;"
      case "\t": result += "&#9;"
      default:
        if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF { continue }
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// The declaration every document starts with.
  static let declaration = #"<?xml version="1.0" encoding="UTF-8"?>"#
}
