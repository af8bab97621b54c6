"""paddle.nn.functional common functions (Paddle: nn/functional/common.py): linear, dropout (and
dropout1d/2d/3d, alpha_dropout, feature_alpha_dropout), pad, zeropad2d, interpolate, upsample,
cosine_similarity, bilinear, unfold, fold, class_center_sample; and flatten (paddle.flatten's
functional form)."""
import numpy as np
import torch
import torch.nn.functional as TF

from ..._ops import manipulation as _manipulation, math as _math, matmul_order as _matmul_order
from ..._ops.registry import defop, apply_op
from ..._tensor import Tensor
from .._opshare import scale_op, reshape_op
from ..._mode import STATE
from ..._static.layers import record_linear
from ..._static.builder import default_main_program
from ... import _random

__all__ = ["linear", "dropout", "cosine_similarity", "pad", "interpolate", "upsample", "flatten",
           "dropout_mask", "dropout1d", "dropout2d", "dropout3d", "alpha_dropout",
           "feature_alpha_dropout", "zeropad2d", "bilinear", "unfold", "fold",
           "class_center_sample"]


# ---- linear -------------------------------------------------------------------------------------
def _linear_kernel(x, weight, bias=None):
    # Paddle's linear is matmul + add: a 1-D weight (an Assign initializer of shape [in]) works
    if x.dim() == 0 or weight.dim() not in (1, 2) or x.shape[-1] != weight.shape[0]:
        k_lhs = x.shape[-1] if x.dim() else 1
        raise ValueError(
            f"(InvalidArgument) In operator matmul, the [{max(x.dim() - 1, 0)}] dimension of Input(X) "
            f"must be equal to the [0] dimension of Input(Y). But receiving the "
            f"[{max(x.dim() - 1, 0)}]dimension of Input(X) is [{k_lhs}], and the [0] dimension of "
            f"Input(Y) is [{weight.shape[0] if weight.dim() else 1}].\n  [Hint: Expected K_lhs == "
            f"K_rhs, but received K_lhs:{k_lhs} != K_rhs:{weight.shape[0] if weight.dim() else 1}.]\n"
            f"  [operator < linear > error: input x has shape {list(x.shape)}, weight has shape "
            f"{list(weight.shape)} ([in_features, out_features])]")
    exact = _matmul_order.paddle_matmul(x, weight) if weight.dim() == 2 else None
    if exact is not None:
        # CPU float32: Paddle's order (matmul, then the bias added; its gradient row by row)
        if bias is None:
            return exact
        return _matmul_order.bias_add(exact, bias) if bias.dim() == 1 else exact + bias
    if bias is not None and bias.dim() == 1 and weight.dim() == 2 and \
            x.dtype == weight.dtype == bias.dtype:
        # One fused addmm (the bias add rides on the GEMM) instead of matmul + a separate add.
        return TF.linear(x, weight.t(), bias)
    out = torch.matmul(x, weight)
    return out if bias is None else out + bias


_LINEAR = defop("linear", _linear_kernel, inputs=("X", "W", "Bias"), outputs=("Out",),
                api="paddle.nn.functional.linear",
                notes="Paddle's legacy static graph records matmul_v2 + elementwise_add; one op here")


def linear(x, weight, bias=None, name=None):
    """paddle.nn.functional.linear(x, weight, bias=None): x @ weight + bias, weight [in, out].

    A width mismatch raises ValueError with Paddle's matmul message, plus both shapes. In static
    mode it records what Paddle's legacy graph records: matmul_v2, then elementwise_add for a bias,
    outputs named `<name or linear_n>.tmp_k`.
    """
    if STATE.static:
        return record_linear(x, weight, bias, name)
    return apply_op(_LINEAR, (x, weight, bias))


# ---- dropout ------------------------------------------------------------------------------------
def dropout_mask(shape, p, device):
    """Keep-mask drawn as Paddle's CPU dropout kernel does: one float32 U[0,1) per element from the
    global generator, dropped where u < p. On CUDA devices torch's generator is used."""
    if device.type != "cpu":
        return torch.rand(shape, device=device) >= p
    u = _random.uniform_(list(shape), 0.0, 1.0, "float32")
    return torch.from_numpy(np.ascontiguousarray(u)).reshape(shape) >= np.float32(p)


