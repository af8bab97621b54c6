"""paddle.nn.functional flash-attention entry points (Paddle: nn/functional/flash_attention.py):
flash_attn_qkvpacked, flash_attn_varlen_qkvpacked, flash_attention_v3_varlen, flashmask_attention.

Paddle runs these on its CUDA flash-attention kernels (float16/bfloat16); on CPU its
flash_attn_qkvpacked falls back to a composed "math" attention and the varlen forms have no kernel.
Here every form computes exact attention with torch (any float dtype, any device): the packed form
as Paddle's math path does (q scaled first, then q k^T, the causal mask, softmax, dropout), the
varlen forms sequence by sequence over the cu_seqlens segments.
"""
import torch

from ..._ops import creation as _creation
from ..._ops import linalg as _linalg
from ..._ops import manipulation as _manip
from ..._ops.registry import apply_op, defop
from ..._tensor import wrap
from . import activation as _act
from .common import dropout as _dropout

__all__ = ["flash_attn_qkvpacked", "flash_attn_varlen_qkvpacked", "flash_attention_v3_varlen",
           "flashmask_attention"]


def _attend(q, k, v, scale, causal, window=(-1, -1), softcap=0.0):
    """q [Sq, H, D], k/v [Sk, Hk, D] -> (out [Sq, H, D], probabilities [H, Sq, Sk], lse [H, Sq]).
    Keys/values with fewer heads are shared by consecutive query heads (GQA). A query row that
    sees no key gives zeros."""
    if k.shape[1] != q.shape[1]:
        rep = q.shape[1] // k.shape[1]
        k, v = k.repeat_interleave(rep, 1), v.repeat_interleave(rep, 1)
    s = torch.einsum("qhd,khd->hqk", q * scale, k)
    if softcap:
        s = softcap * torch.tanh(s / softcap)
    sq, sk = q.shape[0], k.shape[0]
    i = torch.arange(sq, device=q.device)[:, None] + (sk - sq)     # bottom-right aligned, as flash
    j = torch.arange(sk, device=q.device)[None, :]
    allowed = torch.ones(sq, sk, dtype=torch.bool, device=q.device)
    if causal:
        allowed &= j <= i
    left, right = window
    if left >= 0:
        allowed &= j >= i - left
    if right >= 0:
        allowed &= j <= i + right
    s = s.masked_fill(~allowed, float("-inf"))
    lse = torch.logsumexp(s, -1)
    p = torch.exp(s - lse[..., None]).nan_to_num(0.0)
    return torch.einsum("hqk,khd->qhd", p, v), p, lse


# ---- flash_attn_qkvpacked -------------------------------------------------------------------------
def flash_attn_qkvpacked(qkv, dropout=0.0, causal=False, return_softmax=False, *,
                         fixed_seed_offset=None, rng_name="", training=True, name=None):
    """paddle.nn.functional.flash_attn_qkvpacked(qkv, dropout=0.0, causal=False,
    return_softmax=False, *, fixed_seed_offset=None, rng_name='', training=True): attention of the
    packed qkv [batch, seq, num_heads/num_heads_k + 2, num_heads_k, head_dim] (the query groups,
    then key, then value); returns (out [batch, seq, num_heads, head_dim], softmax
    [batch, num_heads, seq, seq] or None).

    Computed as Paddle's CPU math path (q * head_dim**-0.5, q k^T, upper-triangle mask when causal,
    softmax, dropout in upscale_in_train mode, times v).
    Differences from Paddle: on CUDA Paddle runs its flash kernel (float16/bfloat16 only) and
    returns its own softmax layout; here the math path runs everywhere, for any float dtype, and
    also for grouped keys (num_heads_k < num_heads), where Paddle's CPU path fails. Dropout draws
    from paddle_compat's dropout (fixed_seed_offset / rng_name are ignored)."""
    d = qkv.shape[-1]
    query = qkv[:, :, :-2].reshape([0, 0, -1, d])
    key, value = qkv[:, :, -2], qkv[:, :, -1]
    if key.shape[2] != query.shape[2]:
        rep = query.shape[2] // key.shape[2]
        key = key.repeat_interleave(rep, 2)
        value = value.repeat_interleave(rep, 2)
    return _math_attention(query, key, value, dropout_rate=dropout, causal=causal,
                           return_softmax=return_softmax, training=training)


