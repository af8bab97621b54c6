"""paddle.incubate.nn rooms (see paddle_compat/_incubate/__init__.py)."""
