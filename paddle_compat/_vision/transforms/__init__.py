"""Private rooms of paddle.vision.transforms (mirrors python/paddle/vision/transforms/)."""
