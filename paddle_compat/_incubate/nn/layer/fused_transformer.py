"""paddle.incubate.nn.FusedBiasDropoutResidualLayerNorm / FusedMultiHeadAttention /
FusedFeedForward / FusedTransformerEncoderLayer (Paddle: incubate/nn/layer/fused_transformer.py):
the layers over the fused transformer functions, with Paddle's parameter shapes, names,
initializers and argument checks. Their forward raises Paddle's CPU-wheel error on CPU tensors
and computes the unfused formula on CUDA (see the functions)."""
from ...._dtype import get_default_dtype
from ...._nn.initializer import Constant
from ...._nn.layer.layers import Layer
from ...._nn.layer.transformer import _convert_attention_mask, _convert_param_attr_to_list
from ..functional import fused_transformer as incubate_f

__all__ = ["FusedBiasDropoutResidualLayerNorm", "FusedMultiHeadAttention", "FusedFeedForward",
           "FusedTransformerEncoderLayer", "FusedMultiTransformer"]


class FusedBiasDropoutResidualLayerNorm(Layer):
    """paddle.incubate.nn.FusedBiasDropoutResidualLayerNorm(embed_dim, dropout_rate=0.5,
    weight_attr=None, bias_attr=None, epsilon=1e-5, name=None): parameters linear_bias, ln_scale
    (ones), ln_bias; forward(x, residual) = layer_norm(residual + dropout(x + linear_bias)).

    Differences from Paddle: repr() works (Paddle 3.3.1's extra_repr reads a `seq_len` the layer
    never sets and raises AttributeError)."""

    def __init__(self, embed_dim, dropout_rate=0.5, weight_attr=None, bias_attr=None,
                 epsilon=1e-5, name=None):
        super().__init__()
        assert embed_dim > 0, ("Expected embed_dim to be greater than 0, but received "
                               f"{embed_dim}")
        self._dtype = get_default_dtype()
        self._bias_attr = bias_attr
        self._weight_attr = weight_attr
        self.embed_dim = embed_dim
        self.linear_bias = self.create_parameter(shape=[embed_dim], attr=bias_attr,
                                                 dtype=self._dtype, is_bias=True)
        self.ln_scale = self.create_parameter(attr=weight_attr, shape=[embed_dim],
                                              default_initializer=Constant(value=1.0))
        self.ln_bias = self.create_parameter(attr=bias_attr, shape=[embed_dim], is_bias=True)
        self.dropout_rate = dropout_rate
        self._epsilon = epsilon
        self.name = name

    def forward(self, x, residual):
        return incubate_f.fused_bias_dropout_residual_layer_norm(
            x=x, residual=residual, bias=self.linear_bias, ln_scale=self.ln_scale,
            ln_bias=self.ln_bias, dropout_rate=self.dropout_rate, ln_epsilon=self._epsilon,
            training=self.training, mode="upscale_in_train", name=self.name)

    def extra_repr(self):
        name_str = f", name={self.name}" if self.name else ""
        return (f"embed_dim={self.embed_dim}, dropout_rate={self.dropout_rate}, "
                f"epsilon={self._epsilon}, dtype={self._dtype}{name_str}")


