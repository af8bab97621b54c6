"""paddle.metric's classes and functions (Paddle: python/paddle/metric/metrics.py)."""
