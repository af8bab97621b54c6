"""paddle_compat/_nn/functional/flash_attention.py: flash_attn_qkvpacked against Paddle 3.3.1's
CPU math path (conformance/goldens/nn_functional.json, written by
conformance/record/record_nn_functional.py); the varlen forms (CUDA-only in Paddle) against plain
per-sequence attention."""
import numpy as np
import pytest

import paddle_compat as paddle

F = paddle.nn.functional
PREFIXES = ("flash_",)


def _ref(q, k, v, scale, causal=False, window=(-1, -1)):
    """numpy attention of one sequence: q [Sq, H, D], k/v [Sk, Hk, D] (bottom-right causal)."""
    rep = q.shape[1] // k.shape[1]
    k, v = np.repeat(k, rep, 1), np.repeat(v, rep, 1)
    s = np.einsum("qhd,khd->hqk", q, k) * scale
    sq, sk = q.shape[0], k.shape[0]
    i = np.arange(sq)[:, None] + sk - sq
    j = np.arange(sk)[None, :]
    ok = np.ones((sq, sk), bool)
    if causal:
        ok &= j <= i
    if window[0] >= 0:
        ok &= j >= i - window[0]
    if window[1] >= 0:
        ok &= j <= i + window[1]
    s = np.where(ok, s, -np.inf)
    p = np.exp(s - s.max(-1, keepdims=True))
    p /= p.sum(-1, keepdims=True)
    return np.einsum("hqk,khd->qhd", p, v)


@pytest.mark.parametrize("padded", [True, False])
def test_varlen_qkvpacked_is_attention_within_each_sequence(padded):
    rng = np.random.RandomState(0)
    lens, max_len = [3, 1, 4], 4
    total = len(lens) * max_len if padded else sum(lens)
    qkv = rng.uniform(-1, 1, (total, 4, 2, 8)).astype("float32")     # 4 heads over 2 kv heads
    cu = np.concatenate([[0], np.cumsum(lens)]).astype("int32")
    out, sm = F.flash_attn_varlen_qkvpacked(paddle.to_tensor(qkv), paddle.to_tensor(cu),
                                            paddle.to_tensor(cu), max_len, max_len, 0.3,
                                            causal=True, varlen_padded=padded)
    assert sm is None and out.shape == [total, 4, 8]
    got = out.numpy()
    for b, n in enumerate(lens):
        start = b * max_len if padded else cu[b]
        seg = qkv[start:start + n]
        want = _ref(seg[:, :2].reshape(n, 4, 8), seg[:, 2], seg[:, 3], 0.3, causal=True)
        np.testing.assert_allclose(got[start:start + n], want, rtol=1e-5, atol=1e-6)
        if padded:
            assert not got[start + n:(b + 1) * max_len].any()


def test_v3_varlen_with_window_seqused_and_lse():
    rng = np.random.RandomState(1)
    q = rng.uniform(-1, 1, (7, 2, 4)).astype("float32")
    k = rng.uniform(-1, 1, (9, 1, 4)).astype("float32")
    v = rng.uniform(-1, 1, (9, 1, 4)).astype("float32")
    cu_q, cu_k = np.array([0, 3, 7], "int32"), np.array([0, 5, 9], "int32")
    out, lse = F.flash_attention_v3_varlen(
        paddle.to_tensor(q), paddle.to_tensor(k), paddle.to_tensor(v), paddle.to_tensor(cu_q),
        paddle.to_tensor(cu_k), 4, 5, causal=True, window_size=(2, 0))
    assert out.shape == [7, 2, 4] and lse.shape == [2, 7] and str(lse.dtype) == "paddle.float32"
    for b in range(2):
        qs, ks = slice(cu_q[b], cu_q[b + 1]), slice(cu_k[b], cu_k[b + 1])
        want = _ref(q[qs], k[ks], v[ks], 0.5, causal=True, window=(2, 0))
        np.testing.assert_allclose(out.numpy()[qs], want, rtol=1e-5, atol=1e-6)
    with pytest.raises(NotImplementedError, match="descale"):
        F.flash_attention_v3_varlen(paddle.to_tensor(q), paddle.to_tensor(k), paddle.to_tensor(v),
                                    paddle.to_tensor(cu_q), paddle.to_tensor(cu_k), 4, 5,
                                    q_descale=paddle.ones([1]))