class FusedMultiHeadAttention(Layer):
    """paddle.incubate.nn.FusedMultiHeadAttention(embed_dim, num_heads, dropout_rate=0.5,
    attn_dropout_rate=0.5, kdim=None, vdim=None, normalize_before=False, need_weights=False,
    qkv_weight_attr=None, ..., epsilon=1e-5, nranks=1, ring_id=-1, transpose_qkv_wb=False,
    name=None): self-attention with qkv_weight [3, heads, head_dim, embed_dim] (or
    [embed_dim, 3 * embed_dim] with transpose_qkv_wb), linear_weight, and the pre-LN
    (normalize_before) or post-LN parameters. forward(query, key=None, value=None,
    attn_mask=None, cache=None) attends over `query` (key/value are ignored, as in Paddle).

    Differences from Paddle: nranks > 1 (tensor parallel) is not provided."""

    def __init__(self, embed_dim, num_heads, dropout_rate=0.5, attn_dropout_rate=0.5, kdim=None,
                 vdim=None, normalize_before=False, need_weights=False, qkv_weight_attr=None,
                 qkv_bias_attr=None, linear_weight_attr=None, linear_bias_attr=None,
                 pre_ln_scale_attr=None, pre_ln_bias_attr=None, ln_scale_attr=None,
                 ln_bias_attr=None, epsilon=1e-5, nranks=1, ring_id=-1, transpose_qkv_wb=False,
                 name=None):
        super().__init__()
        assert embed_dim > 0, ("Expected embed_dim to be greater than 0, but received "
                               f"{embed_dim}")
        assert num_heads > 0, f"Expected nhead to be greater than 0, but received {num_heads}"
        self.normalize_before = normalize_before
        self._dtype = get_default_dtype()
        self._epsilon = epsilon
        self._ring_id = ring_id
        self.embed_dim = embed_dim
        self.num_heads = num_heads
        self.head_dim = embed_dim // num_heads
        self.kdim = kdim
        self.vdim = vdim
        self.need_weights = need_weights
        assert self.head_dim * num_heads == embed_dim, "embed_dim must be divisible by num_heads"
        assert need_weights is False, "Only support need_weight is False now."
        assert num_heads % nranks == 0
        if nranks > 1:
            raise NotImplementedError("FusedMultiHeadAttention with nranks > 1 (tensor parallel) "
                                      "is not provided by paddle_compat")
        self.num_heads = num_heads // nranks
        self.transpose_qkv_wb = transpose_qkv_wb
        if transpose_qkv_wb:
            qkv_shape = [embed_dim, 3 * self.num_heads * self.head_dim]
            qkv_bias_shape = [3 * self.num_heads * self.head_dim]
        else:
            qkv_shape = [3, self.num_heads, self.head_dim, embed_dim]
            qkv_bias_shape = [3, self.num_heads, self.head_dim]
        self.qkv_weight = self.create_parameter(shape=qkv_shape, attr=qkv_weight_attr,
                                                dtype=self._dtype, is_bias=False)
        self.qkv_bias = self.create_parameter(shape=qkv_bias_shape, attr=qkv_bias_attr,
                                              dtype=self._dtype, is_bias=True)
        self.linear_weight = self.create_parameter(
            shape=[self.num_heads * self.head_dim, embed_dim], attr=linear_weight_attr,
            dtype=self._dtype, is_bias=False)
        self.linear_bias = self.create_parameter(shape=[embed_dim], attr=linear_bias_attr,
                                                 dtype=self._dtype, is_bias=True)
        if normalize_before:
            self.pre_ln_scale = self.create_parameter(attr=pre_ln_scale_attr, shape=[embed_dim],
                                                      default_initializer=Constant(value=1.0))
            self.pre_ln_bias = self.create_parameter(attr=pre_ln_bias_attr, shape=[embed_dim],
                                                     is_bias=True)
            self.ln_scale = None
            self.ln_bias = None
        else:
            self.pre_ln_scale = None
            self.pre_ln_bias = None
            self.ln_scale = self.create_parameter(attr=ln_scale_attr, shape=[embed_dim],
                                                  default_initializer=Constant(value=1.0))
            self.ln_bias = self.create_parameter(attr=ln_bias_attr, shape=[embed_dim],
                                                 is_bias=True)
        self.dropout_rate = dropout_rate
        self.attn_dropout_rate = attn_dropout_rate
        self.name = name

    def forward(self, query, key=None, value=None, attn_mask=None, cache=None):
        if attn_mask is not None:
            attn_mask = _convert_attention_mask(attn_mask, query.dtype)
        return incubate_f.fused_multi_head_attention(
            x=query, qkv_weight=self.qkv_weight, linear_weight=self.linear_weight,
            pre_layer_norm=self.normalize_before, pre_ln_scale=self.pre_ln_scale,
            pre_ln_bias=self.pre_ln_bias, ln_scale=self.ln_scale, ln_bias=self.ln_bias,
            pre_ln_epsilon=self._epsilon, qkv_bias=self.qkv_bias, linear_bias=self.linear_bias,
            cache_kv=cache, attn_mask=attn_mask, dropout_rate=self.dropout_rate,
            attn_dropout_rate=self.attn_dropout_rate, ln_epsilon=self._epsilon,
            training=self.training, ring_id=self._ring_id, num_heads=self.num_heads,
            transpose_qkv_wb=self.transpose_qkv_wb, name=self.name)

    def extra_repr(self):
        name_str = f", name={self.name}" if self.name else ""
        return (f"embed_dim={self.embed_dim}, num_heads={self.num_heads}, "
                f"dropout_rate={self.dropout_rate}, attn_dropout_rate={self.attn_dropout_rate}, "
                f"epsilon={self._epsilon}, kdim={self.kdim}, vdim={self.vdim}, "
                f"normalize_before={self.normalize_before}, need_weights={self.need_weights}, "
                f"dtype={self._dtype}{name_str}")


