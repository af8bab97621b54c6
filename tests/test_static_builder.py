"""paddle_compat/_static/builder.py: device_guard (the op_device attribute of new ops)."""
import pytest

import paddle_compat as paddle
from paddle_compat._mode import STATE


@pytest.fixture(autouse=True)
def _static():
    old = STATE.static
    paddle.enable_static()
    yield
    STATE.static = old


def test_device_guard_sets_op_device_as_paddle():
    # Paddle 3.3.1 legacy: fill_constant '', scale 'cpu', scale 'gpu:1'; 'tpu' is a ValueError.
    main = paddle.static.Program()
    with paddle.static.program_guard(main):
        x = paddle.full([1], 1.0)
        with paddle.static.device_guard("cpu"):
            y = x + 1
        with paddle.static.device_guard("gpu:1"):
            y * 2
        with pytest.raises(ValueError, match="should be 'cpu', 'xpu', 'dcu', 'gpu' or custom "
                                             "device.*But received tpu"):
            with paddle.static.device_guard("tpu"):
                pass
    assert [(op.type, op.attr("op_device")) for op in main.global_block().ops] == [
        ("fill_constant", ""), ("scale", "cpu"), ("scale", "gpu:1")]
