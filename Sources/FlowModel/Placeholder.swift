import FlowLanguage
enum FlowModelPlaceholder {}
