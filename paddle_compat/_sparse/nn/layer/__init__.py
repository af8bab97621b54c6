"""paddle.sparse.nn's layers (activation.py, conv.py, norm.py, pooling.py)."""
