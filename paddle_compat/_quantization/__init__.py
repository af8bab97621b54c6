"""Private room of paddle.quantization (mirrors python/paddle/quantization/): unsupported.py."""
