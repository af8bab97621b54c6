"""Expansions: recorded ops that Paddle 3.3.1's PIR face shows as several operations.

paddle_compat records one op per API call (`nansum`, `var`, `mse_loss`...); Paddle's Python code
for the same call builds, in PIR mode, the ops it decomposes into (`full` + `full_like` + `isnan`
+ `where` + `sum` for nansum). The PIR view (pir_ops.py) asks this table first: an entry is a
function of a builder and the recorded op that emits the PIR ops in Paddle's order and returns the
value the recorded output stands for (or None where the entry does not cover the op's form, which
then falls back to pir_names.OPS). Only printing reads this: the recorded op is what runs.

Recorded from the oracle (conformance/record/record_pir.py, case `ops_catalog_3`); each entry
follows the Paddle 3.3.1 function named in its comment.
"""
import math

from .pir_decompose import DECOMPOSITIONS
from .pir_results import RESULT_FORMS

__all__ = ["EXPANSIONS"]

_F32_MAX = 3.4028234663852886e38


def _axes(dim, rank):
    if dim is None:
        return []
    dims = list(dim) if isinstance(dim, (list, tuple)) else [dim]
    return [int(d) for d in dims]


def _reduced_shape(shape, axes, keepdim):
    rank = len(shape)
    norm = {a % rank for a in axes} if axes else set(range(rank))
    if keepdim:
        return [1 if i in norm else d for i, d in enumerate(shape)]
    return [d for i, d in enumerate(shape) if i not in norm]


def _nansum(b, op):
    # paddle.nansum: where(isnan(x), zeros_like(x), x).sum(axis, dtype, keepdim)
    x = b.input("X")
    zero = b.full_like(x, 0.0)
    nan = b.op("pd_op.isnan", [x], {}, x.shape, "bool")
    r = b.op("pd_op.where", [nan, zero, x], {}, x.shape, b.dtype(x))
    axes = b.int_array(_axes(op.attrs.get("dim"), len(x.shape)))
    return b.out("pd_op.sum", [r, axes], {"dtype": b.raw(_dtype_or_undefined(
        op.attrs.get("out_dtype"))), "keepdim": bool(op.attrs.get("keep_dim"))})


def _dtype_or_undefined(dt):
    if dt is None:
        return "Undefined"
    from .pir_ops import _dtype_attr
    return _dtype_attr(dt)


def _var(b, op):
    # paddle.var (CPU build): mean(x, axis, keepdim=True), sum((x - u) ** 2, axis, keepdim,
    # dtype), n = numel(x) / numel(out) as float, n - 1 clamped at 0, out / n; std: sqrt of that.
    x = b.input("X")
    dt = b.dtype(x)
    axes = _axes(op.attrs.get("dim"), len(x.shape))
    keep = bool(op.attrs.get("keep_dim"))
    u = b.op("pd_op.mean", [x, b.int_array(axes)], {"keepdim": True},
             _reduced_shape(x.shape, axes, True), dt)
    d = b.op("pd_op.subtract", [x, u], {}, x.shape, dt)
    p = b.op("pd_op.pow", [d], {"y": 2.0}, x.shape, dt)
    total = b.op("pd_op.sum", [p, b.int_array(axes)], {"dtype": b.raw(dt), "keepdim": keep},
                 _reduced_shape(x.shape, axes, keep), dt)
    counts = []
    for v in (x, total):
        n = b.op("pd_op.numel", [v], {}, [], "int64")
        counts.append(b.op("pd_op.cast", [n], {"dtype": b.raw("int64")}, [], "int64"))
    fl = [b.op("pd_op.cast", [c], {"dtype": b.raw("float32")}, [], "float32") for c in counts]
    n = b.op("pd_op.divide", fl, {}, [], "float32")
    if dt != "float32":
        n = b.op("pd_op.cast", [n], {"dtype": b.raw(dt)}, [], dt)
    if op.attrs.get("unbiased", True):
        n = b.op("pd_op.scale", [n, b.full(1.0)], {"bias": -1.0, "bias_after_scale": True},
                 [], dt)
        n = b.op("pd_op.maximum", [n, b.full_like(n, 0.0)], {}, [], dt, sg=True)
    if op.attrs.get("sqrt"):
        v = b.op("pd_op.divide", [total, n], {}, total.shape, dt)
        return b.out("pd_op.sqrt", [v], {})
    return b.out("pd_op.divide", [total, n], {})