class FusedFeedForward(Layer):
    """paddle.incubate.nn.FusedFeedForward(d_model, dim_feedforward, dropout_rate=0.1,
    epsilon=1e-05, activation='relu', act_dropout_rate=None, normalize_before=False,
    linear1_weight_attr=None, ..., nranks=1, ring_id=-1, name=None): the transformer FFN block
    (fused_feedforward) with Paddle's parameters _linear1_weight [d_model, dim_feedforward],
    _linear1_bias, _linear2_weight, _linear2_bias and the pre-LN (_ln1_*) or post-LN (_ln2_*)
    scale/bias.

    Differences from Paddle: nranks > 1 (tensor parallel) is not provided."""

    def __init__(self, d_model, dim_feedforward, dropout_rate=0.1, epsilon=1e-05,
                 activation="relu", act_dropout_rate=None, normalize_before=False,
                 linear1_weight_attr=None, linear1_bias_attr=None, linear2_weight_attr=None,
                 linear2_bias_attr=None, ln1_scale_attr=None, ln1_bias_attr=None,
                 ln2_scale_attr=None, ln2_bias_attr=None, nranks=1, ring_id=-1, name=None):
        super().__init__()
        assert d_model > 0, f"Expected d_model to be greater than 0, but received {d_model}"
        assert dim_feedforward > 0, ("Expected dim_feedforward to be greater than 0, but "
                                     f"received {dim_feedforward}")
        self._dtype = get_default_dtype()
        self._d_model = d_model
        assert dim_feedforward % nranks == 0
        if nranks > 1:
            raise NotImplementedError("FusedFeedForward with nranks > 1 (tensor parallel) is not "
                                      "provided by paddle_compat")
        dim_feedforward = dim_feedforward // nranks
        self._dim_feedforward = dim_feedforward
        self._dropout_rate = dropout_rate
        self._act_dropout_rate = dropout_rate if act_dropout_rate is None else act_dropout_rate
        self._act_method = activation
        self._normalize_before = normalize_before
        self._epsilon = epsilon
        self._ring_id = ring_id
        self._linear1_weight = self.create_parameter(
            shape=[d_model, dim_feedforward], attr=linear1_weight_attr, dtype=self._dtype,
            is_bias=False)
        self._linear1_bias = self.create_parameter(
            shape=[dim_feedforward], attr=linear1_bias_attr, dtype=self._dtype, is_bias=True)
        self._linear2_weight = self.create_parameter(
            shape=[dim_feedforward, d_model], attr=linear2_weight_attr, dtype=self._dtype,
            is_bias=False)
        self._linear2_bias = self.create_parameter(
            shape=[d_model], attr=linear2_bias_attr, dtype=self._dtype, is_bias=True)
        if normalize_before:
            self._ln1_scale = self.create_parameter(shape=[d_model], attr=ln1_scale_attr,
                                                    is_bias=False,
                                                    default_initializer=Constant(1.0))
            self._ln1_bias = self.create_parameter(shape=[d_model], attr=ln1_bias_attr,
                                                   is_bias=True)
            self._ln2_scale = None
            self._ln2_bias = None
        else:
            self._ln1_scale = None
            self._ln1_bias = None
            self._ln2_scale = self.create_parameter(shape=[d_model], attr=ln2_scale_attr,
                                                    is_bias=False,
                                                    default_initializer=Constant(1.0))
            self._ln2_bias = self.create_parameter(shape=[d_model], attr=ln2_bias_attr,
                                                   is_bias=True)
        self.name = name

    def forward(self, src, cache=None):
        return incubate_f.fused_feedforward(
            src, self._linear1_weight, self._linear2_weight, self._linear1_bias,
            self._linear2_bias, self._ln1_scale, self._ln1_bias, self._ln2_scale, self._ln2_bias,
            dropout1_rate=self._act_dropout_rate, dropout2_rate=self._dropout_rate,
            activation=self._act_method, ln1_epsilon=self._epsilon, ln2_epsilon=self._epsilon,
            pre_layer_norm=self._normalize_before, training=self.training,
            ring_id=self._ring_id, name=self.name)

    def extra_repr(self):
        name_str = f", name={self.name}" if self.name else ""
        return (f"d_model={self._d_model}, dim_feedforward={self._dim_feedforward}, "
                f"dropout_rate={self._dropout_rate}, epsilon={self._epsilon}, "
                f"activation={self._act_method}, act_dropout_rate={self._act_dropout_rate}, "
                f"normalize_before={self._normalize_before}, dtype={self._dtype}{name_str}")


