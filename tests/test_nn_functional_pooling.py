"""paddle_compat/_nn/functional/pooling.py against goldens recorded from real Paddle 3.3.1: 3-D and
adaptive pooling, LP pooling, max unpooling, fractional max pooling (fixed random_u), Paddle's window
rules (an input smaller than the window pools; the non-exclusive divisor; asymmetric padding), masks,
errors; plus static-mode recording and the unpool/pool round trip."""
import numpy as np
import pytest

import paddle_compat as paddle
from conformance.nn_conv_goldens import cases, check

F = paddle.nn.functional


@pytest.mark.parametrize("name", cases("pooling"))
def test_pooling_case_matches_paddle(name):
    check(paddle, name)


def _t(*shape, seed=0):
    return paddle.to_tensor(np.random.RandomState(seed).uniform(-1, 1, shape).astype("float32"))


def test_unpool_puts_each_max_back_where_it_came_from():
    x = _t(2, 3, 4, 6, 4)
    y, mask = F.max_pool3d(x, 2, return_mask=True)
    back = F.max_unpool3d(y, mask, 2).numpy()
    kept = back != 0
    np.testing.assert_array_equal(back[kept], x.numpy()[kept])
    assert kept.sum() == y.numpy().size


def test_fractional_pool_without_random_u_draws_u_from_the_global_generator():
    x = _t(1, 1, 9, 9)
    paddle.seed(3)
    a = F.fractional_max_pool2d(x, 4).numpy()
    paddle.seed(3)
    b = F.fractional_max_pool2d(x, 4).numpy()
    np.testing.assert_array_equal(a, b)
    assert a.shape == (1, 1, 4, 4)


def test_pools_record_in_static_mode_and_run():
    x_np = np.random.RandomState(0).rand(1, 2, 3, 4, 5).astype("float32")
    want = [F.max_pool3d(paddle.to_tensor(x_np), 2, padding=1).numpy(),
            F.lp_pool2d(paddle.to_tensor(x_np[:, :, 0]), 2, 2).numpy(),
            F.adaptive_avg_pool3d(paddle.to_tensor(x_np), [1, 2, 2]).numpy()]
    paddle.enable_static()
    try:
        main = paddle.static.Program()
        with paddle.static.program_guard(main, paddle.static.Program()):
            x = paddle.static.data("x", [1, 2, 3, 4, 5], "float32")
            x2 = paddle.static.data("x2", [1, 2, 4, 5], "float32")
            outs = [F.max_pool3d(x, 2, padding=1), F.lp_pool2d(x2, 2, 2),
                    F.adaptive_avg_pool3d(x, [1, 2, 2])]
        assert [op.type for op in main.global_block().ops] == ["pool2d"] * 3
        got = paddle.static.Executor().run(main, feed={"x": x_np, "x2": x_np[:, :, 0].copy()},
                                           fetch_list=outs)
    finally:
        paddle.disable_static()
    for g, e in zip(got, want):
        np.testing.assert_allclose(g, e, rtol=1e-6)
