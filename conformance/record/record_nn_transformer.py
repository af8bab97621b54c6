"""Record paddle.nn attention goldens (Paddle: nn/layer/transformer.py, nn/functional/sdpa.py)
from real Paddle.

Run with the oracle interpreter (Paddle 3.3.1, CPU), from the repository root:
    PADDLE_PY conformance/record/record_nn_transformer.py
It rewrites conformance/goldens/nn_transformer.json. Cases use record_nn's HELPERS and run_case;
tests/test_nn_layer_transformer.py and tests/test_nn_functional_sdpa.py replay them. Seeded cases
check Paddle's initial weights bit for bit, and training-mode dropout cases Paddle's masks.
"""
import json
import os
import sys
import warnings

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", ".."))
from conformance.record.record_nn import run_case  # noqa: E402

Q = "q = P(2, 3, 8); k = P(2, 4, 8, seed=1)\n"
SRC = "src = P(2, 5, 8, seed=2); tgt = P(2, 4, 8, seed=5)\n"
CAUSAL5 = "cm = T((np.tril(np.ones([5, 5])) - 1).astype('float32') * 1e9)\n"
CASES = [
    ("init_mha_seeded", "SEED(1); m = nn.MultiHeadAttention(8, 2, kdim=6); out = m.parameters()"),
    ("init_encoder_layer_seeded", "SEED(2); out = nn.TransformerEncoderLayer(8, 2, 16).parameters()"),
    ("init_transformer_seeded", "SEED(3); out = nn.Transformer(8, 2, 1, 1, 16).parameters()"),
    ("mha_names", "m = nn.TransformerDecoder(nn.TransformerDecoderLayer(8, 2, 16), 2); "
                  "out = [list(m.state_dict().keys()), [p.name for p in m.parameters()][:6], str(m.layers[0].self_attn)]"),
    ("mha_self", "SEED(4); m = nn.MultiHeadAttention(8, 2); " + Q.strip() + "; q.stop_gradient = False; "
                 "out = m(q); wrt = [q, m.q_proj.weight, m.out_proj.bias]"),
    ("mha_bool_mask", "SEED(5); m = nn.MultiHeadAttention(8, 2); " + Q.strip() +
                      "; out = m(q, k, k, attn_mask=T(np.array([[1, 1, 0, 0]], 'bool'))); wrt = [k]"),
    ("mha_int_mask", "SEED(5); m = nn.MultiHeadAttention(8, 2); " + Q.strip() +
                     "; out = m(q, k, k, attn_mask=I([[[[1, 0, 1, 1]]]]))"),
    ("mha_need_weights_kdim_vdim", "SEED(6); m = nn.MultiHeadAttention(8, 2, need_weights=True, kdim=6, vdim=5); "
                                   "q = P(2, 3, 8); o, w = m(q, P(2, 4, 6, seed=1), P(2, 4, 5, seed=2), "
                                   "attn_mask=P(2, 2, 3, 4, seed=3)); out = [o, w]; wrt = [q]"),
    ("mha_dropout_train", "SEED(7); m = nn.MultiHeadAttention(8, 2, dropout=0.5); " + Q.strip() +
                          "; out = m(q); wrt = [q]"),
    ("mha_incremental_cache", "SEED(8); m = nn.MultiHeadAttention(8, 2); " + Q.strip() +
                              "; c = m.gen_cache(q); o1, c = m(q, cache=c); o2, c = m(q[:, :1], cache=c); "
                              "out = [o1, o2, c.k, c.v]"),
    ("mha_static_cache", "SEED(9); m = nn.MultiHeadAttention(8, 2); " + Q.strip() +
                         "; sc = m.gen_cache(k, k, type=nn.MultiHeadAttention.StaticCache); "
                         "o, sc2 = m(q, k, k, cache=sc); out = [o, sc2.k, type(sc2).__name__]"),
    ("mha_given_cache", "SEED(9); m = nn.MultiHeadAttention(8, 2); c = m.gen_cache(P(2, 2, 1, 4), P(2, 2, 1, 4, seed=1)); "
                        "o, c2 = m(P(2, 1, 8, seed=3), cache=c); out = [o, c2.k]"),
    ("encoder_causal_grad", "SEED(10); enc = nn.TransformerEncoder(nn.TransformerEncoderLayer(8, 2, 16, dropout=0.0), 2); " +
                            SRC.strip() + "; " + CAUSAL5.strip() + "; src.stop_gradient = False; out = enc(src, src_mask=cm); "
                            "wrt = [enc.layers[1].linear1.weight, enc.layers[0].self_attn.k_proj.weight]"),
    ("encoder_prenorm_gelu_norm", "SEED(11); enc = nn.TransformerEncoder(nn.TransformerEncoderLayer(8, 2, 16, dropout=0.0, "
                                  "activation='gelu', normalize_before=True), 2, nn.LayerNorm(8)); " + SRC.strip() +
                                  "; out = enc(src, src_mask=T(np.array([[1, 1, 1, 0, 0]], 'bool'))); wrt = [src]"),
    ("encoder_layer_dropout_train", "SEED(12); e = nn.TransformerEncoderLayer(8, 2, 16); " + SRC.strip() +
                                    "; out = e(src); wrt = [src]"),
    ("encoder_layer_eval", "SEED(12); e = nn.TransformerEncoderLayer(8, 2, 16); e.eval(); " + SRC.strip() +
                           "; out = e(src)"),
    ("encoder_cache", "SEED(13); enc = nn.TransformerEncoder(nn.TransformerEncoderLayer(8, 2, 16, dropout=0.0), 2); " +
                      SRC.strip() + "; c = enc.gen_cache(src); o, c = enc(src[:, :2], cache=c); out = [o, c[1].k]"),
    ("transformer_fwd", "SEED(14); t = nn.Transformer(8, 2, 1, 1, 16, dropout=0.0); " + SRC.strip() +
                        "; tm = t.generate_square_subsequent_mask(4); out = [t(src, tgt, tgt_mask=tm), tm]; wrt = [src, tgt]"),
    ("transformer_attr_lists", "SEED(15); t = nn.Transformer(8, 2, 1, 1, 16, dropout=0.0, bias_attr=[None, False], "
                               "weight_attr=[nn.initializer.Constant(0.1), None, nn.initializer.Normal()]); "
                               "out = [n for n, _ in t.named_parameters()]"),
    ("decoder_cache_prenorm", "SEED(16); dec = nn.TransformerDecoder(nn.TransformerDecoderLayer(8, 2, 16, dropout=0.0, "
                              "normalize_before=True), 2); " + SRC.strip() + "; c = dec.gen_cache(src); "
                              "o1, c = dec(tgt[:, :1], src, cache=c); o2, c = dec(tgt[:, 1:2], src, cache=c); "
                              "out = [o1, o2, c[0][0].k, c[1][1].v, len(dec.gen_cache(src, do_zip=True))]"),
    ("decoder_masks_grad", "SEED(17); dec = nn.TransformerDecoder(nn.TransformerDecoderLayer(8, 2, 16, dropout=0.0), 1); " +
                           SRC.strip() + "; tgt.stop_gradient = False; out = dec(tgt, src, tgt_mask=T(np.tril(np.ones([4, 4])).astype('bool')), "
                           "memory_mask=T(np.array([[1, 1, 1, 1, 0]], 'bool'))); wrt = [tgt]"),
    ("sdpa_plain", "qq = P(2, 3, 2, 4); kk = P(2, 5, 2, 4, seed=1); vv = P(2, 5, 2, 4, seed=2); "
                   "out = F.scaled_dot_product_attention(qq, kk, vv); wrt = [qq, kk, vv]"),
    ("sdpa_bool_mask", "qq = P(2, 3, 2, 4); kk = P(2, 5, 2, 4, seed=1); "
                       "out = F.scaled_dot_product_attention(qq, kk, kk, attn_mask=T(A(2, 2, 3, 5, lo=0.0) > 0.3)); wrt = [qq]"),
    ("sdpa_float_mask", "qq = P(2, 3, 2, 4); out = F.scaled_dot_product_attention(qq, qq, qq, attn_mask=T(A(1, 1, 3, 3)))"),
    ("sdpa_causal", "qq = P(2, 3, 2, 4); out = F.scaled_dot_product_attention(qq, qq, qq, is_causal=True); wrt = [qq]"),
    ("sdpa_gqa_scale", "qq = P(1, 3, 4, 4); kk = P(1, 3, 2, 4, seed=1); "
                       "out = F.scaled_dot_product_attention(qq, kk, kk, scale=0.3)"),
    ("sdpa_3d", "qq = P(3, 2, 4); out = F.scaled_dot_product_attention(qq, qq, qq)"),
    ("err_mha_divisible", "out = nn.MultiHeadAttention(8, 3)"),
    ("err_mha_embed", "out = nn.MultiHeadAttention(0, 2)"),
    ("err_ffn_dim", "out = nn.TransformerEncoderLayer(8, 2, 0)"),
    ("err_attr_list_len", "out = nn.Transformer(8, 2, 1, 1, 16, bias_attr=[None] * 4)"),
    ("err_encoder_attr_len", "out = nn.TransformerEncoderLayer(8, 2, 16, weight_attr=[None] * 3)"),
    ("err_sdpa_gqa", "qq = P(1, 3, 3, 4); kk = P(1, 3, 2, 4); out = F.scaled_dot_product_attention(qq, kk, kk)"),
]


def main():
    warnings.filterwarnings("ignore")
    os.environ.setdefault("GLOG_minloglevel", "3")
    import paddle
    goldens = {"paddle_version": paddle.__version__, "cases": {}}
    for name, code in CASES:
        goldens["cases"][name] = {"code": code, "result": run_case(paddle, code)}
    path = os.path.join(os.path.dirname(__file__), "..", "goldens", "nn_transformer.json")
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        json.dump(goldens, f, indent=1, sort_keys=True)
    os.replace(tmp, path)
    print(f"wrote {len(CASES)} cases to {os.path.normpath(path)}", file=sys.stderr)


if __name__ == "__main__":
    main()
