"""paddle.hapi.model: Model and its dynamic / static graph adapters."""
from .._hapi.model import DynamicGraphAdapter, Model, StaticGraphAdapter, to_list, to_numpy

__all__ = []

# A name Paddle 3.3.1 has here and paddle_compat lacks: its package's object or the census error
from .._census import missing_getattr as _missing_getattr  # noqa: E402
__getattr__ = _missing_getattr(__name__)
