"""paddle.incubate.nn.functional.fast_rms_norm (Paddle: incubate/nn/functional/fast_rms_norm.py,
GPU kernel from NVIDIA apex's RMSNorm): RMS norm over the last axis returning the float32 per-row
inverse RMS."""
import torch

from ...._tensor import wrap
from ..._kernel import refuse_static
from ._norm_rows import accumulate, rows_cols

__all__ = ["fast_rms_norm"]


def fast_rms_norm(x, scale, epsilon=1e-5):
    """paddle.incubate.nn.functional.fast_rms_norm(x, scale, epsilon=1e-5) -> (y, invvar):
    invvar = 1 / sqrt(mean(x**2, -1) + epsilon), float32 of shape [rows] (rows = numel /
    x.shape[-1]); y = x * invvar * scale in scale's dtype, computed in float32 (float64 for
    float64 input).

    Differences from Paddle: Paddle 3.3.1 has fast_rms_norm only on GPU (its CPU wheel raises
    ``(NotFound) The kernel `fast_rms_norm` is not registered.``); paddle_compat computes it with
    vectorised torch on CPU and CUDA, with a gradient through torch's autograd."""
    if refuse_static("fast_rms_norm", "scale", scale, legacy="none"):
        return None
    if len(x.shape) < 2:
        raise RuntimeError("Expected sizes.size() >= 2, but it's not satisfied.")
    rows, cols = rows_cols(x.shape)
    if int(scale._t.numel()) != cols:
        raise RuntimeError("Expected hidden_size == cols, but it's not satisfied.")
    h = accumulate(x._t).reshape(rows, cols)
    invvar = torch.rsqrt(h.pow(2).mean(dim=1) + epsilon)
    y = h * invvar[:, None] * accumulate(scale._t).reshape(cols)
    return wrap(y.to(scale._t.dtype).reshape(x._t.shape)), wrap(invvar.to(torch.float32))
