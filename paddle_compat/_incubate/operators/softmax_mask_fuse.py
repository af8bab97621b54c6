"""paddle.incubate.softmax_mask_fuse / softmax_mask_fuse_upper_triangle (Paddle:
incubate/operators/softmax_mask_fuse*.py): softmax(x + mask) over the last axis, and the causal
softmax that masks every key after the query's position."""
import torch

from ..._tensor import wrap
from .. import _kernel
from .._kernel import check_kernel_dtype, dynamic_only

__all__ = ["softmax_mask_fuse", "softmax_mask_fuse_upper_triangle"]


def softmax_mask_fuse(x, mask, name=None):
    """paddle.incubate.softmax_mask_fuse(x, mask): softmax(x + mask, axis=-1) with x 4-D
    [b, h, s, t] and mask [b, 1, s, t] (broadcast over the heads). An empty mask returns x + mask
    as Paddle does.

    Differences from Paddle: the result is computed unfused (the same values); float inputs only.
    """
    dynamic_only("softmax_mask_fuse")
    xt, mt = x._t, mask._t
    if mt.numel() == 0:
        return x + mask
    if xt.dim() != 4:
        raise ValueError("(InvalidArgument) Input x must be in 4D dimension but received the "
                         f"dimension of X is {xt.dim()}")
    if mt.dim() != 4:
        raise ValueError("(InvalidArgument) Input mask must be in 4D dimension but received the "
                         f"dimension of mask is {mt.dim()}")
    if mt.shape[1] != 1:
        raise ValueError("(InvalidArgument) Input mask's second dim must be 1 received the second "
                         f"dimension of mask is {mt.shape[1]}")
    for i in (0, 2, 3):
        if xt.shape[i] != mt.shape[i]:
            raise ValueError(
                f"(InvalidArgument) Input x's {i}th dim should be equal with input mask's {i}th "
                f"dim but received the {i}th dimension of x and mask are not equal the {i}th dim of x "
                f"is {xt.shape[i]}, while the {i}th dim of mask is {mt.shape[i]}.")
    if xt.dtype != mt.dtype:
        raise ValueError(
            "(InvalidArgument) The type of data we are trying to retrieve "
            f"({str(xt.dtype).replace('torch.', '')}) does not match the type of data "
            f"({str(mt.dtype).replace('torch.', '')}) currently contained in the container.")
    check_kernel_dtype(xt, "fused_softmax_mask")
    return wrap(torch.softmax(xt + mt, dim=-1))


def softmax_mask_fuse_upper_triangle(x):
    """paddle.incubate.softmax_mask_fuse_upper_triangle(x): the causal softmax of the 4-D x
    [b, h, s, s]: out[..., i, j] = softmax over j <= i of x[..., i, :], 0 for j > i.

    Differences from Paddle: none on CPU (Paddle's CPU kernel raises, and so does this); on CUDA
    the result is computed unfused (the same values)."""
    dynamic_only("softmax_mask_fuse_upper_triangle")
    xt = x._t
    if not _kernel.on_gpu(xt):
        raise NotImplementedError(
            "(Unimplemented) Softmax mask fuse op only supports GPU now.")
    if xt.dim() != 4:
        raise ValueError("(InvalidArgument) Input x must be in 4D dimension but received the "
                         f"dimension of X is {xt.dim()}")
    check_kernel_dtype(xt, "fused_softmax_mask_upper_triangle")
    s, t = xt.shape[-2], xt.shape[-1]
    keep = torch.ones(s, t, dtype=torch.bool, device=xt.device).tril()
    out = torch.softmax(xt.masked_fill(~keep, float("-inf")), dim=-1)
    return wrap(out)
