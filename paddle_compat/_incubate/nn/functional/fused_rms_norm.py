"""paddle.incubate.nn.functional.fused_rms_norm (Paddle: incubate/nn/functional/fused_rms_norm.py,
kernel fused_rms_norm_quant): RMSNorm of (x + bias + residual) over the axes from
begin_norm_axis on, scaled by norm_weight and shifted by norm_bias. Paddle 3.3.1 runs it on CPU,
in both modes: static mode records its `fused_rms_norm_quant` op."""
import torch

from ...._mode import STATE
from ...._ops.registry import apply_op, defop
from ..._kernel import check_kernel_dtype
from ...._static.builder import helper_scope
from ..._static import drop_output, no_cpu_backward

__all__ = ["fused_rms_norm"]


def _kernel(x, bias=None, residual=None, norm_weight=None, norm_bias=None, epsilon=1e-5,
            begin_norm_axis=1, quant_scale=-1.0, quant_round_type=0, quant_max_bound=0.0,
            quant_min_bound=0.0):
    check_kernel_dtype(x, "fused_rms_norm_quant", cpu=(torch.float32,))
    h = x
    if bias is not None:
        h = h + bias
    if residual is not None:
        h = h + residual
    rank = h.dim()
    axis = begin_norm_axis + rank if begin_norm_axis < 0 else begin_norm_axis
    dims = tuple(range(axis, rank))
    acc = h.float() if h.dtype in (torch.float16, torch.bfloat16) else h
    inv = torch.rsqrt(acc.pow(2).mean(dim=dims, keepdim=True) + epsilon)
    out = (acc * inv).to(h.dtype) * norm_weight.reshape(h.shape[axis:])
    if norm_bias is not None:
        out = out + norm_bias.reshape(h.shape[axis:])
    # Without a residual Paddle's legacy op still writes an (empty, 0-d) residual_out variable.
    res = h if residual is not None else x.new_empty(())
    return out, res, inv.reshape(h.shape[:axis]).float()


_FUSED_RMS_NORM = defop(
    "fused_rms_norm_quant", _kernel, inputs=("x", "bias", "residual", "norm_weight", "norm_bias"),
    outputs=("out", "residual_out", "inv_var"),
    attrs={"epsilon": 1e-5, "begin_norm_axis": 1, "quant_scale": -1.0, "quant_round_type": 0,
           "quant_max_bound": 0.0, "quant_min_bound": 0.0},
    api="paddle.incubate.nn.functional.fused_rms_norm")
# Paddle's CPU wheel has no fused_rms_norm_quant_grad kernel: static gradients fail to build
no_cpu_backward(
    "fused_rms_norm_quant",
    lambda op: RuntimeError("(NotFound) The kernel `fused_rms_norm_quant_grad` is not registered."),
    lambda op: TypeError(
        "(InvalidType) Check data type error for op: fused_rms_norm_quant_grad, input: x, "
        f"x.dtype: {op.block._find_var_recursive(op.input('x')[0]).dtype.short}, and "
        "expected_dtype: "))


def fused_rms_norm(x, norm_weight, norm_bias, epsilon, begin_norm_axis=1, bias=None,
                   residual=None, quant_scale=-1, quant_round_type=0, quant_max_bound=0,
                   quant_min_bound=0):
    """paddle.incubate.nn.functional.fused_rms_norm(x, norm_weight, norm_bias, epsilon,
    begin_norm_axis=1, bias=None, residual=None, quant_scale=-1, ...) -> (out, residual_out):
    h = x + bias + residual; out = h / sqrt(mean(h**2 over the normalized axes) + epsilon) *
    norm_weight + norm_bias; residual_out = h when residual is given. In static mode it records
    Paddle's `fused_rms_norm_quant` op (legacy mode returns (out, residual_out, inv_var), as
    Paddle's LayerHelper branch does).

    Differences from Paddle: without `residual`, residual_out is None in dynamic mode (Paddle
    returns an uninitialized Tensor) and in PIR mode; quant_scale > 0 (int8 output quantization)
    raises NotImplementedError; in dynamic mode the gradient is computed (Paddle 3.3.1's CPU
    wheel has no fused_rms_norm_quant_grad kernel; a static backward raises its error, as
    Paddle's)."""
    rank = len(x.shape)
    axis = begin_norm_axis + rank if begin_norm_axis < 0 else begin_norm_axis
    if axis < 0 or axis >= rank:
        raise ValueError(f"begin_norm_axis must be in range [0, {rank}), but got {axis}"
                         + (f" (originally {axis - rank})" if begin_norm_axis < 0 else ""))
    if quant_scale > 0:
        raise NotImplementedError(
            "paddle.incubate.nn.functional.fused_rms_norm with quant_scale > 0 (int8 output) is "
            "not provided by paddle_compat; call it with quant_scale=-1 and quantize the result")
    attrs = {"epsilon": float(epsilon), "begin_norm_axis": int(begin_norm_axis),
             "quant_scale": float(quant_scale), "quant_round_type": int(quant_round_type),
             "quant_max_bound": float(quant_max_bound), "quant_min_bound": float(quant_min_bound)}
    with helper_scope("fused_rms_norm_quant"):     # Paddle's LayerHelper names the outputs
        out, res, inv = apply_op(_FUSED_RMS_NORM, (x, bias, residual, norm_weight, norm_bias),
                                 attrs)
    if STATE.static and not STATE.pir:
        return out, res, inv
    if residual is None:
        if STATE.static:
            drop_output(res)
        res = None
    return out, res
