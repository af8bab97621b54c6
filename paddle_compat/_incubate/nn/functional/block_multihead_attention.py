"""paddle.incubate.nn.functional.block_multihead_attention (Paddle:
incubate/nn/functional/block_multihead_attention.py, GPU kernel
phi/kernels/fusion/gpu/block_multi_head_attention_kernel.cu with block_attn.h): attention over a
paged (block) key/value cache for a batch that mixes prefill (encoder) and decoding rows.

qkv holds the batch's tokens without padding, [token_num, (q_heads + 2 * kv_heads) * head_dim];
token i is position padding_offsets-restored `(i + padding_offsets[i]) % max_seq_len` of row
`(i + padding_offsets[i]) // max_seq_len`. key_cache / value_cache are
[num_blocks, kv_heads, block_size, head_dim]; position p of row b lives in block
block_tables[b, p // block_size] at offset p % block_size."""
import torch

from ...._tensor import wrap
from ..._kernel import refuse_static
from .masked_multihead_attention import acc_dtype, check_mask_heads

__all__ = ["block_multihead_attention"]


def _rope_pairs_table(t, cos, sin):
    # GPT-J pairs (2i, 2i+1) rotated by cos[i] / sin[i] (tables of head_dim / 2 per position)
    a, b = t[..., 0::2], t[..., 1::2]
    return torch.stack([a * cos - b * sin, b * cos + a * sin], dim=-1).reshape(t.shape)


def _rope_halves(t, cos_l, sin_l, cos_r, sin_r):
    half = t.shape[-1] // 2
    left, right = t[..., :half], t[..., half:]
    return torch.cat([left * cos_l - right * sin_l, right * cos_r + left * sin_r], dim=-1)


def _theta_coefficients(pos, dim, theta, dtype):
    """The decoding kernel's on-the-fly GPT-J coefficients: angle = pos / theta^(2i / dim)."""
    i2 = torch.arange(0, dim, 2, dtype=torch.float32, device=pos.device)
    angle = pos.to(torch.float32)[:, None] / torch.pow(torch.tensor(theta, dtype=torch.float32),
                                                       i2 / dim)
    return torch.cos(angle).to(dtype), torch.sin(angle).to(dtype)


def _not_provided(what, instead):
    raise NotImplementedError(
        f"paddle.incubate.nn.functional.block_multihead_attention with {what} is not provided "
        f"by paddle_compat; {instead}")


