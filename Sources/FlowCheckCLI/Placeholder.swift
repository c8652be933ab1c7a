enum FlowCheckCLIPlaceholder {}
