"""paddle.compat.nn's layers (Paddle: compat/nn/__init__.py and transformer.py): Linear, Softmax,
Unfold, AvgPool1D/2D/3D (also spelled AvgPool1d/2d/3d) and MultiheadAttention with torch's
constructor arguments and parameter layouts, initialised as Paddle 3.3.1 initialises them
(Linear: seeded draws equal Paddle's). Paddle-style keywords
(`weight_attr`, `bias_attr`, `name`, `axis`) raise Paddle's TypeError naming the paddle.nn layer.
"""
import math

import torch.nn.functional as TF

from ..._nn.layer.layers import Layer
from ..._ops.compat_softmax import softmax as _softmax
from ..._ops.random import uniform
from ..._ops.registry import apply_op, defop
from . import functional as F

__all__ = ["Linear", "Softmax", "Unfold", "AvgPool1D", "AvgPool2D", "AvgPool3D", "AvgPool1d",
           "AvgPool2d", "AvgPool3d", "MultiheadAttention"]


def _forbid(api, kwargs, paddle_name, keys=("weight_attr", "bias_attr", "name", "axis")):
    for key in kwargs:
        if key in keys:
            raise TypeError(f"paddle.compat.nn.{api}() received unexpected keyword argument "
                            f"'{key}'. \nDid you mean to use {paddle_name}() instead?")
        raise TypeError(f"{api}.__init__() got an unexpected keyword argument '{key}'")


def _kaiming_uniform(param, fan_in):
    # Paddle's nn.init.kaiming_uniform_(a=sqrt(5)) draws U(-bound, bound) into the parameter
    bound = 1 / math.sqrt(fan_in) if fan_in > 0 else 0
    param.set_value(uniform(list(param.shape), dtype=param.dtype, min=-bound, max=bound))


class Linear(Layer):
    """paddle.compat.nn.Linear(in_features, out_features, bias=True, device=None, dtype=None):
    y = x @ weight.T + bias with torch's weight layout [out_features, in_features]."""

    def __init__(self, in_features, out_features, bias=True, device=None, dtype=None, **kwargs):
        _forbid("Linear", kwargs, "paddle.nn.Linear")
        super().__init__()
        self._dtype = self._helper_dtype(dtype)
        self.in_features, self.out_features = in_features, out_features
        self.weight = self.create_parameter([out_features, in_features], dtype=self._dtype,
                                            device=device)
        self.bias = (self.create_parameter([out_features], dtype=self._dtype, is_bias=True,
                                           device=device) if bias else None)
        self.reset_parameters()

    def _helper_dtype(self, dtype):
        from ..._dtype import get_default_dtype
        return get_default_dtype() if dtype is None else dtype

    def reset_parameters(self):
        """Re-draw the parameters as Paddle 3.3.1 does: the weight from
        U(-1/sqrt(out_features), 1/sqrt(out_features)) (Paddle's kaiming_uniform_ takes the fan-in
        from the first axis, which is out_features in this layout), the bias from
        U(-1/sqrt(in_features), 1/sqrt(in_features)); seeded draws equal Paddle's."""
        _kaiming_uniform(self.weight, self.out_features)
        if self.bias is not None:
            _kaiming_uniform(self.bias, self.in_features)

    def forward(self, input):
        return F.linear(input, self.weight, self.bias)

    def extra_repr(self):
        return (f"in_features={self.in_features}, out_features={self.out_features}, "
                f"bias={self.bias is not None}")


class Softmax(Layer):
    """paddle.compat.nn.Softmax(dim=None): the torch-style softmax along dim (torch's legacy
    default when None)."""

    def __init__(self, dim=None, **kwargs):
        _forbid("Softmax", kwargs, "paddle.nn.Softmax")
        super().__init__()
        self.dim = dim

    def forward(self, input):
        return _softmax(input, self.dim)

    def extra_repr(self):
        return f"dim={self.dim}"