def _dropout_kernel(x, dropout_prob=0.5, is_test=False, dropout_implementation="downgrade_in_infer",
                    seed=0, fix_seed=False):
    p = float(np.float32(dropout_prob))
    upscale = dropout_implementation == "upscale_in_train"
    if is_test:
        mask = torch.ones(x.shape, dtype=torch.uint8, device=x.device)
        return (x if upscale else x * (1.0 - p)), mask
    if upscale and p == 1.0:
        return x * 0, torch.zeros(x.shape, dtype=torch.uint8, device=x.device)
    keep = dropout_mask(tuple(x.shape), p, x.device)
    # Paddle's kernel writes a literal 0 where it drops (x * 0 would give -0. for negative x)
    out = torch.where(keep, x, 0.0)
    if upscale:
        # Paddle divides by the float32 value (1.0f - p).
        out = out / float(np.float32(1.0) - np.float32(p))
    return out, keep.to(torch.uint8)


_DROPOUT = defop("dropout", _dropout_kernel, inputs=("X",), outputs=("Out", "Mask"),
                 attrs={"dropout_prob": 0.5, "is_test": False,
                        "dropout_implementation": "downgrade_in_infer", "seed": 0, "fix_seed": False},
                 api="paddle.nn.functional.dropout",
                 notes="CPU masks come from the Paddle-exact generator; `seed`/`fix_seed` are ignored")


def _dropout_nd_kernel(x, p=0.5, axes=(), upscale=True):
    mask_shape = [1] * x.dim()
    for i in axes:
        mask_shape[i] = x.shape[i]
    keep = dropout_mask(tuple(mask_shape), p, x.device).to(x.dtype)
    # Paddle scales first with its `scale` op (x * s + 0., which turns -0. into +0.), then masks
    scaled = x * (1.0 / (1.0 - p)) + 0.0 if upscale else x
    return scaled * keep


_DROPOUT_ND = defop("dropout_nd", _dropout_nd_kernel, attrs={"p": 0.5, "axes": (), "upscale": True},
                    api="paddle.nn.functional.dropout",
                    notes="Paddle builds this from uniform/greater_equal/multiply ops; one op here")


def dropout(x, p=0.5, axis=None, training=True, inplace=False, mode="upscale_in_train", name=None):
    """paddle.nn.functional.dropout(x, p=0.5, axis=None, training=True, inplace=False,
    mode='upscale_in_train').

    'upscale_in_train' scales kept values by 1/(1-p) in training and is the identity at inference;
    'downscale_in_infer' keeps values in training and scales by (1-p) at inference. On CPU the mask
    equals Paddle's for the same seed (the same uniform draws).
    Differences from Paddle: a Tensor `p` is not supported (NotImplementedError).
    """
    if isinstance(p, Tensor):
        raise NotImplementedError("paddle.nn.functional.dropout: a Tensor `p` is not supported; "
                                  "pass a Python float")
    if not isinstance(p, (float, int)):
        raise TypeError("p argument should be a number or Variable")
    if p == 0:
        return x
    if p < 0 or p > 1:
        raise ValueError("p argument should between 0 and 1")
    if mode not in ("downscale_in_infer", "upscale_in_train"):
        raise ValueError("mode argument should be 'downscale_in_infer' or 'upscale_in_train'")
    if axis and not isinstance(axis, (int, list, tuple)):
        raise TypeError("datatype of axis argument should be int or list")
    if axis is None:
        impl = "downgrade_in_infer" if mode == "downscale_in_infer" else mode
        out = apply_op(_DROPOUT, (x,), {"dropout_prob": float(p), "is_test": not training,
                                        "dropout_implementation": impl, "seed": 0,
                                        "fix_seed": False})[0]
        if inplace:
            x._t = out._t
            return x
        return out
    if inplace:
        raise NotImplementedError("inplace not supported for dropout_nd yet")
    keep_prob = 1 - p
    if not training:
        if mode == "downscale_in_infer":
            return scale_op(x, keep_prob)
        return x
    if p == 1.0:
        return scale_op(x, 0.0)
    ndim = len(x.shape)
    axes = [axis] if isinstance(axis, int) else list(axis)
    if min(axes) < 0 or max(axes) > ndim - 1:
        raise ValueError(f"axis value should be greater than or equal to 0 and less than dimensions "
                         f"of x:{ndim}, but get axis value:{max(axes)} ")
    if len(axes) > ndim:
        raise ValueError(f"length of axis should not be greater than dimensions of x:{ndim}, but "
                         f"get length of axis: {len(axes)}")
    return apply_op(_DROPOUT_ND, (x,), {"p": float(p), "axes": tuple(axes),
                                        "upscale": mode == "upscale_in_train"})


