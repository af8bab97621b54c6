"""paddle.incubate.nn.functional.fused_rms_norm (Paddle: incubate/nn/functional/fused_rms_norm.py,
kernel fused_rms_norm_quant): RMSNorm of (x + bias + residual) over the axes from
begin_norm_axis on, scaled by norm_weight and shifted by norm_bias. Paddle 3.3.1 runs it on CPU."""
import torch

from ...._tensor import wrap
from ..._kernel import check_kernel_dtype, dynamic_only

__all__ = ["fused_rms_norm"]


def fused_rms_norm(x, norm_weight, norm_bias, epsilon, begin_norm_axis=1, bias=None,
                   residual=None, quant_scale=-1, quant_round_type=0, quant_max_bound=0,
                   quant_min_bound=0):
    """paddle.incubate.nn.functional.fused_rms_norm(x, norm_weight, norm_bias, epsilon,
    begin_norm_axis=1, bias=None, residual=None, quant_scale=-1, ...) -> (out, residual_out):
    h = x + bias + residual; out = h / sqrt(mean(h**2 over the normalized axes) + epsilon) *
    norm_weight + norm_bias; residual_out = h when residual is given.

    Differences from Paddle: without `residual`, residual_out is None (Paddle returns an
    uninitialized Tensor); quant_scale > 0 (int8 output quantization) raises NotImplementedError;
    the gradient is computed (Paddle 3.3.1's CPU wheel has no fused_rms_norm_quant_grad kernel)."""
    dynamic_only("fused_rms_norm")
    rank = len(x.shape)
    axis = begin_norm_axis + rank if begin_norm_axis < 0 else begin_norm_axis
    if axis < 0 or axis >= rank:
        raise ValueError(f"begin_norm_axis must be in range [0, {rank}), but got {axis}"
                         + (f" (originally {axis - rank})" if begin_norm_axis < 0 else ""))
    if quant_scale > 0:
        raise NotImplementedError(
            "paddle.incubate.nn.functional.fused_rms_norm with quant_scale > 0 (int8 output) is "
            "not provided by paddle_compat; call it with quant_scale=-1 and quantize the result")
    h = x._t
    check_kernel_dtype(h, "fused_rms_norm_quant", cpu=(torch.float32,))
    if bias is not None:
        h = h + bias._t
    if residual is not None:
        h = h + residual._t
    dims = tuple(range(axis, rank))
    acc = h.float() if h.dtype in (torch.float16, torch.bfloat16) else h
    inv = torch.rsqrt(acc.pow(2).mean(dim=dims, keepdim=True) + epsilon)
    out = (acc * inv).to(h.dtype) * norm_weight._t.reshape(h.shape[axis:])
    if norm_bias is not None:
        out = out + norm_bias._t.reshape(h.shape[axis:])
    return wrap(out), (wrap(h) if residual is not None else None)