class Unfold(Layer):
    """paddle.compat.nn.Unfold(kernel_size, dilation=1, padding=0, stride=1): torch's im2col."""

    def __init__(self, kernel_size, dilation=1, padding=0, stride=1, **kwargs):
        _forbid("Unfold", kwargs, "paddle.nn.Unfold")
        super().__init__()
        self.kernel_size, self.dilation = kernel_size, dilation
        self.padding, self.stride = padding, stride

    def forward(self, input):
        return F.unfold(input, self.kernel_size, self.dilation, self.padding, self.stride)

    def extra_repr(self):
        return (f"kernel_size={self.kernel_size}, dilation={self.dilation}, "
                f"padding={self.padding}, stride={self.stride}")


_AVG = {1: TF.avg_pool1d, 2: TF.avg_pool2d, 3: TF.avg_pool3d}
_AVG_OPS = {
    n: defop(f"compat_avg_pool{n}d", (lambda fn, n: lambda x, kernel_size=1, stride=None,
                                      padding=0, ceil_mode=False, count_include_pad=True,
                                      divisor_override=None:
             fn(x, kernel_size, stride, padding, ceil_mode, count_include_pad)
             if n == 1 else fn(x, kernel_size, stride, padding, ceil_mode, count_include_pad,
                               divisor_override))(fn, n),
             attrs={"kernel_size": 1, "stride": None, "padding": 0, "ceil_mode": False,
                    "count_include_pad": True, "divisor_override": None},
             api=f"paddle.compat.nn.AvgPool{n}D")
    for n, fn in _AVG.items()}


class _AvgPool(Layer):
    _nd = 1

    def __init__(self, kernel_size, stride=None, padding=0, ceil_mode=False,
                 count_include_pad=True, divisor_override=None, **kwargs):
        _forbid(f"AvgPool{self._nd}D", kwargs, f"paddle.nn.AvgPool{self._nd}D",
                ("exclusive", "data_format", "name"))
        super().__init__()
        self.kernel_size, self.stride, self.padding = kernel_size, stride, padding
        self.ceil_mode, self.count_include_pad = ceil_mode, count_include_pad
        self.divisor_override = divisor_override

    def forward(self, input):
        return apply_op(_AVG_OPS[self._nd], (input,), {
            "kernel_size": self.kernel_size, "stride": self.stride, "padding": self.padding,
            "ceil_mode": bool(self.ceil_mode), "count_include_pad": bool(self.count_include_pad),
            "divisor_override": self.divisor_override})

    def extra_repr(self):
        return f"kernel_size={self.kernel_size}, stride={self.stride}, padding={self.padding}"


class AvgPool1D(_AvgPool):
    """paddle.compat.nn.AvgPool1D(kernel_size, stride=None, padding=0, ceil_mode=False,
    count_include_pad=True): torch's AvgPool1d on [N, C, L]."""
    _nd = 1

    def __init__(self, kernel_size, stride=None, padding=0, ceil_mode=False,
                 count_include_pad=True, **kwargs):
        super().__init__(kernel_size, stride, padding, ceil_mode, count_include_pad, None,
                         **kwargs)


class AvgPool2D(_AvgPool):
    """paddle.compat.nn.AvgPool2D(kernel_size, stride=None, padding=0, ceil_mode=False,
    count_include_pad=True, divisor_override=None): torch's AvgPool2d on [N, C, H, W]."""
    _nd = 2


class AvgPool3D(_AvgPool):
    """paddle.compat.nn.AvgPool3D(...): torch's AvgPool3d on [N, C, D, H, W]."""
    _nd = 3


AvgPool1d, AvgPool2d, AvgPool3d = AvgPool1D, AvgPool2D, AvgPool3D


