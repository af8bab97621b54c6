"""paddle.static.nn's layers beyond fc / conv2d / batch_norm / embedding (those are in
_static/layers.py): layer_norm, group_norm, instance_norm, prelu, conv2d_transpose, conv3d,
conv3d_transpose, deform_conv2d, bilinear_tensor_product, spectral_norm, row_conv,
sparse_embedding.

Each records Paddle's legacy op (same type, input/output slots, attributes, parameter names and
initializers as Paddle's LayerHelper gives them; compare `print(program)` under
`FLAGS_enable_pir_api=0`) and runs through the Executor on the kernels of ops.py.
"""
import math

from ..._mode import STATE
from ..._nn import initializer as I
from ..._ops.registry import OPS, apply_op
from ..builder import helper_scope, static_only
from ..ir import Variable
from ..layer_helper import append_layer_op
from ..layers import _activate, make_static_parameter
from ..local_ops import _local, opdef
from ..pir_legacy_only import reject_in_pir
from .ops import LAYER_OPS

__all__ = ["conv2d", "layer_norm", "group_norm", "instance_norm", "prelu", "conv2d_transpose", "conv3d",
           "conv3d_transpose", "deform_conv2d", "bilinear_tensor_product", "spectral_norm",
           "row_conv", "sparse_embedding"]


def _check_float(x, name, api, allowed=("float16", "bfloat16", "float32", "float64")):
    if not isinstance(x, Variable):
        raise TypeError(f"The type of '{name}' in {api} must be (<class 'paddle.Tensor'>, "
                        f"<class 'paddle.static.Variable'>), but received {type(x)}. ")
    short = x.dtype.short
    if short not in allowed:
        names = ["uint16" if a == "bfloat16" else a for a in allowed]
        raise TypeError(f"The data type of '{name}' in {api} must be {names}, but received "
                        f"{'uint16' if short == 'bfloat16' else short}. ")


def _to_list(value, n, name):
    if isinstance(value, int):
        return [value] * n
    value = list(value)
    if len(value) != n:
        raise ValueError(f"The {name}'s length must be {n}. Received: {value}")
    return [int(v) for v in value]


def _bias(out, bias_attr, helper, c, dtype, axis):
    b = make_static_parameter([c], dtype, attr=bias_attr, is_bias=True, helper_name=helper)
    if b is None:
        return out
    return apply_op(opdef("elementwise_add"), (out, b), {"axis": axis})


def layer_norm(input, scale=True, shift=True, begin_norm_axis=1, epsilon=1e-05, param_attr=None,
               bias_attr=None, act=None, name=None):
    """paddle.static.nn.layer_norm: Paddle's `layer_norm` op over the dims from `begin_norm_axis`
    (Scale `layer_norm_<n>.w_0` = 1, Bias `.b_0` = 0, outputs Mean, Variance, Y)."""
    assert STATE.static, "please use LayerNorm instead of layer_norm in dygraph mode!"
    _check_float(input, "input", "layer_norm", ("float32", "float64"))
    reject_in_pir("layer_norm", input)      # Paddle 3.3.1 fails in PIR mode
    with helper_scope("layer_norm") as helper:
        shape = [math.prod(input.shape[begin_norm_axis:])]
        inputs = {"X": input, "Scale": None, "Bias": None}
        if scale:
            assert param_attr is not False, "param_attr should not be False when using scale."
            inputs["Scale"] = make_static_parameter(shape, input.dtype, attr=param_attr,
                                                    default_initializer=I.Constant(1.0),
                                                    helper_name=helper)
        if shift:
            assert bias_attr is not False, "bias_attr should not be False when using shift."
            inputs["Bias"] = make_static_parameter(shape, input.dtype, attr=bias_attr,
                                                   is_bias=True, helper_name=helper)
        outs = append_layer_op(LAYER_OPS["layer_norm"], inputs,
                               {"epsilon": epsilon, "begin_norm_axis": begin_norm_axis}, helper,
                               order=("Mean", "Variance", "Y"), stop=("Mean", "Variance"))
        return _activate(outs["Y"], act)


