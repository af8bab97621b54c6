"""Record Paddle 3.3.1's behaviour for creation, math, reduction and logic ops into
conformance/goldens/ops_math.json (read by tests/test_ops_*.py).

Run with the oracle interpreter (re-runnable; overwrites the golden):
    PADDLE_PY conformance/record/record_ops_math.py

Each case is a Python expression evaluated after SETUP with `paddle` bound to the module under test.
The golden stores, per case, either the result (dtype, shape, values, stop_gradient; or a plain
Python value) or the exception class and message (with Paddle's C++ "(at file:line)" suffix and
"[Hint: ...]" lines removed, which paddle_compat does not reproduce).

Left out on purpose (Paddle bugs not copied): `x + 'a'` returning x, `paddle.clip(x, min='a')`
ignoring the bound, `int_tensor ** -1` looping forever in Paddle 3.3.1.
"""
import json
import os
import re
import sys

SETUP = """
import numpy as np
T = paddle.to_tensor
f32 = T([1.5, -2.5]); f64 = T([1.5, -2.5], dtype='float64'); f16 = T([1.5, -2.5], dtype='float16')
i32 = T([3, -4], dtype='int32'); i64 = T([3, -4]); b = T([True, False]); u8 = T([1, 2], dtype='uint8')
m = T([[1., 2., 3.], [4., 5., 6.]]); mi = T([[1, 2, 3], [4, 5, 6]], dtype='int32')
n = T([1., float('nan'), 3.]); z = T([0., 1., 0.])
g = T([1., 2.], stop_gradient=False)
"""

