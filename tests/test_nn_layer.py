"""paddle.nn Layer machinery and functional ops: properties against torch/numpy references
(hypothesis), Layer registration rules, state_dict round trips, hooks, static-mode recording."""
import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

import paddle_compat as paddle
import paddle_compat.nn as nn
import paddle_compat.nn.functional as F
from paddle_compat._nn.parameter import Parameter


def T(a, sg=True):
    t = paddle.to_tensor(np.asarray(a, dtype="float32"))
    t.stop_gradient = sg
    return t


@settings(max_examples=15, deadline=None)
@given(st.integers(1, 4), st.integers(1, 6), st.integers(1, 5), st.integers(0, 10_000))
def test_linear_matches_matmul(batch, fin, fout, seed):
    rng = np.random.RandomState(seed)
    x, w, b = rng.randn(batch, fin), rng.randn(fin, fout), rng.randn(fout)
    out = F.linear(T(x), T(w), T(b)).numpy()
    np.testing.assert_allclose(out, x.astype("float32") @ w.astype("float32") + b, rtol=1e-5,
                               atol=1e-5)


@settings(max_examples=15, deadline=None)
@given(st.integers(2, 5), st.integers(2, 6), st.integers(0, 10_000))
def test_cross_entropy_equals_numpy_formula(n, c, seed):
    rng = np.random.RandomState(seed)
    logits, labels = rng.randn(n, c).astype("float32"), rng.randint(0, c, n)
    got = F.cross_entropy(T(logits), paddle.to_tensor(labels), reduction="none").numpy()
    logp = logits - np.log(np.exp(logits - logits.max(1, keepdims=True)).sum(1, keepdims=True)) \
        - logits.max(1, keepdims=True)
    np.testing.assert_allclose(got, -logp[np.arange(n), labels], rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("ignore_index,want", [(0, 1.0076881647109985), (1, 0.891777515411377),
                                                (-100, 1.120422124862671)])
def test_cross_entropy_mean_divides_by_the_labels_not_ignored(ignore_index, want):
    # Paddle 3.3.1's values (`want`): with ignore_index >= 0 (0 included) 'mean' divides by the
    # number of labels that are not ignored; with the default -100 by all of them.
    logits = np.array([[1.0, 2.0, 0.5], [0.3, -1.0, 2.0], [1.5, 0.0, -0.5], [0.2, 0.1, 0.0]], "float32")
    labels = np.array([0, 2, 1, 0], "int64")
    got = F.cross_entropy(T(logits), paddle.to_tensor(labels), ignore_index=ignore_index)
    np.testing.assert_allclose(float(got), want, rtol=1e-6)
    nll = -(logits - np.log(np.exp(logits).sum(1, keepdims=True)))[np.arange(4), labels]
    kept = labels != ignore_index
    np.testing.assert_allclose(float(got), nll[kept].sum() / kept.sum(), rtol=1e-5)


def _conv2d_numpy(x, w, stride, pad):
    """Direct cross-correlation: out[n, o, i, j] = sum(x_pad[n, :, i*s:i*s+k, j*s:j*s+k] * w[o])."""
    xp = np.pad(x.astype("float64"), ((0, 0), (0, 0), (pad, pad), (pad, pad)))
    k = w.shape[-1]
    oh = (xp.shape[2] - k) // stride + 1
    ow = (xp.shape[3] - k) // stride + 1
    out = np.zeros((x.shape[0], w.shape[0], oh, ow))
    for i in range(oh):
        for j in range(ow):
            patch = xp[:, :, i * stride:i * stride + k, j * stride:j * stride + k]
            out[:, :, i, j] = np.einsum("nchw,ochw->no", patch, w.astype("float64"))
    return out


@settings(max_examples=10, deadline=None)
@given(st.integers(1, 3), st.integers(1, 3), st.integers(3, 7), st.sampled_from([1, 2]),
       st.integers(0, 2), st.integers(0, 10_000))
def test_conv2d_matches_direct_numpy_convolution(cin, cout, size, stride, pad, seed):
    rng = np.random.RandomState(seed)
    x, w = rng.randn(2, cin, size, size).astype("float32"), rng.randn(cout, cin, 3, 3).astype("float32")
    got = F.conv2d(T(x), T(w), stride=stride, padding=pad).numpy()
    want = _conv2d_numpy(x, w, stride, pad)      # not torch's conv2d, which the kernel calls
    np.testing.assert_allclose(got, want, rtol=1e-4, atol=1e-5)


def test_batch_norm_running_stats_use_biased_variance():
    x = np.random.RandomState(0).rand(6, 3).astype("float32")
    bn = nn.BatchNorm1D(3, momentum=0.8)
    bn(T(x))
    np.testing.assert_allclose(bn._mean.numpy(), 0.2 * x.mean(0), rtol=1e-6)
    np.testing.assert_allclose(bn._variance.numpy(), 0.8 + 0.2 * x.var(0), rtol=1e-6)


def test_parameter_flags_and_names_under_guard():
    with paddle.utils.unique_name.guard():
        l1, l2 = nn.Linear(2, 3), nn.Linear(3, 1)
        assert (l1.weight.name, l1.bias.name, l2.weight.name) == ("linear_0.w_0", "linear_0.b_0",
                                                                  "linear_1.w_0")
    w = l1.weight
    assert isinstance(w, Parameter) and not w.stop_gradient and w.trainable and w.persistable


def test_setattr_registration_and_errors():
    class M(nn.Layer):
        def __init__(self):
            super().__init__()
            self.fc = nn.Linear(2, 2)
            self.buf = T([1.0])
            self.plain = 3

    m = M()
    assert list(m._sub_layers) == ["fc"] and "buf" in m._buffers and m.plain == 3
    assert "buf" not in m.state_dict()            # plain Tensor attributes are non-persistable
    m.register_buffer("kept", T([2.0]))
    assert "kept" in m.state_dict()
    with pytest.raises(TypeError, match="assignment to parameter 'weight'"):
        m.fc.weight = T(np.ones([2, 2]))
    with pytest.raises(KeyError, match="can not contain"):
        m.add_parameter("a.b", m.fc.weight)
    with pytest.raises(TypeError, match="should be a Parameter"):
        m.add_parameter("p", T([1.0]))
    del m.fc
    assert "fc" not in m._sub_layers


def test_state_dict_round_trip_and_mismatch_warning():
    a, b = nn.Sequential(nn.Linear(3, 2), nn.BatchNorm1D(2)), nn.Sequential(nn.Linear(3, 2),
                                                                             nn.BatchNorm1D(2))
    a(T(np.random.rand(4, 3)))
    missing, unexpected = b.set_state_dict(a.state_dict())
    assert missing == [] and unexpected == []
    for (ka, va), (kb, vb) in zip(a.state_dict().items(), b.state_dict().items()):
        assert ka == kb
        np.testing.assert_array_equal(va.numpy(), vb.numpy())
    with pytest.warns(UserWarning, match="Skip loading for 0.weight"):
        missing, _ = b.set_state_dict({"0.weight": np.zeros([2, 2], "float32")})
    assert "0.weight" in missing


def test_hooks_run_in_order_and_remove():
    calls = []
    lin = nn.Linear(2, 2)
    h1 = lin.register_forward_pre_hook(lambda layer, inp: calls.append("pre"))
    h2 = lin.register_forward_post_hook(lambda layer, inp, out: calls.append("post"))
    lin(T(np.ones([1, 2])))
    h1.remove(), h2.remove()
    lin(T(np.ones([1, 2])))
    assert calls == ["pre", "post"]


def test_backward_reaches_parameters():
    model = nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.Linear(4, 2))
    loss = F.cross_entropy(model(T(np.random.rand(5, 3))), paddle.to_tensor(np.array([0, 1, 1, 0, 1])))
    loss.backward()
    assert all(p.grad is not None and p.grad.shape == p.shape for p in model.parameters())
    model.clear_gradients()
    assert all(float(np.abs(p.grad.numpy()).sum()) == 0.0 for p in model.parameters())


