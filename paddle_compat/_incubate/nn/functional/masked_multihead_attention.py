"""paddle.incubate.nn.functional.masked_multihead_attention (Paddle:
incubate/nn/functional/masked_multihead_attention.py, GPU kernel
phi/kernels/fusion/gpu/masked_multihead_attention_kernel.cu): one decoding step of multi-head
attention against a key/value cache, the cache updated in place.

The cache keeps Paddle's memory layout, so a cache written by Paddle reads the same here and the
other way round: cache_kv is [2, batch, kv_heads, max_seq_len, head_dim], the values in plain
[max_seq_len, head_dim] order, the keys stored as [head_dim / x, max_seq_len, x] inside each
(batch, head) block, x = 16 bytes / element size (4 for float32, 8 for float16 / bfloat16),
the layout the kernel's vector loads read. The helpers here (cache views, the two rotary
conventions, the decoding attention) are shared with fused_multi_transformer."""
import torch

from ...._tensor import wrap
from ..._kernel import refuse_static

__all__ = ["masked_multihead_attention"]


def cache_vec(dtype):
    """x: how many elements of `dtype` one 16-byte vector holds."""
    return max(16 // torch.empty((), dtype=dtype).element_size(), 1)


def check_cache_head_dim(dim_head, dtype):
    x = cache_vec(dtype)
    if dim_head % x:
        raise RuntimeError(f"(PreconditionNotMet) dim_head={dim_head} must be divisible by "
                           f"vec_size={x}")


def read_k_cache(raw):
    """[B, H, S, D] storage in Paddle's packed key layout -> keys [B, H, S, D]."""
    b, h, s, d = raw.shape
    x = cache_vec(raw.dtype)
    return raw.reshape(b, h, d // x, s, x).permute(0, 1, 3, 2, 4).reshape(b, h, s, d)


def pack_k_cache(keys):
    """Inverse of read_k_cache."""
    b, h, s, d = keys.shape
    x = cache_vec(keys.dtype)
    return keys.reshape(b, h, s, d // x, x).permute(0, 1, 3, 2, 4).reshape(b, h, s, d)


def acc_dtype(dtype):
    """The kernels accumulate in float32 (float64 stays float64)."""
    return torch.float64 if dtype == torch.float64 else torch.float32


def rotate_pairs(t, cos, sin, same_coef):
    """GPT-J style rotation of the pairs (2i, 2i+1) of the last axis. The decoding kernel takes
    cos[2i] / sin[2i] for the first element and cos[2i+1] / sin[2i+1] for the second; the
    encoder's RotaryKernel uses cos[2i] / sin[2i] for both (same_coef)."""
    a, b = t[..., 0::2], t[..., 1::2]
    c0, s0 = cos[..., 0::2], sin[..., 0::2]
    c1, s1 = (c0, s0) if same_coef else (cos[..., 1::2], sin[..., 1::2])
    return torch.stack([a * c0 - b * s0, b * c1 + a * s1], dim=-1).reshape(t.shape)


def rotate_halves(t, cos, sin, rotary_emb_dims):
    """NeoX style: the last axis is cut into rotary_emb_dims chunks; in each, element j of the
    left half pairs with element j of the right half: out = t * cos + alpha * partner * sin,
    alpha = -1 on the left half, +1 on the right."""
    d = t.shape[-1]
    last = d // rotary_emb_dims
    half = last // 2
    shape = t.shape
    tc = t.reshape(*shape[:-1], rotary_emb_dims, 2, half)
    partner = torch.stack([-tc[..., 1, :], tc[..., 0, :]], dim=-2).reshape(shape)
    return t * cos + partner * sin


def rotary(t, cos, sin, neox, rotary_emb_dims, same_coef):
    if neox:
        return rotate_halves(t, cos, sin, max(rotary_emb_dims, 1))
    return rotate_pairs(t, cos, sin, same_coef)


def decode_step(q, k, v, cache, steps, mask, scale):
    """One decoding step for every batch row: q [B, H, D], k / v [B, KVH, D] (computing dtype),
    cache [2, B_cache, KVH, S, D] torch (Paddle's layout), steps [B] int64 = the number of cached
    tokens of each row (the new k / v are written at that position; a negative step skips the
    row: zero output, cache untouched), mask None or [B, 1 | H, T + 1] added to the logits at
    positions 0..step. Returns (out [B, H, D] in the computing dtype, the new cache)."""
    bsz, heads, dim = q.shape
    kv_heads, max_len = cache.shape[2], cache.shape[3]
    dev = q.device
    keys = read_k_cache(cache[0, :bsz]).to(q.dtype)
    values = cache[1, :bsz].to(q.dtype)
    valid = steps >= 0
    pos = torch.arange(max_len, device=dev)
    here = (pos[None, :] == steps[:, None]) & valid[:, None]          # [B, S]
    keys = torch.where(here[:, None, :, None], k[:, :, None, :], keys)
    values = torch.where(here[:, None, :, None], v[:, :, None, :], values)
    group = heads // kv_heads
    kq = keys.repeat_interleave(group, dim=1)
    vq = values.repeat_interleave(group, dim=1)
    logits = torch.einsum("bhd,bhsd->bhs", q, kq) * scale
    if mask is not None:
        m = mask.to(logits.dtype)
        width = m.shape[-1]
        if width < max_len:
            m = torch.nn.functional.pad(m, (0, max_len - width))
        logits = logits + m[..., :max_len]
    seen = pos[None, None, :] <= steps[:, None, None]
    logits = logits.masked_fill(~seen, float("-inf"))
    probs = torch.softmax(logits, dim=-1).nan_to_num(0.0)
    out = torch.einsum("bhs,bhsd->bhd", probs, vq)
    out = torch.where(valid[:, None, None], out, torch.zeros_like(out))
    new = cache.clone()
    new[0, :bsz] = pack_k_cache(keys.to(cache.dtype))
    new[1, :bsz] = values.to(cache.dtype)
    return out, new


def decode_rotary(table, bsz, dim):
    """The decoding kernels' rotary table: cos at [b * D + d], sin after bsz * D of them."""
    flat = table.reshape(-1).to(torch.float32)
    return flat[:bsz * dim].reshape(bsz, 1, dim), flat[bsz * dim:2 * bsz * dim].reshape(bsz, 1, dim)


def check_mask_heads(mask, num_head, unknow=False):
    if mask is not None and mask.shape[1] not in (1, num_head):
        word = "Unknow" if unknow else "Unknown"
        raise ValueError(
            f"(InvalidArgument) {word} dimension for attn_mask, the num_head(2nd) dimension is "
            f"invalid, it should be 1 or num_head({num_head}), but got {mask.shape[1]}")


def masked_multihead_attention(x, cache_kv=None, bias=None, src_mask=None, cum_offsets=None,
                               sequence_lengths=None, rotary_tensor=None,
                               beam_cache_offset=None, qkv_out_scale=None, out_shift=None,
                               out_smooth=None, seq_len=1, rotary_emb_dims=0,
                               use_neox_rotary_style=False, compute_dtype="default",
                               out_scale=-1, quant_round_type=1, quant_max_bound=127.0,
                               quant_min_bound=-127.0):
    """paddle.incubate.nn.functional.masked_multihead_attention(x, cache_kv=None, bias=None,
    src_mask=None, cum_offsets=None, sequence_lengths=None, rotary_tensor=None, ...,
    rotary_emb_dims=0, use_neox_rotary_style=False, ...) -> (out, cache_kv, None): x is the
    step's fused qkv [batch, (num_head + 2 * kv_heads) * head_dim], cache_kv
    [2, batch, kv_heads, max_seq_len, head_dim] (Paddle's layout, see the module). For each row
    the step t is sequence_lengths[b] when given (a negative one skips the row), else
    src_mask.shape[3] - 1 when src_mask is given, else max_seq_len. q, k, v get `bias`
    ([3, num_head, head_dim]) added and q, k the rotary embedding of rotary_tensor
    ([2, batch, 1, 1, head_dim] cos / sin, GPT-J pairs or NeoX halves); k and v are written at
    position t of the cache (in place); out = softmax(q . K[0..t] / sqrt(head_dim) +
    src_mask[b, 0 | h, 0, 0..t]) . V[0..t], [batch, num_head * head_dim] in x's dtype.

    Differences from Paddle: Paddle 3.3.1 runs this only on GPU (its CPU wheel raises
    ``(NotFound) The kernel `masked_multihead_attention` is not registered.``); paddle_compat
    computes it with vectorised torch (float32 accumulation) on CPU and CUDA, for float32 as
    well. The int8 paths (int32 x with qkv_out_scale, out_scale > 0, out_shift / out_smooth)
    and beam_cache_offset raise NotImplementedError; the third result is None (Paddle returns
    beam_cache_offset there)."""
    refuse_static("masked_multihead_attention_", "x", x,
                  legacy_op="masked_multihead_attention")
    if cum_offsets is not None:
        raise PermissionError("(PermissionDenied) Current mmha kernel does not support "
                              "cum_offsets param.")
    if (x._t.dtype == torch.int32 or qkv_out_scale is not None or out_scale > 0
            or out_shift is not None or out_smooth is not None):
        raise NotImplementedError(
            "paddle.incubate.nn.functional.masked_multihead_attention with int8 quantization "
            "(int32 x, qkv_out_scale, out_scale > 0, out_shift / out_smooth) is not provided by "
            "paddle_compat; pass the dequantized float qkv")
    if beam_cache_offset is not None:
        raise NotImplementedError(
            "paddle.incubate.nn.functional.masked_multihead_attention with beam_cache_offset "
            "(beam search cache reordering) is not provided by paddle_compat; gather the cache "
            "rows of each beam with paddle.index_select before the call")
    cache = cache_kv._t
    xt = x._t
    bsz = xt.shape[0]
    kv_heads, max_len, dim = cache.shape[2], cache.shape[3], cache.shape[4]
    check_cache_head_dim(dim, cache.dtype)
    heads = xt.shape[-1] // dim - 2 * kv_heads
    mask = src_mask._t if src_mask is not None else None
    check_mask_heads(mask, heads, unknow=True)
    timestep = mask.shape[3] - 1 if mask is not None else max_len
    acc = acc_dtype(xt.dtype)
    qkv = xt.reshape(bsz, heads + 2 * kv_heads, dim).to(acc)
    if bias is not None:
        # the bias is laid out [q heads | k heads | v heads] like x
        qkv = qkv + bias._t.reshape(-1)[:qkv[0].numel()].reshape(heads + 2 * kv_heads,
                                                                 dim).to(acc)
    q, k, v = qkv[:, :heads], qkv[:, heads:heads + kv_heads], qkv[:, heads + kv_heads:]
    if rotary_emb_dims != 0:
        cos, sin = decode_rotary(rotary_tensor._t, bsz, dim)
        q = rotary(q, cos.to(acc), sin.to(acc), use_neox_rotary_style, rotary_emb_dims, False)
        k = rotary(k, cos.to(acc), sin.to(acc), use_neox_rotary_style, rotary_emb_dims, False)
    if sequence_lengths is not None:
        steps = sequence_lengths._t.reshape(-1)[:bsz].to(torch.int64)
    else:
        steps = torch.full((bsz,), timestep, dtype=torch.int64, device=xt.device)
    m = None
    if mask is not None:
        m = mask[:, :, 0, :].to(acc)
    out, new_cache = decode_step(q, k, v, cache, steps.to(xt.device), m, dim ** -0.5)
    cache_kv._t = new_cache
    return wrap(out.reshape(bsz, heads * dim).to(xt.dtype)), cache_kv, None
