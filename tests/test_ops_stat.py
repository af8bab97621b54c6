"""Tests for paddle_compat/_ops/reduction.py (Paddle's dtype rules are in the golden replay of
tests/test_ops_math.py; here values against numpy, axis forms, gradients and errors)."""
import numpy as np
import pytest
import torch
from hypothesis import given, settings, strategies as st
from hypothesis.extra import numpy as hnp

import paddle_compat as paddle


@st.composite
def array_and_axis(draw):
    a = draw(hnp.arrays(np.float64, hnp.array_shapes(min_dims=1, max_dims=3, max_side=4),
                        elements=st.floats(-10, 10)))
    axes = draw(st.one_of(st.none(), st.integers(-a.ndim, a.ndim - 1),
                          st.lists(st.integers(0, a.ndim - 1), min_size=1, max_size=a.ndim,
                                   unique=True)))
    return a, axes, draw(st.booleans())


def _np_axis(axis):
    return tuple(axis) if isinstance(axis, list) else axis


REDUCE = {"sum": np.sum, "mean": np.mean, "max": np.max, "min": np.min, "amax": np.max,
          "amin": np.min, "prod": np.prod, "nansum": np.nansum, "nanmean": np.nanmean}


@pytest.mark.parametrize("name", sorted(REDUCE))
@settings(max_examples=20, deadline=None)
@given(case=array_and_axis())
def test_reductions_match_numpy(name, case):
    a, axis, keepdim = case
    out = getattr(paddle, name)(paddle.to_tensor(a), axis=axis, keepdim=keepdim)
    ref = REDUCE[name](a, axis=_np_axis(axis), keepdims=keepdim)
    assert out.shape == list(np.shape(ref))
    np.testing.assert_allclose(out.numpy(), ref, rtol=1e-10, atol=1e-10)


@settings(max_examples=20, deadline=None)
@given(case=array_and_axis(), unbiased=st.booleans())
def test_std_var_match_numpy(case, unbiased):
    a, axis, keepdim = case
    ddof = 1 if unbiased else 0
    x = paddle.to_tensor(a)
    with np.errstate(all="ignore"):
        ref_var = np.var(a, axis=_np_axis(axis), ddof=ddof, keepdims=keepdim)
    np.testing.assert_allclose(paddle.var(x, axis, unbiased, keepdim).numpy(), ref_var,
                               rtol=1e-9, atol=1e-9)
    np.testing.assert_allclose(paddle.std(x, axis, unbiased, keepdim).numpy(), np.sqrt(ref_var),
                               rtol=1e-9, atol=1e-9)


@settings(max_examples=20, deadline=None)
@given(a=hnp.arrays(np.float64, hnp.array_shapes(min_dims=1, max_dims=3, max_side=5),
                    elements=st.floats(-10, 10)))
def test_median_and_arg_reductions(a):
    x = paddle.to_tensor(a)
    np.testing.assert_allclose(paddle.median(x).numpy(), np.median(a))
    np.testing.assert_allclose(paddle.median(x, axis=-1).numpy(), np.median(a, axis=-1))
    assert paddle.argmax(x).item() == int(np.argmax(a))
    assert paddle.argmin(x).item() == int(np.argmin(a))
    np.testing.assert_array_equal(paddle.argmax(x, axis=0).numpy(), np.argmax(a, axis=0))
    assert paddle.argmax(x, axis=0, keepdim=True).shape == [1] + list(a.shape[1:])


def test_axis_forms_are_equivalent():
    a = np.arange(24, dtype="float32").reshape(2, 3, 4)
    x = paddle.to_tensor(a)
    expected = a.sum(axis=(0, 2))
    for axis in ([0, 2], (0, 2), [-3, -1], paddle.to_tensor([0, 2])):
        np.testing.assert_allclose(paddle.sum(x, axis=axis).numpy(), expected)
    np.testing.assert_allclose(paddle.sum(x, axis=[]).numpy(), a.sum())
    assert x.sum(axis=1, keepdim=True).shape == [2, 1, 4]