def test_sparse_attention_follows_the_csr_pattern_and_masks():
    rng = np.random.RandomState(2)
    q, k, v = (rng.uniform(-1, 1, (1, 2, 4, 3)) for _ in range(3))
    offset = np.array([[[0, 2, 3, 5, 6], [0, 1, 2, 3, 4]]], "int32")
    columns = np.array([[[0, 1, 1, 0, 3, 2], [0, 1, 2, 3, 0, 0]]], "int32")
    kpm = np.array([[1, 1, 1, 0]], "float64")
    out = F.sparse_attention(*(paddle.to_tensor(a) for a in (q, k, v, offset, columns)),
                             key_padding_mask=paddle.to_tensor(kpm)).numpy()
    for h in range(2):
        for r in range(4):
            cols = [c for c in columns[0, h, offset[0, h, r]:offset[0, h, r + 1]] if kpm[0, c]]
            if not cols:
                assert not out[0, h, r].any()
                continue
            s = q[0, h, r] @ k[0, h, cols].T / np.sqrt(3)
            p = np.exp(s - s.max())
            p /= p.sum()
            np.testing.assert_allclose(out[0, h, r], p @ v[0, h, cols], rtol=1e-10)


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


def _dense_ref(q, k, v, keep):
    """numpy attention [b, s, h, d] under a keep-mask [b, h, sq, sk]; empty rows give zeros."""
    s = np.einsum("bqhd,bkhd->bhqk", q, k) / np.sqrt(q.shape[-1])
    s = np.where(keep, s, -np.inf)
    m = np.max(np.where(keep, s, -1e30), -1, keepdims=True)
    p = np.where(keep, np.exp(s - m), 0.0)
    den = p.sum(-1, keepdims=True)
    p = np.divide(p, den, out=np.zeros_like(p), where=den > 0)
    return np.einsum("bhqk,bkhd->bqhd", p, v)


def _qkv(seed, b=1, s=6, h=2, d=4):
    rng = np.random.RandomState(seed)
    return [rng.uniform(-1, 1, (b, s, h, d)).astype("float32") for _ in range(3)]


def test_flashmask_causal_document_mask():
    # two documents [0, 3) and [3, 6): a key column of the first is masked from row 3 down
    q, k, v = _qkv(3)
    se = np.array([3, 3, 3, 6, 6, 6], "int32").reshape(1, 1, 6, 1)
    out = F.flashmask_attention(*(paddle.to_tensor(a) for a in (q, k, v)),
                                paddle.to_tensor(se), causal=True)
    i, j = np.arange(6)[:, None], np.arange(6)[None, :]
    keep = (j <= i) & ~(i >= se[0, 0, :, 0][None, :])
    np.testing.assert_allclose(out.numpy(), _dense_ref(q, k, v, keep[None, None]), rtol=1e-5, atol=1e-6)


def test_flashmask_bidirectional_four_bounds_and_empty_rows():
    q, k, v = _qkv(4)
    se = np.zeros((1, 1, 6, 4), "int32")
    se[0, 0, :, 0], se[0, 0, :, 1] = 4, 6          # rows 4, 5 masked in every column -> zeros
    se[0, 0, :, 2], se[0, 0, :, 3] = 0, np.arange(6)   # rows above the diagonal masked
    out = F.flashmask_attention(*(paddle.to_tensor(a) for a in (q, k, v)), paddle.to_tensor(se),
                                return_softmax_lse=True)
    i, j = np.arange(6)[:, None], np.arange(6)[None, :]
    keep = ~((i >= 4) | (i < j))
    np.testing.assert_allclose(out[0].numpy(), _dense_ref(q, k, v, keep[None, None]), rtol=1e-5, atol=1e-6)
    assert not out[0].numpy()[:, 4:].any() and out[1].shape == [1, 2, 6]


@pytest.mark.parametrize("causal", [True, False])
def test_flashmask_window_size_is_a_sliding_window(causal):
    q, k, v = _qkv(5)
    out = F.flashmask_attention(*(paddle.to_tensor(a) for a in (q, k, v)), causal=causal,
                                window_size=(2, 1))
    i, j = np.arange(6)[:, None], np.arange(6)[None, :]
    keep = (j >= i - 2) & ((j <= i) if causal else (j <= i + 1))
    np.testing.assert_allclose(out.numpy(), _dense_ref(q, k, v, keep[None, None]), rtol=1e-5, atol=1e-6)


def test_flashmask_errors():
    q, k, v = (paddle.to_tensor(a) for a in _qkv(6))
    with pytest.raises(ValueError, match="when causal is True, the last dimension should be either 1 or 2"):
        F.flashmask_attention(q, k, v, paddle.zeros([1, 1, 6, 4], "int32"), causal=True)
    with pytest.raises(AssertionError, match="startend_row_indices.dtype must be paddle.int32"):
        F.flashmask_attention(q, k, v, paddle.zeros([1, 1, 6, 2], "int64"))
