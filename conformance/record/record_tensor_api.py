"""Record Paddle 3.3.1's behaviour for the paddle.* tensor functions of Paddle 3.x that
issue 23 added: the in-place variants (`paddle.abs_`, `x.cos_()`, ... with Paddle's in-place rules:
the same Tensor back, `inplace_version` bumped, a leaf that needs grad refused, a broadcast that
changes x's shape refused, which integer inputs a kernel refuses) and the newer ops (cdist,
histogram*, tensor_split/hsplit/vsplit/dsplit, vander, scatter_reduce, index_put, ...), with
values, dtypes, errors and gradients, into conformance/goldens/tensor_api.json.

Each case is named `<module>:<case>`, where <module> is the paddle_compat/_ops module holding the
op (math, logic, manipulation, search, stat, linalg, creation, random); tests/test_ops_<module>.py
replays that module's cases. A case is a Python expression evaluated after SETUP with `paddle`
bound to the module under test; results are described as in record_ops_math.py.

Left out on purpose (Paddle bugs not copied; each is a "Differences from Paddle" line of the op's
docstring): as_strided's offset read as bytes, select_scatter ignoring an out-of-range index,
unfold's gradient for overlapping windows, diagonal_scatter leaving y.grad None, sinc_ returning a
new Tensor object, and equal_(g, g) on a leaf that needs grad (Paddle's dtype error comes first).

Run with the oracle interpreter (re-runnable; overwrites the golden):
    PADDLE_PY conformance/record/record_tensor_api.py
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from record_ops_math import eval_case, expression_golden, write_golden  # noqa: E402

SETUP = """
import numpy as np
T = paddle.to_tensor
def IP(fn, x, *a, **k):
    # an in-place call: [is the same Tensor, inplace_version went up, the tensor] (Paddle's
    # exact count is an implementation detail: composite ops bump it once per inner op)
    v0 = x.inplace_version
    r = fn(x, *a, **k)
    return [r is x, x.inplace_version > v0, x]
def G(fn, *xs):
    # gradients of sum(fn(*xs)) with respect to each float64 input
    ts = [T(x, dtype='float64', stop_gradient=False) for x in xs]
    out = fn(*ts)
    out = out[0] if isinstance(out, (list, tuple)) else out
    out.sum().backward()
    return [t.grad for t in ts]
def NG(fn, x):
    # in-place op on a non-leaf: its gradient flows to the leaf
    w = T(x, dtype='float64', stop_gradient=False)
    z = w * 1.0
    fn(z).sum().backward()
    return w.grad
f = lambda: T([0.25, 0.5])
i = lambda: T([1, 2])
g = T([1., 2.], stop_gradient=False)
m = lambda: T([[1., 2.], [3., 4.]])
def STEPS(make, start, grads):
    # the parameter after each optimizer step on loss = sum(w * c), then the accumulators
    w = paddle.create_parameter([len(start)], 'float32',
                                default_initializer=paddle.nn.initializer.Assign(np.array(start, 'float32')))
    opt = make([w])
    seen = []
    for c in grads:
        (w * T(c, dtype='float32')).sum().backward()
        opt.step()
        opt.clear_grad()
        seen.append(T(w.numpy()))
    return seen + [T(v.numpy()) for k, v in sorted(opt.state_dict().items())]
def LBFGS(line_search_fn):
    # three L-BFGS steps on a small non-quadratic problem: [loss, w] after each, and func_evals
    w = paddle.create_parameter([2], 'float32',
                                default_initializer=paddle.nn.initializer.Assign(np.array([1.5, -0.5], 'float32')))
    opt = paddle.optimizer.LBFGS(learning_rate=1.0, max_iter=5, history_size=3,
                                 line_search_fn=line_search_fn, parameters=[w])
    A = T([[3., 1.], [1., 2.]])
    b = T([1., -1.])
    def closure():
        opt.clear_grad()
        loss = (w @ A @ w) * 0.5 - (b * w).sum() + (w ** 4).sum() * 0.1
        loss.backward()
        return loss
    out = []
    for _ in range(3):
        out += [opt.step(closure), T(w.numpy())]
    return out + [opt.state_dict()['state']['func_evals'], opt.state_dict()['state']['n_iter']]
