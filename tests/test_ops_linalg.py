"""Tests for paddle_compat/_ops/linalg.py: recorded Paddle 3.3.1 goldens (values, shapes, dtypes,
error classes and messages), then properties against numpy and gradient checks."""
import numpy as np
import pytest
import torch
from hypothesis import given, settings, strategies as st

import paddle_compat as paddle
from conformance.record.record_ops_manip import load_cases, replay

# Paddle 3.3.1 reports a two-entry axis with an out-of-range entry as "axis's size is 3" (a
# wrong count); paddle_compat names the bad axis instead. Same exception class.
DEVIATIONS = {"norm_err_axis": "class-only"}

CASES = load_cases("linalg")


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_golden(case):
    replay(case, DEVIATIONS)


@settings(max_examples=30, deadline=None)
@given(st.integers(1, 4), st.integers(1, 4), st.integers(1, 4), st.booleans(), st.booleans())
def test_matmul_matches_numpy(m, k, n, tx, ty):
    rng = np.random.default_rng(m * 16 + k * 4 + n)
    a = rng.standard_normal((k, m) if tx else (m, k))
    b = rng.standard_normal((n, k) if ty else (k, n))
    got = paddle.matmul(paddle.to_tensor(a), paddle.to_tensor(b), transpose_x=tx, transpose_y=ty)
    np.testing.assert_allclose(got.numpy(), (a.T if tx else a) @ (b.T if ty else b), rtol=1e-10)


@settings(max_examples=30, deadline=None)
@given(st.sampled_from([1, 2, 3, 0.5, float("inf"), -float("inf")]), st.sampled_from([None, 0, 1]),
       st.booleans())
def test_vector_norm_matches_numpy(p, axis, keepdim):
    a = np.random.default_rng(0).standard_normal((3, 4))
    got = paddle.norm(paddle.to_tensor(a), p=p, axis=axis, keepdim=keepdim)
    exp = np.linalg.norm(a.reshape(-1) if axis is None else a, ord=p, axis=axis,
                         keepdims=keepdim if axis is not None else False)
    if axis is None and keepdim:
        exp = np.reshape(exp, [1, 1])
    np.testing.assert_allclose(got.numpy(), exp, rtol=1e-10)


def test_linalg_gradcheck_float64():
    a = torch.tensor([[4., 1.], [1., 3.]], dtype=torch.float64, requires_grad=True)
    b = torch.randn(2, 3, dtype=torch.float64, requires_grad=True)

    def f(a, b):
        pa, pb = paddle.from_torch(a), paddle.from_torch(b)
        return (paddle.to_torch(paddle.linalg.solve(pa, pb)),
                paddle.to_torch(paddle.linalg.inv(pa)),
                paddle.to_torch(paddle.linalg.det(pa)),
                paddle.to_torch(paddle.norm(pb)),
                paddle.to_torch(paddle.einsum("ij,jk->ik", pa, pb)),
                paddle.to_torch(paddle.dist(pb, pa[0:1, 0:1])))
    assert torch.autograd.gradcheck(f, (a, b))


def test_mul_op_flattens_like_fc():
    from paddle_compat._ops.linalg import MUL
    from paddle_compat._ops.registry import apply_op
    x = np.arange(24, dtype="float32").reshape(2, 3, 4)
    w = np.ones((12, 5), "float32")
    out = apply_op(MUL, (paddle.to_tensor(x), paddle.to_tensor(w)),
                   {"x_num_col_dims": 1, "y_num_col_dims": 1})
    np.testing.assert_allclose(out.numpy(), x.reshape(2, 12) @ w)


def test_decompositions_reconstruct():
    a = np.array([[4., 1.], [1., 3.]])
    f = np.array([[3., 1., 2.], [0., 5., 5.]])
    u, s, vh = paddle.linalg.svd(paddle.to_tensor(f))
    np.testing.assert_allclose((u.numpy() * s.numpy()) @ vh.numpy(), f, atol=1e-10)
    q, r = paddle.linalg.qr(paddle.to_tensor(f))
    np.testing.assert_allclose(q.numpy() @ r.numpy(), f, atol=1e-10)
    w, v = paddle.linalg.eigh(paddle.to_tensor(a))
    np.testing.assert_allclose(v.numpy() @ np.diag(w.numpy()) @ v.numpy().T, a, atol=1e-10)
    np.testing.assert_allclose(paddle.linalg.pinv(paddle.to_tensor(f)).numpy(), np.linalg.pinv(f),
                               atol=1e-10)


@settings(max_examples=20, deadline=None)
@given(form=st.sampled_from(["int", "pair", "flat", "short", "broadcast"]), seed=st.integers(0, 99))
def test_tensordot_axes_forms_match_numpy(form, seed):
    rs = np.random.RandomState(seed)
    a, b = rs.rand(2, 3, 4), rs.rand(3, 4, 5)
    if form == "int":
        axes, np_axes = 2, 2
    elif form == "pair":
        axes = np_axes = [[1, 2], [0, 1]]
    elif form == "flat":            # the same axes of both operands
        b = rs.rand(2, 3, 5)
        axes, np_axes = [0, 1], [[0, 1], [0, 1]]
    elif form == "short":           # the shorter list is completed from the longer one
        b = rs.rand(3, 5, 4)
        axes, np_axes = [[1, 2], [0]], [[1, 2], [0, 2]]
    else:                           # a size-1 contracted axis is summed away (broadcast)
        a = rs.rand(2, 1, 4)
        axes, np_axes = [[1], [0]], None
    out = paddle.tensordot(paddle.to_tensor(a), paddle.to_tensor(b), axes)
    want = (np.tensordot(a, b, np_axes) if np_axes is not None
            else np.tensordot(a, b.sum(0, keepdims=True), [[1], [0]]))
    np.testing.assert_allclose(out.numpy(), want, rtol=1e-10)


def test_tensordot_errors():
    x, y = paddle.ones([2, 3]), paddle.ones([4, 2])
    with pytest.raises(AssertionError, match="should not be negative, but received axes=-1"):
        paddle.tensordot(x, y, -1)
    with pytest.raises(AssertionError, match="'x' has size 3 in dim 1 while 'y' has size 4 in dim 0"):
        paddle.tensordot(x, y, 1)


# ---- Paddle 3.x tensor functions of this module (in-place variants, newer ops): the cases
# recorded from Paddle 3.3.1 by conformance/record/record_tensor_api.py --------------------------
from tests import _tensor_api_goldens as _api  # noqa: E402


@pytest.mark.parametrize("case", _api.cases("linalg"))
def test_tensor_api_golden(case):
    _api.check(case)
