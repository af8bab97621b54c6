"""Tests for paddle_compat/_ops/search.py: recorded Paddle 3.3.1 goldens (values, shapes, dtypes,
error classes and messages), then properties against numpy and gradient checks."""
import numpy as np
import pytest
import torch
from hypothesis import given, settings, strategies as st

import paddle_compat as paddle
from conformance.record.record_ops_manip import load_cases, replay

DEVIATIONS = {}

CASES = load_cases("search")


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_golden(case):
    replay(case, DEVIATIONS)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(-5, 5), min_size=1, max_size=12), st.booleans())
def test_sort_argsort_unique_match_numpy(values, descending):
    a = np.array(values, dtype="int64")
    t = paddle.to_tensor(a)
    order = np.argsort(-a if descending else a, kind="stable")
    np.testing.assert_array_equal(paddle.argsort(t, descending=descending).numpy(), order)
    np.testing.assert_array_equal(paddle.sort(t, descending=descending).numpy(), a[order])
    u, idx, inv, cnt = paddle.unique(t, return_index=True, return_inverse=True, return_counts=True)
    eu, eidx, einv, ecnt = np.unique(a, return_index=True, return_inverse=True, return_counts=True)
    for got, exp in ((u, eu), (idx, eidx), (inv, einv.reshape(-1)), (cnt, ecnt)):
        np.testing.assert_array_equal(got.numpy(), exp)


@settings(max_examples=30, deadline=None)
@given(st.lists(st.floats(-10, 10, width=32), min_size=2, max_size=10), st.data())
def test_topk_values_match_numpy(values, data):
    a = np.array(values, dtype="float32")
    k = data.draw(st.integers(1, len(values)))
    v, i = paddle.topk(paddle.to_tensor(a), k)
    np.testing.assert_array_equal(v.numpy(), np.sort(a)[::-1][:k])
    np.testing.assert_array_equal(a[i.numpy()], v.numpy())
    assert i.dtype == paddle.int64


def test_where_masked_fill_gradcheck_float64():
    x = torch.randn(2, 3, dtype=torch.float64, requires_grad=True)
    y = torch.randn(3, dtype=torch.float64, requires_grad=True)
    m = paddle.to_tensor([[True, False, True], [False, True, False]])

    def f(x, y):
        px, py = paddle.from_torch(x), paddle.from_torch(y)
        return (paddle.to_torch(paddle.where(m, px, py)),
                paddle.to_torch(paddle.masked_fill(px, m, 1.5)),
                paddle.to_torch(paddle.masked_select(px, m)),
                paddle.to_torch(paddle.topk(px, 2)[0]))
    assert torch.autograd.gradcheck(f, (x, y))


def test_kthvalue_ties_take_the_later_index_like_paddle():
    f = paddle.to_tensor([[3.0, 3.0, 4.0]])
    values, indices = paddle.kthvalue(f, 2)
    assert values.tolist() == [3.0] and indices.tolist() == [1]


def test_searchsorted_side_and_sorter():
    seq = paddle.to_tensor([1.0, 2.0, 2.0, 3.0])
    v = paddle.to_tensor([2.0])
    assert paddle.searchsorted(seq, v, side="right").tolist() == [3]
    assert paddle.searchsorted(seq, v, right=True, side="left").tolist() == [3]   # side only sets right
    unsorted = paddle.to_tensor([3.0, 1.0, 2.0])
    got = paddle.searchsorted(unsorted, paddle.to_tensor([2.5, 0.0]), sorter=paddle.to_tensor([1, 2, 0]))
    assert got.tolist() == np.searchsorted([1.0, 2.0, 3.0], [2.5, 0.0]).tolist()


# ---- Paddle 3.x tensor functions of this module (in-place variants, newer ops): the cases
# recorded from Paddle 3.3.1 by conformance/record/record_tensor_api.py --------------------------
from tests import _tensor_api_goldens as _api  # noqa: E402


@pytest.mark.parametrize("case", _api.cases("search"))
def test_tensor_api_golden(case):
    _api.check(case)


def test_msort_writes_out():
    x = paddle.to_tensor([[3.0, 1.0], [2.0, 4.0]])
    out = paddle.zeros([2, 2])
    res = paddle.msort(input=x, out=out)
    assert res is out and out.numpy().tolist() == [[2.0, 1.0], [3.0, 4.0]]