def group_norm(input, groups, epsilon=1e-05, param_attr=None, bias_attr=None, act=None,
               data_layout="NCHW", name=None):
    """paddle.static.nn.group_norm: Paddle's `group_norm` op.

    As in Paddle, the Scale / Bias parameters are created only when `param_attr` / `bias_attr`
    are given (truthy): with the defaults the op normalizes without an affine transform."""
    static_only("group_norm")
    reject_in_pir("group_norm", input)      # Paddle 3.3.1 fails in PIR mode
    _check_float(input, "input", "group_norm")
    if len(input.shape) < 2:
        raise ValueError("The dimensions of Op(static.nn.group_norm)'s input should be more than "
                         f"1. But received {len(input.shape)}")
    if data_layout not in ("NCHW", "NHWC"):
        raise ValueError("Param(data_layout) of Op(static.nn.group_norm) got wrong value: "
                         f"received {data_layout} but only NCHW or NHWC supported.")
    with helper_scope("group_norm") as helper:
        c = input.shape[1] if data_layout == "NCHW" else input.shape[-1]
        inputs = {"X": input, "Scale": None, "Bias": None}
        if param_attr:
            inputs["Scale"] = make_static_parameter([c], input.dtype, attr=param_attr,
                                                    default_initializer=I.Constant(1.0),
                                                    helper_name=helper)
        if bias_attr:
            inputs["Bias"] = make_static_parameter([c], input.dtype, attr=bias_attr,
                                                   is_bias=True, helper_name=helper)
        outs = append_layer_op(LAYER_OPS["group_norm"], inputs,
                               {"epsilon": epsilon, "groups": groups,
                                "data_layout": data_layout}, helper,
                               order=("Mean", "Variance", "Y"),
                               generated=("Mean", "Variance", "Y"), stop=("Mean", "Variance"))
        return _activate(outs["Y"], act)


def instance_norm(input, epsilon=1e-05, param_attr=None, bias_attr=None, name=None):
    """paddle.static.nn.instance_norm: Paddle's `instance_norm` op (statistics per sample and
    channel). As in Paddle, Scale and Bias exist only when both attrs are given (truthy)."""
    static_only("instance_norm")
    reject_in_pir("instance_norm", input)      # Paddle 3.3.1 fails in PIR mode
    _check_float(input, "input", "instance_norm")
    if param_attr is False:
        assert bias_attr is False, ("param_attr and bias_attr must be set to False at the same "
                                    "time in instance_norm")
    if len(input.shape) < 2 or len(input.shape) > 5:
        raise ValueError(f"expected 2D or 3D or 4D or 5D input (got {len(input.shape)}D input, "
                         f"input shape is: {tuple(input.shape)})")
    with helper_scope("instance_norm") as helper:
        c = input.shape[1]
        inputs = {"X": input, "Scale": None, "Bias": None}
        if param_attr and bias_attr:
            inputs["Scale"] = make_static_parameter([c], input.dtype, attr=param_attr,
                                                    default_initializer=I.Constant(1.0),
                                                    helper_name=helper)
            inputs["Bias"] = make_static_parameter([c], input.dtype, attr=bias_attr,
                                                   is_bias=True,
                                                   default_initializer=I.Constant(0.0),
                                                   helper_name=helper)
        outs = append_layer_op(LAYER_OPS["instance_norm"], inputs, {"epsilon": epsilon}, helper,
                               order=("SavedMean", "SavedVariance", "Y"),
                               stop=("SavedMean", "SavedVariance"))
        return outs["Y"]


