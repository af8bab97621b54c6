"""paddle.incubate.nn.functional.fused_rotary_position_embedding (Paddle: incubate/nn/functional/
fused_rotary_position_embedding.py): rotary position embedding (RoPE) of q, k, v. GPU-only in
Paddle: on CPU tensors Paddle's CPU-wheel error, on CUDA the reference of Paddle's unit test
(test_fused_rotary_position_embedding.py) with torch."""
import torch

from ...._tensor import wrap
from ..._kernel import refuse_static, require_gpu_kernel

__all__ = ["fused_rotary_position_embedding"]


def _sin_cos_from_base(seq_len, head_dim, base, like):
    """Paddle's sin/cos when none are given: pair i of the head dim turns at base^(-2i/d), each
    value repeated for the two elements of its pair; [1, seq, 1, head_dim]."""
    pos = torch.arange(seq_len, dtype=torch.float32, device=like.device)
    inv = 1.0 / base ** (torch.arange(0, head_dim, 2, dtype=torch.float32,
                                      device=like.device) / head_dim)
    ang = (pos[:, None] * inv[None, :]).repeat_interleave(2, dim=-1)
    return (ang.sin().reshape(1, seq_len, 1, head_dim).to(like.dtype),
            ang.cos().reshape(1, seq_len, 1, head_dim).to(like.dtype))


def _rotate(t, sin, cos, neox):
    if neox:        # every two adjacent numbers form a pair
        rot = torch.stack([-t[..., 1::2], t[..., 0::2]], dim=-1).reshape(t.shape)
    else:           # the front half pairs with the back half
        half = t.shape[-1] // 2
        rot = torch.cat([-t[..., half:], t[..., :half]], dim=-1)
    return t * cos + rot * sin


def fused_rotary_position_embedding(q, k=None, v=None, sin=None, cos=None, position_ids=None,
                                    use_neox_rotary_style=True, time_major=False,
                                    rotary_emb_base=10000.0):
    """paddle.incubate.nn.functional.fused_rotary_position_embedding(q, k=None, v=None, sin=None,
    cos=None, position_ids=None, use_neox_rotary_style=True, time_major=False,
    rotary_emb_base=10000.0) -> (out_q, out_k, out_v): out = x * cos + rotate(x) * sin for each
    of q, k, v given ([batch, seq, heads, head_dim], [seq, batch, ...] with time_major; k and v may
    have fewer heads). sin/cos are [seq, head_dim] or [1, seq, 1, head_dim], rows picked by
    position_ids [batch, seq] when given; without them they are computed from rotary_emb_base.
    rotate pairs adjacent elements (use_neox_rotary_style=True) or the two halves (False).

    Differences from Paddle: on CUDA computed unfused with torch (the same formula); the outputs
    for k/v not given are None (Paddle returns uninitialized Tensors)."""
    refuse_static("fused_rotary_position_embedding", "q", q)
    if sin is None or cos is None:
        assert position_ids is None, ("position_ids without sin/cos is not correctly supported "
                                      "now.")
        assert use_neox_rotary_style, ("rotate_half without sin/cos is not correctly supported "
                                       "now.")
    require_gpu_kernel(q, "fused_rotary_position_embedding")
    qt = q._t
    seq_axis = 0 if time_major else 1
    seq_len, head_dim = qt.shape[seq_axis], qt.shape[-1]
    if sin is None or cos is None:
        s, c = _sin_cos_from_base(seq_len, head_dim, rotary_emb_base, qt)
    else:
        s = sin._t.reshape(-1, head_dim)
        c = cos._t.reshape(-1, head_dim)
        if position_ids is not None:
            ids = position_ids._t.long()
            s, c = s[ids].unsqueeze(2), c[ids].unsqueeze(2)      # [batch, seq, 1, head_dim]
        else:
            s = s[:seq_len].reshape(1, seq_len, 1, head_dim)
            c = c[:seq_len].reshape(1, seq_len, 1, head_dim)
    if time_major:
        s, c = s.transpose(0, 1), c.transpose(0, 1)
    s, c = s.to(qt.dtype), c.to(qt.dtype)
    return tuple(None if t is None else wrap(_rotate(t._t, s, c, use_neox_rotary_style))
                 for t in (q, k, v))
