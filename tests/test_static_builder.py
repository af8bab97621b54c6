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


def test_pir_layer_names_come_from_their_own_process_wide_generator():
    # Paddle 3.3.1, PIR mode: two Programs' fc layers are fc_0 and fc_1; unique_name.generate('fc')
    # still gives fc_0 afterwards, and a unique_name.guard() does not restart the layer names.
    import paddle_compat as paddle
    from paddle_compat._static import builder
    saved = builder._PIR_NAMES
    builder._PIR_NAMES = type(saved)()
    try:
        with paddle.pir_utils.IrGuard(), paddle.utils.unique_name.guard():
            paddle.enable_static()
            try:
                names = []
                for _ in range(2):
                    main = paddle.static.Program()
                    with paddle.static.program_guard(main):
                        x = paddle.static.data("x", [2, 3], "float32")
                        paddle.static.nn.fc(x, 4)
                    names.append(sorted(p.name for p in main.global_block().all_parameters()))
                assert names == [["fc_0.b_0", "fc_0.w_0"], ["fc_1.b_0", "fc_1.w_0"]]
                assert paddle.utils.unique_name.generate("fc") == "fc_0"
                with paddle.utils.unique_name.guard():
                    main = paddle.static.Program()
                    with paddle.static.program_guard(main):
                        paddle.static.nn.fc(paddle.static.data("x", [2, 3], "float32"), 4)
                assert sorted(p.name for p in main.global_block().all_parameters()) == [
                    "fc_2.b_0", "fc_2.w_0"]
            finally:
                paddle.disable_static()
    finally:
        builder._PIR_NAMES = saved