def _nan_to_num(b, op):
    # paddle.nan_to_num: full_like for inf, -inf, nan, posinf, neginf, then where(isnan), and
    # where(x == inf) / where(x == -inf).
    x = b.input("X")
    a = op.attrs
    posinf = _F32_MAX if a.get("posinf") is None else float(a["posinf"])
    neginf = -_F32_MAX if a.get("neginf") is None else float(a["neginf"])
    inf, ninf, nan_v, pos, neg = (b.full_like(x, v) for v in (
        math.inf, -math.inf, float(a.get("nan", 0.0)), posinf, neginf))
    dt = b.dtype(x)
    r = b.op("pd_op.where", [b.op("pd_op.isnan", [x], {}, x.shape, "bool"), nan_v, x], {},
             x.shape, dt)
    r = b.op("pd_op.where", [b.op("pd_op.equal", [r, inf], {}, x.shape, "bool"), pos, r], {},
             x.shape, dt)
    return b.out("pd_op.where", [b.op("pd_op.equal", [r, ninf], {}, x.shape, "bool"), neg, r],
                 {})


def _scaled(factor):
    # paddle.rad2deg / deg2rad of a float tensor: scale(x, factor)
    def build(b, op):
        x = b.input("X")
        if b.dtype(x) not in ("float32", "float64"):
            return None
        return b.out("pd_op.scale", [x, b.full(factor)], {"bias": 0.0, "bias_after_scale": True})
    return build


def _frac(b, op):
    # paddle.frac: x - trunc(x)
    x = b.input("X")
    t = b.op("pd_op.trunc", [x], {}, x.shape, b.dtype(x))
    return b.out("pd_op.subtract", [x, t], {})


def _glu(b, op):
    # paddle.nn.functional.glu: a, b = chunk(x, 2, axis); a * sigmoid(b)
    x = b.input("X")
    axis = int(op.attrs.get("axis", -1)) % len(x.shape)
    half = list(x.shape)
    half[axis] = half[axis] // 2 if half[axis] > 0 else -1
    dt = b.dtype(x)
    first, second = b.split(x, axis, 2, half, dt)
    s = b.op("pd_op.sigmoid", [second], {}, half, dt)
    return b.out("pd_op.multiply", [first, s], {})


def _reduce(b, v, reduction, mean_op):
    """A loss's reduction as Paddle's functional code writes it."""
    if reduction == "none":
        return None
    if reduction == "mean" and mean_op == "mean_all":
        return ("pd_op.mean_all", [v], {})
    arr = b.int_array([])
    if reduction == "mean":
        return ("pd_op.mean", [v, arr], {"keepdim": False})
    return ("pd_op.sum", [v, arr], {"dtype": b.raw("Undefined"), "keepdim": False})


def _loss(first, mean_op):
    # mse_loss: square(x - y) then paddle.mean / paddle.sum; l1_loss: abs(x - y) then mean_all /
    # sum; bce_loss: the bce_loss op then mean_all / sum.
    def build(b, op):
        if op.inputs.get("Weight"):
            return None
        red = op.attrs.get("reduction", "mean")
        if first == "bce_loss":
            x, y = b.input("X"), b.input("Label")
            steps = [("pd_op.bce_loss", [x, y])]
        else:
            x, y = b.input("X"), b.input("Y")
            steps = [("pd_op.subtract", [x, y]), ("pd_op." + first, None)]
        dt = b.dtype(x)
        v = None
        for k, (name, operands) in enumerate(steps):
            last = k == len(steps) - 1 and red == "none"
            ops_in = operands if operands is not None else [v]
            v = b.out(name, ops_in, {}) if last else b.op(name, ops_in, {}, x.shape, dt)
        tail = _reduce(b, v, red, mean_op)
        if tail is None:
            return v
        return b.out(*tail)
    return build


