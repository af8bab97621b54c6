"""fleet's base: the DistributedStrategy and the hybrid-parallel topology (as in Paddle)."""
