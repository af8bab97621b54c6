"""paddle_compat/_nn/functional/norm.py: group_norm, instance_norm, local_response_norm against
goldens recorded from real Paddle 3.3.1 (including Paddle's gradient of group_norm without a scale);
rms_norm (Paddle 3.3.1 has no CPU kernel) against its formula; static-mode recording."""
import numpy as np
import pytest

import paddle_compat as paddle
from conformance.nn_conv_goldens import cases, check

F = paddle.nn.functional


@pytest.mark.parametrize("name", cases("norm"))
def test_norm_case_matches_paddle(name):
    check(paddle, name)


def test_rms_norm_formula_and_invvar():
    x = np.random.RandomState(0).uniform(-2, 2, (2, 3, 4)).astype("float32")
    w = np.random.RandomState(1).uniform(0.5, 1.5, (3, 4)).astype("float32")
    out, invvar = F.rms_norm(paddle.to_tensor(x), [3, 4], paddle.to_tensor(w), eps=1e-6)
    inv = 1 / np.sqrt((x ** 2).mean((1, 2)) + 1e-6)
    np.testing.assert_allclose(invvar.numpy(), inv, rtol=1e-5)
    np.testing.assert_allclose(out.numpy(), x * inv[:, None, None] * w, rtol=1e-5, atol=1e-6)
    assert str(invvar.dtype) == "paddle.float32"
    with pytest.raises(ValueError, match="trailing"):
        F.rms_norm(paddle.to_tensor(x), [3])


def test_group_and_instance_norm_record_in_static_mode():
    x_np = np.random.RandomState(0).rand(2, 4, 3, 3).astype("float32")
    want = [F.group_norm(paddle.to_tensor(x_np), 2).numpy(),
            F.instance_norm(paddle.to_tensor(x_np)).numpy(),
            F.local_response_norm(paddle.to_tensor(x_np), 3).numpy()]
    paddle.enable_static()
    try:
        main = paddle.static.Program()
        with paddle.static.program_guard(main, paddle.static.Program()):
            x = paddle.static.data("x", [2, 4, 3, 3], "float32")
            outs = [F.group_norm(x, 2), F.instance_norm(x), F.local_response_norm(x, 3)]
        assert [op.type for op in main.global_block().ops] == \
            ["group_norm", "instance_norm", "local_response_norm"]
        got = paddle.static.Executor().run(main, feed={"x": x_np}, fetch_list=outs)
    finally:
        paddle.disable_static()
    for g, e in zip(got, want):
        np.testing.assert_allclose(g, e, rtol=1e-5, atol=1e-6)
