"""Tests of paddle_compat/_ops/manip_extra.py (values against numpy)."""
import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

import paddle_compat as paddle
from paddle_compat._ops import manip_extra as mx


def test_aliases_are_the_same_functions():
    assert mx.cat is mx.concatenate and mx.clamp is paddle.clip
    x = paddle.to_tensor([1.0, -2.0])
    assert mx.sub(x, x, alpha=2).tolist() == [-1.0, 2.0]


def test_swap_move_narrow_unflatten():
    f = paddle.to_tensor(np.arange(24.0).reshape(2, 3, 4))
    assert mx.swapaxes(f, 0, 2).shape == [4, 3, 2]
    np.testing.assert_array_equal(mx.moveaxis(f, 0, -1).numpy(), np.moveaxis(f.numpy(), 0, -1))
    np.testing.assert_array_equal(mx.moveaxis(f, [0, 1], [2, 0]).numpy(),
                                  np.moveaxis(f.numpy(), [0, 1], [2, 0]))
    with pytest.raises(AssertionError, match="'source' must be in the range of \\[-3, 3\\)"):
        mx.moveaxis(f, 0, 3)
    assert mx.narrow(f, 2, -2, 2).shape == [2, 3, 2]
    assert mx.unflatten(f, 2, [2, 2]).shape == [2, 3, 2, 2]


@settings(max_examples=20, deadline=None)
@given(st.integers(-5, 5), st.integers(1, 4), st.integers(1, 4))
def test_rot90_matches_numpy(k, rows, cols):
    a = np.arange(rows * cols, dtype="float32").reshape(rows, cols)
    np.testing.assert_array_equal(mx.rot90(paddle.to_tensor(a), k=k).numpy(), np.rot90(a, k))


def test_repeat_interleave_bincount_isin_take():
    i = paddle.to_tensor([1, 3, 2])
    assert mx.repeat_interleave(i, 2).tolist() == [1, 1, 3, 3, 2, 2]
    assert mx.repeat_interleave(i, paddle.to_tensor([1, 0, 2])).tolist() == [1, 2, 2]
    assert mx.bincount(i, minlength=5).tolist() == [0, 1, 1, 1, 0]
    assert mx.isin(i, paddle.to_tensor([3])).tolist() == [False, True, False]
    f = paddle.to_tensor([[1.0, 2.0], [3.0, 4.0]])
    assert mx.take(f, paddle.to_tensor([0, -1])).tolist() == [1.0, 4.0]
    assert mx.take(f, paddle.to_tensor([5]), mode="wrap").tolist() == [2.0]
    with pytest.raises(IndexError):
        mx.take(f, paddle.to_tensor([7]))


def test_broadcast_tensors_needs_one_dtype():
    a, b = mx.broadcast_tensors([paddle.ones([2, 1]), paddle.ones([3])])
    assert a.shape == [2, 3] and b.shape == [2, 3]
    with pytest.raises(ValueError, match="isn't consistent"):
        mx.broadcast_tensors([paddle.ones([2]), paddle.to_tensor([1, 2])])


def test_stacks_and_atleast():
    i = paddle.to_tensor([1, 2, 3])
    assert mx.hstack([i, i]).shape == [6] and mx.vstack([i, i]).shape == [2, 3]
    assert mx.atleast_3d(i).shape == [1, 3, 1]
    assert mx.atleast_2d(paddle.to_tensor(1.0)).shape == [1, 1]


def test_finfo_iinfo_repr():
    assert repr(mx.iinfo(paddle.int32)) == ("paddle.iinfo(min=-2147483648, max=2147483647, "
                                           "bits=32, dtype=int32)")
    assert mx.finfo(paddle.float32).eps == np.finfo(np.float32).eps


def test_tensordot_searchsorted_index_add_fill():
    a = np.arange(6.0, dtype="float32").reshape(2, 3)
    t = paddle.to_tensor(a)
    np.testing.assert_allclose(mx.tensordot(t, t, axes=[[1], [1]]).numpy(),
                               np.tensordot(a, a, axes=[[1], [1]]))
    assert mx.searchsorted(paddle.to_tensor([1.0, 2.0, 3.0]),
                           paddle.to_tensor([2.0]), right=True).tolist() == [2]
    assert mx.index_add(t, paddle.to_tensor([1]), 0, paddle.ones([1, 3])).tolist()[1] == [4.0, 5.0, 6.0]
    assert mx.index_fill(t, paddle.to_tensor([0]), 1, -1.0).tolist()[0] == [-1.0, 1.0, 2.0]
