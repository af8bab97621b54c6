"""Tests of paddle_compat/_ops/math_extra.py (values from numpy/math, dtypes as recorded from
Paddle 3.3.1 in conformance/goldens/cases/hunt_tensor.json)."""
import math

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

import paddle_compat as paddle
from paddle_compat._ops import math_extra as me


def test_unary_int_inputs_give_float32_and_keep_dtype_where_paddle_does():
    i = paddle.to_tensor([1, 2, 3])
    assert me.lgamma(i).dtype == paddle.float32
    np.testing.assert_allclose(me.lgamma(i).numpy(), [math.lgamma(v) for v in (1, 2, 3)], rtol=1e-6)
    assert me.frac(i).dtype == paddle.int64 and me.frac(i).tolist() == [0, 0, 0]
    assert me.atan2(i, i).dtype == paddle.float64
    assert me.signbit(paddle.to_tensor([-1.0, 0.0])).tolist() == [True, False]


def test_real_imag_of_real_tensor_raise_paddle_runtime_error():
    with pytest.raises(RuntimeError, match="kernel `real` is not registered"):
        me.real(paddle.to_tensor([1.0]))
    c = paddle.to_tensor([1 + 2j])
    assert me.real(c).tolist() == [1.0] and me.imag(c).tolist() == [2.0]


def test_logit_eps_clips():
    x = paddle.to_tensor([0.0, 0.5, 1.0])
    out = me.logit(x, eps=0.1).numpy()
    np.testing.assert_allclose(out, [math.log(0.1 / 0.9), 0.0, math.log(0.9 / 0.1)], rtol=1e-5)


def test_diff_trace_diagonal_kron_inner():
    f = paddle.to_tensor([[1.0, 5.0, 2.0], [3.0, 3.0, 4.0]])
    assert me.diff(f, axis=0).tolist() == [[2.0, -2.0, 2.0]]
    assert float(me.trace(f)) == 4.0
    assert me.diagonal(f).tolist() == [1.0, 3.0]
    np.testing.assert_allclose(me.kron(f, f).numpy(), np.kron(f.numpy(), f.numpy()))
    np.testing.assert_allclose(me.inner(f, f).numpy(), np.inner(f.numpy(), f.numpy()))


def test_kthvalue_ties_take_the_later_index_like_paddle():
    f = paddle.to_tensor([[3.0, 3.0, 4.0]])
    values, indices = me.kthvalue(f, 2)
    assert values.tolist() == [3.0] and indices.tolist() == [1]


def test_quantile_list_and_errors():
    f = paddle.to_tensor([[1.0, 2.0], [3.0, 4.0]])
    out = me.quantile(f, [0.3, 0.5], axis=1)
    np.testing.assert_allclose(out.numpy(), np.quantile(f.numpy(), [0.3, 0.5], axis=1), rtol=1e-6)
    with pytest.raises(ValueError, match="q should be in range"):
        me.quantile(f, 1.5)


def test_cummax_indices_and_metadata_ops():
    v, idx = me.cummax(paddle.to_tensor([1, 3, 2, 3]))
    assert v.tolist() == [1, 3, 3, 3] and idx.dtype == paddle.int64
    f = paddle.ones([2, 3])
    assert me.shape(f).tolist() == [2, 3] and int(me.numel(f)) == 6
    assert me.rank(f).dtype == paddle.int32 and int(me.rank(f)) == 2
    assert me.is_floating_point(f) and not me.is_complex(f) and not me.is_integer(f)
    with pytest.raises(TypeError, match="Expected Tensor"):
        me.is_complex([1.0])


@settings(max_examples=25, deadline=None)
@given(st.lists(st.floats(-50, 50, allow_nan=False), min_size=1, max_size=6))
def test_logaddexp_hypot_match_numpy(values):
    x = paddle.to_tensor(values, dtype="float64")
    y = x * 0.5 + 1
    np.testing.assert_allclose(me.logaddexp(x, y).numpy(),
                               np.logaddexp(x.numpy(), y.numpy()), rtol=1e-10)
    np.testing.assert_allclose(me.hypot(x, y).numpy(), np.hypot(x.numpy(), y.numpy()), rtol=1e-10)


def test_shifts_logical_right_shift():
    x = paddle.to_tensor([-8], dtype="int8")
    s = paddle.to_tensor([1], dtype="int8")
    assert me.bitwise_right_shift(x, s).tolist() == [-4]
    assert me.bitwise_right_shift(x, s, is_arithmetic=False).tolist() == [124]
    assert me.bitwise_left_shift(x, s).tolist() == [-16]


def test_methods_attached_only_where_paddle_has_them():
    assert hasattr(paddle.Tensor, "lgamma") and hasattr(paddle.Tensor, "negative")
    assert not hasattr(paddle.Tensor, "positive")


def test_sgn_rejects_integers_and_has_zero_gradient():
    with pytest.raises(TypeError, match=r"must be one of \['float16'.*but got paddle.int64"):
        me.sgn(paddle.to_tensor([1, -2]))
    x = paddle.to_tensor([1.5, -2.0], stop_gradient=False)
    (g,) = paddle.grad(me.sgn(x).sum(), [x])
    assert g.tolist() == [0.0, 0.0]


