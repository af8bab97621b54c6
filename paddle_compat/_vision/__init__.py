"""Private rooms of paddle.vision (mirrors python/paddle/vision/)."""
