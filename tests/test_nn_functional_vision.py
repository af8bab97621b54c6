"""paddle_compat/_nn/functional/vision.py: pixel_shuffle, pixel_unshuffle, channel_shuffle,
grid_sample, affine_grid against goldens recorded from real Paddle 3.3.1 (values, gradients, NHWC,
3-D grids, error classes and messages); plus static-mode recording."""
import numpy as np
import pytest

import paddle_compat as paddle
from conformance.nn_conv_goldens import cases, check

F = paddle.nn.functional


@pytest.mark.parametrize("name", cases("vision"))
def test_vision_case_matches_paddle(name):
    check(paddle, name)


def test_pixel_unshuffle_inverts_pixel_shuffle():
    x = paddle.to_tensor(np.random.RandomState(0).rand(2, 12, 3, 2).astype("float32"))
    np.testing.assert_array_equal(F.pixel_unshuffle(F.pixel_shuffle(x, 2), 2).numpy(), x.numpy())


def test_affine_grid_and_grid_sample_record_in_static_mode():
    theta_np = np.array([[[1.0, 0.0, 0.0], [0.0, 1.0, 0.0]]], "float32")
    x_np = np.random.RandomState(0).rand(1, 2, 3, 4).astype("float32")
    paddle.enable_static()
    try:
        main = paddle.static.Program()
        with paddle.static.program_guard(main, paddle.static.Program()):
            theta = paddle.static.data("theta", [1, 2, 3], "float32")
            x = paddle.static.data("x", [1, 2, 3, 4], "float32")
            y = F.grid_sample(x, F.affine_grid(theta, [1, 2, 3, 4]))
        assert [op.type for op in main.global_block().ops] == ["affine_grid", "grid_sampler"]
        out, = paddle.static.Executor().run(main, feed={"theta": theta_np, "x": x_np},
                                            fetch_list=[y])
    finally:
        paddle.disable_static()
    np.testing.assert_allclose(out, x_np, rtol=1e-5, atol=1e-6)   # the identity map
