"""paddle.incubate.nn.functional.fused_rms_norm_ext (Paddle:
incubate/nn/functional/fused_rms_norm_ext.py, GPU kernel
phi/kernels/fusion/gpu/fused_rms_norm_ext_kernel.cu `RMSLnFwd`): RMS norm over the last axis
with the float32 per-row inverse RMS, as the fused LLM training kernels use it."""
import torch

from ...._tensor import wrap
from ..._kernel import refuse_static
from ._norm_rows import accumulate, rows_cols

__all__ = ["fused_rms_norm_ext"]

_DTYPES = (torch.float32, torch.float64, torch.bfloat16)


def fused_rms_norm_ext(x, scale, epsilon=1e-5, name=None):
    """paddle.incubate.nn.functional.fused_rms_norm_ext(x, scale, epsilon=1e-5, name=None) ->
    (y, invvar): invvar = 1 / sqrt(mean(x**2, -1) + epsilon), float32 of shape [rows]
    (rows = numel / x.shape[-1]); y = x * invvar * scale, computed in float32, stored in
    bfloat16 when scale is bfloat16 and in float32 when scale is float32 (as RMSLnFwd allocates
    it; float64 scale keeps float64). Differentiable (Paddle's fused_rms_norm_ext_grad).

    Differences from Paddle: Paddle 3.3.1 registers this kernel only for GPU/XPU (its CPU wheel
    raises ``(NotFound) The kernel `fused_rms_norm_ext` is not registered.``); paddle_compat
    computes it with vectorised torch on CPU and CUDA."""
    refuse_static("fused_rms_norm_ext", "x", x)
    if x._t.dtype not in _DTYPES:
        name_ = str(x._t.dtype).replace("torch.", "")
        raise RuntimeError(
            f"(NotFound) The kernel with key (GPU, Undefined(AnyLayout), {name_}) of kernel "
            f"`fused_rms_norm_ext` is not registered. Selected wrong DataType `{name_}`. Paddle "
            f"support following DataTypes: float32, float64, bfloat16.")
    rows, cols = rows_cols(x.shape)
    h = accumulate(x._t).reshape(rows, cols)
    invvar = torch.rsqrt(h.pow(2).mean(dim=1) + epsilon)
    y = h * invvar[:, None] * accumulate(scale._t).reshape(cols)
    out_dtype = scale._t.dtype if scale._t.dtype in _DTYPES else torch.float32
    return wrap(y.to(out_dtype).reshape(x._t.shape)), wrap(invvar.to(torch.float32))
