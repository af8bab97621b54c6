"""paddle.incubate.nn.functional.moe_combine (Paddle: incubate/nn/functional/moe_combine.py, GPU
kernels moe_combine / moe_combine_grad)."""
import torch

from ...._tensor import wrap
from ..._kernel import refuse_static
from ._moe_checks import check_dtype, check_rank, tensor_arg

__all__ = ["moe_combine"]

_FLOATS = (torch.float32, torch.float64, torch.bfloat16, torch.float16)


def moe_combine(x, combine_weights, scatter_index, name=None):
    """paddle.incubate.nn.functional.moe_combine(x, combine_weights, scatter_index): the weighted
    sum of each token's k expert outputs, y[s] = sum_k combine_weights[s, k] *
    x[scatter_index[s, k]], for x [rows, dim], combine_weights [s, k] of x's dtype and the int32
    scatter_index [s, k]; y is [s, dim]. Gradients flow to x and combine_weights.

    Differences from Paddle: Paddle 3.3.1 has only a GPU kernel; here it runs on any device.
    An index outside [0, rows) raises ValueError (Paddle's kernel reads out of bounds)."""
    refuse_static("moe_combine", "x", x)
    xt = tensor_arg("moe_combine", "x", x)
    w = tensor_arg("moe_combine", "combine_weights", combine_weights)
    idx = tensor_arg("moe_combine", "scatter_index", scatter_index)
    check_dtype("moe_combine", "x", xt, _FLOATS)
    check_dtype("moe_combine", "combine_weights", w, (xt.dtype,))
    check_dtype("moe_combine", "scatter_index", idx, (torch.int32,))
    check_rank("moe_combine", "x", xt, (2,))
    check_rank("moe_combine", "combine_weights", w, (2,))
    if list(idx.shape) != list(w.shape):
        raise ValueError("paddle.incubate.nn.functional.moe_combine: scatter_index "
                         f"{list(idx.shape)} must have combine_weights' shape {list(w.shape)}")
    if idx.numel() and (int(idx.min()) < 0 or int(idx.max()) >= xt.shape[0]):
        raise ValueError("paddle.incubate.nn.functional.moe_combine: scatter_index values must "
                         f"lie in [0, {xt.shape[0]}), x's rows")
    picked = xt[idx.long()]                                    # [s, k, dim]
    return wrap((w.unsqueeze(-1) * picked).sum(1))
