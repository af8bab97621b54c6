"""paddle.incubate.identity_loss (Paddle: incubate/nn/loss.py): marks the loss for IPU; on other
devices it is the reduction of x (0/'sum', 1/'mean', 2/'none')."""
import torch

from ..._tensor import wrap
from .._kernel import check_kernel_dtype

__all__ = ["identity_loss"]


def identity_loss(x, reduction="none"):
    """paddle.incubate.identity_loss(x, reduction='none'): sum (0, 'sum'), mean (1, 'mean') or x
    itself (2, 'none'); strings are case-insensitive."""
    if isinstance(reduction, str):
        reduction = {"sum": 0, "mean": 1, "none": 2}.get(reduction.lower())
        if reduction is None:
            raise TypeError("Unsupported reduction type.")
    if reduction not in (0, 1, 2):
        raise ValueError(f"(InvalidArgument) reduction should be 0, 1 and 2. But get {reduction}")
    t = x._t
    check_kernel_dtype(t, "identity_loss")
    if reduction == 0:
        return wrap(t.sum())
    if reduction == 1:
        return wrap(t.mean())
    return wrap(t.clone() if t.requires_grad else t)
