"""Record goldens of the paddle.nn losses (Paddle: nn/functional/loss.py, nn/layer/loss.py) from
real Paddle: ctc_loss, rnnt_loss, hsigmoid_loss, multi_label_margin_loss,
adaptive_log_softmax_with_loss and their layers -- values, gradients, seeded parameters, errors.

Run with the oracle interpreter (Paddle 3.3.1, CPU), from the repository root:
    PADDLE_PY conformance/record/record_nn_loss.py
It rewrites conformance/goldens/nn_loss.json. Cases use record_nn's HELPERS and run_case (`out`,
optional `wrt` for gradients of sum(out[0] * G)); tests/test_nn_functional_loss.py replays them.
margin_cross_entropy has no CPU kernel in Paddle 3.3.1: only its error is recorded here (the
test checks its values against a numpy formula).
"""
import json
import os
import sys
import warnings

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", ".."))
from conformance.record.record_nn import run_case  # noqa: E402

CTC = ("x = P(5, 2, 4, seed=1); lab = I([[1, 2, 1], [3, 3, 0]], 'int32'); "
       "il = I([5, 4]); ll = I([3, 2]); ")
RNNT = ("x = F.log_softmax(P(2, 4, 3, 5, seed=2), -1).detach(); x.stop_gradient = False; "
        "lab = I([[1, 2], [3, 0]], 'int32'); il = I([4, 3], 'int32'); ll = I([2, 1], 'int32'); ")
HS = "x = P(4, 3, seed=3); w = P(5, 3, seed=4); b = P(5, 1, seed=5); lab = I([[0], [2], [5], [3]]); "
CUSTOM = ("x = P(3, 4, seed=6); w = P(4, 4, seed=7); b = P(4, 1, seed=8); lab = I([0, 1, 2]); "
          "pt = I([[0, 1, -1], [0, 2, 3], [1, -1, -1]]); pc = I([[1, 0, -1], [0, 1, 1], [1, -1, -1]]); ")
ALS = ("SEED(11); m = nn.AdaptiveLogSoftmaxWithLoss(8, 10, [3, 6], div_value=2.0, head_bias=True); "
       "x = P(6, 8, seed=9); lab = I([0, 4, 9, 2, 7, 5]); ")

