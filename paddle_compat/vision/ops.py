"""paddle.vision.ops: detection operators and their layers."""
from .._vision.ops import ConvNormActivation

__all__ = []
