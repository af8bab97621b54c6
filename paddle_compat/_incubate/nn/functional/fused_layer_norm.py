"""paddle.incubate.nn.functional.fused_layer_norm (Paddle: incubate/nn/functional/
fused_layer_norm.py, kernel fused_bias_residual_layernorm): LayerNorm of
(x + bias + residual_alpha * residual). Paddle 3.3.1 runs it on CPU."""
import torch

from ...._tensor import wrap
from ..._kernel import check_kernel_dtype, dynamic_only

__all__ = ["fused_layer_norm"]


def fused_layer_norm(x, norm_weight, norm_bias, epsilon, residual_alpha=1.0, begin_norm_axis=1,
                     bias=None, residual=None, quant_scale=-1, quant_round_type=0,
                     quant_max_bound=0, quant_min_bound=0):
    """paddle.incubate.nn.functional.fused_layer_norm(x, norm_weight, norm_bias, epsilon,
    residual_alpha=1.0, begin_norm_axis=1, bias=None, residual=None, quant_scale=-1, ...)
    -> (out, residual_out, mean, invvar): h = x + bias + residual_alpha * residual, normalized
    over the axes from begin_norm_axis on (mean and 1/sqrt(var + epsilon) per row, float32),
    times norm_weight plus norm_bias. With norm_weight and norm_bias both None, out is h.

    Differences from Paddle: without `residual`, residual_out is None (Paddle returns an
    uninitialized Tensor), and with norm_weight/norm_bias None, mean and invvar are None (Paddle
    returns uninitialized memory); quant_scale > 0 raises NotImplementedError."""
    dynamic_only("fused_layer_norm")
    if quant_scale > 0:
        raise NotImplementedError(
            "paddle.incubate.nn.functional.fused_layer_norm with quant_scale > 0 (int8 output) is "
            "not provided by paddle_compat; call it with quant_scale=-1 and quantize the result")
    h = x._t
    check_kernel_dtype(h, "fused_bias_residual_layernorm")
    if bias is not None:
        h = h + bias._t
    if residual is not None:
        h = h + residual_alpha * residual._t
    residual_out = wrap(h) if residual is not None else None
    if norm_weight is None and norm_bias is None:
        return wrap(h), residual_out, None, None
    rank = h.dim()
    axis = begin_norm_axis + rank if begin_norm_axis < 0 else begin_norm_axis
    rows = 1
    for d in h.shape[:axis]:
        rows *= d
    size = h.numel() // max(rows, 1)
    nw = norm_weight if norm_weight is not None else norm_bias
    if nw._t.shape[0] != size:
        raise ValueError(
            "(InvalidArgument) The normalized size of Input(X) must equal to be the size of "
            f"Weight, but received normalized size of Input(X) is [{size}], received size of "
            f"Weight is [{nw._t.shape[0]}]")
    flat = h.reshape(rows, size)
    acc = flat.float() if flat.dtype in (torch.float16, torch.bfloat16) else flat
    mean = acc.mean(dim=1)
    var = (acc - mean[:, None]).pow(2).mean(dim=1)
    invvar = torch.rsqrt(var + epsilon)
    out = ((acc - mean[:, None]) * invvar[:, None]).to(h.dtype)
    if norm_weight is not None:
        out = out * norm_weight._t
    if norm_bias is not None:
        out = out + norm_bias._t
    return (wrap(out.reshape(h.shape)), residual_out, wrap(mean.float()), wrap(invvar.float()))
