"""paddle_compat/_ops/reduce_order.py: CPU sums and means equal Paddle 3.3.1's bit for bit
(golden: conformance/record/record_reduce_order.py)."""
import json
import os

import numpy as np
import pytest
import torch

import paddle_compat as paddle
import paddle_compat.nn.functional as F
from conformance.record.record_reduce_order import CASES, make_input
from paddle_compat._ops import reduce_order

GOLDEN = json.load(open(os.path.join(os.path.dirname(__file__), "..", "conformance", "goldens",
                                     "reduce_order.json")))["cases"]


@pytest.mark.parametrize("name", sorted(CASES))
def test_bits_equal_paddles(name):
    seed, shape, dtype, call = CASES[name]
    x = paddle.to_tensor(make_input(seed, shape, dtype))
    out = eval(call, {"paddle": paddle, "F": F, "x": x}).numpy()
    want = GOLDEN[name]
    assert list(out.shape) == want["shape"]
    assert [float(v).hex() for v in out.ravel()] == want["hex"]


def test_golden_tells_the_orders_apart():
    # torch's own order gives other bits for most cases: the test above can fail
    differ = 0
    for name, (seed, shape, dtype, call) in CASES.items():
        if not call.startswith("paddle.sum(x)"):
            continue
        t = torch.from_numpy(make_input(seed, shape, dtype))
        differ += float(t.sum()).hex() != GOLDEN[name]["hex"][0]
    assert differ >= 5


def test_gradients_are_the_broadcast():
    x = paddle.to_tensor(make_input(7, (4, 5, 6), "float32"), stop_gradient=False)
    (paddle.sum(x, axis=[0, 2]) * paddle.arange(5, dtype="float32")).sum().backward()
    want = np.broadcast_to(np.arange(5, dtype=np.float32)[None, :, None], (4, 5, 6))
    np.testing.assert_array_equal(x.grad.numpy(), want)
    x.clear_grad()
    paddle.mean(x).backward()
    np.testing.assert_array_equal(x.grad.numpy(), np.full((4, 5, 6), 1 / 120, np.float32))
    x.clear_grad()
    F.mse_loss(x, paddle.zeros_like(x)).backward()
    np.testing.assert_allclose(x.grad.numpy(), 2 * x.numpy() / 120, rtol=1e-6)


def test_double_backward_through_mean():
    x = paddle.to_tensor([1.0, 2.0, 3.0], stop_gradient=False)
    y = paddle.mean(x * x)
    (g,) = paddle.grad(y, x, create_graph=True)
    (gg,) = paddle.grad(g.sum(), x)
    np.testing.assert_allclose(gg.numpy(), [2 / 3] * 3, rtol=1e-6)


def test_where_it_applies():
    big = torch.ones(reduce_order.EXACT_LIMIT + 1)
    assert reduce_order.paddle_sum(big) is None            # larger: torch's order
    assert reduce_order.paddle_sum(torch.ones(3, dtype=torch.int32)) is None
    assert reduce_order.paddle_sum(torch.ones(3, dtype=torch.float16)) is None
    assert reduce_order.paddle_sum(torch.ones(0)) is None
    assert float(reduce_order.paddle_sum(torch.ones(5))) == 5.0
    # a 0-D tensor, and axis=[] (Paddle: every axis)
    assert float(reduce_order.paddle_sum(torch.tensor(2.5), ())) == 2.5
    np.testing.assert_array_equal(paddle.sum(paddle.ones([2, 3]), axis=[]).numpy(), 6.0)


def test_static_program_sums_in_the_same_order():
    name = "sum_axes_7"
    seed, shape, dtype, call = CASES[name]
    paddle.enable_static()
    try:
        main = paddle.static.Program()
        with paddle.static.program_guard(main):
            x = paddle.static.data("x", list(shape), dtype)
            out = eval(call, {"paddle": paddle, "F": F, "x": x})
        exe = paddle.static.Executor(paddle.CPUPlace())
        (got,) = exe.run(main, feed={"x": make_input(seed, shape, dtype)}, fetch_list=[out])
    finally:
        paddle.disable_static()
    assert [float(v).hex() for v in np.asarray(got).ravel()] == GOLDEN[name]["hex"]


def test_overflow_and_nan_quietly_as_paddle(recwarn):
    big = paddle.to_tensor([3e38, 3e38, 1.0], dtype="float32")
    assert np.isinf(paddle.sum(big).numpy())
    assert np.isnan(paddle.mean(paddle.to_tensor([np.inf, -np.inf], dtype="float32")).numpy())
    assert not [w for w in recwarn if issubclass(w.category, RuntimeWarning)]


def test_traced_and_wrapped_tensors_keep_torchs_path():
    # jit.to_static traces with torch.compile: the numpy path must not be taken there
    fn = paddle.jit.to_static(lambda x: (x * 2).sum())
    x = paddle.to_tensor(make_input(3, (40,), "float32"))
    np.testing.assert_allclose(fn(x).numpy(), (x * 2).sum().numpy(), rtol=1e-6)
    # functorch transforms wrap the tensor; the reduction still runs (torch's order)
    out = torch.func.vmap(lambda t: reduce_order.paddle_sum(t) if reduce_order.paddle_sum(t)
                          is not None else t.sum())(torch.ones(3, 4))
    np.testing.assert_array_equal(out.numpy(), [4.0, 4.0, 4.0])
