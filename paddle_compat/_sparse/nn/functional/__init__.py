"""paddle.sparse.nn.functional's rooms (activation.py, conv.py, pooling.py, transformer.py)."""
