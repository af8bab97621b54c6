"""paddle.incubate's root ops (paddle_compat/_incubate/tensor/math.py, operators/, nn/loss.py)
against Paddle 3.3.1's goldens (conformance/goldens/incubate.json): the deprecated segment_* and
graph_* aliases of paddle.geometric (values, argument errors, the deprecation warning),
softmax_mask_fuse (values, gradient, Paddle's shape/dtype errors), the CPU error of
softmax_mask_fuse_upper_triangle and its CUDA formula, identity_loss."""
import pytest

import paddle_compat as paddle
from tests._incubate_goldens import cases, check, check_dense

ROOT_CASES = cases("segment_", "graph_", "softmax_mask_fuse", "identity_loss")


@pytest.mark.parametrize("case", ROOT_CASES)
def test_golden(case):
    check(case)


def test_upper_triangle_dense_formula(monkeypatch):
    check_dense("softmax_mask_fuse_upper_triangle", monkeypatch)


def test_aliases_run_the_geometric_functions():
    data = paddle.to_tensor([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
    ids = paddle.to_tensor([0, 0, 1])
    with pytest.warns(UserWarning):
        ours = paddle.incubate.segment_max(data, ids)
    assert ours.numpy().tolist() == paddle.geometric.segment_max(data, ids).numpy().tolist()


def test_identity_loss_none_keeps_the_graph():
    x = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
    out = paddle.incubate.identity_loss(x, "none")
    (out * paddle.to_tensor([3.0, 4.0])).sum().backward()
    assert x.grad.numpy().tolist() == [3.0, 4.0]


def test_unprovided_names_raise_the_census_error():
    with pytest.raises(AttributeError, match="paddle.incubate.graph_khop_sampler"):
        paddle.incubate.graph_khop_sampler


def test_identity_loss_records_paddles_op_in_static_mode():
    # Paddle 3.3.1 (legacy): `identity_loss_0.tmp_0` = identity_loss(X=[loss], reduction = 1),
    # a 0-D result; run, it is the mean
    import numpy as np
    paddle.enable_static()
    try:
        main = paddle.static.Program()
        with paddle.static.program_guard(main):
            loss = paddle.static.data(name="loss", shape=[-1, 1], dtype="float32")
            out = paddle.incubate.identity_loss(loss, reduction=1)
        op = main.global_block().ops[-1]
        assert (op.type, op.attr("reduction"), out.name, out.shape) == (
            "identity_loss", 1, "identity_loss_0.tmp_0", ())
        got, = paddle.static.Executor().run(
            main, feed={"loss": np.array([[1.0], [2.0], [6.0]], "float32")}, fetch_list=[out])
        assert float(got) == 3.0
    finally:
        paddle.disable_static()