CASES = [
    # ---- ctc_loss: unnormalised logits [T, N, C], softmax inside ----
    ("ctc_none", CTC + "out = F.ctc_loss(x, lab, il, ll, reduction='none'); wrt = [x]"),
    ("ctc_mean", CTC + "out = F.ctc_loss(x, lab, il, ll); wrt = [x]"),
    ("ctc_sum_blank", CTC + "out = F.ctc_loss(x, I([[0, 2, 0], [3, 3, 1]], 'int32'), il, ll, blank=1, "
                             "reduction='sum'); wrt = [x]"),
    ("ctc_norm_by_times", CTC + "out = F.ctc_loss(x, lab, il, ll, reduction='none', norm_by_times=True); "
                                "wrt = [x]"),
    ("ctc_unreachable", "x = P(2, 2, 3, seed=1); out = F.ctc_loss(x, I([[1, 1, 1], [1, 2, 0]], 'int32'), "
                        "I([2, 2]), I([3, 2]), reduction='none'); wrt = [x]"),
    ("ctc_zero_infinity", "x = P(2, 2, 3, seed=1); out = F.ctc_loss(x, I([[1, 1, 1], [1, 2, 0]], 'int32'), "
                          "I([2, 2]), I([3, 2]), zero_infinity=True)"),
    ("ctc_float64", "x = P(4, 1, 3, seed=2, dtype='float64'); out = F.ctc_loss(x, I([[1, 2]], 'int32'), "
                    "I([4]), I([2])); wrt = [x]"),
    ("ctc_layer", CTC + "out = nn.CTCLoss(blank=0, reduction='sum')(x, lab, il, ll, norm_by_times=True); "
                        "wrt = [x]"),
    ("ctc_err_label_int64", CTC + "out = F.ctc_loss(x, lab.astype('int64'), il, ll)"),
    ("ctc_err_length_int32", CTC + "out = F.ctc_loss(x, lab, il.astype('int32'), ll)"),
    # ---- rnnt_loss: log-probabilities [B, T, U+1, D] ----
    ("rnnt_mean", RNNT + "out = F.rnnt_loss(x, lab, il, ll); wrt = [x]"),
    ("rnnt_none_no_fastemit", RNNT + "out = F.rnnt_loss(x, lab, il, ll, fastemit_lambda=0.0, "
                                     "reduction='none'); wrt = [x]"),
    ("rnnt_sum_blank_fastemit", RNNT + "out = F.rnnt_loss(x, I([[1, 2], [3, 4]], 'int32'), il, ll, blank=4, "
                                       "fastemit_lambda=0.3, reduction='sum'); wrt = [x]"),
    ("rnnt_docstring", "acts = T(np.array([[[[0.1, 0.6, 0.1, 0.1, 0.1], [0.1, 0.1, 0.6, 0.1, 0.1], "
                       "[0.1, 0.1, 0.2, 0.8, 0.1]], [[0.1, 0.6, 0.1, 0.1, 0.1], [0.1, 0.1, 0.2, 0.1, 0.1], "
                       "[0.7, 0.1, 0.2, 0.1, 0.1]]]]), False); "
                       "out = F.rnnt_loss(acts, I([[1, 2]], 'int32'), I([2], 'int32'), I([2], 'int32'), "
                       "fastemit_lambda=0.0); wrt = [acts]"),
    ("rnnt_layer", RNNT + "out = nn.RNNTLoss(fastemit_lambda=0.1, reduction='none')(x, lab, il, ll); wrt = [x]"),
    ("rnnt_float32", "x = F.log_softmax(P(1, 3, 2, 4, seed=3), -1).detach(); x.stop_gradient = False; "
                     "out = F.rnnt_loss(x, I([[2]], 'int32'), I([3], 'int32'), I([1], 'int32')); wrt = [x]"),
    ("rnnt_err_label_int64", RNNT + "out = F.rnnt_loss(x, lab.astype('int64'), il, ll)"),
    # ---- hsigmoid_loss: default tree, custom tree, the layer ----
    ("hsig_default", HS + "out = F.hsigmoid_loss(x, lab, 6, w, b); wrt = [x, w, b]"),
    ("hsig_default_nobias", HS + "out = F.hsigmoid_loss(x, lab, 6, w); wrt = [x, w]"),
    ("hsig_default_1d_label", "x = P(3, 2, seed=3); w = P(6, 2, seed=4); out = F.hsigmoid_loss(x, I([0, 3, 6]), 7, w); "
                              "wrt = [x, w]"),
    ("hsig_two_classes", "x = P(2, 3, seed=3); w = P(1, 3, seed=4); out = F.hsigmoid_loss(x, I([[0], [1]]), 2, w); "
                         "wrt = [w]"),
    ("hsig_custom", CUSTOM + "out = F.hsigmoid_loss(x, lab, 4, w, b, path_table=pt, path_code=pc); "
                             "wrt = [x, w, b]"),
    ("hsig_clip", "x = T(np.full([1, 2], 30.0, 'float32'), False); w = T(np.ones([3, 2], 'float32'), False); "
                  "out = F.hsigmoid_loss(x, I([[1]]), 4, w); wrt = [x]"),
    ("hsig_layer_seeded", "SEED(12); m = nn.HSigmoidLoss(3, 6); x = P(4, 3, seed=3); "
                          "out = [m(x, I([[0], [2], [5], [3]])), m.weight, m.bias]; wrt = [x, m.weight]"),
    ("hsig_layer_custom", "SEED(13); m = nn.HSigmoidLoss(4, 4, is_custom=True); " + CUSTOM +
                          "out = [m(x, lab, pt, pc), m.weight.shape, m.bias.shape]; wrt = [x]"),
    ("hsig_layer_names", "m = nn.HSigmoidLoss(3, 6, bias_attr=False); "
                         "out = [[n for n, _ in m.named_parameters()], m.bias]"),
    ("hsig_err_classes", HS + "out = F.hsigmoid_loss(x, lab, 1, w)"),
    ("hsig_layer_err_classes", "out = nn.HSigmoidLoss(3, 1)"),
    # ---- multi_label_margin_loss ----
    ("mlml_mean", "x = P(3, 4, seed=1); lab = I([[3, 0, -1, 1], [0, 1, 2, 3], [-1, 2, 1, 0]]); "
                  "out = F.multi_label_margin_loss(x, lab); wrt = [x]"),
    ("mlml_none_int32", "x = P(2, 5, seed=2, dtype='float64'); lab = I([[4, 2, -1, 0, 0], [1, -1, 3, 3, 3]], 'int32'); "
                        "out = F.multi_label_margin_loss(x, lab, reduction='none'); wrt = [x]"),
    ("mlml_layer_sum", "x = P(3, 4, seed=1); lab = I([[3, 0, -1, 1], [0, 1, 2, 3], [-1, 2, 1, 0]]); "
                       "out = nn.MultiLabelMarginLoss(reduction='sum')(x, lab); wrt = [x]"),
    ("mlml_err_reduction", "out = F.multi_label_margin_loss(P(2, 2), I([[0, 1], [1, 0]]), reduction='max')"),
    ("mlml_err_dim", "out = F.multi_label_margin_loss(P(2), I([0, 1]))"),
    ("mlml_err_label_dim", "out = F.multi_label_margin_loss(P(2, 2), I([0, 1]))"),
    ("mlml_err_low", "out = F.multi_label_margin_loss(P(2, 2), I([[0, -2], [1, 0]]))"),
    ("mlml_err_high", "out = F.multi_label_margin_loss(P(2, 2), I([[0, 2], [1, 0]]))"),
    ("mlml_layer_err", "out = nn.MultiLabelMarginLoss(reduction='avg')"),
    # ---- adaptive_log_softmax_with_loss ----
    ("als_layer_seeded", ALS + "o, l = m(x, lab); out = [o, l, m.head_weight, m.head_bias, "
                               "m.tail_weights[0][0], m.tail_weights[1][1]]; "
                               "wrt = [x, m.head_weight, m.tail_weights[0][0], m.tail_weights[1][1]]"),
    ("als_loss_grad", ALS + "o, l = m(x, lab); out = l; wrt = [x, m.head_bias]"),
    ("als_params", ALS + "out = [[n for n, _ in m.named_parameters()], [p.shape for p in m.parameters()], "
                         "[[w.shape for w in ws] for ws in m.tail_weights], m.cutoffs, m.head_size]"),
    ("als_log_prob_predict", ALS + "out = [m.log_prob(x), m.predict(x)]"),
    ("als_predict_shortlist", ALS + "out = m.predict(P(3, 8, seed=21) * 0.0)"),
    ("als_functional_unbatched", "x = P(4, seed=1); hw = P(4, 3, seed=2); t = [[P(4, 2, seed=3), P(2, 3, seed=4)]]; "
                                 "o, l = F.adaptive_log_softmax_with_loss(x, I(4), hw, t, [2, 5]); "
                                 "out = [o, l]; wrt = [x, hw]"),
    ("als_err_label_range", ALS + "out = m(x, I([0, 4, 10, 2, 7, 5]))"),
    ("als_err_cutoffs", "out = nn.AdaptiveLogSoftmaxWithLoss(8, 10, [6, 3])"),
    ("als_err_label_dim", ALS + "out = m(x, I([[0, 1]]))"),
    ("als_err_batch", ALS + "out = m(x, I([0, 1]))"),
    # ---- the other losses (formulas, reductions, gradients, errors) ----
    ("margin_ranking", "a = P(5); b = P(5, seed=1); lab = T(np.array([1., -1., 1., -1., 1.], 'float32')); "
                       "out = [F.margin_ranking_loss(a, b, lab, margin=0.2), F.margin_ranking_loss(a, b, lab, reduction='none')]; "
                       "wrt = [a, b]"),
    ("margin_ranking_layer_sum", "a = P(2, 3); b = P(2, 3, seed=1); lab = T(np.ones([2, 3], 'float32')); "
                                 "out = nn.MarginRankingLoss(0.5, 'sum')(a, b, lab); wrt = [a]"),
    ("triplet", "a = P(4, 3); p = P(4, 3, seed=1); n = P(4, 3, seed=2); "
                "out = [F.triplet_margin_loss(a, p, n), F.triplet_margin_loss(a, p, n, p=1, swap=True, reduction='none')]; wrt = [a, p, n]"),
    ("triplet_distance", "a = P(4, 3); p = P(4, 3, seed=1); n = P(4, 3, seed=2); "
                         "out = [F.triplet_margin_with_distance_loss(a, p, n, margin=0.3), "
                         "nn.TripletMarginWithDistanceLoss(distance_function=lambda x, y: 1.0 - F.cosine_similarity(x, y), swap=True, reduction='sum')(a, p, n)]; wrt = [a]"),
    ("soft_margin", "x = P(3, 4); lab = T(np.sign(A(3, 4, seed=3)).astype('float32')); "
                    "out = [F.soft_margin_loss(x, lab), nn.SoftMarginLoss('none')(x, lab)]; wrt = [x]"),
    ("poisson_nll", "x = P(3, 4); lab = T(A(3, 4, seed=1, lo=0.0, hi=3.0)); "
                    "out = [F.poisson_nll_loss(x, lab), F.poisson_nll_loss(x.abs() + 0.1, lab, log_input=False, full=True, reduction='sum')]; wrt = [x]"),
    ("gaussian_nll", "x = P(3, 4); lab = P(3, 4, seed=1); v = T(A(3, 4, seed=2, lo=0.1, hi=1.0)); v.stop_gradient = False; "
                     "out = [F.gaussian_nll_loss(x, lab, v), F.gaussian_nll_loss(x, lab, v[:, :1], full=True, reduction='none')]; wrt = [x, v]"),
    ("gaussian_nll_err_negative", "x = P(2, 2); out = F.gaussian_nll_loss(x, x, T(np.array([[1., -1.], [1., 1.]], 'float32')))"),
    ("cosine_embedding", "a = P(4, 3); b = P(4, 3, seed=1); lab = I([1, -1, 1, -1]); "
                         "out = [F.cosine_embedding_loss(a, b, lab, margin=0.1), nn.CosineEmbeddingLoss(reduction='none')(a, b, lab)]; wrt = [a, b]"),
    ("hinge_embedding", "x = P(3, 4); lab = T(np.sign(A(3, 4, seed=3)).astype('float32')); "
                        "out = [F.hinge_embedding_loss(x, lab, margin=0.5), nn.HingeEmbeddingLoss(reduction='sum')(x, lab)]; wrt = [x]"),
    ("dice", "x = F.softmax(P(2, 3, 4), -1); lab = I([[[0], [3], [1]], [[2], [2], [0]]]); out = F.dice_loss(x, lab); wrt = [x]"),
    ("npair", "a = P(4, 3); p = P(4, 3, seed=1); lab = T(np.array([1., 2., 1., 3.], 'float32')); out = F.npair_loss(a, p, lab); wrt = [a, p]"),
    ("sigmoid_focal", "x = P(3, 4); lab = T((A(3, 4, seed=2) > 0).astype('float32')); "
                      "out = [F.sigmoid_focal_loss(x, lab), F.sigmoid_focal_loss(x, lab, normalizer=T(np.array([2.0], 'float32')), alpha=0.5, gamma=1.0, reduction='mean')]; wrt = [x]"),
    ("square_error_cost", "x = P(3, 2); y = P(3, 2, seed=1); out = F.square_error_cost(x, y); wrt = [x, y]"),
    ("log_loss", "p = T(A(4, 1, lo=0.05, hi=0.95), False); lab = T((A(4, 1, seed=1) > 0).astype('float32')); out = F.log_loss(p, lab); wrt = [p]"),
    ("softmax_with_ce", "x = P(3, 4); out = list(F.softmax_with_cross_entropy(x, I([[1], [0], [3]]), return_softmax=True)); wrt = [x]"),
    ("softmax_with_ce_soft_axis0", "x = P(4, 3); lab = F.softmax(T(A(4, 3, seed=1)), 0); out = F.softmax_with_cross_entropy(x, lab, soft_label=True, axis=0); wrt = [x]"),
    ("multi_label_soft_margin", "x = P(3, 4); lab = T((A(3, 4, seed=2) > 0).astype('float32')); w = T(A(4, seed=3, lo=0.5, hi=1.5)); "
                                "out = [F.multi_label_soft_margin_loss(x, lab), F.multi_label_soft_margin_loss(x, lab, weight=w, reduction='none')]; wrt = [x]"),
    ("multi_margin", "x = P(3, 4); lab = I([0, 3, 1]); w = T(A(4, seed=3, lo=0.5, hi=1.5)); "
                     "out = [F.multi_margin_loss(x, lab), F.multi_margin_loss(x, lab, p=2, margin=0.5, weight=w, reduction='sum')]; wrt = [x]"),
    ("label_smooth", "x = F.one_hot(I([0, 2, 1]), 3); out = [F.label_smooth(x), F.label_smooth(x, prior_dist=T(np.array([[0.2, 0.3, 0.5]], 'float32')), epsilon=0.2)]"),
    ("kl_div_batchmean", "x = F.log_softmax(P(3, 4), -1); y = F.softmax(T(A(3, 4, seed=1)), -1); out = [F.kl_div(x, y, 'batchmean'), F.kl_div(x, y, 'none', log_target=False)]; wrt = [x]"),
    ("smooth_l1_delta", "x = P(3, 4); y = P(3, 4, seed=1) * 3; out = [F.smooth_l1_loss(x, y, delta=0.5), nn.HuberLoss(reduction='none', delta=2.0)(x, y)]; wrt = [x]"),
    ("err_triplet_shape", "out = F.triplet_margin_loss(P(2, 3), P(2, 3), P(3, 3))"),
    ("err_soft_margin_shape", "out = F.soft_margin_loss(P(2, 3), P(3, 2))"),
    ("err_poisson_epsilon", "out = F.poisson_nll_loss(P(2), P(2), epsilon=0.0)"),
    ("err_multi_margin_reduction", "out = F.multi_margin_loss(P(2, 3), I([0, 1]), reduction='avg')"),
    ("err_hinge_reduction", "out = F.hinge_embedding_loss(P(2), P(2), reduction='x')"),
    ("err_label_smooth_eps", "out = F.label_smooth(P(2, 3), epsilon=1.5)"),
    # ---- margin_cross_entropy: no CPU kernel in Paddle ----
    ("margin_ce_cpu", "out = F.margin_cross_entropy(P(2, 3), I([0, 2]))"),
]


def main():
    warnings.filterwarnings("ignore")
    os.environ.setdefault("GLOG_minloglevel", "3")
    import paddle
    goldens = {"paddle_version": paddle.__version__, "cases": {}}
    for name, code in CASES:
        goldens["cases"][name] = {"code": code, "result": run_case(paddle, code)}
    path = os.path.join(os.path.dirname(__file__), "..", "goldens", "nn_loss.json")
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        json.dump(goldens, f, indent=1, sort_keys=True)
    os.replace(tmp, path)
    print(f"wrote {len(CASES)} cases to {os.path.normpath(path)}", file=sys.stderr)


if __name__ == "__main__":
    main()