def _eye(b, op):
    # paddle.eye: full(num_rows), full(num_columns) as float32 operands of pd_op.eye
    a = op.attrs
    rows = b.full(float(a["num_rows"]))
    cols = b.full(float(a["num_columns"] if a.get("num_columns") is not None else a["num_rows"]))
    return b.out("pd_op.eye", [rows, cols], {"dtype": b.raw(b.out_dtype()),
                                             "place": b.raw(b.UNDEF)})


def _arange(b, op):
    # paddle.arange: start, end, step as float64 fulls on the CPU
    a = op.attrs
    vals = [b.full(float(a[k]), "float64") for k in ("start", "end", "step")]
    return b.out("pd_op.arange", vals, {"dtype": b.raw(b.out_dtype()), "place": b.raw(b.UNDEF)})


def _linspace(b, op):
    # paddle.linspace: start, stop in the output dtype, num as int32; PIR types the result -1
    a = op.attrs
    dt = b.out_dtype()
    vals = [b.full(float(a["start"]), dt), b.full(float(a["stop"]), dt),
            b.full(float(a["num"]), "int32")]
    return b.out("pd_op.linspace", vals, {"dtype": b.raw(dt), "place": b.raw(b.UNDEF)},
                 shape=[-1])


def _layer_norm(b, op):
    # paddle.nn.functional.layer_norm: one op whose mean and variance PIR types as
    # x.shape[:begin_norm_axis] float32 (the recorded op keeps no variables for them)
    x = b.input("X")
    k = int(op.attrs.get("begin_norm_axis", 1))
    stat = (list(x.shape[:k]), "float32")
    b.out_multi("pd_op.layer_norm", [x, b.input("Scale"), b.input("Bias")],
                {"begin_norm_axis": k, "epsilon": float(op.attrs.get("epsilon", 1e-5))},
                ["Y", stat, stat])
    return True


def _batch_norm(b, op):
    # paddle.nn.functional.batch_norm in PIR: pd_op.batch_norm_ (x, mean, variance, scale, bias)
    # with saved mean / variance and a reserve space it types as -1 x uint8
    x = b.input("X")
    a = op.attrs
    layout = a.get("data_layout", "NCHW")
    c = x.shape[-1] if layout in ("NHWC", "NLC", "NDHWC") else x.shape[1]
    stat = ([c], "float32")
    b.out_multi("pd_op.batch_norm_", [x, b.input("Mean"), b.input("Variance"),
                                      b.input("Scale"), b.input("Bias")],
                {"data_format": layout, "epsilon": float(a.get("epsilon", 1e-5)),
                 "is_test": bool(a.get("is_test")), "momentum": float(a.get("momentum", 0.9)),
                 "trainable_statistics": bool(a.get("trainable_statistics")),
                 "use_global_stats": bool(a.get("use_global_stats"))},
                ["Y", "MeanOut", "VarianceOut", stat, stat, ([-1], "uint8")])
    return True


def _strided_slice(b, op):
    # paddle.strided_slice: starts, ends, strides as full_int_array operands
    if any(op.inputs.get(s) for s in ("StartsTensor", "EndsTensor", "StridesTensor",
                                      "StartsTensorList", "EndsTensorList",
                                      "StridesTensorList")):
        return None
    x = b.input("Input")
    a = op.attrs
    vals = [b.int_array([int(v) for v in a[k]]) for k in ("starts", "ends", "strides")]
    return b.out("pd_op.strided_slice", [x] + vals, {"axes": [int(v) for v in a["axes"]]})


