"""paddle.incubate.nn layers (see paddle_compat/_incubate/__init__.py)."""
