"""paddle.nn.functional common functions (Paddle: nn/functional/common.py): linear, dropout, pad,
interpolate, upsample, cosine_similarity, class_center_sample; and flatten (paddle.flatten's functional
form)."""
import numpy as np
import torch
import torch.nn.functional as TF

from ..._ops import math as _math
from ..._ops.registry import defop, apply_op
from ..._tensor import Tensor
from .._opshare import shared, scale_op, reshape_op
from ..._mode import STATE
from ..._static.layers import record_linear
from ..._static.builder import default_main_program
from ... import _random

__all__ = ["linear", "dropout", "cosine_similarity", "pad", "interpolate", "upsample", "flatten",
           "dropout_mask", "class_center_sample"]


# ---- linear -------------------------------------------------------------------------------------
def _linear_kernel(x, weight, bias=None):
    if x.dim() == 0 or weight.dim() != 2 or x.shape[-1] != weight.shape[0]:
        k_lhs = x.shape[-1] if x.dim() else 1
        raise ValueError(
            f"(InvalidArgument) In operator matmul, the [{max(x.dim() - 1, 0)}] dimension of Input(X) "
            f"must be equal to the [0] dimension of Input(Y). But receiving the "
            f"[{max(x.dim() - 1, 0)}]dimension of Input(X) is [{k_lhs}], and the [0] dimension of "
            f"Input(Y) is [{weight.shape[0] if weight.dim() else 1}].\n  [Hint: Expected K_lhs == "
            f"K_rhs, but received K_lhs:{k_lhs} != K_rhs:{weight.shape[0] if weight.dim() else 1}.]\n"
            f"  [operator < linear > error: input x has shape {list(x.shape)}, weight has shape "
            f"{list(weight.shape)} ([in_features, out_features])]")
    if bias is not None and bias.dim() == 1 and x.dtype == weight.dtype == bias.dtype:
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
    out = x * keep.to(x.dtype)
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
    scaled = x * (1.0 / (1.0 - p)) if upscale else x
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


def _pad3d_kernel(x, paddings=(), mode="constant", value=0.0, data_format="NCDHW"):
    channels_last = data_format == "NDHWC"
    if channels_last:
        x = x.permute(0, 4, 1, 2, 3)
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


def _interp_kernel(x, size=None, scale_factor=None, mode="nearest", align_corners=False,
                   channels_last=False):
    if channels_last:
        x = x.movedim(-1, 1)
    kw = {}
    if mode in ("bilinear", "bicubic", "linear", "trilinear"):
        kw["align_corners"] = align_corners
    out = TF.interpolate(x, size=list(size) if size else None,
                         scale_factor=list(scale_factor) if scale_factor else None,
                         mode=_INTERP_MODES[mode], **kw)
    return out.movedim(1, -1) if channels_last else out


_INTERP = defop("interp_v2", _interp_kernel,
                attrs={"size": None, "scale_factor": None, "mode": "nearest", "align_corners": False,
                       "channels_last": False}, api="paddle.nn.functional.interpolate",
                notes="Paddle records nearest_interp_v2/bilinear_interp_v2/...; one op type here")


def interpolate(x, size=None, scale_factor=None, mode="nearest", align_corners=False, align_mode=0,
                data_format=None, recompute_scale_factor=None, antialias=False, name=None):
    """paddle.nn.functional.interpolate(x, size=None, scale_factor=None, mode='nearest',
    align_corners=False, align_mode=0, data_format=None).

    Differences from Paddle: align_mode=1 (asymmetric source coordinates) with align_corners=False for
    linear modes, and antialias=True, raise NotImplementedError.
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
    if align_mode == 1 and not align_corners and mode in ("linear", "bilinear", "trilinear"):
        raise NotImplementedError("paddle.nn.functional.interpolate: align_mode=1 is not supported; "
                                  "use align_mode=0 (half-pixel) or align_corners=True")
    if antialias:
        raise NotImplementedError("paddle.nn.functional.interpolate: antialias=True is not supported")
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
                                    "channels_last": channels_last})


def upsample(x, size=None, scale_factor=None, mode="nearest", align_corners=False, align_mode=0,
             data_format=None, name=None):
    """paddle.nn.functional.upsample: the same as interpolate."""
    return interpolate(x, size, scale_factor, mode, align_corners, align_mode, data_format)


# ---- flatten (ops-manip's paddle.flatten when present) ------------------------------------------
def _flatten_kernel(x, start_axis=1, stop_axis=-1):
    if x.dim() == 0:
        return x.reshape(1)
    return torch.flatten(x, start_axis, stop_axis)


_FLATTEN = shared("flatten_contiguous_range", _flatten_kernel,
                  attrs={"start_axis": 1, "stop_axis": -1}, api="paddle.flatten")


def flatten(x, start_axis=0, stop_axis=-1, name=None):
    """paddle.nn.functional.flatten(x, start_axis=0, stop_axis=-1) (paddle.flatten)."""
    nd = len(x.shape)
    s = start_axis + nd if start_axis < 0 else start_axis
    e = stop_axis + nd if stop_axis < 0 else stop_axis
    if nd and (s > e or not 0 <= s < nd or not 0 <= e < nd):
        raise ValueError("The stop_axis should be greater than or equal to start_axis.")
    return apply_op(_FLATTEN.get(), (x,), {"start_axis": int(start_axis), "stop_axis": int(stop_axis)})


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
