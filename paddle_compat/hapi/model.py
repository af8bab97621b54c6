"""paddle.hapi.model: Model and its dynamic / static graph adapters."""
from .._hapi.model import DynamicGraphAdapter, Model, StaticGraphAdapter, to_list, to_numpy

__all__ = []
