"""Tests of paddle_compat/_nn/functional/loss.py: formulas against torch / numpy references, errors
against Paddle's text (Paddle's own numbers are in conformance/cases/hunt_train.py)."""
import numpy as np
import pytest

import paddle_compat as paddle
import paddle_compat.nn as nn
import paddle_compat.nn.functional as F


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
