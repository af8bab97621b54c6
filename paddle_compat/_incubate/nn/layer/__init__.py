"""paddle.incubate.nn.layer rooms (see paddle_compat/_incubate/__init__.py)."""
