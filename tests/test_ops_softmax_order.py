"""paddle_compat/_ops/softmax_order.py: CPU float32 softmax over the last axis (and its gradient)
equals Paddle 3.3.1's bit for bit (golden: conformance/record/record_kernel_order.py)."""
import json
import os

import numpy as np
import pytest
import torch

import paddle_compat as paddle
import paddle_compat.nn.functional as F
from conformance.record.record_matmul_order import make_inputs, run_case
from conformance.record.record_kernel_order import CASES
from paddle_compat._ops import softmax_order

GOLDEN = json.load(open(os.path.join(os.path.dirname(__file__), "..", "conformance", "goldens",
                                     "kernel_order.json")))["cases"]


@pytest.mark.parametrize("name", [n for n in CASES if n.startswith("softmax")])
def test_bits_equal_paddles(name):
    outs = run_case(paddle, F, CASES[name])
    want = GOLDEN[name]
    assert [list(o.shape) for o in outs] == want["shapes"]
    assert [[float(v).hex() for v in o.ravel()] for o in outs] == want["hex"]


def test_golden_tells_the_orders_apart():
    seed, shapes, _ = CASES["softmax"]
    (a,) = make_inputs(seed, shapes)
    mine = torch.softmax(torch.from_numpy(a * 3), -1).numpy().ravel()
    assert sum(float(v).hex() != w for v, w in zip(mine, GOLDEN["softmax"]["hex"][0])) > 20


def test_vec_sum_order():
    # 8 lanes, lanes added ((0+1)+(4+5)) + ((2+3)+(6+7)), then the tail one by one
    v = np.array([[1e8, 1, -1e8, 1, 1, 1, 1, 1, 0.5]], np.float32)
    lanes = [np.float32(x) for x in v[0, :8]]
    want = (lanes[0] + lanes[1] + (lanes[4] + lanes[5])) + (lanes[2] + lanes[3] +
                                                          (lanes[6] + lanes[7]))
    assert softmax_order.vec_sum(v)[0] == want + np.float32(0.5)


def test_where_it_applies_and_other_axes():
    assert softmax_order.paddle_softmax(torch.ones(3, 4), 0) is None
    assert softmax_order.paddle_softmax(torch.ones(3, 4, dtype=torch.float64)) is None
    x = paddle.to_tensor(np.random.RandomState(0).randn(4, 5).astype("float32"))
    np.testing.assert_allclose(F.softmax(x, axis=0).numpy(),
                               torch.softmax(torch.from_numpy(x.numpy()), 0).numpy(), rtol=1e-6)


def test_double_backward():
    x = paddle.to_tensor([[0.5, 1.0, -2.0]], stop_gradient=False)
    y = F.softmax(x)
    (g,) = paddle.grad((y * paddle.to_tensor([[1.0, 2.0, 3.0]])).sum(), x, create_graph=True)
    (gg,) = paddle.grad(g.sum(), x)
    t = torch.tensor([[0.5, 1.0, -2.0]], requires_grad=True)
    (tg,) = torch.autograd.grad((torch.softmax(t, -1) * torch.tensor([[1.0, 2.0, 3.0]])).sum(), t,
                                create_graph=True)
    (tgg,) = torch.autograd.grad(tg.sum(), t)
    np.testing.assert_allclose(gg.numpy(), tgg.numpy(), rtol=1e-5, atol=1e-7)