def _crop(b, op):
    # paddle.crop: shape and offsets as full_int_array operands
    x = b.input("X")
    shape = b.int_array([int(v) for v in op.attrs["shape"]])
    offsets = b.int_array([int(v) for v in (op.attrs.get("offsets") or [0] * len(x.shape))])
    return b.out("pd_op.crop", [x, shape, offsets], {})


def _take_along_axis(b, op):
    # paddle.take_along_axis (broadcast): indices and arr broadcast_to the common shape first
    arr, idx = b.input("Input"), b.input("Index")
    if len(arr.shape) != len(idx.shape):
        return None
    axis = int(op.attrs.get("Axis", 0)) % len(arr.shape)
    shape = [max(a, i) if a >= 0 and i >= 0 else -1 for a, i in zip(arr.shape, idx.shape)]
    shape[axis] = idx.shape[axis]
    idx = b.op("pd_op.expand", [idx, b.int_array(shape)], {}, shape, b.dtype(idx))
    shape_a = list(shape)
    shape_a[axis] = arr.shape[axis]
    arr = b.op("pd_op.expand", [arr, b.int_array(shape_a)], {}, shape_a, b.dtype(arr))
    return b.out("pd_op.take_along_axis", [arr, idx], {"axis": axis})


def _index_get(b, op):
    # x[idx] with one integer tensor: gather_nd over the index unsqueezed at -1
    index = op.attrs.get("index")
    if not (isinstance(index, (list, tuple)) and len(index) == 1 and
            tuple(index[0]) == ("tensor", 0)):
        return None
    x, idx = b.input("X"), b.input("Indices")
    if idx is None or b.dtype(idx) not in ("int64", "int32"):
        return None
    u = b.op("pd_op.unsqueeze", [idx, b.int_array([-1])], {}, list(idx.shape) + [1],
             b.dtype(idx))
    return b.out("pd_op.gather_nd", [x, u], {})


def _normalize(b, op):
    # paddle.nn.functional.normalize: x / maximum(p_norm(x, keepdim=True), epsilon)
    x = b.input("X")
    a = op.attrs
    axis = int(a.get("axis", 1))
    eps = b.op("pd_op.full", [], {"dtype": b.raw("float32"), "place": b.raw(b.UNDEF),
                                  "shape": [1], "value": float(a.get("epsilon", 1e-12))},
               [1], "float32", sg=True)
    shape = [1 if i == axis % len(x.shape) else d for i, d in enumerate(x.shape)]
    n = b.op("pd_op.p_norm", [x], {"asvector": False, "axis": axis,
                                   "epsilon": float(a.get("epsilon", 1e-12)),
                                   "keepdim": True, "porder": float(a.get("p", 2.0))},
             shape, b.dtype(x))
    m = b.op("pd_op.maximum", [n, eps], {}, shape, b.dtype(x))
    return b.out("pd_op.divide", [x, m], {})


def _inserted_axes(short, long):
    """The axes of `long` that are the 1s inserted into `short` (matched from the left), or
    None when `long` is not `short` with 1s inserted."""
    axes, j = [], 0
    for i, d in enumerate(long):
        if j < len(short) and d == short[j]:
            j += 1
        elif d == 1:
            axes.append(i)
        else:
            return None
    return axes if j == len(short) and axes else None


def _reshape_around_pad(b, op):
    # paddle.nn.functional.pad of a 3-D / 4-D input: PIR unsqueezes it to 5-D before pad3d and
    # squeezes the result (paddle_compat records the two as reshape2)
    x = b.input("X")
    out = b.block._find_var_recursive(op.outputs["Out"][0])
    if op.inputs.get("ShapeTensor") or x is None:
        return None
    if any(o.type == "pad3d" for o in b.consumers(out.name)):
        k = _inserted_axes(x.shape, out.shape)
        if k is not None:
            return b.out("pd_op.unsqueeze", [x, b.int_array(k)], {})
    src = b.producer(op.inputs["X"][0])
    if src is not None and src.type == "pad3d":
        k = _inserted_axes(out.shape, x.shape)
        if k is not None:
            return b.out("pd_op.squeeze", [x, b.int_array(k)], {})
    return None


