"""paddle.static.InputSpec (Paddle: paddle/static/input.py), at the path paddle_compat has always
exported it from."""
from .._static.input_spec import InputSpec

__all__ = ["InputSpec"]
