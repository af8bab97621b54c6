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
