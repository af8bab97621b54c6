"""paddle.nn.functional convolution (Paddle: nn/functional/conv.py): conv1d/2d/3d and
conv1d/2d/3d_transpose; and the padding helpers pooling.py shares.

Paddle's padding forms are normalised once (`_paddings`): an int, one per spatial axis, a
(before, after) pair per axis, a per-dimension list of pairs including batch/channel, or 'SAME' /
'VALID'. Symmetric padding goes to torch directly; asymmetric padding pads explicitly first.
"""
import torch.nn.functional as TF

from ..._mode import STATE
from ..._ops import manipulation as _manip
from ..._ops import math as _math
from ..._ops.registry import defop, apply_op
from ..._static.builder import declare_after
from ..._static.builder import helper_scope as STATIC_HELPER
from ..._tensor import Tensor

__all__ = ["conv1d", "conv2d", "conv3d", "conv1d_transpose", "conv2d_transpose",
           "conv3d_transpose"]


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


_FORMATS = {1: ("NCL", "NLC"), 2: ("NCHW", "NHWC"), 3: ("NCDHW", "NDHWC")}
_CHANNEL_LAST = ("NLC", "NHWC", "NDHWC")


# ---- convolution --------------------------------------------------------------------------------
_CONV = {1: TF.conv1d, 2: TF.conv2d, 3: TF.conv3d}


def _conv_kernel(x, w, bias=None, strides=(1, 1), paddings=(0, 0, 0, 0), dilations=(1, 1), groups=1,
                 padding_algorithm="EXPLICIT", data_format="NCHW"):
    nd = w.dim() - 2
    channel_last = data_format in ("NHWC", "NLC", "NDHWC")
    if channel_last:
        x = x.movedim(-1, 1)
    if padding_algorithm == "SAME":
        dilations = (1,) * nd       # Paddle resets the dilation to 1 for 'SAME'
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
    if len(pads) == nd:     # Paddle's short form of symmetric paddings (a recorded program's)
        pads = [p for p in pads for _ in (0, 1)]
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


# The same kernel under the op types Paddle records: depthwise_conv2d when every input channel is
# its own group (Paddle's LayerHelper picks it), conv3d for 3-D (a program file names the op).
_CONV_OPS = {"conv2d": _CONV_OP}
for _type, _api in (("depthwise_conv2d", "paddle.nn.functional.conv2d"),
                    ("conv3d", "paddle.nn.functional.conv3d")):
    _CONV_OPS[_type] = defop(_type, _conv_kernel, inputs=("Input", "Filter", "Bias"),
                             outputs=("Output",), attrs=dict(_CONV_OP.attrs), api=_api,
                             notes="conv2d's kernel under Paddle's op type for this case")


def _record_conv(x, weight, bias, attrs, nd, channel_last):
    """Static mode: the conv op Paddle picks (depthwise_conv2d when every input channel is its
    own group, conv3d for 3-D), its bias added as _record_with_bias does (the PIR view reshapes it
    to [1, -1, 1, ...], legacy to the filter count)."""
    in_channels, filters = x.shape[-1 if channel_last else 1], weight.shape[0]
    op_type = "conv3d" if nd == 3 else "conv2d"
    if nd == 2 and in_channels == attrs["groups"] and in_channels != 1 and \
            filters % in_channels == 0:
        op_type = "depthwise_conv2d"
    return _record_with_bias(_CONV_OPS[op_type], op_type, x, weight, bias, attrs, nd,
                             -1 if STATE.pir else filters)


def _record_with_bias(op, op_type, x, weight, bias, attrs, nd, channels):
    """Static mode, Paddle's records (legacy and PIR): `op` (type `op_type`, its outputs named
    `<op_type>_<n>.tmp_<k>`) with short symmetric paddings and no bias, then `bias` reshaped to
    [1, channels, 1, ...] on the channel axis and added as ops of their own (reshape2 +
    elementwise_add in legacy, reshape + add in PIR), the sum declared right after the conv's
    output as Paddle's LayerHelper declares it."""
    pads = attrs["paddings"]
    if len(pads) == 2 * nd and all(pads[2 * i] == pads[2 * i + 1] for i in range(nd)):
        attrs = dict(attrs, paddings=tuple(pads[0::2]))
    with STATIC_HELPER(op_type) as prefix:
        out = apply_op(op, (x, weight, None), attrs)
    if bias is None:
        return out
    shape = [1] * (nd + 2)
    shape[-1 if attrs["data_format"] in _CHANNEL_LAST else 1] = channels
    bias = _manip.reshape(bias, shape)
    with STATIC_HELPER(prefix, exact=True):
        summed = _math.add(out, bias)
    declare_after(summed.name, out.name)
    return summed