def _math_attention(query, key, value, mask=None, dropout_rate=0.0, causal=False,
                    return_softmax=False, training=True, scale=None):
    """Paddle's composed attention ([batch, seq, heads, dim] in and out)."""
    head_dim = query.shape[-1]
    query = _manip.transpose(query, [0, 2, 1, 3])
    key = _manip.transpose(key, [0, 2, 1, 3])
    value = _manip.transpose(value, [0, 2, 1, 3])
    scale = scale or (head_dim ** -0.5 if head_dim != 0 else 1.0)
    product = _linalg.matmul(query * scale, key, transpose_y=True)
    if causal:
        # Paddle's get_triangle_upper_mask: -1e4 above the diagonal
        mask = _creation.triu(_creation.full_like(product, -1e4), diagonal=1)
        mask.stop_gradient = True
        product = product + mask
    elif mask is not None:
        product = product + mask
    weights = _act.softmax(product)
    if dropout_rate > 0.0:
        weights = _dropout(weights, dropout_rate, training=training, mode="upscale_in_train")
    out = _manip.transpose(_linalg.matmul(weights, value), [0, 2, 1, 3])
    return out, (weights if return_softmax else None)


# ---- varlen forms ---------------------------------------------------------------------------------
def _segments(cu, padded, max_len, total):
    cu = [int(c) for c in cu.tolist()]
    out = []
    for b in range(len(cu) - 1):
        n = cu[b + 1] - cu[b]
        start = b * max_len if padded else cu[b]
        if start + n > total:
            raise ValueError(f"(InvalidArgument) cu_seqlens describe {start + n} tokens but the "
                             f"input holds {total}")
        out.append((start, n))
    return out


def _varlen_qkvpacked_kernel(qkv, cu_seqlens_q, cu_seqlens_k, max_seqlen_q=0, max_seqlen_k=0,
                             scale=1.0, causal=False, varlen_padded=True):
    total = qkv.shape[0]
    q = qkv[:, :-2].reshape(total, -1, qkv.shape[-1])
    k, v = qkv[:, -2], qkv[:, -1]
    out = torch.zeros_like(q)
    if qkv.is_meta:
        return out
    for (sq, nq), (sk, nk) in zip(_segments(cu_seqlens_q, varlen_padded, max_seqlen_q, total),
                                  _segments(cu_seqlens_k, varlen_padded, max_seqlen_k, total)):
        if nq:
            out[sq:sq + nq] = _attend(q[sq:sq + nq], k[sk:sk + nk], v[sk:sk + nk], scale, causal)[0]
    return out


_VARLEN_QKVPACKED = defop(
    "flash_attn_varlen_qkvpacked", _varlen_qkvpacked_kernel,
    inputs=("qkv", "cu_seqlens_q", "cu_seqlens_k"), outputs=("out",),
    attrs={"max_seqlen_q": 0, "max_seqlen_k": 0, "scale": 1.0, "causal": False,
           "varlen_padded": True},
    api="paddle.nn.functional.flash_attn_varlen_qkvpacked",
    notes="exact attention per cu_seqlens segment (Paddle: CUDA flash kernel only)")


def flash_attn_varlen_qkvpacked(qkv, cu_seqlens_q, cu_seqlens_k, max_seqlen_q, max_seqlen_k, scale,
                                dropout=0.0, causal=False, return_softmax=False,
                                fixed_seed_offset=None, rng_name="", varlen_padded=True,
                                training=True, name=None):
    """paddle.nn.functional.flash_attn_varlen_qkvpacked(qkv, cu_seqlens_q, cu_seqlens_k,
    max_seqlen_q, max_seqlen_k, scale, dropout=0.0, causal=False, return_softmax=False, ...,
    varlen_padded=True): attention within each sequence of the packed qkv [total,
    num_heads/num_heads_k + 2, num_heads_k, head_dim]; sequence b has cu[b+1] - cu[b] tokens,
    starting at b * max_seqlen (varlen_padded, the padding rows give zeros) or at cu[b].
    Returns (out [total, num_heads, head_dim], None). Causal masks are aligned bottom-right,
    as flash attention does.

    Differences from Paddle: Paddle 3.3.1 has only a CUDA kernel (float16/bfloat16); here exact
    attention runs on any device and float dtype. Attention dropout and return_softmax=True are
    not supported (NotImplementedError)."""
    if return_softmax:
        raise NotImplementedError("paddle.nn.functional.flash_attn_varlen_qkvpacked: "
                                  "return_softmax=True is not supported by paddle_compat; compute "
                                  "the attention weights with paddle.nn.functional.softmax instead")
    if dropout and training:
        raise NotImplementedError("paddle.nn.functional.flash_attn_varlen_qkvpacked: attention "
                                  "dropout is not supported by paddle_compat; apply "
                                  "paddle.nn.functional.dropout to the output instead")
    out = apply_op(_VARLEN_QKVPACKED, (qkv, cu_seqlens_q, cu_seqlens_k), {
        "max_seqlen_q": int(max_seqlen_q), "max_seqlen_k": int(max_seqlen_k), "scale": float(scale),
        "causal": bool(causal), "varlen_padded": bool(varlen_padded)})
    return out, None


