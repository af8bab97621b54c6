"""Expansions of the APIs Paddle 3.3.1's PIR Python code composes from primitive ops.

paddle_compat runs `paddle.inner`, `paddle.diff`, `paddle.signbit`... as one recorded op each (one
torch kernel, one gradient); Paddle's Python function for the same call builds, in PIR mode,
reshape + matmul, two slices and a subtract, a copysign over a ones tensor... This table gives the
PIR view (pir_ops.py, through pir_expand.EXPANSIONS) those ops, in Paddle's order, so that
`print(program)` shows what Paddle shows. Only printing reads it: the recorded op is what runs
and what the gradient goes through. An entry returns None for a form it does not cover (the
one-op view then shows the recorded op).

Recorded from the oracle (conformance/record/record_pir.py, case `ops_catalog_3`); each entry
follows the Paddle 3.3.1 function named in its comment.
"""
import math

__all__ = ["DECOMPOSITIONS"]


def _known(shape):
    return all(int(d) >= 0 for d in shape)


def _prod(dims):
    return math.prod(int(d) for d in dims) if _known(dims) else -1


def _full0(b, value, dtype, shape=()):
    """pd_op.full as paddle.full / paddle.zeros / a Python scalar operand build it: the place
    left undefined (b.full is the CPU [1] form of an attribute turned operand)."""
    return b.op("pd_op.full", [], {"dtype": b.raw(dtype), "place": b.raw(b.UNDEF),
                                   "shape": list(shape), "value": float(value)},
                list(shape), dtype, sg=True)


def _to_tensor(b, values, dtype, shape):
    """paddle.to_tensor of Python data in PIR: full zeros, then assign_value_."""
    z = _full0(b, 0.0, dtype, shape)
    if dtype.startswith(("int", "uint")):
        values = [int(v) for v in values]
    else:
        values = [float(v) for v in values]
    return b.op("pd_op.assign_value_", [z], {"dtype": b.raw(dtype), "place": b.raw(b.UNDEF),
                                             "shape": list(shape), "values": values},
                list(shape), dtype)


def _reshape(b, x, target, shape=None):
    arr = b.int_array(list(target))
    if shape is None:
        shape = list(target)
        if shape.count(-1) == 1 and _known(x.shape):
            rest = _prod([d for d in shape if d != -1])
            shape[shape.index(-1)] = _prod(x.shape) // rest if rest else 0
    return b.op("pd_op.reshape", [x, arr], {}, shape, b.dtype(x))


def _slice(b, x, axis, start, end, decrease=()):
    s, e = b.int_array([start]), b.int_array([end])
    shape = list(x.shape)
    if shape[axis] >= 0:
        shape[axis] = max(0, min(end, shape[axis]) - start)
    shape = [d for i, d in enumerate(shape) if i not in decrease]
    return b.op("pd_op.slice", [x, s, e], {"axes": [axis], "decrease_axis": list(decrease),
                                           "infer_flags": [1]}, shape, b.dtype(x))


def _scale(b, x, scale, bias):
    return b.op("pd_op.scale", [x, b.full(scale)], {"bias": float(bias),
                                                    "bias_after_scale": True},
                list(x.shape), b.dtype(x))


def _inner(b, op):
    # paddle.inner: x.reshape((-1, x.shape[-1])), the same of y, matmul(nx, ny, False, True),
    # reshape to x.shape[:-1] + y.shape[:-1]
    x, y = b.input("X"), b.input("Y")
    if not x.shape or not y.shape or x.shape[-1] in (0, -1) or y.shape[-1] in (0, -1):
        return None
    nx = _reshape(b, x, [-1, x.shape[-1]])
    ny = _reshape(b, y, [-1, y.shape[-1]])
    m = b.op("pd_op.matmul", [nx, ny], {"transpose_x": False, "transpose_y": True},
             [nx.shape[0], ny.shape[0]], b.dtype(x))
    dst = list(x.shape[:-1]) + list(y.shape[:-1])
    return b.out("pd_op.reshape", [m, b.int_array(dst)], {})


