import FlowLanguage

extension PresentationStyle {
  /// The style's number in a packed state (`allCases` would build an array per use).
  var packedIndex: Int {
    switch self {
    case .pageSheet: 0
    case .formSheet: 1
    case .fullScreen: 2
    case .overFullScreen: 3
    }
  }

  init(packedIndex: Int) {
    switch packedIndex {
    case 0: self = .pageSheet
    case 1: self = .formSheet
    case 2: self = .fullScreen
    default: self = .overFullScreen
    }
  }
}