def _conv(x, weight, bias, stride, padding, dilation, groups, data_format, nd, api):
    formats = _FORMATS[nd]
    if data_format not in formats:
        raise ValueError(f"Attr(data_format) should be {formats[0]!r} or {formats[1]!r}. Received "
                         f"Attr(data_format): {data_format}.")
    if len(x.shape) != nd + 2:
        raise ValueError(f"Input x should be {nd + 2}D tensor, but received x with the shape of "
                         f"{_shape_str(x)}")
    if nd == 3:
        channels, filters = x.shape[-1 if data_format == "NDHWC" else 1], weight.shape[0]
        if groups == 0:
            raise ValueError("The groups of conv3d should not be 0.")
        if channels % groups != 0:
            raise ValueError(f"The number of input channels must be divisible by Attr(groups). "
                             f"Received: number of channels({channels}), groups({groups}).")
        if filters % groups != 0:
            raise ValueError(f"The number of filters must be divisible by Attr(groups). "
                             f"Received: number of filters({filters}), groups({groups}).")
    if groups <= 0:
        raise ValueError(f"The groups of conv should be greater than 0. Received groups: {groups}.")
    if any(k == 0 for k in weight.shape[2:]):
        # Paddle runs it and returns zeros (docs/differences.md); torch's kernel refuses in its words
        raise ValueError(f"{api}: the filter's spatial sizes must be positive, but the filter has "
                         f"shape {list(weight.shape)}")
    algo, pads = _paddings(padding, nd, data_format in _CHANNEL_LAST)
    attrs = {"strides": _tuple(stride, nd, "stride"), "paddings": tuple(pads),
             "dilations": _tuple(dilation, nd, "dilation"), "groups": int(groups),
             "padding_algorithm": algo, "data_format": data_format}
    if STATE.static and nd > 1:
        return _record_conv(x, weight, bias, attrs, nd, data_format in _CHANNEL_LAST)
    return _with_bias(_CONV_OP, x, weight, bias, attrs, nd)


def _with_bias(op, x, weight, bias, attrs, nd):
    """The conv op with its bias. While an op observer watches (the profiler, amp.debugging's op
    statistics), the bias is added the way Paddle's dynamic conv2d/conv3d (and transposes) add it,
    as two more ops an observer sees: a `reshape` of the bias to [1, C, 1, ...] and an
    elementwise_add; otherwise it is fused into the torch convolution (same values up to rounding)."""
    if bias is None or nd == 1 or not STATE.watchers or STATE.static:
        return apply_op(op, (x, weight, bias), attrs)
    out = apply_op(op, (x, weight, None), attrs)
    shape = [1] * (nd + 2)
    shape[-1 if attrs["data_format"] in _CHANNEL_LAST else 1] = -1
    return _math.add(out, _manip.reshape(bias, shape))


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




def conv3d(x, weight, bias=None, stride=1, padding=0, dilation=1, groups=1, data_format="NCDHW",
           name=None):
    """paddle.nn.functional.conv3d(x, weight, bias=None, stride=1, padding=0, dilation=1, groups=1,
    data_format='NCDHW'): weight is [out_channels, in_channels/groups, kd, kh, kw]."""
    return _conv(x, weight, bias, stride, padding, dilation, groups, data_format, 3,
                 "paddle.nn.functional.conv3d")


# ---- transposed convolution ---------------------------------------------------------------------
_CONVT = {1: TF.conv_transpose1d, 2: TF.conv_transpose2d, 3: TF.conv_transpose3d}


