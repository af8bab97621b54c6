"""paddle.autograd.py_layer: the module path Paddle code imports `once_differentiable` from."""
from .._autograd.py_layer import (PyLayer, PyLayerBackward, PyLayerContext, PyLayerMeta,
                                  once_differentiable)

__all__ = []
