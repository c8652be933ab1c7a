enum FlowExplorerPlaceholder {}
