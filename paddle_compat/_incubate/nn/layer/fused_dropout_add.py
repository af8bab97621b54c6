"""paddle.incubate.nn.FusedDropoutAdd (Paddle: incubate/nn/layer/fused_dropout_add.py):
dropout(x) + y as a layer (Paddle itself computes dropout + add)."""
from ...._nn.layer.layers import Layer
from ..functional.fused_dropout_add import fused_dropout_add

__all__ = ["FusedDropoutAdd"]


class FusedDropoutAdd(Layer):
    """paddle.incubate.nn.FusedDropoutAdd(p=0.5, mode='upscale_in_train', name=None):
    forward(x, y) = fused_dropout_add(x, y, p, training=self.training, mode)."""

    def __init__(self, p=0.5, mode="upscale_in_train", name=None):
        super().__init__()
        self.p = p
        self.mode = mode
        self.name = name

    def forward(self, x, y):
        return fused_dropout_add(x, y, p=self.p, training=self.training, mode=self.mode,
                                 name=self.name)

    def extra_repr(self):
        name_str = f", name={self.name}" if self.name else ""
        return f"p={self.p}, mode={self.mode}{name_str}"
