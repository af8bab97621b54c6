"""Record real Paddle's Tensor printing: run with the oracle's interpreter (re-runnable).

    PADDLE_PY conformance/record/record_printing.py

Writes conformance/goldens/printing.json. Every input is generated here from a seeded numpy
RandomState (so a re-run gives the same file) and stored in the golden itself (raw little-endian
bytes, base64), with the print options in force and the string Paddle printed. tests/test_tensor_format.py
replays every case through paddle_compat and compares the strings exactly.

Also records `paddle.set_printoptions` argument checking in dynamic and static mode.
"""
import base64
import json
import os
import warnings

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT = os.path.join(ROOT, "conformance", "goldens", "printing.json")

DEFAULTS = dict(precision=8, threshold=1000, edgeitems=3, sci_mode=False, linewidth=80)

FLOAT_DTYPES = ["float32", "float64", "float16", "bfloat16"]
INT_DTYPES = ["int64", "int32", "int16", "int8", "uint8"]
COMPLEX_DTYPES = ["complex64", "complex128"]
ALL_DTYPES = FLOAT_DTYPES + INT_DTYPES + COMPLEX_DTYPES + ["bool"]

SMALL_SHAPES = [
    [], [0], [1], [2], [5], [6], [7], [10], [13], [30], [100],
    [0, 3], [3, 0], [1, 1], [2, 3], [3, 2], [4, 4], [7, 7], [1, 12], [12, 1], [6, 13],
    [2, 2, 2], [2, 0, 3], [3, 4, 5], [1, 7, 1], [7, 2, 7],
    [2, 3, 4, 5], [1, 1, 1, 1], [2, 1, 3, 2], [3, 7, 2, 2],
]
BIG_SHAPES = [
    [999], [1000], [1001], [2000], [40, 25], [41, 25], [1, 1001], [1001, 1], [31, 33],
    [10, 10, 10], [10, 10, 11], [7, 8, 20], [6, 7, 8, 4], [3, 3, 3, 40], [2, 501],
]
FLOAT_KINDS = ["normal", "positive", "negative", "whole", "mixed_whole", "special", "huge",
               "tiny", "wide_range", "unit"]
OPTION_SETS = [
    dict(precision=0), dict(precision=1), dict(precision=4), dict(precision=12),
    dict(sci_mode=True), dict(sci_mode=True, precision=3),
    dict(threshold=0), dict(threshold=1), dict(threshold=5), dict(threshold=10),
    dict(threshold=50), dict(threshold=5, edgeitems=1), dict(threshold=5, edgeitems=2),
    dict(threshold=10, edgeitems=5), dict(edgeitems=1), dict(edgeitems=0, threshold=5),
    dict(linewidth=10), dict(linewidth=40), dict(linewidth=120), dict(linewidth=200),
    dict(linewidth=1), dict(precision=2, threshold=20, edgeitems=2, linewidth=50),
    dict(precision=6, sci_mode=True, threshold=30, edgeitems=4, linewidth=100),
]


def _float_values(rng, kind, n):
    if kind == "normal":
        return rng.randn(n)
    if kind == "positive":
        return np.abs(rng.randn(n)) * 10
    if kind == "negative":
        return -np.abs(rng.randn(n)) * 3
    if kind == "whole":
        return rng.randint(-20, 20, size=n).astype("float64")
    if kind == "mixed_whole":
        v = rng.randint(-9, 9, size=n).astype("float64")
        return np.where(rng.rand(n) < 0.5, v, v + rng.rand(n))
    if kind == "special":
        v = rng.randn(n) * 100
        pool = np.array([np.nan, np.inf, -np.inf, -0.0, 0.0, 1e-30])
        return np.where(rng.rand(n) < 0.4, pool[rng.randint(0, len(pool), size=n)], v)
    if kind == "huge":
        return rng.randn(n) * 10.0 ** rng.randint(5, 30, size=n)
    if kind == "tiny":
        return rng.randn(n) * 10.0 ** -rng.randint(5, 12, size=n)
    if kind == "wide_range":
        return rng.randn(n) * 10.0 ** rng.randint(-10, 12, size=n)
    if kind == "unit":
        return rng.rand(n)
    raise ValueError(kind)


def make_array(rng, dtype, shape, kind):
    """The numpy data (storage dtype) for one case; bfloat16 is stored as bf16-exact float32."""
    n = int(np.prod(shape)) if shape else 1
    if dtype in FLOAT_DTYPES:
        with np.errstate(over="ignore", invalid="ignore"):
            store = "float32" if dtype == "bfloat16" else dtype
            v = _float_values(rng, kind, n).astype(store)
            if dtype == "bfloat16":
                # keep only bfloat16's bits so that no rounding mode enters the comparison
                v = (v.view("uint32") & np.uint32(0xFFFF0000)).view("float32")
    elif dtype in COMPLEX_DTYPES:
        re = _float_values(rng, kind, n)
        im = _float_values(rng, FLOAT_KINDS[rng.randint(len(FLOAT_KINDS))], n)
        with np.errstate(over="ignore", invalid="ignore"):
            v = (re + 1j * im).astype(dtype)
    elif dtype == "bool":
        v = rng.rand(n) < 0.5
    else:
        info = np.iinfo(dtype)
        lim = {"int64": 10 ** rng.randint(1, 15), "int32": 10 ** rng.randint(1, 9)}.get(dtype)
        lo, hi = (info.min, info.max) if lim is None else (-lim, lim)
        if kind in ("positive", "unit"):
            lo = max(lo, 0)
        elif kind == "negative" and info.min < 0:
            hi = -1
        v = rng.randint(lo, int(hi) + 1, size=n, dtype="int64").astype(dtype)
    return np.asarray(v).reshape(shape)


