"""Private rooms of paddle.compat.nn (mirrors python/paddle/compat/nn/): functional.py (the
torch-style functions) and layers.py (the torch-style layers)."""
