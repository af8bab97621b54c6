"""Tests of paddle_compat/_nn/functional/activation.py: values against torch references, errors against
Paddle's text (Paddle's own numbers are in conformance/cases/hunt_train.py)."""
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
def test_activations_match_torch(values):
    t = torch.tensor(values, dtype=torch.float32)
    x = paddle.to_tensor(np.array(values, dtype="float32"))
    refs = {
        "celu": torch.nn.functional.celu(t), "selu": torch.selu(t),
        "mish": torch.nn.functional.mish(t), "swish": torch.nn.functional.silu(t),
        "hardtanh": torch.clamp(t, -1, 1), "hardshrink": torch.nn.functional.hardshrink(t, 0.5),
        "softshrink": torch.nn.functional.softshrink(t, 0.5), "tanhshrink": t - torch.tanh(t),
        "softsign": torch.nn.functional.softsign(t), "log_sigmoid": torch.nn.functional.logsigmoid(t),
        "thresholded_relu": torch.where(t > 1.0, t, torch.zeros_like(t)),
    }
    for name, ref in refs.items():
        np.testing.assert_allclose(getattr(F, name)(x).numpy(), ref.numpy(), rtol=1e-5, atol=1e-6,
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


def test_maxout_and_glu_shapes_and_values():
    x = paddle.to_tensor(np.arange(8, dtype="float32").reshape(1, 4, 1, 2))
    out = F.maxout(x, groups=2)
    ref = np.arange(8, dtype="float32").reshape(1, 2, 2, 1, 2).max(2)
    np.testing.assert_array_equal(out.numpy(), ref)
    g = F.glu(paddle.to_tensor([[1.0, 2.0, 0.0, 3.0]]))
    np.testing.assert_allclose(g.numpy(), [[0.5, 2.0 / (1 + math.exp(-3))]], rtol=1e-6)
