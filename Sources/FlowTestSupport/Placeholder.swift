enum FlowTestSupportPlaceholder {}
