"""Tests of the activations, losses, optimizers, schedulers and metrics added by the training hunt
(functional_activation2, layers_activation2, functional_loss2, layers_loss2, rules2/optimizers2,
lr2, metrics2). Paddle's own numbers for these are in conformance/cases/hunt_train.py; here the
formulas are checked against torch / numpy references and the error paths against Paddle's text."""
import math

import numpy as np
import pytest
import torch
from hypothesis import given, settings, strategies as st

import paddle_compat as paddle
import paddle_compat.nn as nn
import paddle_compat.nn.functional as F

floats = st.lists(st.floats(-30, 30, allow_nan=False, width=32), min_size=1, max_size=8)


@settings(max_examples=25, deadline=None)
@given(floats)
def test_activations_match_numpy_formulas(values):
    # numpy formulas in float64, not the torch functions the kernels are built on (comparing with
    # those would only check the wiring)
    v = np.array(values, dtype="float32").astype("float64")
    x = paddle.to_tensor(np.array(values, dtype="float32"))
    softplus = np.logaddexp(0, v)
    scale, alpha = 1.0507009873554805, 1.6732632423543772
    refs = {
        "celu": np.maximum(v, 0) + np.minimum(0, np.expm1(v)),
        "selu": scale * np.where(v > 0, v, alpha * np.expm1(v)),
        "mish": v * np.tanh(softplus), "swish": v / (1 + np.exp(-v)),
        "hardtanh": np.clip(v, -1, 1), "hardshrink": np.where(np.abs(v) > 0.5, v, 0),
        "softshrink": np.where(v > 0.5, v - 0.5, np.where(v < -0.5, v + 0.5, 0)),
        "tanhshrink": v - np.tanh(v), "softsign": v / (1 + np.abs(v)),
        "log_sigmoid": -np.logaddexp(0, -v), "thresholded_relu": np.where(v > 1.0, v, 0),
    }
    for name, ref in refs.items():
        np.testing.assert_allclose(getattr(F, name)(x).numpy(), ref, rtol=1e-5, atol=1e-5,
                                   err_msg=name)


def test_activation_errors_use_paddle_messages():
    x = paddle.to_tensor([1.0, -1.0])
    with pytest.raises(ValueError, match="The scale must be greater than 1.0. Received: 0.5."):
        F.selu(x, scale=0.5)
    with pytest.raises(ValueError, match="The threshold must be no less than zero"):
        F.softshrink(x, -1)
    with pytest.raises(RuntimeError, match="kernel `mish` is not registered"):
        F.mish(paddle.to_tensor([1, 2]))


def test_prelu_channel_weights_and_layer():
    x = paddle.to_tensor(np.array([[[-1.0], [-2.0], [3.0]]], dtype="float32"))   # N=1, C=3, L=1
    out = F.prelu(x, paddle.to_tensor([0.1, 0.2, 0.3]))
    np.testing.assert_allclose(out.numpy().ravel(), [-0.1, -0.4, 3.0], rtol=1e-6)
    layer = nn.PReLU(3, 0.1)
    assert [list(p.shape) for p in layer.parameters()] == [[3]]
    assert repr(layer) == "PReLU(num_parameters=3, data_format=NCHW, init=0.1, dtype=float32)"
    with pytest.raises(AssertionError, match="weight size should be equal to x input channel"):
        F.prelu(x, paddle.to_tensor([0.1, 0.2]))


def test_layer_reprs_follow_paddle():
    assert repr(nn.SELU()) == "SELU(scale=1.0507009873554805, alpha=1.6732632423543772)"
    assert repr(nn.CELU(0.5, name="x")) == "CELU(alpha=0.5, name=x)"
    assert repr(nn.Silu()) == "Silu(inplace=False)"
    assert repr(nn.PairwiseDistance(1.0, keepdim=True)) == "PairwiseDistance(p=1.0, keepdim=True)"
    assert repr(nn.Maxout(2)) == "Maxout(groups=2, axis=1)"


