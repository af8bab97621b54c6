"""paddle.sparse.nn.functional.attention (Paddle: sparse/nn/functional/transformer.py)."""
import math

import torch

from ...._tensor import wrap
from ...tensor import is_csr, make, parts
from .activation import softmax as _sparse_softmax

__all__ = ["attention"]


def attention(query, key, value, sparse_mask, key_padding_mask=None, attn_mask=None, name=None):
    """paddle.sparse.nn.functional.attention(query, key, value, sparse_mask,
    key_padding_mask=None, attn_mask=None, name=None): softmax(Q K^T / sqrt(d)) V computed only
    at the stored positions of the CSR `sparse_mask` [batch*heads, seq, seq]; query/key/value
    [batch, heads, seq, head_dim]; a key_padding_mask [batch, seq] or attn_mask [seq, seq] entry
    of 0 removes that key from the softmax. Returns a dense [batch, heads, seq, head_dim] tensor.

    Differences from Paddle: it runs on CPU (Paddle 3.3.1 needs CUDA 11.8).
    """
    if not is_csr(sparse_mask):
        raise ValueError("sparse_mask of sparse.nn.functional.attention must be a SparseCsrTensor")
    q, k, v = query._t, key._t, value._t
    if q.dim() != 4 or k.shape != q.shape or v.shape[:3] != q.shape[:3]:
        raise ValueError("query, key and value must be 4-D [batch_size, num_heads, seq_len, "
                         f"head_dim], but got {list(q.shape)}, {list(k.shape)}, {list(v.shape)}")
    b, h, s, d = q.shape
    if list(sparse_mask._t.shape) != [b * h, s, s]:
        raise ValueError(f"The shape of sparse_mask must be [{b * h}, {s}, {s}], but got "
                         f"{list(sparse_mask.shape)}")
    idx, _ = parts(sparse_mask)
    bh, row, col = idx[0], idx[1], idx[2]
    qf, kf = q.reshape(b * h, s, d), k.reshape(b * h, s, d)
    scores = (qf[bh, row] * kf[bh, col]).sum(-1) / math.sqrt(d)
    keep = torch.ones_like(scores, dtype=torch.bool)
    if key_padding_mask is not None:
        keep &= key_padding_mask._t[bh // h, col] != 0
    if attn_mask is not None:
        keep &= attn_mask._t[row, col] != 0
    scores = torch.where(keep, scores, torch.full_like(scores, float("-inf")))
    probs = _sparse_softmax(make(idx, scores, [b * h, s, s], csr=True))
    p = parts(probs)[1]
    p = torch.nan_to_num(p, nan=0.0)
    vf = v.reshape(b * h, s, -1)
    out = torch.zeros(b * h, s, vf.shape[-1], dtype=vf.dtype, device=vf.device)
    out = out.index_put((bh, row), p.unsqueeze(-1) * vf[bh, col], accumulate=True)
    return wrap(out.reshape(b, h, s, -1))
