"""paddle.incubate.nn.functional.fast_ln (Paddle: incubate/nn/functional/fast_ln.py, GPU kernel
phi/kernels/fusion/gpu/fast_ln_kernel.cu, NVIDIA apex's LayerNorm): layer norm over the last
axis returning the float32 per-row mean and inverse standard deviation."""
import torch

from ...._tensor import wrap
from ..._kernel import refuse_static
from ._norm_rows import accumulate, rows_cols

__all__ = ["fast_ln"]


def _pd_check(ok, cond):
    # PD_CHECK's text: the condition as written in the kernel source
    if not ok:
        raise RuntimeError(f"Expected {cond}, but it's not satisfied.")


def fast_ln(x, scale, bias, epsilon=1e-5):
    """paddle.incubate.nn.functional.fast_ln(x, scale, bias, epsilon=1e-5) -> (y, mean, invvar):
    mean = mean(x, -1), invvar = 1 / sqrt(var(x, -1) + epsilon) (biased variance), both float32
    of shape [rows] (rows = numel / x.shape[-1]); y = (x - mean) * invvar * scale + bias in
    scale's dtype. Computed in float32 (float64 for float64 input), as the kernel does.

    Differences from Paddle: Paddle 3.3.1 registers fast_ln only for GPU (its CPU wheel raises
    ``(NotFound) The kernel `fast_ln` is not registered.``); paddle_compat computes it with
    vectorised torch on CPU and CUDA, and has a gradient through torch's autograd (Paddle's
    fast_ln_grad kernel computes the same derivative)."""
    if refuse_static("fast_ln", "scale", scale, legacy="none"):
        return None
    _pd_check(bias.dtype == scale.dtype, "bias.type() == weight_type")
    _pd_check(len(x.shape) >= 2, "sizes.size() >= 2")
    rows, cols = rows_cols(x.shape)
    _pd_check(list(scale.shape) == list(bias.shape), "scale.dims() == bias.dims()")
    _pd_check(int(scale._t.numel()) == cols, "hidden_size == cols")
    _pd_check(epsilon >= 0.0, "epsilon >= 0.f")
    h = accumulate(x._t).reshape(rows, cols)
    mean = h.mean(dim=1)
    var = (h - mean[:, None]).pow(2).mean(dim=1)
    invvar = torch.rsqrt(var + epsilon)
    y = (h - mean[:, None]) * invvar[:, None] * accumulate(scale._t).reshape(cols) \
        + accumulate(bias._t).reshape(cols)
    stat = torch.float32
    return (wrap(y.to(scale._t.dtype).reshape(x._t.shape)), wrap(mean.to(stat)),
            wrap(invvar.to(stat)))
