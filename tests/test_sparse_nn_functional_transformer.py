"""paddle.sparse.nn.functional.attention (paddle_compat/_sparse/nn/functional/transformer.py)
against a dense numpy attention restricted to the mask (Paddle 3.3.1 runs it on CUDA 11.8 only)."""
import numpy as np
import pytest

import paddle_compat as paddle

F = paddle.sparse.nn.functional


def _ref(q, k, v, mask, kp=None, am=None):
    b, h, s, d = q.shape
    scores = q @ k.transpose(0, 1, 3, 2) / np.sqrt(d)
    keep = mask.reshape(b, h, s, s) != 0
    if kp is not None:
        keep = keep & (kp[:, None, None, :] != 0)
    if am is not None:
        keep = keep & (am[None, None] != 0)
    scores = np.where(keep, scores, -np.inf)
    e = np.exp(scores - scores.max(-1, keepdims=True))
    p = e / e.sum(-1, keepdims=True)
    return p @ v


@pytest.mark.parametrize("masks", [False, True])
def test_attention_matches_dense_reference(masks):
    rng = np.random.RandomState(0)
    b, h, s, d = 2, 2, 4, 3
    q, k, v = (rng.rand(b, h, s, d).astype("float32") for _ in range(3))
    mask = np.tril(np.ones((s, s), "float32"))
    mask = np.broadcast_to(mask, (b * h, s, s)).copy()
    sparse_mask = paddle.to_tensor(mask).to_sparse_csr()
    kp = np.array([[1, 1, 1, 0], [1, 1, 1, 1]], "float32") if masks else None
    am = np.ones((s, s), "float32") if masks else None
    out = F.attention(paddle.to_tensor(q), paddle.to_tensor(k), paddle.to_tensor(v), sparse_mask,
                      paddle.to_tensor(kp) if masks else None,
                      paddle.to_tensor(am) if masks else None)
    np.testing.assert_allclose(out.numpy(), _ref(q, k, v, mask, kp, am), rtol=1e-5, atol=1e-6)


def test_mask_must_be_csr():
    q = paddle.ones([1, 1, 2, 2])
    with pytest.raises(ValueError, match="SparseCsrTensor"):
        F.attention(q, q, q, paddle.ones([1, 2, 2]).to_sparse_coo(3))
