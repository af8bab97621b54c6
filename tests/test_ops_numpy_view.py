"""paddle_compat/_ops/numpy_view.py: the bit-exact numpy kernels step aside where a tensor has no
numpy view (torch.compile traces, functorch transforms, tensor subclasses)."""
import numpy as np
import torch

import paddle_compat as paddle
import paddle_compat.nn.functional as F
from paddle_compat._ops import matmul_order, softmax_order
from paddle_compat._ops.numpy_view import plain_cpu


def test_plain_cpu():
    assert plain_cpu(torch.ones(2), None, torch.nn.Parameter(torch.ones(1)))
    assert not plain_cpu(torch.ones(2, device="meta"))

    class Sub(torch.Tensor):
        pass
    assert not plain_cpu(torch.ones(2).as_subclass(Sub))


def test_exact_kernels_inside_to_static():
    rs = np.random.RandomState(0)
    x = paddle.to_tensor(rs.randn(6, 5).astype("float32"))
    w = paddle.to_tensor(rs.randn(5, 3).astype("float32"))
    label = paddle.to_tensor(rs.randint(0, 3, (6, 1)))

    def step(x, w):
        h = F.linear(x, w)
        return (F.cross_entropy(h, label) + F.softmax(h).sum() + F.layer_norm(h, 3).sum()
                + paddle.cumsum(h, axis=1).sum()
                + F.binary_cross_entropy_with_logits(h, (h > 0).astype("float32")))
    eager = step(x, w).numpy()
    traced = paddle.jit.to_static(step)(x, w).numpy()
    np.testing.assert_allclose(traced, eager, rtol=1e-5)


def test_functorch_transforms_take_torchs_kernels():
    x, y = torch.randn(3, 4, 5), torch.randn(5, 2)
    out = torch.func.vmap(lambda a: matmul_order.paddle_matmul(a, y)
                          if matmul_order.applies(a, y) else a @ y)(x)
    np.testing.assert_allclose(out.numpy(), (x @ y).numpy(), rtol=1e-5)
    seen = []
    torch.func.vmap(lambda a: (seen.append(softmax_order.applies(a, -1)), a.sum())[1])(x)
    assert seen == [False]
