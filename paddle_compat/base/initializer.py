"""paddle.base.initializer: set_global_initializer (what Paddle 3.3.1 keeps there; the
initializer classes are in paddle.nn.initializer)."""
from .._nn.initializer import set_global_initializer

__all__ = ["set_global_initializer"]