def test_to_float64_keeps_parameter_objects():
    lin = nn.Linear(2, 2)
    w = lin.weight
    lin.to(dtype="float64")
    assert lin.weight is w and str(w.dtype) == "paddle.float64" and not w.stop_gradient


def test_static_mode_records_nn_ops_and_parameters():
    paddle.enable_static()
    try:
        main, start = paddle.static.Program(), paddle.static.Program()
        with paddle.static.program_guard(main, start):
            x = paddle.static.data("x", [-1, 4], "float32")
            y = F.softmax(nn.Linear(4, 3)(F.relu(x)))
        types = [op.type for op in main.global_block().ops]
        assert types == ["relu", "matmul_v2", "elementwise_add", "softmax"]   # as Paddle 3.3.1 records
        assert len(main.global_block().all_parameters()) == 2
        exe = paddle.static.Executor()
        exe.run(start)
        out, = exe.run(main, feed={"x": np.ones([2, 4], "float32")}, fetch_list=[y])
        np.testing.assert_allclose(out.sum(1), [1.0, 1.0], rtol=1e-6)
    finally:
        paddle.disable_static()


def test_train_and_eval_switch_every_sublayer():
    net = nn.Sequential(nn.Linear(4, 4), nn.Sequential(nn.Dropout(0.5), nn.BatchNorm1D(4)))
    x = T(np.random.RandomState(0).rand(8, 4).astype("float32"))
    net.eval()
    assert [layer.training for layer in net.sublayers(include_self=True)] == [False] * 5
    a, b = net(x).numpy(), net(x).numpy()
    np.testing.assert_array_equal(a, b)          # no dropout, running statistics: deterministic
    linear = net[0]
    want = (x.numpy() @ linear.weight.numpy() + linear.bias.numpy()) / np.sqrt(1 + 1e-5)
    np.testing.assert_allclose(a, want, rtol=1e-5, atol=1e-6)
    net.train()
    assert [layer.training for layer in net.sublayers(include_self=True)] == [True] * 5
    net.train(False)
    assert not any(layer.training for layer in net.sublayers(include_self=True))


