"""Private room of paddle.onnx (mirrors python/paddle/onnx/): export.py."""
