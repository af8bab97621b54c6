"""Tests for paddle_compat/_ops/logic.py: comparisons, logical and bitwise ops, closeness checks and
the comparison/bitwise Tensor operators (dtype rules and messages are replayed from Paddle goldens in
test_ops_math.py)."""
import re

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st
from hypothesis.extra import numpy as hnp

import paddle_compat as paddle

ints = st.tuples(hnp.array_shapes(min_dims=1, max_dims=3, max_side=4)).flatmap(
    lambda s: st.tuples(hnp.arrays(np.int64, s[0], elements=st.integers(-3, 3)),
                        hnp.arrays(np.int64, hnp.broadcastable_shapes(s[0], max_side=4),
                                   elements=st.integers(-3, 3))))

COMPARE = {"equal": np.equal, "not_equal": np.not_equal, "greater_than": np.greater,
           "greater_equal": np.greater_equal, "less_than": np.less, "less_equal": np.less_equal,
           "logical_and": np.logical_and, "logical_or": np.logical_or,
           "logical_xor": np.logical_xor, "bitwise_and": np.bitwise_and,
           "bitwise_or": np.bitwise_or, "bitwise_xor": np.bitwise_xor}


@pytest.mark.parametrize("name", sorted(COMPARE))
@settings(max_examples=15, deadline=None)
@given(ab=ints)
def test_binary_logic_matches_numpy(name, ab):
    a, b = ab
    out = getattr(paddle, name)(paddle.to_tensor(a), paddle.to_tensor(b))
    ref = COMPARE[name](a, b)
    assert out.shape == list(ref.shape)
    np.testing.assert_array_equal(out.numpy(), ref)
    assert out.dtype == (paddle.int64 if name.startswith("bitwise") else paddle.bool)


@settings(max_examples=20, deadline=None)
@given(ab=ints, s=st.integers(-3, 3))
def test_comparison_operators_match_numpy(ab, s):
    a, b = ab
    x, y = paddle.to_tensor(a), paddle.to_tensor(b)
    for got, ref in ((x == y, a == b), (x != y, a != b), (x < y, a < b), (x <= y, a <= b),
                     (x > y, a > b), (x >= y, a >= b), (x > s, a > s), (x == s, a == s),
                     (x & y, a & b), (x | y, a | b), (x ^ y, a ^ b), (~x, ~a)):
        np.testing.assert_array_equal(got.numpy(), ref)


def test_unary_logic():
    f = paddle.to_tensor([1.0, float("nan"), float("inf"), 0.0])
    np.testing.assert_array_equal(paddle.isnan(f).numpy(), [False, True, False, False])
    np.testing.assert_array_equal(paddle.isinf(f).numpy(), [False, False, True, False])
    np.testing.assert_array_equal(paddle.isfinite(f).numpy(), [True, False, False, True])
    np.testing.assert_array_equal(paddle.logical_not(f).numpy(), [False, False, False, True])
    np.testing.assert_array_equal(paddle.bitwise_not(paddle.to_tensor([0, 5])).numpy(), [-1, -6])


@settings(max_examples=20, deadline=None)
@given(a=hnp.arrays(np.float64, 5, elements=st.floats(-10, 10)),
       noise=hnp.arrays(np.float64, 5, elements=st.floats(-1e-3, 1e-3)),
       rtol=st.sampled_from([1e-5, 1e-3, 0.1]), atol=st.sampled_from([1e-8, 1e-4, 1e-2]))
def test_isclose_allclose_match_numpy(a, noise, rtol, atol):
    b = a + noise
    x, y = paddle.to_tensor(a), paddle.to_tensor(b)
    np.testing.assert_array_equal(paddle.isclose(x, y, rtol, atol).numpy(),
                                  np.isclose(a, b, rtol, atol))
    assert paddle.allclose(x, y, rtol, atol).item() == bool(np.allclose(a, b, rtol, atol))


def test_equal_all_and_emptiness():
    x = paddle.to_tensor([[1, 2]])
    assert paddle.equal_all(x, x).item() is True
    assert paddle.equal_all(x, paddle.to_tensor([[1, 3]])).item() is False
    assert paddle.equal_all(x, paddle.to_tensor([1, 2, 3])).item() is False
    assert paddle.is_empty(paddle.zeros([0])).item() is True
    assert paddle.is_tensor(x) and not paddle.is_tensor([1])


def test_close_argument_checks():
    x = paddle.to_tensor([1.0])
    with pytest.raises(TypeError, match="The type of 'rtol' in allclose must be"):
        paddle.allclose(x, x, rtol=1)
    with pytest.raises(TypeError, match="The type of 'equal_nan' in isclose must be"):
        paddle.isclose(x, x, equal_nan=1)


def test_eq_with_non_tensors_never_raises():
    x = paddle.to_tensor([1.0, 2.0])
    assert (x == None) is False  # noqa: E711  (Paddle's behaviour is the point)
    assert (x != None) is True   # noqa: E711
    np.testing.assert_array_equal((x == np.float32(2.0)).numpy(), [False, True])
    np.testing.assert_array_equal((x < np.array([2.0, 2.0])).numpy(), [True, False])


def test_equal_takes_a_python_scalar_y_as_paddle_does():
    # Paddle 3.3.1 (recorded): a bool/int/float y becomes a 0-D tensor of x's dtype (1.5 against
    # int32 compares with 1); complex becomes a complex tensor; anything else is a TypeError.
    x = paddle.to_tensor([1, 2], dtype="int32")
    for y in (1, 1.5, True, 1 + 0j):
        r = paddle.equal(x, y)
        assert r.dtype == paddle.bool
        np.testing.assert_array_equal(r.numpy(), [True, False])
    for y in (np.float32(1), np.int64(1), [1, 2], None, "a"):
        with pytest.raises(TypeError, match="^Type of input args must be float, bool, complex, "
                                            "int or Tensor, but received type "
                                            + re.escape(str(type(y))) + "$"):
            paddle.equal(x, y)


def test_no_in_place_operators():
    x = paddle.to_tensor([1.0])
    y = x
    x += 1
    assert x is not y and y.numpy().tolist() == [1.0]
    x *= 3
    assert x.numpy().tolist() == [6.0]


def test_tensor_usable_as_dict_key():
    x = paddle.to_tensor([1.0])
    assert {x: 1}[x] == 1


def test_ops_registered():
    from paddle_compat._ops.registry import OPS
    for t in ("equal", "less_than", "logical_and", "bitwise_xor", "allclose", "isclose",
              "isnan_v2", "equal_all", "is_empty"):
        assert t in OPS, t
    assert OPS["equal"].inputs == ("X", "Y")


# ---- Paddle 3.x tensor functions of this module (in-place variants, newer ops): the cases
# recorded from Paddle 3.3.1 by conformance/record/record_tensor_api.py --------------------------
from tests import _tensor_api_goldens as _api  # noqa: E402


@pytest.mark.parametrize("case", _api.cases("logic"))
def test_tensor_api_golden(case):
    _api.check(case)
