"""Tests of paddle_compat/_nn/functional/activation.py: values against numpy formulas, errors against
Paddle's text (Paddle's own numbers are in conformance/cases/hunt_train.py)."""
import math

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

import paddle_compat as paddle
import paddle_compat.nn as nn
import paddle_compat.nn.functional as F
from tests import _static_fused_goldens as static_fused

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


def test_maxout_and_glu_shapes_and_values():
    x = paddle.to_tensor(np.arange(8, dtype="float32").reshape(1, 4, 1, 2))
    out = F.maxout(x, groups=2)
    ref = np.arange(8, dtype="float32").reshape(1, 2, 2, 1, 2).max(2)
    np.testing.assert_array_equal(out.numpy(), ref)
    g = F.glu(paddle.to_tensor([[1.0, 2.0, 0.0, 3.0]]))
    np.testing.assert_allclose(g.numpy(), [[0.5, 2.0 / (1 + math.exp(-3))]], rtol=1e-6)

PREFIXES = ("gumbel_", "rrelu_", "softmax_", "log_softmax_", "swiglu_")


# ---- goldens recorded from Paddle 3.3.1 (conformance/record/record_nn_functional.py) ------------
import json as _json  # noqa: E402
import os as _os  # noqa: E402

import pytest as _pytest  # noqa: E402

from conformance.golden_replay import check_case as _check_case  # noqa: E402

_GOLDEN = _os.path.join(_os.path.dirname(__file__), "..", "conformance", "goldens", "nn_functional.json")
_CASES = _json.load(open(_GOLDEN))["cases"]


@_pytest.mark.parametrize("name", sorted(n for n in _CASES if n.startswith(PREFIXES)))
def test_functional_case_matches_paddle(name):
    _check_case(paddle, _CASES[name])


@_pytest.mark.parametrize("name", sorted(n for n in _CASES if n.startswith(("softmax_clip", "gumbel_cold"))))
def test_softmax_clip_values_are_paddles_relatively(name):
    # The clipped entries are ~1e-28 (exp(-64) / sum): only a relative comparison (no atol)
    # tells Paddle's clip from torch's underflow to ~0.
    _check_case(paddle, _CASES[name], rtol=1e-4, atol=0.0)


def test_signs_of_zero_are_paddles():
    """Paddle 3.3.1 prints these zeros with these signs: hardshrink multiplies by its mask (-0.2
    gives -0.), softshrink selects a literal 0 (+0.), selu computes exp(x) - 1 (selu(-0.) is +0.)."""
    x = paddle.to_tensor([-0.9, -0.2, -0.0, 0.0, 0.1, 0.8])
    signs = {
        "hardshrink": [1, 1, 1, 0, 0, 0],
        "softshrink": [1, 0, 0, 0, 0, 0],
        "selu": [1, 1, 0, 0, 0, 0],
    }
    for name, want in signs.items():
        out = getattr(F, name)(x).numpy()
        assert np.signbit(out).astype(int).tolist() == want, name
    np.testing.assert_allclose(F.softshrink(x).numpy(), [-0.4, 0, 0, 0, 0, 0.3], rtol=1e-6)
    np.testing.assert_allclose(F.hardshrink(x).numpy(), [-0.9, 0, 0, 0, 0, 0.8], rtol=1e-6)


@pytest.mark.parametrize("name,mode", static_fused.cases("swiglu"))
def test_swiglu_static_mode_matches_paddle(name, mode, monkeypatch):
    # PIR records pd_op.swiglu; Paddle 3.3.1's swiglu has no legacy branch: None, nothing recorded
    static_fused.replay(name, mode, monkeypatch)