def test_all_any_count_nonzero():
    a = np.array([[0.0, 1.0], [2.0, 0.0]])
    x = paddle.to_tensor(a)
    np.testing.assert_array_equal(paddle.all(x, axis=1).numpy(), a.all(axis=1))
    np.testing.assert_array_equal(paddle.any(x, axis=0).numpy(), a.any(axis=0))
    assert paddle.count_nonzero(x).item() == 2
    assert paddle.count_nonzero(x, axis=0).dtype == paddle.int64


def test_sum_dtype_argument():
    x = paddle.to_tensor([1, 2, 3], dtype="int32")
    assert paddle.sum(x).dtype == paddle.int64
    assert paddle.sum(x, dtype="float64").dtype == paddle.float64
    assert paddle.prod(x, dtype="int64").dtype == paddle.int64


def test_reduction_errors():
    x = paddle.to_tensor([[1.0, 2.0]])
    with pytest.raises(TypeError, match=r"sum\(\): argument \(position 2\) must be list, tuple"):
        paddle.sum(x, axis="a")
    with pytest.raises(ValueError, match="The reduce dim index 1 should be in the range"):
        paddle.sum(x, axis=[0, 5])
    with pytest.raises(ValueError, match=r"argmin/argmax must be \[int32\] or \[int64\]"):
        paddle.argmax(x, dtype="float32")
    with pytest.raises(ValueError, match="Mode mean is not supported"):
        paddle.median(x, mode="mean")
    with pytest.raises(RuntimeError, match="kernel `max` is not registered"):
        paddle.max(paddle.to_tensor([True]))
    with pytest.raises(NotImplementedError, match="correction"):
        paddle.var(x, correction=2)


@pytest.mark.parametrize("name", ["sum", "mean", "amax", "prod", "var", "std", "logsumexp"])
def test_reduction_gradcheck(name):
    fn = getattr(paddle, name)
    a = (torch.rand(3, 4, dtype=torch.float64) + 0.5).requires_grad_()
    assert torch.autograd.gradcheck(
        lambda t: paddle.to_torch(fn(paddle.from_torch(t), axis=1)), (a,))


def test_methods_attached():
    x = paddle.to_tensor([[1.0, 5.0], [3.0, 2.0]])
    assert x.max().item() == 5.0
    assert x.argmin().item() == 0
    np.testing.assert_allclose(x.mean(axis=0).numpy(), [2.0, 3.5])
    assert x.all().item() is True


def test_quantile_list_and_errors():
    f = paddle.to_tensor([[1.0, 2.0], [3.0, 4.0]])
    out = paddle.quantile(f, [0.3, 0.5], axis=1)
    np.testing.assert_allclose(out.numpy(), np.quantile(f.numpy(), [0.3, 0.5], axis=1), rtol=1e-6)
    with pytest.raises(ValueError, match="q should be in range"):
        paddle.quantile(f, 1.5)


def test_quantile_single_q_is_not_stacked_and_checks():
    x = paddle.to_tensor([[1.0, 2.0], [3.0, 5.0]])
    # one quantile (number, list of one, tensor of one) gives the unstacked result, as Paddle
    assert paddle.quantile(x, [0.5], axis=1).shape == [2]
    assert paddle.quantile(x, paddle.to_tensor([0.5])).shape == []
    assert paddle.quantile(x, [0.5, 1.0], axis=0, keepdim=True).shape == [2, 1, 2]
    np.testing.assert_allclose(paddle.quantile(x, [0.25], axis=0).numpy(), np.quantile(x.numpy(), 0.25, 0))
    with pytest.raises(ValueError, match="q should not be empty"):
        paddle.quantile(x, [])
    with pytest.raises(ValueError, match="interpolation must be one of 'linear'"):
        paddle.quantile(x, 0.5, interpolation="cubic")
    with pytest.raises(ValueError, match=r"element should in range \[-rank\(x\), rank\(x\)\)"):
        paddle.quantile(x, 0.5, axis=2)


