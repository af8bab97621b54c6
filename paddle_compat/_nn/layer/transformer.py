"""paddle.nn Transformer layers (Paddle: nn/layer/transformer.py): MultiHeadAttention (with its
Cache / StaticCache for incremental decoding), TransformerEncoderLayer, TransformerEncoder,
TransformerDecoderLayer, TransformerDecoder, Transformer.

Parameters, sub-layer names and creation order are Paddle's (q_proj, k_proj, v_proj, out_proj as
Linear layers with weights [in, out]; linear1, linear2, norm1..3), so a seeded model gets Paddle's
initial weights and a Paddle state dict loads as is. Masks follow Paddle: a boolean or integer mask
becomes (mask - 1) * 1e9 added to the scores (True/1 = attend), a float mask is added as is.

In dynamic mode, when the attention weights are not returned and no attention dropout is active,
the attention core runs on torch's fused `scaled_dot_product_attention`; otherwise (and in static
mode, where the ops are recorded as Paddle records them) it is Paddle's matmul-softmax-dropout-matmul,
with the dropout masks from the Paddle-exact generator.
"""
import collections
import copy

from ..._mode import STATE
from ..._ops import creation as _creation
from ..._ops import linalg as _linalg
from ..._ops import manipulation as _manip
from ..._ops import math as _math
from ..._ops.registry import OpDef, apply_op
from ..._param_attr import ParamAttr
from ..._dtype import get_default_dtype, to_dtype
from ..functional import activation as FA
from ..functional import common as FC
from ..functional.sdpa import attention_kernel
from .common import Dropout, Linear
from .container import LayerList
from .layers import Layer
from .norm import LayerNorm

__all__ = ["MultiHeadAttention", "TransformerEncoderLayer", "TransformerEncoder",
           "TransformerDecoderLayer", "TransformerDecoder", "Transformer"]

# Dynamic-mode fast path only (static mode records Paddle's composed ops instead).
_FUSED_ATTENTION = OpDef("fused_attention_core", attention_kernel, ("Q", "K", "V", "Mask"),
                         ("Out",), {"dropout_p": 0.0, "is_causal": False, "scale": -1.0},
                         "", None)


def _convert_param_attr_to_list(param_attr, n):
    if isinstance(param_attr, (list, tuple)):
        assert len(param_attr) == n, f"length of param_attr should be {n} when it is a list/tuple"
        attrs = []
        for attr in param_attr:
            if isinstance(attr, bool):
                attrs.append(ParamAttr._to_attr(None) if attr else False)
            else:
                attrs.append(ParamAttr._to_attr(attr))
        return attrs
    if isinstance(param_attr, bool):
        return [ParamAttr._to_attr(None) for _ in range(n)] if param_attr else [False] * n
    attr = ParamAttr._to_attr(param_attr)
    attrs = []
    for i in range(n):
        attr_i = copy.deepcopy(attr)
        if attr.name:
            attr_i.name = attr_i.name + "_" + str(i)
        attrs.append(attr_i)
    return attrs


def _convert_attention_mask(attn_mask, dtype):
    """Paddle's rule: bool/int masks -> (mask - 1) * 1e9 (additive), other floats cast."""
    if attn_mask is not None and attn_mask.dtype != dtype:
        name = str(attn_mask.dtype).replace("paddle.", "")
        if name == "bool" or "int" in name:
            attn_mask = (_math.cast(attn_mask, dtype) - 1.0) * 1e9
        else:
            attn_mask = _math.cast(attn_mask, dtype)
    return attn_mask


