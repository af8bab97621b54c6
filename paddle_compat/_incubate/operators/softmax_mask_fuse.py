"""paddle.incubate.softmax_mask_fuse / softmax_mask_fuse_upper_triangle (Paddle:
incubate/operators/softmax_mask_fuse*.py): softmax(x + mask) over the last axis, and the causal
softmax that masks every key after the query's position. Both record Paddle's ops in static mode
(`fused_softmax_mask`, `fused_softmax_mask_upper_triangle`)."""
import torch

from ..._ops.registry import apply_op, defop
from .. import _kernel
from .._kernel import check_kernel_dtype
from ..._static.builder import helper_scope

__all__ = ["softmax_mask_fuse", "softmax_mask_fuse_upper_triangle"]


def softmax_mask_fuse(x, mask, name=None):
    """paddle.incubate.softmax_mask_fuse(x, mask): softmax(x + mask, axis=-1) with x 4-D
    [b, h, s, t] and mask [b, 1, s, t] (broadcast over the heads). An empty mask returns x + mask
    as Paddle does.

    Differences from Paddle: the result is computed unfused (the same values); float inputs only.
    """
    xs, ms = list(x.shape), list(mask.shape)
    if 0 in ms:
        return x + mask
    if len(xs) != 4:
        raise ValueError("(InvalidArgument) Input x must be in 4D dimension but received the "
                         f"dimension of X is {len(xs)}")
    if len(ms) != 4:
        raise ValueError("(InvalidArgument) Input mask must be in 4D dimension but received the "
                         f"dimension of mask is {len(ms)}")
    if ms[1] != 1:
        raise ValueError("(InvalidArgument) Input mask's second dim must be 1 received the second "
                         f"dimension of mask is {ms[1]}")
    for i in (0, 2, 3):
        if xs[i] != ms[i] and xs[i] >= 0 and ms[i] >= 0:
            raise ValueError(
                f"(InvalidArgument) Input x's {i}th dim should be equal with input mask's {i}th "
                f"dim but received the {i}th dimension of x and mask are not equal the {i}th dim of x "
                f"is {xs[i]}, while the {i}th dim of mask is {ms[i]}.")
    with helper_scope("fused_softmax_mask"):   # Paddle's LayerHelper names the output
        return apply_op(_SOFTMAX_MASK, (x, mask))


def _mask_kernel(xt, mt):
    if xt.dtype != mt.dtype:
        raise ValueError(
            "(InvalidArgument) The type of data we are trying to retrieve "
            f"({str(xt.dtype).replace('torch.', '')}) does not match the type of data "
            f"({str(mt.dtype).replace('torch.', '')}) currently contained in the container.")
    check_kernel_dtype(xt, "fused_softmax_mask")
    return torch.softmax(xt + mt, dim=-1)


_SOFTMAX_MASK = defop("fused_softmax_mask", _mask_kernel, inputs=("X", "Mask"),
                      api="paddle.incubate.softmax_mask_fuse")


def softmax_mask_fuse_upper_triangle(x):
    """paddle.incubate.softmax_mask_fuse_upper_triangle(x): the causal softmax of the 4-D x
    [b, h, s, s]: out[..., i, j] = softmax over j <= i of x[..., i, :], 0 for j > i.

    Differences from Paddle: none on CPU (Paddle's CPU kernel raises, and so does this); on CUDA
    the result is computed unfused (the same values). A static program records the op and raises
    the CPU error when the Executor runs it, as Paddle's does."""
    with helper_scope("fused_softmax_mask_upper_triangle"):
        return apply_op(_SOFTMAX_MASK_UT, (x,))


def _upper_triangle_kernel(xt):
    if not (_kernel.on_gpu(xt) or xt.is_meta):
        raise NotImplementedError(
            "(Unimplemented) Softmax mask fuse op only supports GPU now.")
    if xt.dim() != 4:
        raise ValueError("(InvalidArgument) Input x must be in 4D dimension but received the "
                         f"dimension of X is {xt.dim()}")
    check_kernel_dtype(xt, "fused_softmax_mask_upper_triangle")
    s, t = xt.shape[-2], xt.shape[-1]
    keep = torch.ones(s, t, dtype=torch.bool, device=xt.device).tril()
    return torch.softmax(xt.masked_fill(~keep, float("-inf")), dim=-1)


_SOFTMAX_MASK_UT = defop("fused_softmax_mask_upper_triangle", _upper_triangle_kernel,
                         api="paddle.incubate.softmax_mask_fuse_upper_triangle")
