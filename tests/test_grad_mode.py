"""no_grad / set_grad_enabled / paddle.grad (paddle_compat/_autograd/grad_mode.py)."""
import numpy as np
import pytest
import torch

import paddle_compat as paddle


def _square(x):
    return paddle.from_torch(paddle.to_torch(x) * paddle.to_torch(x))


def test_no_grad_context_and_decorators():
    x = paddle.to_tensor([2.0], stop_gradient=False)
    with paddle.no_grad():
        assert not paddle.is_grad_enabled()
        assert _square(x).stop_gradient is True
    assert paddle.is_grad_enabled()

    @paddle.no_grad()
    def f(t):
        return _square(t)

    @paddle.no_grad
    def g(t):
        return _square(t)

    assert f(x).stop_gradient is True and g(x).stop_gradient is True
    assert _square(x).stop_gradient is False


def test_set_grad_enabled_sets_now_and_restores_as_context():
    with paddle.set_grad_enabled(False):
        assert not paddle.is_grad_enabled()
        with paddle.enable_grad():
            assert paddle.is_grad_enabled()
    assert paddle.is_grad_enabled()


def test_grad_returns_list_and_stop_gradient_follows_create_graph():
    w = paddle.to_tensor(3.0, stop_gradient=False)
    (g,) = paddle.grad([_square(w)], [w])
    assert g.item() == 6.0 and g.stop_gradient is True
    (g2,) = paddle.grad(_square(w), w, create_graph=True)
    assert g2.stop_gradient is False
    (gg,) = paddle.grad(g2, w)
    assert gg.item() == 2.0


def test_grad_of_non_scalar_uses_ones():
    x = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
    (g,) = paddle.grad(_square(x), x)
    np.testing.assert_allclose(g.numpy(), [2.0, 4.0])


def test_unused_input_is_paddle_value_error_or_none():
    w = paddle.to_tensor(3.0, stop_gradient=False)
    other = paddle.to_tensor(1.0, stop_gradient=False)
    with pytest.raises(ValueError, match=r"The 0-th input does not appear in the backward graph"):
        paddle.grad([_square(w)], [other])
    assert paddle.grad([_square(w)], [other], allow_unused=True) == [None]


def test_bad_outputs_type():
    with pytest.raises(TypeError, match="'outputs' in paddle.grad"):
        paddle.grad("loss", [paddle.to_tensor(1.0)])