def build_cases():
    rng = np.random.RandomState(20240611)
    cases = []

    def add(dtype, shape, kind, options, stop_gradient=True):
        arr = make_array(rng, dtype, shape, kind)
        cases.append(dict(dtype=dtype, shape=list(shape), kind=kind, options=options,
                          stop_gradient=stop_gradient, array=arr))

    # 1. every dtype x every small shape, default options, a value kind per case
    for dtype in ALL_DTYPES:
        for shape in SMALL_SHAPES:
            add(dtype, shape, FLOAT_KINDS[rng.randint(len(FLOAT_KINDS))], {})
    # 2. every float kind on a few shapes, for each float dtype
    for dtype in FLOAT_DTYPES + COMPLEX_DTYPES:
        for kind in FLOAT_KINDS:
            for shape in ([], [7], [3, 4], [2, 3, 2]):
                add(dtype, shape, kind, {})
    # 3. sizes around the threshold, and summarised N-d tensors
    for shape in BIG_SHAPES:
        for dtype in ("float32", "int64"):
            add(dtype, shape, FLOAT_KINDS[rng.randint(len(FLOAT_KINDS))], {})
    for shape in ([2000], [41, 25], [10, 10, 11]):
        for dtype in ("float64", "float16", "bfloat16", "complex64", "bool", "uint8"):
            add(dtype, shape, "normal", {})
    # 4. option variations over assorted dtypes and shapes
    small_nonempty = [s for s in SMALL_SHAPES if 0 not in s]
    for options in OPTION_SETS:
        for _ in range(8):
            dtype = ALL_DTYPES[rng.randint(len(ALL_DTYPES))]
            shape = small_nonempty[rng.randint(len(small_nonempty))]
            add(dtype, shape, FLOAT_KINDS[rng.randint(len(FLOAT_KINDS))], dict(options))
        for shape in ([30], [6, 13], [3, 7, 2, 2], [1001]):
            add("float32", shape, "normal", dict(options))
    # 5. stop_gradient=False (printing shows it), on floats and (as Paddle allows) on ints
    for dtype in ("float32", "float64", "float16", "int64", "complex64"):
        for shape in ([], [3], [2, 2]):
            add(dtype, shape, "normal", {}, stop_gradient=False)
    return cases


ERROR_CASES = [
    "dict(precision=2.5)", "dict(threshold='a')", "dict(edgeitems=1.0)", "dict(linewidth=3.0)",
    "dict(sci_mode='yes')", "dict(sci_mode=1)", "dict(sci_mode=np.bool_(True))",
    "dict(threshold=np.int32(5))", "dict(precision=True)", "dict(edgeitems=[1])",
    "dict(sci_mode=2.5)", "dict(linewidth=np.int64(30))",
]


def encode(arr):
    return base64.b64encode(np.ascontiguousarray(arr).astype(arr.dtype.newbyteorder("<"))
                            .tobytes()).decode("ascii")


def main():
    warnings.filterwarnings("ignore")
    import paddle

    def reset():
        paddle.set_printoptions(**DEFAULTS)

    out_cases = []
    for i, case in enumerate(build_cases()):
        reset()
        arr = case.pop("array")
        if case["dtype"] == "bfloat16":
            x = paddle.to_tensor(arr).astype("bfloat16")
        else:
            x = paddle.to_tensor(arr, dtype=case["dtype"])
        if not case["stop_gradient"]:
            x.stop_gradient = False
        if case["options"]:
            paddle.set_printoptions(**case["options"])
        text = str(x)
        assert repr(x) == text
        case.update(id=i, storage=str(arr.dtype), data=encode(arr), expected=text)
        out_cases.append(case)
    reset()

    probe = paddle.to_tensor(np.array([[1.5, -2.0], [1e-3, 123456.789]], dtype="float32"))
    errors = []
    for mode in ("dynamic", "static"):
        for expr in ERROR_CASES:
            reset()
            if mode == "static":
                paddle.enable_static()
            rec = dict(mode=mode, kwargs=expr, exc_type=None, message=None, after=None)
            try:
                paddle.set_printoptions(**eval(expr, {"np": np}))
            except Exception as e:  # recording whatever Paddle raises is the point here
                rec.update(exc_type=type(e).__name__, message=str(e))
            if mode == "static":
                paddle.disable_static()
            if rec["exc_type"] is None and mode == "dynamic":
                try:
                    rec["after"] = str(probe)
                except Exception as e:  # Paddle stores some accepted values it cannot print with
                    rec["after_error"] = f"{type(e).__name__}: {e}"
            errors.append(rec)
    reset()

    golden = dict(paddle_version=paddle.__version__, numpy_version=np.__version__,
                  defaults=DEFAULTS, cases=out_cases, set_printoptions=errors)
    with open(OUT, "w") as f:
        json.dump(golden, f, indent=0, sort_keys=True)
        f.write("\n")
    print(f"wrote {len(out_cases)} cases and {len(errors)} option checks to {OUT}")


if __name__ == "__main__":
    main()
