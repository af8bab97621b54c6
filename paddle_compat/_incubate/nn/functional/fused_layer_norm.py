"""paddle.incubate.nn.functional.fused_layer_norm (Paddle: incubate/nn/functional/
fused_layer_norm.py, kernel fused_bias_residual_layernorm): LayerNorm of
(x + bias + residual_alpha * residual). Paddle 3.3.1 runs it on CPU, in both modes: static mode
records its `fused_bias_residual_layernorm` op."""
import torch

from ...._mode import STATE
from ...._ops.registry import apply_op, defop
from ...._static.builder import helper_scope
from ...._tensor import Tensor
from ..._kernel import check_kernel_dtype
from ..._static import no_cpu_backward

__all__ = ["fused_layer_norm"]


def _kernel(x, bias=None, residual=None, norm_weight=None, norm_bias=None, epsilon=1e-5,
            residual_alpha=1.0, begin_norm_axis=1, quant_scale=-1.0, quant_round_type=0,
            quant_max_bound=0.0, quant_min_bound=0.0):
    check_kernel_dtype(x, "fused_bias_residual_layernorm")
    h = x
    if bias is not None:
        h = h + bias
    if residual is not None:
        h = h + residual_alpha * residual
    rank = h.dim()
    axis = begin_norm_axis + rank if begin_norm_axis < 0 else begin_norm_axis
    rows = 1
    for d in h.shape[:axis]:
        rows *= d
    if norm_weight is None and norm_bias is None:
        empty = h.new_empty((rows,), dtype=torch.float32)
        return h, empty, empty.clone(), h
    size = h.numel() // max(rows, 1)
    nw = norm_weight if norm_weight is not None else norm_bias
    if not h.is_meta and nw.shape[0] != size:
        raise ValueError(
            "(InvalidArgument) The normalized size of Input(X) must equal to be the size of "
            f"Weight, but received normalized size of Input(X) is [{size}], received size of "
            f"Weight is [{nw.shape[0]}]")
    flat = h.reshape(rows, size)
    acc = flat.float() if flat.dtype in (torch.float16, torch.bfloat16) else flat
    mean = acc.mean(dim=1)
    var = (acc - mean[:, None]).pow(2).mean(dim=1)
    invvar = torch.rsqrt(var + epsilon)
    out = ((acc - mean[:, None]) * invvar[:, None]).to(h.dtype)
    if norm_weight is not None:
        out = out * norm_weight
    if norm_bias is not None:
        out = out + norm_bias
    return out.reshape(h.shape), mean.float(), invvar.float(), h


# Output slots in the order Paddle's LayerHelper creates their variables (out, mean, variance,
# residual_out: fused_layernorm_<n>.tmp_0..3); PIR orders its results out, residual_out, mean,
# variance (pir_names).
_FUSED_LAYER_NORM = defop(
    "fused_bias_residual_layernorm", _kernel,
    inputs=("x", "bias", "residual", "norm_weight", "norm_bias"),
    outputs=("out", "mean", "variance", "residual_out"),
    attrs={"epsilon": 1e-5, "residual_alpha": 1.0, "begin_norm_axis": 1, "quant_scale": -1.0,
           "quant_round_type": 0, "quant_max_bound": 0.0, "quant_min_bound": 0.0},
    api="paddle.incubate.nn.functional.fused_layer_norm")
# Paddle 3.3.1 defines no grad op for it: legacy static gradients stop there, PIR refuses
no_cpu_backward(
    "fused_bias_residual_layernorm", None,
    lambda op: ValueError("op 'pd_op.fused_bias_residual_layernorm' has no grad op, consider "
                          "enable prim to decompose it."))


def fused_layer_norm(x, norm_weight, norm_bias, epsilon, residual_alpha=1.0, begin_norm_axis=1,
                     bias=None, residual=None, quant_scale=-1, quant_round_type=0,
                     quant_max_bound=0, quant_min_bound=0):
    """paddle.incubate.nn.functional.fused_layer_norm(x, norm_weight, norm_bias, epsilon,
    residual_alpha=1.0, begin_norm_axis=1, bias=None, residual=None, quant_scale=-1, ...)
    -> (out, residual_out, mean, invvar): h = x + bias + residual_alpha * residual, normalized
    over the axes from begin_norm_axis on (mean and 1/sqrt(var + epsilon) per row, float32),
    times norm_weight plus norm_bias. With norm_weight and norm_bias both None, out is h. In
    static mode it records Paddle's `fused_bias_residual_layernorm` op.

    Differences from Paddle: in dynamic mode, without `residual`, residual_out is None (Paddle
    returns an uninitialized Tensor), and with norm_weight/norm_bias None, mean and invvar are
    None (Paddle returns uninitialized memory); quant_scale > 0 raises NotImplementedError. A
    static backward through it gets no gradient in legacy mode and raises in PIR mode, as Paddle
    3.3.1 (no grad op) does."""
    if quant_scale > 0:
        raise NotImplementedError(
            "paddle.incubate.nn.functional.fused_layer_norm with quant_scale > 0 (int8 output) is "
            "not provided by paddle_compat; call it with quant_scale=-1 and quantize the result")
    attrs = {"epsilon": float(epsilon), "residual_alpha": float(residual_alpha),
             "begin_norm_axis": int(begin_norm_axis), "quant_scale": float(quant_scale),
             "quant_round_type": int(quant_round_type),
             "quant_max_bound": float(quant_max_bound), "quant_min_bound": float(quant_min_bound)}
    with helper_scope("fused_layernorm"):      # Paddle's LayerHelper names the outputs
        out, mean, invvar, res = apply_op(
            _FUSED_LAYER_NORM, (x, bias, residual, norm_weight, norm_bias), attrs)
    if STATE.static or not isinstance(out, Tensor):
        return out, res, mean, invvar
    if norm_weight is None and norm_bias is None:
        mean = invvar = None
    return out, (res if residual is not None else None), mean, invvar
