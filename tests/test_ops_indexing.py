"""Tests for paddle_compat/_ops/indexing.py: recorded Paddle 3.3.1 goldens (values, shapes, dtypes,
error classes and messages), then properties against numpy and gradient checks."""
import numpy as np
import pytest
import torch
from hypothesis import given, settings, strategies as st

import paddle_compat as paddle
from conformance.record.record_ops_manip import load_cases, replay

DEVIATIONS = {}

CASES = load_cases("index")


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_golden(case):
    replay(case, DEVIATIONS)


def _t(a, grad=False):
    t = paddle.to_tensor(a)
    if grad:
        t.stop_gradient = False
    return t


_idx_entry = st.one_of(
    st.integers(-2, 1),
    st.builds(slice, st.one_of(st.none(), st.integers(-4, 4)), st.one_of(st.none(), st.integers(-4, 4)),
              st.one_of(st.none(), st.sampled_from([1, 2, -1, -2]))),
    st.none(), st.just(Ellipsis))


@settings(max_examples=60, deadline=None)
@given(st.lists(_idx_entry, min_size=1, max_size=3))
def test_basic_getitem_matches_numpy(entries):
    a = np.arange(2 * 3 * 4).reshape(2, 3, 4)
    if entries.count(Ellipsis) > 1:
        return
    idx = tuple(entries)
    try:
        expected = a[idx]
    except IndexError:
        with pytest.raises(IndexError):
            _t(a)[idx]
        return
    got = _t(a)[idx]
    assert list(got.shape) == list(expected.shape)
    np.testing.assert_array_equal(got.numpy(), expected)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(-3, 2), min_size=1, max_size=4), st.booleans())
def test_advanced_getitem_and_setitem_match_numpy(rows, neg_step):
    a = np.arange(3 * 4, dtype="float64").reshape(3, 4)
    cols = slice(None, None, -1) if neg_step else slice(1, None)
    np.testing.assert_array_equal(_t(a)[rows, cols].numpy(), a[rows, cols])
    b, t = a.copy(), _t(a)
    b[rows[:1], cols] = -1.0
    t[rows[:1], cols] = -1.0
    np.testing.assert_array_equal(t.numpy(), b)


def test_setitem_gradient_flows_to_value_and_unchanged_part():
    # Verified with Paddle 3.3.1: b.grad [[0,0,0],[2,2,2]], v.grad [3,3,3]
    b = _t(np.ones((2, 3)), grad=True)
    v = _t(np.array([2., 3., 4.]), grad=True)
    c = paddle.to_tensor(2.0, dtype="float64")
    c = paddle.from_torch(b._t * 2)
    c[0] = paddle.from_torch(v._t * 3)
    assert c.stop_gradient is False
    c.backward()
    np.testing.assert_array_equal(b.grad.numpy(), [[0, 0, 0], [2, 2, 2]])
    np.testing.assert_array_equal(v.grad.numpy(), [3, 3, 3])


def test_setitem_on_stop_gradient_tensor_takes_value_grad():
    v = _t(np.array([2., 3., 4.]), grad=True)
    d = _t(np.zeros((2, 3)))
    d[0] = v
    assert d.stop_gradient is False
    d.backward()
    np.testing.assert_array_equal(v.grad.numpy(), [1, 1, 1])


def test_setitem_negative_step_is_differentiable():
    v = _t(np.array([1., 2., 3.]), grad=True)
    d = _t(np.zeros((2, 3)))
    d[1, ::-1] = v
    np.testing.assert_array_equal(d.numpy(), [[0, 0, 0], [3, 2, 1]])
    paddle.from_torch(d._t * torch.arange(6.).reshape(2, 3).double()).backward()
    np.testing.assert_array_equal(v.grad.numpy(), [5, 4, 3])


def test_getitem_gradcheck_float64():
    a = torch.randn(3, 4, dtype=torch.float64, requires_grad=True)
    idx = (slice(None, None, -1), [0, 2, 2])
    assert torch.autograd.gradcheck(lambda t: paddle.to_torch(paddle.from_torch(t)[idx]), (a,))


def test_kernels_run_on_meta_tensors():
    # Static mode infers output shapes by running kernels on torch 'meta' tensors.
    from paddle_compat._ops import indexing as ix
    from paddle_compat._ops import manipulation as mp
    x = torch.empty(2, 3, 4, device="meta")
    assert mp._strided_kernel(x, [2], [3], [0], [-1]).shape == (2, 3, 3)
    spec, _, _ = ix._parse((0, slice(None, None, -1)), [2, 3, 4])
    assert ix._index_get_kernel(x, [], index=spec).shape == (3, 4)


