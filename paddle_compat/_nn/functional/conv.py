"""paddle.nn.functional convolution (Paddle: nn/functional/conv.py): conv1d, conv2d; and the padding
helpers pooling.py shares.

Paddle's padding forms are normalised once (`_paddings`): an int, one per spatial axis, a
(before, after) pair per axis, a per-dimension list of pairs including batch/channel, or 'SAME' /
'VALID'. Symmetric padding goes to torch directly; asymmetric padding pads explicitly first.
"""
import torch.nn.functional as TF

from ..._ops.registry import defop, apply_op
from ..._tensor import Tensor

__all__ = ["conv1d", "conv2d"]


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
            raise ValueError(f"Unknown padding: '{algo}'. It can only be 'SAME' or 'VALID'.")
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
                         f"paddle.Size({list(x.shape)})")  # Paddle prints its Size type
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


