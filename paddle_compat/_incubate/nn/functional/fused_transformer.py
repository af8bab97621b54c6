"""paddle.incubate.nn.functional.fused_feedforward / fused_multi_head_attention /
fused_bias_dropout_residual_layer_norm (Paddle: incubate/nn/functional/fused_transformer.py).

Paddle has GPU kernels only: on CPU tensors these raise Paddle 3.3.1's CPU-wheel error after
Paddle's own argument checks; on CUDA they compute the pseudo-code of Paddle's docstrings (its unit
tests' reference) unfused with torch."""
import torch
import torch.nn.functional as TF

from ...._tensor import wrap
from ..._kernel import dynamic_only, require_gpu_kernel

__all__ = ["fused_feedforward", "fused_multi_head_attention",
           "fused_bias_dropout_residual_layer_norm"]


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
    dynamic_only("fused_feedforward")
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
    dynamic_only("fused_bias_dropout_residual_layer_norm")
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
    dynamic_only("fused_multi_head_attention")
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
