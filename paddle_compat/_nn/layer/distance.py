"""paddle.nn distance layers (Paddle: nn/layer/distance.py): PairwiseDistance."""
from ..functional import distance as FD
from .layers import Layer

__all__ = ["PairwiseDistance"]


class PairwiseDistance(Layer):
    """paddle.nn.PairwiseDistance(p=2.0, epsilon=1e-6, keepdim=False, name=None)."""

    def __init__(self, p=2.0, epsilon=1e-6, keepdim=False, name=None):
        super().__init__()
        self.p, self.epsilon, self.keepdim, self.name = p, epsilon, keepdim, name

    def forward(self, x, y):
        return FD.pairwise_distance(x, y, self.p, self.epsilon, self.keepdim, self.name)

    def extra_repr(self):
        main = f"p={self.p}"
        if self.epsilon != 1e-6:
            main += f", epsilon={self.epsilon}"
        if self.keepdim is not False:
            main += f", keepdim={self.keepdim}"
        if self.name is not None:
            main += f", name={self.name}"
        return main
