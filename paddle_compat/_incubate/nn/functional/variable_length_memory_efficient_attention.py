"""paddle.incubate.nn.functional.variable_length_memory_efficient_attention (Paddle: incubate/nn/
functional/variable_length_memory_efficient_attention.py, a CUTLASS kernel): attention over a
padded batch where sequence b has seq_lens[b] queries and kv_seq_lens[b] (+ pre_cache_length)
keys. GPU-only in Paddle: on CPU tensors Paddle's CPU-wheel error, on CUDA the naive attention of
Paddle's docstring and unit test with the per-sequence lengths applied."""
import math

import torch

from ...._tensor import wrap
from ..._kernel import refuse_static, require_gpu_kernel

__all__ = ["variable_length_memory_efficient_attention"]


def variable_length_memory_efficient_attention(query, key, value, seq_lens, kv_seq_lens,
                                               mask=None, scale=None, causal=False,
                                               pre_cache_length=0):
    """paddle.incubate.nn.functional.variable_length_memory_efficient_attention(query, key,
    value, seq_lens, kv_seq_lens, mask=None, scale=None, causal=False, pre_cache_length=0):
    q, k, v [batch, heads, seq, head_dim]; out = softmax(q k^T * scale + mask) v (scale defaults
    to 1/sqrt(head_dim)), where for sequence b only the first kv_seq_lens[b] + pre_cache_length
    keys count, and with causal query i sees keys up to i + pre_cache_length.

    Differences from Paddle: on CUDA computed unfused with torch; the output rows past
    seq_lens[b] (which Paddle's kernel leaves unwritten and its tests ignore) are 0."""
    refuse_static("variable_length_memory_efficient_attention", "query", query)
    if scale is None:
        scale = float(1.0 / math.sqrt(query.shape[3]))
    require_gpu_kernel(query, "variable_length_memory_efficient_attention")
    q, k, v = query._t, key._t, value._t
    b, _, sq, _ = q.shape
    sk = k.shape[2]
    scores = torch.matmul(q, k.transpose(-1, -2)) * scale
    if mask is not None:
        scores = scores + mask._t.to(scores.dtype)
    q_len = seq_lens._t.reshape(b).to(q.device).long()
    kv_len = kv_seq_lens._t.reshape(b).to(q.device).long() + int(pre_cache_length)
    cols = torch.arange(sk, device=q.device)
    keep = cols[None, None, :] < kv_len[:, None, None]                    # [b, 1, sk]
    if causal:
        rows = torch.arange(sq, device=q.device)
        keep = keep & (cols[None, :] <= rows[:, None] + int(pre_cache_length))[None]
    scores = scores.masked_fill(~keep[:, None], float("-inf"))
    probs = torch.softmax(scores, dim=-1).nan_to_num(0.0)
    out = torch.matmul(probs, v)
    valid = torch.arange(sq, device=q.device)[None, :] < q_len[:, None]   # [b, sq]
    return wrap(out * valid[:, None, :, None].to(out.dtype))