class FusedTransformerEncoderLayer(Layer):
    """paddle.incubate.nn.FusedTransformerEncoderLayer(d_model, nhead, dim_feedforward,
    dropout_rate=0.1, activation='relu', attn_dropout_rate=None, act_dropout_rate=None,
    normalize_before=False, weight_attr=None, bias_attr=None): fused_attn
    (FusedMultiHeadAttention) then ffn (FusedFeedForward); forward(src, src_mask=None,
    cache=None)."""

    def __init__(self, d_model, nhead, dim_feedforward, dropout_rate=0.1, activation="relu",
                 attn_dropout_rate=None, act_dropout_rate=None, normalize_before=False,
                 weight_attr=None, bias_attr=None):
        self._config = {"d_model": d_model, "nhead": nhead, "dim_feedforward": dim_feedforward,
                        "dropout_rate": dropout_rate, "activation": activation,
                        "attn_dropout_rate": attn_dropout_rate,
                        "act_dropout_rate": act_dropout_rate,
                        "normalize_before": normalize_before, "weight_attr": weight_attr,
                        "bias_attr": bias_attr}
        super().__init__()
        assert d_model > 0, f"Expected d_model to be greater than 0, but received {d_model}"
        assert nhead > 0, f"Expected nhead to be greater than 0, but received {nhead}"
        assert dim_feedforward > 0, ("Expected dim_feedforward to be greater than 0, but "
                                     f"received {dim_feedforward}")
        attn_dropout_rate = dropout_rate if attn_dropout_rate is None else attn_dropout_rate
        act_dropout_rate = dropout_rate if act_dropout_rate is None else act_dropout_rate
        self.normalize_before = normalize_before
        weight_attrs = _convert_param_attr_to_list(weight_attr, 2)
        bias_attrs = _convert_param_attr_to_list(bias_attr, 2)
        self.fused_attn = FusedMultiHeadAttention(
            d_model, nhead, dropout_rate=dropout_rate, attn_dropout_rate=attn_dropout_rate,
            normalize_before=normalize_before, qkv_weight_attr=weight_attrs[0],
            qkv_bias_attr=bias_attrs[0], linear_weight_attr=weight_attrs[0],
            linear_bias_attr=bias_attrs[0], pre_ln_scale_attr=weight_attrs[0],
            pre_ln_bias_attr=bias_attrs[0], ln_scale_attr=weight_attrs[0],
            ln_bias_attr=bias_attrs[0])
        self.ffn = FusedFeedForward(
            d_model, dim_feedforward, dropout_rate=dropout_rate, activation=activation,
            act_dropout_rate=act_dropout_rate, normalize_before=normalize_before,
            linear1_weight_attr=weight_attrs[1], linear1_bias_attr=bias_attrs[1],
            linear2_weight_attr=weight_attrs[1], linear2_bias_attr=bias_attrs[1])

    def forward(self, src, src_mask=None, cache=None):
        src_mask = _convert_attention_mask(src_mask, src.dtype)
        if cache is None:
            attn_out = self.fused_attn(src, attn_mask=src_mask)
        else:
            attn_out, incremental_cache = self.fused_attn(src, attn_mask=src_mask, cache=cache)
        ffn_out = self.ffn(attn_out)
        return ffn_out if cache is None else (ffn_out, incremental_cache)


