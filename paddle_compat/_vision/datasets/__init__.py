"""Private rooms of paddle.vision.datasets (mirrors python/paddle/vision/datasets/)."""
