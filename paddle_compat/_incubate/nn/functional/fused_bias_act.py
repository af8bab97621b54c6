"""paddle.incubate.nn.functional.fused_bias_act (Paddle: incubate/nn/functional/fused_bias_act.py,
kernel phi/kernels/fusion/gpu/fused_bias_act_kernel.cu): act(x + bias) with act gelu (erf),
relu, or the gated geglu / swiglu (the last axis split in halves a, b: act(a) * b). GPU-only in
Paddle: on CPU tensors Paddle's CPU-wheel error, on CUDA the formula with torch."""
import torch
import torch.nn.functional as TF

from ...._tensor import wrap
from ..._kernel import refuse_static, require_gpu_kernel

__all__ = ["fused_bias_act"]


def _gated(act):
    def fn(t):
        a, b = t.chunk(2, dim=-1)
        return act(a) * b
    return fn


_ACTS = {"gelu": lambda t: TF.gelu(t), "relu": torch.relu,
         "geglu": _gated(lambda t: TF.gelu(t)), "swiglu": _gated(TF.silu)}


def fused_bias_act(x, bias=None, dequant_scales=None, shift=None, smooth=None, act_method="gelu",
                   compute_dtype="default", quant_scale=-1, quant_round_type=0,
                   quant_max_bound=0, quant_min_bound=0):
    """paddle.incubate.nn.functional.fused_bias_act(x, bias=None, dequant_scales=None, shift=None,
    smooth=None, act_method='gelu', compute_dtype='default', quant_scale=-1, ...): act(x + bias)
    for act_method 'gelu' (exact erf form, as Paddle's GeluFunctor without FLAGS_use_fast_math),
    'relu', 'geglu' or 'swiglu' (gated: the last axis of x + bias split in two halves a, b;
    out = act(a) * b, half as wide).

    Differences from Paddle: on CUDA computed unfused; the int8 paths (dequant_scales, shift,
    smooth, quant_scale > 0) raise NotImplementedError."""
    refuse_static("fused_bias_act", "x", x)
    require_gpu_kernel(x, "fused_bias_act")
    if dequant_scales is not None or shift is not None or smooth is not None or quant_scale > 0:
        raise NotImplementedError(
            "paddle.incubate.nn.functional.fused_bias_act: the int8 dequant/quant paths "
            "(dequant_scales, shift, smooth, quant_scale > 0) are not provided by paddle_compat; "
            "pass a float x and quantize the result yourself")
    act = _ACTS.get(act_method)
    if act is None:
        raise NotImplementedError("(Unimplemented) Currently Only Support GeGLU, SwiGLU, GeLU")
    t = x._t if bias is None else x._t + bias._t
    return wrap(act(t))