class MultiHeadAttention(Layer):
    """paddle.nn.MultiHeadAttention(embed_dim, num_heads, dropout=0.0, kdim=None, vdim=None,
    need_weights=False, weight_attr=None, bias_attr=None); forward(query, key=None, value=None,
    attn_mask=None, cache=None) returns out, plus the attention weights when need_weights, plus the
    updated cache when a cache is given. `gen_cache(key, value=None, type=Cache)` makes an empty
    incremental `Cache` (or wraps given k/v) or, with type=StaticCache, the projected memory k/v.

    Differences from Paddle: on the fused path the scores are q k^T scaled after the product
    (Paddle scales q first), so results agree to rounding."""

    Cache = collections.namedtuple("Cache", ["k", "v"])
    StaticCache = collections.namedtuple("StaticCache", ["k", "v"])

    def __init__(self, embed_dim, num_heads, dropout=0.0, kdim=None, vdim=None, need_weights=False,
                 weight_attr=None, bias_attr=None):
        super().__init__()
        assert embed_dim > 0, f"Expected embed_dim to be greater than 0, but received {embed_dim}"
        assert num_heads > 0, f"Expected num_heads to be greater than 0, but received {num_heads}"
        self.embed_dim = embed_dim
        self.kdim = kdim if kdim is not None else embed_dim
        self.vdim = vdim if vdim is not None else embed_dim
        self.num_heads, self.dropout, self.need_weights = num_heads, dropout, need_weights
        self.head_dim = embed_dim // num_heads
        assert self.head_dim * num_heads == self.embed_dim, "embed_dim must be divisible by num_heads"
        self.q_proj = Linear(embed_dim, embed_dim, weight_attr, bias_attr=bias_attr)
        self.k_proj = Linear(self.kdim, embed_dim, weight_attr, bias_attr=bias_attr)
        self.v_proj = Linear(self.vdim, embed_dim, weight_attr, bias_attr=bias_attr)
        self.out_proj = Linear(embed_dim, embed_dim, weight_attr, bias_attr=bias_attr)

    def _heads(self, x):
        x = _manip.reshape(x, [0, 0, self.num_heads, self.head_dim])
        return _manip.transpose(x, [0, 2, 1, 3])

    def _prepare_qkv(self, query, key, value, cache=None):
        q = self._heads(self.q_proj(query))
        if isinstance(cache, self.StaticCache):
            k, v = cache.k, cache.v
        else:
            k, v = self.compute_kv(key, value)
        if isinstance(cache, self.Cache):
            k = _manip.concat([cache.k, k], axis=2)
            v = _manip.concat([cache.v, v], axis=2)
            cache = self.Cache(k, v)
        return (q, k, v) if cache is None else (q, k, v, cache)

    def compute_kv(self, key, value):
        """The projected, head-split keys and values: [batch, num_heads, seq, head_dim] each."""
        return self._heads(self.k_proj(key)), self._heads(self.v_proj(value))

    def gen_cache(self, key, value=None, type=Cache):
        """A Cache/StaticCache for incremental decoding (see the class docstring)."""
        if type == MultiHeadAttention.StaticCache:
            k, v = self.compute_kv(key, value)
            return self.StaticCache(k, v)
        if value is None:
            shape = [key.shape[0], self.num_heads, 0, self.head_dim]
            return self.Cache(_creation.full(shape, 0, key.dtype),
                              _creation.full(shape, 0, key.dtype))
        return self.Cache(key, value)

    def forward(self, query, key=None, value=None, attn_mask=None, cache=None):
        key = query if key is None else key
        value = query if value is None else value
        if cache is None:
            q, k, v = self._prepare_qkv(query, key, value, cache)
        else:
            q, k, v, cache = self._prepare_qkv(query, key, value, cache)
        dropout_active = bool(self.dropout) and self.training
        if not STATE.static and not self.need_weights and not dropout_active:
            if attn_mask is not None:
                attn_mask = _convert_attention_mask(attn_mask, q.dtype)
            out = apply_op(_FUSED_ATTENTION, (q, k, v, attn_mask),
                           {"dropout_p": 0.0, "is_causal": False, "scale": self.head_dim ** -0.5})
            weights = None
        else:
            product = _linalg.matmul(q * (self.head_dim ** -0.5), k, transpose_y=True)
            if attn_mask is not None:
                product = product + _convert_attention_mask(attn_mask, product.dtype)
            weights = FA.softmax(product)
            if self.dropout:
                weights = FC.dropout(weights, self.dropout, training=self.training,
                                     mode="upscale_in_train")
            out = _linalg.matmul(weights, v)
        out = _manip.transpose(out, [0, 2, 1, 3])
        out = _manip.reshape(out, [0, 0, out.shape[2] * out.shape[3]])
        out = self.out_proj(out)
        outs = [out]
        if self.need_weights:
            outs.append(weights)
        if cache is not None:
            outs.append(cache)
        return out if len(outs) == 1 else tuple(outs)


def _check_sizes(d_model, nhead, dim_feedforward):
    assert d_model > 0, f"Expected d_model to be greater than 0, but received {d_model}"
    assert nhead > 0, f"Expected nhead to be greater than 0, but received {nhead}"
    assert dim_feedforward > 0, ("Expected dim_feedforward to be greater than 0, "
                                 f"but received {dim_feedforward}")


def _activation(name):
    fn = getattr(FA, name, None)
    if fn is None:
        raise AttributeError(f"module 'paddle.nn.functional' has no attribute '{name}'")
    return fn


