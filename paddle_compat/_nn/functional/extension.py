"""paddle.nn.functional extension functions (Paddle: nn/functional/extension.py): sequence_mask."""
import torch

from ..._dtype import to_dtype
from ..._ops.registry import defop, apply_op
from ..._tensor import Tensor

__all__ = ["sequence_mask"]


def _sequence_mask_kernel(x, maxlen=-1, out_dtype=None):
    n = int(x.max().item()) if maxlen < 0 else int(maxlen)
    if maxlen < 0 and x.numel() == 0:
        n = 0
    steps = torch.arange(n, device=x.device)
    return (steps < x.unsqueeze(-1)).to(out_dtype)


_SEQUENCE_MASK = defop("sequence_mask", _sequence_mask_kernel, inputs=("X",), outputs=("Y",),
                       attrs={"maxlen": -1, "out_dtype": torch.int64},
                       api="paddle.nn.functional.sequence_mask")


def sequence_mask(x, maxlen=None, dtype="int64", name=None):
    """paddle.nn.functional.sequence_mask(x, maxlen=None, dtype='int64', name=None): a mask of shape
    x.shape + [maxlen] whose entry [..., j] is 1 where j < x[...]; maxlen defaults to max(x).

    Differences from Paddle: a Tensor `maxlen` is read once as a Python int."""
    if isinstance(maxlen, Tensor):
        maxlen = int(maxlen.item())
    return apply_op(_SEQUENCE_MASK, (x,), {"maxlen": -1 if maxlen is None else int(maxlen),
                                           "out_dtype": to_dtype(dtype).torch})
