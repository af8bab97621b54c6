"""paddle.incubate's root ops (paddle_compat/_incubate/tensor/math.py, operators/, nn/loss.py)
against Paddle 3.3.1's goldens (conformance/goldens/incubate.json): the deprecated segment_* and
graph_* aliases of paddle.geometric (values, argument errors, the deprecation warning),
softmax_mask_fuse (values, gradient, Paddle's shape/dtype errors), the CPU error of
softmax_mask_fuse_upper_triangle and its CUDA formula, identity_loss; the softmax_mask_fuse ops in
static mode against conformance/goldens/static_fused.json (tests/_static_fused_goldens.py)."""
import numpy as np
import pytest

import paddle_compat as paddle
from paddle_compat._incubate import _kernel
from tests import _static_fused_goldens as static_fused
from tests._incubate_goldens import cases, check, check_dense

ROOT_CASES = cases("segment_", "graph_", "softmax_mask_fuse", "identity_loss", "inference_")


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
    # any incubate.nn.functional name of the census still missing here (the list shrinks as
    # names are provided, so it is looked up rather than spelled)
    from paddle_compat._census import census
    face = paddle.incubate.nn.functional
    missing = [n for n in census()["modules"]["paddle.incubate.nn.functional"]
               if n not in vars(face)]
    if not missing:
        pytest.skip("every paddle.incubate.nn.functional name is provided")
    with pytest.raises(AttributeError, match=f"paddle.incubate.nn.functional.{missing[0]}"):
        getattr(face, missing[0])


# ---- graph_khop_sampler beyond the goldens: the draw when a node has more neighbors than asked

def _csc():
    row = paddle.to_tensor([3, 7, 0, 9, 1, 4, 2, 9, 3, 9, 1, 9, 7])
    colptr = paddle.to_tensor([0, 2, 4, 5, 6, 7, 9, 11, 11, 13, 13])
    return row, colptr


def test_khop_sampler_draws_distinct_neighbors_of_each_node():
    row, colptr = _csc()
    paddle.seed(3)
    src, dst, index, reindexed, eids = paddle.incubate.graph_khop_sampler(
        row, colptr, paddle.to_tensor([0, 5, 6]), [1], paddle.arange(13), True)
    assert list(src.shape) == [3, 1] and reindexed.numpy().tolist() == [0, 1, 2]
    nodes = index.numpy()
    rows = row.numpy()
    cp = colptr.numpy()
    for s, d, e in zip(src.numpy().ravel(), dst.numpy().ravel(), eids.numpy()):
        centre = nodes[d]
        assert cp[centre] <= e < cp[centre + 1] and rows[e] == nodes[s]
    paddle.seed(3)
    again = paddle.incubate.graph_khop_sampler(row, colptr, paddle.to_tensor([0, 5, 6]), [1],
                                               paddle.arange(13), True)
    assert again[4].numpy().tolist() == eids.numpy().tolist()


def test_khop_sampler_expands_every_frontier_node():
    # a second-hop frontier smaller than the inputs: Paddle's kernel reads past its buffer
    # there; every frontier node is expanded here
    row, colptr = _csc()
    src, dst, index, _ = paddle.incubate.graph_khop_sampler(
        row, colptr, paddle.to_tensor([0, 8, 1, 2]), [5, 5])
    nodes = index.numpy()
    edges = sorted(zip(nodes[src.numpy().ravel()].tolist(), nodes[dst.numpy().ravel()].tolist()))
    cp, rows = colptr.numpy(), row.numpy()
    want = set()
    frontier = [0, 8, 1, 2]
    for hop in range(2):
        new = []
        for c in frontier:
            for e in range(cp[c], cp[c + 1]):
                want.add((int(rows[e]), c))
                new.append(int(rows[e]))
        frontier = sorted(set(new) - set(frontier))
    assert set(edges) == want and len(edges) == len(want)


# ---- inference: the decorated call runs as Paddle Inference serves it

class _Net(paddle.nn.Layer):
    def __init__(self):
        super().__init__()
        self.fc = paddle.nn.Linear(4, 3)

    def forward(self, x, y=None):
        return self.fc(x) * 2, x.sum()


def test_inference_layer_returns_the_predictor_outputs():
    paddle.seed(1)
    net = _Net()
    x = paddle.rand([2, 4])
    want = net(x)
    same = paddle.incubate.inference(net)
    assert same is net and paddle.incubate.inference(net) is net     # decorating twice: as is
    out = net(x)
    assert isinstance(out, list) and len(out) == 2
    assert out[0].numpy().tolist() == want[0].numpy().tolist()
    assert out[0].stop_gradient and out[1].stop_gradient
    assert net.forward.__name__ == "innermost_decorator"


def test_inference_function_with_one_output_returns_the_tensor():
    f = paddle.incubate.inference(lambda x: x * 2)
    out = f(paddle.ones([2]))
    assert isinstance(out, paddle.Tensor) and out.numpy().tolist() == [2.0, 2.0]


def test_inference_as_method_decorator():
    class M(paddle.nn.Layer):
        @paddle.incubate.inference()
        def forward(self, x):
            return x + 1

    assert M()(paddle.zeros([1])).numpy().tolist() == [1.0]
    with pytest.raises(AssertionError):
        paddle.incubate.inference()(lambda x: x)        # Paddle: the first argument is self


def test_inference_argument_checks():
    f = paddle.incubate.inference(lambda x: x)
    with pytest.raises(AssertionError, match="but here we get x in your function is <class 'int'>"):
        f(3)
    with pytest.raises(AssertionError, match="the elements in x must be paddle.Tensor"):
        f([paddle.ones([1]), 3])
    assert f(None) is None
    g = paddle.incubate.inference(lambda x: x, precision_mode="int8")
    with pytest.raises(AssertionError, match="unsupported precision int8"):
        g(paddle.ones([1]))
    with pytest.raises(NotImplementedError, match="TensorRT"):
        paddle.incubate.inference(lambda x: x, with_trt=True)


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


@pytest.mark.parametrize("name,mode", static_fused.cases("softmax_mask_fuse",
                                                         "graph_khop_sampler"))
def test_static_mode_matches_paddle(name, mode, monkeypatch):
    # the legacy and PIR programs Paddle prints, the CPU values of softmax_mask_fuse and of
    # graph_khop_sampler (sample sizes covering every degree), and the upper-triangle op's CPU
    # error raised when the Executor runs it
    static_fused.replay(name, mode, monkeypatch)


def test_softmax_mask_fuse_upper_triangle_static_computes_on_the_cuda_path(monkeypatch):
    monkeypatch.setattr(_kernel, "on_gpu", lambda t: True)
    xv = np.linspace(-1, 1, 18).astype("float32").reshape(1, 2, 3, 3)
    dyn = paddle.incubate.softmax_mask_fuse_upper_triangle(paddle.to_tensor(xv)).numpy()
    paddle.enable_static()
    try:
        main = paddle.static.Program()
        with paddle.static.program_guard(main, paddle.static.Program()):
            out = paddle.incubate.softmax_mask_fuse_upper_triangle(
                paddle.static.data("x", [1, 2, 3, 3], "float32"))
        got, = paddle.static.Executor().run(main, feed={"x": xv}, fetch_list=[out])
    finally:
        paddle.disable_static()
    np.testing.assert_allclose(got, dyn, rtol=1e-6)
    assert got[0, 0, 0].tolist() == [1.0, 0.0, 0.0]
