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
