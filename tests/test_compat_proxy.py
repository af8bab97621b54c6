"""paddle.enable_compat / disable_compat (paddle_compat/_compat/proxy.py)."""
import pytest

import paddle_compat as paddle


def test_enable_refuses_and_disable_is_a_no_op():
    with pytest.raises(NotImplementedError, match="already gives torch"):
        paddle.enable_compat()
    with pytest.raises(AssertionError, match="Unsupported backend"):
        paddle.enable_compat(backend="jax")
    assert paddle.disable_compat() is None
