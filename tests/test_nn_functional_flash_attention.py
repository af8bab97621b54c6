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
