"""Tests for paddle_compat/_ops/manipulation.py: recorded Paddle 3.3.1 goldens (values, shapes, dtypes,
error classes and messages), then properties against numpy and gradient checks."""
import numpy as np
import pytest
import torch
from hypothesis import given, settings, strategies as st

import paddle_compat as paddle
from conformance.record.record_ops_manip import load_cases, replay

DEVIATIONS = {}

CASES = load_cases("manip")


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_golden(case):
    replay(case, DEVIATIONS)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(1, 4), min_size=1, max_size=4), st.data())
def test_reshape_transpose_flatten_match_numpy(shape, data):
    a = np.arange(int(np.prod(shape))).reshape(shape)
    t = paddle.to_tensor(a)
    perm = data.draw(st.permutations(range(len(shape))))
    np.testing.assert_array_equal(paddle.transpose(t, list(perm)).numpy(), a.transpose(perm))
    np.testing.assert_array_equal(paddle.reshape(t, [-1]).numpy(), a.reshape(-1))
    start = data.draw(st.integers(0, len(shape) - 1))
    stop = data.draw(st.integers(start, len(shape) - 1))
    expect = a.reshape(shape[:start] + [-1] + shape[stop + 1:])
    assert list(paddle.flatten(t, start, stop).shape) == list(expect.shape)


@settings(max_examples=30, deadline=None)
@given(st.integers(1, 6), st.integers(1, 3))
def test_split_concat_roundtrip(n, parts):
    a = np.random.default_rng(n).standard_normal((2, n * parts)).astype("float32")
    pieces = paddle.split(paddle.to_tensor(a), parts, axis=1)
    assert len(pieces) == parts and all(p.shape == [2, n] for p in pieces)
    np.testing.assert_array_equal(paddle.concat(pieces, axis=1).numpy(), a)
    np.testing.assert_array_equal(paddle.stack(paddle.unbind(paddle.to_tensor(a), 1), 1).numpy(), a)


def test_manipulation_gradcheck_float64():
    x = torch.randn(2, 3, dtype=torch.float64, requires_grad=True)

    def f(x):
        p = paddle.from_torch(x)
        out = paddle.concat([paddle.tile(p, [2, 1]), paddle.flip(p, [0])], axis=0)
        out = paddle.roll(paddle.expand(paddle.unsqueeze(out, 0), [2, -1, -1]), 1, 2)
        return paddle.to_torch(paddle.reshape(paddle.transpose(out, [2, 0, 1]), [3, -1]))
    assert torch.autograd.gradcheck(f, (x,))


def test_inplace_variants_return_same_object():
    t = paddle.to_tensor(np.zeros((1, 3, 1), "float32"))
    assert paddle.squeeze_(t) is t and t.shape == [3]
    assert t.unsqueeze_(0) is t and t.shape == [1, 3]
    assert t.reshape_([3, 1]) is t and t.shape == [3, 1]


def test_ops_are_registered_under_paddle_types():
    from paddle_compat._ops.registry import OPS
    for name in ("reshape2", "transpose2", "concat", "split", "squeeze2", "unsqueeze2",
                 "flatten_contiguous_range", "stack", "unstack", "unbind", "expand_v2",
                 "expand_as_v2", "tile", "flip", "roll", "slice", "strided_slice", "gather",
                 "gather_nd", "scatter", "scatter_nd_add", "set_value", "matmul_v2", "mul",
                 "where", "top_k_v2", "argsort", "unique", "p_norm", "einsum"):
        assert name in OPS, name


def test_static_variable_inside_an_int_list_is_a_clear_not_implemented_error():
    # Paddle feeds such a Variable to the op at run time; paddle_compat says it does not (it used
    # to crash with "'NoneType' object has no attribute 'reshape'").
    import paddle_compat as paddle
    paddle.enable_static()
    try:
        with paddle.static.program_guard(paddle.static.Program(), paddle.static.Program()):
            v = paddle.static.data("v", [2, 3], "float32")
            n = paddle.static.data("n", [1], "int32")
            for call in (lambda: paddle.reshape(v, [3, n]), lambda: paddle.expand(v, [2, n]),
                         lambda: paddle.tile(v, [1, n]), lambda: paddle.expand(v, n)):
                with pytest.raises(NotImplementedError, match="static-graph Variable"):
                    call()
    finally:
        paddle.disable_static()


# ---- More of tensor/manipulation.py and the aliases (values against numpy) -----------------------
def test_aliases_are_the_same_functions():
    assert paddle.cat is paddle.concatenate and paddle.clamp is paddle.clip
    x = paddle.to_tensor([1.0, -2.0])
    assert paddle.sub(x, x, alpha=2).tolist() == [-1.0, 2.0]