def _v3_varlen_kernel(q, k, v, cu_seqlens_q, cu_seqlens_k, seqused_q=None, seqused_k=None,
                      max_seqlen_q=0, max_seqlen_k=0, softmax_scale=1.0, causal=False,
                      window_left=-1, window_right=-1, softcap=0.0):
    out = torch.zeros_like(q)
    lse = torch.full([q.shape[1], q.shape[0]], float("-inf"), dtype=torch.float32, device=q.device)
    if q.is_meta:
        return out, lse
    segs_q = _segments(cu_seqlens_q, False, max_seqlen_q, q.shape[0])
    segs_k = _segments(cu_seqlens_k, False, max_seqlen_k, k.shape[0])
    for b, ((sq, nq), (sk, nk)) in enumerate(zip(segs_q, segs_k)):
        if seqused_q is not None:
            nq = min(nq, int(seqused_q[b]))
        if seqused_k is not None:
            nk = min(nk, int(seqused_k[b]))
        if nq == 0:
            continue
        o, _, l = _attend(q[sq:sq + nq], k[sk:sk + nk], v[sk:sk + nk], softmax_scale, causal,
                          (window_left, window_right), softcap)
        out[sq:sq + nq] = o
        lse[:, sq:sq + nq] = l.float()
    return out, lse


_V3_VARLEN = defop(
    "flash_attn_v3_varlen", _v3_varlen_kernel,
    inputs=("q", "k", "v", "cu_seqlens_q", "cu_seqlens_k", "seqused_q", "seqused_k"),
    outputs=("out", "softmax_lse"),
    attrs={"max_seqlen_q": 0, "max_seqlen_k": 0, "softmax_scale": 1.0, "causal": False,
           "window_left": -1, "window_right": -1, "softcap": 0.0},
    api="paddle.nn.functional.flash_attention_v3_varlen",
    notes="exact attention per cu_seqlens segment (Paddle: FlashAttention-3 CUDA kernel only)")


def flash_attention_v3_varlen(query, key, value, cu_seqlens_q, cu_seqlens_k, max_seqlen_q,
                              max_seqlen_k, seqused_q=None, seqused_k=None, softmax_scale=None,
                              causal=False, qv=None, q_descale=None, k_descale=None, v_descale=None,
                              window_size=(-1, -1), softcap=0.0, num_splits=1, pack_gqa=None,
                              sm_margin=0):
    """paddle.nn.functional.flash_attention_v3_varlen(query, key, value, cu_seqlens_q,
    cu_seqlens_k, max_seqlen_q, max_seqlen_k, seqused_q=None, seqused_k=None, softmax_scale=None,
    causal=False, ..., window_size=(-1, -1), softcap=0.0, ...): attention within each sequence of
    the packed query [total_q, num_heads, head_dim] and key/value [total_k, num_heads_k, head_dim]
    (sequence b is rows cu[b]:cu[b+1], shortened to seqused when given); returns (out like query,
    softmax_lse float32 [num_heads, total_q]). softmax_scale defaults to head_dim**-0.5; causal and
    window masks are aligned bottom-right as in flash attention; softcap applies
    softcap * tanh(s / softcap) to the scores.

    Differences from Paddle: Paddle 3.3.1 runs only FlashAttention-3 on Hopper GPUs (float16/
    bfloat16); here exact attention runs on any device and float dtype. num_splits, pack_gqa and
    sm_margin are performance knobs and are ignored; qv and the fp8 descale factors are refused
    (NotImplementedError)."""
    if qv is not None or q_descale is not None or k_descale is not None or v_descale is not None:
        raise NotImplementedError("paddle.nn.functional.flash_attention_v3_varlen: qv and the fp8 "
                                  "descale factors are not supported by paddle_compat; pass "
                                  "float query/key/value without them")
    if softmax_scale is None:
        softmax_scale = query.shape[-1] ** (-0.5)
    if isinstance(window_size, int):
        window_size = (window_size, window_size)
    return apply_op(_V3_VARLEN, (query, key, value, cu_seqlens_q, cu_seqlens_k, seqused_q,
                                 seqused_k), {
        "max_seqlen_q": int(max_seqlen_q), "max_seqlen_k": int(max_seqlen_k),
        "softmax_scale": float(softmax_scale), "causal": bool(causal),
        "window_left": int(window_size[0]), "window_right": int(window_size[1]),
        "softcap": float(softcap)})




