"""Private room of paddle.inference (mirrors python/paddle/inference/): wrapper.py."""