def test_heaviside_gradient_is_paddles():
    x = paddle.to_tensor([[-1.0, 0.0, 2.0], [0.0, 0.0, -3.0]], stop_gradient=False)
    y = paddle.to_tensor([0.25, 0.5, 0.75], stop_gradient=False)
    out = me.heaviside(x, y)
    assert out.tolist() == [[0.0, 0.5, 1.0], [0.25, 0.5, 0.0]]
    gx, gy = paddle.grad(out.sum(), [x, y])
    assert gx.tolist() == [[0.0] * 3] * 2          # dx = 0
    assert gy.tolist() == [1.0, 2.0, 0.0]           # dy = dout where x == 0, summed over rows


def test_addmm_checks_shapes_with_paddles_messages():
    one = paddle.ones
    with pytest.raises(ValueError, match=r"The dimension of x, y should be 2"):
        me.addmm(one([2, 3]), one([1, 2, 4]), one([4, 3]))
    with pytest.raises(ValueError, match=r"x's width must be equal with Variable y' height. But "
                                         r"received x's shape = paddle.Size\(\[2, 4\]\)"):
        me.addmm(one([2, 3]), one([2, 4]), one([3, 3]))
    with pytest.raises(ValueError, match="input's dimension\\[0\\] must be 1 but got 3"):
        me.addmm(one([3, 3]), one([2, 4]), one([4, 3]))
    with pytest.raises(ValueError, match="is not broadcastable with"):
        me.addmm(one([2]), one([2, 4]), one([4, 3]))
    assert me.addmm(one([3]), one([2, 4]), one([4, 3]), beta=2.0).tolist() == [[6.0] * 3] * 2


def test_out_keyword_where_paddle_has_it():
    o = paddle.zeros([1])
    res = me.acosh(paddle.to_tensor([1.0, 2.0]), out=o)
    assert res is o and o.shape == [2] and o.tolist()[0] == 0.0
    x = paddle.to_tensor([[1.0, 4.0, 9.0]])
    o = paddle.zeros([1])
    me.diff(x, out=o)
    assert o.tolist() == [[3.0, 5.0]]
    # Paddle 3.3.1's shifts accept `out` and leave it untouched
    o = paddle.zeros([2], "int64")
    me.bitwise_left_shift(paddle.to_tensor([1, 2]), paddle.to_tensor([1, 1]), out=o)
    assert o.tolist() == [0, 0]


def test_quantile_single_q_is_not_stacked_and_checks():
    x = paddle.to_tensor([[1.0, 2.0], [3.0, 5.0]])
    # one quantile (number, list of one, tensor of one) gives the unstacked result, as Paddle
    assert me.quantile(x, [0.5], axis=1).shape == [2]
    assert me.quantile(x, paddle.to_tensor([0.5])).shape == []
    assert me.quantile(x, [0.5, 1.0], axis=0, keepdim=True).shape == [2, 1, 2]
    np.testing.assert_allclose(me.quantile(x, [0.25], axis=0).numpy(), np.quantile(x.numpy(), 0.25, 0))
    with pytest.raises(ValueError, match="q should not be empty"):
        me.quantile(x, [])
    with pytest.raises(ValueError, match="interpolation must be one of 'linear'"):
        me.quantile(x, 0.5, interpolation="cubic")
    with pytest.raises(ValueError, match=r"element should in range \[-rank\(x\), rank\(x\)\)"):
        me.quantile(x, 0.5, axis=2)


def test_copysign_ldexp_logcumsumexp_dtypes():
    i = paddle.to_tensor([1, -2, 3])
    out = me.copysign(i, paddle.to_tensor([-1, 1, -1]))
    assert out.dtype == paddle.int64 and out.tolist() == [-1, 2, -3]
    assert me.copysign(paddle.to_tensor([1.0, -2.0]), -1.0).tolist() == [-1.0, -2.0]
    y = paddle.to_tensor([1.0, 2.0], dtype="float64")
    assert me.ldexp(paddle.to_tensor([1.0, 3.0]), y).dtype == paddle.float64
    lc = me.logcumsumexp(i)
    assert lc.dtype == paddle.float32
    np.testing.assert_allclose(lc.numpy(), np.logaddexp.accumulate([1.0, -2.0, 3.0]), rtol=1e-6)


def test_kthvalue_mv_polygamma_errors():
    with pytest.raises(ValueError, match="the k in the kthvalue must >= 1, but received 0"):
        me.kthvalue(paddle.ones([2, 3]), 0)
    with pytest.raises(ValueError, match="must have >= 4 columns in axis of 1"):
        me.kthvalue(paddle.ones([2, 3]), 4)
    with pytest.raises(ValueError, match=r"but received X'shape = \[2, 3\], Vec's shape = \[2\]"):
        me.mv(paddle.ones([2, 3]), paddle.ones([2]))
    with pytest.raises(ValueError, match="But received n = -1"):
        me.polygamma(paddle.ones([2]), -1)