class TransformerEncoderLayer(Layer):
    """paddle.nn.TransformerEncoderLayer(d_model, nhead, dim_feedforward, dropout=0.1,
    activation='relu', attn_dropout=None, act_dropout=None, normalize_before=False,
    weight_attr=None, bias_attr=None, layer_norm_eps=1e-5); forward(src, src_mask=None,
    cache=None): self-attention and feed-forward blocks, post-norm unless normalize_before."""

    def __init__(self, d_model, nhead, dim_feedforward, dropout=0.1, activation="relu",
                 attn_dropout=None, act_dropout=None, normalize_before=False, weight_attr=None,
                 bias_attr=None, layer_norm_eps=1e-5):
        config = dict(d_model=d_model, nhead=nhead, dim_feedforward=dim_feedforward,
                      dropout=dropout, activation=activation, attn_dropout=attn_dropout,
                      act_dropout=act_dropout, normalize_before=normalize_before,
                      weight_attr=weight_attr, bias_attr=bias_attr, layer_norm_eps=layer_norm_eps)
        super().__init__()
        self._config = config
        _check_sizes(d_model, nhead, dim_feedforward)
        attn_dropout = dropout if attn_dropout is None else attn_dropout
        act_dropout = dropout if act_dropout is None else act_dropout
        self.normalize_before = normalize_before
        weight_attrs = _convert_param_attr_to_list(weight_attr, 2)
        bias_attrs = _convert_param_attr_to_list(bias_attr, 2)
        self.self_attn = MultiHeadAttention(d_model, nhead, dropout=attn_dropout,
                                            weight_attr=weight_attrs[0], bias_attr=bias_attrs[0])
        self.linear1 = Linear(d_model, dim_feedforward, weight_attrs[1], bias_attr=bias_attrs[1])
        self.dropout = Dropout(act_dropout, mode="upscale_in_train")
        self.linear2 = Linear(dim_feedforward, d_model, weight_attrs[1], bias_attr=bias_attrs[1])
        self.norm1 = LayerNorm(d_model, layer_norm_eps)
        self.norm2 = LayerNorm(d_model, layer_norm_eps)
        self.dropout1 = Dropout(dropout, mode="upscale_in_train")
        self.dropout2 = Dropout(dropout, mode="upscale_in_train")
        self.activation = _activation(activation)

    def forward(self, src, src_mask=None, cache=None):
        src_mask = _convert_attention_mask(src_mask, src.dtype)
        residual = src
        if self.normalize_before:
            src = self.norm1(src)
        if cache is None:
            src = self.self_attn(src, src, src, src_mask)
        else:
            src, incremental_cache = self.self_attn(src, src, src, src_mask, cache)
        src = residual + self.dropout1(src)
        if not self.normalize_before:
            src = self.norm1(src)
        residual = src
        if self.normalize_before:
            src = self.norm2(src)
        src = self.linear2(self.dropout(self.activation(self.linear1(src))))
        src = residual + self.dropout2(src)
        if not self.normalize_before:
            src = self.norm2(src)
        return src if cache is None else (src, incremental_cache)

    def gen_cache(self, src):
        """An empty incremental Cache of the self-attention."""
        return self.self_attn.gen_cache(src, type=self.self_attn.Cache)


class TransformerEncoder(Layer):
    """paddle.nn.TransformerEncoder(encoder_layer, num_layers, norm=None): `encoder_layer` and
    num_layers - 1 fresh copies built from its configuration (new weights, as in Paddle)."""

    def __init__(self, encoder_layer, num_layers, norm=None):
        super().__init__()
        self.layers = LayerList([encoder_layer if i == 0 else
                                 type(encoder_layer)(**encoder_layer._config)
                                 for i in range(num_layers)])
        self.num_layers, self.norm = num_layers, norm

    def forward(self, src, src_mask=None, cache=None):
        src_mask = _convert_attention_mask(src_mask, src.dtype)
        output, new_caches = src, []
        for i, mod in enumerate(self.layers):
            if cache is None:
                output = mod(output, src_mask=src_mask)
            else:
                output, new_cache = mod(output, src_mask=src_mask, cache=cache[i])
                new_caches.append(new_cache)
        if self.norm is not None:
            output = self.norm(output)
        return output if cache is None else (output, new_caches)

    def gen_cache(self, src):
        """One empty incremental Cache per layer."""
        return [layer.gen_cache(src) for layer in self.layers]


