"""The legacy reader-creator datasets of Paddle's `paddle/dataset/` (common, mnist)."""
