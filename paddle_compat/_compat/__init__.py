"""Private rooms of paddle.compat (mirrors python/paddle/compat/): the torch-style functions
(compat.py), the torch proxy switch (proxy.py), compat.nn's layers and functions (nn/)."""
