"""paddle.incubate.nn.functional.fused_feedforward / fused_multi_head_attention /
fused_bias_dropout_residual_layer_norm (Paddle: incubate/nn/functional/fused_transformer.py).

Paddle has GPU kernels only: on CPU tensors these raise Paddle 3.3.1's CPU-wheel error after
Paddle's own argument checks; on CUDA they compute the pseudo-code of Paddle's docstrings (its unit
tests' reference) unfused with torch."""
import torch
import torch.nn.functional as TF

from ...._mode import STATE
from ...._ops._checks import check_variable_and_dtype
from ...._tensor import wrap
from ..._kernel import refuse_static, require_gpu_kernel
from . import masked_multihead_attention as _mmha

__all__ = ["fused_feedforward", "fused_multi_head_attention",
           "fused_bias_dropout_residual_layer_norm", "fused_multi_transformer"]


def _verify_dropout_rate(rate):
    if not isinstance(rate, (float, int)):
        raise TypeError("dropout_rate argument should be a number")
    if rate < 0 or rate > 1:
        raise ValueError("dropout_rate argument should between 0 and 1")


def _check_mode(mode):
    if mode not in ("downscale_in_infer", "upscale_in_train"):
        raise ValueError("mode argument should be 'downscale_in_infer' or 'upscale_in_train'")


def _dropout(t, p, training, mode):
    """Paddle's two dropout conventions on a torch tensor."""
    if mode == "upscale_in_train":
        return TF.dropout(t, p, training=True) if training and p > 0 else t
    if not training:
        return t * (1.0 - p)
    if p == 0:
        return t
    return t * (torch.rand_like(t) >= p).to(t.dtype)


def _ln(t, scale, bias, eps):
    n = t.shape[-1]
    return TF.layer_norm(t, (n,), None if scale is None else scale._t,
                         None if bias is None else bias._t, eps)


def _act(name):
    if name == "relu":
        return torch.relu
    if name == "gelu":
        return TF.gelu
    raise ValueError(f"fused_feedforward: activation should be 'relu' or 'gelu', but received "
                     f"{name}")


def _raw(t):
    return None if t is None else t._t


def fused_feedforward(x, linear1_weight, linear2_weight, linear1_bias=None, linear2_bias=None,
                      ln1_scale=None, ln1_bias=None, ln2_scale=None, ln2_bias=None,
                      dropout1_rate=0.5, dropout2_rate=0.5, activation="relu", ln1_epsilon=1e-5,
                      ln2_epsilon=1e-5, pre_layer_norm=False, training=True,
                      mode="upscale_in_train", ring_id=-1, add_residual=True, name=None):
    """paddle.incubate.nn.functional.fused_feedforward(x, linear1_weight, linear2_weight, ...):
    the transformer FFN block: out = linear2(dropout1(act(linear1(ln1(x) if pre_layer_norm else
    x)))); out = x + dropout2(out) (add_residual) or dropout2(out); then ln2(out) unless
    pre_layer_norm.

    Differences from Paddle: on CUDA computed unfused (dropout masks come from torch's
    generator, not Paddle's); ring_id (tensor parallel) must be -1."""
    refuse_static("fused_feedforward", "x", x, legacy="operator")
    _verify_dropout_rate(dropout1_rate)
    _verify_dropout_rate(dropout2_rate)
    _check_mode(mode)
    require_gpu_kernel(x, "fused_feedforward", legacy=True)
    if ring_id != -1:
        raise NotImplementedError("fused_feedforward: ring_id (tensor-parallel NCCL) is not "
                                  "provided by paddle_compat; use ring_id=-1")
    act = _act(activation)
    t = x._t
    h = _ln(t, ln1_scale, ln1_bias, ln1_epsilon) if pre_layer_norm else t
    h = TF.linear(h, linear1_weight._t.t(), _raw(linear1_bias))
    h = _dropout(act(h), dropout1_rate, training, mode)
    h = TF.linear(h, linear2_weight._t.t(), _raw(linear2_bias))
    h = _dropout(h, dropout2_rate, training, mode)
    out = t + h if add_residual else h
    if not pre_layer_norm:
        out = _ln(out, ln2_scale, ln2_bias, ln2_epsilon)
    return wrap(out)


