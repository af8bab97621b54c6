"""paddle.incubate.nn.functional rooms (see paddle_compat/_incubate/__init__.py)."""
