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