def _pad3d(b, op):
    # paddle.nn.functional.pad: the paddings as a full_int_array operand
    if op.inputs.get("Paddings"):
        return None
    a = op.attrs
    return b.out("pd_op.pad3d", [b.input("X"), b.int_array([int(v) for v in a["paddings"]])],
                 {"data_format": a.get("data_format", "NCDHW"), "mode": a.get("mode", "constant"),
                  "pad_value": float(a.get("value", 0.0))})


def _real(b, v):
    return b.dtype(v) not in ("complex64", "complex128")


def _sgn(b, op):
    # paddle.sgn of a real tensor is paddle.sign
    x = b.input("X")
    return b.out("pd_op.sign", [x], {}) if _real(b, x) else None


def _isreal(b, op):
    # paddle.isreal of a real tensor: full_like(x, True)
    x = b.input("X")
    if not _real(b, x):
        return None
    f = b.full(1.0)
    return b.out("pd_op.full_like", [x, f], {"dtype": b.raw("bool"), "place": b.raw(b.UNDEF)})


def _diag_embed(b, op):
    # paddle.diag_embed: an assign of the input, then the op
    x = b.op("pd_op.assign", [b.input("Input")], {}, b.input("Input").shape,
             b.dtype(b.input("Input")))
    a = op.attrs
    return b.out("pd_op.diag_embed", [x], {"dim1": int(a.get("dim1", -2)),
                                           "dim2": int(a.get("dim2", -1)),
                                           "offset": int(a.get("offset", 0))})


def _diagflat(b, op):
    # paddle.diagflat of a 1-D tensor is paddle.diag
    x = b.input("X")
    if len(x.shape) != 1:
        return None
    return b.out("pd_op.diag", [x], {"offset": int(op.attrs.get("offset", 0)),
                                     "padding_value": 0.0})


def _data_dependent(name, operands, rank_extra):
    # nonzero / masked_select: PIR cannot know how many elements pass, it types the count -1
    def build(b, op):
        vals = [b.input(s) for s in operands]
        shape = [-1] + ([len(vals[0].shape)] if rank_extra else [])
        return b.out(name, vals, {}, shape=shape)
    return build


def _nll_loss(b, op):
    # paddle.nn.functional.nll_loss: PIR types the total weight (a 0-D float32) the recorded op
    # does not keep
    b.out_multi("pd_op.nll_loss", [b.input("X"), b.input("Label"), b.input("Weight")],
                {"ignore_index": int(op.attrs.get("ignore_index", -100)),
                 "reduction": op.attrs.get("reduction", "mean")},
                ["Out", ([], "float32")])
    return True


def _instance_norm(b, op):
    # instance_norm: saved mean / variance typed [N * C] float32
    x = b.input("X")
    nc = x.shape[0] * x.shape[1] if x.shape[0] >= 0 and x.shape[1] >= 0 else -1
    stat = ([nc], "float32")
    b.out_multi("pd_op.instance_norm", [x, b.input("Scale"), b.input("Bias")],
                {"epsilon": float(op.attrs.get("epsilon", 1e-5))}, ["Y", stat, stat])
    return True


def _group_norm(b, op):
    # group_norm: mean / variance typed [N, groups] float32
    x = b.input("X")
    a = op.attrs
    stat = ([x.shape[0], int(a.get("groups", 1))], "float32")
    b.out_multi("pd_op.group_norm", [x, b.input("Scale"), b.input("Bias")],
                {"data_format": a.get("data_layout", "NCHW"),
                 "epsilon": float(a.get("epsilon", 1e-5)), "groups": int(a.get("groups", 1))},
                ["Y", stat, stat])
    return True


