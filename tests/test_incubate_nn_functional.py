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


# ---- GPU-only kernels computed on every device, against numpy formulas written from the
# ---- kernels' source (Paddle 3.3.1's CPU wheel has none of them registered)
import numpy as np  # noqa: E402

IFN = paddle.incubate.nn.functional
_RNG = np.random.default_rng(0)
_X = _RNG.standard_normal((2, 3, 5)).astype("float32")
_S = _RNG.uniform(0.5, 1.5, 5).astype("float32")
_B = _RNG.uniform(-0.5, 0.5, 5).astype("float32")


def test_fast_ln_matches_the_apex_formula():
    y, mean, invvar = IFN.fast_ln(paddle.to_tensor(_X), paddle.to_tensor(_S),
                                  paddle.to_tensor(_B), 1e-5)
    rows = _X.reshape(6, 5).astype("float64")
    mu = rows.mean(1)
    iv = 1 / np.sqrt(((rows - mu[:, None]) ** 2).mean(1) + 1e-5)
    want = ((rows - mu[:, None]) * iv[:, None] * _S + _B).reshape(_X.shape)
    np.testing.assert_allclose(y.numpy(), want, rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(mean.numpy(), mu, rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(invvar.numpy(), iv, rtol=1e-5)
    assert mean.dtype == paddle.float32 and list(mean.shape) == [6]


def test_fast_ln_output_dtype_follows_scale_and_checks():
    x = paddle.to_tensor(_X).astype("bfloat16")
    y, mean, _ = IFN.fast_ln(x, paddle.to_tensor(_S).astype("bfloat16"),
                             paddle.to_tensor(_B).astype("bfloat16"))
    assert y.dtype == paddle.bfloat16 and mean.dtype == paddle.float32
    with pytest.raises(RuntimeError, match=r"Expected bias.type\(\) == weight_type"):
        IFN.fast_ln(paddle.to_tensor(_X), paddle.to_tensor(_S),
                    paddle.to_tensor(_B).astype("float64"))
    with pytest.raises(RuntimeError, match=r"Expected sizes.size\(\) >= 2"):
        IFN.fast_ln(paddle.to_tensor(_S), paddle.to_tensor(_S), paddle.to_tensor(_B))
    with pytest.raises(RuntimeError, match="Expected hidden_size == cols"):
        IFN.fast_ln(paddle.to_tensor(_X), paddle.ones([4]), paddle.ones([4]))


def test_fast_ln_has_the_layer_norm_gradient():
    x = paddle.to_tensor(_X, stop_gradient=False)
    y, _, _ = IFN.fast_ln(x, paddle.to_tensor(_S), paddle.to_tensor(_B))
    x2 = paddle.to_tensor(_X, stop_gradient=False)
    ref = paddle.nn.functional.layer_norm(x2, [5], paddle.to_tensor(_S), paddle.to_tensor(_B))
    y.sum().backward()
    ref.sum().backward()
    np.testing.assert_allclose(x.grad.numpy(), x2.grad.numpy(), rtol=1e-4, atol=1e-5)


@pytest.mark.parametrize("api", ["fast_rms_norm", "fused_rms_norm_ext"])
def test_rms_norms_match_the_formula(api):
    y, invvar = getattr(IFN, api)(paddle.to_tensor(_X), paddle.to_tensor(_S), 1e-6)
    rows = _X.reshape(6, 5).astype("float64")
    iv = 1 / np.sqrt((rows ** 2).mean(1) + 1e-6)
    np.testing.assert_allclose(y.numpy(), (rows * iv[:, None] * _S).reshape(_X.shape),
                               rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(invvar.numpy(), iv, rtol=1e-5)
    assert invvar.dtype == paddle.float32 and list(invvar.shape) == [6]


def test_fused_rms_norm_ext_bfloat16_scale_and_gradient():
    x = paddle.to_tensor(_X, stop_gradient=False)
    y, _ = IFN.fused_rms_norm_ext(x, paddle.to_tensor(_S).astype("bfloat16"))
    assert y.dtype == paddle.bfloat16
    y2, _ = IFN.fused_rms_norm_ext(x, paddle.to_tensor(_S))
    y2.sum().backward()
    rows = _X.reshape(6, 5).astype("float64")
    ms = (rows ** 2).mean(1, keepdims=True) + 1e-5
    # d/dx sum(x * s / sqrt(ms)) = s / sqrt(ms) - x * sum(x * s) / (n * ms^1.5)
    want = _S / np.sqrt(ms) - rows * (rows * _S).sum(1, keepdims=True) / (5 * ms ** 1.5)
    np.testing.assert_allclose(x.grad.numpy(), want.reshape(_X.shape), rtol=1e-4, atol=1e-5)
    with pytest.raises(RuntimeError, match="fused_rms_norm_ext` is not registered"):
        IFN.fused_rms_norm_ext(paddle.to_tensor(_X).astype("float16"), paddle.to_tensor(_S))


def test_cross_entropy_with_softmax_bwd_w_downcast():
    logits = _RNG.standard_normal((2, 3, 4)).astype("float32")
    sm = np.exp(logits) / np.exp(logits).sum(-1, keepdims=True)
    label = np.array([[[1], [-100], [3]], [[0], [2], [2]]], dtype="int64")
    g = _RNG.uniform(0.5, 2, (2, 3, 1)).astype("float32")
    out = IFN.cross_entropy_with_softmax_bwd_w_downcast(
        paddle.to_tensor(label), paddle.to_tensor(sm), paddle.to_tensor(g))
    assert out.dtype == paddle.bfloat16 and list(out.shape) == [2, 3, 4]
    onehot = (np.arange(4) == label).astype("float32")
    want = np.where(label == -100, 0.0, (sm - onehot) * g)
    np.testing.assert_allclose(out.astype("float32").numpy(), want, rtol=1e-2, atol=1e-2)
    with pytest.raises(RuntimeError, match="Paddle support following DataTypes"):
        IFN.cross_entropy_with_softmax_bwd_w_downcast(
            paddle.to_tensor(label), paddle.to_tensor(sm).astype("bfloat16"),
            paddle.to_tensor(g))


def test_embedding_grad_add_to_accumulates_in_place():
    main = paddle.to_tensor(np.arange(12, dtype="float32").reshape(4, 3))
    ids = paddle.to_tensor([[0, 2], [2, 3]], dtype="int32")
    grad = paddle.to_tensor(np.arange(12, dtype="float32").reshape(2, 2, 3) / 4).astype(
        "bfloat16")
    out = IFN.embedding_grad_add_to_(ids, main, grad)
    assert out is main
    want = np.arange(12, dtype="float32").reshape(4, 3)
    np.add.at(want, np.array([0, 2, 2, 3]), np.arange(12, dtype="float32").reshape(4, 3) / 4)
    np.testing.assert_allclose(main.numpy(), want)
    with pytest.raises(RuntimeError, match="out_grad dtype must be bfloat16"):
        IFN.embedding_grad_add_to_(ids, main, grad.astype("float32"))


def test_blha_get_max_len():
    enc, dec = IFN.blha_get_max_len(paddle.to_tensor([3, 0, 9, 5], dtype="int32"),
                                    paddle.to_tensor([-1, -4, 0, 2], dtype="int32"),
                                    paddle.ones([3]))
    assert enc.numpy().tolist() == [9] and dec.numpy().tolist() == [0]
    assert enc.dtype == paddle.int32 and list(enc.shape) == [1]
    enc, _ = IFN.blha_get_max_len(paddle.to_tensor([], dtype="int32"),
                                  paddle.to_tensor([1], dtype="int32"), paddle.ones([1]))
    assert enc.numpy().tolist() == [0]