def _diff(b, op):
    # paddle.diff (n = 1, no prepend / append): slice [0, n - 1) and [1, n) along the axis, then
    # subtract (logical_xor for bool)
    a = op.attrs
    if op.inputs.get("Prepend") or op.inputs.get("Append") or int(a.get("n", 1)) != 1:
        return None
    x = b.input("X")
    axis = int(a.get("axis", -1)) % len(x.shape)
    n = int(x.shape[axis])
    if n < 0:
        return None
    front = _slice(b, x, axis, 0, n - 1)
    back = _slice(b, x, axis, 1, n)
    name = "pd_op.logical_xor" if b.dtype(x) == "bool" else "pd_op.subtract"
    return b.out(name, [back, front], {})


def _polar(b, op):
    # paddle.polar: complex(abs * cos(angle), abs * sin(angle))
    r, t = b.input("Abs"), b.input("Angle")
    dt = b.dtype(r)
    c = b.op("pd_op.cos", [t], {}, t.shape, dt)
    re = b.op("pd_op.multiply", [r, c], {}, r.shape, dt)
    s = b.op("pd_op.sin", [t], {}, t.shape, dt)
    im = b.op("pd_op.multiply", [r, s], {}, r.shape, dt)
    return b.out("pd_op.complex", [re, im], {})


def _logaddexp(b, op):
    # paddle.logaddexp: log1p(exp(-abs(x - y))) + maximum(x, y)
    x, y = b.input("X"), b.input("Y")
    dt = b.dtype(x)
    if dt not in ("float16", "bfloat16", "float32", "float64"):
        return None
    shape = list(b._out_var().shape)
    d = b.op("pd_op.subtract", [x, y], {}, shape, dt)
    d = b.op("pd_op.abs", [d], {}, shape, dt)
    d = _scale(b, d, -1.0, 0.0)
    d = b.op("pd_op.exp", [d], {}, shape, dt)
    d = b.op("pd_op.log1p", [d], {}, shape, dt)
    m = b.op("pd_op.maximum", [x, y], {}, shape, dt)
    return b.out("pd_op.add", [d, m], {})


def _ldexp(b, op):
    # paddle.ldexp: x and y cast to the result dtype (float64 if either is, else the default
    # float32), multiply(x, pow(to_tensor(2), y))
    x, y = b.input("X"), b.input("Y")
    dt = b.out_dtype()
    if dt not in ("float32", "float64"):
        return None

    def cast(v):
        return b.op("pd_op.cast", [v], {"dtype": b.raw(dt)}, v.shape, dt)
    # Paddle's astype is no op when the dtype already matches
    x = x if b.dtype(x) == dt else cast(x)
    y = y if b.dtype(y) == dt else cast(y)
    two = cast(_to_tensor(b, [2], "int64", []))
    p = b.op("pd_op.elementwise_pow", [two, y], {}, list(y.shape), dt)
    return b.out("pd_op.multiply", [x, p], {})


def _signbit_of(b, x):
    # paddle.signbit: ones reshaped to x's shape, copysign(ones, x), sign, < 0, cast to bool
    if not x.shape or not _known(x.shape):
        return None
    dt = b.dtype(x)
    ones = _to_tensor(b, [1.0] * _prod(x.shape), dt, [_prod(x.shape)])
    ones = _reshape(b, ones, list(x.shape))
    c = b.op("pd_op.copysign", [ones, x], {}, list(x.shape), dt)
    s = b.op("pd_op.sign", [c], {}, list(x.shape), dt)
    z = _full0(b, 0.0, dt)
    return b.op("pd_op.less_than", [s, z], {}, list(x.shape), "bool")


def _signbit(b, op):
    lt = _signbit_of(b, b.input("X"))
    return None if lt is None else b.out("pd_op.cast", [lt], {"dtype": b.raw("bool")})


def _isinf_side(negative):
    # paddle.isneginf / isposinf: logical_and(isinf(x), signbit(x)) (~signbit for isposinf)
    def build(b, op):
        x = b.input("X")
        inf = b.op("pd_op.isinf", [x], {}, list(x.shape), "bool")
        lt = _signbit_of(b, x)
        if lt is None:
            return None
        s = b.op("pd_op.cast", [lt], {"dtype": b.raw("bool")}, list(x.shape), "bool")
        if not negative:
            s = b.op("pd_op.bitwise_not", [s], {}, list(x.shape), "bool")
        return b.out("pd_op.logical_and", [inf, s], {})
    return build


