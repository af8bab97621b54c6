"""paddle.nn.functional convolution and pooling: conv1d, conv2d, max_pool1d/2d, avg_pool1d/2d,
adaptive_avg_pool1d/2d, adaptive_max_pool2d.

Paddle's padding forms are normalised once (`_paddings`): an int, one per spatial axis, a
(before, after) pair per axis, a per-dimension list of pairs including batch/channel, or 'SAME' /
'VALID'. Symmetric padding goes to torch directly; asymmetric padding pads explicitly first.
"""
import math

import torch
import torch.nn.functional as TF

from .._ops.registry import defop, apply_op
from .._tensor import Tensor

__all__ = ["conv1d", "conv2d", "max_pool1d", "max_pool2d", "avg_pool1d", "avg_pool2d",
           "adaptive_avg_pool1d", "adaptive_avg_pool2d", "adaptive_max_pool2d"]


def _tuple(v, n, what):
    if isinstance(v, Tensor):
        v = v.tolist()
    if isinstance(v, (list, tuple)):
        if len(v) == 1:
            return tuple(int(v[0]) for _ in range(n))
        if len(v) != n:
            raise ValueError(f"The {what}'s length must be {n}, but received {len(v)}.")
        return tuple(int(e) for e in v)
    return (int(v),) * n


def _paddings(padding, nd, channel_last):
    """Paddle's padding argument -> (algorithm, [before0, after0, before1, after1, ...])."""
    if isinstance(padding, str):
        algo = padding.upper()
        if algo not in ("SAME", "VALID"):
            raise ValueError(f"Unknown padding: '{padding}'. It can only be 'SAME' or 'VALID'.")
        return algo, [0] * (2 * nd)
    if isinstance(padding, (list, tuple)) and padding and isinstance(padding[0], (list, tuple)):
        if len(padding) != nd + 2:
            raise ValueError(f"The size of padding's dimension should be {nd + 2}, but received "
                             f"{len(padding)}.")
        spatial = padding[1:-1] if channel_last else padding[2:]
        lead = padding[0] if not channel_last else padding[0]
        other = padding[-1] if channel_last else padding[1]
        if any(int(v) != 0 for v in list(lead) + list(other)):
            raise ValueError("Non-zero padding in the batch or channel dimensions is not supported.")
        return "EXPLICIT", [int(v) for pair in spatial for v in pair]
    if isinstance(padding, (list, tuple)) and len(padding) == 2 * nd and nd > 1 or \
            (isinstance(padding, (list, tuple)) and len(padding) == 2 and nd == 1):
        return "EXPLICIT", [int(v) for v in padding]
    single = _tuple(padding, nd, "padding")
    return "EXPLICIT", [v for p in single for v in (p, p)]