def test_maxout_and_glu_shapes_and_values():
    x = paddle.to_tensor(np.arange(8, dtype="float32").reshape(1, 4, 1, 2))
    out = F.maxout(x, groups=2)
    ref = np.arange(8, dtype="float32").reshape(1, 2, 2, 1, 2).max(2)
    np.testing.assert_array_equal(out.numpy(), ref)
    g = F.glu(paddle.to_tensor([[1.0, 2.0, 0.0, 3.0]]))
    np.testing.assert_allclose(g.numpy(), [[0.5, 2.0 / (1 + math.exp(-3))]], rtol=1e-6)


def test_losses_match_formulas():
    rng = np.random.RandomState(0)
    a, b = rng.rand(4, 3).astype("float32"), rng.rand(4, 3).astype("float32") * 3
    x, y = paddle.to_tensor(a), paddle.to_tensor(b)
    r = np.abs(b - a)
    huber = np.where(r <= 1, 0.5 * r * r, r - 0.5)
    np.testing.assert_allclose(float(F.smooth_l1_loss(x, y)), huber.mean(), rtol=1e-6)
    np.testing.assert_allclose(F.square_error_cost(x, y).numpy(), (a - b) ** 2, rtol=1e-6)
    p = a / a.sum(1, keepdims=True)
    kl = (p * (np.log(p) - np.log(a))).sum() / 4
    np.testing.assert_allclose(float(F.kl_div(paddle.to_tensor(np.log(a)), paddle.to_tensor(p),
                                              reduction="batchmean")), kl, rtol=1e-5)
    lab = paddle.to_tensor([1.0, -1.0, 1.0])
    mr = np.maximum(0, -np.array([1, -1, 1]) * (a[0] - a[1])).mean()
    np.testing.assert_allclose(float(F.margin_ranking_loss(x[0], x[1], lab)), mr, rtol=1e-6)
    cos = (a * b).sum(1) / np.sqrt((a * a).sum(1) * (b * b).sum(1))
    np.testing.assert_allclose(F.cosine_similarity(x, y, axis=1).numpy(), cos, rtol=1e-5)
    d = np.sqrt(((a - b + 1e-6) ** 2).sum(-1))
    np.testing.assert_allclose(F.pairwise_distance(x, y).numpy(), d, rtol=1e-5)
    np.testing.assert_allclose(float(nn.SoftMarginLoss()(x, y)), np.log1p(np.exp(-b * a)).mean(),
                               rtol=1e-5)


def test_loss_errors_use_paddle_messages():
    x = paddle.rand([4, 5])
    with pytest.raises(ValueError, match="2nd dimension of Input\\(X\\) must be 1,But got \\[5\\]"):
        F.log_loss(x, x)
    with pytest.raises(ValueError, match="should be 'sum', 'mean' or 'none', but received max"):
        F.smooth_l1_loss(x, x, reduction="max")
    with pytest.raises(ValueError, match="1D target tensor expected"):
        F.cosine_embedding_loss(x, x, paddle.ones([4, 1]))


def _fit(opt_cls, steps=4, **kw):
    w = paddle.create_parameter([3], "float32",
                                default_initializer=nn.initializer.Constant(0.5))
    opt = opt_cls(parameters=[w], **kw)
    for _ in range(steps):
        (w * paddle.to_tensor([1.0, -2.0, 3.0])).sum().backward()
        opt.step()
        opt.clear_grad()
    return w.numpy(), opt


def test_adamax_matches_numpy_reference():
    w, opt = _fit(paddle.optimizer.Adamax, learning_rate=0.1)
    g = np.array([1.0, -2.0, 3.0])
    p, m, u = np.full(3, 0.5), np.zeros(3), np.zeros(3)
    for t in range(1, 5):
        m = 0.9 * m + 0.1 * g
        u = np.maximum(0.999 * u + 1e-8, np.abs(g))
        p = p - 0.1 / (1 - 0.9 ** t) * m / u
    np.testing.assert_allclose(w, p, rtol=1e-5)
    assert sorted(k.split(".w_0_", 1)[1] for k in opt.state_dict()) == \
        ["beta1_pow_acc_0", "inf_norm_0", "moment_0"]


