"""Paddle's legacy attribute sets for registry ops whose kernels take other keyword arguments.

The registry records an op with the attributes its kernel takes; Paddle's legacy IR prints some ops
with a different set (reduce_mean: `dim = []`, `in_dtype = -1`, `out_dtype = -1`, and
`reduce_all = True` whenever every axis is reduced). `to_legacy` gives the attributes to store in
the Program (what `print(program)` and `op.attr()` show, as in Paddle); `to_kernel` turns stored
attributes back into the kernel's keyword arguments. Ops not listed here store their kernel's
attributes unchanged.
"""

import torch
from .._dtype import from_torch_dtype, to_dtype

__all__ = ["to_legacy", "to_kernel"]


def _reduce_legacy(attrs, in_vars):
    a = dict(attrs)
    dim = a.get("dim")
    dims = [] if dim is None else ([int(dim)] if isinstance(dim, int) else [int(d) for d in dim])
    x = in_vars[0] if in_vars else None
    nd = len(x.shape) if x is not None and not isinstance(x, list) else -1
    a["dim"] = dims
    # Paddle: reduce_all when no axis is given or the axes cover every dimension.
    a["reduce_all"] = bool(a.get("reduce_all")) or not dims or len(dims) == nd
    a.setdefault("in_dtype", -1)
    a.setdefault("out_dtype", -1)
    return a


def _reduce_kernel(attrs):
    out = {k: v for k, v in attrs.items() if k not in ("in_dtype", "out_dtype")}
    if not out.get("dim"):
        out["dim"] = None
    return out


def _code(dtype):
    from .ir import VARTYPE_CODES
    if dtype is None:
        return -1
    if isinstance(dtype, int):
        return dtype
    d = from_torch_dtype(dtype) if isinstance(dtype, torch.dtype) else to_dtype(dtype)
    return VARTYPE_CODES[d.short]


def _torch_dtype(code):
    if code is None or isinstance(code, torch.dtype):
        return code
    if int(code) < 0:
        return None
    from .local_ops import dtype_from_code
    return dtype_from_code(code)


_INT_NAMES = ("int8", "uint8", "int16", "int32", "int64")


def _fill_legacy(attrs, in_vars):
    # paddle.full in the legacy graph: value is a float attribute, str_value the exact text
    # (str(int(v)) for integer dtypes, str(float(v)) otherwise), force_cpu False, place_type -1.
    dtype = attrs.get("dtype")
    short = from_torch_dtype(dtype).short if isinstance(dtype, torch.dtype) else "float32"
    value = attrs.get("value", 0.0)
    text = str(int(value)) if short in _INT_NAMES else str(float(value))
    return {"dtype": _code(dtype), "force_cpu": False, "place_type": -1,
            "shape": [int(d) for d in attrs.get("shape", [])], "str_value": text,
            "value": float(value)}


def _fill_kernel(attrs):
    # Recorded fill_constant ops run on the static graph's own kernel, which reads these.
    return attrs


def _cast_legacy(attrs, in_vars):
    x = in_vars[0] if in_vars else None
    return {"in_dtype": _code(x.dtype) if x is not None else -1,
            "out_dtype": _code(attrs.get("out_dtype"))}


def _cast_kernel(attrs):
    return {"out_dtype": _torch_dtype(attrs["out_dtype"])}


def _scale_legacy(attrs, in_vars):
    a = dict(attrs)
    a["scale"], a["bias"] = float(a.get("scale", 1.0)), float(a.get("bias", 0.0))
    return a


def _like_legacy(attrs, in_vars):
    return {"dtype": _code(attrs.get("dtype")), "value": float(attrs.get("value", 0.0))}


def _like_kernel(attrs):
    return {"dtype": _torch_dtype(attrs.get("dtype")), "value": attrs.get("value", 0.0)}


def _same(attrs):
    return attrs


def _compare_legacy(attrs, in_vars):
    return dict(attrs, force_cpu=False)    # the compare ops' legacy proto attribute


def _compare_kernel(attrs):
    return {k: v for k, v in attrs.items() if k != "force_cpu"}