def test_int_index_on_a_dynamic_static_dim_is_checked_at_run_time():
    # Paddle 3.3.1 builds x[0] on a [-1, 3] Variable (shape (3,)); the index meets the data later.
    from paddle_compat import static
    paddle.enable_static()
    try:
        main = static.Program()
        with static.program_guard(main):
            x = static.data("x", [None, 3], "float32")
            row = x[0]
        assert row.shape == (3,)
        out, = static.Executor().run(main, feed={"x": np.arange(6, dtype="float32").reshape(2, 3)},
                                     fetch_list=[row])
        np.testing.assert_array_equal(out, [0.0, 1.0, 2.0])
    finally:
        paddle.disable_static()


def test_static_negative_int_indices_record_paddles_slice_ends():
    # Paddle 3.3.1 records x[-1] as strided_slice(starts=[-1], ends=[INT32_MAX]) (end 0 would be
    # an empty slice) and x[-2] as ends=[-1]; the values are the last / second-to-last rows.
    from paddle_compat import static
    paddle.enable_static()
    try:
        main = static.Program()
        with static.program_guard(main):
            x = static.data("x", [3, 4], "float32")
            last, second, corner = x[-1], x[-2], x[-1, -1]
        ops = [op for op in main.global_block().ops if op.type in ("slice", "strided_slice")]
        assert [(op.attr("starts"), op.attr("ends")) for op in ops] == [
            ([-1], [2147483647]), ([-2], [-1]), ([-1, -1], [2147483647, 2147483647])]
        data = np.arange(12, dtype="float32").reshape(3, 4)
        got = static.Executor().run(main, feed={"x": data}, fetch_list=[last, second, corner])
        np.testing.assert_array_equal(got[0], data[-1])
        np.testing.assert_array_equal(got[1], data[-2])
        np.testing.assert_array_equal(got[2], data[-1, -1])
    finally:
        paddle.disable_static()


# Static assignment, as Paddle 3.3.1 runs it (values below are the oracle's, from the same code):
# the legacy graph refuses `x[i] = v` and records paddle.static.setitem out of place; PIR records
# an in-place set_value_, so later ops and a fetch of x see the new values, earlier ops the old.
_FEED = np.arange(6, dtype="float32").reshape(2, 3)


def test_static_setitem_legacy_refuses_and_records_out_of_place():
    from paddle_compat import static
    paddle.enable_static()
    try:
        main = static.Program()
        with static.program_guard(main):
            x = static.data("x", [2, 3], "float32")
            with pytest.raises(RuntimeError, match=r"^In static mode, the __setitem__ \(looks like: "
                               r"x\[indices\] = values\) should not be used\. Please use x = "
                               r"paddle\.static\.setitem\(x, indices, values\)$"):
                x[0] = 1.0
            z = static.setitem(x, (slice(None), 1), paddle.ones([2]))
        assert z.name == "set_value_0.tmp_0" and z is not x
        got_x, got_z = static.Executor().run(main, feed={"x": _FEED}, fetch_list=[x, z])
        np.testing.assert_array_equal(got_x, _FEED)
        np.testing.assert_array_equal(got_z, [[0, 1, 2], [3, 1, 5]])
    finally:
        paddle.disable_static()


def test_static_setitem_in_pir_mode_writes_x_in_place():
    from paddle_compat import static
    with paddle.pir_utils.IrGuard():
        paddle.enable_static()
        try:
            main = static.Program()
            with static.program_guard(main):
                x = static.data("x", [2, 3], "float32")
                x[0] = 1.0
                y = x * 2
                x[:, 1] = paddle.ones([2])
            feed = _FEED.copy()
            got_x, got_y = static.Executor().run(main, feed={"x": feed}, fetch_list=[x, y])
            np.testing.assert_array_equal(feed, _FEED)         # the fed array is not written
            np.testing.assert_array_equal(got_x, [[1, 1, 1], [3, 1, 5]])
            np.testing.assert_array_equal(got_y, [[2, 2, 2], [6, 8, 10]])
            main2 = static.Program()
            with static.program_guard(main2):
                x2 = static.data("x", [2, 3], "float32")
                z = static.setitem(x2, (slice(None), 1), paddle.ones([2]))
            got = static.Executor().run(main2, feed={"x": _FEED}, fetch_list=[x2, z])
            for g in got:
                np.testing.assert_array_equal(g, [[0, 1, 2], [3, 1, 5]])
        finally:
            paddle.disable_static()


def test_static_setitem_in_dynamic_mode_writes_x_and_returns_it():
    x = paddle.to_tensor([[1.0, 2.0], [3.0, 4.0]])
    y = paddle.static.setitem(x, 0, 9.0)
    assert y is x
    np.testing.assert_array_equal(x.numpy(), [[9, 9], [3, 4]])