# ---- Paddle 3.x tensor functions of this module (in-place variants, newer ops): the cases
# recorded from Paddle 3.3.1 by conformance/record/record_tensor_api.py --------------------------
from tests import _tensor_api_goldens as _api  # noqa: E402


@pytest.mark.parametrize("case", _api.cases("stat"))
def test_tensor_api_golden(case):
    _api.check(case)


def test_median_min_reports_the_first_nan_index_as_paddle():
    """Paddle's own median example: a slice holding NaN has median NaN at its first NaN."""
    x = paddle.to_tensor(np.array([[1, np.nan, 3, np.nan], [1, 2, 3, 4], [np.nan, 1, 2, 3]]))
    values, idx = paddle.median(x, axis=1, keepdim=True, mode="min")
    assert np.isnan(values.numpy()[[0, 2], 0]).all() and values.numpy()[1, 0] == 2.0
    assert idx.numpy().ravel().tolist() == [1, 1, 0]


def test_nanmedian_over_several_axes_as_paddle():
    """Values recorded from Paddle 3.3.1: the axes are reduced together, values only."""
    x = paddle.to_tensor(np.array([[[1., np.nan, 3], [4, 5, 6]], [[np.nan] * 3, [7, 8, 9]]]))
    np.testing.assert_allclose(x.nanmedian((0, 1)).numpy(), [4.0, 6.5, 6.0])
    out = x.nanmedian([0, 2], keepdim=True)
    assert out.shape == [1, 2, 1]
    np.testing.assert_allclose(out.numpy().ravel(), [2.0, 6.5])
    np.testing.assert_allclose(x.nanmedian((0, 1), mode="min").numpy(), [4.0, 5.0, 6.0])
    np.testing.assert_allclose(x.nanmedian([1]).numpy(), [[2.5, 5.0, 4.5], [7.0, 8.0, 9.0]])


# ---- var in Paddle's CPU order (golden: conformance/record/record_kernel_order.py) -------------
def _var_golden(name):
    import json
    import os
    return json.load(open(os.path.join(os.path.dirname(__file__), "..", "conformance", "goldens",
                                       "kernel_order.json")))["cases"][name]["hex"][0]


@pytest.mark.parametrize("name", ["var_cols", "var_all", "var_two_axes", "var_biased"])
def test_var_bits_equal_paddles_but_for_its_pow(name):
    # Paddle's var is mean, pow(x - u, 2), sum, divide; the mean and sum are in Paddle's order
    # here, but Paddle's pow is Eigen's vectorised pow, a few squares an ulp off (x - u) ** 2, so
    # at most one element in these cases differs
    from conformance.record.record_kernel_order import CASES
    from conformance.record.record_matmul_order import run_case
    (out,) = run_case(paddle, paddle.nn.functional, CASES[name])
    want = _var_golden(name)
    assert sum(float(v).hex() != w for v, w in zip(out.ravel(), want)) <= 1


def test_var_golden_tells_the_orders_apart():
    from conformance.record.record_kernel_order import CASES
    from conformance.record.record_matmul_order import make_inputs
    seed, shapes, _ = CASES["var_cols"]
    (a,) = make_inputs(seed, shapes)
    torch_var = torch.var(torch.from_numpy(a * 3 + 1), 0).numpy()
    assert sum(float(v).hex() != w for v, w in zip(torch_var, _var_golden("var_cols"))) >= 3


def test_var_std_above_the_exact_size_use_the_unbiased_estimator():
    # tensors larger than reduce_order.EXACT_LIMIT take torch's path: the same estimator there
    from paddle_compat._ops.reduce_order import EXACT_LIMIT
    a = np.random.RandomState(5).rand(EXACT_LIMIT + 7).astype("float64")
    x = paddle.to_tensor(a)
    np.testing.assert_allclose(paddle.var(x).numpy(), a.var(ddof=1), rtol=1e-12)
    np.testing.assert_allclose(paddle.var(x, unbiased=False).numpy(), a.var(), rtol=1e-12)
    np.testing.assert_allclose(paddle.std(x).numpy(), a.std(ddof=1), rtol=1e-12)
