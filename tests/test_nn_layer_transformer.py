"""paddle_compat/_nn/layer/transformer.py against goldens recorded from real Paddle 3.3.1
(conformance/goldens/nn_transformer.json, written by conformance/record/record_nn_transformer.py):
seeded weights bit for bit, MultiHeadAttention (masks, need_weights, Cache/StaticCache), the encoder
and decoder stacks with incremental caches, training-mode dropout (Paddle's masks), errors; plus
the fused attention path against the composed one, and static-mode recording."""
import json
import os

import numpy as np
import pytest

import paddle_compat as paddle
from tests._nn_training_goldens import training_golden
import paddle_compat.nn as nn
from conformance.golden_replay import check_case

_GOLDEN = os.path.join(os.path.dirname(__file__), "..", "conformance", "goldens",
                       "nn_transformer.json")
CASES = {k: v for k, v in json.load(open(_GOLDEN))["cases"].items() if not k.startswith(
    ("sdpa_", "err_sdpa"))}
EXACT = {name for name in CASES if name.startswith("init_")}


@pytest.mark.parametrize("name", sorted(CASES))
def test_transformer_case_matches_paddle(name):
    # Gradients through LayerNorm of a plain sum are ~1e-8 noise: compare with an absolute floor.
    check_case(paddle, CASES[name], exact=name in EXACT, atol=2e-5)


def _x(*shape, seed=0):
    return paddle.to_tensor(np.random.RandomState(seed).uniform(-1, 1, shape).astype("float32"))


@pytest.mark.parametrize("mask", [None, "bool", "float"])
def test_fused_attention_equals_the_composed_path(mask):
    paddle.seed(1)
    m = nn.MultiHeadAttention(8, 2)
    q, k = _x(2, 3, 8), _x(2, 4, 8, seed=1)
    am = {None: None, "bool": paddle.to_tensor(np.array([[1, 0, 1, 1]], "bool")),
          "float": _x(2, 2, 3, 4, seed=2)}[mask]
    fused = m(q, k, k, attn_mask=am)
    m.need_weights = True
    composed, weights = m(q, k, k, attn_mask=am)
    np.testing.assert_allclose(fused.numpy(), composed.numpy(), rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(weights.numpy().sum(-1), 1.0, rtol=1e-5)


def test_state_dict_round_trip_gives_the_same_outputs():
    paddle.seed(2)
    a = nn.TransformerEncoder(nn.TransformerEncoderLayer(8, 2, 16, dropout=0.0), 2)
    paddle.seed(3)
    b = nn.TransformerEncoder(nn.TransformerEncoderLayer(8, 2, 16, dropout=0.0), 2)
    src = _x(2, 5, 8)
    assert not np.allclose(a(src).numpy(), b(src).numpy())
    b.set_state_dict(a.state_dict())
    np.testing.assert_allclose(a(src).numpy(), b(src).numpy(), rtol=1e-6)


def test_static_mode_records_the_encoder_and_runs_through_the_executor():
    paddle.enable_static()
    try:
        main, start = paddle.static.Program(), paddle.static.Program()
        with paddle.static.program_guard(main, start):
            x = paddle.static.data("x", [2, 5, 8], "float32")
            enc = nn.TransformerEncoder(nn.TransformerEncoderLayer(8, 2, 16, dropout=0.0), 2)
            y = enc(x)
            loss = paddle.mean(y)
            paddle.optimizer.SGD(0.1).minimize(loss)
        types = [op.type for op in main.global_block().ops]
        assert "softmax" in types and "layer_norm" in types
        exe = paddle.static.Executor()
        exe.run(start)
        out = exe.run(main, feed={"x": np.ones([2, 5, 8], "float32")}, fetch_list=[y, loss])
        assert out[0].shape == (2, 5, 8) and np.isfinite(out[1]).all()
    finally:
        paddle.disable_static()


def test_transformer_encoder_classifier_trains_with_paddles_losses():
    # 2-layer encoder with a padding mask, AdamW, 6 steps, then eval probabilities: Paddle's.
    got, want = training_golden("transformer_classifier")
    np.testing.assert_allclose(got["out"], want["out"], rtol=2e-5, atol=1e-6)
    assert len(got["stdout"].splitlines()) == len(want["stdout"].splitlines()) == 6