def _local_response_norm(b, op):
    # paddle.nn.functional.local_response_norm of a 4-D+ channel-first input: unsqueeze(x * x,
    # 1), reshape to 5-D, pad3d over the channels, avg pool3d, squeeze, reshape back,
    # scale(alpha, k), pow(beta), x / that
    a = op.attrs
    x = b.input("X")
    sizes = [int(d) for d in x.shape]
    if a.get("channel_last") or len(sizes) < 4 or not _known(sizes):
        return None
    size = int(a["size"])
    alpha = float(a["alpha"]) * size       # the recorded alpha is torch's (divided by size)
    dt = b.dtype(x)
    sq = b.op("pd_op.multiply", [x, x], {}, sizes, dt)
    u = b.op("pd_op.unsqueeze", [sq, b.int_array([1])], {}, [sizes[0], 1] + sizes[1:], dt)
    five = [sizes[0], 1, sizes[1], sizes[2], _prod(sizes[1:]) // (sizes[1] * sizes[2])]
    r = _reshape(b, u, five, five)
    pad = [0, 0, 0, 0, size // 2, (size - 1) // 2]
    padded = list(five)
    padded[2] += size - 1
    p = b.op("pd_op.pad3d", [r, b.int_array(pad)], {"data_format": "NCDHW", "mode": "constant",
                                                     "pad_value": 0.0}, padded, dt)
    pool = b.op("pd_op.pool3d", [p], {
        "adaptive": False, "ceil_mode": False, "data_format": "NCDHW", "exclusive": True,
        "global_pooling": False, "kernel_size": [size, 1, 1], "padding_algorithm": "EXPLICIT",
        "paddings": [0, 0, 0], "pooling_type": "avg", "strides": [1, 1, 1]}, five, dt)
    sqz = b.op("pd_op.squeeze", [pool, b.int_array([1])], {}, [five[0]] + five[2:], dt)
    back = _reshape(b, sqz, sizes, sizes)
    d = _scale(b, back, alpha, float(a.get("k", 1.0)))
    d = b.op("pd_op.pow", [d], {"y": float(a.get("beta", 0.75))}, sizes, dt)
    return b.out("pd_op.divide", [x, d], {})


def _arange(b, start, end, step=1):
    vals = [b.full(float(v), "float64") for v in (start, end, step)]
    n = max(0, math.ceil((end - start) / step))
    return b.op("pd_op.arange", vals, {"dtype": b.raw("int64"), "place": b.raw(b.UNDEF)}, [n],
                "int64")


def _trapezoid(b, op):
    # paddle.trapezoid (no x): dx = to_tensor(dx or 1.0), y gathered at arange(1, n) and
    # arange(0, n - 1) along the axis, sum((y1 + y0) * dx, axis) * 0.5
    a = op.attrs
    y = b.input("Y")
    if op.inputs.get("X") or not y.shape:
        return None
    axis = int(a.get("axis", -1)) % len(y.shape)
    n = int(y.shape[axis])
    if n < 1:
        return None
    dt = b.dtype(y)
    dx = _to_tensor(b, [1.0 if a.get("dx") is None else float(a["dx"])], dt, [])
    shape = list(y.shape)
    shape[axis] = n - 1
    parts = []
    for lo, hi in ((1, n), (0, n - 1)):
        idx = _arange(b, lo, hi)
        parts.append(b.op("pd_op.gather", [y, idx, b.full(axis, "int32")], {}, shape, dt))
    s = b.op("pd_op.add", parts, {}, shape, dt)
    m = b.op("pd_op.multiply", [s, dx], {}, shape, dt)
    red = [d for i, d in enumerate(shape) if i != axis]
    t = b.op("pd_op.sum", [m, b.int_array([axis])], {"dtype": b.raw("Undefined"),
                                                      "keepdim": False}, red, dt)
    return b.out("pd_op.scale", [t, b.full(0.5)], {"bias": 0.0, "bias_after_scale": True})


def _index_fill(b, op):
    # paddle.index_fill: value as to_tensor, transpose the axis to the front, index_put,
    # transpose back
    a = op.attrs
    x, idx = b.input("X"), b.input("Index")
    dt = b.dtype(x)
    v = _to_tensor(b, [a["value"]], dt, [])
    axis = int(a.get("axis", 0)) % len(x.shape)
    perm = list(range(len(x.shape)))
    perm[0], perm[axis] = axis, 0
    tshape = [x.shape[p] for p in perm]
    t = b.op("pd_op.transpose", [x], {"perm": perm}, tshape, dt)
    vec = b.combine([idx])
    put = b.op("pd_op.index_put", [t, vec, v], {"accumulate": False}, tshape, dt)
    return b.out("pd_op.transpose", [put], {"perm": perm})


def _gcd_of(b, x, y):
    """paddle.gcd: both broadcast_to the common shape, abs, then a while_loop of Euclid's step
    while any y != 0 (zeros of y swapped for ones before the remainder). None where a shape
    is unknown or the two differ in rank."""
    if not _known(x.shape) or list(x.shape) != list(y.shape):
        return None
    shape, dt = list(x.shape), b.dtype(x)

    def any_nonzero(bb, v):
        ne = bb.op("pd_op.not_equal", [v, _full0(bb, 0, dt)], {}, shape, "bool")
        return bb.op("pd_op.any", [ne], {"axis": [], "keepdim": False}, [], "bool")

    x = b.op("pd_op.expand", [x, b.int_array(shape)], {}, shape, dt)
    y = b.op("pd_op.expand", [y, b.int_array(shape)], {}, shape, dt)
    x = b.op("pd_op.abs", [x], {}, shape, dt)
    y = b.op("pd_op.abs", [y], {}, shape, dt)

    def body(bb, args):
        a0, a1 = args
        ne = bb.op("pd_op.not_equal", [a1, _full0(bb, 0, dt)], {}, shape, "bool")
        y_safe = bb.op("pd_op.where", [ne, a1, _full0(bb, 1, dt, shape)], {}, shape, dt)
        xn = bb.op("pd_op.where", [ne, a1, a0], {}, shape, dt)
        rem = bb.op("pd_op.remainder", [a0, y_safe], {}, shape, dt)
        yn = bb.op("pd_op.where", [ne, rem, _full0(bb, 0, dt, shape)], {}, shape, dt)
        lt = bb.op("pd_op.less_than", [xn, yn], {}, shape, "bool")
        lo = bb.op("pd_op.where", [lt, yn, xn], {}, shape, dt)
        lt = bb.op("pd_op.less_than", [xn, yn], {}, shape, "bool")
        hi = bb.op("pd_op.where", [lt, xn, yn], {}, shape, dt)
        return any_nonzero(bb, hi), [lo, hi]
    return b.loop(any_nonzero(b, y), [x, y], body)[0]


def _gcd(b, op):
    d = _gcd_of(b, b.input("X"), b.input("Y"))
    if d is None:
        return None
    # the loop's first result is the op's output
    b.view._bind(b.block, b.env, b._out_var().name, b.ops[-1], 0, b.region)
    return d


def _lcm(b, op):
    # paddle.lcm: d = gcd(x, y); where(d == 0, zeros, abs(x * y) // where(d == 0, ones, d))
    x, y = b.input("X"), b.input("Y")
    d = _gcd_of(b, x, y)
    if d is None:
        return None
    shape, dt = list(d.shape), b.dtype(d)
    eq = b.op("pd_op.equal", [d, _full0(b, 0, dt)], {}, shape, "bool")
    safe = b.op("pd_op.where", [eq, _full0(b, 1, dt, shape), d], {}, shape, dt)
    zeros = _full0(b, 0, dt, shape)
    m = b.op("pd_op.multiply", [x, y], {}, shape, dt)
    m = b.op("pd_op.abs", [m], {}, shape, dt)
    q = b.op("pd_op.floor_divide", [m, safe], {}, shape, dt)
    return b.out("pd_op.where", [eq, zeros, q], {})


def _static_where(b, cond, x, y, shape):
    """paddle.where in a static program with operands of different shapes: broadcast by adding
    zeros (zeros_like of x, y and the condition cast to x's dtype), the condition cast back."""
    dt = b.dtype(x)
    zx, zy, zc = b.full_like(x, 0.0), b.full_like(y, 0.0), b.full_like(cond, 0.0)
    zc = b.op("pd_op.cast", [zc], {"dtype": b.raw(dt)}, list(cond.shape), dt)
    cc = b.op("pd_op.cast", [cond], {"dtype": b.raw(dt)}, list(cond.shape), dt)
    z = b.op("pd_op.add", [zx, zy], {}, shape, dt)
    z = b.op("pd_op.add", [z, zc], {}, shape, dt)
    bx = b.op("pd_op.add", [x, z], {}, shape, dt)
    by = b.op("pd_op.add", [y, z], {}, shape, dt)
    bc = b.op("pd_op.add", [cc, z], {}, shape, dt)
    bc = b.op("pd_op.cast", [bc], {"dtype": b.raw("bool")}, shape, "bool")
    return b.op("pd_op.where", [bc, bx, by], {}, shape, dt)


def _pinv(b, op):
    # paddle.linalg.pinv (not hermitian): u, s, vt = svd(x); cutoff = rcond * max(s, -1,
    # keepdim); singular = where(s > cutoff, 1 / s, 1 / inf); transpose(vt) * singular
    # unsqueezed at -2, matmul with u transposed
    a = op.attrs
    x = b.input("X")
    dt = b.dtype(x)
    if a.get("hermitian") or dt not in ("float32", "float64") or len(x.shape) < 2 or \
            not _known(x.shape):
        return None
    batch, m, n = list(x.shape[:-2]), int(x.shape[-2]), int(x.shape[-1])
    k = min(m, n)
    u, sv, vt = b.out_multi("pd_op.svd", [x], {"full_matrices": False}, [
        (batch + [m, k], dt), (batch + [k], dt), (batch + [k, n], dt)])
    mx = b.op("pd_op.max", [sv, b.int_array([-1])], {"keepdim": True}, batch + [1], dt)
    rcond = _to_tensor(b, [float(a.get("rcond", 1e-15))], dt, [])
    cutoff = b.op("pd_op.multiply", [rcond, mx], {}, batch + [1], dt)
    inf = _to_tensor(b, [math.inf], dt, [])
    gt = b.op("pd_op.greater_than", [sv, cutoff], {}, batch + [k], "bool")
    inv_s = b.op("pd_op.divide", [_full0(b, 1.0, dt, batch + [k]), sv], {}, batch + [k], dt)
    inv_y = b.op("pd_op.divide", [_full0(b, 1.0, dt), inf], {}, [], dt)
    singular = _static_where(b, gt, inv_s, inv_y, batch + [k])
    st = b.op("pd_op.unsqueeze", [singular, b.int_array([-2])], {}, batch + [1, k], dt)
    perm = list(range(len(batch))) + [len(batch) + 1, len(batch)]
    v = b.op("pd_op.transpose", [vt], {"perm": perm}, batch + [n, k], dt)
    o1 = b.op("pd_op.multiply", [v, st], {}, batch + [n, k], dt)
    return b.out("pd_op.matmul", [o1, u], {"transpose_x": False, "transpose_y": True})


def _quantile(b, op):
    # paddle.quantile(x, q) over every axis, one float q, linear, keepdim False (Paddle's
    # _compute_quantile): flatten; valid counts = sum(~isnan); index = q * (counts - 1), where
    # any nan: the last index; sort; take_along_axis at floor / ceil of the index; lerp;
    # squeeze. paddle_compat's recorded [0] after the op (the one q) is that squeeze.
    a = op.attrs
    x = b.input("X")
    q = a.get("q")
    dt = b.dtype(x)
    if a.get("axis") is not None or a.get("keepdim") or a.get("ignore_nan") or \
            a.get("interpolation", "linear") != "linear" or not isinstance(q, (list, tuple)) or \
            len(q) != 1 or not _known(x.shape) or dt not in ("float32", "float64"):
        return None
    after = b.consumers(b._out_var().name)
    if len(after) != 1 or after[0].type != "slice" or after[0].attrs.get("decrease_axis") != [0]:
        return None
    n = _prod(x.shape)
    flat = b.op("pd_op.flatten", [x], {"start_axis": 0, "stop_axis": len(x.shape) - 1}, [n], dt)
    mask = b.op("pd_op.isnan", [flat], {}, [n], "bool")
    ok = b.op("pd_op.logical_not", [mask], {}, [n], "bool")
    counts = b.op("pd_op.sum", [ok, b.int_array([0])], {"dtype": b.raw("Undefined"),
                                                        "keepdim": True}, [1], "int64")
    qv = _to_tensor(b, [float(q[0])], dt, [])
    c1 = _scale(b, counts, 1.0, -1.0)
    c1 = b.op("pd_op.cast", [c1], {"dtype": b.raw(dt)}, [1], dt)
    index = b.op("pd_op.multiply", [qv, c1], {}, [1], dt)
    nums = b.full_like(index, float(n - 1))
    anynan = b.op("pd_op.any", [mask], {"axis": [0], "keepdim": True}, [1], "bool")
    index = b.op("pd_op.where", [anynan, nums, index], {}, [1], dt)
    srt = b.out_multi("pd_op.argsort", [flat], {"axis": 0, "descending": False,
                                                "stable": False},
                      [([n], dt), ([n], "int64")])[0]

    def take(rounding):
        i = b.op("pd_op." + rounding, [index], {}, [1], dt)
        i = b.op("pd_op.cast", [i], {"dtype": b.raw("int32")}, [1], "int32")
        i_e = b.op("pd_op.expand", [i, b.int_array([1])], {}, [1], "int32")
        s_e = b.op("pd_op.expand", [srt, b.int_array([n])], {}, [n], dt)
        return i, b.op("pd_op.take_along_axis", [s_e, i_e], {"axis": 0}, [1], dt)
    below_i, below = take("floor")
    _, upper = take("ceil")
    w = b.op("pd_op.cast", [below_i], {"dtype": b.raw(dt)}, [1], dt)
    w = b.op("pd_op.subtract", [index, w], {}, [1], dt)
    r = b.out("pd_op.lerp", [below, upper, w], {})
    sl = after[0]
    sq_var = b.block._find_var_recursive(sl.outputs["Out"][0])
    b.op("pd_op.squeeze", [r, b.int_array([0])], {}, [], dt)
    b.view._bind(b.block, b.env, sq_var.name, b.ops[-1], 0, b.region)
    b.view.skip.add(id(sl))
    return r


_INT_MAX = 2147483647


def _vander(b, op):
    # paddle.vander (static): res = empty([len, n]); res[:, 0] = to_tensor([1]);
    # res[:, 1:] = x[:, None]; res[:, 1:] = cumprod(res[:, 1:], -1); res[:, ::-1] unless
    # increasing (each static setitem a set_value_with_tensor_ whose result is the next res)
    a = op.attrs
    x = b.input("X")
    dt = b.dtype(x)
    m = int(x.shape[0])
    n = m if a.get("n") is None else int(a["n"])
    if m < 0 or n < 2:
        return None
    shape = [m, n]
    res = b.op("pd_op.empty", [b.int_array(shape)], {"dtype": b.raw(dt), "place": b.raw(b.UNDEF)},
               shape, dt, sg=True)

    def setitem(res, value, start, end, decrease):
        arrays = [b.int_array([start]), b.int_array([end]), b.int_array([1])]
        return b.op("pd_op.set_value_with_tensor_", [res, value] + arrays, {
            "axes": [1], "decrease_axes": decrease, "none_axes": []}, shape, dt)
    one = _to_tensor(b, [1], "int64", [1])
    if dt != "int64":
        one = b.op("pd_op.cast", [one], {"dtype": b.raw(dt)}, [1], dt)
    res = setitem(res, one, 0, 1, [1])
    col = b.op("pd_op.unsqueeze", [x, b.int_array([1])], {}, [m, 1], dt)
    res = setitem(res, col, 1, _INT_MAX, [])
    tail = b.op("pd_op.slice", [res, b.int_array([1]), b.int_array([_INT_MAX])], {
        "axes": [1], "decrease_axis": [], "infer_flags": [1]}, [m, n - 1], dt)
    cp = b.op("pd_op.cumprod", [tail], {"dim": -1, "exclusive": False, "reverse": False},
              [m, n - 1], dt)
    res = setitem(res, cp, 1, _INT_MAX, [])
    if a.get("increasing"):
        return _bind_last(b, res)
    return b.out("pd_op.strided_slice", [res, b.int_array([_INT_MAX]),
                                         b.int_array([-_INT_MAX - 1]), b.int_array([-1])],
                 {"axes": [1]})


def _bind_last(b, value):
    """The recorded op's output is `value`, the last op's result (no op of its own)."""
    b.view._bind(b.block, b.env, b._out_var().name, b.ops[-1], 0, b.region)
    return value


DECOMPOSITIONS = {
    "vander": _vander,
    "quantile": _quantile,
    "pinv": _pinv,
    "gcd": _gcd,
    "lcm": _lcm,
    "inner": _inner,
    "diff": _diff,
    "polar": _polar,
    "logaddexp": _logaddexp,
    "ldexp": _ldexp,
    "signbit": _signbit,
    "isneginf": _isinf_side(True),
    "isposinf": _isinf_side(False),
    "local_response_norm": _local_response_norm,
    "trapezoid": _trapezoid,
    "index_fill": _index_fill,
}