def fused_bias_dropout_residual_layer_norm(x, residual, bias=None, ln_scale=None, ln_bias=None,
                                           dropout_rate=0.5, ln_epsilon=1e-5, training=True,
                                           mode="upscale_in_train", name=None):
    """paddle.incubate.nn.functional.fused_bias_dropout_residual_layer_norm(x, residual,
    bias=None, ln_scale=None, ln_bias=None, dropout_rate=0.5, ln_epsilon=1e-5, training=True,
    mode='upscale_in_train'): layer_norm(residual + dropout(x + bias)) over the last axis.

    Differences from Paddle: on CUDA computed unfused (torch's dropout mask)."""
    refuse_static("fused_bias_dropout_residual_layer_norm", "x", x)
    _check_mode(mode)
    for what, t in (("ln_scale", ln_scale), ("ln_bias", ln_bias)):
        if t is not None:
            assert len(t.shape) == 1, f"The dims of the shape of {what} should be 1."
            assert x.shape[-1] == t.shape[0], f"The dim of {what} must equal to the last dim of x."
    require_gpu_kernel(x, "fused_bias_dropout_residual_layer_norm")
    h = x._t if bias is None else x._t + bias._t
    out = residual._t + _dropout(h, dropout_rate, training, mode)
    return wrap(_ln(out, ln_scale, ln_bias, ln_epsilon))


def _check_qkv(x, qkv_weight, qkv_bias, num_heads, transpose_qkv_wb, ring_id):
    """Paddle's asserts on the qkv weight layout, in its order and words."""
    w = list(qkv_weight.shape)
    if not transpose_qkv_wb:
        assert len(w) == 4, "The dims of the shape of qkv_weight should be 4."
        assert w[0] == 3, "The shape of qkv_weight should be [3, num_head, head_dim, embed_dim]."
        assert w[3] == x.shape[2], ("The 3rd dim of qkv_weight and 2nd dim of x should be the "
                                    "same, i.e., embed_dim.")
        if ring_id == -1:
            assert w[1] * w[2] == w[3], "embed_dim must be divisible by num_heads."
        return
    assert num_heads > 0, ("When enable transpose_qkv_wb, the num_heads should be provided and "
                           "greater than 0.")
    assert len(w) == 2, ("When enable transpose_qkv_wb, the dims of the shape of qkv_weight "
                         "should be 2 when enable transpose_qkv_wb.")
    if ring_id == -1:
        assert w[1] == 3 * w[0], ("When enable transpose_qkv_wb, the shape of qkv_weight should "
                                  "be [embed_dim, 3 * embed_dim] when enable transpose_qkv_wb.")
    assert w[0] == x.shape[2], ("When enable transpose_qkv_wb, the 1st dim of qkv_weight and 2nd "
                                "dim of x should be the same, i.e., embed_dim.")
    if qkv_bias is not None:
        assert len(qkv_bias.shape) == 1, ("When enable transpose_qkv_wb, the dims of the shape of "
                                          "qkv_bias should be 1.")
        assert qkv_bias.shape[0] == w[1], ("When enable transpose_qkv_wb, the 1st dim of qkv_bias "
                                           "and 2nd dim of qkv_weight should be the same, i.e., "
                                           "embed_dim.")