# ---- flashmask_attention --------------------------------------------------------------------------
def _flashmask_keep(startend, sq, sk, causal, device):
    """The dense keep-mask [batch, heads, sq, sk] that FlashMask's column-wise row ranges describe
    (startend [batch, heads, sk, 1|2|4]; a listed range of rows is masked in column j)."""
    i = torch.arange(sq, device=device)[:, None]
    idx = startend.long().transpose(-1, -2)[..., None, :]             # [b, h, n, 1, sk]
    n = startend.shape[-1]
    if causal:
        masked = (torch.arange(sk, device=device)[None, :] > i + (sk - sq))[None, None]
        if n == 1:
            masked = masked | (i >= idx[:, :, 0])
        else:
            masked = masked | ((i >= idx[:, :, 0]) & (i < idx[:, :, 1]))
    elif n == 2:
        masked = (i >= idx[:, :, 0]) | (i < idx[:, :, 1])
    else:
        masked = ((i >= idx[:, :, 0]) & (i < idx[:, :, 1])) | ((i >= idx[:, :, 2]) & (i < idx[:, :, 3]))
    return ~masked


def _flashmask_kernel(q, k, v, startend_row_indices=None, block_mask=None, causal=False,
                      scale=1.0):
    b, sq, h, d = q.shape
    sk = k.shape[1]
    lse = torch.full([b, h, sq], float("-inf"), dtype=torch.float32, device=q.device)
    if q.is_meta:
        return torch.empty_like(q), lse
    if k.shape[2] != h:
        rep = h // k.shape[2]
        k, v = k.repeat_interleave(rep, 2), v.repeat_interleave(rep, 2)
    s = torch.einsum("bqhd,bkhd->bhqk", q * scale, k)
    if startend_row_indices is None:
        keep = torch.ones(sq, sk, dtype=torch.bool, device=q.device)
        if causal:
            keep = torch.arange(sk, device=q.device)[None, :] <= torch.arange(
                sq, device=q.device)[:, None] + (sk - sq)
        keep = keep[None, None]
    else:
        se = startend_row_indices
        if se.shape[1] not in (1, h):
            se = se.repeat_interleave(h // se.shape[1], 1)
        keep = _flashmask_keep(se, sq, sk, causal, q.device)
    if block_mask is not None:
        bm = block_mask != 0
        if bm.shape[1] not in (1, h):
            bm = bm.repeat_interleave(h // bm.shape[1], 1)
        bm = bm.repeat_interleave(128, 2)[:, :, :sq].repeat_interleave(128, 3)[:, :, :, :sk]
        keep = keep & bm
    s = s.masked_fill(~keep, float("-inf"))
    lse = torch.logsumexp(s, -1)
    p = torch.exp(s - lse[..., None]).nan_to_num(0.0)       # a row that sees no key gives zeros
    return torch.einsum("bhqk,bkhd->bqhd", p, v), lse.float()


_FLASHMASK = defop("flashmask_attention", _flashmask_kernel,
                   inputs=("q", "k", "v", "startend_row_indices", "block_mask"),
                   outputs=("out", "softmax_lse"), attrs={"causal": False, "scale": 1.0},
                   api="paddle.nn.functional.flashmask_attention",
                   notes="dense masked attention (Paddle: CUDA FlashMask kernels only)")


def flashmask_attention(query, key, value, startend_row_indices=None, *, dropout=0.0, causal=False,
                        window_size=None, return_softmax_lse=False, return_seed_offset=False,
                        fixed_seed_offset=None, rng_name="", training=True, name=None,
                        softmax_scale=None, block_mask=None):
    """paddle.nn.functional.flashmask_attention(query, key, value, startend_row_indices=None, *,
    dropout=0.0, causal=False, window_size=None, return_softmax_lse=False,
    return_seed_offset=False, ..., softmax_scale=None, block_mask=None): attention of query
    [batch, seq_q, heads, dim] over key/value [batch, seq_k, heads_k, dim] under FlashMask's
    column-wise mask: startend_row_indices [batch, 1|heads, seq_k, n] (int32) lists, per key
    column, the query rows that are masked -- causal: rows >= [0] (n=1) or [0] <= row < [1] (n=2)
    below the causal triangle; non-causal: rows >= [0] or < [1] (n=2), or [0] <= row < [1] and
    [2] <= row < [3] (n=4). window_size builds the sliding-window indices as Paddle does;
    block_mask [batch, heads, ceil(seq_q/128), ceil(seq_k/128)] drops whole 128x128 blocks.
    Returns out (like query), plus softmax_lse [batch, heads, seq_q] (float32) and a seed offset
    when asked. A query row that sees no key gives zeros.

    Differences from Paddle: Paddle 3.3.1 runs this only on CUDA (float16/bfloat16); here exact
    dense attention runs on any device and float dtype (memory grows with seq_q * seq_k).
    Attention dropout in training is not supported (NotImplementedError); the seed offset returned
    is zeros."""
    if dropout and training:
        raise NotImplementedError("paddle.nn.functional.flashmask_attention: attention dropout is "
                                  "not supported by paddle_compat; apply "
                                  "paddle.nn.functional.dropout to the output instead")
    if window_size is not None:
        if isinstance(window_size, int):
            window_size = (window_size, window_size)
        assert startend_row_indices is None, "can't use window_size with startend_row_indices"
        sq, bsz = query.shape[1], query.shape[0]
        rows = torch.arange(window_size[0] + 1, sq + window_size[0] + 1, dtype=torch.int32)
        if causal:
            se = rows.reshape(1, 1, sq, 1).clamp(max=sq)
        else:
            ends = torch.arange(-window_size[1], sq - window_size[1], dtype=torch.int32)
            se = torch.stack([rows, ends], -1).reshape(1, 1, sq, 2).clamp(min=0, max=sq)
        startend_row_indices = wrap(se.repeat_interleave(bsz, 0).to(query._t.device))
    if block_mask is not None:
        assert startend_row_indices is not None, \
            "must provide startend_row_indices when using block_mask_attn"
    if startend_row_indices is not None:
        se = startend_row_indices
        assert str(se.dtype) == "paddle.int32", \
            f"startend_row_indices.dtype must be paddle.int32, but got {se.dtype}"
        assert len(se.shape) == 4, f"startend_row_indices rank must be 4,but got {se.shape}"
        assert se.shape[0] == key.shape[0], ("startend_row_indices.shape[0] must be equal to "
                                             f"batch_size, but got {se.shape[0]} and {key.shape[0]}")
        assert se.shape[2] == key.shape[1], ("startend_row_indices.shape[2] must be equal to "
                                             f"seqlen_k, but got {se.shape[2]} and {key.shape[2]}")
        assert se.shape[1] in [1, query.shape[2], key.shape[2]], (
            "startend_row_indices head_num must be equal to 1(broadcast) or head_num_q or head_num_k.")
        n = se.shape[-1]
        if causal and n not in (1, 2):
            raise ValueError("Invalid shape of startend_row_indices, when causal is True, the last "
                             f"dimension should be either 1 or 2 but got {n}")
        if not causal and n not in (2, 4):
            raise ValueError("Invalid shape of startend_row_indices, when causal is False, the "
                             f"last dimension should be either 2 or 4 but got {n}")
    if softmax_scale is None:
        softmax_scale = query.shape[-1] ** (-0.5)
    out, lse = apply_op(_FLASHMASK, (query, key, value, startend_row_indices, block_mask),
                        {"causal": bool(causal), "scale": float(softmax_scale)})
    outputs = [out]
    if return_softmax_lse:
        outputs.append(lse)
    if return_seed_offset:
        outputs.append(_creation.zeros([2], dtype="int64"))
    return outputs[0] if len(outputs) == 1 else outputs