def _bce_with_logits(b, op):
    # paddle.nn.functional.binary_cross_entropy_with_logits without weights, mean reduction:
    # a full(1) (the default pos_weight), the op, mean_all. Unreduced (what its PIR form and
    # sigmoid_focal_loss record): the op alone, no pos_weight operand.
    if op.inputs.get("Weight") or op.inputs.get("PosWeight"):
        return None
    if op.attrs.get("reduction", "mean") == "none":
        return b.out("pd_op.sigmoid_cross_entropy_with_logits",
                     [b.input("X"), b.input("Label"), None],
                     {"ignore_index": -100, "normalize": False})
    if op.attrs.get("reduction", "mean") != "mean":
        return None
    x, y = b.input("X"), b.input("Label")
    b.op("pd_op.full", [], {"dtype": b.raw("float32"), "place": b.raw(b.UNDEF), "shape": [1],
                            "value": 1.0}, [1], "float32", sg=True)
    v = b.op("pd_op.sigmoid_cross_entropy_with_logits", [x, y, None],
             {"ignore_index": -100, "normalize": False}, x.shape, b.dtype(x),
             sg=_sg_all(b, [x, y]))
    return b.out("pd_op.mean_all", [v], {})


def _sg_all(b, values):
    return all(bool(v.stop_gradient) for v in values if v is not None)


def _nanmean(b, op):
    # paddle.nanmean: sum(~isnan(x)) as the count, nansum(x) / count
    x = b.input("X")
    axes = _axes(op.attrs.get("dim"), len(x.shape))
    keep = bool(op.attrs.get("keep_dim"))
    shape = _reduced_shape(x.shape, axes, keep)
    ok = b.op("pd_op.bitwise_not", [b.op("pd_op.isnan", [x], {}, x.shape, "bool")], {},
              x.shape, "bool")
    cnt = b.op("pd_op.sum", [ok, b.int_array(axes)], {"dtype": b.raw("Undefined"),
                                                      "keepdim": keep}, shape, "int64")
    zero = b.full_like(x, 0.0)
    nan = b.op("pd_op.isnan", [x], {}, x.shape, "bool")
    r = b.op("pd_op.where", [nan, zero, x], {}, x.shape, b.dtype(x))
    total = b.op("pd_op.sum", [r, b.int_array(axes)], {"dtype": b.raw("Undefined"),
                                                       "keepdim": keep}, shape, b.dtype(x))
    c = b.op("pd_op.cast", [cnt], {"dtype": b.raw(b.dtype(x))}, shape, b.dtype(x))
    return b.out("pd_op.divide", [total, c], {})


def _count_nonzero(b, op):
    # paddle.count_nonzero: cast to bool, to int64, sum
    x = b.input("X")
    axes = _axes(op.attrs.get("dim"), len(x.shape))
    t = b.op("pd_op.cast", [x], {"dtype": b.raw("bool")}, x.shape, "bool")
    t = b.op("pd_op.cast", [t], {"dtype": b.raw("int64")}, x.shape, "int64")
    return b.out("pd_op.sum", [t, b.int_array(axes)], {
        "dtype": b.raw("Undefined"), "keepdim": bool(op.attrs.get("keep_dim"))})


def _hypot(b, op):
    # paddle.hypot: sqrt(x ** 2 + y ** 2)
    x, y = b.input("X"), b.input("Y")
    px = b.op("pd_op.pow", [x], {"y": 2.0}, x.shape, b.dtype(x))
    py = b.op("pd_op.pow", [y], {"y": 2.0}, y.shape, b.dtype(y))
    out = b._out_var()
    s = b.op("pd_op.add", [px, py], {}, list(out.shape), b.dtype(out))
    return b.out("pd_op.sqrt", [s], {})


