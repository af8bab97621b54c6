"""paddle.compat.nn.functional (Paddle: compat/nn/functional/__init__.py and sdpa.py): linear,
pad, unfold, scaled_dot_product_attention and softmax with torch's signatures and layouts
(linear's weight is [out, in]; pad lists pairs from the LAST dimension; sdpa takes
[batch, heads, seq, head_dim]). Paddle-style keywords (`x`, `name`, `weight_attr`, ...) raise
Paddle's TypeError naming the paddle.nn.functional function. Each is one op record on the torch
function of the same meaning (gradients from torch)."""
import torch.nn.functional as TF

from ..._ops.compat_softmax import softmax
from ..._ops.registry import apply_op, defop

__all__ = ["linear", "pad", "unfold", "scaled_dot_product_attention", "softmax"]


def _forbid(api, kwargs, paddle_name):
    for key in kwargs:
        if key in ("x", "name", "axis", "weight_attr", "bias_attr", "data_format", "training"):
            raise TypeError(f"paddle.compat.nn.functional.{api}() received unexpected keyword "
                            f"argument '{key}'. \nDid you mean to use {paddle_name}() instead?")
        raise TypeError(f"{api}() got an unexpected keyword argument '{key}'")


_LINEAR = defop("compat_linear", lambda x, w, b=None: TF.linear(x, w, b),
                inputs=("Input", "Weight", "Bias"), api="paddle.compat.nn.functional.linear")
_PAD = defop("compat_pad", lambda x, pad=(), mode="constant", value=0.0:
             TF.pad(x, pad, mode, value if mode == "constant" else None),
             attrs={"pad": [], "mode": "constant", "value": 0.0},
             api="paddle.compat.nn.functional.pad")
_UNFOLD = defop("compat_unfold", lambda x, kernel_size=1, dilation=1, padding=0, stride=1:
                TF.unfold(x, kernel_size, dilation, padding, stride),
                attrs={"kernel_size": 1, "dilation": 1, "padding": 0, "stride": 1},
                api="paddle.compat.nn.functional.unfold")
_SDPA = defop("compat_sdpa", lambda q, k, v, mask=None, dropout_p=0.0, is_causal=False,
              scale=None, enable_gqa=False: TF.scaled_dot_product_attention(
                  q, k, v, mask, dropout_p, is_causal, scale=scale, enable_gqa=enable_gqa),
              inputs=("Query", "Key", "Value", "AttnMask"),
              attrs={"dropout_p": 0.0, "is_causal": False, "scale": None, "enable_gqa": False},
              api="paddle.compat.nn.functional.scaled_dot_product_attention")


def linear(input, weight, bias=None, **kwargs):
    """paddle.compat.nn.functional.linear(input, weight, bias=None): input @ weight.T + bias, with
    torch's weight layout [out_features, in_features]."""
    _forbid("linear", kwargs, "paddle.nn.functional.linear")
    return apply_op(_LINEAR, (input, weight, bias))


def pad(input, pad, mode="constant", value=0.0, **kwargs):
    """paddle.compat.nn.functional.pad(input, pad, mode='constant', value=0.0): torch's pad
    (pairs (left, right) from the last dimension backwards; modes constant, reflect, replicate,
    circular)."""
    _forbid("pad", kwargs, "paddle.nn.functional.pad")
    if len(pad) % 2:
        raise ValueError("Padding length must be divisible by 2")
    if len(pad) // 2 > len(input.shape):
        raise ValueError("Padding length should be less than or equal to two times the input "
                         "dimension")
    return apply_op(_PAD, (input,), {"pad": [int(p) for p in pad], "mode": mode,
                                     "value": float(value)})


def unfold(input, kernel_size, dilation=1, padding=0, stride=1, **kwargs):
    """paddle.compat.nn.functional.unfold(input, kernel_size, dilation=1, padding=0, stride=1):
    torch's unfold (im2col) of a [N, C, H, W] tensor -> [N, C*kh*kw, L]."""
    _forbid("unfold", kwargs, "paddle.nn.functional.unfold")
    return apply_op(_UNFOLD, (input,), {"kernel_size": kernel_size, "dilation": dilation,
                                        "padding": padding, "stride": stride})


def scaled_dot_product_attention(query, key, value, attn_mask=None, dropout_p=0.0,
                                 is_causal=False, scale=None, enable_gqa=False, **kwargs):
    """paddle.compat.nn.functional.scaled_dot_product_attention(query, key, value,
    attn_mask=None, dropout_p=0.0, is_causal=False, scale=None, enable_gqa=False): torch's sdpa on
    [batch, heads, seq, head_dim] (paddle.nn.functional's takes [batch, seq, heads, head_dim]).

    Differences from Paddle: dropout draws from torch's generator."""
    _forbid("scaled_dot_product_attention", kwargs,
            "paddle.nn.functional.scaled_dot_product_attention")
    return apply_op(_SDPA, (query, key, value, attn_mask),
                    {"dropout_p": float(dropout_p), "is_causal": bool(is_causal),
                     "scale": scale, "enable_gqa": bool(enable_gqa)})


for _k in (_SDPA.kernel,):
    _k.draws_random = True      # dropout: static shape inference must not run it
