"""paddle.nn.functional scaled dot-product attention (Paddle: nn/functional/sdpa.py):
scaled_dot_product_attention on torch.nn.functional.scaled_dot_product_attention."""
import math

import torch
import torch.nn.functional as TF

from ..._ops.registry import defop, apply_op

__all__ = ["scaled_dot_product_attention", "attention_kernel"]


def attention_kernel(q, k, v, mask=None, dropout_p=0.0, is_causal=False, scale=-1.0):
    """[B, H, S, D] attention on torch's fused kernel. `mask` is additive (float) or boolean
    (True = attend); `scale` < 0 means 1/sqrt(D). Keys/values with fewer heads are repeated
    (grouped-query attention)."""
    if k.shape[1] != q.shape[1] and k.shape[1] > 0:
        rep = q.shape[1] // k.shape[1]
        k, v = k.repeat_interleave(rep, 1), v.repeat_interleave(rep, 1)
    if mask is not None and mask.dtype != torch.bool and mask.dtype != q.dtype:
        mask = mask.to(q.dtype)
    return TF.scaled_dot_product_attention(q, k, v, attn_mask=mask, dropout_p=dropout_p,
                                           is_causal=is_causal,
                                           scale=None if scale < 0 else scale)


def _sdpa_kernel(q, k, v, mask=None, dropout_p=0.0, is_causal=False, scale=-1.0):
    # Paddle's layout is [B, S, H, D]; torch's kernel takes [B, H, S, D].
    out = attention_kernel(q.transpose(1, 2), k.transpose(1, 2), v.transpose(1, 2), mask,
                           dropout_p, is_causal, scale)
    return out.transpose(1, 2)


_SDPA = defop("scaled_dot_product_attention", _sdpa_kernel, inputs=("q", "k", "v", "attn_mask"),
              outputs=("out",), attrs={"dropout_p": 0.0, "is_causal": False, "scale": -1.0},
              notes="torch's fused attention; dropout draws from torch's generator",
              api="paddle.nn.functional.scaled_dot_product_attention")


def scaled_dot_product_attention(query, key, value, attn_mask=None, dropout_p=0.0, is_causal=False,
                                 training=True, backend=None, scale=None, enable_gqa=True,
                                 name=None):
    """paddle.nn.functional.scaled_dot_product_attention(query, key, value, attn_mask=None,
    dropout_p=0.0, is_causal=False, training=True, backend=None, scale=None, enable_gqa=True):
    softmax(q k^T * scale + mask) v with q, k, v of shape [batch, seq, heads, head_dim] (3-D inputs
    get a batch of 1 and lose it again). A boolean mask keeps the True positions; a float mask is
    added to the scores.

    Differences from Paddle: the attention dropout (training, dropout_p > 0) draws its mask from
    torch's generator; `backend` is ignored (torch picks its kernel)."""
    batched = len(query.shape) == 4
    if len(query.shape) not in (3, 4):
        # Paddle fails unpacking the unsqueezed shape; the same error class, saying why
        raise ValueError(f"scaled_dot_product_attention: query, key and value must be 4-D "
                         f"[batch_size, seq_len, num_heads, head_dim] (or 3-D without the batch), "
                         f"but query has shape {list(query.shape)}")
    if not batched:
        query, key, value = query.unsqueeze(0), key.unsqueeze(0), value.unsqueeze(0)
    q_heads, k_heads, v_heads = query.shape[2], key.shape[2], value.shape[2]
    if enable_gqa:
        assert k_heads == 0 or q_heads % k_heads == 0, (
            f"The number of groups in query({q_heads}) must be divisible by the number of groups "
            f"in key({k_heads}) if GQA enabled.")
        assert k_heads == v_heads, (
            f"The number of groups in key({k_heads}) must be equal to the number of groups in "
            f"value({v_heads}) if GQA enabled.")
    else:
        assert q_heads == k_heads == v_heads, (
            f"The number of groups in query({q_heads}) must be equal to the number of groups in "
            f"key({k_heads}) and the number of groups in value({v_heads}) if GQA disabled.")
    out = apply_op(_SDPA, (query, key, value, attn_mask),
                   {"dropout_p": float(dropout_p) if training else 0.0, "is_causal": bool(is_causal),
                    "scale": -1.0 if scale is None else float(scale)})
    return out if batched else out.squeeze(0)