def _pool2d(b, op):
    # avg_pool1d / max_pool1d: PIR unsqueezes to 4-D, pools with pool2d and squeezes back;
    # adaptive_max_pool2d is max_pool2d_with_index (its mask typed int32)
    a = op.attrs
    x = b.input("X")
    if a.get("data_format") == "NCL" and not a.get("adaptive") and len(x.shape) == 3 and \
            not any(a.get("paddings") or ()):
        u_shape = list(x.shape[:2]) + [1] + list(x.shape[2:])
        u = b.op("pd_op.unsqueeze", [x, b.int_array([2])], {}, u_shape, b.dtype(x))
        out = b._out_var()
        p_shape = list(out.shape[:2]) + [1] + list(out.shape[2:])
        p = b.op("pd_op.pool2d", [u, b.int_array([1, int(a["ksize"][0])])], {
            "adaptive": False, "ceil_mode": bool(a.get("ceil_mode")), "data_format": "NCHW",
            "exclusive": bool(a.get("exclusive", True)), "global_pooling": False,
            "padding_algorithm": a.get("padding_algorithm", "EXPLICIT"), "paddings": [0, 0],
            "pooling_type": a["pooling_type"], "strides": [1, int(a["strides"][0])]},
            p_shape, b.dtype(x))
        return b.out("pd_op.squeeze", [p, b.int_array([2])], {})
    if a.get("pooling_type") == "max" and a.get("adaptive") and len(x.shape) == 4 and \
            a.get("data_format", "NCHW") == "NCHW" and not a.get("return_mask"):
        out = b._out_var()
        b.out_multi("pd_op.max_pool2d_with_index", [x], {
            "adaptive": True, "ceil_mode": bool(a.get("ceil_mode")), "global_pooling": False,
            "kernel_size": [int(v) for v in a["ksize"]], "paddings": [0, 0],
            "strides": [int(v) for v in a["strides"]]}, ["Out", (list(out.shape), "int32")])
        return True
    return None