def _conv_transpose_kernel(x, w, bias=None, strides=(1, 1), paddings=(0, 0, 0, 0),
                           output_padding=(), output_size=(), padding_algorithm="EXPLICIT",
                           groups=1, dilations=(1, 1), data_format="NCHW"):
    nd = w.dim() - 2
    channel_last = data_format in _CHANNEL_LAST
    if channel_last:
        x = x.movedim(-1, 1)
    if x.shape[1] != w.shape[0]:
        raise ValueError(
            f"(InvalidArgument) The number of input channels should be equal to filter channels "
            f"for Op(conv_transpose). But received: the input's channels is [{x.shape[1]}], the "
            f"input's shape is [{', '.join(map(str, x.shape))}]; the filter's channels is "
            f"[{w.shape[0]}], the filter's shape is [{', '.join(map(str, w.shape))}]. The "
            f"data_format is {data_format}")
    in_sizes, ksize = list(x.shape[2:]), list(w.shape[2:])
    pads = list(paddings)
    if len(pads) == nd:
        pads = [p for v in pads for p in (v, v)]
    dilations = list(dilations)
    if padding_algorithm == "SAME":
        # Paddle pads as a forward 'SAME' conv of the input size would, with dilation 1
        dilations = [1] * nd
        pads = _same_pads(in_sizes, ksize, strides, dilations)
    elif padding_algorithm == "VALID":
        pads = [0] * (2 * nd)
    infer = [(in_sizes[i] - 1) * strides[i] - pads[2 * i] - pads[2 * i + 1]
             + dilations[i] * (ksize[i] - 1) + 1 for i in range(nd)]
    extra = [0] * nd
    if output_size:
        for i in range(nd):
            size = int(output_size[i])
            if size < infer[i]:
                raise ValueError(
                    f"(InvalidArgument) output_size of Op(ConvTransposeOp) should not be less "
                    f"than the inferred output size. But received output_size = "
                    f"[{list(output_size)}], whose dim {i} is less than the inferred output size "
                    f"[{infer[i]}]")
            if size >= infer[i] + strides[i]:
                raise ValueError(
                    f"(InvalidArgument) output_size of Op(ConvTransposeOp) should be less than "
                    f"inferred size + stride. But received output_size = [{list(output_size)}], "
                    f"whose dim {i} is not less than the inferred output size ({infer[i]}) + "
                    f"stride ({strides[i]}) = {infer[i] + strides[i]}")
            extra[i] = size - infer[i]
    elif output_padding:
        for i in range(nd):
            if output_padding[i] >= max(strides[i], dilations[i]):
                raise ValueError(
                    f"(InvalidArgument) output_padding of Op(ConvTransposeOp) should be less than "
                    f"either stride or dilation. But received output_size = [{list(output_size)}], "
                    f"whose dim {i} is not less than either stride ({strides[i]})  or dilation "
                    f"({dilations[i]})")
            extra[i] = int(output_padding[i])
    if any(e >= s for e, s in zip(extra, strides)):
        # Paddle's col2im finds the grown output inconsistent with the input
        raise ValueError("(InvalidArgument) Output_height and padding(padding_up, padding_down) "
                         "are inconsistent.")
    sym = all(pads[2 * i] == pads[2 * i + 1] for i in range(nd))
    if sym and all(e < max(s, d) for e, s, d in zip(extra, strides, dilations)):
        out = _CONVT[nd](x, w, bias, list(strides), [pads[2 * i] for i in range(nd)], extra, groups,
                         list(dilations))
    else:
        # The full transposed convolution, then Paddle's crop: `before` rows off the front, and
        # the output size kept from there (zero rows appended where it reaches past the end).
        out = _CONVT[nd](x, w, None, list(strides), 0, 0, groups, list(dilations))
        crop = []
        for i in range(nd):
            full = out.shape[2 + i]
            want = infer[i] + extra[i]
            grow = max(0, pads[2 * i] + want - full)
            if grow:
                out = TF.pad(out, [0, 0] * (nd - 1 - i) + [0, grow])
            crop.append((pads[2 * i], want))
        for i, (start, length) in enumerate(crop):
            out = out.narrow(2 + i, start, length)
        if bias is not None:
            out = out + bias.reshape([1, -1] + [1] * nd)
    return out.movedim(1, -1) if channel_last else out


_CONVT_OP = defop("conv2d_transpose", _conv_transpose_kernel, inputs=("Input", "Filter", "Bias"),
                  outputs=("Output",),
                  attrs={"strides": (1, 1), "paddings": (0, 0), "output_padding": (),
                         "output_size": (), "padding_algorithm": "EXPLICIT", "groups": 1,
                         "dilations": (1, 1), "data_format": "NCHW"},
                  api="paddle.nn.functional.conv2d_transpose",
                  notes="bias is an optional input of the op (Paddle adds it with elementwise_add); "
                        "conv1d_transpose and conv3d_transpose use the same op")


def _one_or_list(v, n, what):
    if isinstance(v, Tensor):
        v = v.tolist()
    return list(_tuple(v, n, what))