# ---- pad ----------------------------------------------------------------------------------------
def _pad_kernel(x, paddings=(), pad_value=0.0):
    # Paddle's `pad` lists (before, after) per axis from the first axis; torch wants the last first.
    tp = []
    for i in range(len(paddings) // 2 - 1, -1, -1):
        tp += [paddings[2 * i], paddings[2 * i + 1]]
    return TF.pad(x, tp, mode="constant", value=pad_value)


# Paddle's reflect checks, in its order: (axis name, spatial dim of NCDHW, pad index, pad name).
_REFLECT_CHECKS = (("depth", 2, 4, "pad_front"), ("depth", 2, 5, "pad_back"),
                   ("height", 3, 2, "pad_top"), ("height", 3, 3, "pad_bottom"),
                   ("width", 4, 0, "pad_left"), ("width", 4, 1, "pad_right"))


def _pad3d_kernel(x, paddings=(), mode="constant", value=0.0, data_format="NCDHW"):
    channels_last = data_format == "NDHWC"
    if channels_last:
        x = x.permute(0, 4, 1, 2, 3)
    if mode == "reflect" and x.device.type != "meta":
        for axis, dim, i, name in _REFLECT_CHECKS:
            if not x.shape[dim] > paddings[i]:
                # Paddle's text, its "depth(%d)" for every axis included
                raise ValueError(f"(InvalidArgument) The {axis} of Input(X)'s dimension should be "
                                 f"greater than {name} in reflect mode, but received "
                                 f"depth({x.shape[dim]}) and {name}({paddings[i]}).")
    out = TF.pad(x, list(paddings), mode=mode, value=value if mode == "constant" else None)
    return out.permute(0, 2, 3, 4, 1) if channels_last else out


_PAD = defop("pad", _pad_kernel, attrs={"paddings": (), "pad_value": 0.0}, api="paddle.nn.functional.pad")
_PAD3D = defop("pad3d", _pad3d_kernel, attrs={"paddings": (), "mode": "constant", "value": 0.0,
                                              "data_format": "NCDHW"}, api="paddle.nn.functional.pad")
_FORMATS = {3: ["NCL", "NLC"], 4: ["NCHW", "NHWC"], 5: ["NCDHW", "NDHWC"]}


def pad(x, pad, mode="constant", value=0.0, data_format=None, pad_from_left_axis=True, name=None):
    """paddle.nn.functional.pad(x, pad, mode='constant', value=0.0, data_format=None,
    pad_from_left_axis=True).

    Constant mode with a pad list of any length other than 2*(ndim-2) pads from the first axis
    (2*ndim entries, pad_from_left_axis=True) or from the last axis; otherwise `pad` covers the spatial
    axes of a 3/4/5-D input, last axis first ([left, right, top, bottom, front, back]).
    Differences from Paddle: a Tensor `pad` is converted with tolist() (not recorded as an input).
    """
    assert mode in ("reflect", "replicate", "constant", "circular"), (
        f"mode should be one of constant, reflect, replicate, circular, but got {mode}.")
    if isinstance(pad, Tensor):
        pad = pad.tolist()
    pad = [int(p) for p in pad]
    x_dim = len(x.shape)
    if mode == "constant" and len(pad) != (x_dim - 2) * 2:
        paddings = pad + [0] * max(0, 2 * x_dim - len(pad))
        if not (len(pad) == x_dim * 2 and pad_from_left_axis):
            paddings = [paddings[i - 1] if i % 2 == 1 else paddings[i + 1]
                        for i in range(2 * x_dim - 1, -1, -1)]
        return apply_op(_PAD, (x,), {"paddings": tuple(paddings), "pad_value": float(value)})
    assert x_dim in (3, 4, 5), f"input tensor dimension must be in [3, 4, 5] but got {x_dim}"
    if data_format is None:
        data_format = {3: "NCL", 4: "NCHW", 5: "NCDHW"}[x_dim]
    data_format = data_format.upper()
    assert data_format in ["NCL", "NCHW", "NCDHW", "NLC", "NHWC", "NDHWC"], (
        "data_format should be in one of [NCL, NCHW, NCDHW, NLC, NHWC, NDHWC], but got "
        f"{data_format}")
    assert data_format in _FORMATS[x_dim], (
        f"input tensor dimension is {x_dim}, it's data format should be in {_FORMATS[x_dim]} but got "
        f"{data_format}")
    shape = list(x.shape)
    channels_first = data_format in ("NCL", "NCHW", "NCDHW")
    if x_dim == 3:
        pad = [0, 0, 0, 0, *pad]
        shape5 = shape + [1, 1] if channels_first else shape[:2] + [1, 1] + shape[2:]
    elif x_dim == 4:
        pad = [*pad, 0, 0]
        shape5 = shape[:2] + [1] + shape[2:] if channels_first else shape[:1] + [1] + shape[1:]
    else:
        shape5 = shape
    x5 = reshape_op(x, shape5) if x_dim != 5 else x
    out = apply_op(_PAD3D, (x5,), {"paddings": tuple(pad), "mode": mode, "value": float(value),
                                   "data_format": "NCDHW" if channels_first else "NDHWC"})
    if x_dim == 5:
        return out
    oshape = list(out.shape)
    if x_dim == 3:
        keep = oshape[:3] if channels_first else oshape[:2] + oshape[4:]
    else:
        keep = oshape[:2] + oshape[3:] if channels_first else oshape[:1] + oshape[2:]
    return reshape_op(out, keep)


# ---- interpolate --------------------------------------------------------------------------------
_INTERP_MODES = {"nearest": "nearest", "bilinear": "bilinear", "bicubic": "bicubic",
                 "linear": "linear", "trilinear": "trilinear", "area": "area"}


def _linear_asymmetric(x, size, scale_factor):
    """Paddle's linear/bilinear/trilinear with align_mode=1 (align_corners=False): source index
    ratio * dst (ratio = 1 / scale, or in / out), one axis after another."""
    nd = x.dim() - 2
    for i in range(nd):
        n_in = x.shape[2 + i]
        n_out = int(size[i]) if size else int(n_in * scale_factor[i])
        if n_out > 1:
            ratio = 1.0 / scale_factor[i] if scale_factor and scale_factor[i] > 0 else n_in / n_out
        else:
            ratio = 0.0
        src = torch.arange(n_out, device=x.device, dtype=torch.float32) * np.float32(ratio)
        idx0 = src.floor().long().clamp(0, n_in - 1)
        idx1 = torch.clamp(idx0 + 1, max=n_in - 1)
        lam = (src - idx0.to(src.dtype)).to(x.dtype)
        shape = [1] * x.dim()
        shape[2 + i] = n_out
        lam = lam.reshape(shape)
        x = x.index_select(2 + i, idx0) * (1 - lam) + x.index_select(2 + i, idx1) * lam
    return x


def _interp_kernel(x, size=None, scale_factor=None, mode="nearest", align_corners=False,
                   channels_last=False, align_mode=0, antialias=False):
    if channels_last:
        x = x.movedim(-1, 1)
    if align_mode == 1 and not align_corners and mode in ("linear", "bilinear", "trilinear"):
        out = _linear_asymmetric(x, size, scale_factor)
    else:
        kw = {}
        if mode in ("bilinear", "bicubic", "linear", "trilinear"):
            kw["align_corners"] = align_corners
        if antialias:
            kw["antialias"] = True
        out = TF.interpolate(x, size=list(size) if size else None,
                             scale_factor=list(scale_factor) if scale_factor else None,
                             mode=_INTERP_MODES[mode], **kw)
    return out.movedim(1, -1) if channels_last else out


_INTERP = defop("interp_v2", _interp_kernel,
                attrs={"size": None, "scale_factor": None, "mode": "nearest", "align_corners": False,
                       "channels_last": False, "align_mode": 0, "antialias": False},
                api="paddle.nn.functional.interpolate",
                notes="Paddle records nearest_interp_v2/bilinear_interp_v2/...; one op type here")


def interpolate(x, size=None, scale_factor=None, mode="nearest", align_corners=False, align_mode=0,
                data_format=None, recompute_scale_factor=None, antialias=False, name=None):
    """paddle.nn.functional.interpolate(x, size=None, scale_factor=None, mode='nearest',
    align_corners=False, align_mode=0, data_format=None, recompute_scale_factor=None,
    antialias=False).

    align_mode=1 with align_corners=False makes the linear modes take source index
    dst / scale (Paddle's asymmetric mapping); antialias=True (bilinear, bicubic) widens the filter
    when downsampling.
    """
    mode = mode.lower()
    if mode not in _INTERP_MODES:
        raise ValueError("The 'resample' of image_resize can only be 'area', 'linear', 'bilinear', "
                         "'trilinear',  'bicubic' or 'nearest' currently.")
    if size is None and scale_factor is None:
        raise ValueError("One of size and scale_factor must not be None.")
    if align_corners and mode in ("nearest", "area"):
        raise ValueError("align_corners option can only be set with the interpolating modes: "
                         "linear | bilinear | bicubic | trilinear")
    if antialias and mode not in ("bilinear", "bicubic"):
        raise ValueError("Anti-alias option is only supported for bilinear and bicubic modes")
    nd = len(x.shape) - 2
    channels_last = data_format is not None and data_format.upper() in ("NWC", "NHWC", "NDHWC")
    if isinstance(size, Tensor):
        size = size.tolist()
    if size is not None:
        size = tuple(int(s.item() if isinstance(s, Tensor) else s) for s in size)
        sf = None
    else:
        if isinstance(scale_factor, Tensor):
            scale_factor = scale_factor.tolist()
        sf = tuple(float(s) for s in scale_factor) if isinstance(scale_factor, (list, tuple)) \
            else (float(scale_factor),) * nd
    return apply_op(_INTERP, (x,), {"size": size, "scale_factor": sf, "mode": mode,
                                    "align_corners": bool(align_corners),
                                    "channels_last": channels_last, "align_mode": int(align_mode),
                                    "antialias": bool(antialias)})


def upsample(x, size=None, scale_factor=None, mode="nearest", align_corners=False, align_mode=0,
             data_format=None, name=None):
    """paddle.nn.functional.upsample: the same as interpolate."""
    return interpolate(x, size, scale_factor, mode, align_corners, align_mode, data_format)


# ---- flatten: Paddle's nn.functional.flatten is paddle.flatten itself ---------------------------
flatten = _manipulation.flatten


def cosine_similarity(x1, x2, axis=1, eps=1e-8):
    """paddle.nn.functional.cosine_similarity(x1, x2, axis=1, eps=1e-8):
    sum(x1 * x2) / sqrt(max(|x1|^2 * |x2|^2, eps^2)) along axis (x1, x2 broadcast)."""
    if x1.shape[axis] == 0 or x2.shape[axis] == 0:
        return _math.sum(_math.multiply(x1, x2), axis=axis)
    bs = np.broadcast_shapes((x1.shape[axis],), (x2.shape[axis],))   # Paddle: paddle.broadcast_shape
    w12 = _math.sum(_math.multiply(x1, x2), axis=axis)
    w1 = _math.sum(_math.multiply(x1, x1), axis=axis)
    w2 = _math.sum(_math.multiply(x2, x2), axis=axis)
    m1, m2 = bs[0] / x1.shape[axis], bs[0] / x2.shape[axis]
    if m1 != 1:
        w1 = w1 * m1
    if m2 != 1:
        w2 = w2 * m2
    n12 = _math.sqrt(_math.clip(w1 * w2, min=eps * eps))
    return w12 / n12



# ---- dropout variants ---------------------------------------------------------------------------
def dropout1d(input, p=0.5, training=True, inplace=False):
    """paddle.nn.functional.dropout1d(input, p=0.5, training=True, inplace=False): whole channels
    (axis 1 of [N, C, L], axis 0 of [C, L]) dropped, kept ones scaled by 1 / (1 - p).
    Differences from Paddle: inplace=True is ignored, with Paddle's warning."""
    import warnings
    if p < 0 or p > 1:
        raise ValueError(f"dropout probability must be in [0, 1], got {p}")
    ndim = len(input.shape)
    if ndim not in (2, 3):
        raise RuntimeError(f"dropout1d expects 2D or 3D input, got {ndim}D")
    if inplace:
        warnings.warn("inplace=True is currently not supported in dropout1d and will be ignored. "
                      "This parameter is reserved for future implementation.")
    if ndim == 2:
        out = dropout(reshape_op(input, [1] + list(input.shape)), p=p, axis=1, training=training)
        return reshape_op(out, list(input.shape))
    return dropout(input, p=p, axis=1, training=training)


def dropout2d(x, p=0.5, training=True, data_format="NCHW", name=None):
    """paddle.nn.functional.dropout2d(x, p=0.5, training=True, data_format='NCHW'): whole
    channels of a 4-D input dropped (one draw per (sample, channel))."""
    if len(x.shape) != 4:
        raise ValueError(f"dimensions of x should be 4, but received {len(x.shape)} != 4")
    if data_format not in ["NCHW", "NHWC"]:
        raise ValueError(f"Attr(data_format) should be 'NCHW' or 'NHWC'. Received "
                         f"Attr(data_format): {data_format}.")
    return dropout(x, p=p, axis=[0, 1] if data_format == "NCHW" else [0, 3], training=training,
                   mode="upscale_in_train")


def dropout3d(x, p=0.5, training=True, data_format="NCDHW", name=None):
    """paddle.nn.functional.dropout3d(x, p=0.5, training=True, data_format='NCDHW'): whole
    channels of a 5-D input dropped."""
    if len(x.shape) != 5:
        raise ValueError(f"dimensions of x should be 5, but received {len(x.shape)} != 5")
    if data_format not in ["NCDHW", "NDHWC"]:
        raise ValueError(f"Attr(data_format) should be 'NCDHW' or 'NDHWC'. Received "
                         f"Attr(data_format): {data_format}.")
    return dropout(x, p=p, axis=[0, 1] if data_format == "NCDHW" else [0, 4], training=training,
                   mode="upscale_in_train")


_SELU_ALPHA = 1.6732632423543772848170429916717
_SELU_SCALE = 1.0507009873554804934193349852946


def _alpha_dropout_kernel(x, p=0.5, feature=False):
    shape = list(x.shape[:2]) + [1] * (x.dim() - 2) if feature else list(x.shape)
    alpha_p = -_SELU_ALPHA * _SELU_SCALE
    a = ((1 - p) * (1 + p * alpha_p ** 2)) ** -0.5
    b = -a * alpha_p * p
    keep = dropout_mask(tuple(shape), p, x.device).to(x.dtype)
    y = x * keep + (1.0 - keep) * alpha_p
    return y * a + b


_ALPHA_DROPOUT = defop("alpha_dropout", _alpha_dropout_kernel, attrs={"p": 0.5, "feature": False},
                       api="paddle.nn.functional.alpha_dropout",
                       notes="Paddle builds this from uniform/greater_equal/scale/add ops; one op "
                             "here, the same uniform draws")


def _alpha_dropout(x, p, training, feature):
    if not isinstance(p, (float, int)):
        raise TypeError("p argument should be a float or int")
    if p < 0 or p > 1:
        raise ValueError("p argument should between 0 and 1")
    if not training:
        return x
    if p == 1:
        return scale_op(x, 0.0)
    if feature and len(x.shape) < 2:
        raise ValueError("Feature alpha dropout needs at least 2D input.")
    return apply_op(_ALPHA_DROPOUT, (x,), {"p": float(p), "feature": bool(feature)})


def alpha_dropout(x, p=0.5, training=True, name=None):
    """paddle.nn.functional.alpha_dropout(x, p=0.5, training=True): dropout for SELU networks;
    dropped values become -alpha*scale, then an affine map keeps mean and variance. The mask
    equals Paddle's for a seed (one float32 uniform per element)."""
    return _alpha_dropout(x, p, training, False)


def feature_alpha_dropout(x, p=0.5, training=True, name=None):
    """paddle.nn.functional.feature_alpha_dropout(x, p=0.5, training=True): alpha dropout of
    whole channels (one draw per (sample, channel))."""
    return _alpha_dropout(x, p, training, True)


def zeropad2d(x, padding, data_format="NCHW", name=None):
    """paddle.nn.functional.zeropad2d(x, padding, data_format='NCHW'): F.pad with zeros,
    padding [left, right, top, bottom]."""
    return pad(x, pad=padding, mode="constant", value=0, data_format=data_format)


# ---- bilinear -----------------------------------------------------------------------------------
def _bilinear_kernel(x, y, weight, bias=None):
    if x.dim() != 2 or y.dim() != 2:
        raise ValueError(f"(InvalidArgument) The input(X) and input(Y) of BilinearOp must be 2D "
                         f"tensors. But received X's shape is {list(x.shape)}, Y's shape is "
                         f"{list(y.shape)}")
    if weight.dim() != 3 or weight.shape[1] != x.shape[1] or weight.shape[2] != y.shape[1]:
        raise ValueError(f"(InvalidArgument) The second and third dimensions of input(Weight) "
                         f"must equal the widths of input(X) and input(Y). But received "
                         f"Weight's shape {list(weight.shape)}, X's shape {list(x.shape)}, Y's "
                         f"shape {list(y.shape)}")
    return TF.bilinear(x, y, weight, None if bias is None else bias.reshape(-1))


_BILINEAR = defop("bilinear_tensor_product", _bilinear_kernel, inputs=("X", "Y", "Weight", "Bias"),
                  api="paddle.nn.functional.bilinear")


def bilinear(x1, x2, weight, bias=None, name=None):
    """paddle.nn.functional.bilinear(x1, x2, weight, bias=None): out[n, o] =
    x1[n] @ weight[o] @ x2[n] + bias[0, o]; weight [out, in1, in2], bias [1, out]."""
    return apply_op(_BILINEAR, (x1, x2, weight, bias))


# ---- unfold / fold ------------------------------------------------------------------------------
def _pair(v, what):
    if isinstance(v, int):
        return [v, v]
    if not (isinstance(v, (list, tuple)) and len(v) == 2):
        raise ValueError(f"{what} should either be an integer or a list/tuple of two integers")
    return [int(e) for e in v]


def _four(paddings, msg):
    if isinstance(paddings, int):
        return [paddings] * 4
    if isinstance(paddings, (list, tuple)):
        if len(paddings) == 2:
            return list(paddings) * 2
        if len(paddings) == 4:
            return list(paddings)
    raise ValueError(msg)


def _unfold_kernel(x, kernel_sizes=(), strides=(), paddings=(), dilations=()):
    top, left, bottom, right = paddings
    out_h = (x.shape[2] + top + bottom - (dilations[0] * (kernel_sizes[0] - 1) + 1)) // \
        strides[0] + 1
    out_w = (x.shape[3] + left + right - (dilations[1] * (kernel_sizes[1] - 1) + 1)) // \
        strides[1] + 1
    if out_h <= 0 or out_w <= 0:
        raise ValueError(
            f"(InvalidArgument) The dims of unfold's output should be greater than 0, but "
            f"received the output height {out_h} and the output width {out_w}")
    xp = TF.pad(x, [left, right, top, bottom])
    return TF.unfold(xp, list(kernel_sizes), list(dilations), 0, list(strides))


_UNFOLD = defop("unfold", _unfold_kernel, outputs=("Y",),
                attrs={"kernel_sizes": (), "strides": (), "paddings": (), "dilations": ()},
                api="paddle.nn.functional.unfold")


def unfold(x, kernel_sizes, strides=1, paddings=0, dilations=1, name=None):
    """paddle.nn.functional.unfold(x, kernel_sizes, strides=1, paddings=0, dilations=1): sliding
    blocks of [N, C, H, W] as [N, C*kh*kw, L]; paddings [top, left, bottom, right] (or one or
    two values)."""
    assert len(x.shape) == 4, "input should be the format of [N, C, H, W]"
    attrs = {"kernel_sizes": tuple(_pair(kernel_sizes, "kernel_sizes")),
             "strides": tuple(_pair(strides, "strides")),
             "paddings": tuple(_four(paddings, "paddings should either be an integer or a "
                                               "list/tuple of 2 or 4 integers")),
             "dilations": tuple(_pair(dilations, "dilations"))}
    return apply_op(_UNFOLD, (x,), attrs)


def _fold_kernel(x, output_sizes=(), kernel_sizes=(), strides=(), paddings=(), dilations=()):
    # Paddle's fold pads symmetrically by paddings[0] (height) and paddings[1] (width); the last
    # two entries are not used
    ph, pw = paddings[0], paddings[1]
    blocks = []
    for i, p in enumerate((ph, pw)):
        blocks.append((output_sizes[i] + 2 * p - (dilations[i] * (kernel_sizes[i] - 1) + 1))
                      // strides[i] + 1)
    if blocks[0] * blocks[1] != x.shape[2]:
        raise ValueError(
            f"(InvalidArgument) Given input output_size ({output_sizes[0]}, {output_sizes[1]}), "
            f"kernel_sizes ({kernel_sizes[0]}, {kernel_sizes[1]}), strides ({strides[0]}, "
            f"{strides[1]}), dilations ({dilations[0]}, {dilations[1]}), which should be expected "
            f"size of input's dimension 2 to match the calculated number of {blocks[0]} * "
            f"{blocks[1]} = {blocks[0] * blocks[1]}, but got {x.shape[2]}")
    # Paddle's col2im then checks the blocks against all four paddings [up, left, down, right]
    for i, what in ((0, "Output_height and padding(padding_up, padding_down)"),
                    (1, "Output_width and padding(padding_left, padding_right)")):
        eff = dilations[i] * (kernel_sizes[i] - 1) + 1
        if (output_sizes[i] + paddings[i] + paddings[i + 2] - eff) // strides[i] + 1 != blocks[i]:
            raise ValueError(f"(InvalidArgument) {what} are inconsistent.")
    return TF.fold(x, list(output_sizes), list(kernel_sizes), list(dilations), [ph, pw],
                   list(strides))


_FOLD = defop("fold", _fold_kernel, outputs=("Y",),
              attrs={"output_sizes": (), "kernel_sizes": (), "strides": (), "paddings": (),
                     "dilations": ()},
              api="paddle.nn.functional.fold")


def fold(x, output_sizes, kernel_sizes, strides=1, paddings=0, dilations=1, name=None):
    """paddle.nn.functional.fold(x, output_sizes, kernel_sizes, strides=1, paddings=0,
    dilations=1): the inverse of unfold, [N, C*kh*kw, L] summed back into [N, C, H, W]. As in
    Paddle, the padding is symmetric: paddings[0] for the height, paddings[1] for the width."""
    assert len(x.shape) == 3, "input should be the format of [N, C, L]"
    for what, v in (("output_sizes", output_sizes), ("kernel_sizes", kernel_sizes),
                    ("strides", strides), ("dilations", dilations)):
        assert isinstance(v, int) or (isinstance(v, (list, tuple)) and len(v) == 2), (
            f"{what} should either be an integer or a list/tuple of two integers")
    attrs = {"output_sizes": tuple(_pair(output_sizes, "output_sizes")),
             "kernel_sizes": tuple(_pair(kernel_sizes, "kernel_sizes")),
             "strides": tuple(_pair(strides, "strides")),
             "paddings": tuple(_four(paddings, "paddings should either be an integer or a list "
                                               "of 2 or 4 integers")),
             "dilations": tuple(_pair(dilations, "dilations"))}
    return apply_op(_FOLD, (x,), attrs)
# ---- class_center_sample ---------------------------------------------------------------
def _class_center_sample_kernel(label, num_classes=1, num_samples=1, ring_id=0, rank=0, nranks=1,
                                fix_seed=False, seed=0):
    if num_classes <= 0:
        raise ValueError("(InvalidArgument) The value 'num_classes' for Op(class_center_sample) must "
                         f"be greater than 0, but the value given is {num_classes}.")
    if num_samples <= 0:
        raise ValueError("(InvalidArgument) The value 'num_samples' for Op(class_center_sample) must "
                         f"be greater than 0, but the value given is {num_samples}.")
    if label.is_meta:
        return label.clone(), label.new_empty([num_samples])
    values = label.reshape(-1).tolist()
    positives = sorted(set(values))
    table = {c: i for i, c in enumerate(positives)}
    sampled, seen = list(positives), set(positives)
    gen = _random.engine_generator(seed) if fix_seed and seed else _random.default_cpu_generator()
    while len(seen) < num_samples:            # negatives in draw order, as Paddle's loop keeps them
        for neg in gen.integers(num_samples - len(seen), 0, num_classes).tolist():
            if neg not in seen:
                seen.add(neg)
                sampled.append(neg)
    remapped = torch.tensor([table[v] for v in values], dtype=label.dtype).reshape(label.shape)
    return remapped.to(label.device), torch.tensor(sampled, dtype=label.dtype, device=label.device)


_CLASS_CENTER_SAMPLE = defop(
    "class_center_sample", _class_center_sample_kernel, inputs=("Label",),
    outputs=("RemappedLabel", "SampledLocalClassCenter"),
    attrs={"num_classes": 1, "num_samples": 1, "ring_id": 0, "rank": 0, "nranks": 1,
           "fix_seed": False, "seed": 0},
    api="paddle.nn.functional.class_center_sample")


def class_center_sample(label, num_classes, num_samples, group=None):
    """paddle.nn.functional.class_center_sample(label, num_classes, num_samples, group=None):
    (remapped_label, sampled_class_center) -- every positive class of `label` (ascending) plus
    random negative classes up to num_samples, and the labels renumbered into that list (PartialFC).

    Differences from Paddle: Paddle's dynamic-mode kernel seeds its negatives from
    std::random_device (a different draw every call, paddle.seed has no effect); here they come from
    paddle.seed's generator (or from a fresh engine on the main program's random_seed, as in
    Paddle), so a seeded run repeats. Only the single-process form exists: a group of several ranks
    is refused.
    """
    if not (group is False or group is None or hasattr(group, "is_member")):
        raise ValueError("Expected group is False, None or instance of "
                         f"paddle.distributed.collective.Group              (got group: {group})")
    if group is not None and group is not False and getattr(group, "nranks", 1) > 1:
        raise NotImplementedError(
            "paddle.nn.functional.class_center_sample: a group of several ranks (classes split "
            "across devices) is not supported by paddle_compat; call it with group=None")
    if num_samples > num_classes:
        raise ValueError(f"Expected num_samples less than or equal to {num_classes}, got "
                         f"num_samples {num_samples}")
    label_size = 1
    for dim in list(label.shape):
        label_size *= dim
    if label_size != -1 and label_size < 1:
        raise ValueError(f"Expected label_size > 0              (got label_size: {label_size})")
    if len(label.shape) != 1:
        raise ValueError(f"Expected label_dims == 1              (got label_dims: {len(label.shape)})")
    # as Paddle: a main program with a random_seed fixes the negatives' engine
    seed = int(default_main_program().random_seed or 0)
    return apply_op(_CLASS_CENTER_SAMPLE, (label,), {
        "num_classes": int(num_classes), "num_samples": int(num_samples), "ring_id": 0, "rank": 0,
        "nranks": 1, "fix_seed": seed != 0, "seed": int(seed)})
