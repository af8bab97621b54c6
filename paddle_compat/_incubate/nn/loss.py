"""paddle.incubate.identity_loss (Paddle: incubate/nn/loss.py): marks the loss for IPU; on other
devices it is the reduction of x (0/'sum', 1/'mean', 2/'none')."""
from ..._ops.registry import apply_op, defop
from .._kernel import check_kernel_dtype

__all__ = ["identity_loss"]


def _identity_loss_kernel(x, reduction=1):
    check_kernel_dtype(x, "identity_loss")
    if reduction == 0:
        return x.sum()
    if reduction == 1:
        return x.mean()
    return x.clone() if x.requires_grad else x


_IDENTITY_LOSS = defop("identity_loss", _identity_loss_kernel, attrs={"reduction": 1},
                       api="paddle.incubate.identity_loss")


def identity_loss(x, reduction="none"):
    """paddle.incubate.identity_loss(x, reduction='none'): sum (0, 'sum'), mean (1, 'mean') or x
    itself (2, 'none'); strings are case-insensitive. In static mode it records Paddle's
    `identity_loss` op."""
    if isinstance(reduction, str):
        reduction = {"sum": 0, "mean": 1, "none": 2}.get(reduction.lower())
        if reduction is None:
            raise TypeError("Unsupported reduction type.")
    if reduction not in (0, 1, 2):
        raise ValueError(f"(InvalidArgument) reduction should be 0, 1 and 2. But get {reduction}")
    return apply_op(_IDENTITY_LOSS, (x,), {"reduction": reduction})