class TransformerDecoderLayer(Layer):
    """paddle.nn.TransformerDecoderLayer(d_model, nhead, dim_feedforward, dropout=0.1,
    activation='relu', attn_dropout=None, act_dropout=None, normalize_before=False,
    weight_attr=None, bias_attr=None, layer_norm_eps=1e-5); forward(tgt, memory, tgt_mask=None,
    memory_mask=None, cache=None) with cache = (Cache, StaticCache) for incremental decoding."""

    def __init__(self, d_model, nhead, dim_feedforward, dropout=0.1, activation="relu",
                 attn_dropout=None, act_dropout=None, normalize_before=False, weight_attr=None,
                 bias_attr=None, layer_norm_eps=1e-5):
        config = dict(d_model=d_model, nhead=nhead, dim_feedforward=dim_feedforward,
                      dropout=dropout, activation=activation, attn_dropout=attn_dropout,
                      act_dropout=act_dropout, normalize_before=normalize_before,
                      weight_attr=weight_attr, bias_attr=bias_attr, layer_norm_eps=layer_norm_eps)
        super().__init__()
        self._config = config
        _check_sizes(d_model, nhead, dim_feedforward)
        attn_dropout = dropout if attn_dropout is None else attn_dropout
        act_dropout = dropout if act_dropout is None else act_dropout
        self.normalize_before = normalize_before
        weight_attrs = _convert_param_attr_to_list(weight_attr, 3)
        bias_attrs = _convert_param_attr_to_list(bias_attr, 3)
        self.self_attn = MultiHeadAttention(d_model, nhead, dropout=attn_dropout,
                                            weight_attr=weight_attrs[0], bias_attr=bias_attrs[0])
        self.cross_attn = MultiHeadAttention(d_model, nhead, dropout=attn_dropout,
                                             weight_attr=weight_attrs[1], bias_attr=bias_attrs[1])
        self.linear1 = Linear(d_model, dim_feedforward, weight_attrs[2], bias_attr=bias_attrs[2])
        self.dropout = Dropout(act_dropout, mode="upscale_in_train")
        self.linear2 = Linear(dim_feedforward, d_model, weight_attrs[2], bias_attr=bias_attrs[2])
        self.norm1 = LayerNorm(d_model, layer_norm_eps)
        self.norm2 = LayerNorm(d_model, layer_norm_eps)
        self.norm3 = LayerNorm(d_model, layer_norm_eps)
        self.dropout1 = Dropout(dropout, mode="upscale_in_train")
        self.dropout2 = Dropout(dropout, mode="upscale_in_train")
        self.dropout3 = Dropout(dropout, mode="upscale_in_train")
        self.activation = _activation(activation)

    def forward(self, tgt, memory, tgt_mask=None, memory_mask=None, cache=None):
        tgt_mask = _convert_attention_mask(tgt_mask, tgt.dtype)
        memory_mask = _convert_attention_mask(memory_mask, memory.dtype)
        residual = tgt
        if self.normalize_before:
            tgt = self.norm1(tgt)
        if cache is None:
            tgt = self.self_attn(tgt, tgt, tgt, tgt_mask, None)
        else:
            tgt, incremental_cache = self.self_attn(tgt, tgt, tgt, tgt_mask, cache[0])
        tgt = residual + self.dropout1(tgt)
        if not self.normalize_before:
            tgt = self.norm1(tgt)
        residual = tgt
        if self.normalize_before:
            tgt = self.norm2(tgt)
        if cache is None:
            tgt = self.cross_attn(tgt, memory, memory, memory_mask, None)
        else:
            tgt, static_cache = self.cross_attn(tgt, memory, memory, memory_mask, cache[1])
        tgt = residual + self.dropout2(tgt)
        if not self.normalize_before:
            tgt = self.norm2(tgt)
        residual = tgt
        if self.normalize_before:
            tgt = self.norm3(tgt)
        tgt = self.linear2(self.dropout(self.activation(self.linear1(tgt))))
        tgt = residual + self.dropout3(tgt)
        if not self.normalize_before:
            tgt = self.norm3(tgt)
        return tgt if cache is None else (tgt, (incremental_cache, static_cache))

    def gen_cache(self, memory):
        """(an empty incremental Cache of the self-attention, the StaticCache of the memory)."""
        return (self.self_attn.gen_cache(memory, type=self.self_attn.Cache),
                self.cross_attn.gen_cache(memory, memory, type=self.cross_attn.StaticCache))