class FusedMultiTransformer(Layer):
    """paddle.incubate.nn.FusedMultiTransformer(embed_dim, num_heads, dim_feedforward,
    dropout_rate=0.0, activation='gelu', normalize_before=True, ln_scale_attrs=None, ...,
    epsilon=1e-5, residual_alpha=1.0, num_layers=-1, nranks=1, trans_qkvw=True, ring_id=-1,
    norm_type='layernorm', use_neox_rotary_style=False, gqa_group_size=-1, name=None):
    num_layers decoder layers (len(qkv_weight_attrs) when that is a list) for
    fused_multi_transformer. Per layer, in Paddle's creation order (so a seeded init and a
    Paddle state_dict match): ln_scale [embed] (ones; float32 for layernorm), ln_bias,
    qkv_weight [3, heads, head_dim, embed] ([embed, 3, heads, head_dim] without trans_qkvw;
    heads + 2 * gqa_group_size instead of 3, heads with GQA), qkv_bias, linear_weight
    [embed, embed], linear_bias, ffn_ln_scale, ffn_ln_bias, ffn1_weight [embed, ffn] (2 * ffn
    for the GLU activations), ffn1_bias, ffn2_weight [ffn, embed], ffn2_bias. A bias exists
    only when its attr is given (truthy), as in Paddle; parameters are registered under their
    unique names (fused_multi_transformer_0.w_0, ...), which are the state_dict keys.
    forward(src, attn_mask=None, caches=None, pre_caches=None, rotary_embs=None,
    rotary_emb_dims=0, beam_offset=None, seq_lens=None, time_step=None).

    Differences from Paddle: see fused_multi_transformer (computed on any device and also in
    float32; nranks > 1 tensor parallelism is not provided)."""

    def __init__(self, embed_dim, num_heads, dim_feedforward, dropout_rate=0.0,
                 activation="gelu", normalize_before=True, ln_scale_attrs=None,
                 ln_bias_attrs=None, qkv_weight_attrs=None, qkv_bias_attrs=None,
                 linear_weight_attrs=None, linear_bias_attrs=None, ffn_ln_scale_attrs=None,
                 ffn_ln_bias_attrs=None, ffn1_weight_attrs=None, ffn1_bias_attrs=None,
                 ffn2_weight_attrs=None, ffn2_bias_attrs=None, epsilon=1e-5, residual_alpha=1.0,
                 num_layers=-1, nranks=1, trans_qkvw=True, ring_id=-1, norm_type="layernorm",
                 use_neox_rotary_style=False, gqa_group_size=-1, name=None):
        super().__init__()
        assert embed_dim > 0, ("Expected embed_dim to be greater than 0, but received "
                               f"{embed_dim}")
        assert num_heads > 0, f"Expected nhead to be greater than 0, but received {num_heads}"
        assert dim_feedforward > 0, ("Expected dim_feedforward to be greater than 0, but "
                                     f"received {dim_feedforward}")
        self.normalize_before = normalize_before
        self._dtype = get_default_dtype()
        self._epsilon = epsilon
        self._residual_alpha = residual_alpha
        self._trans_qkvw = trans_qkvw
        self._ring_id = ring_id
        self._norm_type = norm_type
        self._use_neox_rotary_style = use_neox_rotary_style
        self._gqa_group_size = gqa_group_size
        self._norm_weight_dtype = "float32" if norm_type == "layernorm" else self._dtype
        self.embed_dim = embed_dim
        self.num_heads = num_heads
        self.head_dim = embed_dim // num_heads
        assert self.head_dim * num_heads == embed_dim, "embed_dim must be divisible by num_heads"
        if nranks > 1:
            assert ring_id != -1
            raise NotImplementedError(
                "paddle.incubate.nn.FusedMultiTransformer with nranks > 1 (tensor-parallel "
                "NCCL) is not provided by paddle_compat; use nranks=1")
        assert num_heads % nranks == 0
        assert dim_feedforward % nranks == 0
        num_heads = num_heads // nranks
        dim_feedforward = dim_feedforward // nranks
        self._dim_feedforward = dim_feedforward
        if isinstance(qkv_weight_attrs, (list, tuple)):
            num_layers = len(qkv_weight_attrs)
        assert num_layers > 0
        names = ("ln_scales", "ln_biases", "qkv_weights", "qkv_biases", "linear_weights",
                 "linear_biases", "ffn_ln_scales", "ffn_ln_biases", "ffn1_weights",
                 "ffn1_biases", "ffn2_weights", "ffn2_biases")
        lists = {n: [] for n in names}
        for n in ("qkv_weights_scales", "linear_weights_scales", "ffn1_weights_scales",
                  "ffn2_weights_scales"):
            setattr(self, n, [])

        def get_attr(attrs, idx):
            if isinstance(attrs, (list, tuple)):
                assert len(attrs) == num_layers
                return attrs[idx]
            return attrs

        glu = activation.endswith("glu")
        heads_shape = [3, num_heads] if gqa_group_size <= 0 else [num_heads + 2 * gqa_group_size]
        norm_dtype = self._norm_weight_dtype
        for i in range(num_layers):
            made = {}
            made["ln_scales"] = self.create_parameter(
                attr=get_attr(ln_scale_attrs, i), shape=[embed_dim],
                default_initializer=Constant(value=1.0), dtype=norm_dtype)
            attr = get_attr(ln_bias_attrs, i)
            made["ln_biases"] = (self.create_parameter(attr=attr, shape=[embed_dim],
                                                       is_bias=True, dtype=norm_dtype)
                                 if attr else None)
            made["qkv_weights"] = self.create_parameter(
                shape=([*heads_shape, self.head_dim, embed_dim] if trans_qkvw
                       else [embed_dim, *heads_shape, self.head_dim]),
                attr=get_attr(qkv_weight_attrs, i), dtype=self._dtype, is_bias=False)
            attr = get_attr(qkv_bias_attrs, i)
            made["qkv_biases"] = (self.create_parameter(shape=[*heads_shape, self.head_dim],
                                                        attr=attr, dtype=self._dtype,
                                                        is_bias=True) if attr else None)
            made["linear_weights"] = self.create_parameter(
                shape=[num_heads * self.head_dim, embed_dim],
                attr=get_attr(linear_weight_attrs, i), dtype=self._dtype, is_bias=False)
            attr = get_attr(linear_bias_attrs, i)
            made["linear_biases"] = (self.create_parameter(shape=[embed_dim], attr=attr,
                                                           dtype=self._dtype, is_bias=True)
                                     if attr else None)
            made["ffn_ln_scales"] = self.create_parameter(
                shape=[embed_dim], attr=get_attr(ffn_ln_scale_attrs, i), is_bias=False,
                default_initializer=Constant(1.0), dtype=norm_dtype)
            attr = get_attr(ffn_ln_bias_attrs, i)
            made["ffn_ln_biases"] = (self.create_parameter(shape=[embed_dim], attr=attr,
                                                           is_bias=True, dtype=norm_dtype)
                                     if attr else None)
            made["ffn1_weights"] = self.create_parameter(
                shape=[embed_dim, dim_feedforward * 2 if glu else dim_feedforward],
                attr=get_attr(ffn1_weight_attrs, i), dtype=self._dtype, is_bias=False)
            attr = get_attr(ffn1_bias_attrs, i)
            made["ffn1_biases"] = (self.create_parameter(
                shape=[dim_feedforward * 2 if glu else dim_feedforward], attr=attr,
                dtype=self._dtype, is_bias=True) if attr else None)
            made["ffn2_weights"] = self.create_parameter(
                shape=[dim_feedforward, embed_dim], attr=get_attr(ffn2_weight_attrs, i),
                dtype=self._dtype, is_bias=False)
            attr = get_attr(ffn2_bias_attrs, i)
            made["ffn2_biases"] = (self.create_parameter(shape=[embed_dim], attr=attr,
                                                         dtype=self._dtype, is_bias=True)
                                   if attr else None)
            for n in names:
                lists[n].append(made[n])
            # Paddle registers each parameter under its unique name (the state_dict key)
            for n in names:
                param = made[n]
                if param is not None:
                    assert param.name not in self._parameters
                    self._parameters[param.name] = param
        for n in names:
            value = lists[n]
            if n.endswith("biases") and value[0] is None:
                value = None
            object.__setattr__(self, n, value)
        self.dropout_rate = dropout_rate
        self.activation = activation
        self.name = name

    def forward(self, src, attn_mask=None, caches=None, pre_caches=None, rotary_embs=None,
                rotary_emb_dims=0, beam_offset=None, seq_lens=None, time_step=None):
        if caches is not None:
            assert len(caches) == len(self.qkv_weights)
        return incubate_f.fused_multi_transformer(
            src, self.ln_scales, self.ln_biases, self.qkv_weights, self.qkv_biases,
            self.linear_weights, self.linear_biases, self.ffn_ln_scales, self.ffn_ln_biases,
            self.ffn1_weights, self.ffn1_biases, self.ffn2_weights, self.ffn2_biases,
            pre_layer_norm=self.normalize_before, epsilon=self._epsilon,
            residual_alpha=self._residual_alpha, cache_kvs=caches, beam_offset=beam_offset,
            pre_caches=pre_caches, rotary_embs=rotary_embs, time_step=time_step,
            seq_lens=seq_lens, attn_mask=attn_mask, dropout_rate=self.dropout_rate,
            rotary_emb_dims=rotary_emb_dims, activation=self.activation,
            training=self.training, mode="upscale_in_train", trans_qkvw=self._trans_qkvw,
            ring_id=self._ring_id, norm_type=self._norm_type,
            use_neox_rotary_style=self._use_neox_rotary_style,
            gqa_group_size=self._gqa_group_size, name=self.name)