def _same_pads(in_sizes, ksize, strides, dilations):
    pads = []
    for size, k, s, d in zip(in_sizes, ksize, strides, dilations):
        out = (size + s - 1) // s
        total = max((out - 1) * s + (k - 1) * d + 1 - size, 0)
        pads += [total // 2, total - total // 2]
    return pads


def _torch_pad(pads):
    """[b0, a0, b1, a1, ...] (first spatial axis first) -> torch's F.pad order (last axis first)."""
    out = []
    for i in range(len(pads) // 2 - 1, -1, -1):
        out += [pads[2 * i], pads[2 * i + 1]]
    return out


# ---- convolution --------------------------------------------------------------------------------
_CONV = {1: TF.conv1d, 2: TF.conv2d, 3: TF.conv3d}


def _conv_kernel(x, w, bias=None, strides=(1, 1), paddings=(0, 0, 0, 0), dilations=(1, 1), groups=1,
                 padding_algorithm="EXPLICIT", data_format="NCHW"):
    nd = w.dim() - 2
    channel_last = data_format in ("NHWC", "NLC", "NDHWC")
    if channel_last:
        x = x.movedim(-1, 1)
    if x.dim() != nd + 2 or x.shape[1] != w.shape[1] * groups:
        raise ValueError(
            f"(InvalidArgument) The number of input's channels should be equal to filter's channels "
            f"* groups for Op(Conv). But received: the input's channels is "
            f"{x.shape[1] if x.dim() > 1 else 0}, the input's shape is {list(x.shape)}; the "
            f"filter's channels is {w.shape[1]}, the filter's shape is {list(w.shape)}; the groups "
            f"is {groups}, the data_format is {data_format}. The error may come from wrong "
            f"data_format setting.\n  [Hint: Expected input_channels == filter_channels * groups, "
            f"but received input_channels:{x.shape[1] if x.dim() > 1 else 0} != filter_channels * "
            f"groups:{w.shape[1] * groups}.]")
    pads = list(paddings)
    if padding_algorithm == "SAME":
        pads = _same_pads(x.shape[2:], w.shape[2:], strides, dilations)
    elif padding_algorithm == "VALID":
        pads = [0] * (2 * nd)
    sym = all(pads[2 * i] == pads[2 * i + 1] for i in range(nd))
    if not sym:
        x = TF.pad(x, _torch_pad(pads))
    out = _CONV[nd](x, w, bias, list(strides), [pads[2 * i] for i in range(nd)] if sym else 0,
                    list(dilations), groups)
    return out.movedim(1, -1) if channel_last else out


_CONV_OP = defop("conv2d", _conv_kernel, inputs=("Input", "Filter", "Bias"), outputs=("Output",),
                 attrs={"strides": (1, 1), "paddings": (0, 0, 0, 0), "dilations": (1, 1), "groups": 1,
                        "padding_algorithm": "EXPLICIT", "data_format": "NCHW"},
                 api="paddle.nn.functional.conv2d",
                 notes="bias is an optional input of the op (Paddle adds it with elementwise_add); "
                       "conv1d uses the same op on 3-D inputs")


def _conv(x, weight, bias, stride, padding, dilation, groups, data_format, nd, api):
    formats = {1: ("NCL", "NLC"), 2: ("NCHW", "NHWC")}[nd]
    if data_format not in formats:
        raise ValueError(f"Attr(data_format) should be {formats[0]!r} or {formats[1]!r}. Received "
                         f"Attr(data_format): {data_format}.")
    if len(x.shape) != nd + 2:
        raise ValueError(f"Input x should be {nd + 2}D tensor, but received x with the shape of "
                         f"{list(x.shape)}")
    if groups <= 0:
        raise ValueError(f"The groups of conv should be greater than 0. Received groups: {groups}.")
    algo, pads = _paddings(padding, nd, data_format in ("NLC", "NHWC"))
    attrs = {"strides": _tuple(stride, nd, "stride"), "paddings": tuple(pads),
             "dilations": _tuple(dilation, nd, "dilation"), "groups": int(groups),
             "padding_algorithm": algo, "data_format": data_format}
    return apply_op(_CONV_OP, (x, weight, bias), attrs)


def conv2d(x, weight, bias=None, stride=1, padding=0, dilation=1, groups=1, data_format="NCHW",
           name=None):
    """paddle.nn.functional.conv2d(x, weight, bias=None, stride=1, padding=0, dilation=1, groups=1,
    data_format='NCHW'): weight is [out_channels, in_channels/groups, kh, kw].

    padding: int, [ph, pw], [top, bottom, left, right], per-dimension pairs, 'SAME' or 'VALID'.
    A channel mismatch raises Paddle's ValueError naming both shapes.
    """
    return _conv(x, weight, bias, stride, padding, dilation, groups, data_format, 2,
                 "paddle.nn.functional.conv2d")


def conv1d(x, weight, bias=None, stride=1, padding=0, dilation=1, groups=1, data_format="NCL",
           name=None):
    """paddle.nn.functional.conv1d(x, weight, bias=None, stride=1, padding=0, dilation=1, groups=1,
    data_format='NCL'): weight is [out_channels, in_channels/groups, k]."""
    return _conv(x, weight, bias, stride, padding, dilation, groups, data_format, 1,
                 "paddle.nn.functional.conv1d")


# ---- pooling ------------------------------------------------------------------------------------
def _pool_kernel(x, pooling_type="max", ksize=(1, 1), strides=(1, 1), paddings=(0, 0, 0, 0),
                 padding_algorithm="EXPLICIT", exclusive=True, adaptive=False, ceil_mode=False,
                 data_format="NCHW", divisor=None, return_mask=False):
    nd = len(ksize)
    channel_last = data_format in ("NHWC", "NLC")
    if channel_last:
        x = x.movedim(-1, 1)
    if adaptive:
        fn = {("avg", 1): TF.adaptive_avg_pool1d, ("avg", 2): TF.adaptive_avg_pool2d,
              ("max", 1): TF.adaptive_max_pool1d, ("max", 2): TF.adaptive_max_pool2d}
        res = fn[pooling_type, nd](x, list(ksize), return_indices=True) if pooling_type == "max" \
            else fn[pooling_type, nd](x, list(ksize))
    else:
        pads = list(paddings)
        if padding_algorithm == "SAME":
            pads = _same_pads(x.shape[2:], ksize, strides, [1] * nd)
        elif padding_algorithm == "VALID":
            pads = [0] * (2 * nd)
        sym = all(pads[2 * i] == pads[2 * i + 1] for i in range(nd)) and \
            all(pads[2 * i] * 2 <= ksize[i] for i in range(nd))
        tp = [pads[2 * i] for i in range(nd)]
        if pooling_type == "max":
            if not sym:
                x = TF.pad(x, _torch_pad(pads), value=-math.inf)
                tp = [0] * nd
            fn = TF.max_pool1d if nd == 1 else TF.max_pool2d
            res = fn(x, list(ksize), list(strides), tp, 1, ceil_mode, True)
        else:
            fn = TF.avg_pool1d if nd == 1 else TF.avg_pool2d
            if sym and divisor is None:
                res = fn(x, list(ksize), list(strides), tp, ceil_mode, not exclusive)
            else:
                # Asymmetric padding or a divisor: window sums divided by the window element count
                # (exclusive counts only real elements), or by the divisor.
                xp = TF.pad(x, _torch_pad(pads))
                area = math.prod(ksize)
                sums = fn(xp, list(ksize), list(strides), 0, ceil_mode, True) * area
                if divisor is not None:
                    res = sums / divisor
                elif exclusive:
                    ones = TF.pad(torch.ones_like(x[:1, :1]), _torch_pad(pads))
                    counts = fn(ones, list(ksize), list(strides), 0, ceil_mode, True) * area
                    res = sums / counts
                else:
                    res = sums / area
    if isinstance(res, tuple):
        out, mask = res
        if channel_last:
            out, mask = out.movedim(1, -1), mask.movedim(1, -1)
        return (out, mask.to(torch.int32)) if return_mask else out
    return res.movedim(1, -1) if channel_last else res


_POOL_ATTRS = {"pooling_type": "max", "ksize": (1, 1), "strides": (1, 1), "paddings": (0, 0, 0, 0),
               "padding_algorithm": "EXPLICIT", "exclusive": True, "adaptive": False,
               "ceil_mode": False, "data_format": "NCHW", "divisor": None, "return_mask": False}
_POOL = defop("pool2d", _pool_kernel, attrs=_POOL_ATTRS, api="paddle.nn.functional.max_pool2d",
              notes="1-D pooling uses the same op; avg divisor_override is an extra attribute")
_POOL_MASK = defop("max_pool2d_with_index", _pool_kernel, outputs=("Out", "Mask"),
                   attrs=dict(_POOL_ATTRS, return_mask=True),
                   api="paddle.nn.functional.max_pool2d")


def _pool(x, kind, nd, kernel_size, stride, padding, ceil_mode, exclusive, divisor, data_format,
          return_mask, adaptive=False):
    formats = {1: ("NCL", "NLC"), 2: ("NCHW", "NHWC")}[nd]
    if data_format not in formats:
        raise ValueError(f"Attr(data_format) should be {formats[0]!r} or {formats[1]!r}. Received "
                         f"Attr(data_format): {data_format}.")
    if len(x.shape) != nd + 2:
        raise ValueError(f"Expected input's dimension to be {nd + 2}, but received "
                         f"{len(x.shape)}")
    if adaptive:
        sizes = list(kernel_size) if isinstance(kernel_size, (list, tuple)) else [kernel_size] * nd
        spatial = list(x.shape[1:-1]) if data_format in ("NHWC", "NLC") else list(x.shape[2:])
        ksize = tuple(spatial[i] if s is None else int(s) for i, s in enumerate(sizes))
        algo, pads, strides = "EXPLICIT", [0] * (2 * nd), (1,) * nd
    else:
        ksize = _tuple(kernel_size, nd, "pool_size")
        strides = ksize if stride is None else _tuple(stride, nd, "pool_stride")
        algo, pads = _paddings(padding, nd, data_format in ("NHWC", "NLC"))
    attrs = {"pooling_type": kind, "ksize": ksize, "strides": strides, "paddings": tuple(pads),
             "padding_algorithm": algo, "exclusive": bool(exclusive), "adaptive": adaptive,
             "ceil_mode": bool(ceil_mode), "data_format": data_format,
             "divisor": None if divisor is None else float(divisor), "return_mask": return_mask}
    if return_mask:
        return apply_op(_POOL_MASK, (x,), attrs)
    return apply_op(_POOL, (x,), attrs)


def max_pool2d(x, kernel_size, stride=None, padding=0, return_mask=False, ceil_mode=False,
               data_format="NCHW", name=None):
    """paddle.nn.functional.max_pool2d(x, kernel_size, stride=None, padding=0, return_mask=False,
    ceil_mode=False, data_format='NCHW'); the mask holds int32 flat indices into each H*W plane."""
    return _pool(x, "max", 2, kernel_size, stride, padding, ceil_mode, True, None, data_format,
                 return_mask)


def max_pool1d(x, kernel_size, stride=None, padding=0, return_mask=False, ceil_mode=False,
               name=None):
    """paddle.nn.functional.max_pool1d(x, kernel_size, stride=None, padding=0, ...) on NCL input."""
    return _pool(x, "max", 1, kernel_size, stride, padding, ceil_mode, True, None, "NCL",
                 return_mask)


def avg_pool2d(x, kernel_size, stride=None, padding=0, ceil_mode=False, exclusive=True,
               divisor_override=None, data_format="NCHW", name=None):
    """paddle.nn.functional.avg_pool2d(...): exclusive=True leaves padding out of the average."""
    return _pool(x, "avg", 2, kernel_size, stride, padding, ceil_mode, exclusive, divisor_override,
                 data_format, False)


def avg_pool1d(x, kernel_size, stride=None, padding=0, exclusive=True, ceil_mode=False, name=None):
    """paddle.nn.functional.avg_pool1d(x, kernel_size, stride=None, padding=0, exclusive=True, ...)."""
    return _pool(x, "avg", 1, kernel_size, stride, padding, ceil_mode, exclusive, None, "NCL", False)


def adaptive_avg_pool2d(x, output_size, data_format="NCHW", name=None):
    """paddle.nn.functional.adaptive_avg_pool2d(x, output_size, data_format='NCHW'); None in
    output_size keeps that input size."""
    return _pool(x, "avg", 2, output_size, None, 0, False, True, None, data_format, False, True)


def adaptive_avg_pool1d(x, output_size, name=None):
    """paddle.nn.functional.adaptive_avg_pool1d(x, output_size)."""
    return _pool(x, "avg", 1, output_size, None, 0, False, True, None, "NCL", False, True)


def adaptive_max_pool2d(x, output_size, return_mask=False, name=None):
    """paddle.nn.functional.adaptive_max_pool2d(x, output_size, return_mask=False)."""
    return _pool(x, "max", 2, output_size, None, 0, False, True, None, "NCHW", return_mask, True)