def test_adadelta_and_nadam_move_against_the_gradient():
    for cls, kw in ((paddle.optimizer.Adadelta, {"learning_rate": 1.0}),
                    (paddle.optimizer.NAdam, {}), (paddle.optimizer.RAdam, {}),
                    (paddle.optimizer.Lamb, {"lamb_weight_decay": 0.0})):
        w, _ = _fit(cls, **kw)
        assert np.all(np.sign(0.5 - w) == [1, -1, 1]), cls.__name__


def test_radam_keeps_paddle_shaped_accumulators():
    _, opt = _fit(paddle.optimizer.RAdam, steps=2)
    assert all(list(v.shape) == [3] for v in opt.state_dict().values())
    rho = [v for k, v in opt.state_dict().items() if "rho" in k][0].numpy()
    np.testing.assert_allclose(rho, 2 * 0.998001 / (1 - 0.998001), rtol=1e-4)   # t b2^t / (1 - b2^t)


def test_one_cycle_and_cyclic_schedules():
    s = paddle.optimizer.lr.OneCycleLR(0.1, total_steps=10)
    vals = []
    for _ in range(10):
        vals.append(s())
        s.step()
    assert vals[0] == pytest.approx(0.004) and max(vals) == pytest.approx(0.1, rel=1e-3)
    assert vals[-1] == pytest.approx(0.0001)
    c = paddle.optimizer.lr.CyclicLR(0.01, 0.1, step_size_up=2)
    got = []
    for _ in range(5):
        got.append(c())
        c.step()
    np.testing.assert_allclose(got, [0.01, 0.055, 0.1, 0.055, 0.01])
    with pytest.raises(TypeError, match="'total_step' must be 'int'"):
        paddle.optimizer.lr.OneCycleLR(0.1, total_steps=3.0)


def test_precision_recall_auc():
    preds = np.array([0.1, 0.6, 0.7, 0.3, 0.9, 0.2], dtype="float32")
    labels = np.array([0, 1, 0, 1, 1, 0], dtype="int64")
    p, r, a = paddle.metric.Precision(), paddle.metric.Recall(), paddle.metric.Auc()
    p.update(preds, labels)
    r.update(paddle.to_tensor(preds), paddle.to_tensor(labels))
    a.update(np.stack([1 - preds, preds], 1), labels)
    assert p.accumulate() == pytest.approx(2 / 3) and r.accumulate() == pytest.approx(2 / 3)
    assert a.accumulate() == pytest.approx(7 / 9)
    with pytest.raises(ValueError, match="The 'preds' must be a numpy ndarray or Tensor."):
        p.update([0.1], labels)


def test_save_of_a_layer_raises_paddle_value_error(tmp_path):
    with pytest.raises(ValueError, match="paddle do not support saving `paddle.nn.Layer` object."):
        paddle.save(nn.Linear(2, 2), str(tmp_path / "layer.pd"))


def test_nn_utils_clip_grad_norm_and_vectors():
    w = paddle.create_parameter([2], "float32", default_initializer=nn.initializer.Constant(1.0))
    (w * paddle.to_tensor([3.0, 4.0])).sum().backward()
    total = nn.utils.clip_grad_norm_([w], max_norm=1.0)
    assert float(total) == pytest.approx(5.0)
    np.testing.assert_allclose(w.grad.numpy(), [3 / (5 + 1e-6), 4 / (5 + 1e-6)], rtol=1e-6)
    nn.utils.clip_grad_value_([w], 0.7)
    np.testing.assert_allclose(w.grad.numpy(), [0.6, 0.7], rtol=1e-5)
    v = nn.utils.parameters_to_vector([w])
    assert v.stop_gradient is False and v.numpy().tolist() == [1.0, 1.0]
    nn.utils.vector_to_parameters(paddle.to_tensor([5.0, 6.0]), [w])
    assert w.numpy().tolist() == [5.0, 6.0]
    with pytest.raises(ValueError, match="norm_type only support"):
        nn.utils.clip_grad_norm_([w], 1.0, norm_type=3)