def prelu(x, mode, param_attr=None, data_format="NCHW", name=None):
    """paddle.static.nn.prelu: Paddle's `prelu` op with an `Alpha` parameter (0.25) shaped [1]
    ('all'), [1, C, 1, 1] ('channel') or [1, *x.shape[1:]] ('element')."""
    static_only("prelu")
    reject_in_pir("prelu", x)      # Paddle 3.3.1 fails in PIR mode
    _check_float(x, "x", "prelu", ("float16", "float32", "float64"))
    if mode not in ("all", "channel", "element"):
        raise ValueError("mode should be one of all, channel, element.")
    alpha_shape = [1]
    if mode == "channel":
        if data_format not in ("NC", "NCL", "NCHW", "NCDHW", "NLC", "NHWC", "NDHWC"):
            raise ValueError("data_format must be one of 'NC', 'NCL', 'NCHW', 'NCDHW', 'NLC', "
                             f"'NHWC', 'NDHWC' but receive {data_format}")
        data_format = "NCHW" if data_format[1] == "C" else "NHWC"
        assert len(x.shape) >= 2, ("The size of input shape should be equal or larger than 2 in "
                                   "prelu() when mode is 'channel'")
        alpha_shape = [1, 1, 1, x.shape[-1]] if data_format == "NHWC" else [1, x.shape[1], 1, 1]
    elif mode == "element":
        alpha_shape = [1] + list(x.shape)[1:]
    with helper_scope("prelu") as helper:
        alpha = make_static_parameter(alpha_shape, x.dtype, attr=param_attr,
                                      default_initializer=I.Constant(0.25), helper_name=helper)
        outs = append_layer_op(LAYER_OPS["prelu"], {"X": x, "Alpha": alpha},
                               {"mode": mode, "data_format": data_format}, helper)
        return outs["Out"]


def _update_padding(padding, data_format, nd):
    """Paddle's conv layers' padding forms -> (algorithm, flat list of 2*nd or nd ints)."""
    algo = "EXPLICIT"
    if isinstance(padding, str):
        padding = padding.upper()
        if padding not in ("SAME", "VALID"):
            raise ValueError(f"Unknown padding: '{padding}'. It can only be 'SAME' or 'VALID'.")
        return padding, [0] * (2 * nd)
    if isinstance(padding, (list, tuple)) and len(padding) == nd + 2 \
            and isinstance(padding[0], (list, tuple)):
        channel_last = data_format in ("NHWC", "NDHWC")
        keep = padding[1:nd + 1] if channel_last else padding[2:]
        drop = [padding[0], padding[-1]] if channel_last else [padding[0], padding[1]]
        if any(list(p) != [0, 0] for p in drop):
            raise ValueError(f"Non-zero padding({padding}) in the batch or channel dimensions is "
                             "not supported.")
        return algo, [int(e) for p in keep for e in p]
    if isinstance(padding, (list, tuple)) and len(padding) == 2 * nd:
        return algo, [int(p) for p in padding]
    p = _to_list(padding, nd, "padding")
    return algo, [v for v in p for _ in (0, 1)]


def _symmetric(pads, nd):
    if all(pads[2 * i] == pads[2 * i + 1] for i in range(nd)):
        return [pads[2 * i] for i in range(nd)]
    return pads


