"""paddle.incubate.nn.functional (paddle_compat/_incubate/nn/functional/) against Paddle 3.3.1's
goldens (conformance/goldens/incubate.json): the ops Paddle runs on CPU (fused_rms_norm,
fused_layer_norm, fused_dropout_add, swiglu) by value and error; the GPU-only ops by the error
Paddle's CPU wheel raises (after its own argument checks) and, with the kernel gate patched to
the CUDA path, by value against the oracle's unfused reference formulas."""
import pytest

import paddle_compat as paddle
from tests._incubate_goldens import cases, check, check_dense, dense_cases

FUNCTIONAL_CASES = cases("fused_", "swiglu", "vlmea")


@pytest.mark.parametrize("case", FUNCTIONAL_CASES)
def test_golden(case):
    check(case)


@pytest.mark.parametrize("case", dense_cases("fused_", "vlmea"))
def test_cuda_path_matches_the_unfused_formula(case, monkeypatch):
    check_dense(case, monkeypatch)


def test_fused_rms_norm_has_a_gradient():
    IF = paddle.incubate.nn.functional
    x = paddle.to_tensor([[1.0, -2.0, 3.0, 0.5]], stop_gradient=False)
    out, res = IF.fused_rms_norm(x, paddle.ones([4]), None, 1e-6, 1)
    assert res is None
    out.sum().backward()
    assert x.grad is not None and list(x.grad.shape) == [1, 4]


def test_fused_mha_with_cache_returns_the_grown_cache(monkeypatch):
    from paddle_compat._incubate import _kernel
    monkeypatch.setattr(_kernel, "on_gpu", lambda t: True)
    IF = paddle.incubate.nn.functional
    x = paddle.rand([2, 3, 4])
    qkvw = paddle.rand([3, 2, 2, 4])
    cache = paddle.rand([2, 2, 2, 5, 2])
    out, cache_out = IF.fused_multi_head_attention(x, qkvw, paddle.rand([4, 4]), cache_kv=cache,
                                                   training=False)
    assert list(out.shape) == [2, 3, 4] and list(cache_out.shape) == [2, 2, 2, 8, 2]
    assert cache_out.numpy()[:, :, :, :5].tolist() == cache.numpy().tolist()


def test_static_mode_raises_a_clear_error():
    paddle.enable_static()
    try:
        with pytest.raises(NotImplementedError, match="dynamic mode"):
            paddle.incubate.nn.functional.fused_rms_norm(None, None, None, 1e-6)
    finally:
        paddle.disable_static()


def test_fused_bias_act_unknown_method_on_the_cuda_path(monkeypatch):
    from paddle_compat._incubate import _kernel
    monkeypatch.setattr(_kernel, "on_gpu", lambda t: True)
    with pytest.raises(NotImplementedError, match="Only Support GeGLU, SwiGLU, GeLU"):
        paddle.incubate.nn.functional.fused_bias_act(paddle.ones([2, 4]), act_method="tanh")


def test_rope_gradient_on_the_cuda_path(monkeypatch):
    from paddle_compat._incubate import _kernel
    monkeypatch.setattr(_kernel, "on_gpu", lambda t: True)
    q = paddle.rand([1, 2, 1, 4])
    q.stop_gradient = False
    out_q, out_k, out_v = paddle.incubate.nn.functional.fused_rotary_position_embedding(q)
    assert out_k is None and out_v is None
    out_q.sum().backward()
    assert list(q.grad.shape) == [1, 2, 1, 4]
