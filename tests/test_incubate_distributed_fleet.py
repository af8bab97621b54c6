"""paddle.incubate.distributed.fleet (recompute_sequential, recompute_hybrid in
paddle_compat/distributed/fleet/recompute/): values and gradients equal the plain forward."""
import numpy as np
import pytest

import paddle_compat as paddle
from paddle_compat.incubate.distributed.fleet import recompute_hybrid, recompute_sequential


def _model_and_input():
    paddle.seed(5)
    model = paddle.nn.Sequential(paddle.nn.Linear(4, 6), paddle.nn.ReLU(), paddle.nn.Dropout(0.3),
                                 paddle.nn.Linear(6, 2))
    x = paddle.to_tensor(np.random.RandomState(1).randn(3, 4).astype("float32"),
                         stop_gradient=False)
    return model, x


def _grads(model, x, run):
    paddle.seed(11)
    out = run(model, x)
    out.sum().backward()
    return out.numpy(), [p.grad.numpy() for p in model.parameters()], x.grad.numpy()


@pytest.mark.parametrize("segments", [1, 2])
def test_recompute_sequential_equals_plain_forward(segments):
    model, x = _model_and_input()
    plain = _grads(model, x, lambda m, t: m(t))
    model.clear_gradients()
    x.clear_gradient()
    again = _grads(model, x, lambda m, t: recompute_sequential({"segments": segments}, m, t))
    for a, b in zip([plain[0], *plain[1], plain[2]], [again[0], *again[1], again[2]]):
        np.testing.assert_allclose(a, b, rtol=1e-6)


def test_recompute_hybrid_equals_plain_forward_and_needs_mp_group():
    model, x = _model_and_input()
    plain = _grads(model, x, lambda m, t: m(t))
    model.clear_gradients()
    x.clear_gradient()
    # any group object stands for the mp group here (no process group is needed to recompute)
    ctx = {"mp_group": object(), "offload": True, "partition": True}
    again = _grads(model, x, lambda m, t: recompute_hybrid(ctx, m, t))
    for a, b in zip([plain[0], *plain[1], plain[2]], [again[0], *again[1], again[2]]):
        np.testing.assert_allclose(a, b, rtol=1e-6)
    with pytest.raises(AssertionError, match="ctx must contains mp_group and mp_group can not "
                                             "be None."):
        recompute_hybrid({}, model, x)
    assert paddle.incubate.distributed.fleet.recompute_hybrid is recompute_hybrid