def conv2d(input, num_filters, filter_size, stride=1, padding=0, dilation=1, groups=None,
           param_attr=None, bias_attr=None, use_cudnn=True, act=None, name=None,
           data_format="NCHW"):
    """paddle.static.nn.conv2d: Paddle's `conv2d` op (filter Normal(0, sqrt(2 / fan_in))), +
    bias `elementwise_add` and activation; paddings as an int, a pair, four ints or per-dim
    pairs, or 'SAME' / 'VALID'.

    Differences from Paddle: Paddle's `depthwise_conv2d` variant (groups == channels with
    use_cudnn=False) is recorded as `conv2d`."""
    static_only("conv2d")
    reject_in_pir("conv2d")
    assert param_attr is not False, "param_attr should not be False here."
    if len(input.shape) != 4:
        raise ValueError(f"Input size should be 4, but received {len(input.shape)}")
    if not isinstance(use_cudnn, bool):
        raise ValueError(f"Attr(use_cudnn) should be True or False. Received Attr(use_cudnn): "
                         f"{use_cudnn}. ")
    if data_format not in ("NCHW", "NHWC"):
        raise ValueError("Attr(data_format) should be 'NCHW' or 'NHWC'. Received "
                         f"Attr(data_format): {data_format}.")
    channel_last = data_format == "NHWC"
    c = input.shape[3] if channel_last else input.shape[1]
    if c < 0:
        raise ValueError(f"The channel dimension of the input({tuple(input.shape)}) should be "
                         f"defined. Received: {c}.")
    if groups is None:
        fc_ = c
    elif groups <= 0:
        raise ValueError(f"the groups of input must be greater than 0, but received the groups "
                         f"of input is {groups}")
    else:
        if c % groups != 0:
            raise ValueError("the channel of input must be divisible by groups,received: the "
                             f"channel of input is {c}, the shape of input is "
                             f"{tuple(input.shape)}, the groups is {groups}")
        fc_ = c // groups
    fs = _to_list(filter_size, 2, "filter_size")
    algo, pads = _update_padding(padding, data_format, 2)
    pads = _symmetric(pads, 2)
    with helper_scope("conv2d") as helper:
        std = (2.0 / (fs[0] * fs[1] * c)) ** 0.5
        w = make_static_parameter([num_filters, fc_] + fs, input.dtype, attr=param_attr,
                                  default_initializer=I.Normal(0.0, std), helper_name=helper)
        out = append_layer_op(LAYER_OPS["conv2d"], {"Input": input, "Filter": w},
                              {"strides": _to_list(stride, 2, "stride"), "paddings": pads,
                               "dilations": _to_list(dilation, 2, "dilation"),
                               "groups": 1 if groups is None else groups,
                               "padding_algorithm": algo, "data_format": data_format},
                              helper)["Output"]
        out = _bias(out, bias_attr, helper, num_filters, input.dtype, 3 if channel_last else 1)
        return _activate(out, act)


def conv3d(input, num_filters, filter_size, stride=1, padding=0, dilation=1, groups=None,
           param_attr=None, bias_attr=None, use_cudnn=True, act=None, name=None,
           data_format="NCDHW"):
    """paddle.static.nn.conv3d: Paddle's `conv3d` op (filter Normal(0, sqrt(2 / fan_in))),
    + bias `elementwise_add` and activation."""
    static_only("conv3d")
    reject_in_pir("conv3d", input)      # Paddle 3.3.1 fails in PIR mode
    assert param_attr is not False, "param_attr should not be False here."
    if not isinstance(use_cudnn, bool):
        raise ValueError(f"Attr(use_cudnn) should be True or False. Received Attr(use_cudnn): "
                         f"{use_cudnn}. ")
    if data_format not in ("NCDHW", "NDHWC"):
        raise ValueError("Attr(data_format) should be 'NCDHW' or 'NDHWC'. Received "
                         f"Attr(data_format): {data_format}.")
    if len(input.shape) != 5:
        raise ValueError(f"Input should be 5D tensor, but received input with the shape of "
                         f"{tuple(input.shape)}")
    channel_last = data_format == "NDHWC"
    c = input.shape[4] if channel_last else input.shape[1]
    if c < 0:
        raise ValueError(f"The channel dimension of the input({tuple(input.shape)}) should be "
                         f"defined. Received: {c}.")
    if groups is None:
        fc_ = c
    elif groups <= 0:
        raise ValueError(f"the groups of conv3d should be greater than 0. Received groups: "
                         f"{groups}")
    else:
        if c % groups != 0:
            raise ValueError("The number of input channels must be divisible by Attr(groups). "
                             f"Received: number of channels({c}), groups({groups}).")
        fc_ = c // groups
    fs = _to_list(filter_size, 3, "filter_size")
    algo, pads = _update_padding(padding, data_format, 3)
    pads = _symmetric(pads, 3)
    with helper_scope("conv3d") as helper:
        std = (2.0 / (fs[0] * fs[1] * fs[2] * c)) ** 0.5
        w = make_static_parameter([num_filters, fc_] + fs, input.dtype, attr=param_attr,
                                  default_initializer=I.Normal(0.0, std), helper_name=helper)
        out = append_layer_op(LAYER_OPS["conv3d"], {"Input": input, "Filter": w},
                              {"strides": _to_list(stride, 3, "stride"), "paddings": pads,
                               "dilations": _to_list(dilation, 3, "dilation"),
                               "groups": 1 if groups is None else groups,
                               "padding_algorithm": algo, "data_format": data_format},
                              helper)["Output"]
        out = _bias(out, bias_attr, helper, num_filters, input.dtype, 4 if channel_last else 1)
        return _activate(out, act)