def _tensor_split(b, op):
    # paddle.tensor_split / hsplit / vsplit into equal parts: split by sections
    a = op.attrs
    x = b.input("X")
    axis = int(a.get("axis", 0)) % len(x.shape)
    n, size = a.get("sections"), x.shape[axis]
    if not isinstance(n, int) or a.get("indices") is not None or size < 0 or size % n:
        return None
    outs = [b.block._find_var_recursive(v) for v in op.outputs["Out"]]
    vec = b.op("pd_op.split", [x, b.int_array([size // n] * n), b.full(axis, "int32")], {},
               [], None)
    vec.vec = outs
    b.split_outputs(vec, outs)
    return True


def _assign_value(b, op):
    # paddle.to_tensor / paddle.assign of Python data in PIR: a full of zeros of the shape, then
    # assign_value_ writes the values into it
    a = op.attrs
    dt = _dtype_or_undefined(a.get("dtype"))
    shape = [int(d) for d in (a.get("shape") or [])]
    vals = list(a.get("values") or ())
    if dt in ("float16", "bfloat16", "float32", "float64"):
        vals = [float(getattr(v, "value", v)) for v in vals]
    elif dt == "bool":
        vals = [bool(getattr(v, "value", v)) for v in vals]
    elif dt.startswith(("int", "uint")):
        vals = [int(getattr(v, "value", v)) for v in vals]
    else:
        return None
    z = b.op("pd_op.full", [], {"dtype": b.raw(dt), "place": b.raw(b.UNDEF), "shape": shape,
                                "value": 0.0}, shape, dt, sg=True)
    return b.out("pd_op.assign_value_", [z], {"dtype": b.raw(dt), "place": b.raw(b.UNDEF),
                                              "shape": shape, "values": vals})


_INT_MAX = 2147483647


def _set_value(b, op):
    # x[index] = value in PIR: starts / ends / steps as full_int_array operands of set_value_
    # (a Python value: its values and shape as attributes) or set_value_with_tensor_ (a Tensor
    # value); in place, so x keeps its value and the op's result is a fresh one. Paddle leaves
    # out the full slices (`:`); an int index is a one-long slice whose axis is decreased.
    axes, starts, ends, steps, decrease = [], [], [], [], []
    for axis, e in enumerate(op.attrs.get("index") or ()):
        if e[0] == "int":
            k = int(e[1])
            axes.append(axis)
            starts.append(k)
            ends.append(_INT_MAX if k == -1 else k + 1)
            steps.append(1)
            decrease.append(axis)
        elif e[0] == "slice":
            a, stop, c = e[1], e[2], e[3]
            if a is None and stop is None and c is None:
                continue
            c = 1 if c is None else int(c)
            if c < 0:
                return None
            axes.append(axis)
            starts.append(0 if a is None else int(a))
            ends.append(_INT_MAX if stop is None else int(stop))
            steps.append(c)
        else:
            return None         # None / tensor / list indices: not this form
    x = b.input("Input")
    arrays = [b.int_array(v) for v in (starts, ends, steps)]
    attrs = {"axes": axes, "decrease_axes": decrease, "none_axes": []}
    value = b.input("ValueTensor")
    if value is not None:
        return b.op("pd_op.set_value_with_tensor_", [x, value] + arrays, attrs, list(x.shape),
                    b.dtype(x))
    import numpy as np
    vals = np.asarray(op.attrs.get("values"))
    if vals.dtype == object:
        return None
    shape = list(vals.shape) or [1]
    return b.op("pd_op.set_value_", [x] + arrays, dict(
        attrs, shape=shape, values=[float(v) for v in vals.reshape(-1).tolist()]),
        list(x.shape), b.dtype(x))


def _assert(b, op):
    # static.nn.control_flow.Assert: pd_op.assert(cond, combine(data)), no result, no
    # stop_gradient attribute
    from .pir_ops import Operation
    vec = b.combine([b.view._operand(b.block, n, b.env) for n in op.inputs.get("Data", [])])
    b.ops.append(Operation("pd_op.assert", [b.input("Cond"), vec], [], {
        "summarize": int(op.attrs.get("summarize", 20))}, b.block, legacy=op))
    return True


def _full_with_tensor(b, op):
    # full(paddle.shape(x), value): shape64, the value as a full, full_with_tensor
    x = b.input("X")
    shape = b.op("pd_op.shape64", [x], {}, [len(x.shape)], "int64")
    value = b.full(float(op.attrs.get("value", 1.0)))
    return b.out("pd_op.full_with_tensor", [value, shape], {"dtype": b.raw(b.out_dtype())})


EXPANSIONS = {
    "full_with_tensor": _full_with_tensor,
    "assert": _assert,
    "set_value": _set_value,
    "assign_value": _assign_value,
    "pool2d": _pool2d,
    "tensor_split": _tensor_split,
    "nanmean": _nanmean,
    "count_nonzero": _count_nonzero,
    "hypot": _hypot,
    "sgn": _sgn,
    "isreal": _isreal,
    "diag_embed": _diag_embed,
    "diagflat": _diagflat,
    "where_index": _data_dependent("pd_op.nonzero", ("Condition",), True),
    "masked_select": _data_dependent("pd_op.masked_select", ("X", "Mask"), False),
    "nll_loss": _nll_loss,
    "instance_norm": _instance_norm,
    "group_norm": _group_norm,
    "sigmoid_cross_entropy_with_logits": _bce_with_logits,
    "reshape2": _reshape_around_pad,
    "pad3d": _pad3d,
    "layer_norm": _layer_norm,
    "batch_norm": _batch_norm,
    "strided_slice": _strided_slice,
    "crop_tensor": _crop,
    "take_along_axis": _take_along_axis,
    "index_get": _index_get,
    "p_norm_normalize": _normalize,
    "nansum": _nansum,
    "var": _var,
    "nan_to_num": _nan_to_num,
    "rad2deg": _scaled(180.0 / math.pi),
    "deg2rad": _scaled(math.pi / 180.0),
    "frac": _frac,
    "glu": _glu,
    "mse_loss": _loss("square", "mean"),
    "l1_loss": _loss("abs", "mean_all"),
    "bce_loss": _loss("bce_loss", "mean_all"),
    "eye": _eye,
    "range": _arange,
    "linspace": _linspace,
}
EXPANSIONS.update(DECOMPOSITIONS)
EXPANSIONS.update(RESULT_FORMS)
