"""paddle.nn.quant.Stub (mirrors paddle/nn/quant/stub.py): an identity placeholder layer that
paddle.quantization replaces with an observer before PTQ / QAT."""
from ..layer.layers import Layer

__all__ = ["Stub"]


class Stub(Layer):
    """paddle.nn.quant.Stub(observer=None): returns its input unchanged; `observer` (a quanter
    factory) is kept for paddle.quantization to instantiate.

    Differences from Paddle: none known."""

    def __init__(self, observer=None):
        super().__init__()
        self._observer = observer

    def forward(self, input):
        return input
