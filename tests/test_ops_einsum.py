"""Tests of paddle_compat/_ops/einsum.py (values against numpy, Paddle's argument errors)."""
import numpy as np
import pytest

import paddle_compat as paddle


def test_einsum_matches_numpy():
    a = np.arange(6, dtype="float32").reshape(2, 3)
    b = np.arange(12, dtype="float32").reshape(3, 4)
    out = paddle.einsum("ij,jk->ik", paddle.to_tensor(a), paddle.to_tensor(b))
    np.testing.assert_allclose(out.numpy(), np.einsum("ij,jk->ik", a, b))
    # operands given as one list, spaces in the equation, and the implicit-output form
    out = paddle.einsum("i j , j k", [paddle.to_tensor(a), paddle.to_tensor(b)])
    np.testing.assert_allclose(out.numpy(), np.einsum("ij,jk", a, b))
    np.testing.assert_allclose(paddle.einsum("ii", paddle.eye(3)).numpy(), 3.0)


def test_einsum_errors_are_paddles():
    with pytest.raises(TypeError, match="The type of 'equation' in einsum must be"):
        paddle.einsum(1, paddle.ones([2]))
    with pytest.raises(ValueError, match="At least one operand is expected."):
        paddle.einsum("i->i")
