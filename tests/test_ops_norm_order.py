"""paddle_compat/_ops/norm_order.py: CPU float32 layer_norm equals Paddle 3.3.1's bit for bit
(golden: conformance/record/record_kernel_order.py)."""
import json
import os

import numpy as np
import pytest
import torch

import paddle_compat as paddle
import paddle_compat.nn.functional as F
from conformance.record.record_matmul_order import make_inputs, run_case
from conformance.record.record_kernel_order import CASES
from paddle_compat._ops import norm_order

GOLDEN = json.load(open(os.path.join(os.path.dirname(__file__), "..", "conformance", "goldens",
                                     "kernel_order.json")))["cases"]


@pytest.mark.parametrize("name", [n for n in CASES if n.startswith("layer_norm")])
def test_bits_equal_paddles(name):
    outs = run_case(paddle, F, CASES[name])
    want = GOLDEN[name]
    assert [list(o.shape) for o in outs] == want["shapes"]
    assert [[float(v).hex() for v in o.ravel()] for o in outs] == want["hex"]


def test_golden_tells_the_orders_apart():
    seed, shapes, _ = CASES["layer_norm_wide"]
    a, b, c = (torch.from_numpy(v) for v in make_inputs(seed, shapes))
    mine = torch.layer_norm(a * 2 + 1, [100], b, c).numpy().ravel()
    assert sum(float(v).hex() != w for v, w in zip(mine, GOLDEN["layer_norm_wide"]["hex"][0])) > 50


def test_gradients_agree_with_torchs():
    rs = np.random.RandomState(0)
    x, w, b = (rs.randn(*s).astype("float32") for s in ((6, 4, 10), (10,), (10,)))
    mine = [paddle.to_tensor(v, stop_gradient=False) for v in (x, w, b)]
    (F.layer_norm(mine[0], 10, mine[1], mine[2]) ** 2).sum().backward()
    ref = [torch.tensor(v, requires_grad=True) for v in (x, w, b)]
    (torch.layer_norm(ref[0], [10], ref[1], ref[2]) ** 2).sum().backward()
    for m, r in zip(mine, ref):
        np.testing.assert_allclose(m.grad.numpy(), r.grad.numpy(), rtol=1e-4, atol=1e-5)


def test_where_it_applies():
    assert norm_order.paddle_layer_norm(torch.ones(2, 3, dtype=torch.float64), None, None, 1e-5,
                                        1) is None
    out = norm_order.paddle_layer_norm(torch.tensor([[1.0, 3.0]]), None, None, 0.0, 1)
    np.testing.assert_array_equal(out.numpy(), [[-1.0, 1.0]])


def test_double_backward_matches_torchs():
    rs = np.random.RandomState(2)
    x0, w0 = rs.randn(3, 9).astype("float32"), rs.randn(9).astype("float32")
    x = paddle.to_tensor(x0, stop_gradient=False)
    w = paddle.to_tensor(w0, stop_gradient=False)
    (g,) = paddle.grad((F.layer_norm(x, 9, w) ** 3).sum(), x, create_graph=True)
    gx, gw = paddle.grad(g.sum(), [x, w])
    tx, tw = torch.tensor(x0, requires_grad=True), torch.tensor(w0, requires_grad=True)
    (tg,) = torch.autograd.grad((torch.layer_norm(tx, [9], tw) ** 3).sum(), tx, create_graph=True)
    tgx, tgw = torch.autograd.grad(tg.sum(), [tx, tw])
    np.testing.assert_allclose(gx.numpy(), tgx.numpy(), rtol=1e-3, atol=1e-4)
    np.testing.assert_allclose(gw.numpy(), tgw.numpy(), rtol=1e-3, atol=1e-4)