# ---- the paddle.nn.layer package: Paddle 3.3.1's Layer classes, one module per family; each module
# offers the names Paddle defines in it (python/paddle/nn/layer/*.py), as paddle.nn's objects, so
# `from paddle.nn.layer.loss import CrossEntropyLoss` works.
import paddle_compat.nn.layer as L  # noqa: E402

# Paddle 3.3.1's classes per module (its Python-internal helpers, such as layers.LayerObjectHelper
# and rnn.ArrayWrapper, are left out), counted from the oracle.
PADDLE_COUNTS = {"activation": 29, "common": 35, "container": 5, "conv": 6, "distance": 1,
                 "layers": 2, "loss": 23, "norm": 12, "pooling": 19, "rnn": 14,
                 "transformer": 6, "vision": 3}


@pytest.mark.parametrize("module", sorted(PADDLE_COUNTS))
def test_each_module_offers_paddles_classes_as_paddle_nn_objects(module):
    mod = getattr(L, module)
    names = [n for n in vars(mod) if not n.startswith("_") and callable(vars(mod)[n])]
    assert len(names) >= PADDLE_COUNTS[module]
    for n in names:
        if hasattr(paddle.nn, n):
            assert getattr(mod, n) is getattr(paddle.nn, n), n


def test_scripts_import_from_the_family_modules():
    from paddle_compat.nn.layer.loss import CrossEntropyLoss
    from paddle_compat.nn.layer.transformer import TransformerEncoderLayer
    from paddle_compat.nn.layer.layers import Layer
    assert CrossEntropyLoss is paddle.nn.CrossEntropyLoss
    assert TransformerEncoderLayer is paddle.nn.TransformerEncoderLayer
    assert Layer is paddle.nn.Layer and L.Layer is paddle.nn.Layer
    assert paddle.nn.layer.common.Linear is paddle.nn.Linear
    with pytest.raises(AttributeError):
        L.loss.NotAPaddleLoss