def _transpose(kind, nd, input, num_filters, output_size, filter_size, padding, stride,
               dilation, groups, param_attr, bias_attr, use_cudnn, act, data_format):
    api = f"{kind}"
    static_only(api)
    assert param_attr is not False, f"param_attr should not be False in {kind}."
    formats = ("NCHW", "NHWC") if nd == 2 else ("NCDHW", "NDHWC")
    if len(input.shape) != nd + 2:
        raise ValueError(f"Input size should be {nd + 2}, but received {len(input.shape)}"
                         if nd == 2 else "Input should be 5D tensor, but received input with "
                         f"the shape of {tuple(input.shape)}")
    if num_filters == 0:
        raise ValueError("num of filters should not be 0.")
    if data_format not in formats:
        raise ValueError(f"Attr(data_format) of Op(paddle.static.nn.layers.{kind}) got wrong "
                         f"value: received {data_format} but only {formats[0]} or {formats[1]} "
                         "supported." if nd == 2 else
                         f"Param(data_format) of Op(paddle.static.nn.{kind}) got wrong value: "
                         f"received {data_format} but only NCDHW or NDHWC supported.")
    if not isinstance(use_cudnn, bool):
        raise ValueError("use_cudnn should be True or False")
    channel_last = data_format == formats[1]
    c = input.shape[-1] if channel_last else input.shape[1]
    strides = _to_list(stride, nd, "stride")
    dil = _to_list(dilation, nd, "dilation")
    algo, pads = _update_padding(padding, data_format, nd)
    if output_size is None:
        osize = []
    elif isinstance(output_size, (int, list, tuple)):
        if isinstance(output_size, (list, tuple)) and any(isinstance(v, Variable)
                                                          for v in output_size):
            raise NotImplementedError(f"paddle.static.nn.{kind}: an output_size holding "
                                      "Tensors is not supported by paddle_compat; pass ints")
        osize = _to_list(output_size, nd, "output_size")
    else:
        raise ValueError("output_size should be int, list[int] or tuple[int] or Tensor")
    spatial = input.shape[1:nd + 1] if channel_last else input.shape[2:]
    if filter_size is None:
        if not osize:
            raise ValueError("output_size must be set when filter_size is None")
        fs = [(osize[i] - (spatial[i] - 1) * strides[i] + pads[2 * i] + pads[2 * i + 1] - 1)
              // dil[i] + 1 for i in range(nd)]
    else:
        fs = _to_list(filter_size, nd, f"{kind}.filter_size")
    pads = _symmetric(pads, nd)
    groups = 1 if groups is None else groups
    if groups <= 0:
        raise ValueError(f"the groups of input must be greater than 0, but received the groups "
                         f"of input is {groups}")
    with helper_scope(kind) as helper:
        w = make_static_parameter([c, num_filters // groups] + fs, input.dtype, attr=param_attr,
                                  helper_name=helper)
        fmt = data_format if nd == 2 else ("NHWC" if channel_last else "NCHW")
        inputs = {"Input": input, "Filter": w}
        if nd == 2:
            inputs["Bias"] = None
        out = append_layer_op(LAYER_OPS[kind], inputs,
                              {"output_size": osize, "strides": strides, "paddings": pads,
                               "padding_algorithm": algo, "dilations": dil, "groups": groups,
                               "data_format": fmt}, helper)["Output"]
        out = _bias(out, bias_attr, helper, num_filters, input.dtype,
                    nd + 1 if channel_last else 1)
        return _activate(out, act)


def conv2d_transpose(input, num_filters, output_size=None, filter_size=None, padding=0, stride=1,
                     dilation=1, groups=None, param_attr=None, bias_attr=None, use_cudnn=True,
                     act=None, name=None, data_format="NCHW"):
    """paddle.static.nn.conv2d_transpose: Paddle's `conv2d_transpose` op (filter
    [C_in, num_filters / groups, kh, kw], Xavier-uniform), + bias and activation. The filter size
    is derived from `output_size` when not given, as in Paddle.

    Differences from Paddle: `output_size` given as Tensors is not supported; Paddle's
    `depthwise_conv2d_transpose` variant (use_cudnn=False with groups == channels) is recorded as
    `conv2d_transpose`."""
    reject_in_pir("conv2d_transpose")      # Paddle 3.3.1 fails in PIR mode
    return _transpose("conv2d_transpose", 2, input, num_filters, output_size, filter_size,
                      padding, stride, dilation, groups, param_attr, bias_attr, use_cudnn, act,
                      data_format)


def conv3d_transpose(input, num_filters, output_size=None, filter_size=None, padding=0, stride=1,
                     dilation=1, groups=None, param_attr=None, bias_attr=None, use_cudnn=True,
                     act=None, name=None, data_format="NCDHW"):
    """paddle.static.nn.conv3d_transpose: Paddle's `conv3d_transpose` op (recorded with
    data_format 'NCHW' / 'NHWC', as Paddle records it), + bias and activation.

    Differences from Paddle: `output_size` given as Tensors is not supported."""
    reject_in_pir("conv3d_transpose")      # Paddle 3.3.1 fails in PIR mode
    return _transpose("conv3d_transpose", 3, input, num_filters, output_size, filter_size,
                      padding, stride, dilation, groups, param_attr, bias_attr, use_cudnn, act,
                      data_format)


def _deform_v1(Input, Offset, Filter, **attrs):
    return OPS["deformable_conv"].kernel(Input, Offset, Filter, None, **attrs)


_DEFORM_ATTRS = {"deformable_groups": 1, "dilations": [1, 1], "groups": 1, "im2col_step": 1,
                 "paddings": [0, 0], "strides": [1, 1]}
_DEFORM_V1 = _local("deformable_conv_v1", _deform_v1, ("Input", "Offset", "Filter"),
                    ("Output",), _DEFORM_ATTRS)


def _deform_v2(Input, Offset, Filter, Mask=None, **attrs):
    return OPS["deformable_conv"].kernel(Input, Offset, Filter, Mask, **attrs)


_DEFORM_V2 = _local("deformable_conv", _deform_v2, ("Input", "Offset", "Filter", "Mask"),
                    ("Output",), _DEFORM_ATTRS)


def deform_conv2d(x, offset, mask, num_filters, filter_size, stride=1, padding=0, dilation=1,
                  groups=1, deformable_groups=1, im2col_step=1, weight_attr=None, bias_attr=None,
                  name=None):
    """paddle.static.nn.deform_conv2d: Paddle's `deformable_conv` op (with `mask`) or
    `deformable_conv_v1` (mask None), parameters named `deformable_conv_<n>.w_0` / `.b_0`."""
    static_only("deform_conv2d")
    if mask is not None:
        reject_in_pir("deform_conv2d", mask)      # Paddle 3.3.1 fails in PIR mode
    _check_float(x, "x", "deform_conv2d", ("float32", "float64"))
    _check_float(offset, "offset", "deform_conv2d", ("float32", "float64"))
    if mask is not None:
        _check_float(mask, "mask", "deform_conv2d", ("float32", "float64"))
    if "deformable_conv" not in OPS:
        raise NotImplementedError("paddle.static.nn.deform_conv2d needs paddle.vision.ops "
                                  "(import paddle_compat.vision first)")
    c = x.shape[1]
    if groups is None:
        fc_ = c
    else:
        if groups == 0:
            raise ValueError("groups should not be 0.")
        if c % groups != 0:
            raise ValueError("num_channels must be divisible by groups.")
        fc_ = c // groups
    fs = _to_list(filter_size, 2, "filter_size")
    with helper_scope("deformable_conv") as helper:
        std = (2.0 / (fs[0] * fs[1] * c)) ** 0.5
        w = make_static_parameter([num_filters, fc_] + fs, x.dtype, attr=weight_attr,
                                  default_initializer=I.Normal(0.0, std), helper_name=helper)
        attrs = {"strides": _to_list(stride, 2, "stride"),
                 "paddings": _to_list(padding, 2, "padding"),
                 "dilations": _to_list(dilation, 2, "dilation"), "groups": groups or 1,
                 "deformable_groups": deformable_groups, "im2col_step": im2col_step}
        inputs = {"Input": x, "Filter": w, "Offset": offset}
        if mask is not None:
            inputs["Mask"] = mask
        out = append_layer_op(_DEFORM_V2 if mask is not None else _DEFORM_V1, inputs, attrs,
                              helper)["Output"]
        return _bias(out, bias_attr, helper, num_filters, x.dtype, 1)


def bilinear_tensor_product(x, y, size, act=None, name=None, param_attr=None, bias_attr=None):
    """paddle.static.nn.bilinear_tensor_product: out[:, k] = x W_k y^T + b_k, Paddle's
    `bilinear_tensor_product` op (Weight [size, M, N], Bias [1, size])."""
    static_only("bilinear_tensor_product")
    reject_in_pir("bilinear_tensor_product", x)      # Paddle 3.3.1 fails in PIR mode
    _check_float(x, "x", "bilinear_tensor_product", ("float32", "float64"))
    _check_float(y, "y", "bilinear_tensor_product", ("float32", "float64"))
    if len(x.shape) != 2 or len(y.shape) != 2:
        raise ValueError(f"Input x and y should be 2D tensor, but received x with the shape of "
                         f"{tuple(x.shape)}, y with the shape of {tuple(y.shape)}")
    with helper_scope("bilinear_tensor_product") as helper:
        w = make_static_parameter([size, x.shape[1], y.shape[1]], x.dtype, attr=param_attr,
                                  helper_name=helper)

        def bias():
            b = make_static_parameter([1, size], x.dtype, attr=bias_attr, is_bias=True,
                                      helper_name=helper)
            return {} if b is None else {"Bias": b}
        out = append_layer_op(LAYER_OPS["bilinear_tensor_product"], {"X": x, "Y": y, "Weight": w},
                              {}, helper, late_inputs=bias)["Out"]
        return _activate(out, act)


def spectral_norm(weight, dim=0, power_iters=1, eps=1e-12, name=None):
    """paddle.static.nn.spectral_norm: `weight / sigma(weight)` by Paddle's `spectral_norm` op,
    with the power-iteration vectors U [h] and V [w] as stop-gradient parameters
    (`spectral_norm_<n>.w_0` / `.w_1`, Normal(0, 1))."""
    static_only("spectral_norm")
    _check_float(weight, "weight", "spectral_norm", ("float32", "float64"))
    assert 0 not in weight.shape, "Any dimension of input cannot be equal to 0."
    if dim not in (0, 1):
        raise ValueError("The input `dim` must be 0 (if weight in fc) or 1 (if weight in conv), "
                         f"but received dim={dim}")
    h = weight.shape[dim]
    w = math.prod(weight.shape) // h
    with helper_scope("spectral_norm") as helper:
        u = make_static_parameter([h], weight.dtype, default_initializer=I.Normal(0.0, 1.0),
                                  helper_name=helper)
        u.stop_gradient = True
        v = make_static_parameter([w], weight.dtype, default_initializer=I.Normal(0.0, 1.0),
                                  helper_name=helper)
        v.stop_gradient = True
        return append_layer_op(LAYER_OPS["spectral_norm"], {"Weight": weight, "U": u, "V": v},
                               {"dim": dim, "power_iters": power_iters, "eps": eps}, helper,
                               generated=("Out",))["Out"]


def row_conv(input, future_context_size, param_attr=None, act=None):
    """paddle.static.nn.row_conv: lookahead convolution over time, Paddle's `row_conv` op
    (Filter [future_context_size + 1, D]).

    Differences from Paddle: the input is a padded batch [N, T, D] (Paddle also takes a LoD
    tensor [T_total, D] of packed sequences, which paddle_compat has no form for)."""
    static_only("row_conv")
    reject_in_pir("row_conv", input)      # Paddle 3.3.1 fails in PIR mode
    _check_float(input, "input", "row_conv", ("float32", "float64"))
    if len(input.shape) != 3:
        raise NotImplementedError(
            "paddle.static.nn.row_conv: paddle_compat takes a padded batch [batch, time, dim]; a "
            "2-D LoD input of packed sequences is not supported (paddle_compat has no LoD tensors)")
    with helper_scope("row_conv") as helper:
        f = make_static_parameter([future_context_size + 1, input.shape[-1]], input.dtype,
                                  attr=param_attr, helper_name=helper)
        out = append_layer_op(LAYER_OPS["row_conv"], {"X": input, "Filter": f}, {},
                              helper)["Out"]
        return _activate(out, act)


def sparse_embedding(input, size, padding_idx=None, is_test=False, entry=None,
                     table_class="MemorySparseTable", param_attr=None, dtype="float32",
                     slot=None):
    """paddle.static.nn.sparse_embedding: Paddle's `lookup_table` op over a SELECTED_ROWS table
    `sparse_embedding_<n>.w_0` (ids shaped [..., 1]).

    Differences from Paddle: the table is a plain dense parameter held by the Executor (Paddle
    keeps it in a parameter-server sparse table); `entry` configs are recorded only."""
    static_only("sparse_embedding")
    if not isinstance(input, Variable) or input.dtype.short != "int64":
        raise TypeError("The data type of 'input' in paddle.incubate.layers.sparse_embedding "
                        "must be ['int64'], but received "
                        f"{getattr(getattr(input, 'dtype', None), 'short', type(input))}. ")
    reject_in_pir("sparse_embedding")      # Paddle 3.3.1: `if input.size == 0` on a PIR Value
    if table_class not in ("CommonSparseTable", "SSDSparseTable", "MemorySparseTable"):
        raise ValueError("table_class must be in [CommonSparseTable, SSDSparseTable, "
                         "MemorySparseTable]")
    entry_str = "none"
    if entry is not None:
        if type(entry).__name__ not in ("ProbabilityEntry", "CountFilterEntry",
                                        "ShowClickEntry"):
            raise ValueError("entry must be instance in [paddle.distributed.ProbabilityEntry, "
                             "paddle.distributed.CountFilterEntry, "
                             "paddle.distributed.ShowClickEntry]")
        entry_str = entry._to_attr()
    pad = -1 if padding_idx is None else (padding_idx if padding_idx >= 0
                                          else size[0] + padding_idx)
    with helper_scope("sparse_embedding") as helper:
        w = make_static_parameter(list(size), dtype, attr=param_attr, helper_name=helper)
        w.type = "SELECTED_ROWS"
        from ..builder import default_startup_program
        sv = default_startup_program().global_block().vars.get(w.name)
        if sv is not None:
            sv.type = "SELECTED_ROWS"
        return append_layer_op(LAYER_OPS["lookup_table"], {"Ids": input, "W": w},
                               {"padding_idx": pad, "is_sparse": True, "is_distributed": True,
                                "remote_prefetch": True, "is_test": is_test, "entry": entry_str,
                                "table_class": table_class,
                                # Paddle 3.3.1 records slot = 0 whatever `slot` is given
                                "slot": 0},
                               helper)["Out"]
