"""paddle.incubate.nn.functional (paddle_compat/_incubate/nn/functional/) against Paddle 3.3.1's
goldens (conformance/goldens/incubate.json): the ops Paddle runs on CPU (fused_rms_norm,
fused_layer_norm, fused_dropout_add, swiglu) by value and error; the GPU-only ops by the error
Paddle's CPU wheel raises (after its own argument checks) and, with the kernel gate patched to
the CUDA path, by value against the oracle's unfused reference formulas. Static mode against
conformance/goldens/static_fused.json (tests/_static_fused_goldens.py): the programs Paddle prints
in legacy and PIR mode, the Executor's values, and the build errors of the GPU-only ops."""
import numpy as np
import pytest

import paddle_compat as paddle
from paddle_compat._mode import STATE
from tests import _static_fused_goldens as static_fused
from tests._incubate_goldens import cases, check, check_dense, dense_cases

IF = paddle.incubate.nn.functional

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


@pytest.mark.parametrize("name,mode", static_fused.cases(
    "rms_norm", "layer_norm", "fused_matmul_bias", "fused_linear", "fused_dropout_add", "refused"))
def test_static_mode_matches_paddle(name, mode, monkeypatch):
    # printed legacy and PIR programs, CPU Executor values, and the build errors of the GPU-only
    # ops, as Paddle 3.3.1's CPU wheel gives them
    static_fused.replay(name, mode, monkeypatch)


def test_static_program_computes_what_dynamic_mode_computes():
    x = np.linspace(-1, 1, 24).astype("float32").reshape(2, 3, 4)
    w, r = np.linspace(0.5, 1.5, 4).astype("float32"), np.cos(x)
    dyn = IF.fused_rms_norm(paddle.to_tensor(x), paddle.to_tensor(w), None, 1e-6, 2,
                            residual=paddle.to_tensor(r))
    paddle.enable_static()
    try:
        main, start = paddle.static.Program(), paddle.static.Program()
        with paddle.static.program_guard(main, start):
            # (out, residual_out) in PIR mode, (out, residual_out, inv_var) in legacy mode
            out, res = IF.fused_rms_norm(paddle.static.data("x", [2, 3, 4], "float32"),
                                         paddle.static.data("w", [4], "float32"), None, 1e-6, 2,
                                         residual=paddle.static.data("r", [2, 3, 4], "float32"))[:2]
        got = paddle.static.Executor().run(main, feed={"x": x, "w": w, "r": r},
                                           fetch_list=[out, res])
    finally:
        paddle.disable_static()
    np.testing.assert_allclose(got[0], dyn[0].numpy(), rtol=1e-6)
    np.testing.assert_allclose(got[1], dyn[1].numpy(), rtol=1e-6)


def test_fused_matmul_bias_without_bias_is_matmul_on_cpu():
    x, y = paddle.ones([2, 3]), paddle.ones([3, 2])
    assert IF.fused_matmul_bias(x, y).numpy().tolist() == [[3.0, 3.0], [3.0, 3.0]]
    with pytest.raises(RuntimeError, match="fused_gemm_epilogue"):
        IF.fused_matmul_bias(x, y, paddle.ones([2]))


def test_static_fused_gemm_epilogue_raises_when_run_on_cpu(monkeypatch):
    monkeypatch.setattr(STATE, "pir", True)     # Paddle's legacy op table lacks the op
    paddle.enable_static()
    try:
        main, start = paddle.static.Program(), paddle.static.Program()
        with paddle.static.program_guard(main, start):
            out = IF.fused_linear(paddle.static.data("x", [2, 3], "float32"),
                                  paddle.static.data("w", [3, 2], "float32"),
                                  paddle.static.data("b", [2], "float32"))
        with pytest.raises(RuntimeError, match="fused_gemm_epilogue` is not registered"):
            paddle.static.Executor().run(
                main, feed={"x": np.ones((2, 3), "float32"), "w": np.ones((3, 2), "float32"),
                            "b": np.ones(2, "float32")}, fetch_list=[out])
    finally:
        paddle.disable_static()


def test_static_fused_gemm_epilogue_computes_on_the_cuda_path(monkeypatch):
    from paddle_compat._incubate import _kernel
    monkeypatch.setattr(_kernel, "on_gpu", lambda t: True)
    monkeypatch.setattr(STATE, "pir", True)
    paddle.enable_static()
    try:
        main, start = paddle.static.Program(), paddle.static.Program()
        with paddle.static.program_guard(main, start):
            out = IF.fused_linear_activation(paddle.static.data("x", [3, 2], "float32"),
                                             paddle.static.data("y", [3, 8], "float32"),
                                             paddle.static.data("b", [8], "float32"),
                                             trans_x=True, activation="relu")
        xv = np.linspace(-1, 1, 6).astype("float32").reshape(3, 2)
        yv = np.linspace(-1, 1, 24).astype("float32").reshape(3, 8)
        got, = paddle.static.Executor().run(
            main, feed={"x": xv, "y": yv, "b": np.full(8, 0.1, "float32")}, fetch_list=[out])
    finally:
        paddle.disable_static()
    np.testing.assert_allclose(got, np.maximum(xv.T @ yv + 0.1, 0), rtol=1e-6)


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


# ---- masked_multihead_attention / fused_multi_transformer against numpy references written
# ---- from Paddle's kernels (masked_multihead_attention_kernel.cu, fused_multi_transformer
# ---- _kernel.cu): the packed key cache, the step position, mask, GQA, rotary, the layer stack
import math  # noqa: E402