def block_multihead_attention(qkv, key_cache, value_cache, seq_lens_encoder, seq_lens_decoder,
                              seq_lens_this_time, padding_offsets, cum_offsets, cu_seqlens_q,
                              cu_seqlens_k, block_tables, pre_key_cache=None,
                              pre_value_cache=None, cache_k_quant_scales=None,
                              cache_v_quant_scales=None, cache_k_dequant_scales=None,
                              cache_v_dequant_scales=None, qkv_out_scale=None, qkv_bias=None,
                              out_shift=None, out_smooth=None, max_enc_len_this_time=None,
                              max_dec_len_this_time=None, rope_emb=None, mask=None,
                              tgt_mask=None, max_seq_len=-1, block_size=64,
                              use_neox_style=False, use_dynamic_cachekv_quant=False,
                              quant_round_type=1, quant_max_bound=127.0, quant_min_bound=-127.0,
                              out_scale=-1, compute_dtype="default", rope_theta=10000.0):
    """paddle.incubate.nn.functional.block_multihead_attention(qkv, key_cache, value_cache,
    seq_lens_encoder, seq_lens_decoder, seq_lens_this_time, padding_offsets, cum_offsets,
    cu_seqlens_q, cu_seqlens_k, block_tables, ..., qkv_bias=None, max_enc_len_this_time=None,
    max_dec_len_this_time=None, rope_emb=None, mask=None, tgt_mask=None, max_seq_len=-1,
    block_size=64, use_neox_style=False, ..., rope_theta=10000.0) -> (fmha_out, qkv_out,
    key_cache_out, value_cache_out), as the kernel computes it:

    * qkv_bias is added to every token (qkv_out is qkv in place with the bias and, for prefill
      rows, the rotary embedding applied).
    * Prefill rows (seq_lens_encoder[b] > 0, when the batch's max encoder length is > 0):
      rope_emb rotates q and k by position (GPT-J pairs with a [2, 1, max_seq_len, 1,
      head_dim / 2] table, NeoX halves with [2, 1, max_seq_len, 1, head_dim]); attention over
      the row's tokens is causal, or uses `mask` ([bsz, 1, max_seq_len, max_seq_len], added)
      instead of causality when given; keys and values are written to the row's cache blocks.
    * Decoding rows (seq_lens_decoder[b] = t > 0, when the batch's max decoder length is > 0):
      the row's token (index b * max_seq_len - cum_offsets[b]) gets GPT-J rotary coefficients
      computed from rope_theta at position t (NeoX: rope_emb row t), its k / v are written at
      position t and it attends to positions 0..t plus tgt_mask[b, 0 | h, 0, 0..t].
    * fmha_out is [token_num, q_heads * head_dim]; rows neither path writes are zero. GQA uses
      kv_heads = key_cache.shape[1].

    Differences from Paddle: Paddle 3.3.1 runs this only on GPU (its CPU wheel raises
    ``(NotFound) The kernel `block_multihead_attention` is not registered.``); paddle_compat
    computes it with torch (float32 accumulation) on CPU and CUDA, float32 included. Cache
    quantization (cache_*_quant_scales), int8 / fp8 output (out_scale > 0, out_shift /
    out_smooth), int32 qkv (qkv_out_scale) and pre_key_cache / pre_value_cache raise
    NotImplementedError. qkv_out / key_cache / value_cache are updated in place (their Tensor
    objects are returned)."""
    refuse_static("block_multihead_attention_", "qkv", qkv,
                  legacy_op="block_multihead_attention")
    if (cache_k_quant_scales is not None or cache_v_quant_scales is not None
            or use_dynamic_cachekv_quant):
        _not_provided("cache quantization", "keep the cache in the model's float dtype")
    if out_scale > 0 or out_shift is not None or out_smooth is not None:
        _not_provided("output quantization (out_scale / out_shift / out_smooth)",
                      "quantize fmha_out afterwards")
    if qkv_out_scale is not None or qkv._t.dtype == torch.int32:
        _not_provided("int32 qkv (qkv_out_scale)", "pass the dequantized float qkv")
    if pre_key_cache is not None or pre_value_cache is not None:
        _not_provided("pre_key_cache / pre_value_cache",
                      "write the prefix into the block cache first")
    for name, t in (("max_enc_len_this_time", max_enc_len_this_time),
                    ("max_dec_len_this_time", max_dec_len_this_time)):
        if t is not None and t._t.device.type != "cpu":
            raise ValueError(f"(InvalidArgument) The place of input {name} must be CPU, but "
                             f"got {t.place}.")
    xt = qkv._t
    kc, vc = key_cache._t, value_cache._t
    dev = xt.device
    token_num = xt.shape[0]
    kv_heads, blk, dim = kc.shape[1], kc.shape[2], kc.shape[3]
    heads = xt.shape[-1] // dim - 2 * kv_heads
    bsz = cum_offsets.shape[0]
    acc = acc_dtype(xt.dtype)
    enc_lens = seq_lens_encoder._t.reshape(-1)[:bsz].to(torch.int64).to(dev)
    dec_lens = seq_lens_decoder._t.reshape(-1)[:bsz].to(torch.int64).to(dev)
    max_enc = (int(max_enc_len_this_time._t.reshape(-1)[0]) if max_enc_len_this_time is not None
               else max(int(enc_lens.max()) if bsz else 0, 0))
    max_dec = (int(max_dec_len_this_time._t.reshape(-1)[0]) if max_dec_len_this_time is not None
               else max(int(dec_lens.max()) if bsz else 0, 0))
    tables = block_tables._t.to(torch.int64).to(dev)
    buf = xt.to(acc)
    if qkv_bias is not None:
        buf = buf + qkv_bias._t.reshape(-1).to(acc)
    buf = buf.reshape(token_num, heads + 2 * kv_heads, dim)
    ori = torch.arange(token_num, device=dev) + padding_offsets._t.reshape(-1)[:token_num].to(
        torch.int64).to(dev)
    tok_b, tok_pos = ori // max_seq_len, ori % max_seq_len
    out = torch.zeros(token_num, heads, dim, dtype=acc, device=dev)
    kc_new, vc_new = kc.clone(), vc.clone()
    group = heads // kv_heads
    scale = dim ** -0.5
    if max_enc > 0:
        enc_tok = enc_lens[tok_b] > 0
        if rope_emb is not None:
            table = rope_emb._t.to(torch.float32)
            pos = tok_pos[enc_tok]
            q_k = buf[enc_tok, :heads + kv_heads]
            if not use_neox_style:
                flat = table.reshape(-1)
                half = dim // 2
                n = table.shape[2]
                cos = flat[:n * half].reshape(n, half)[pos][:, None].to(acc)
                sin = flat[n * half:2 * n * half].reshape(n, half)[pos][:, None].to(acc)
                rotated = _rope_pairs_table(q_k, cos, sin)
            else:
                flat = table.reshape(-1)
                n = table.shape[2]
                rows = flat[:n * dim].reshape(n, dim)[pos][:, None].to(acc)
                srows = flat[n * dim:2 * n * dim].reshape(n, dim)[pos][:, None].to(acc)
                half = dim // 2
                rotated = _rope_halves(q_k, rows[..., :half], srows[..., :half],
                                       rows[..., :half], srows[..., :half])
            buf = buf.clone()
            idx = enc_tok.nonzero().reshape(-1)
            buf[idx, :heads + kv_heads] = rotated
        # pad the prefill tokens to [bsz, max_seq_len] and attend row by row
        sel = enc_tok.nonzero().reshape(-1)
        b_i, p_i = tok_b[sel], tok_pos[sel]
        pad = torch.zeros(bsz, max_seq_len, heads + 2 * kv_heads, dim, dtype=acc, device=dev)
        present = torch.zeros(bsz, max_seq_len, dtype=torch.bool, device=dev)
        pad[b_i, p_i] = buf[sel]
        present[b_i, p_i] = True
        q = pad[:, :, :heads]
        k = pad[:, :, heads:heads + kv_heads].repeat_interleave(group, dim=2)
        v = pad[:, :, heads + kv_heads:].repeat_interleave(group, dim=2)
        logits = torch.einsum("bshd,bthd->bhst", q, k) * scale
        allowed = present[:, None, :, None] & present[:, None, None, :]
        if mask is None:
            s = torch.arange(max_seq_len, device=dev)
            allowed = allowed & (s[:, None] >= s[None, :])[None, None]
        else:
            logits = logits + mask._t.to(acc)[:, :, :max_seq_len, :max_seq_len]
        logits = logits.masked_fill(~allowed, float("-inf"))
        probs = torch.softmax(logits, dim=-1).nan_to_num(0.0)
        ctx = torch.einsum("bhst,bthd->bshd", probs, v)
        out[sel] = ctx[b_i, p_i]
        # CacheKernel: the prefill keys / values into the row's blocks
        block = tables[b_i, p_i // blk]
        kc_new[block, :, p_i % blk] = buf[sel, heads:heads + kv_heads].to(kc.dtype)
        vc_new[block, :, p_i % blk] = buf[sel, heads + kv_heads:].to(vc.dtype)
    if max_dec > 0:
        rows = (dec_lens != 0).nonzero().reshape(-1)
        if rows.numel():
            t = dec_lens[rows]
            tok = rows * max_seq_len - cum_offsets._t.reshape(-1).to(torch.int64).to(dev)[rows]
            cur = buf[tok]
            q, k, v = cur[:, :heads], cur[:, heads:heads + kv_heads], cur[:, heads + kv_heads:]
            if rope_emb is not None:
                if not use_neox_style:
                    cos, sin = _theta_coefficients(t, dim, rope_theta, acc)
                    q = _rope_pairs_table(q, cos[:, None], sin[:, None])
                    k = _rope_pairs_table(k, cos[:, None], sin[:, None])
                else:
                    table = rope_emb._t.to(torch.float32)
                    stride = table.shape[2] * table.shape[4]
                    flat = table.reshape(-1)
                    cosr = flat[:stride].reshape(-1, dim)[t][:, None].to(acc)
                    sinr = flat[stride:2 * stride].reshape(-1, dim)[t][:, None].to(acc)
                    half = dim // 2
                    q = _rope_halves(q, cosr[..., :half], sinr[..., :half], cosr[..., half:],
                                     sinr[..., half:])
                    k = _rope_halves(k, cosr[..., :half], sinr[..., :half], cosr[..., half:],
                                     sinr[..., half:])
            block = tables[rows, t // blk]
            kc_new[block, :, t % blk] = k.to(kc.dtype)
            vc_new[block, :, t % blk] = v.to(vc.dtype)
            span = tables.shape[1] * blk
            s = torch.arange(span, device=dev)
            blocks = tables[rows][:, s // blk]                       # [R, span]
            keys = kc_new[blocks, :, s % blk].to(acc)                # [R, span, KVH, D]
            vals = vc_new[blocks, :, s % blk].to(acc)
            keys = keys.repeat_interleave(group, dim=2)
            vals = vals.repeat_interleave(group, dim=2)
            logits = torch.einsum("rhd,rshd->rhs", q, keys) * scale
            if tgt_mask is not None:
                m = tgt_mask._t
                check_mask_heads(m, heads)
                m = m[rows][:, :, 0, :].to(acc)
                if m.shape[-1] < span:
                    m = torch.nn.functional.pad(m, (0, span - m.shape[-1]))
                logits = logits + m[..., :span]
            logits = logits.masked_fill(~(s[None, None, :] <= t[:, None, None]), float("-inf"))
            probs = torch.softmax(logits, dim=-1).nan_to_num(0.0)
            out[tok] = torch.einsum("rhs,rshd->rhd", probs, vals)
    qkv._t = buf.reshape(xt.shape).to(xt.dtype)
    key_cache._t = kc_new
    value_cache._t = vc_new
    return wrap(out.reshape(token_num, heads * dim).to(xt.dtype)), qkv, key_cache, value_cache
