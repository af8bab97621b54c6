"""Tests of paddle_compat/_ops/tensor_patch.py and the autograd/operator fixes of the hunt
(behaviour recorded from Paddle 3.3.1 in conformance/goldens/cases/hunt_tensor.json)."""
import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

import paddle_compat as paddle


def test_dtype_shortcuts_return_self_when_dtype_matches():
    x = paddle.to_tensor([1.5, -2.5], stop_gradient=False)
    assert x.float() is x
    assert x.long().dtype == paddle.int64 and x.long().tolist() == [1, -2]
    assert not x.int().stop_gradient
    assert x.bool().dtype == paddle.bool


def test_reshape_view_permute_repeat_accept_separate_ints():
    x = paddle.ones([2, 3])
    assert x.reshape(3, 2).shape == [3, 2] and x.reshape(6).shape == [6]
    assert x.view(-1).shape == [6] and x.view([3, 2]).shape == [3, 2]
    assert x.permute(1, 0).shape == [3, 2] and x.permute([1, 0]).shape == [3, 2]
    assert x.repeat(2, 2).shape == [4, 6] and x.repeat([2, 1, 1]).shape == [2, 2, 3]
    assert paddle.to_tensor([1.0]).view("int32").tolist() == [1065353216]


def test_matmul_operator():
    a = np.arange(4.0).reshape(2, 2).astype("float32")
    x = paddle.to_tensor(a)
    np.testing.assert_allclose((x @ x).numpy(), a @ a)


def test_data_and_requires_grad():
    x = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
    assert x.data.stop_gradient and x.requires_grad
    x.data = paddle.to_tensor([5.0, 6.0])
    assert x.tolist() == [5.0, 6.0] and not x.stop_gradient
    z = paddle.to_tensor([1.0])
    z.requires_grad = True
    assert not z.stop_gradient
    assert z.requires_grad_(False) is z and z.stop_gradient


def test_retain_grads_keeps_non_leaf_grad():
    a = paddle.to_tensor(2.0, stop_gradient=False)
    b = a * 3
    b.retain_grads()
    (b * b).backward()
    assert float(b.grad) == 12.0 and float(a.grad) == 36.0
    c = a * 2
    (c * c).backward()
    assert c.grad is None


def test_second_backward_raises_paddle_system_error_even_for_add():
    x = paddle.to_tensor([1.0], stop_gradient=False)
    y = x + x
    y.backward()
    with pytest.raises(SystemError, match="TensorWrappers of AddGradNode do not exist"):
        y.backward()
    y2 = x * x
    y2.backward(retain_graph=True)
    y2.backward()
    with pytest.raises(SystemError, match="MultiplyGradNode"):
        y2.backward()


def test_negative_zero_and_bool_scalar_arithmetic():
    x = paddle.to_tensor([0.0, -1.0])
    assert not np.signbit((-x).numpy()[0]) and not np.signbit((x * -1).numpy()[0])
    assert not np.signbit((x * 0).numpy()[1])
    bo = paddle.to_tensor([True, False])
    assert (1 - bo).dtype == paddle.int64 and (1 - bo).tolist() == [0, 1]
    assert (1.5 - bo).dtype == paddle.float32
    assert (True - paddle.to_tensor([1, 2], dtype="int32")).tolist() == [0, -1]


def test_new_tensors_strides_fill_diagonal():
    x = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
    assert x.new_full([2], 3).tolist() == [3.0, 3.0] and x.new_zeros([1]).stop_gradient
    m = paddle.ones([2, 3])
    assert m.strides == [3, 1] and m.t().strides == [1, 3] and not m.t().is_contiguous()
    assert paddle.ones([3, 3]).fill_diagonal_(5, offset=1).tolist() == [[1, 5, 1], [1, 1, 5],
                                                                         [1, 1, 1]]
    assert paddle.ones([3, 2]).fill_diagonal_(0, wrap=True).tolist() == [[0, 1], [1, 0], [1, 1]]


def test_inplace_random_fill_refuses_leaf_needing_grad():
    x = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
    with pytest.raises(ValueError, match="can't use inplace strategy"):
        x.uniform_()


def test_apply_refuses_grad_tensor():
    with pytest.raises(RuntimeError, match="required gradient"):
        paddle.to_tensor([1.0], stop_gradient=False).apply(lambda t: t)


def _paddle_fill_diagonal(shape, offset, wrap):
    """Paddle's FillDiagonalKernel loop, written out (the reference the kernel must equal)."""
    a = np.zeros(shape)
    flat, cols = a.reshape(-1), shape[1]
    wrap = wrap or len(shape) != 2
    size = flat.size if wrap else min(flat.size, cols * cols)
    step = sum(np.zeros(shape).strides) // 8
    for i in range(0, size, step):
        if 0 <= i % cols + offset < cols:
            flat[i + offset] = 1.0
    return a


@settings(max_examples=40, deadline=None)
@given(rows=st.integers(1, 8), cols=st.integers(1, 8), offset=st.integers(-4, 4), wrap=st.booleans(),
       cube=st.sampled_from([None, 2, 3]))
def test_fill_diagonal_follows_paddles_kernel(rows, cols, offset, wrap, cube):
    shape = (rows, cols) if cube is None else (cube,) * 3
    x = paddle.zeros(list(shape))
    x.fill_diagonal_(1.0, offset=offset, wrap=wrap)
    np.testing.assert_array_equal(x.numpy(), _paddle_fill_diagonal(shape, offset, wrap))


def test_fill_diagonal_needs_two_dims():
    with pytest.raises(ValueError, match="dims should >= 2"):
        paddle.zeros([3]).fill_diagonal_(1.0)