def test_swap_move_narrow_unflatten():
    f = paddle.to_tensor(np.arange(24.0).reshape(2, 3, 4))
    assert paddle.swapaxes(f, 0, 2).shape == [4, 3, 2]
    np.testing.assert_array_equal(paddle.moveaxis(f, 0, -1).numpy(), np.moveaxis(f.numpy(), 0, -1))
    np.testing.assert_array_equal(paddle.moveaxis(f, [0, 1], [2, 0]).numpy(),
                                  np.moveaxis(f.numpy(), [0, 1], [2, 0]))
    with pytest.raises(AssertionError, match="'source' must be in the range of \\[-3, 3\\)"):
        paddle.moveaxis(f, 0, 3)
    assert paddle.narrow(f, 2, -2, 2).shape == [2, 3, 2]
    assert paddle.unflatten(f, 2, [2, 2]).shape == [2, 3, 2, 2]


@settings(max_examples=20, deadline=None)
@given(st.integers(-5, 5), st.integers(1, 4), st.integers(1, 4))
def test_rot90_matches_numpy(k, rows, cols):
    a = np.arange(rows * cols, dtype="float32").reshape(rows, cols)
    np.testing.assert_array_equal(paddle.rot90(paddle.to_tensor(a), k=k).numpy(), np.rot90(a, k))


def test_repeat_interleave_bincount_isin_take():
    i = paddle.to_tensor([1, 3, 2])
    assert paddle.repeat_interleave(i, 2).tolist() == [1, 1, 3, 3, 2, 2]
    assert paddle.repeat_interleave(i, paddle.to_tensor([1, 0, 2])).tolist() == [1, 2, 2]
    assert paddle.bincount(i, minlength=5).tolist() == [0, 1, 1, 1, 0]
    assert paddle.isin(i, paddle.to_tensor([3])).tolist() == [False, True, False]
    f = paddle.to_tensor([[1.0, 2.0], [3.0, 4.0]])
    assert paddle.take(f, paddle.to_tensor([0, -1])).tolist() == [1.0, 4.0]
    assert paddle.take(f, paddle.to_tensor([5]), mode="wrap").tolist() == [2.0]
    # Paddle shifts a negative index by n once, then index_select reads [-n, n): -2n is valid
    assert paddle.take(f, paddle.to_tensor([-5, -8])).tolist() == [4.0, 1.0]
    with pytest.raises(ValueError, match=r"expected >= -4 and < 4, but got 7\."):
        paddle.take(f, paddle.to_tensor([7]))
    with pytest.raises(ValueError, match="but got -5"):
        paddle.take(f, paddle.to_tensor([-9]))
    with pytest.raises(ValueError, match="'mode' in 'take' should be"):
        paddle.take(f, paddle.to_tensor([0]), mode="nearest")
    with pytest.raises(TypeError, match="The type of 'index' must be Tensor"):
        paddle.take(f, [0])
    with pytest.raises(TypeError, match=r"must be one of \['int32', 'int64'\]"):
        paddle.take(f, paddle.to_tensor([0.0]))


def test_repeat_interleave_tensor_repeats_length_and_bincount_errors():
    x = paddle.to_tensor([[1.0, 2.0], [3.0, 4.0]])
    with pytest.raises(ValueError, match=r"But received: \[3\], required: \[2\]"):
        paddle.repeat_interleave(x, paddle.to_tensor([1, 2, 3]), axis=0)
    # a 0-D repeats tensor is a length-1 list: only right for an axis of length 1
    with pytest.raises(ValueError, match=r"But received: \[1\], required: \[4\]"):
        paddle.repeat_interleave(x, paddle.to_tensor(2))
    assert paddle.repeat_interleave(x, 2, axis=0, output_size=4).shape == [4, 2]
    with pytest.raises(TypeError, match="should all be integers"):
        paddle.bincount(x)
    with pytest.raises(ValueError, match="must be non-negative ints"):
        paddle.bincount(paddle.to_tensor([0, -1]))


def test_index_add_alpha():
    x = paddle.zeros([3, 2])
    out = paddle.index_add(x, paddle.to_tensor([2, 2]), 0, paddle.ones([2, 2]), alpha=1.5)
    np.testing.assert_allclose(out.numpy(), [[0, 0], [0, 0], [3, 3]])
    # Paddle's decorator also takes torch's order and names (input, dim, index, source)
    np.testing.assert_allclose(paddle.index_add(x, 1, paddle.to_tensor([0]), paddle.ones([3, 1])).numpy(),
                               [[1, 0]] * 3)
    np.testing.assert_allclose(paddle.index_add(input=x, dim=0, index=paddle.to_tensor([1]),
                                            source=paddle.ones([1, 2]), alpha=-1).numpy(),
                               [[0, 0], [-1, -1], [0, 0]])
    o = paddle.zeros([1])
    paddle.index_add(x, paddle.to_tensor([0]), 0, paddle.ones([1, 2]), out=o)
    assert o.shape == [3, 2]