"""

_UNARY_FLOAT = ["abs_", "acos_", "atan_", "cos_", "sin_", "sinh_", "tan_", "tanh_", "erf_",
                "expm1_", "square_", "log_", "log2_", "log10_", "neg_", "trunc_", "frac_",
                "digamma_", "lgamma_", "gammaln_", "i0_", "sinc_", "logit_", "nan_to_num_",
                "cumsum_", "cumprod_"]

CASES = {}
for _n in _UNARY_FLOAT:
    _args = ", 0" if _n in ("cumsum_", "cumprod_") else ""
    CASES[f"math:{_n}"] = f"IP(paddle.{_n}, f(){_args})"
    CASES[f"math:{_n}_int"] = f"IP(paddle.{_n}, i(){_args})"
    CASES[f"math:{_n}_method"] = f"IP(lambda x: x.{_n}({_args.strip(', ')}), f())"
    CASES[f"math:{_n}_grad"] = f"NG(lambda z: paddle.{_n}(z{_args}), [0.25, 0.5])"
CASES.update({
    "math:abs_leaf": "paddle.abs_(g)", "math:scatter_reduce_absent": "hasattr(paddle, 'scatter_reduce_')",
    "math:sqrt__int_method": "i().sqrt_()", "math:rsqrt__int_method": "i().rsqrt_()",
    "math:reciprocal__int_method": "i().reciprocal_()", "math:sigmoid__int_method": "i().sigmoid_()",
    "math:asin__int_method": "i().asin_()", "math:cosh__int_method": "i().cosh_()",
    "math:exp__int_method": "IP(lambda x: x.exp_(), i())", "math:sign__method": "f().sign_()", "math:cos_leaf_method": "g.cos_()",
    "math:polygamma_": "IP(paddle.polygamma_, f(), 1)",
    "math:pow_": "IP(paddle.pow_, f(), 2)", "math:pow_int_float": "IP(paddle.pow_, i(), 2.5)",
    "math:remainder_": "IP(paddle.remainder_, T([5., 6.]), T([2., 4.]))",
    "math:mod_": "IP(paddle.mod_, T([5, 6]), T([2, 4]))",
    "math:floor_mod_": "IP(paddle.floor_mod_, T([5, 6]), T([2, 4]))",
    "math:floor_divide_": "IP(paddle.floor_divide_, T([5, 6]), T([2, 4]))",
    "math:divide_": "IP(paddle.divide_, f(), T([2., 4.]))",
    "math:divide_int": "IP(paddle.divide_, T([1, 2]), T([2, 2]))",
    "math:div_": "IP(paddle.div_, f(), T([2., 4.]))",
    "math:multiply_": "IP(paddle.multiply_, f(), T([2., 4.]))",
    "math:multiply_f64": "IP(paddle.multiply_, f(), T([2., 4.], dtype='float64'))",
    "math:multiply_i32_i64": "paddle.multiply_(i(), T([1, 2], dtype='int32'))",
    "math:subtract_": "IP(paddle.subtract_, f(), T([2., 4.]))",
    "math:sub_": "IP(paddle.sub_, f(), T([2., 4.]))",
    "math:subtract_broadcast": "paddle.subtract_(f(), paddle.ones([2, 2]))",
    "math:multiply_grad": "NG(lambda z: paddle.multiply_(z, T([2., 3.], dtype='float64')), [1., 2.])",
    "math:copysign_": "IP(paddle.copysign_, f(), T([-1., 1.]))",
    "math:copysign_int": "IP(paddle.copysign_, i(), T([-1, 1]))",
    "math:gcd_": "IP(paddle.gcd_, T([4, 6]), T([2, 4]))", "math:lcm_": "IP(paddle.lcm_, T([4, 6]), T([2, 4]))",
    "math:hypot_": "IP(paddle.hypot_, T([3., 4.]), T([4., 3.]))",
    "math:hypot_int": "IP(paddle.hypot_, T([3, 4]), T([4, 3]))",
    "math:ldexp_": "IP(paddle.ldexp_, f(), T([1, 2]))", "math:ldexp_int": "IP(paddle.ldexp_, i(), T([1, 2]))",
    "math:addmm_": "IP(paddle.addmm_, m(), m(), m(), 0.5, 2.0)",
    "math:baddbmm_": "IP(paddle.baddbmm_, paddle.ones([1, 2, 2]), paddle.ones([1, 2, 2]), paddle.ones([1, 2, 2]))",
    "math:bitwise_left_shift_": "IP(paddle.bitwise_left_shift_, i(), T([1, 1]))",
    "math:bitwise_right_shift_": "IP(paddle.bitwise_right_shift_, T([4, 8]), T([1, 2]))",
    "math:gammainc_": "IP(paddle.gammainc_, T([1., 2.]), T([0.5, 3.]))",
    "math:gammaincc_": "IP(paddle.gammaincc_, T([1., 2.]), T([0.5, 3.]))",
    "math:multigammaln_": "IP(paddle.multigammaln_, T([2., 3.]), 2)",
    "math:renorm_": "IP(paddle.renorm_, m(), 2., 0, 2.)",
    "math:cast_": "IP(paddle.cast_, T([1.5, -2.5]), 'int64')",
    "math:nan_to_num_nan": "IP(paddle.nan_to_num_, T([float('nan'), float('inf'), 1.]))",
    # newer math ops
    "math:baddbmm": "paddle.baddbmm(paddle.ones([1, 2, 2]), paddle.ones([1, 2, 2]), paddle.ones([1, 2, 2]), 0.5, 2.)",
    "math:baddbmm_bad": "paddle.baddbmm(paddle.ones([2, 2]), paddle.ones([2, 2]), paddle.ones([2, 2]))",
    "math:baddbmm_grad": "G(lambda a, b, c: paddle.baddbmm(a, b, c, 0.5, 2.), np.ones([1, 2, 2]), np.arange(4.).reshape([1, 2, 2]), np.ones([1, 2, 2]))",
    "math:gammainc": "paddle.gammainc(T([1., 2.]), T([0.5, 3.]))",
    "math:gammaincc": "paddle.gammaincc(T([1., 2.]), T([0.5, 3.]))",
    "math:gammainc_neg": "paddle.gammainc(T([-1., 2.]), T([0.5, 3.]))",
    "math:gammaincc_grad_y": "G(lambda y: paddle.gammaincc(T([1., 2.], dtype='float64'), y), [0.5, 3.])",
    "math:multigammaln": "paddle.multigammaln(T([2., 3.]), 2)",
    "math:multigammaln_small": "paddle.multigammaln(T([0.2, 3.]), 2)",
    "math:multigammaln_grad": "G(lambda x: paddle.multigammaln(x, 2), [2., 3.])",
    "math:renorm": "paddle.renorm(m(), 2., 0, 2.)", "math:renorm_axis1": "paddle.renorm(m(), 1., 1, 3.)",
    "math:renorm_bad_axis": "paddle.renorm(m(), 2., 2, 2.)",
    "math:renorm_grad": "G(lambda x: paddle.renorm(x, 2., 0, 2.), [[1., 2.], [3., 4.]])",
    "math:frexp": "paddle.frexp(T([8., -3., 0.]))", "math:frexp_f64": "paddle.frexp(T([0.1], dtype='float64'))",
    "math:frexp_int": "paddle.frexp(i())",
    "math:trapezoid": "paddle.trapezoid(T([1., 2., 3.]))", "math:trapezoid_dx": "paddle.trapezoid(T([1., 2., 3.]), dx=0.5)",
    "math:trapezoid_x": "paddle.trapezoid(T([1., 2., 3.]), x=T([0., 1., 3.]))",
    "math:trapezoid_axis": "paddle.trapezoid(m(), axis=0)",
    "math:trapezoid_both": "paddle.trapezoid(T([1., 2.]), x=T([0., 1.]), dx=1.)",
    "math:trapezoid_int": "paddle.trapezoid(i())",
    "math:trapezoid_grad": "G(lambda y: paddle.trapezoid(y), [1., 2., 3.])",
    "math:cumulative_trapezoid": "paddle.cumulative_trapezoid(T([1., 2., 3.]))",
    "math:cumulative_trapezoid_x": "paddle.cumulative_trapezoid(m(), x=T([0., 2.]), axis=1)",
    "math:vander": "paddle.vander(T([1, 2, 3]))", "math:vander_inc": "paddle.vander(T([1., 2.]), 3, True)",
    "math:vander_n0": "paddle.vander(T([1., 2.]), 0)", "math:vander_2d": "paddle.vander(m())",
    "math:vander_grad": "G(lambda x: paddle.vander(x, 3), [1., 2.])",
    "math:cartesian_prod": "paddle.cartesian_prod([T([1, 2]), T([3, 4])])",
    "math:cartesian_prod_one": "paddle.cartesian_prod([T([1, 2])])",
    "math:cartesian_prod_2d": "paddle.cartesian_prod([m(), T([1.])])",
    "math:combinations": "paddle.combinations(T([1, 2, 3]))",
    "math:combinations_r3": "paddle.combinations(T([1, 2, 3]), 3)",
    "math:combinations_rep": "paddle.combinations(T([1., 2.]), 2, True)",
    "math:combinations_2d": "paddle.combinations(m())",
    "math:broadcast_shape": "paddle.broadcast_shape([2, 1], [3])",
    "math:broadcast_shapes": "paddle.broadcast_shapes([2, 1], [3], [1, 1])",
    "math:broadcast_shape_bad": "paddle.broadcast_shape([2], [3])",
    "math:multiplex": "paddle.multiplex([m(), m() * 10], T([[1], [0]], dtype='int32'))",
    "math:multiplex_int64": "paddle.multiplex([m(), m()], T([[1], [0]]))",
    "math:reduce_as": "paddle.reduce_as(m(), T([1., 1.]))",
    "math:reduce_as_keep": "paddle.reduce_as(m(), T([[1.], [1.]]))",
    "math:reduce_as_grad": "G(lambda x: paddle.reduce_as(x, T([[1.], [1.]], dtype='float64')), [[1., 2.], [3., 4.]])",
    # ---- logic ----------------------------------------------------------------------------------
    "logic:equal_": "IP(paddle.equal_, T([1, 2, 3]), T([1, 0, 3]))",
    "logic:equal_promo": "paddle.equal_(f(), i())",
    "logic:greater_than_": "IP(paddle.greater_than_, f(), T([0.5, 0.25]))",
    "logic:greater_equal_": "IP(paddle.greater_equal_, f(), T([0.5, 0.25]))",
    "logic:less_than_": "IP(paddle.less_than_, f(), T([0.5, 0.25]))",
    "logic:less_equal_": "IP(paddle.less_equal_, f(), T([0.5, 0.25]))",
    "logic:less_": "IP(paddle.less_, f(), T([0.5, 0.25]))",
    "logic:logical_and_": "IP(paddle.logical_and_, T([1, 0]), T([1, 1]))",
    "logic:logical_or_": "IP(paddle.logical_or_, T([True, False]), T([False, False]))",
    "logic:logical_not_": "IP(paddle.logical_not_, T([True, False]))",
    "logic:bitwise_and_": "IP(paddle.bitwise_and_, T([6, 3]), T([3, 1]))",
    "logic:bitwise_or_": "IP(paddle.bitwise_or_, T([6, 3]), T([3, 1]))",
    "logic:bitwise_xor_": "IP(paddle.bitwise_xor_, T([6, 3]), T([3, 1]))",
    "logic:bitwise_not_": "IP(paddle.bitwise_not_, T([6, 3]))",
    "logic:bitwise_invert_": "IP(paddle.bitwise_invert_, T([6, 3]))",
    "logic:bitwise_invert": "paddle.bitwise_invert(T([True, False]))",
    "logic:bitwise_invert_float": "paddle.bitwise_invert(f())",
    # ---- creation -------------------------------------------------------------------------------
    "creation:tril_": "IP(paddle.tril_, T([[1, 2], [3, 4]]))",
    "creation:triu_": "IP(paddle.triu_, T([[1, 2], [3, 4]]), 1)",
    "creation:tril_grad": "NG(lambda z: paddle.tril_(z), [[1., 2.], [3., 4.]])",
    "creation:polar": "paddle.polar(T([1., 2.]), T([0.5, -1.]))",
    "creation:polar_int": "paddle.polar(i(), i())",
    "creation:polar_grad": "G(lambda a, t: paddle.abs(paddle.polar(a, t)), [1., 2.], [0.5, 1.])",
    "creation:diagflat": "paddle.diagflat(T([1, 2]))", "creation:diagflat_off": "paddle.diagflat(m(), -1)",
    "creation:range": "paddle.range(0, 3)", "creation:range_int": "paddle.range(0, 3, 1, 'int64')",
    "creation:range_step": "paddle.range(1, 2, 0.25)", "creation:range_end_none": "paddle.range(3)",
    "creation:FloatTensor": "paddle.FloatTensor([1, 2])", "creation:FloatTensor_empty": "paddle.FloatTensor()",
    "creation:FloatTensor_shape": "list(paddle.FloatTensor(2, 3).shape)",
    "creation:LongTensor_tensor": "paddle.LongTensor(T([1.5]))",
    "creation:IntTensor": "paddle.IntTensor([1])", "creation:BoolTensor": "paddle.BoolTensor([1, 0])",
    "creation:ByteTensor": "paddle.ByteTensor([1])", "creation:CharTensor": "paddle.CharTensor([1])",
    "creation:ShortTensor": "paddle.ShortTensor([1])", "creation:HalfTensor": "paddle.HalfTensor([1])",
    "creation:DoubleTensor": "paddle.DoubleTensor((1, 2))",
    "creation:BFloat16Tensor": "paddle.BFloat16Tensor([1.5]).astype('float32')",
    "creation:BFloat16Tensor_dtype": "str(paddle.BFloat16Tensor([1.]).dtype)",
    "creation:FloatTensor_isinstance": "isinstance(paddle.ones([1]), paddle.FloatTensor)",
    # ---- manipulation ---------------------------------------------------------------------------
    "manipulation:index_add_": "IP(paddle.index_add_, T([1., 2.]), T([0]), 0, T([5.]))",
    "manipulation:index_fill_": "IP(paddle.index_fill_, T([1., 2.]), T([0]), 0, 5.)",
    "manipulation:index_put_": "IP(paddle.index_put_, T([1., 2., 3.]), (T([0, 2]),), T([9., 8.]))",
    "manipulation:masked_scatter_": "IP(paddle.masked_scatter_, paddle.zeros([3]), T([True, False, True]), T([5., 6., 7.]))",
    "manipulation:scatter_add_": "IP(paddle.scatter_add_, paddle.zeros([3]), 0, T([0, 0]), T([1., 2.]))",
    "manipulation:transpose_": "IP(paddle.transpose_, T([[1, 2]]), [1, 0])",
    "manipulation:transpose_method": "IP(lambda x: x.transpose_([1, 0]), T([[1, 2]]))",
    "manipulation:tensor_split": "paddle.tensor_split(T([1, 2, 3, 4, 5]), 3)",
    "manipulation:tensor_split_idx": "paddle.tensor_split(T([1, 2, 3, 4, 5]), [1, 4])",
    "manipulation:tensor_split_axis": "paddle.tensor_split(m(), 2, axis=1)",
    "manipulation:tensor_split_zero": "paddle.tensor_split(i(), 0)",
    "manipulation:tensor_split_grad": "G(lambda x: paddle.tensor_split(x, 2)[1] * 2, [1., 2., 3.])",
    "manipulation:hsplit": "paddle.hsplit(T([[1, 2, 3, 4]]), 2)", "manipulation:hsplit_1d": "paddle.hsplit(T([1, 2, 3]), [1])",
    "manipulation:vsplit": "paddle.vsplit(T([[1], [2]]), 2)", "manipulation:vsplit_1d": "paddle.vsplit(i(), 2)",
    "manipulation:dsplit": "paddle.dsplit(T([[[1, 2]]]), 2)", "manipulation:dsplit_2d": "paddle.dsplit(m(), 2)",
    "manipulation:scatter_reduce_sum": "paddle.scatter_reduce(T([1., 2., 3.]), 0, T([0, 0, 2]), T([5., 6., 7.]), 'sum')",
    "manipulation:scatter_reduce_mean": "paddle.scatter_reduce(T([1., 2., 3.]), 0, T([0, 0, 2]), T([5., 6., 7.]), 'mean', include_self=False)",
    "manipulation:scatter_reduce_amax": "paddle.scatter_reduce(T([1., 2., 3.]), 0, T([0, 0, 2]), T([5., 6., 7.]), 'amax')",
    "manipulation:scatter_reduce_prod": "paddle.scatter_reduce(T([1, 2, 3]), 0, T([0, 0, 2]), T([5, 6, 7]), 'prod')",
    "manipulation:scatter_reduce_bad": "paddle.scatter_reduce(T([1., 2.]), 0, T([0]), T([5.]), 'max')",
    "manipulation:scatter_reduce_grad": "G(lambda x, s: paddle.scatter_reduce(x, 0, T([0, 0, 2]), s, 'sum'), [1., 2., 3.], [5., 6., 7.])",
    "manipulation:index_put": "paddle.index_put(T([1., 2., 3.]), (T([0, 2]),), T([9., 8.]))",
    "manipulation:index_put_acc": "paddle.index_put(T([1., 2., 3.]), (T([0, 0]),), T([9., 8.]), True)",
    "manipulation:index_put_2d": "paddle.index_put(m(), (T([0, 1]), T([1, 0])), T([9.]))",
    "manipulation:index_put_bool": "paddle.index_put(T([1., 2., 3.]), (T([True, False, True]),), T([0.]))",
    "manipulation:index_put_grad": "G(lambda x, v: paddle.index_put(x, (T([0, 2]),), v), [1., 2., 3.], [9., 8.])",
    "manipulation:tolist": "paddle.tolist(T([[1, 2]]))", "manipulation:tolist_f": "paddle.tolist(f())",
    "manipulation:tolist_0d": "paddle.tolist(T(3))", "manipulation:tolist_method": "T([True]).tolist()",
    "manipulation:as_complex": "paddle.as_complex(T([[1., 2.]]))", "manipulation:as_real": "paddle.as_real(T([1 + 2j]))",
    "manipulation:as_complex_bad": "paddle.as_complex(T([1., 2., 3.]))",
    "manipulation:view_as_complex": "paddle.view_as_complex(T([[1., 2.]]))", "manipulation:view_as_real": "paddle.view_as_real(T([1 + 2j]))",
    "manipulation:as_strided": "paddle.as_strided(T([1, 2, 3, 4]), [2, 2], [1, 1])",
    "manipulation:block_diag": "paddle.block_diag([T([[1, 2]]), T([[3]])])",
    "manipulation:block_diag_grad": "G(lambda a, b: paddle.block_diag([a, b]) * 2, [[1., 2.]], [[3.]])",
    "manipulation:column_stack": "paddle.column_stack([T([1, 2]), T([3, 4])])",
    "manipulation:row_stack": "paddle.row_stack([T([1, 2]), T([3, 4])])",
    "manipulation:dstack": "paddle.dstack([T([1, 2]), T([3, 4])])",
    "manipulation:crop": "paddle.crop(T([[1, 2, 3], [4, 5, 6]]), [1, 2], [1, 1])",
    "manipulation:crop_neg": "paddle.crop(T([[1, 2, 3], [4, 5, 6]]), [-1, 2], [0, 1])",
    "manipulation:crop_default": "paddle.crop(T([[1, 2, 3], [4, 5, 6]]), [1, 1])",
    "manipulation:crop_grad": "G(lambda x: paddle.crop(x, [1, 1], [1, 0]), [[1., 2.], [3., 4.]])",
    "manipulation:diagonal_scatter": "paddle.diagonal_scatter(paddle.zeros([2, 2]), T([1., 2.]))",
    "manipulation:diagonal_scatter_off": "paddle.diagonal_scatter(paddle.zeros([2, 3]), T([1., 2.]), 1)",
    "manipulation:diagonal_scatter_grad": "G(lambda x: paddle.diagonal_scatter(x, T([1., 2.], dtype='float64')) * T([[1., 2.], [3., 4.]], dtype='float64'), np.zeros([2, 2]))",
    "manipulation:select_scatter": "paddle.select_scatter(paddle.zeros([2, 2]), T([1., 2.]), 0, 1)",
    "manipulation:slice_scatter": "paddle.slice_scatter(paddle.zeros([2, 4]), paddle.ones([2, 2]), [1], [0], [4], [2])",
    "manipulation:slice_scatter_grad": "G(lambda x, v: paddle.slice_scatter(x, v, [1], [0], [4], [2]) * T([1., 2., 3., 4.], dtype='float64'), np.zeros([2, 4]), np.ones([2, 2]))",
    "manipulation:masked_scatter": "paddle.masked_scatter(paddle.zeros([3]), T([True, False, True]), T([5., 6., 7.]))",
    "manipulation:masked_scatter_bcast": "paddle.masked_scatter(paddle.zeros([2, 2]), T([True, False]), T([5., 6., 7.]))",
    "manipulation:masked_scatter_grad": "G(lambda x, v: paddle.masked_scatter(x, T([True, False, True]), v), [0., 0., 0.], [5., 6., 7.])",
    "manipulation:scatter_add": "paddle.scatter_add(paddle.zeros([3]), 0, T([0, 0]), T([1., 2.]))",
    "manipulation:scatter_add_2d": "paddle.scatter_add(paddle.zeros([2, 2]), 1, T([[1], [0]]), T([[1.], [2.]]))",
    "manipulation:scatter_nd": "paddle.scatter_nd(T([[1], [1]]), T([1., 2.]), [3])",
    "manipulation:scatter_nd_2d": "paddle.scatter_nd(T([[0, 1]]), T([[5.]]).reshape([1]), [2, 2])",
    "manipulation:shard_index": "paddle.shard_index(T([[1], [6]]), 10, 2, 0)",
    "manipulation:shard_index_1": "paddle.shard_index(T([[1], [6]]), 10, 2, 1, -2)",
    "manipulation:shard_index_bad": "paddle.shard_index(T([[1], [6]]), 10, 2, 2)",
    "manipulation:unfold": "paddle.unfold(T([1, 2, 3, 4, 5]), 0, 2, 2)",
    "manipulation:unfold_2d": "paddle.unfold(m(), 1, 1, 1)",
    "manipulation:unfold_grad": "G(lambda x: paddle.unfold(x, 0, 2, 2), [1., 2., 3., 4.])",
    "manipulation:unique_consecutive": "paddle.unique_consecutive(T([1, 1, 2, 2, 1]))",
    "manipulation:unique_consecutive_all": "paddle.unique_consecutive(T([1, 1, 2, 2, 1]), True, True)",
    "manipulation:unique_consecutive_axis": "paddle.unique_consecutive(T([[1, 1], [1, 1], [2, 3]]), True, True, axis=0)",
    "manipulation:unique_consecutive_i32": "paddle.unique_consecutive(T([1., 1., 2.]), return_counts=True, dtype='int32')",
    # ---- search / stat / linalg -----------------------------------------------------------------
    "search:argwhere": "paddle.argwhere(T([[0, 1], [1, 0]]))", "search:argwhere_0d": "paddle.argwhere(T(1))",
    "search:index_sample": "paddle.index_sample(T([[1., 2., 3.], [4., 5., 6.]]), T([[0, 2], [1, 1]]))",
    "search:index_sample_float": "paddle.index_sample(T([[1., 2.]]), T([[0.5]]))",
    "search:index_sample_grad": "G(lambda x: paddle.index_sample(x, T([[0, 0], [1, 1]])), [[1., 2.], [3., 4.]])",
    "stat:nanmedian": "paddle.nanmedian(T([1., float('nan'), 3., 2.]))",
    "stat:nanmedian_int": "paddle.nanmedian(T([1, 2, 3, 4]))",
    "stat:nanmedian_allnan": "paddle.nanmedian(T([float('nan')]))",
    "stat:nanmedian_axis": "paddle.nanmedian(T([[1., float('nan')], [2., 4.]]), axis=1)",
    "stat:nanmedian_min": "paddle.nanmedian(T([[1., float('nan')], [2., 4.]]), axis=1, mode='min')",
    "stat:nanmedian_keep": "paddle.nanmedian(T([[1., 5.], [2., 4.]]), axis=0, keepdim=True)",
    "stat:nanmedian_bad_mode": "paddle.nanmedian(f(), mode='max')",
    "stat:nanmedian_grad": "G(lambda x: paddle.nanmedian(x), [1., 3., 2.])",
    "linalg:t_": "IP(paddle.t_, T([[1, 2]]))", "linalg:t_3d": "paddle.t_(paddle.ones([1, 1, 1]))",
    "linalg:cdist": "paddle.cdist(T([[0., 0.], [1., 1.]]), T([[1., 0.]]))",
    "linalg:cdist_p1": "paddle.cdist(T([[0., 0.], [1., 1.]]), T([[1., 0.]]), p=1)",
    "linalg:cdist_p0": "paddle.cdist(T([[0., 0.], [1., 1.]]), T([[1., 0.]]), p=0)",
    "linalg:cdist_pinf": "paddle.cdist(T([[0., 0.], [1., 3.]]), T([[1., 0.]]), p=float('inf'))",
    "linalg:cdist_batch": "paddle.cdist(paddle.ones([2, 1, 3]), paddle.zeros([2, 2, 3]))",
    "linalg:cdist_dim": "paddle.cdist(T([[0., 0.]]), T([[1., 0., 0.]]))",
    "linalg:cdist_int": "paddle.cdist(T([[1, 0]]), T([[1, 0]]))",
    "linalg:cdist_f64": "paddle.cdist(T([[0., 0.]]), T([[3., 4.]], dtype='float64'))",
    "linalg:cdist_grad": "G(lambda x, y: paddle.cdist(x, y), [[0., 0.], [1., 2.]], [[3., 4.]])",
    "linalg:histogram": "paddle.histogram(T([1., 2., 1.]), bins=4)",
    "linalg:histogram_int": "paddle.histogram(T([1, 2, 1]), bins=4, min=0, max=3)",
    "linalg:histogram_weight": "paddle.histogram(T([1., 2., 1.]), bins=4, weight=T([1., 2., 3.]))",
    "linalg:histogram_density": "paddle.histogram(T([1., 2., 1.], dtype='float64'), bins=4, density=True)",
    "linalg:histogram_same": "paddle.histogram(T([1., 1.]), bins=2)",
    "linalg:histogram_outside": "paddle.histogram(T([-1., 0.5, 3.]), bins=2, min=0, max=1)",
    "linalg:histogram_bad_range": "paddle.histogram(T([1., 2.]), bins=2, min=2, max=1)",
    "linalg:histogram_weight_dtype": "paddle.histogram(T([1., 2., 1.]), bins=4, weight=T([1, 2, 3]))",
    "linalg:histogram_bin_edges": "paddle.histogram_bin_edges(T([1, 2, 1]), bins=2)",
    "linalg:histogram_bin_edges_range": "paddle.histogram_bin_edges(T([1., 2.], dtype='float64'), bins=2, min=0, max=4)",
    "linalg:histogramdd": "paddle.histogramdd(T([[0., 1.], [1., 0.]]), bins=2)",
    "linalg:histogramdd_density": "paddle.histogramdd(T([[0., 1.], [1., 0.], [0.5, 0.5]]), bins=[2, 1], ranges=[0., 1., 0., 1.], density=True)",
    "linalg:histogramdd_weights": "paddle.histogramdd(T([[0., 1.], [1., 0.]]), bins=2, weights=T([2., 3.]))",
    "linalg:histogramdd_tensor_bins": "paddle.histogramdd(T([[0., 1.], [1., 0.]]), bins=[T([0., 0.5, 1.]), T([0., 1.])])",
    # ---- random (seeded compositions equal Paddle's draws) ----------------------------------------
    "random:cauchy_": "(paddle.seed(1), IP(paddle.cauchy_, paddle.zeros([3])))[1]",
    "random:geometric_": "(paddle.seed(1), IP(paddle.geometric_, paddle.zeros([3]), 0.3))[1]",
    "random:log_normal_": "(paddle.seed(1), IP(paddle.log_normal_, paddle.zeros([3])))[1]",
    "random:bernoulli_": "(paddle.seed(1), IP(paddle.bernoulli_, paddle.zeros([4])))[1]",
    "random:bernoulli_p": "(paddle.seed(2), paddle.bernoulli_(paddle.zeros([4]), 0.8))[1]",
    "random:normal_": "(paddle.seed(1), IP(paddle.normal_, paddle.zeros([3]), 1., 2.))[1]",
    "random:rand_like": "(paddle.seed(1), paddle.rand_like(paddle.zeros([3], dtype='float64')))[1]",
    "random:randn_like": "(paddle.seed(1), paddle.randn_like(paddle.zeros([3])))[1]",
    "random:log_normal": "(paddle.seed(1), paddle.log_normal(shape=[2]))[1]",
    "random:manual_seed": "(paddle.manual_seed(3), paddle.rand([2]))[1]",
    "random:binomial_dtype": "paddle.binomial(T([10, 20]), T([0., 1.]))",
    "random:binomial_float_count": "paddle.binomial(T([1., 2.]), T([0., 1.]))",
    "random:poisson_zero": "paddle.poisson(T([0., 0.]))", "random:poisson_int": "paddle.poisson(i())",
    "random:standard_gamma_shape": "paddle.standard_gamma(T([1., 2.])).shape",
    "random:cauchy_leaf": "paddle.cauchy_(g)",
    # ---- paddle.softmax (torch-style, _ops/compat_softmax.py) ----------------------------------
    "compat_softmax:default_2d": "paddle.softmax(T([[1., 2.], [3., 5.]]))",
    "compat_softmax:default_3d": "paddle.softmax(T([[[1., 2.]]]))",
    "compat_softmax:0d": "paddle.softmax(T(1.))",
    "compat_softmax:dim": "paddle.softmax(T([[1., 2.]]), 0)",
    "compat_softmax:dtype": "paddle.softmax(T([1., 2.]), dim=0, dtype='float64')",
    "compat_softmax:int": "paddle.softmax(T([1, 2]))",
    "compat_softmax:bad_dim": "paddle.softmax(T([1., 2.]), dim=2)",
    "compat_softmax:axis_kw": "paddle.softmax(T([1.]), axis=0)",
    "compat_softmax:x_kw": "paddle.softmax(x=T([1.]))",
    "compat_softmax:grad": "G(lambda x: paddle.softmax(x) * T([1., 2.], dtype='float64'), [1., 2.])",
    "compat_softmax:special": "paddle.special.softmax(T([1., 2.]), 0)",
    # ---- flags, constants, dlpack, places, check_shape ------------------------------------------
    "framework:get_flags": "paddle.get_flags(['FLAGS_check_nan_inf', 'FLAGS_eager_delete_tensor_gb'])",
    "framework:get_flags_str": "paddle.get_flags('FLAGS_use_mkldnn')",
    "framework:get_flags_unknown": "paddle.get_flags('FLAGS_nope')",
    "framework:get_flags_gpu_only": "paddle.get_flags('FLAGS_cudnn_deterministic')",
    "framework:get_flags_type": "paddle.get_flags(3)",
    "framework:set_flags_roundtrip": "(paddle.set_flags({'FLAGS_check_nan_inf': 1}), paddle.get_flags('FLAGS_check_nan_inf'), paddle.set_flags({'FLAGS_check_nan_inf': False}))[1]",
    "framework:set_flags_unknown": "paddle.set_flags({'FLAGS_nope': 1})",
    "framework:set_flags_type": "paddle.set_flags('x')",
    "framework:set_flags_bad_value": "paddle.set_flags({'FLAGS_call_stack_level': 'x'})",
    "framework:disable_signal_handler": "paddle.disable_signal_handler()",
    "framework:check_shape": "paddle.check_shape([1, 'a'], 'op')",
    "framework:constants": "[paddle.e, paddle.pi, paddle.inf, paddle.newaxis, str(paddle.float), str(paddle.double), str(paddle.half), str(paddle.cfloat), str(paddle.cdouble), str(paddle.uint16)]",
    "framework:nan": "paddle.nan != paddle.nan",
    "dlpack:roundtrip": "paddle.from_dlpack(paddle.to_dlpack(T([1, 2])))",
    "dlpack:tensor": "paddle.from_dlpack(T([1., 2.]))",
    "dlpack:numpy": "paddle.from_dlpack(np.arange(3))",
    "dlpack:bad": "paddle.from_dlpack(3)",
    "dlpack:utils": "paddle.utils.dlpack.from_dlpack(paddle.utils.dlpack.to_dlpack(T([[1.5]])))",
    "dlpack:capsule_once": "(lambda c: (paddle.from_dlpack(c), paddle.from_dlpack(c)))(paddle.to_dlpack(T([1])))",
    "place:XPUPinnedPlace": "paddle.XPUPinnedPlace()",
    "place:XPUPlace": "paddle.device.XPUPlace(0)",
    "place:IPUPlace": "paddle.device.IPUPlace()",
    # ---- paddle.compat's functions (_compat/compat.py) -------------------------------------------
    "compat:max_all": "paddle.compat.max(T([[1., 5.], [3., 2.]]))",
    "compat:max_dim": "tuple(paddle.compat.max(T([[1., 5.], [3., 2.]]), dim=1))",
    "compat:max_dim_keep": "tuple(paddle.compat.max(T([[1., 5.], [3., 2.]]), 1, True))",
    "compat:max_dim_name": "type(paddle.compat.max(T([[1., 5.], [3., 2.]]), dim=1)).__name__",
    "compat:max_other": "paddle.compat.max(T([1., 5.]), T([3., 2.]))",
    "compat:max_axis_kw": "paddle.compat.max(T([1., 5.]), axis=0)",
    "compat:min_dim": "tuple(paddle.compat.min(T([[1., 5.], [3., 2.]]), dim=0))",
    "compat:median": "paddle.compat.median(T([1., 5., 3., 2.]))",
    "compat:median_keep": "paddle.compat.median(T([1., 5., 3., 2.]), keepdim=True)",
    "compat:median_dim": "tuple(paddle.compat.median(T([[1., 5.], [3., 2.]]), 1))",
    "compat:nanmedian": "paddle.compat.nanmedian(T([1., float('nan'), 3., 2.]))",
    "compat:nanmedian_dim": "tuple(paddle.compat.nanmedian(T([[1., 5.], [3., 2.]]), 1))",
    "compat:equal": "[paddle.compat.equal(T([1, 2]), T([1, 2])), paddle.compat.equal(T([1, 2]), T([1, 3])), paddle.compat.equal(T([1, 2]), T([1, 2, 3])), paddle.compat.equal(T([1, 2]), T([1., 2.]))]",
    "compat:seed_args": "paddle.compat.seed(3)",
    "compat:seed_int": "isinstance(paddle.compat.seed(), int)",
    "compat:slogdet": "tuple(paddle.compat.slogdet(T([[[2., 0.], [0., -3.]]])))",
    "compat:sort": "tuple(paddle.compat.sort(T([3, 1, 2]), descending=True))",
    "compat:sort_dim": "tuple(paddle.compat.sort(T([[3, 1], [0, 2]]), 0, stable=True))",
    "compat:sort_axis_kw": "paddle.compat.sort(T([3, 1, 2]), axis=0)",
    "compat:split": "paddle.compat.split(T([1, 2, 3, 4, 5]), 2)",
    "compat:split_sizes": "paddle.compat.split(T([1, 2, 3, 4, 5]), [1, 4])",
    "compat:split_bad": "paddle.compat.split(T([1, 2, 3, 4, 5]), [1, 3])",
    "compat:unique": "paddle.compat.unique(T([3, 1, 1, 2]), return_inverse=True, return_counts=True)",
    "compat:unique_dim": "paddle.compat.unique(T([[1, 1], [1, 1], [2, 3]]), dim=0)",
    "compat:functional_split": "paddle.functional.split(T([1, 2, 3]), 2)",
    # ---- paddle.compat.nn.functional and layers -------------------------------------------------
    "compat_nn_functional:linear": "paddle.compat.nn.functional.linear(T([[1., 2.]]), T([[1., 0.], [0., 1.], [1., 1.]]), T([1., 1., 1.]))",
    "compat_nn_functional:linear_grad": "G(lambda x, w: paddle.compat.nn.functional.linear(x, w), [[1., 2.]], [[1., 0.], [0., 1.], [1., 1.]])",
    "compat_nn_functional:pad": "paddle.compat.nn.functional.pad(T([[1., 2.]]), [1, 2])",
    "compat_nn_functional:pad_reflect": "paddle.compat.nn.functional.pad(T([[[1., 2.]]]), [1, 0], mode='reflect')",
    "compat_nn_functional:pad_2d_value": "paddle.compat.nn.functional.pad(T([[1., 2.]]), (1, 1, 1, 0), value=5.)",
    "compat_nn_functional:unfold": "paddle.compat.nn.functional.unfold(paddle.arange(16.).reshape([1, 1, 4, 4]), 2, stride=2)",
    "compat_nn_functional:sdpa_causal": "paddle.compat.nn.functional.scaled_dot_product_attention(paddle.ones([1, 1, 2, 2]), paddle.ones([1, 1, 2, 2]), T([[[[1., 2.], [3., 4.]]]]), is_causal=True)",
    "compat_nn_functional:softmax": "paddle.compat.nn.functional.softmax(T([1., 2.]), 0)",
    "compat_nn_layers:softmax": "paddle.compat.nn.Softmax(1)(T([[1., 2.]]))",
    "compat_nn_layers:unfold": "paddle.compat.nn.Unfold(2, stride=2)(paddle.arange(16.).reshape([1, 1, 4, 4]))",
    "compat_nn_layers:avgpool1d": "paddle.compat.nn.AvgPool1d(2)(T([[[1., 2., 3., 4.]]]))",
    "compat_nn_layers:avgpool1d_pad": "paddle.compat.nn.AvgPool1d(3, padding=1, count_include_pad=False)(T([[[1., 2., 3., 4.]]]))",
    "compat_nn_layers:avgpool2d_div": "paddle.compat.nn.AvgPool2d(2, divisor_override=1)(paddle.ones([1, 1, 2, 2]))",
    "compat_nn_layers:avgpool3d": "paddle.compat.nn.AvgPool3D(2)(paddle.ones([1, 1, 2, 2, 2]))",
    "compat_nn_layers:linear_repr": "repr(paddle.compat.nn.Linear(2, 3))",
    "compat_nn_layers:linear_no_bias": "paddle.compat.nn.Linear(2, 3, bias=False).bias",
    "compat_nn_layers:linear_seeded": "(paddle.seed(1), [(k, v) for k, v in paddle.compat.nn.Linear(2, 3).state_dict().items()])[1]",
    "compat_nn_layers:linear_forward": "(paddle.seed(1), paddle.compat.nn.Linear(2, 3)(T([[1., 2.]])))[1]",
    "compat_nn_layers:linear_bad_kw": "paddle.compat.nn.Linear(2, 3, bias_attr=False)",
    "compat_nn_layers:mha_state": "[(k, list(v.shape)) for k, v in paddle.compat.nn.MultiheadAttention(4, 2).state_dict().items()]",
    "compat_nn_layers:mha_shapes": "[list(t.shape) for t in paddle.compat.nn.MultiheadAttention(4, 2)(paddle.ones([3, 1, 4]), paddle.ones([5, 1, 4]), paddle.ones([5, 1, 4]))]",
    # ---- autograd.jacobian / hessian (_autograd/autograd.py) --------------------------------------
    "autograd:jacobian": "(lambda x: paddle.autograd.jacobian(x * x * 3, x)[:])(T([1., 2.], stop_gradient=False))",
    "autograd:jacobian_row": "(lambda x: paddle.autograd.jacobian(x * x * 3, x)[0])(T([1., 2.], stop_gradient=False))",
    "autograd:jacobian_shape": "(lambda x: list(paddle.autograd.jacobian(x * x * 3, x).shape))(T([1., 2.], stop_gradient=False))",
    "autograd:jacobian_batch": "(lambda x: paddle.autograd.jacobian(x * x, x, batch_axis=0)[:])(T([[1., 2.], [3., 4.]], stop_gradient=False))",
    "autograd:jacobian_tuple": "(lambda a, b: paddle.autograd.jacobian((a * b, a + b[0]), (a, b))[0][1][:])(T([1.], stop_gradient=False), T([2., 3.], stop_gradient=False))",
    "autograd:jacobian_bad_axis": "(lambda x: paddle.autograd.jacobian(x, x, batch_axis=1))(T([1.], stop_gradient=False))",
    "autograd:jacobian_0d": "(lambda s: paddle.autograd.jacobian(s * s, s)[:])(T(2., stop_gradient=False))",
    "autograd:hessian": "(lambda x: paddle.autograd.hessian((x * x).sum(), x)[:])(T([1., 2.], stop_gradient=False))",
    "autograd:hessian_cubic": "(lambda x: paddle.autograd.hessian((x * x * x).sum(), x)[:])(T([1., 2.], stop_gradient=False))",
    "autograd:hessian_tuple": "(lambda a, b: paddle.autograd.hessian((a * b).sum(), (a, b))[0][1][:])(T([1.], stop_gradient=False), T([2., 3.], stop_gradient=False))",
    "autograd:hessian_not_scalar": "(lambda x: paddle.autograd.hessian(x * x, x))(T([1., 2.], stop_gradient=False))",
    # ---- small modules --------------------------------------------------------------------------
    "special:expm1": "paddle.special.expm1(T([1.]))",
    "special:logsumexp": "paddle.special.logsumexp(T([1., 2.]), 0)",
    "functional:atleast_2d": "paddle.functional.atleast_2d(T([1, 2]))",
    "functional:broadcast_shapes": "paddle.functional.broadcast_shapes([2, 1], [3])",
    "functional:unique_consecutive": "paddle.functional.unique_consecutive(T([1, 1, 2]))",
    "functional:einsum": "paddle.functional.einsum('i,i->', T([1., 2.]), T([3., 4.]))",
    "functional:norm": "paddle.functional.norm(T([3., 4.]))",
    "functional:meshgrid": "paddle.functional.meshgrid(T([1, 2]), T([3]))",
    "random:initial_seed": "(paddle.seed(5), paddle.random.initial_seed())[1]",
    "version:build": "[paddle.version.cuda_archs(), paddle.version.hip, paddle.version.nccl(), paddle.version.tensorrt(), paddle.version.xpu(), paddle.version.xpu_xccl(), paddle.version.xpu_xhpc(), paddle.version.xpu_xre()]",
    "utils:require_version_ok": "paddle.utils.require_version('2.0.0')",
    "utils:require_version_range_ok": "paddle.utils.require_version('3.0', '3.4')",
    "utils:require_version_low": "paddle.utils.require_version('9.0.0')",
    "utils:require_version_range": "paddle.utils.require_version('1.0', '2.0')",
    "utils:require_version_type": "paddle.utils.require_version(3)",
    "utils:require_version_format": "paddle.utils.require_version('1.x')",
    "utils:deprecated_doc": "paddle.utils.deprecated(update_to='paddle.y', since='2.0', reason='r')(lambda: 1).__doc__",
    "utils:deprecated_level2": "paddle.utils.deprecated(level=2)(lambda: 1)()",
    "utils:deprecated_bad_update": "paddle.utils.deprecated(update_to='y')(lambda: 1)",
    "utils:deprecated_level0_call": "paddle.utils.deprecated(since='2.0')(lambda: 7)()",
    "inference:enums": "[int(paddle.inference.DataType.FLOAT32), int(paddle.inference.DataType.BOOL), int(paddle.inference.PlaceType.GPU), int(paddle.inference.PrecisionType.Half), str(paddle.inference.PrecisionType.Half), repr(paddle.inference.DataType.FLOAT32)]",
    "inference:num_bytes": "[paddle.inference.get_num_bytes_of_data_type(paddle.inference.DataType.FLOAT32), paddle.inference.get_num_bytes_of_data_type(paddle.inference.DataType.INT64), paddle.inference.get_num_bytes_of_data_type(paddle.inference.DataType.BFLOAT16)]",
    "inference:trt": "[paddle.inference.get_trt_compile_version(), paddle.inference.get_trt_runtime_version()]",
    "inference:version_head": "paddle.inference.get_version().splitlines()[0]",
    "inference:phi_names": "[paddle.inference._get_phi_kernel_name('elementwise_add'), paddle.inference._get_phi_kernel_name('matmul_v2'), paddle.inference._get_phi_kernel_name('relu')]",
    "jit:set_verbosity_type": "paddle.jit.set_verbosity('a')",
    "jit:set_code_level_stdout": "paddle.jit.set_code_level(1, 2)",
    "jit:set_verbosity_ok": "paddle.jit.set_verbosity(1)",
    # ---- ASGD, Rprop (_optim/optimizers.py + rules.py) ------------------------------------------
    "optimizers:asgd": "STEPS(lambda ps: paddle.optimizer.ASGD(0.1, batch_num=2, parameters=ps), [1., 2.], [[1., 3.], [2., -1.], [0.5, 0.5], [-1., 2.]])",
    "optimizers:asgd_n1": "STEPS(lambda ps: paddle.optimizer.ASGD(0.1, parameters=ps), [1., 2.], [[1., 3.], [2., -1.]])",
    "optimizers:asgd_bad_n": "paddle.optimizer.ASGD(batch_num=0)",
    "optimizers:asgd_no_lr": "paddle.optimizer.ASGD(learning_rate=None)",
    "optimizers:rprop": "STEPS(lambda ps: paddle.optimizer.Rprop(0.1, learning_rate_range=(0.01, 0.15), parameters=ps), [1., 2., 3.], [[1., -3., 0.], [2., 1., 1.], [0.5, 0.5, -1.], [1., 2., -1.], [1., 2., -1.]])",
    "optimizers:rprop_bad_lr": "paddle.optimizer.Rprop(learning_rate=100.)",
    "optimizers:rprop_bad_etas": "paddle.optimizer.Rprop(etas=(1.5, 2.))",
    "optimizers:lbfgs": "LBFGS(None)", "optimizers:lbfgs_wolfe": "LBFGS('strong_wolfe')",
    "optimizers:lbfgs_minimize": "paddle.optimizer.LBFGS(parameters=[paddle.create_parameter([1], 'float32')]).minimize(None)",
})


def run_case(paddle, expr):
    return eval_case(paddle, SETUP, expr)


def main():
    import logging
    import warnings
    warnings.filterwarnings("ignore")
    logging.disable(logging.WARNING)
    import paddle
    out = expression_golden(paddle, SETUP, CASES, lambda name, expr: run_case(paddle, expr))
    write_golden("tensor_api", out, f"{len(CASES)} cases")


if __name__ == "__main__":
    main()
