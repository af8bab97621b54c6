"""fleet.layers: the model-parallel (mpu) layers and their communication ops."""