class MultiheadAttention(Layer):
    """paddle.compat.nn.MultiheadAttention(embed_dim, num_heads, dropout=0.0, bias=True, ...):
    torch's MultiheadAttention (packed in_proj_weight [3E, E], out_proj), inputs [L, N, E] (or
    [N, L, E] with batch_first=True); returns (output, attention weights averaged over heads).

    Differences from Paddle: add_bias_kv, add_zero_attn and separate kdim/vdim are not
    supported (NotImplementedError); in_proj_weight is drawn once (XavierUniform) where Paddle
    draws it twice, so seeded initial values differ from Paddle's."""

    def __init__(self, embed_dim, num_heads, dropout=0.0, bias=True, add_bias_kv=False,
                 add_zero_attn=False, kdim=None, vdim=None, batch_first=False, device=None,
                 dtype=None):
        super().__init__()
        if add_bias_kv or add_zero_attn or (kdim not in (None, embed_dim)) or \
                (vdim not in (None, embed_dim)):
            raise NotImplementedError("paddle.compat.nn.MultiheadAttention: add_bias_kv, "
                                      "add_zero_attn and kdim/vdim other than embed_dim are not "
                                      "supported by paddle_compat")
        if embed_dim % num_heads:
            raise AssertionError("embed_dim must be divisible by num_heads")
        self.embed_dim, self.num_heads, self.dropout = embed_dim, num_heads, dropout
        self.batch_first = batch_first
        dt = dtype
        self.in_proj_weight = self.create_parameter([3 * embed_dim, embed_dim], dtype=dt,
                                                    device=device)
        self.in_proj_bias = (self.create_parameter([3 * embed_dim], dtype=dt, is_bias=True,
                                                   device=device) if bias else None)
        self.out_proj = Linear(embed_dim, embed_dim, bias=bias, device=device, dtype=dtype)
        if self.in_proj_bias is not None:
            self.in_proj_bias.set_value(self.in_proj_bias * 0)
        if self.out_proj.bias is not None:
            self.out_proj.bias.set_value(self.out_proj.bias * 0)

    def forward(self, query, key, value, key_padding_mask=None, need_weights=True,
                attn_mask=None, average_attn_weights=True, is_causal=False):
        out = apply_op(_MHA, (query, key, value, self.in_proj_weight, self.in_proj_bias,
                              self.out_proj.weight, self.out_proj.bias, key_padding_mask,
                              attn_mask),
                       {"num_heads": self.num_heads, "dropout": float(self.dropout),
                        "training": self.training, "need_weights": bool(need_weights),
                        "average_attn_weights": bool(average_attn_weights),
                        "is_causal": bool(is_causal), "batch_first": bool(self.batch_first)})
        return out[0], (out[1] if need_weights else None)


def _mha(q, k, v, w_in, b_in, w_out, b_out, key_padding_mask=None, attn_mask=None, num_heads=1,
         dropout=0.0, training=True, need_weights=True, average_attn_weights=True,
         is_causal=False, batch_first=False):
    if batch_first:
        q, k, v = (t.transpose(0, 1) for t in (q, k, v))
    out, weights = TF.multi_head_attention_forward(
        q, k, v, q.shape[-1], num_heads, w_in, b_in, None, None, False, dropout, w_out, b_out,
        training=training, key_padding_mask=key_padding_mask, need_weights=need_weights,
        attn_mask=attn_mask, average_attn_weights=average_attn_weights, is_causal=is_causal)
    if batch_first:
        out = out.transpose(0, 1)
    if weights is None:
        weights = out.new_zeros([0])
    return out, weights


_MHA = defop("compat_multihead_attention", _mha,
             inputs=("Query", "Key", "Value", "InProjWeight", "InProjBias", "OutProjWeight",
                     "OutProjBias", "KeyPaddingMask", "AttnMask"), outputs=("Out", "Weights"),
             attrs={"num_heads": 1, "dropout": 0.0, "training": True, "need_weights": True,
                    "average_attn_weights": True, "is_causal": False, "batch_first": False},
             api="paddle.compat.nn.MultiheadAttention")
_MHA.kernel.draws_random = True
