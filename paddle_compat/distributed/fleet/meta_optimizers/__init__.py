"""fleet's dygraph meta optimizers (HybridParallelOptimizer)."""
