"""paddle.incubate.nn layers (paddle_compat/_incubate/nn/layer/) against Paddle 3.3.1's goldens
(conformance/goldens/incubate.json): parameter names, shapes, dtypes and initial values, repr,
Paddle's constructor asserts and the CPU-wheel error of their forward; on the CUDA path (kernel
gate patched) each forward equals the incubate.nn.functional op on the layer's parameters."""
import numpy as np
import pytest

import paddle_compat as paddle
from paddle_compat._incubate import _kernel
from tests import _static_fused_goldens as static_fused
from tests._incubate_goldens import cases, check

N = paddle.incubate.nn
IF = paddle.incubate.nn.functional


@pytest.mark.parametrize("case", cases("layer_"))
def test_golden(case):
    check(case)


def _same(a, b):
    np.testing.assert_allclose(a.numpy(), b.numpy(), rtol=1e-6, atol=1e-6)


def test_cuda_path_forwards_match_the_functions(monkeypatch):
    monkeypatch.setattr(_kernel, "on_gpu", lambda t: True)
    paddle.seed(11)
    x = paddle.rand([2, 3, 4])
    lin = N.FusedLinear(4, 3)
    _same(lin(x), paddle.matmul(x, lin.weight) + lin.bias)
    enc = N.FusedTransformerEncoderLayer(4, 2, 8, dropout_rate=0.0)
    a = enc.fused_attn
    attn = IF.fused_multi_head_attention(x, a.qkv_weight, a.linear_weight, ln_scale=a.ln_scale,
                                         ln_bias=a.ln_bias, qkv_bias=a.qkv_bias,
                                         linear_bias=a.linear_bias, dropout_rate=0.0,
                                         attn_dropout_rate=0.0)
    f = enc.ffn
    ffn = IF.fused_feedforward(attn, f._linear1_weight, f._linear2_weight, f._linear1_bias,
                               f._linear2_bias, ln2_scale=f._ln2_scale, ln2_bias=f._ln2_bias,
                               dropout1_rate=0.0, dropout2_rate=0.0)
    _same(enc(x), ffn)
    norm = N.FusedBiasDropoutResidualLayerNorm(4, dropout_rate=0.0)
    _same(norm(x, x), paddle.nn.functional.layer_norm(x + x, [4]))


def test_encoder_layer_trains_on_the_cuda_path(monkeypatch):
    monkeypatch.setattr(_kernel, "on_gpu", lambda t: True)
    enc = N.FusedTransformerEncoderLayer(4, 2, 8, dropout_rate=0.0)
    opt = paddle.optimizer.SGD(0.1, parameters=enc.parameters())
    x = paddle.rand([2, 3, 4])
    before = enc.ffn._linear1_weight.numpy().copy()
    enc(x).pow(2).mean().backward()
    opt.step()
    assert not np.array_equal(before, enc.ffn._linear1_weight.numpy())


@pytest.mark.parametrize("name,mode", static_fused.cases("FusedLinear"))
def test_fused_linear_static_mode_matches_paddle(name, mode, monkeypatch):
    # PIR records fused_gemm_epilogue under the layer's struct name; legacy mode raises
    static_fused.replay(name, mode, monkeypatch)