def fused_multi_head_attention(x, qkv_weight, linear_weight, pre_layer_norm=False,
                               pre_ln_scale=None, pre_ln_bias=None, ln_scale=None, ln_bias=None,
                               pre_ln_epsilon=1e-05, qkv_bias=None, linear_bias=None,
                               cache_kv=None, attn_mask=None, dropout_rate=0.5,
                               attn_dropout_rate=0.5, ln_epsilon=1e-05, training=True,
                               mode="upscale_in_train", ring_id=-1, add_residual=True,
                               num_heads=-1, transpose_qkv_wb=False, name=None):
    """paddle.incubate.nn.functional.fused_multi_head_attention(x, qkv_weight, linear_weight,
    ...): self-attention with the qkv projection weight [3, num_head, head_dim, embed_dim] (or
    [embed_dim, 3 * embed_dim] with transpose_qkv_wb and num_heads): q k v from
    (pre-LN) x, softmax(q k^T / sqrt(head_dim) + attn_mask), attention dropout, heads merged,
    output linear, dropout, + x (add_residual), then LN unless pre_layer_norm. With cache_kv
    [2, b, heads, s_cache, head_dim] the new k, v are appended to it and (out, cache_kv_out) is
    returned.

    Differences from Paddle: on CUDA computed unfused (torch's dropout masks); ring_id must be -1.
    """
    refuse_static("fused_attention", "x", x, legacy="operator")
    _check_mode(mode)
    if x.ndim != 3:
        raise ValueError(f"The rank of the x should be 3, but received {x.ndim}.")
    _check_qkv(x, qkv_weight, qkv_bias, num_heads, transpose_qkv_wb, ring_id)
    require_gpu_kernel(x, "fused_attention", legacy=True)
    if ring_id != -1:
        raise NotImplementedError("fused_multi_head_attention: ring_id (tensor-parallel NCCL) is "
                                  "not provided by paddle_compat; use ring_id=-1")
    t = x._t
    b, s, e = t.shape
    h = _ln(t, pre_ln_scale, pre_ln_bias, pre_ln_epsilon) if pre_layer_norm else t
    w = qkv_weight._t
    if transpose_qkv_wb:
        heads = num_heads
        qkv = h @ w                                   # [b, s, 3e]
        if qkv_bias is not None:
            qkv = qkv + qkv_bias._t
        qkv = qkv.reshape(b, s, 3, heads, e // heads)
    else:
        heads, hd = w.shape[1], w.shape[2]
        qkv = torch.einsum("bse,tnde->bstnd", h, w)   # [b, s, 3, heads, head_dim]
        if qkv_bias is not None:
            qkv = qkv + qkv_bias._t
    qkv = qkv.permute(2, 0, 3, 1, 4)                   # [3, b, heads, s, head_dim]
    q, k, v = qkv[0], qkv[1], qkv[2]
    cache_out = None
    if cache_kv is not None:
        k = torch.cat([cache_kv._t[0], k], dim=2)
        v = torch.cat([cache_kv._t[1], v], dim=2)
        cache_out = torch.stack([k, v])
    q = q * (q.shape[-1] ** -0.5)
    scores = q @ k.transpose(-1, -2)
    if attn_mask is not None:
        scores = scores + attn_mask._t.to(scores.dtype)
    probs = _dropout(torch.softmax(scores, dim=-1), attn_dropout_rate, training, mode)
    ctx = (probs @ v).permute(0, 2, 1, 3).reshape(b, s, -1)
    out = TF.linear(ctx, linear_weight._t.t(), _raw(linear_bias))
    out = _dropout(out, dropout_rate, training, mode)
    if add_residual:
        out = t + out
    if not pre_layer_norm:
        out = _ln(out, ln_scale, ln_bias, ln_epsilon)
    if cache_kv is not None:
        return wrap(out), wrap(cache_out)
    return wrap(out)


# ---- fused_multi_transformer: Paddle's FusedMultiTransformerOpKernel, step by step, in torch

_MT_ACTS = ("gelu", "geglu", "swiglu")


def _mt_norm(h, weight, bias, eps, norm_type):
    """NormHelper: layernorm with float32 statistics and weights, or rmsnorm
    (x / sqrt(mean(x^2) + eps) * weight + bias)."""
    acc = _mmha.acc_dtype(h.dtype)
    t = h.to(acc)
    w = None if weight is None else weight._t.to(acc)
    b = None if bias is None else bias._t.to(acc)
    if norm_type == "layernorm":
        out = TF.layer_norm(t, (t.shape[-1],), w, b, eps)
    else:
        out = t * torch.rsqrt(t.pow(2).mean(-1, keepdim=True) + eps)
        if w is not None:
            out = out * w
        if b is not None:
            out = out + b
    return out.to(h.dtype)


def _mt_act(h, act):
    acc = _mmha.acc_dtype(h.dtype)
    t = h.to(acc)
    if act == "gelu":
        return TF.gelu(t).to(h.dtype)
    half = t.shape[-1] // 2
    a, g = t[..., :half], t[..., half:]
    fn = TF.gelu if act == "geglu" else TF.silu
    return (fn(a) * g).to(h.dtype)


def _mt_qkv(h, weight, bias, trans_qkvw, heads, kv_heads, dim):
    """qkv = h @ W^T with W [3, heads, dim, embed] ([heads + 2 g, dim, embed] with GQA), or
    h @ W with W [embed, ...] (trans_qkvw=False); -> q [.., heads, dim], k / v [.., kv, dim]."""
    w = weight._t
    out = h @ (w.reshape(-1, w.shape[-1]).t() if trans_qkvw else w.reshape(w.shape[0], -1))
    out = out.reshape(*h.shape[:-1], heads + 2 * kv_heads, dim)
    if bias is not None:
        out = out + bias._t.reshape(heads + 2 * kv_heads, dim)
    return (out[..., :heads, :], out[..., heads:heads + kv_heads, :],
            out[..., heads + kv_heads:, :])


def _mt_encoder_rotary(t, table, neox, rotary_emb_dims):
    """rotary_qk: t [B, S, H, D]; table [2, B, 1, S, D] (cos, sin)."""
    b, s, _, d = t.shape
    flat = table.reshape(-1).to(torch.float32)
    cos = flat[:b * s * d].reshape(b, s, 1, d).to(t.dtype)
    sin = flat[b * s * d:2 * b * s * d].reshape(b, s, 1, d).to(t.dtype)
    return _mmha.rotary(t, cos, sin, neox, rotary_emb_dims, True)


def _mt_encoder_attention(q, k, v, lens):
    """FlashAttnUnpadded, causal, per sequence over its first lens[b] tokens: q [B, S, H, D],
    k / v [B, S, KVH, D] -> [B, S, H, D] (rows past lens[b] are zero)."""
    b, s, heads, d = q.shape
    group = heads // k.shape[2]
    kq = k.repeat_interleave(group, dim=2)
    vq = v.repeat_interleave(group, dim=2)
    logits = torch.einsum("bshd,bthd->bhst", q, kq) * d ** -0.5
    pos = torch.arange(s, device=q.device)
    inside = pos[None, :] < lens[:, None]                                   # [B, S]
    allowed = (pos[None, :, None] >= pos[None, None, :]) & inside[:, None, :]
    logits = logits.masked_fill(~allowed[:, None], float("-inf"))
    probs = torch.softmax(logits, dim=-1).nan_to_num(0.0)
    out = torch.einsum("bhst,bthd->bshd", probs, vq)
    return out * inside[:, :, None, None].to(out.dtype)


def _mt_write_cache(cache, k, v, lens):
    """gqa_write_cachekv: tokens s < lens[b] of k / v [B, S, KVH, D] go to cache position s."""
    b, s = k.shape[0], k.shape[1]
    keys = _mmha.read_k_cache(cache[0, :b])
    values = cache[1, :b]
    pos = torch.arange(s, device=k.device)
    keep = (pos[None, :] < lens[:, None])[:, None, :, None]                # [B, 1, S, 1]
    kt, vt = k.permute(0, 2, 1, 3).to(cache.dtype), v.permute(0, 2, 1, 3).to(cache.dtype)
    keys = keys.clone()
    values = values.clone()
    keys[:, :, :s] = torch.where(keep, kt, keys[:, :, :s])
    values[:, :, :s] = torch.where(keep, vt, values[:, :, :s])
    new = cache.clone()
    new[0, :b] = _mmha.pack_k_cache(keys)
    new[1, :b] = values
    return new


def _opt(seq, i):
    return None if seq is None else seq[i]


def fused_multi_transformer(x, ln_scales, ln_biases, qkv_weights, qkv_biases, linear_weights,
                            linear_biases, ffn_ln_scales, ffn_ln_biases, ffn1_weights,
                            ffn1_biases, ffn2_weights, ffn2_biases, pre_layer_norm=True,
                            epsilon=1e-05, residual_alpha=1.0, cache_kvs=None, beam_offset=None,
                            pre_caches=None, seq_lens=None, rotary_embs=None, time_step=None,
                            attn_mask=None, dropout_rate=0.0, rotary_emb_dims=0,
                            activation="gelu", training=False, mode="upscale_in_train",
                            trans_qkvw=True, ring_id=-1, norm_type="layernorm",
                            use_neox_rotary_style=False, gqa_group_size=-1, name=None):
    """paddle.incubate.nn.functional.fused_multi_transformer(x, ln_scales, ln_biases,
    qkv_weights, qkv_biases, linear_weights, linear_biases, ffn_ln_scales, ffn_ln_biases,
    ffn1_weights, ffn1_biases, ffn2_weights, ffn2_biases, pre_layer_norm=True, epsilon=1e-5,
    ..., cache_kvs=None, seq_lens=None, rotary_embs=None, time_step=None, attn_mask=None, ...,
    activation='gelu', trans_qkvw=True, norm_type='layernorm', use_neox_rotary_style=False,
    gqa_group_size=-1) -> out, or (out, cache_kvs): a stack of transformer decoder layers for
    inference, as Paddle's kernel computes it. Per layer (pre_layer_norm): h1 = h +
    attn(norm(h)) @ linear_weight + linear_bias; h = h1 + act(norm_ffn(h1) @ ffn1_weight +
    ffn1_bias) @ ffn2_weight + ffn2_bias (post-LN: h1 = norm(h + attn(h) @ W + b), h =
    norm_ffn(h1 + ffn(h1))). Without time_step (context / encoder stage) attention is causal
    over the first seq_lens[b] tokens of each row (all of them without seq_lens; rows past it
    are zero; attn_mask is not read, as in Paddle) and, with cache_kvs, the keys and values are
    written to the caches (Paddle's layout, in place). With time_step (a [1] int32 CPU Tensor,
    > 0; x then has one token per row) each layer runs masked_multihead_attention's step at
    position seq_lens[b] (time_step without seq_lens) with attn_mask [B, 1 | H, 1, t + 1].
    Biases of the linear and ffn layers apply when qkv_biases is given, the norms' biases when
    ln_biases is given (the kernel's flags); activation 'gelu' (erf), 'geglu', 'swiglu' (the
    GLU forms act(first half) * second half); dropout_rate and residual_alpha do not change the
    result (the kernel runs its dropouts with rate 0 and never reads residual_alpha).

    Differences from Paddle: Paddle 3.3.1 registers this kernel only for GPU in float16 /
    bfloat16 (its CPU wheel raises ``(NotFound) The kernel `fused_multi_transformer` is not
    registered.``); paddle_compat computes it with vectorised torch (float32 accumulation) on
    CPU and CUDA and also in float32. The context stage with cache_kvs adds qkv_biases also
    without rotary embeddings (Paddle's kernel adds them there only inside its rotary step).
    pre_caches and beam_offset raise NotImplementedError, as does ring_id != -1 (tensor
    parallel all-reduce)."""
    if mode not in ("downscale_in_infer", "upscale_in_train"):
        raise ValueError("mode argument should be 'downscale_in_infer' or 'upscale_in_train'")
    if STATE.static and not STATE.pir:     # Paddle's LayerHelper branch checks x's dtype first
        check_variable_and_dtype(x, "x", ["uint16", "float16"], "fused_multi_transformer")
    refuse_static("fused_multi_transformer_", "x", x, legacy_op="fused_multi_transformer")
    if ring_id != -1:
        raise NotImplementedError("fused_multi_transformer: ring_id (tensor-parallel NCCL) is "
                                  "not provided by paddle_compat; use ring_id=-1")
    if pre_caches is not None or beam_offset is not None:
        raise NotImplementedError(
            "fused_multi_transformer with pre_caches / beam_offset is not provided by "
            "paddle_compat; concatenate the prefix into the input and reorder caches per beam "
            "with paddle.index_select")
    if activation not in _MT_ACTS:
        raise NotImplementedError("(Unimplemented) Currently Only Support GeGLU, SwiGLU, GeLU")
    if norm_type not in ("layernorm", "rmsnorm"):
        raise NotImplementedError("(Unimplemented) Currently NormHelper only support "
                                  "`layernorm` and `rmsnorm`. ")
    xt = x._t
    bsz, seq, embed = xt.shape
    w0 = qkv_weights[0].shape
    if gqa_group_size > 0:
        heads = (w0[0] if trans_qkvw else w0[1]) - 2 * gqa_group_size
        dim = w0[1] if trans_qkvw else w0[2]
        kv_heads = gqa_group_size
    else:
        heads = w0[1] if trans_qkvw else w0[2]
        dim = w0[2] if trans_qkvw else w0[3]
        kv_heads = heads
    mask = attn_mask._t if attn_mask is not None else None
    _mmha.check_mask_heads(mask, heads)
    acc = _mmha.acc_dtype(xt.dtype)
    dev = xt.device
    decode = time_step is not None
    if decode:
        if time_step._t.device.type != "cpu":
            raise ValueError(f"(InvalidArgument) The place of input(time_step) must be CPU, "
                             f"but got {time_step.place}.")
        t_value = int(time_step._t.reshape(-1)[0])
        if t_value <= 0:
            raise ValueError(f"(InvalidArgument) The value of time_step must > 0, but now is "
                             f"{t_value}")
        if seq != 1:
            raise RuntimeError(f"(PreconditionNotMet) In decode stage, the seq_len of input "
                               f"must be 1, but now is {seq}")
        if seq_lens is not None:
            steps = seq_lens._t.reshape(-1)[:bsz].to(torch.int64).to(dev)
        else:
            steps = torch.full((bsz,), t_value, dtype=torch.int64, device=dev)
        lens = torch.full((bsz,), seq, dtype=torch.int64, device=dev)
    else:
        lens = (seq_lens._t.reshape(-1)[:bsz].to(torch.int64).to(dev) if seq_lens is not None
                else torch.full((bsz,), seq, dtype=torch.int64, device=dev))
    if cache_kvs is not None:
        for c in cache_kvs:
            _mmha.check_cache_head_dim(dim, c._t.dtype)
    compute_bias = qkv_biases is not None
    ln_bias_on = ln_biases is not None
    h = xt.to(acc)
    new_caches = []
    for i in range(len(qkv_weights)):
        ln_b = _opt(ln_biases, i) if ln_bias_on else None
        ffn_ln_b = _opt(ffn_ln_biases, i) if ln_bias_on else None
        attn_in = _mt_norm(h, ln_scales[i], ln_b, epsilon, norm_type) if pre_layer_norm else h
        q, k, v = _mt_qkv(attn_in, qkv_weights[i], _opt(qkv_biases, i), trans_qkvw, heads,
                          kv_heads, dim)
        if decode:
            q, k, v = q[:, 0], k[:, 0], v[:, 0]
            if rotary_emb_dims != 0:
                cos, sin = _mmha.decode_rotary(rotary_embs._t, bsz, dim)
                q = _mmha.rotary(q, cos.to(acc), sin.to(acc), use_neox_rotary_style,
                                 rotary_emb_dims, False)
                k = _mmha.rotary(k, cos.to(acc), sin.to(acc), use_neox_rotary_style,
                                 rotary_emb_dims, False)
            m = None if mask is None else mask[:, :, 0, :].to(acc)
            ctx, new = _mmha.decode_step(q, k, v, cache_kvs[i]._t, steps, m, dim ** -0.5)
            new_caches.append(new)
            ctx = ctx.reshape(bsz, 1, heads * dim)
        else:
            if rotary_emb_dims != 0:
                q = _mt_encoder_rotary(q, rotary_embs._t, use_neox_rotary_style, rotary_emb_dims)
                k = _mt_encoder_rotary(k, rotary_embs._t, use_neox_rotary_style, rotary_emb_dims)
            if cache_kvs is not None:
                new_caches.append(_mt_write_cache(cache_kvs[i]._t, k, v, lens))
            ctx = _mt_encoder_attention(q, k, v, lens).reshape(bsz, seq, heads * dim)
        out = ctx @ linear_weights[i]._t.to(acc)
        if compute_bias and linear_biases is not None:
            out = out + linear_biases[i]._t.to(acc)
        if pre_layer_norm:
            h1 = out + h
            ffn_in = _mt_norm(h1, ffn_ln_scales[i], ffn_ln_b, epsilon, norm_type)
        else:
            h1 = _mt_norm(out + h, ln_scales[i], ln_b, epsilon, norm_type)
            ffn_in = h1
        f = ffn_in @ ffn1_weights[i]._t.to(acc)
        if compute_bias and ffn1_biases is not None:
            f = f + ffn1_biases[i]._t.to(acc)
        f = _mt_act(f, activation) @ ffn2_weights[i]._t.to(acc)
        if compute_bias and ffn2_biases is not None:
            f = f + ffn2_biases[i]._t.to(acc)
        h = f + h1 if pre_layer_norm else _mt_norm(f + h1, ffn_ln_scales[i], ffn_ln_b, epsilon,
                                                    norm_type)
    if not decode:
        inside = torch.arange(seq, device=dev)[None, :] < lens[:, None]
        h = h * inside[:, :, None].to(h.dtype)
    result = wrap(h.to(xt.dtype))
    if cache_kvs is None:
        return result
    for c, new in zip(cache_kvs, new_caches):
        c._t = new
    return result, cache_kvs