CASES = {
    # ---- promotion between tensors -------------------------------------------------------------
    "f32+f64": "f32 + f64", "f16+f32": "f16 + f32", "i32+i64": "i32 + i64", "i32+f32": "i32 + f32",
    "b+i64": "b + i64", "b+b": "b + b", "u8+i32": "u8 + i32", "maximum_f32_f64": "paddle.maximum(f32, f64)",
    "maximum_i32_i64": "paddle.maximum(i32, i64)", "equal_i32_i64": "paddle.equal(i32, i64)",
    "i32<f32": "i32 < f32", "f32==f64": "f32 == f64", "logical_and_f_i": "paddle.logical_and(f32, i32)",
    # ---- tensor op scalar ----------------------------------------------------------------------
    "b+1": "b + 1", "b+1.5": "b + 1.5", "i32+1": "i32 + 1", "i32+1.5": "i32 + 1.5",
    "i64*2.0": "i64 * 2.0", "f16+1.5": "f16 + 1.5", "i32/2": "i32 / 2", "i32//2": "i32 // 2",
    "i32%3": "i32 % 3", "i32**2": "i32 ** 2", "i32**2.0": "i32 ** 2.0", "2**i32": "2 ** i32",
    "2.5**i32": "2.5 ** i32", "2.0**f32": "2.0 ** f32", "f32**2": "f32 ** 2", "1-i32": "1 - i32",
    "1.5/i32": "1.5 / i32", "i32/i32": "i32 / i32", "i32==1.5": "i32 == 1.5", "b*True": "b * True",
    "i32+True": "i32 + True", "f32+1j": "f32 + 1j", "5//i32": "5 // i32", "5%i32": "5 % i32",
    "1/f32": "1 / f32", "f32/0": "f32 / 0", "i32/0": "i32 / 0", "g+1": "g + 1",
    "f32+np_f64": "f32 + np.float64(1)", "i32+np_f64": "i32 + np.float64(1.5)",
    "f32+ndarray": "f32 + np.array([1., 2.])", "ndarray+f32": "np.array([1., 2.]) + f32",
    "f32+None": "f32 + None",
    # ---- unary operators and comparisons with odd operands ---------------------------------------
    "-i32": "-i32", "-b": "-b", "abs(i32)": "abs(i32)", "~b": "~b", "~i32": "~i32", "~f32": "~f32",
    "b&b": "b & b", "i32&i32": "i32 & i32", "i32^i32": "i32 ^ i32", "b&1": "b & True",
    "i32|1": "i32 | 1", "f32&f32": "f32 & f32",
    "x==None": "f32 == None", "x!=None": "f32 != None", "x=='a'": "f32 == 'a'",
    "x!='a'": "f32 != 'a'", "x==list": "f32 == [1.5, 0]",
    # ---- public functions need Tensors -------------------------------------------------------------
    "add_int": "paddle.add(f32, 1)", "add_ndarray": "paddle.add(f32, np.array([1., 2.]))",
    "exp_float": "paddle.exp(1.0)", "exp_list": "paddle.exp([1.0])",
    "logical_and_int": "paddle.logical_and(f32, 1)",
    # ---- math ops ---------------------------------------------------------------------------------
    "divide_int": "paddle.divide(i32, T([2, 2], dtype='int32'))",
    "floor_divide": "paddle.floor_divide(i64, T([2, -3]))", "remainder": "paddle.remainder(i64, T([2, -3]))",
    "remainder_f": "paddle.remainder(f32, T([2., -3.]))", "mod_f": "paddle.mod(T([5., -5.]), T([3., 3.]))",
    "pow_int_2": "paddle.pow(i32, 2)", "pow_int_2.5": "paddle.pow(i32, 2.5)",
    "pow_f_T": "paddle.pow(f32, T([2., 3.]))", "pow_f_half": "paddle.pow(T([4., 9.]), 0.5)",
    "exp_int": "paddle.exp(i32)", "sqrt_int": "paddle.sqrt(i64)", "abs_i32": "paddle.abs(i32)",
    "sign_i32": "paddle.sign(i32)", "round": "paddle.round(T([0.5, 1.5, 2.5, -0.5]))",
    "round_dec": "paddle.round(T([1.2345, -2.5555]), decimals=2)",
    "floor_int": "paddle.floor(i32)", "clip_int": "paddle.clip(i32, 0, 2)",
    "clip_int_f": "paddle.clip(i32, 0.5, 2.5)", "clip_min_only": "paddle.clip(m, min=2.5)",
    "scale_int": "paddle.scale(i32, 2.0, 1.0)", "scale_before": "paddle.scale(f32, 2.0, 1.0, False)",
    "square_int": "paddle.square(i32)", "reciprocal_int": "paddle.reciprocal(i32)",
    "logsumexp_int": "paddle.logsumexp(i32)", "logsumexp_axis": "paddle.logsumexp(m, axis=1)",
    "add_n": "paddle.add_n([f32, f32, f32])", "add_n_mixed": "paddle.add_n([f32, f64])",
    "add_n_empty": "paddle.add_n([])", "lerp": "paddle.lerp(f32, T([0., 0.]), 0.5)",
    "isfinite_int": "paddle.isfinite(i32)", "sigmoid_int": "paddle.sigmoid(i32)",
    "cumsum": "paddle.cumsum(m)", "cumsum_axis": "paddle.cumsum(m, axis=1)",
    "cumsum_i32": "paddle.cumsum(i32)", "cumsum_b": "paddle.cumsum(b)",
    "cumsum_dtype": "paddle.cumsum(mi, axis=0, dtype='float64')",
    "cumprod_i32": "paddle.cumprod(i32, dim=0)", "cumprod_m": "paddle.cumprod(m, dim=1)",
    "stanh": "paddle.stanh(f32)", "increment": "paddle.increment(T([1.]), 2.0)",
    "neg_f": "paddle.neg(f32)", "trunc": "paddle.trunc(T([1.7, -1.7]))",
    "fmax": "paddle.fmax(n, T([2., 2., 2.]))", "maximum_nan": "paddle.maximum(n, T([2., 2., 2.]))",
    "erf": "paddle.erf(f32)", "log1p": "paddle.log1p(T([0., 1.]))", "rsqrt": "paddle.rsqrt(T([4.]))",
    "subtract": "paddle.subtract(m, T([1., 1., 1.]))", "multiply_bcast": "paddle.multiply(m, T([[2.], [3.]]))",
    "cast_f_i": "paddle.cast(T([-1.7, 2.7]), 'int32')", "cast_bool": "f32.astype(paddle.bool)",
    "astype_sg": "g.astype('float64')", "astype_int_sg": "g.astype('int32')",
    # ---- reductions -------------------------------------------------------------------------------
    "sum_i32": "paddle.sum(i32)", "sum_b": "paddle.sum(b)", "sum_f16": "paddle.sum(f16)",
    "sum_i32_dtype": "paddle.sum(i32, dtype='int32')", "sum_axis": "paddle.sum(m, axis=0)",
    "sum_axis_list": "paddle.sum(m, axis=[0, 1], keepdim=True)", "sum_axis_neg": "m.sum(-1)",
    "sum_axis_tuple": "paddle.sum(m, axis=(1,))", "sum_axis_empty": "paddle.sum(m, axis=[])",
    "sum_axis_tensor": "paddle.sum(m, axis=T(1))", "sum_axis_str": "paddle.sum(f32, axis='a')",
    "sum_axis_float": "paddle.sum(f32, axis=1.5)", "sum_axis_oob": "paddle.sum(m, axis=2)",
    "mean_i32": "paddle.mean(i32)", "mean_b": "paddle.mean(b)", "mean_int_pair": "paddle.mean(T([1, 2]))",
    "mean_axis": "paddle.mean(m, axis=1, keepdim=True)", "prod_i32": "paddle.prod(i32)",
    "prod_b": "paddle.prod(b)", "prod_axis": "paddle.prod(m, axis=1)",
    "max_b": "paddle.max(b)", "max_axis": "paddle.max(m, axis=0)", "min": "m.min()",
    "amax": "paddle.amax(T([[1., 3.], [3., 2.]]), axis=1)", "amin": "paddle.amin(mi, axis=0)",
    "std_i64": "paddle.std(i64)", "var_i64": "paddle.var(i64)", "std_f": "paddle.std(m, axis=1)",
    "var_biased": "paddle.var(m, unbiased=False)", "std_one": "paddle.std(T([2.]))",
    "var_one": "paddle.var(T([2.]))", "std_one_biased": "paddle.std(T([2.]), unbiased=False)",
    "var_i_biased": "paddle.var(i64, unbiased=False)", "mean_axis_oob": "paddle.mean(m, axis=3)",
    "max_axis_neg_oob": "paddle.max(m, axis=-3)", "sum_axis_list_oob": "paddle.sum(m, axis=[0, 5])",
    "median_i64": "paddle.median(i64)", "median_f": "paddle.median(T([1., 2., 3., 4.]))",
    "median_axis": "paddle.median(m, axis=1, keepdim=True)",
    "median_min": "paddle.median(T([[1., 4., 2., 3.]]), axis=1, mode='min')",
    "nansum_i": "paddle.nansum(i32)", "nansum": "paddle.nansum(n)", "nanmean": "paddle.nanmean(n)",
    "all_f": "paddle.all(f32)", "any_i": "paddle.any(i32)", "all_axis": "paddle.all(z, axis=0)",
    "count_nonzero": "paddle.count_nonzero(z)", "argmax": "paddle.argmax(f32)",
    "argmax_axis": "paddle.argmax(m, axis=1, keepdim=True)", "argmin_i32": "paddle.argmin(m, dtype='int32')",
    "argmax_ties": "paddle.argmax(T([1., 3., 3.]))", "argmax_axis_float": "paddle.argmax(f32, axis=1.5)",
    "argmax_dtype": "paddle.argmax(f32, dtype='float32')", "argmax_keep_none": "paddle.argmax(m, keepdim=True)",
    # ---- logic ----------------------------------------------------------------------------------
    "logical_not_i": "paddle.logical_not(i32)", "logical_xor": "paddle.logical_xor(b, T([True, True]))",
    "bitwise_and_f": "paddle.bitwise_and(f32, f32)", "bitwise_not_i": "paddle.bitwise_not(i32)",
    "bitwise_or": "paddle.bitwise_or(i32, T([1, 1], dtype='int32'))",
    "allclose": "paddle.allclose(f32, f32)", "allclose_i": "paddle.allclose(i32, i32)",
    "allclose_nan": "paddle.allclose(n, n, equal_nan=True)", "isclose_mixed": "paddle.isclose(f32, f64)",
    "isclose": "paddle.isclose(T([1., 1.00001]), T([1., 1.]))",
    "equal_all": "paddle.equal_all(f32, T([1.5]))", "equal_all_same": "paddle.equal_all(m, m)",
    "isnan_i": "paddle.isnan(i32)", "isinf": "paddle.isinf(T([1., float('inf'), -float('inf')]))",
    "is_tensor": "paddle.is_tensor(f32)", "is_tensor_np": "paddle.is_tensor(np.ones(2))",
    "is_empty": "paddle.is_empty(paddle.zeros([0, 3]))", "is_empty_no": "paddle.is_empty(f32)",
    "greater_than": "paddle.greater_than(m, T([2., 2., 2.]))", "less_equal": "paddle.less_equal(i32, i32)",
    # ---- creation -------------------------------------------------------------------------------
    "arange": "paddle.arange(5)", "arange_f": "paddle.arange(0, 1, 0.25)", "arange_f_start": "paddle.arange(0.5, 3)",
    "arange_T": "paddle.arange(T(3))", "arange_neg": "paddle.arange(5, 0, -2)",
    "arange_step0": "paddle.arange(0, 5, 0)", "arange_empty": "paddle.arange(0, -1, 1)",
    "arange_empty_rev": "paddle.arange(5, 0, 1)", "pin_memory_cpu": "T([1.]).pin_memory()",
    "hook_stop_gradient": "T([1.]).register_hook(lambda g: g)", "eye_neg": "paddle.eye(-1)",
    "zeros_float_dim": "paddle.zeros([2, 1.5])", "sum_keepdim_none": "paddle.sum(m, keepdim=True)",
    "mean_keepdim_none": "paddle.mean(m, keepdim=True)",
    "median_bad_mode": "paddle.median(m, mode='mean')", "arange_dtype": "paddle.arange(3, dtype='float64')",
    "linspace": "paddle.linspace(0, 1, 5)", "linspace_int": "paddle.linspace(0, 10, 5, dtype='int32')",
    "logspace": "paddle.logspace(0, 2, 3)", "logspace_base": "paddle.logspace(0, 3, 4, base=2.0)",
    "eye": "paddle.eye(2, 3)", "eye_str": "paddle.eye('a')", "eye_int": "paddle.eye(2, dtype='int32')",
    "zeros": "paddle.zeros([2, 3])", "zeros_int": "paddle.zeros(3)", "ones_i": "paddle.ones([2], 'int64')",
    "zeros_str": "paddle.zeros('a')", "zeros_list_str": "paddle.zeros([2, 'a'])",
    "ones_shape_T": "paddle.ones(T([2, 3]))", "ones_shape_Tlist": "paddle.ones([T(2), 3])",
    "full_int": "paddle.full([2], 3)", "full_bool": "paddle.full([2], True)",
    "full_f_dtype": "paddle.full([2], 1.5, dtype='int32')", "full_inf": "paddle.full([2], 'inf')",
    "full_like": "paddle.full_like(i32, 2.5)", "zeros_like_dtype": "paddle.zeros_like(i32, dtype='float64')",
    "ones_like": "paddle.ones_like(m)", "empty_shape": "paddle.empty([2, 3]).shape",
    "empty_like_dtype": "paddle.empty_like(m).dtype",
    "assign_list": "paddle.assign([1, 2])", "assign_listf": "paddle.assign([1., 2.])",
    "assign_np32": "paddle.assign(np.array([1., 2.], dtype='float32'))",
    "assign_np64": "paddle.assign(np.array([1., 2.]))", "assign_scalar": "paddle.assign(3)",
    "assign_scalar_f": "paddle.assign(3.5)", "assign_tensor": "paddle.assign(g)",
    "diag": "paddle.diag(T([1, 2]))", "diag_pad": "paddle.diag(T([1, 2]), offset=1, padding_value=9)",
    "diag_2d": "paddle.diag(m)", "diag_2d_off": "paddle.diag(m, offset=1)",
    "tril": "paddle.tril(m)", "triu_neg": "paddle.triu(m, -1)", "tril_1d": "paddle.tril(f32)",
    "meshgrid": "[t.shape for t in paddle.meshgrid(T([1, 2]), T([1, 2, 3]))]",
    "meshgrid_list": "paddle.meshgrid([T([1, 2]), T([1, 2, 3])])[1]",
    "complex": "paddle.complex(f32, f32)",
    # ---- Tensor methods ---------------------------------------------------------------------------
    "T": "m.T", "mT": "T([[[1, 2], [3, 4]]]).mT", "element_size": "f32.element_size()",
    "element_size_f64": "f64.element_size()", "is_fp": "i32.is_floating_point()",
    "is_fp_f": "f16.is_floating_point()",
    "to_dtype": "f32.to('float64')", "to_cpu": "f32.to('cpu')", "to_cpu_f64": "f32.to('cpu', 'float64')",
    "to_tensor_arg": "f32.to(i64)", "cpu": "f32.cpu()",
    "set_value": "(lambda t: (t.set_value(np.array([3., 4.], dtype='float32')), t)[1])(T([1., 2.]))",
    "set_value_shape": "T([1., 2.]).set_value(np.array([3., 4., 5.], dtype='float32'))",
    "zero_": "T([1., 2.]).zero_()", "fill_": "T([1., 2.]).fill_(3)", "scale_": "T([1., 2.]).scale_(2, 1)",
    "clip_": "T([1., 2.]).clip_(1.5)", "exp_": "T([0., 1.]).exp_()", "sqrt_": "T([4., 9.]).sqrt_()",
    "add_": "T([1., 2.]).add_(T([1., 1.]))", "subtract_": "T([1., 2.]).subtract_(T([1., 1.]))",
    "multiply_": "T([1., 2.]).multiply_(T([3., 3.]))",
    "add_bcast": "T([1., 2.]).add_(T([[1., 1.]]))", "add_leaf": "g.add_(T([1., 1.]))",
    "iadd_rebinds": "(lambda x: (lambda y: (y.__class__.__dict__.get('__iadd__') is None))(x))(f32)",
    "x.exp()": "f32.exp()", "x.sum()": "m.sum()", "x.mean(0)": "m.mean(0)", "x.max(1)": "m.max(1)",
    "x.argmax()": "m.argmax()", "x.abs()": "f32.abs()", "x.pow(2)": "f32.pow(2)",
    "x.equal(y)": "f32.equal(f32)", "x.logical_not()": "b.logical_not()", "x.clip(0)": "f32.clip(0)",
}

