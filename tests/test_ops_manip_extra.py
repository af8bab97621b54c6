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
    # Paddle shifts a negative index by n once, then index_select reads [-n, n): -2n is valid
    assert mx.take(f, paddle.to_tensor([-5, -8])).tolist() == [4.0, 1.0]
    with pytest.raises(ValueError, match=r"expected >= -4 and < 4, but got 7\."):
        mx.take(f, paddle.to_tensor([7]))
    with pytest.raises(ValueError, match="but got -5"):
        mx.take(f, paddle.to_tensor([-9]))
    with pytest.raises(ValueError, match="'mode' in 'take' should be"):
        mx.take(f, paddle.to_tensor([0]), mode="nearest")
    with pytest.raises(TypeError, match="The type of 'index' must be Tensor"):
        mx.take(f, [0])
    with pytest.raises(TypeError, match=r"must be one of \['int32', 'int64'\]"):
        mx.take(f, paddle.to_tensor([0.0]))


def test_repeat_interleave_tensor_repeats_length_and_bincount_errors():
    x = paddle.to_tensor([[1.0, 2.0], [3.0, 4.0]])
    with pytest.raises(ValueError, match=r"But received: \[3\], required: \[2\]"):
        mx.repeat_interleave(x, paddle.to_tensor([1, 2, 3]), axis=0)
    # a 0-D repeats tensor is a length-1 list: only right for an axis of length 1
    with pytest.raises(ValueError, match=r"But received: \[1\], required: \[4\]"):
        mx.repeat_interleave(x, paddle.to_tensor(2))
    assert mx.repeat_interleave(x, 2, axis=0, output_size=4).shape == [4, 2]
    with pytest.raises(TypeError, match="should all be integers"):
        mx.bincount(x)
    with pytest.raises(ValueError, match="must be non-negative ints"):
        mx.bincount(paddle.to_tensor([0, -1]))


def test_index_add_alpha():
    x = paddle.zeros([3, 2])
    out = mx.index_add(x, paddle.to_tensor([2, 2]), 0, paddle.ones([2, 2]), alpha=1.5)
    np.testing.assert_allclose(out.numpy(), [[0, 0], [0, 0], [3, 3]])
    # Paddle's decorator also takes torch's order and names (input, dim, index, source)
    np.testing.assert_allclose(mx.index_add(x, 1, paddle.to_tensor([0]), paddle.ones([3, 1])).numpy(),
                               [[1, 0]] * 3)
    np.testing.assert_allclose(mx.index_add(input=x, dim=0, index=paddle.to_tensor([1]),
                                            source=paddle.ones([1, 2]), alpha=-1).numpy(),
                               [[0, 0], [-1, -1], [0, 0]])
    o = paddle.zeros([1])
    mx.index_add(x, paddle.to_tensor([0]), 0, paddle.ones([1, 2]), out=o)
    assert o.shape == [3, 2]


def test_searchsorted_side_and_sorter():
    seq = paddle.to_tensor([1.0, 2.0, 2.0, 3.0])
    v = paddle.to_tensor([2.0])
    assert mx.searchsorted(seq, v, side="right").tolist() == [3]
    assert mx.searchsorted(seq, v, right=True, side="left").tolist() == [3]   # side only sets right
    unsorted = paddle.to_tensor([3.0, 1.0, 2.0])
    got = mx.searchsorted(unsorted, paddle.to_tensor([2.5, 0.0]), sorter=paddle.to_tensor([1, 2, 0]))
    assert got.tolist() == np.searchsorted([1.0, 2.0, 3.0], [2.5, 0.0]).tolist()


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
    out = mx.tensordot(paddle.to_tensor(a), paddle.to_tensor(b), axes)
    want = (np.tensordot(a, b, np_axes) if np_axes is not None
            else np.tensordot(a, b.sum(0, keepdims=True), [[1], [0]]))
    np.testing.assert_allclose(out.numpy(), want, rtol=1e-10)


def test_tensordot_errors():
    x, y = paddle.ones([2, 3]), paddle.ones([4, 2])
    with pytest.raises(AssertionError, match="should not be negative, but received axes=-1"):
        mx.tensordot(x, y, -1)
    with pytest.raises(AssertionError, match="'x' has size 3 in dim 1 while 'y' has size 4 in dim 0"):
        mx.tensordot(x, y, 1)


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