def _conv_transpose(x, weight, bias, stride, padding, output_padding, dilation, groups,
                    output_size, data_format, nd):
    formats = _FORMATS[nd]
    if data_format not in formats:
        if nd == 3:
            raise ValueError(f"Attr(data_format) should be 'NCDHW' or 'NDHWC'. Received "
                             f"Attr(data_format): {data_format}.")
        raise ValueError(f"Attr(data_format) of conv2d_transpose got wrong value: received "
                         f"{data_format}, but only {formats[0]!r} or {formats[1]!r} are supported.")
    if len(x.shape) != nd + 2:
        raise ValueError(f"Input x should be {nd + 2}D tensor, but received x with the shape of "
                         f"{_shape_str(x)}")
    if nd > 1 and len(weight.shape) != nd + 2:
        raise ValueError(f"Input weight should be {nd + 2}D tensor, but received weight with the "
                         f"shape of {_shape_str(weight)}")
    channels = x.shape[-1 if data_format in _CHANNEL_LAST else 1]
    if groups == 0:
        which = {1: "conv1d_transpose", 2: "conv2d_transpose", 3: "conv3d_transpose"}[nd]
        raise ValueError(f"The groups of {which} should not be zero.")
    if channels % groups != 0:
        if nd == 3:
            raise ValueError(f"The number of input channels must be divisible by Attr(groups). "
                             f"Received: number of channels({channels}), groups({groups}).")
        raise ValueError(f"the channel of input must be divisible by groups,received: the channel "
                         f"of input is {channels}, the shape of input is {_shape_str(x)}, the "
                         f"groups is {groups}")
    algo, pads = _paddings(padding, nd, data_format in _CHANNEL_LAST)
    strides = _tuple(stride, nd, "stride")
    if output_size is None:
        output_size = ()
    else:
        if output_padding != 0:
            raise ValueError("output_padding option is mutually exclusive with output_size")
        if not isinstance(output_size, (list, tuple, int, Tensor)):
            raise ValueError("output_size should be int, or list, tuple of ints")
        output_size = tuple(int(v.item()) if isinstance(v, Tensor) else int(v)
                            for v in _one_or_list(output_size, nd, "output_size"))
    output_padding = () if output_padding == 0 else tuple(
        _one_or_list(output_padding, nd, "output_padding"))
    if nd == 1 and output_padding and output_padding[0] > strides[0]:
        raise ValueError(f"The size of output_padding should not be greater than stride.But got "
                         f"output_padding={output_padding[0]} and stride={strides[0]}")
    if nd == 1 and len(weight.shape) != 3:
        raise ValueError(f"Input weight should be 3D tensor, but received weight with the shape "
                         f"of {_shape_str(weight)}")
    attrs = {"strides": strides, "paddings": tuple(pads), "output_padding": output_padding,
             "output_size": output_size, "padding_algorithm": algo, "groups": int(groups),
             "dilations": _tuple(dilation, nd, "dilation"), "data_format": data_format}
    if STATE.static and nd == 2:        # Paddle writes the channel count out, in PIR too
        return _record_with_bias(_CONVT_OP, "conv2d_transpose", x, weight, bias, attrs, 2,
                                 None if bias is None else bias.shape[0])
    return _with_bias(_CONVT_OP, x, weight, bias, attrs, nd)


def _shape_str(t):
    return f"paddle.Size({list(t.shape)})"


def conv1d_transpose(x, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1,
                     dilation=1, output_size=None, data_format="NCL", name=None):
    """paddle.nn.functional.conv1d_transpose(x, weight, bias=None, stride=1, padding=0,
    output_padding=0, groups=1, dilation=1, output_size=None, data_format='NCL'): weight is
    [in_channels, out_channels/groups, k]. Note Paddle's argument order: groups before dilation."""
    return _conv_transpose(x, weight, bias, stride, padding, output_padding, dilation, groups,
                           output_size, data_format, 1)


def conv2d_transpose(x, weight, bias=None, stride=1, padding=0, output_padding=0, dilation=1,
                     groups=1, output_size=None, data_format="NCHW", name=None):
    """paddle.nn.functional.conv2d_transpose(x, weight, bias=None, stride=1, padding=0,
    output_padding=0, dilation=1, groups=1, output_size=None, data_format='NCHW'): weight is
    [in_channels, out_channels/groups, kh, kw].

    The output size is (in - 1) * stride - pad_before - pad_after + dilation * (k - 1) + 1, plus
    output_padding, or exactly `output_size` (which must lie in [inferred, inferred + stride)).
    Asymmetric padding and 'SAME'/'VALID' are supported as in Paddle ('SAME' ignores dilation).
    """
    return _conv_transpose(x, weight, bias, stride, padding, output_padding, dilation, groups,
                           output_size, data_format, 2)


def conv3d_transpose(x, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1,
                     dilation=1, output_size=None, data_format="NCDHW", name=None):
    """paddle.nn.functional.conv3d_transpose(x, weight, bias=None, stride=1, padding=0,
    output_padding=0, groups=1, dilation=1, output_size=None, data_format='NCDHW'): weight is
    [in_channels, out_channels/groups, kd, kh, kw]."""
    return _conv_transpose(x, weight, bias, stride, padding, output_padding, dilation, groups,
                           output_size, data_format, 3)