def _np_key(cache_k, b, h, s, d):
    # Paddle's key cache: [head_dim / x, max_seq_len, x] inside each (batch, head) block
    x = 16 // cache_k.itemsize
    _, _, smax, dim = cache_k.shape
    return cache_k[b, h].ravel()[(d // x) * smax * x + s * x + d % x]


def _np_keys(cache_k, b, h, upto):
    dim = cache_k.shape[-1]
    return np.array([[_np_key(cache_k, b, h, s, d) for d in range(dim)] for s in range(upto)])


def _np_rot_pairs(t, cos, sin):
    out = t.copy()
    out[..., 0::2] = t[..., 0::2] * cos[..., 0::2] - t[..., 1::2] * sin[..., 0::2]
    out[..., 1::2] = t[..., 1::2] * cos[..., 1::2] + t[..., 0::2] * sin[..., 1::2]
    return out


def _np_mmha(x, cache, bias=None, mask=None, seq_lens=None, rot=None):
    bsz = x.shape[0]
    kvh, smax, dim = cache.shape[2], cache.shape[3], cache.shape[4]
    heads = x.shape[1] // dim - 2 * kvh
    qkv = x.reshape(bsz, heads + 2 * kvh, dim).astype("float64")
    if bias is not None:
        qkv = qkv + bias.reshape(heads + 2 * kvh, dim)
    q, k, v = qkv[:, :heads], qkv[:, heads:heads + kvh], qkv[:, heads + kvh:]
    if rot is not None:
        cos = rot[0].reshape(bsz, 1, dim)
        sin = rot[1].reshape(bsz, 1, dim)
        q, k = _np_rot_pairs(q, cos, sin), _np_rot_pairs(k, cos, sin)
    timestep = mask.shape[3] - 1 if mask is not None else smax
    out = np.zeros((bsz, heads, dim))
    for b in range(bsz):
        t = int(seq_lens[b]) if seq_lens is not None else timestep
        for h in range(heads):
            g = h // (heads // kvh)
            keys = np.concatenate([_np_keys(cache[0], b, g, t), k[b, g][None]])
            vals = np.concatenate([cache[1, b, g, :t], v[b, g][None]])
            logits = keys @ q[b, h] / math.sqrt(dim)
            if mask is not None:
                logits = logits + mask[b, 0 if mask.shape[1] == 1 else h, 0, :t + 1]
            p = np.exp(logits - logits.max())
            out[b, h] = (p / p.sum()) @ vals
    return out.reshape(bsz, heads * dim)


def _mmha_inputs(heads=2, kvh=2, dim=4, smax=6, bsz=2, seed=1):
    rng = np.random.default_rng(seed)
    x = rng.standard_normal((bsz, (heads + 2 * kvh) * dim)).astype("float32")
    cache = rng.standard_normal((2, bsz, kvh, smax, dim)).astype("float32")
    return x, cache


@pytest.mark.parametrize("kvh", [2, 1])
def test_masked_multihead_attention_matches_the_kernel_formula(kvh):
    x, cache = _mmha_inputs(kvh=kvh)
    bias = np.linspace(-0.5, 0.5, x.shape[1]).astype("float32")
    mask = np.random.default_rng(2).uniform(-1, 0, (2, 1, 1, 4)).astype("float32")
    ct = paddle.to_tensor(cache)
    out, cache_out, beam = IFN.masked_multihead_attention(
        paddle.to_tensor(x), ct, bias=paddle.to_tensor(bias), src_mask=paddle.to_tensor(mask))
    assert beam is None and cache_out is ct and list(out.shape) == [2, 8]
    np.testing.assert_allclose(out.numpy(), _np_mmha(x, cache, bias, mask), rtol=1e-5,
                               atol=1e-6)
    # the step's k / v were written at position 3 (= mask width - 1) in Paddle's layout
    qkv = (x + bias).reshape(2, 2 + 2 * kvh, 4)
    new = ct.numpy()
    for b in range(2):
        for g in range(kvh):
            assert np.allclose([_np_key(new[0], b, g, 3, d) for d in range(4)], qkv[b, 2 + g])
            assert np.allclose(new[1, b, g, 3], qkv[b, 2 + kvh + g])
    untouched = np.ones(6, bool)
    untouched[3] = False
    np.testing.assert_array_equal(new[1][:, :, untouched], cache[1][:, :, untouched])


def test_masked_multihead_attention_sequence_lengths_and_rotary():
    x, cache = _mmha_inputs()
    lens = np.array([1, 4], dtype="int32")
    rot = np.random.default_rng(3).uniform(-1, 1, (2, 2, 1, 1, 4)).astype("float32")
    out, _, _ = IFN.masked_multihead_attention(
        paddle.to_tensor(x), paddle.to_tensor(cache), sequence_lengths=paddle.to_tensor(lens),
        rotary_tensor=paddle.to_tensor(rot), rotary_emb_dims=1)
    np.testing.assert_allclose(out.numpy(), _np_mmha(x, cache, seq_lens=lens, rot=rot),
                               rtol=1e-5, atol=1e-6)


def test_masked_multihead_attention_refusals():
    x, cache = _mmha_inputs()
    with pytest.raises(PermissionError, match="does not support cum_offsets"):
        IFN.masked_multihead_attention(paddle.to_tensor(x), paddle.to_tensor(cache),
                                       cum_offsets=paddle.zeros([2], dtype="int32"))
    with pytest.raises(NotImplementedError, match="beam_cache_offset"):
        IFN.masked_multihead_attention(paddle.to_tensor(x), paddle.to_tensor(cache),
                                       beam_cache_offset=paddle.zeros([2, 1, 6], dtype="int32"))
    with pytest.raises(ValueError, match=r"it should be 1 or num_head\(2\), but got 3"):
        IFN.masked_multihead_attention(paddle.to_tensor(x), paddle.to_tensor(cache),
                                       src_mask=paddle.zeros([2, 3, 1, 4]))
    with pytest.raises(RuntimeError, match="dim_head=6 must be divisible by vec_size=4"):
        IFN.masked_multihead_attention(paddle.zeros([2, 36]), paddle.zeros([2, 2, 2, 4, 6]))


def _np_ln(h, w, b, eps=1e-5):
    mu = h.mean(-1, keepdims=True)
    out = (h - mu) / np.sqrt(((h - mu) ** 2).mean(-1, keepdims=True) + eps) * w
    return out + b if b is not None else out


_ERF = np.vectorize(math.erf)


def _np_gelu(t):
    return 0.5 * t * (1 + _ERF(t / math.sqrt(2)))


def _np_fmt(x, p, lens, pre_ln, act="gelu"):
    """The kernel's layer stack on float64 numpy, causal attention over each row's lens[b]."""
    bsz, seq, embed = x.shape
    heads, dim = p["qkv"][0].shape[1], p["qkv"][0].shape[2]
    h = x.astype("float64")
    for i in range(len(p["qkv"])):
        a_in = _np_ln(h, p["ln"][i], p["ln_b"][i]) if pre_ln else h
        qkv = a_in @ p["qkv"][i].reshape(-1, embed).T + p["qkv_b"][i].reshape(-1)
        qkv = qkv.reshape(bsz, seq, 3, heads, dim)
        ctx = np.zeros((bsz, seq, heads, dim))
        for b in range(bsz):
            n = lens[b]
            for hh in range(heads):
                q, k, v = qkv[b, :n, 0, hh], qkv[b, :n, 1, hh], qkv[b, :n, 2, hh]
                logits = q @ k.T / math.sqrt(dim) + np.triu(np.full((n, n), -np.inf), 1)
                pr = np.exp(logits - logits.max(-1, keepdims=True))
                ctx[b, :n, hh] = (pr / pr.sum(-1, keepdims=True)) @ v
        out = ctx.reshape(bsz, seq, -1) @ p["lin"][i] + p["lin_b"][i]
        h1 = out + h if pre_ln else _np_ln(out + h, p["ln"][i], p["ln_b"][i])
        f_in = _np_ln(h1, p["ffn_ln"][i], p["ffn_ln_b"][i]) if pre_ln else h1
        f = f_in @ p["ffn1"][i] + p["ffn1_b"][i]
        if act == "gelu":
            f = _np_gelu(f)
        else:
            half = f.shape[-1] // 2
            f = f[..., :half] / (1 + np.exp(-f[..., :half])) * f[..., half:]
        f = f @ p["ffn2"][i] + p["ffn2_b"][i]
        h = f + h1 if pre_ln else _np_ln(f + h1, p["ffn_ln"][i], p["ffn_ln_b"][i])
    pad = np.arange(seq)[None, :] < np.asarray(lens)[:, None]
    return h * pad[..., None]


def _fmt_params(layers=2, embed=8, heads=2, ffn=16, glu=False, seed=4):
    rng = np.random.default_rng(seed)

    def r(*shape, s=0.3):
        return (rng.standard_normal(shape) * s).astype("float32")
    f1 = 2 * ffn if glu else ffn
    dim = embed // heads
    return {"ln": [1 + r(embed) for _ in range(layers)], "ln_b": [r(embed) for _ in range(layers)],
            "qkv": [r(3, heads, dim, embed) for _ in range(layers)],
            "qkv_b": [r(3, heads, dim) for _ in range(layers)],
            "lin": [r(embed, embed) for _ in range(layers)], "lin_b": [r(embed) for _ in range(layers)],
            "ffn_ln": [1 + r(embed) for _ in range(layers)],
            "ffn_ln_b": [r(embed) for _ in range(layers)],
            "ffn1": [r(embed, f1) for _ in range(layers)], "ffn1_b": [r(f1) for _ in range(layers)],
            "ffn2": [r(ffn, embed) for _ in range(layers)], "ffn2_b": [r(embed) for _ in range(layers)]}


def _fmt_call(x, p, **kw):
    T = paddle.to_tensor
    keys = ["ln", "ln_b", "qkv", "qkv_b", "lin", "lin_b", "ffn_ln", "ffn_ln_b", "ffn1", "ffn1_b",
            "ffn2", "ffn2_b"]
    return IFN.fused_multi_transformer(T(x), *[[T(a) for a in p[k]] for k in keys], **kw)


@pytest.mark.parametrize("pre_ln,act", [(True, "gelu"), (False, "gelu"), (True, "swiglu")])
def test_fused_multi_transformer_matches_the_kernel_formula(pre_ln, act):
    p = _fmt_params(glu=act == "swiglu")
    x = np.random.default_rng(5).standard_normal((2, 5, 8)).astype("float32")
    lens = np.array([5, 3], dtype="int32")
    out = _fmt_call(x, p, pre_layer_norm=pre_ln, activation=act,
                    seq_lens=paddle.to_tensor(lens))
    np.testing.assert_allclose(out.numpy(), _np_fmt(x, p, lens, pre_ln, act), rtol=1e-4,
                               atol=1e-5)


def test_fused_multi_transformer_cache_then_decode_equals_the_longer_context():
    # context stage on 4 tokens writes the caches; a decode step for token 5 (time_step=4)
    # must give what the context stage gives for the 5-token sequence at its last position
    p = _fmt_params()
    x = np.random.default_rng(6).standard_normal((2, 5, 8)).astype("float32")
    caches = [paddle.zeros([2, 2, 2, 8, 4]) for _ in range(2)]
    lens4 = paddle.to_tensor([4, 4], dtype="int32")
    _, caches = _fmt_call(x[:, :4], p, cache_kvs=caches, seq_lens=lens4)
    step, caches = _fmt_call(x[:, 4:], p, cache_kvs=caches,
                             time_step=paddle.to_tensor([4], dtype="int32"))
    full = _np_fmt(x, p, [5, 5], True)
    np.testing.assert_allclose(step.numpy()[:, 0], full[:, 4], rtol=1e-4, atol=1e-5)
    # and with a zero mask and per-row lengths the decode step is the same
    step2, _ = _fmt_call(x[:, 4:], p, cache_kvs=[paddle.to_tensor(c.numpy()) for c in caches],
                         time_step=paddle.to_tensor([4], dtype="int32"),
                         seq_lens=paddle.to_tensor([4, 4], dtype="int32"),
                         attn_mask=paddle.zeros([2, 1, 1, 5]))
    np.testing.assert_allclose(step2.numpy(), step.numpy(), rtol=1e-5, atol=1e-6)


def test_fused_multi_transformer_kernel_checks():
    p = _fmt_params(layers=1)
    x = np.zeros((2, 2, 8), "float32")
    caches = [paddle.zeros([2, 2, 2, 8, 4])]
    with pytest.raises(RuntimeError, match="In decode stage, the seq_len of input must be 1"):
        _fmt_call(x, p, cache_kvs=caches, time_step=paddle.to_tensor([3], dtype="int32"))
    with pytest.raises(ValueError, match="The value of time_step must > 0, but now is 0"):
        _fmt_call(x[:, :1], p, cache_kvs=caches, time_step=paddle.to_tensor([0], dtype="int32"))
    with pytest.raises(NotImplementedError, match="Only Support GeGLU, SwiGLU, GeLU"):
        _fmt_call(x, p, activation="relu")
    with pytest.raises(NotImplementedError, match="only support `layernorm` and `rmsnorm`"):
        _fmt_call(x, p, norm_type="batchnorm")
    with pytest.raises(NotImplementedError, match="pre_caches"):
        _fmt_call(x, p, pre_caches=[paddle.zeros([2, 2, 2, 1, 4])])


def test_fused_multi_transformer_layer_forward_is_the_function():
    paddle.seed(3)
    layer = paddle.incubate.nn.FusedMultiTransformer(8, 2, 16, num_layers=2,
                                                     qkv_bias_attrs=True, ln_bias_attrs=True)
    x = paddle.rand([1, 3, 8])
    want = IFN.fused_multi_transformer(
        x, layer.ln_scales, layer.ln_biases, layer.qkv_weights, layer.qkv_biases,
        layer.linear_weights, layer.linear_biases, layer.ffn_ln_scales, layer.ffn_ln_biases,
        layer.ffn1_weights, layer.ffn1_biases, layer.ffn2_weights, layer.ffn2_biases)
    np.testing.assert_array_equal(layer(x).numpy(), want.numpy())
    keys = list(layer.state_dict())
    assert all(k.startswith("fused_multi_transformer_") for k in keys)


# ---- block_multihead_attention: a batch mixing prefill and decoding rows over a block cache,
# ---- against a numpy reference built from the kernel's token layout and cache addressing

def _blha_batch(kvh=2, seed=7, neox=False):
    rng = np.random.default_rng(seed)
    heads, dim, msl, blk = 2, 4, 8, 4
    this_time = np.array([5, 1, 2])                  # row 0, 2 prefill; row 1 decodes
    enc = np.array([5, 0, 2], "int32")
    dec = np.array([0, 3, 0], "int32")
    excl = np.concatenate([[0], np.cumsum(msl - this_time)])[:-1].astype("int32")
    tokens = int(this_time.sum())
    pad_off = np.concatenate([np.full(n, c) for n, c in zip(this_time, excl)]).astype("int32")
    cu = np.concatenate([[0], np.cumsum(this_time)]).astype("int32")
    tables = np.array([[0, 1], [2, 3], [4, 5]], "int32")
    qkv = rng.standard_normal((tokens, (heads + 2 * kvh) * dim)).astype("float32")
    kcache = rng.standard_normal((6, kvh, blk, dim)).astype("float32")
    vcache = rng.standard_normal((6, kvh, blk, dim)).astype("float32")
    bias = rng.standard_normal((heads + 2 * kvh) * dim).astype("float32") * 0.1
    half = dim // 2
    pos = np.arange(msl)[:, None]
    if neox:
        ang = pos / 10000 ** (np.arange(half) * 2 / dim)
        ang = np.concatenate([ang, ang], -1)
    else:
        ang = pos / 10000 ** (np.arange(half) * 2 / dim)
    rope = np.stack([np.cos(ang), np.sin(ang)]).reshape(2, 1, msl, 1, -1).astype("float32")
    return dict(heads=heads, kvh=kvh, dim=dim, msl=msl, blk=blk, enc=enc, dec=dec, excl=excl,
                pad_off=pad_off, cu=cu, tables=tables, qkv=qkv, kcache=kcache, vcache=vcache,
                bias=bias, rope=rope, this_time=this_time)


def _np_pairs(t, cos, sin):
    out = t.copy()
    out[..., 0::2] = t[..., 0::2] * cos - t[..., 1::2] * sin
    out[..., 1::2] = t[..., 1::2] * cos + t[..., 0::2] * sin
    return out


def _np_blha(c):
    h, kvh, d, msl, blk = c["heads"], c["kvh"], c["dim"], c["msl"], c["blk"]
    qkv = (c["qkv"] + c["bias"]).astype("float64").reshape(len(c["qkv"]), h + 2 * kvh, d)
    kc, vc = c["kcache"].astype("float64").copy(), c["vcache"].astype("float64").copy()
    out = np.zeros((len(qkv), h, d))
    start = c["cu"]
    cos_t = c["rope"][0].reshape(msl, -1)
    sin_t = c["rope"][1].reshape(msl, -1)
    for b in range(3):
        toks = np.arange(start[b], start[b + 1])
        if c["enc"][b] > 0:
            x = qkv[toks].copy()
            n = len(toks)
            x[:, :h + kvh] = _np_pairs(x[:, :h + kvh], cos_t[:n, None], sin_t[:n, None])
            qkv[toks] = x
            for i in range(n):
                blk_id = c["tables"][b, i // blk]
                kc[blk_id, :, i % blk] = x[i, h:h + kvh]
                vc[blk_id, :, i % blk] = x[i, h + kvh:]
            for hh in range(h):
                g = hh // (h // kvh)
                q, k, v = x[:, hh], x[:, h + g], x[:, h + kvh + g]
                lg = q @ k.T / math.sqrt(d) + np.triu(np.full((n, n), -np.inf), 1)
                p = np.exp(lg - lg.max(-1, keepdims=True))
                out[toks, hh] = (p / p.sum(-1, keepdims=True)) @ v
        elif c["dec"][b] > 0:
            t = int(c["dec"][b])
            tok = b * msl - c["excl"][b]
            x = qkv[tok].copy()
            ang = t / 10000 ** (np.arange(0, d, 2) / d)
            qk = _np_pairs(x[:h + kvh], np.cos(ang), np.sin(ang))
            blk_id = c["tables"][b, t // blk]
            kc[blk_id, :, t % blk] = qk[h:]
            vc[blk_id, :, t % blk] = x[h + kvh:]
            for hh in range(h):
                g = hh // (h // kvh)
                keys = np.array([kc[c["tables"][b, s // blk], g, s % blk] for s in range(t + 1)])
                vals = np.array([vc[c["tables"][b, s // blk], g, s % blk] for s in range(t + 1)])
                lg = keys @ qk[hh] / math.sqrt(d)
                p = np.exp(lg - lg.max())
                out[tok, hh] = (p / p.sum()) @ vals
    return out.reshape(len(qkv), -1), qkv.reshape(len(qkv), -1), kc, vc


@pytest.mark.parametrize("kvh", [2, 1])
def test_block_multihead_attention_matches_the_kernel_formula(kvh):
    c = _blha_batch(kvh=kvh)
    T = paddle.to_tensor
    qkv, kc, vc = T(c["qkv"]), T(c["kcache"]), T(c["vcache"])
    out, qkv_out, kc_out, vc_out = IFN.block_multihead_attention(
        qkv, kc, vc, T(c["enc"]), T(c["dec"]), T(c["this_time"].astype("int32")),
        T(c["pad_off"]), T(c["excl"]), T(c["cu"]), T(c["cu"]), T(c["tables"]),
        qkv_bias=T(c["bias"]), rope_emb=T(c["rope"]), max_seq_len=c["msl"],
        block_size=c["blk"])
    want_out, want_qkv, want_k, want_v = _np_blha(c)
    assert qkv_out is qkv and kc_out is kc and vc_out is vc
    np.testing.assert_allclose(out.numpy(), want_out, rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(kc.numpy(), want_k, rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(vc.numpy(), want_v, rtol=1e-5, atol=1e-6)
    # qkv_out: bias everywhere, rotary on the prefill tokens (the decode token's is in-kernel)
    prefill = np.r_[0:5, 6:8]
    np.testing.assert_allclose(qkv.numpy()[prefill], want_qkv[prefill], rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(qkv.numpy()[5], c["qkv"][5] + c["bias"], rtol=1e-6)


def test_block_multihead_attention_refusals():
    c = _blha_batch()
    T = paddle.to_tensor
    args = (T(c["qkv"]), T(c["kcache"]), T(c["vcache"]), T(c["enc"]), T(c["dec"]),
            T(c["this_time"].astype("int32")), T(c["pad_off"]), T(c["excl"]), T(c["cu"]),
            T(c["cu"]), T(c["tables"]))
    with pytest.raises(NotImplementedError, match="cache quantization"):
        IFN.block_multihead_attention(*args, cache_k_quant_scales=paddle.ones([2]),
                                      max_seq_len=8, block_size=4)
    with pytest.raises(NotImplementedError, match="pre_key_cache"):
        IFN.block_multihead_attention(*args, pre_key_cache=paddle.ones([3, 2, 1, 4]),
                                      max_seq_len=8, block_size=4)


def test_block_multihead_attention_masks():
    # an additive lower-triangular `mask` (Paddle's create_attn_mask) gives the causal result;
    # a tgt_mask of zeros leaves the decoding row unchanged, -1e4 at position 0 removes it
    c = _blha_batch()
    T = paddle.to_tensor

    def run(**kw):
        return IFN.block_multihead_attention(
            T(c["qkv"]), T(c["kcache"]), T(c["vcache"]), T(c["enc"]), T(c["dec"]),
            T(c["this_time"].astype("int32")), T(c["pad_off"]), T(c["excl"]), T(c["cu"]),
            T(c["cu"]), T(c["tables"]), qkv_bias=T(c["bias"]), rope_emb=T(c["rope"]),
            max_seq_len=8, block_size=4, **kw)[0].numpy()
    base = run()
    mask = np.zeros((3, 1, 8, 8), "float32")
    for b, n in enumerate(c["this_time"]):
        mask[b, 0, :n, :n] = (np.tril(np.ones((n, n))) - 1) * 1e4
    np.testing.assert_allclose(run(mask=T(mask)), base, rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(run(tgt_mask=paddle.zeros([3, 1, 1, 8])), base, rtol=1e-6)
    tgt = np.zeros((3, 1, 1, 8), "float32")
    tgt[1, 0, 0, 0] = -1e4
    changed = run(tgt_mask=T(tgt))
    assert not np.allclose(changed[5], base[5]) and np.allclose(changed[:5], base[:5])


# ---- MoE helpers and FP8 ops Paddle 3.3.1 runs only on GPU (paddle_compat computes them on any
# device): each checked against a numpy loop written from Paddle's CUDA kernel ---------------------
import numpy as np  # noqa: E402
import torch  # noqa: E402

IF = paddle.incubate.nn.functional
T = paddle.to_tensor


def test_int_bincount_counts_values_in_low_high():
    x = np.array([[1, 2, 2, 5], [7, -1, 3, 3]])
    for low, high, dtype in ((0, 6, "int32"), (2, 9, "int64")):
        want = [int((x == v).sum()) for v in range(low, high)]
        got = IF.int_bincount(T(x), low, high, dtype)
        assert got.numpy().tolist() == want and str(got.dtype) == f"paddle.{dtype}"
    with pytest.raises(ValueError, match="dtype must be 'int32' or 'int64'"):
        IF.int_bincount(T(x), 0, 4)
    with pytest.raises(ValueError, match="x` must be of dtype int32, int64"):
        IF.int_bincount(T([1.0]), 0, 4, "int64")


def _expand_ref(e, n, group, offset, is_group):
    out = np.array(e)
    for (s, j), v in np.ndenumerate(out):
        v = v + j * group if is_group else v
        if n > 0:
            rank, local = int(v / n), v - int(v / n) * n      # C division truncates
            v = rank * 2 * n + local + offset * n
        out[s, j] = v
    return out


@pytest.mark.parametrize("n,group,offset,is_group", [(4, 2, 1, True), (3, 0, 0, False),
                                                     (0, 5, 1, True)])
def test_expand_modality_expert_id(n, group, offset, is_group):
    e = np.array([[0, 1], [5, 2], [7, 3]], dtype="int32")
    got = IF.expand_modality_expert_id(T(e), n, group, offset, is_group)
    assert got.numpy().tolist() == _expand_ref(e, n, group, offset, is_group).tolist()
    assert got.dtype == paddle.int32


def test_build_src_rank_and_local_expert_id():
    counts = [1, 2, 0, 3, 2, 1]
    src, local = IF.build_src_rank_and_local_expert_id(T(counts), counts, 2)
    want_src, want_local = [], []
    for g, c in enumerate(counts):
        want_src += [g // 2] * c
        want_local += [g % 2] * c
    assert src.numpy().tolist() == want_src and local.numpy().tolist() == want_local
    assert src.dtype == paddle.int32 and local.dtype == paddle.int32
    with pytest.raises(ValueError, match="must hold the same counts"):
        IF.build_src_rank_and_local_expert_id(T(counts), [1, 2], 2)


def test_moe_combine_value_and_gradients():
    rng = np.random.default_rng(0)
    x = rng.standard_normal((5, 3))
    w = rng.standard_normal((4, 2))
    idx = np.array([[0, 3], [1, 2], [4, 0], [2, 2]], dtype="int32")
    want = np.zeros((4, 3))
    for s in range(4):
        for k in range(2):
            want[s] += w[s, k] * x[idx[s, k]]
    xt, wt = T(x, stop_gradient=False), T(w, stop_gradient=False)
    y = IF.moe_combine(xt, wt, T(idx))
    np.testing.assert_allclose(y.numpy(), want, rtol=1e-12)
    y.sum().backward()
    gw = np.array([[x[idx[s, k]].sum() for k in range(2)] for s in range(4)])
    np.testing.assert_allclose(wt.grad.numpy(), gw, rtol=1e-12)
    gx = np.zeros_like(x)
    for s in range(4):
        for k in range(2):
            gx[idx[s, k]] += w[s, k]
    np.testing.assert_allclose(xt.grad.numpy(), gx, rtol=1e-12)
    with pytest.raises(ValueError, match="must lie in"):
        IF.moe_combine(xt, wt, T(idx + 3))


def _aux_ref(gp, dm, tm, dtm, E, use_group, k, clip):
    rows, cols = gp.shape
    if dtm is not None:
        seq = float(np.sum(dtm))
    elif tm is not None:
        seq = float(np.sum(tm))
    else:
        seq = rows / E * cols
    seq = max(seq, clip)
    counts = dm.sum(0) if dm.ndim == 2 else dm
    ce = counts / seq
    l_aux = sum(ce[e] * gp[:, e].sum() / seq * E for e in range(cols))
    if use_group:
        l_aux /= k
    grad = np.tile(ce * E / (k if use_group else 1) / seq, (rows, 1))
    if tm is not None:
        l_aux *= seq / max(float(np.sum(tm)), clip)
    return l_aux, seq, ce, grad


@pytest.mark.parametrize("masks", ["none", "tokens", "both"])
@pytest.mark.parametrize("use_group", [False, True])
def test_cal_aux_loss(masks, use_group):
    rng = np.random.default_rng(1)
    gp = rng.random((6, 4)).astype("float32")
    dm = np.eye(4, dtype="int64")[[0, 1, 2, 3, 0, 1]]
    tm = np.array([1, 1, 1, 0, 0, 1], dtype="float32") if masks != "none" else None
    dtm = np.array([1, 1, 1, 1, 0, 1, 1, 1], dtype=bool) if masks == "both" else None
    g = T(gp, stop_gradient=False)
    l_aux, seq, ce = IF.cal_aux_loss(g, T(dm), None if tm is None else T(tm),
                                     None if dtm is None else T(dtm), 4, use_group, 2, 0.5)
    w_l, w_seq, w_ce, w_grad = _aux_ref(gp.astype("float64"), dm, tm, dtm, 4, use_group, 2, 0.5)
    np.testing.assert_allclose(float(l_aux), w_l, rtol=1e-5)
    np.testing.assert_allclose(float(seq), w_seq, rtol=1e-6)
    np.testing.assert_allclose(ce.numpy(), w_ce, rtol=1e-6)
    l_aux.backward()
    np.testing.assert_allclose(g.grad.numpy(), w_grad, rtol=1e-5)   # the scale is forward-only


def test_cal_aux_loss_one_dimensional_dispatch_mask():
    gp = np.full((3, 4), 0.25, dtype="float32")
    l_aux, seq, ce = IF.cal_aux_loss(T(gp), T([3, 1, 0, 2]), None, None, 4, False, 1, 0.0)
    w_l, w_seq, w_ce, _ = _aux_ref(gp.astype("float64"), np.array([3, 1, 0, 2]), None, None, 4,
                                   False, 1, 0.0)
    np.testing.assert_allclose([float(l_aux), float(seq)], [w_l, w_seq], rtol=1e-6)
    np.testing.assert_allclose(ce.numpy(), w_ce, rtol=1e-6)


def _dispatch_ref(x, g, bias, k, cap, use_pad):
    """A loop over the moe_top_k / sort / initialize_moe_routing kernels."""
    S, E = g.shape
    H = x.shape[1]
    eid = np.zeros((S, k), dtype=np.int64)
    w = np.zeros((S, k), dtype=np.float32)
    for r in range(S):
        taken = []
        for i in range(k):
            best, best_v = 0, -1.0
            for e in range(E):
                if e in taken:
                    continue
                v = g[r, e] + (bias[e] if bias is not None else 0.0)
                if v > best_v:
                    best, best_v = e, v
            taken.append(best)
            eid[r, i], w[r, i] = best, g[r, best]
    entries = [(eid[r, i], i, r) if use_pad else (eid[r, i], r, i)
               for r in range(S) for i in range(k)]
    entries.sort()
    offset = np.cumsum(np.bincount(eid.reshape(-1), minlength=E))
    y = np.zeros((E * cap, H) if use_pad else (S * k, H), dtype=x.dtype)
    scatter = np.zeros((k, S), dtype=np.int64)
    for d, ent in enumerate(entries):
        e = ent[0]
        r, i = (ent[2], ent[1]) if use_pad else (ent[1], ent[2])
        rie = d - (offset[e - 1] if e else 0)
        if rie >= cap:
            w[r, i] = 0.0
            continue
        dest = e * cap + rie if use_pad else d
        scatter[i, r] = dest
        y[dest] = x[r]
    return y, w, scatter, offset, eid


def _gate(seed, S=7, E=4):
    rng = np.random.default_rng(seed)
    g = rng.random((S, E)).astype("float32")
    g[1, 2] = g[1, 0]                       # a tie: the lower expert wins
    return g


@pytest.mark.parametrize("use_pad", [True, False])
@pytest.mark.parametrize("bias", [None, [0.0, 0.0, 0.4, -0.2]])
def test_moe_gate_dispatch(use_pad, bias):
    x = np.arange(14, dtype="float32").reshape(7, 2)
    g = _gate(2)
    b = None if bias is None else np.array(bias, dtype="float32")
    y, w, si, off, eid = IF.moe_gate_dispatch(T(x), T(g), None if b is None else T(b), 2, 3,
                                              use_pad)
    wy, ww, wsi, woff, weid = _dispatch_ref(x, g, b, 2, 3, use_pad)
    assert list(y.shape) == ([4, 3, 2] if use_pad else [7, 2, 2])
    np.testing.assert_array_equal(y.numpy().reshape(wy.shape), wy)
    np.testing.assert_array_equal(w.numpy(), ww)
    assert si.numpy().tolist() == wsi.tolist() and off.numpy().tolist() == woff.tolist()
    assert eid.numpy().tolist() == weid.tolist()
    assert (str(w.dtype), str(si.dtype), str(off.dtype), str(eid.dtype)) == (
        "paddle.float32", "paddle.int32", "paddle.int64", "paddle.int32")


def test_moe_gate_dispatch_gradients_and_checks():
    x = T(np.arange(14, dtype="float64").reshape(7, 2), stop_gradient=False)
    g = T(_gate(3), stop_gradient=False)
    y, w, si, off, eid = IF.moe_gate_dispatch(x, g, None, 2, 3, True)
    (y.sum() + w.sum()).backward()
    kept = (w.numpy() != 0)
    np.testing.assert_array_equal(x.grad.numpy()[:, 0], kept.sum(1))
    want_g = np.zeros((7, 4))
    for r in range(7):
        for i in range(2):
            want_g[r, eid.numpy()[r, i]] += kept[r, i]
    np.testing.assert_array_equal(g.grad.numpy(), want_g)
    with pytest.raises(ValueError, match="must be FLOAT32"):
        IF.moe_gate_dispatch(x, g.astype("float64"), None, 2, 3, True)
    with pytest.raises(ValueError, match="greater than or equal to k"):
        IF.moe_gate_dispatch(x, g, None, 5, 3, True)


def test_moe_gate_dispatch_permute_lays_experts_out_by_rank():
    x = np.arange(14, dtype="float32").reshape(7, 2)
    g = _gate(4)
    y, w, si, off, eid = IF.moe_gate_dispatch_permute(T(x), T(g), None, 2, 3, 2)
    wy, ww, wsi, woff, weid = _dispatch_ref(x, g, None, 2, 3, True)
    assert list(y.shape) == [2, 2, 3, 2]
    for e in range(4):                       # expert e -> local e % 2 on rank e // 2
        np.testing.assert_array_equal(y.numpy()[e % 2, e // 2], wy[e * 3:(e + 1) * 3])
    np.testing.assert_array_equal(w.numpy(), ww)
    assert si.numpy().tolist() == wsi.tolist() and off.numpy().tolist() == woff.tolist()
    with pytest.raises(ValueError, match="divisible by world_size"):
        IF.moe_gate_dispatch_permute(T(x), T(g), None, 2, 3, 3)


def _bf16(a):
    return torch.tensor(a, dtype=torch.float32).to(torch.bfloat16).float().numpy()


def test_fused_act_dequant_float_and_packed_scales():
    vals = np.linspace(-3, 3, 2 * 200, dtype="float32").reshape(2, 200)
    x = T(vals).astype(paddle.float8_e4m3fn)
    xf = x.astype("float32").numpy()
    scale = np.array([[2.0, 0.5], [1.0, 4.0]], dtype="float32")
    out = IF.fused_act_dequant(x, T(scale))
    want = np.stack([xf[m] * np.repeat(scale[m], 128)[:200] for m in range(2)])
    assert out.dtype == paddle.bfloat16
    np.testing.assert_array_equal(out.astype("float32").numpy(), _bf16(want))
    # UE8M0: byte m * 2 + block of the int32 buffer is the biased exponent
    exps = np.array([128, 126, 127, 129], dtype=np.uint8)      # 2, 0.5, 1, 4
    packed = exps.view(np.int32).reshape(1, 1).repeat(2, 0)    # [2, ceil(200 / 512)]
    out2 = IF.fused_act_dequant(x, T(packed))
    np.testing.assert_array_equal(out2.astype("float32").numpy(), _bf16(want))


def test_fused_swiglu_weighted_bwd():
    rng = np.random.default_rng(5)
    o1 = T(rng.standard_normal((2, 3, 8)).astype("float32")).astype("bfloat16")
    d = T(rng.standard_normal((2, 3, 4)).astype("float32")).astype("bfloat16")
    p = rng.random((2, 3)).astype("float32")
    do1, pg, o2s = IF.fused_swiglu_weighted_bwd(o1, d, T(p))
    a, g_s = o1.astype("float32").numpy(), d.astype("float32").numpy()
    x0, x1 = a[..., :4], a[..., 4:]
    sig = 1 / (1 + np.exp(-x0))
    o2 = sig * x0 * x1
    g = g_s * p[..., None]
    want_do1 = np.concatenate([g * x1 * sig * (1 + x0 - sig * x0), g * sig * x0], -1)
    np.testing.assert_allclose(do1.astype("float32").numpy(), _bf16(want_do1), rtol=1e-2,
                               atol=1e-3)
    np.testing.assert_allclose(pg.numpy(), (g_s * o2).sum(-1), rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(o2s.astype("float32").numpy(), _bf16(o2 * p[..., None]),
                               rtol=1e-2, atol=1e-3)
    assert (str(do1.dtype), str(pg.dtype), str(o2s.dtype)) == (
        "paddle.bfloat16", "paddle.float32", "paddle.bfloat16")
    # the backward it computes is SwiGLU(o1) * prob's, as torch autograd finds it
    t = torch.tensor(a, requires_grad=True)
    pr = torch.tensor(p, requires_grad=True)
    out = torch.nn.functional.silu(t[..., :4]) * t[..., 4:] * pr[..., None]
    out.backward(torch.tensor(g_s))
    np.testing.assert_allclose(do1.astype("float32").numpy(), t.grad.numpy(), rtol=2e-2,
                               atol=2e-3)
    np.testing.assert_allclose(pg.numpy(), pr.grad.numpy(), rtol=1e-4, atol=1e-5)


def _compute_scale_ref(amax, eps, pow2):
    """ComputeScale of phi/kernels/fusion/gpu/quant_utils.h, one float32 value at a time."""
    amax = np.float32(max(amax, eps))
    if amax == 0:
        return np.float32(1.0)
    with np.errstate(over="ignore", divide="ignore"):
        scale = np.float32(448.0) / amax
    if np.isinf(scale):
        return np.float32(2.0 ** 127) if pow2 else np.finfo(np.float32).max
    if pow2 and scale != 0:
        return np.float32(2.0 ** (int(np.frexp(scale)[1]) - 1))
    return scale


def _to_e4m3(v):
    return torch.tensor(np.asarray(v, dtype="float32")).to(torch.float8_e4m3fn).float().numpy()


@pytest.mark.parametrize("cols,pow2,with_prob", [(300, True, True), (300, False, False),
                                                 (262, False, True), (262, True, False)])
def test_fused_weighted_swiglu_act_quant(cols, pow2, with_prob):
    rng = np.random.default_rng(cols)
    x = T(rng.standard_normal((2, 2, cols)).astype("float32")).astype("bfloat16")
    p = rng.random(4).astype("float32")
    out, scale = IF.fused_weighted_swiglu_act_quant(x, T(p) if with_prob else None, pow2)
    a = x.astype("float32").numpy().reshape(4, cols)
    inter = cols // 2
    act = a[:, :inter] / (1 + np.exp(-a[:, :inter])) * a[:, inter:]
    if with_prob:
        act = act * p[:, None]
    blocks = (inter + 127) // 128
    want_out = np.zeros((4, inter), dtype=np.float32)
    want_scale = np.zeros((4, blocks), dtype=np.float32)
    for r in range(4):
        for b in range(blocks):
            blk = act[r, b * 128:(b + 1) * 128].astype(np.float32)
            amax = np.abs(blk).max()
            if cols % 8:              # the elementwise kernel keeps the maximum in bfloat16
                amax = _bf16(amax)
            s = _compute_scale_ref(amax, 0.0, pow2)
            want_out[r, b * 128:(b + 1) * 128] = _to_e4m3(blk * s)
            want_scale[r, b] = np.float32(1.0) / s
    assert out.dtype == paddle.float8_e4m3fn and list(out.shape) == [4, inter]
    np.testing.assert_allclose(out.astype("float32").numpy(), want_out, rtol=0.07, atol=1e-6)
    assert (out.astype("float32").numpy() != want_out).mean() < 0.01     # rounding ties only
    np.testing.assert_allclose(scale.numpy(), want_scale, rtol=1e-6)
    if pow2:
        assert np.all(np.log2(scale.numpy()) == np.round(np.log2(scale.numpy())))
    with pytest.raises(ValueError, match="Input X must be bfloat16"):
        IF.fused_weighted_swiglu_act_quant(x.astype("float32"))


def test_compute_scale_edge_cases():
    from paddle_compat._incubate.nn.functional.fp8 import compute_scale
    amax = torch.tensor([0.0, 1e-45, 3.0, float("inf"), 500.0])
    for pow2 in (False, True):
        got = compute_scale(amax, 0.0, pow2).numpy()
        want = [_compute_scale_ref(np.float32(a), 0.0, pow2) for a in amax.numpy()]
        np.testing.assert_array_equal(got, np.array(want, dtype=np.float32))
    np.testing.assert_array_equal(compute_scale(torch.tensor([0.0]), 0.5, False).numpy(), [896.0])


def _scale_wrapper_ref(amax, eps, pow2):
    """ScaleWrapper of the fp8_quant_blockwise kernel (bfloat16's largest scale on overflow)."""
    s = _compute_scale_ref(amax, eps, pow2)
    if not pow2 and s == np.finfo(np.float32).max:
        return np.float32(float.fromhex("0x1.FEp127"))
    return s


def _blockwise_ref(x, eps, pow2, one_by):
    M, N = x.shape
    out = np.zeros_like(x)
    if one_by:
        scale = np.zeros((M, N // 128), dtype=np.float32)
        for r in range(M):
            for b in range(N // 128):
                blk = x[r, b * 128:(b + 1) * 128]
                s = _scale_wrapper_ref(np.abs(blk).max(), eps, pow2)
                out[r, b * 128:(b + 1) * 128] = _to_e4m3(blk * s)
                scale[r, b] = np.float32(1.0) / s
    else:
        scale = np.zeros((M // 128, N // 128), dtype=np.float32)
        for i in range(M // 128):
            for j in range(N // 128):
                blk = x[i * 128:(i + 1) * 128, j * 128:(j + 1) * 128]
                s = _scale_wrapper_ref(np.abs(blk).max(), eps, pow2)
                out[i * 128:(i + 1) * 128, j * 128:(j + 1) * 128] = _to_e4m3(blk * s)
                scale[i, j] = np.float32(1.0) / s
    return out, scale


@pytest.mark.parametrize("method", ["1x128", "128x128"])
@pytest.mark.parametrize("pow2", [True, False])
def test_fp8_quant_blockwise(method, pow2):
    rng = np.random.default_rng(7)
    xv = rng.standard_normal((128, 256)).astype("float32") * np.array([1.0, 1e-3], "float32"
                                                                      ).repeat(128)
    xv[:, 200] = 0.0
    x = T(xv).astype("bfloat16")
    a = x.astype("float32").numpy()
    one_by = method == "1x128"
    q, s, qt, st = IF.fp8_quant_blockwise(x, input_transpose=True, output_scale_transpose=False,
                                          using_pow2_scale=pow2, quant_method=method)
    w_q, w_s = _blockwise_ref(a, 0.0, pow2, one_by)
    np.testing.assert_array_equal(q.astype("float32").numpy(), w_q)
    np.testing.assert_array_equal(s.numpy(), w_s)
    if one_by:
        w_qt, w_st = _blockwise_ref(a.T.copy(), 0.0, pow2, True)
    else:
        w_qt, w_st = w_q.T, w_s.T
    np.testing.assert_array_equal(qt.astype("float32").numpy(), w_qt)
    np.testing.assert_array_equal(st.numpy(), w_st)
    q2, s2 = IF.fp8_quant_blockwise(x, using_pow2_scale=pow2, quant_method=method)
    np.testing.assert_array_equal(s2.numpy(), w_s.T)          # output_scale_transpose=True
    qt3, st3 = IF.fp8_quant_blockwise(x, input_transpose=True, return_transpose_only=True,
                                      output_scale_transpose=False, using_pow2_scale=pow2,
                                      quant_method=method)
    np.testing.assert_array_equal(st3.numpy(), w_st)
    assert q.dtype == paddle.float8_e4m3fn and s.dtype == paddle.float32


def test_fp8_quant_blockwise_checks():
    x = T(np.ones((128, 128), "float32")).astype("bfloat16")
    with pytest.raises(ValueError, match="Unsupported quantization method"):
        IF.fp8_quant_blockwise(x, quant_method="2x2")
    with pytest.raises(ValueError, match="Unsupported output type"):
        IF.fp8_quant_blockwise(x, output_type="e5m2")
    with pytest.raises(ValueError, match="exactly divided by 128"):
        IF.fp8_quant_blockwise(T(np.ones((64, 128), "float32")).astype("bfloat16"))
    with pytest.raises(ValueError, match="only support bfloat16"):
        IF.fp8_quant_blockwise(T(np.ones((128, 128), "float32")))
    with pytest.raises(NotImplementedError, match="using_ue8m0_scale"):
        IF.fp8_quant_blockwise(x, using_ue8m0_scale=True)
    q, s = IF.fp8_quant_blockwise(x, epsilon=2.0, using_pow2_scale=False)
    np.testing.assert_array_equal(s.numpy(), np.full((1, 128), 2.0 / 448, "float32"))


@pytest.mark.parametrize("transpose", [True, False])
def test_fused_stack_transpose_quant(transpose):
    rng = np.random.default_rng(11)
    mats = [T(rng.standard_normal((128, 256)).astype("float32") * (i + 1)).astype("bfloat16")
            for i in range(2)]
    mats[1] = T(np.zeros((128, 256), "float32")).astype("bfloat16")
    out, scale = IF.fused_stack_transpose_quant(mats, transpose=transpose)
    want_q, want_s = [], []
    for m in mats:
        a = m.astype("float32").numpy()
        q, s = _blockwise_ref(a, 0.0, False, one_by=False)
        want_q.append(q.T if transpose else q)
        want_s.append(s.T if transpose else s)
    np.testing.assert_array_equal(out.astype("float32").numpy(), np.concatenate(want_q))
    np.testing.assert_array_equal(scale.numpy(), np.concatenate(want_s))
    assert list(out.shape) == ([512, 128] if transpose else [256, 256])
    assert out.dtype == paddle.float8_e4m3fn and scale.dtype == paddle.float32
    with pytest.raises(ValueError, match="multiples of 128"):
        IF.fused_stack_transpose_quant([T(np.ones((64, 128), "float32")).astype("bfloat16")])


def _split_ref(a, counts, pow2):
    outs, scales, start = [], [], 0
    K = a.shape[1]
    for c in counts:
        out = np.zeros((K, c), dtype=np.float32)
        sc = np.zeros((c // 128, K), dtype=np.float32)
        for b in range(c // 128):
            for k in range(K):
                col = a[start + b * 128:start + (b + 1) * 128, k]
                s = _scale_wrapper_ref(np.abs(col).max(), 0.0, pow2)
                out[k, b * 128:(b + 1) * 128] = _to_e4m3(col * s)
                sc[b, k] = np.float32(1.0) / s
        outs.append(out)
        scales.append(sc)
        start += c
    return outs, scales


@pytest.mark.parametrize("pow2", [False, True])
@pytest.mark.parametrize("fp8_input", [False, True])
def test_fused_transpose_split_quant(pow2, fp8_input):
    rng = np.random.default_rng(13)
    a = rng.standard_normal((384, 130)).astype("float32")
    counts = [256, 0, 128]
    if fp8_input:
        x = T(a).astype(paddle.float8_e4m3fn)
        sc = rng.random((384, 2)).astype("float32") + 0.5
        ref_in = _bf16(x.astype("float32").numpy() * np.repeat(sc, 128, axis=1)[:, :130])
        outs, scales = IF.fused_transpose_split_quant(x, T(sc), counts, pow2)
    else:
        x = T(a).astype("bfloat16")
        ref_in = x.astype("float32").numpy()
        outs, scales = IF.fused_transpose_split_quant(x, None, counts, pow2)
    w_outs, w_scales = _split_ref(ref_in, counts, pow2)
    assert [list(o.shape) for o in outs] == [[130, 256], [130, 0], [130, 128]]
    for o, s, wo, ws in zip(outs, scales, w_outs, w_scales):
        np.testing.assert_array_equal(o.astype("float32").numpy(), wo)
        np.testing.assert_array_equal(s.numpy(), ws)
    with pytest.raises(ValueError, match="multiples of 128"):
        IF.fused_transpose_split_quant(T(a).astype("bfloat16"), None, [300, 84])
    assert IF.fused_transpose_split_quant(T(np.zeros((0, 4), "float32")), None, []) == ([], [])


@pytest.mark.parametrize("C", [64, 128])
def test_fused_transpose_wlch_split_quant(C):
    rng = np.random.default_rng(C)
    W, L, H = 2, 2, 20
    a = rng.standard_normal((W, L, C, H)).astype("float32")
    x = T(a).astype("bfloat16")
    counts = [128, W * L * C - 128]
    outs, scales = IF.fused_transpose_wlch_split_quant(x, counts, True)
    tokens = np.zeros((W * L * C, H), dtype=np.float32)
    xv = x.astype("float32").numpy()
    for l in range(L):
        for w in range(W):
            for c in range(C):
                tokens[(l * W + w) * C + c] = xv[w, l, c]
    w_outs, w_scales = _split_ref(tokens, counts, True)
    for o, s, wo, ws in zip(outs, scales, w_outs, w_scales):
        np.testing.assert_array_equal(o.astype("float32").numpy(), wo)
        np.testing.assert_array_equal(s.numpy(), ws)


@pytest.mark.parametrize("use_pad", [True, False])
def test_moe_gate_dispatch_and_quant(use_pad):
    rng = np.random.default_rng(17)
    xv = rng.standard_normal((7, 256)).astype("float32")
    xv[3] = 0.0
    x = T(xv).astype("bfloat16")
    g = _gate(5)
    out, scale, w, si, off, eid = IF.moe_gate_dispatch_and_quant(x, T(g), None, 2, 3, use_pad,
                                                                 True)
    a = x.astype("float32").numpy()
    wy, ww, wsi, woff, weid = _dispatch_ref(a, g, None, 2, 3, use_pad)
    filled = np.zeros(wy.shape[0], dtype=bool)
    filled[wsi[ww.T != 0]] = True
    w_q, w_s = _blockwise_ref(wy, 0.0, True, one_by=True)
    w_q[~filled] = 0.0
    w_s[~filled] = 1.0
    np.testing.assert_array_equal(out.astype("float32").numpy(), w_q)
    np.testing.assert_array_equal(scale.numpy(), w_s)
    np.testing.assert_array_equal(w.numpy(), ww)
    assert si.numpy().tolist() == wsi.tolist() and eid.numpy().tolist() == weid.tolist()
    assert off.numpy().tolist() == woff.tolist()
    with pytest.raises(ValueError, match="divided by 128"):
        IF.moe_gate_dispatch_and_quant(T(np.ones((7, 100), "float32")).astype("bfloat16"),
                                       T(g), None, 2, 3, use_pad, True)


def _gemm_ref(a, b, sa, sb, a_1d, b_1d):
    """Paddle's pyop_ref_* loops (test_fp8_gemm_blockwise.py), in float64."""
    M, K = a.shape
    N = b.shape[0]
    out = np.zeros((M, N))
    for k in range(0, K, 128):
        blk = a[:, k:k + 128].astype(np.float64) @ b[:, k:k + 128].astype(np.float64).T
        a_s = sa[k // 128, :][:, None] if a_1d else np.repeat(sa[:, k // 128], 128)[:M, None]
        b_s = sb[k // 128, :][None, :] if b_1d else np.repeat(sb[:, k // 128], 128)[None, :N]
        out += blk * a_s * b_s
    return out


@pytest.mark.parametrize("a_1d,b_1d", [(True, False), (False, True), (True, True)])
def test_fp8_gemm_blockwise(a_1d, b_1d):
    rng = np.random.default_rng(19)
    A = T(rng.standard_normal((256, 384)).astype("float32")).astype("bfloat16")
    B = T(rng.standard_normal((128, 384)).astype("float32")).astype("bfloat16")
    qa, sa = IF.fp8_quant_blockwise(A, quant_method="1x128" if a_1d else "128x128",
                                    output_scale_transpose=a_1d, using_pow2_scale=False)
    qb, sb = IF.fp8_quant_blockwise(B, quant_method="1x128" if b_1d else "128x128",
                                    output_scale_transpose=b_1d, using_pow2_scale=False)
    want = _gemm_ref(qa.astype("float32").numpy(), qb.astype("float32").numpy(), sa.numpy(),
                     sb.numpy(), a_1d, b_1d)
    got = IF.fp8_gemm_blockwise(qa, sa, qb, sb, "float32", is_a_1d_scaled=a_1d,
                                is_b_1d_scaled=b_1d)
    np.testing.assert_allclose(got.numpy(), want, rtol=1e-4, atol=1e-3)
    exact = A.astype("float32").numpy() @ B.astype("float32").numpy().T
    # FP8 rounding only: a few percent of the product's size
    assert np.sqrt(np.mean((got.numpy() - exact) ** 2)) < 0.05 * np.sqrt(np.mean(exact ** 2))
    acc = paddle.ones([256, 128], dtype="bfloat16")
    res = IF.fp8_gemm_blockwise(qa, sa, qb, sb, "bfloat16", out=acc, accumulate=True,
                                is_a_1d_scaled=a_1d, is_b_1d_scaled=b_1d)
    assert res is acc and acc.dtype == paddle.bfloat16
    np.testing.assert_allclose(acc.astype("float32").numpy(), _bf16(want + 1.0), rtol=1e-2,
                               atol=0.1)
    with pytest.raises(AssertionError, match="Bias is not supported"):
        IF.fp8_gemm_blockwise(qa, sa, qb, sb, "float32", bias=acc)
    with pytest.raises(ValueError, match="scales of shape"):
        IF.fp8_gemm_blockwise(qa, sb, qb, sb, "float32", is_a_1d_scaled=a_1d,
                              is_b_1d_scaled=b_1d)


def _partial_ref(x, cw, eid, k, cap, E, use_pad, start, end, reverse):
    """A loop over the moe_gate_dispatch_partial_nosoftmaxtopk kernel's steps."""
    S, H = x.shape
    global_counts = np.bincount(eid.reshape(-1), minlength=E)
    # entries of each local expert in (slot, token) order
    per_expert = {e: [(i, r) for i in range(k) for r in range(S) if eid[r, i] == e]
                  for e in range(start, end)}
    kept = {}
    for e, ents in per_expert.items():
        if reverse:
            kept[e] = ents[max(0, len(ents) - cap):]
        else:
            kept[e] = ents[:cap]
    nums_local = np.zeros(E, dtype=np.int64)
    for e in per_expert:
        nums_local[e] = len(per_expert[e]) if use_pad else len(kept[e])
    w_out = np.zeros_like(cw)
    for e in kept:
        for i, r in kept[e]:
            w_out[r, i] = cw[r, i]
    scatter = np.zeros((k, S), dtype=np.int64)
    ys, rev = [], []
    n_out = (end - start) * cap if use_pad else sum(len(v) for v in kept.values())
    y = np.zeros((max(n_out, 1), H), dtype=x.dtype)
    rev = np.full(n_out, S)
    j = 0
    for e in range(start, end):
        base = (e - start) * cap if use_pad else j
        for n, (i, r) in enumerate(sorted(kept[e], key=lambda t: (t[1], t[0]))):
            y[base + n] = x[r]
            rev[base + n] = r
            scatter[i, r] = base + n
        j = base + len(kept[e])
    return y, w_out, scatter, rev, global_counts, nums_local


@pytest.mark.parametrize("use_pad,reverse", [(True, False), (False, False), (False, True)])
def test_moe_gate_dispatch_partial_nosoftmaxtopk(use_pad, reverse):
    rng = np.random.default_rng(23)
    S, k, E = 9, 2, 5
    x = rng.standard_normal((S, 3)).astype("float32")
    eid = np.array([rng.choice(E, k, replace=False) for _ in range(S)], dtype="int32")
    cw = rng.random((S, k)).astype("float32")
    xt, cwt = T(x, stop_gradient=False), T(cw, stop_gradient=False)
    y, w, si, rev, off, nl = IF.moe_gate_dispatch_partial_nosoftmaxtopk(
        xt, cwt, T(eid), k, 2, E, use_pad, 1, 4, reverse)
    wy, ww, wsi, wrev, woff, wnl = _partial_ref(x, cw, eid, k, 2, E, use_pad, 1, 4, reverse)
    np.testing.assert_array_equal(y.numpy(), wy)
    np.testing.assert_array_equal(w.numpy(), ww)
    assert si.numpy().tolist() == wsi.tolist() and rev.numpy().tolist() == wrev.tolist()
    assert off.numpy().tolist() == woff.tolist() and nl.numpy().tolist() == wnl.tolist()
    assert (str(si.dtype), str(rev.dtype), str(off.dtype), str(nl.dtype)) == (
        "paddle.int32", "paddle.int32", "paddle.int64", "paddle.int64")
    (y.sum() + w.sum()).backward()
    used = np.zeros(S)
    for r in wrev[wrev < S]:
        used[r] += 1
    np.testing.assert_array_equal(xt.grad.numpy()[:, 0], used)
    np.testing.assert_array_equal(cwt.grad.numpy(), (ww != 0).astype("float32"))


def test_moe_gate_dispatch_partial_nosoftmaxtopk_checks():
    x = T(np.ones((4, 2), "float32"))
    cw = T(np.ones((4, 2), "float32"))
    eid = T(np.array([[0, 1]] * 4, dtype="int32"))
    with pytest.raises(ValueError, match="use_pad must be false"):
        IF.moe_gate_dispatch_partial_nosoftmaxtopk(x, cw, eid, 2, 2, 3, True, 0, 2, True)
    with pytest.raises(ValueError, match="expert_end_index must be greater"):
        IF.moe_gate_dispatch_partial_nosoftmaxtopk(x, cw, eid, 2, 2, 3, True, 2, 2, False)
    with pytest.raises(ValueError, match="must be INT32"):
        IF.moe_gate_dispatch_partial_nosoftmaxtopk(x, cw, eid.astype("int64"), 2, 2, 3, True,
                                                   0, 2, False)
    y, w, si, rev, off, nl = IF.moe_gate_dispatch_partial_nosoftmaxtopk(
        x, cw, eid, 2, 2, 3, False, 2, 3, False)               # no entry is local
    assert list(y.shape) == [1, 2] and rev.shape == [] and float(w.sum()) == 0.0
