"""Dynamic/static mode flag (paddle_compat/_mode.py) and its public switches."""
import paddle_compat as paddle
from paddle_compat._mode import STATE


def test_enable_and_disable_static_flip_the_one_flag():
    assert paddle.in_dynamic_mode() and not STATE.static
    paddle.enable_static()
    try:
        assert not paddle.in_dynamic_mode() and STATE.static
    finally:
        paddle.disable_static()
    assert paddle.in_dynamic_mode()