class TransformerDecoder(Layer):
    """paddle.nn.TransformerDecoder(decoder_layer, num_layers, norm=None); `gen_cache(memory,
    do_zip=False)` gives one (Cache, StaticCache) per layer (zipped by kind when do_zip)."""

    def __init__(self, decoder_layer, num_layers, norm=None):
        super().__init__()
        self.layers = LayerList([decoder_layer if i == 0 else
                                 type(decoder_layer)(**decoder_layer._config)
                                 for i in range(num_layers)])
        self.num_layers, self.norm = num_layers, norm

    def forward(self, tgt, memory, tgt_mask=None, memory_mask=None, cache=None):
        tgt_mask = _convert_attention_mask(tgt_mask, tgt.dtype)
        memory_mask = _convert_attention_mask(memory_mask, memory.dtype)
        output, new_caches = tgt, []
        for i, mod in enumerate(self.layers):
            if cache is None:
                output = mod(output, memory, tgt_mask=tgt_mask, memory_mask=memory_mask, cache=None)
            else:
                output, new_cache = mod(output, memory, tgt_mask=tgt_mask,
                                        memory_mask=memory_mask, cache=cache[i])
                new_caches.append(new_cache)
        if self.norm is not None:
            output = self.norm(output)
        return output if cache is None else (output, new_caches)

    def gen_cache(self, memory, do_zip=False):
        """Per-layer caches for incremental decoding."""
        cache = [layer.gen_cache(memory) for layer in self.layers]
        return list(zip(*cache)) if do_zip else cache


def _split_attr(attr, what):
    if isinstance(attr, (list, tuple)):
        if len(attr) == 1:
            return [attr[0]] * 2, [attr[0]] * 3
        if len(attr) == 2:
            return attr, [attr[0], attr[0], attr[-1]]
        if len(attr) == 3:
            return [attr[0], attr[-1]], attr
        raise AssertionError(f"length of {what} should be 1 or 2 or 3 when it is a list/tuple")
    return attr, attr


class Transformer(Layer):
    """paddle.nn.Transformer(d_model=512, nhead=8, num_encoder_layers=6, num_decoder_layers=6,
    dim_feedforward=2048, dropout=0.1, activation='relu', attn_dropout=None, act_dropout=None,
    normalize_before=False, weight_attr=None, bias_attr=None, custom_encoder=None,
    custom_decoder=None); forward(src, tgt, src_mask=None, tgt_mask=None, memory_mask=None)."""

    def __init__(self, d_model=512, nhead=8, num_encoder_layers=6, num_decoder_layers=6,
                 dim_feedforward=2048, dropout=0.1, activation="relu", attn_dropout=None,
                 act_dropout=None, normalize_before=False, weight_attr=None, bias_attr=None,
                 custom_encoder=None, custom_decoder=None):
        super().__init__()
        _check_sizes(d_model, nhead, dim_feedforward)
        enc_bias, dec_bias = _split_attr(bias_attr, "bias_attr")
        enc_weight, dec_weight = _split_attr(weight_attr, "weight_attr")
        if custom_encoder is not None:
            self.encoder = custom_encoder
        else:
            layer = TransformerEncoderLayer(d_model, nhead, dim_feedforward, dropout, activation,
                                            attn_dropout, act_dropout, normalize_before,
                                            enc_weight, enc_bias)
            self.encoder = TransformerEncoder(layer, num_encoder_layers, LayerNorm(d_model))
        if custom_decoder is not None:
            self.decoder = custom_decoder
        else:
            layer = TransformerDecoderLayer(d_model, nhead, dim_feedforward, dropout, activation,
                                            attn_dropout, act_dropout, normalize_before,
                                            dec_weight, dec_bias)
            self.decoder = TransformerDecoder(layer, num_decoder_layers, LayerNorm(d_model))
        self.d_model, self.nhead = d_model, nhead

    def forward(self, src, tgt, src_mask=None, tgt_mask=None, memory_mask=None):
        src_mask = _convert_attention_mask(src_mask, src.dtype)
        memory = self.encoder(src, src_mask=src_mask)
        tgt_mask = _convert_attention_mask(tgt_mask, tgt.dtype)
        memory_mask = _convert_attention_mask(memory_mask, memory.dtype)
        return self.decoder(tgt, memory, tgt_mask=tgt_mask, memory_mask=memory_mask)

    def generate_square_subsequent_mask(self, length):
        """A [length, length] float mask: 0 on and below the diagonal, -inf above."""
        if not isinstance(length, int):
            length = int(length.item())
        return _creation.triu(_creation.full([length, length], -float("inf"),
                                             dtype=get_default_dtype()), 1)
