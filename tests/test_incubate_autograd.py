"""paddle.incubate.autograd (paddle_compat/_incubate/autograd/) against Paddle 3.3.1's goldens
(conformance/goldens/incubate.json): Jacobian / Hessian (full, rows, columns, slices, batched,
several inputs and outputs, unused inputs, index errors), vjp / jvp (default and given v,
argument errors), and the static-only prim switches."""
import pytest

import paddle_compat as paddle
from tests._incubate_goldens import cases, check

AUTOGRAD_CASES = cases("jacobian", "hessian", "vjp", "jvp", "prim")


@pytest.mark.parametrize("case", AUTOGRAD_CASES)
def test_golden(case):
    check(case)


def test_prim_switches_in_static_mode():
    A = paddle.incubate.autograd
    paddle.enable_static()
    try:
        assert A.prim_enabled() is False
        A.enable_prim()
        assert A.prim_enabled() is True
        A.disable_prim()
        assert A.prim_enabled() is False
    finally:
        paddle.disable_static()


def test_jacobian_rows_are_cached():
    calls = []

    def f(a):
        calls.append(1)
        return a * a
    J = paddle.incubate.autograd.Jacobian(f, paddle.to_tensor([1.0, 2.0]))
    first = J[0, :]
    assert J[0, :].numpy().tolist() == first.numpy().tolist() == [2.0, 0.0]
    assert len(calls) == 1


def test_prim_grad_and_forward_grad_in_static_mode():
    """With enable_prim() Paddle 3.3.1 (PIR mode) raises; paddle_compat computes the gradients
    (reverse: the ordinary backward; forward: the double-backward trick), checked against the
    closed form d/dx (tanh(x) * x)."""
    import numpy as np
    A = paddle.incubate.autograd
    xv = np.array([[0.5, -1.0], [2.0, 0.1]], "float32")
    want = np.tanh(xv) + xv * (1 - np.tanh(xv) ** 2)
    paddle.enable_static()
    try:
        A.enable_prim()
        main, startup = paddle.static.Program(), paddle.static.Program()
        with paddle.static.program_guard(main, startup):
            x = paddle.static.data("x", [2, 2], "float32")
            x.stop_gradient = False
            y = paddle.tanh(x) * x
            g = A.grad(y, x)
            f = A.forward_grad(y, x)
        exe = paddle.static.Executor()
        exe.run(startup)
        got_g, got_f = exe.run(main, feed={"x": xv}, fetch_list=[g, f])
    finally:
        A.disable_prim()
        paddle.disable_static()
    np.testing.assert_allclose(got_g, want, rtol=1e-5)
    np.testing.assert_allclose(got_f, want, rtol=1e-5)