_AT = re.compile(r"\s*\(at /[^)]*\)")
_HINT = re.compile(r"\n\s*\[Hint:.*", re.S)


def normalize_message(msg):
    """Drop Paddle's C++ source location and [Hint: ...] block; trim trailing whitespace."""
    msg = _HINT.sub("", msg)
    msg = _AT.sub("", msg)
    return msg.strip()


def describe(value):
    """A JSON-able description of a result (Tensor, tuple/list of results, or Python value)."""
    if hasattr(value, "numpy") and hasattr(value, "stop_gradient"):
        arr = value.numpy()
        vals = arr.tolist()
        if arr.dtype.kind == "c":
            vals = [[c.real, c.imag] for c in arr.reshape(-1).tolist()]
        return {"kind": "tensor", "dtype": str(value.dtype).replace("paddle.", ""),
                "shape": list(value.shape), "values": vals,
                "stop_gradient": bool(value.stop_gradient)}
    if isinstance(value, (list, tuple)):
        return {"kind": "seq", "items": [describe(v) for v in value]}
    if isinstance(value, (bool, int, float, str)) or value is None:
        return {"kind": "py", "value": value}
    return {"kind": "py", "value": str(value)}


def eval_case(paddle, setup, expr, describe=describe, post=None):
    """One expression case, as every expression recorder records it: `setup` run in a fresh
    namespace holding `paddle`, then `expr` evaluated there; its value described (after `post`,
    when given), or the exception it raised as its class and normalized message."""
    env = {"paddle": paddle}
    exec(setup, env)
    try:
        value = eval(expr, env)
    except Exception as e:   # the exception itself is the recorded behaviour
        return {"kind": "error", "type": type(e).__name__, "message": normalize_message(str(e))}
    return describe(post(value) if post is not None else value)


def run_case(paddle, expr):
    return eval_case(paddle, SETUP, expr)


def expression_golden(paddle, setup, cases, result_of):
    """The expression recorders' golden: Paddle's version, the setup code, and for each case its
    expression and `result_of(name, expr)`."""
    out = {"paddle_version": paddle.__version__, "setup": setup, "cases": {}}
    for name, expr in cases.items():
        out["cases"][name] = {"expr": expr, "result": result_of(name, expr)}
    return out


def write_golden(name, out, what):
    """Write `out` to conformance/goldens/<name>.json atomically (temp file, fsync, rename) and
    say what was recorded."""
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "goldens", name + ".json")
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        json.dump(out, f, indent=1, sort_keys=True)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)
    print(f"recorded {what} to {os.path.normpath(path)}", file=sys.stderr)


def main():
    import logging
    import warnings
    warnings.filterwarnings("ignore")
    logging.disable(logging.WARNING)
    import paddle
    out = expression_golden(paddle, SETUP, CASES, lambda name, expr: run_case(paddle, expr))
    write_golden("ops_math", out, f"{len(CASES)} cases")


if __name__ == "__main__":
    main()
