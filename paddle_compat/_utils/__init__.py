"""Private rooms of paddle.utils (mirrors python/paddle/utils/)."""