def _reshape2_legacy(attrs, in_vars):
    return dict(attrs, mkldnn_data_type="float32", use_quantizer=False)


def _reshape2_kernel(attrs):
    return {k: v for k, v in attrs.items() if k not in ("mkldnn_data_type", "use_quantizer")}


def _ce_legacy(attrs, in_vars):
    # Paddle's op has no reduction/squeeze attributes (its API adds ops for them); an op that
    # folds them in (weights, ignore_index >= 0 with mean) keeps them.
    a = dict(attrs)
    if a.get("reduction", "none") == "none" and not a.get("squeeze"):
        a.pop("reduction", None)
        a.pop("squeeze", None)
    return a


def _softmax_legacy(attrs, in_vars):
    # paddle.nn.functional.softmax(x) records no dtype attribute in the legacy graph (its dtype
    # argument, when given, is a separate cast op).
    return {k: v for k, v in attrs.items() if not (k == "dtype" and v is None)}


def _softmax_kernel(attrs):
    return dict({"dtype": None}, **attrs)


def _pool_kernel(attrs):
    # Paddle's legacy pool op (a program file of Paddle's) carries global_pooling: the window is
    # the whole input, which is adaptive pooling to one value per channel; use_cudnn only picks
    # Paddle's GPU kernel.
    a = dict(attrs)
    a.pop("use_cudnn", None)
    if a.pop("global_pooling", False):
        nd = len(a.get("ksize", (1, 1)))
        a.update(adaptive=True, ksize=[1] * nd, paddings=[0] * nd, strides=[1] * nd)
    return a


def _pool_legacy(attrs, in_vars):
    # Paddle's legacy pool2d / pool3d carry global_pooling and use_cudnn (False for adaptive
    # pooling), symmetric paddings in their short form, and none of the kernel's own attributes
    # at their defaults (a divisor, an lp norm or a mask is another op in Paddle: kept as is).
    a = dict(attrs)
    if a.get("divisor") is None:
        a.pop("divisor", None)
    if a.get("pooling_type") != "lp":
        a.pop("norm_type", None)
    if not a.get("return_mask"):
        a.pop("return_mask", None)
    a.setdefault("global_pooling", False)
    a.setdefault("use_cudnn", not a.get("adaptive", False))
    pads, nd = list(a.get("paddings", ())), len(a.get("ksize", ()))
    if len(pads) == 2 * nd and all(pads[2 * i] == pads[2 * i + 1] for i in range(nd)):
        a["paddings"] = pads[0::2]
    return a


def _keep(attrs, in_vars):
    return attrs


_LEGACY = {"reduce_mean": (_reduce_legacy, _reduce_kernel),
           "pool2d": (_pool_legacy, _pool_kernel), "pool3d": (_pool_legacy, _pool_kernel),
           "softmax": (_softmax_legacy, _softmax_kernel),
           "softmax_with_cross_entropy": (_ce_legacy, _same),
           "reshape2": (_reshape2_legacy, _reshape2_kernel),
           "fill_constant": (_fill_legacy, _fill_kernel),
           "cast": (_cast_legacy, _cast_kernel),
           "scale": (_scale_legacy, _same),
           "fill_any_like": (_like_legacy, _like_kernel)}
for _type in ("equal", "not_equal", "less_than", "less_equal", "greater_than", "greater_equal"):
    _LEGACY[_type] = (_compare_legacy, _compare_kernel)


def to_legacy(op_type, attrs, in_vars):
    """The attributes to record for `op_type` (`attrs`: the kernel's, `in_vars`: input Variables)."""
    pair = _LEGACY.get(op_type)
    return pair[0](attrs, in_vars) if pair else attrs


def to_kernel(op_type, attrs):
    """The kernel's keyword arguments from recorded attributes (standard attributes removed)."""
    pair = _LEGACY.get(op_type)
    return pair[1](attrs) if pair else attrs


def kernel_kwargs(op):
    """The kernel's keyword arguments for a recorded Operator (its attributes minus the standard
    ones every op carries, translated by `to_kernel`)."""
    from .ir import STANDARD_ATTRS
    return to_kernel(op.type, {k: v for k, v in op.attrs.items() if k not in STANDARD_ATTRS})