def test_broadcast_tensors_needs_one_dtype():
    a, b = paddle.broadcast_tensors([paddle.ones([2, 1]), paddle.ones([3])])
    assert a.shape == [2, 3] and b.shape == [2, 3]
    with pytest.raises(ValueError, match="isn't consistent"):
        paddle.broadcast_tensors([paddle.ones([2]), paddle.to_tensor([1, 2])])


def test_stacks_and_atleast():
    i = paddle.to_tensor([1, 2, 3])
    assert paddle.hstack([i, i]).shape == [6] and paddle.vstack([i, i]).shape == [2, 3]
    assert paddle.atleast_3d(i).shape == [1, 3, 1]
    assert paddle.atleast_2d(paddle.to_tensor(1.0)).shape == [1, 1]


def test_tensordot_searchsorted_index_add_fill():
    a = np.arange(6.0, dtype="float32").reshape(2, 3)
    t = paddle.to_tensor(a)
    np.testing.assert_allclose(paddle.tensordot(t, t, axes=[[1], [1]]).numpy(),
                               np.tensordot(a, a, axes=[[1], [1]]))
    assert paddle.searchsorted(paddle.to_tensor([1.0, 2.0, 3.0]),
                           paddle.to_tensor([2.0]), right=True).tolist() == [2]
    assert paddle.index_add(t, paddle.to_tensor([1]), 0, paddle.ones([1, 3])).tolist()[1] == [4.0, 5.0, 6.0]
    assert paddle.index_fill(t, paddle.to_tensor([0]), 1, -1.0).tolist()[0] == [-1.0, 1.0, 2.0]


def test_gather_scatter_gradcheck_float64():
    x = torch.randn(4, 3, dtype=torch.float64, requires_grad=True)
    u = torch.randn(2, 3, dtype=torch.float64, requires_grad=True)
    i = paddle.to_tensor([2, 0])

    def f(x, u):
        px, pu = paddle.from_torch(x), paddle.from_torch(u)
        return (paddle.to_torch(paddle.gather(px, i)),
                paddle.to_torch(paddle.scatter(px, i, pu, overwrite=False)),
                paddle.to_torch(paddle.take_along_axis(px, paddle.to_tensor([[0], [2], [1], [0]]), 1)))
    assert torch.autograd.gradcheck(f, (x, u))


# ---- Paddle 3.x tensor functions of this module (in-place variants, newer ops): the cases
# recorded from Paddle 3.3.1 by conformance/record/record_tensor_api.py --------------------------
from tests import _tensor_api_goldens as _api  # noqa: E402


@pytest.mark.parametrize("case", _api.cases("manipulation"))
def test_tensor_api_golden(case):
    _api.check(case)


def test_put_along_axis_broadcasts_index_and_values_as_paddle():
    """Paddle's docstring example: index [[0]] along axis 0 of a [2, 3] tensor broadcasts to
    [1, 3] (infer_broadcast_shape), so the whole first row becomes 99."""
    x = paddle.to_tensor([[10, 30, 20], [60, 40, 50]])
    out = paddle.put_along_axis(x, paddle.to_tensor([[0]]), 99, 0)
    assert out.numpy().tolist() == [[99, 99, 99], [60, 40, 50]]
    index = paddle.zeros((2, 2)).astype("int32")
    value = paddle.to_tensor([[1, 2], [3, 4]]).astype(x.dtype)
    out = paddle.put_along_axis(x, index, value, 0, "add", True, False)
    assert out.numpy().tolist() == [[14, 36, 20], [60, 40, 50]]


def test_index_fill_takes_an_int32_index():
    x = paddle.to_tensor([[1.0, 2.0], [3.0, 4.0]])
    out = paddle.index_fill(x, paddle.to_tensor([1], dtype="int32"), 0, -1.0)
    assert out.numpy().tolist() == [[1.0, 2.0], [-1.0, -1.0]]


def test_put_along_axis_takes_a_python_scalar_in_static_mode():
    # Paddle 3.3.1 converts the scalar with paddle.to_tensor in static mode too (oracle's values)
    paddle.enable_static()
    try:
        main = paddle.static.Program()
        with paddle.static.program_guard(main):
            x = paddle.static.data("x", [2, 3], "float32")
            i = paddle.static.data("i", [2, 1], "int64")
            out = paddle.put_along_axis(x, i, 1.0, 1)
        got, = paddle.static.Executor().run(
            main, feed={"x": np.full((2, 3), 0.5, "float32"),
                        "i": np.array([[0], [2]], "int64")}, fetch_list=[out])
        np.testing.assert_array_equal(got, [[1.0, 0.5, 0.5], [0.5, 0.5, 1.0]])
    finally:
        paddle.disable_static()
