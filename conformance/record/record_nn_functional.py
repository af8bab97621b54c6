"""Record goldens of paddle.nn.functional's activation / extension / common functions added for
issue 20 (Paddle: nn/functional/activation.py, extension.py, common.py): gumbel_softmax (seeded
noise, gradients), rrelu (seeded slopes), softmax/log_softmax (Paddle's CPU clip at -64), swiglu, gather_tree, class_center_sample, flash_attn_qkvpacked.

Run with the oracle interpreter (Paddle 3.3.1, CPU), from the repository root:
    PADDLE_PY conformance/record/record_nn_functional.py
It rewrites conformance/goldens/nn_functional.json (record_nn's HELPERS and run_case). The tests
named after each module replay the cases of their functions: tests/test_nn_functional_activation.py
(gumbel_*, rrelu_*, softmax_*, log_softmax_*, swiglu_*), tests/test_nn_functional_extension.py (gather_tree_*),
tests/test_nn_functional_common.py (class_center_*),
tests/test_nn_functional_flash_attention.py (flash_*).
"""
import json
import os
import sys
import warnings

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", ".."))
from conformance.record.record_nn import run_case  # noqa: E402

IDS = "ids = I([[[2, 5], [1, 3]], [[4, 0], [7, 6]], [[9, 8], [3, 2]]]); "
PAR = "par = I([[[0, 0], [0, 0]], [[1, 0], [1, 1]], [[0, 1], [1, 0]]]); "
CASES = [
    # ---- gumbel_softmax: Paddle's seeded noise, its gradient ----
    ("gumbel_soft", "SEED(5); x = P(2, 3); out = F.gumbel_softmax(x, temperature=0.5); wrt = [x]"),
    ("gumbel_hard", "SEED(6); x = P(3, 4); out = F.gumbel_softmax(x, hard=True); wrt = [x]"),
    ("gumbel_axis0", "SEED(7); x = P(3, 2, 4); out = F.gumbel_softmax(x, 2.0, axis=0); wrt = [x]"),
    ("gumbel_float64", "SEED(8); x = P(2, 5, dtype='float64'); out = F.gumbel_softmax(x); wrt = [x]"),
    ("gumbel_two_calls", "SEED(9); x = T(A(4, 3)); out = [F.gumbel_softmax(x), F.gumbel_softmax(x)]"),
    ("gumbel_err_temperature", "out = F.gumbel_softmax(P(2, 3), temperature=0.0)"),
    ("gumbel_err_int", "out = F.gumbel_softmax(I([1, 2]))"),
    # ---- rrelu: Paddle's CPU kernel draws one float32 slope per negative element from the
    # seeded global generator, in element order; eval mode uses (lower + upper) / 2 ----
    ("rrelu_train", "SEED(11); x = P(3, 5); out = F.rrelu(x, 0.1, 0.3); wrt = [x]"),
    ("rrelu_default_bounds", "SEED(12); x = P(2, 2, 4); out = [F.rrelu(x), F.rrelu(x)]"),
    ("rrelu_float64", "SEED(13); x = P(4, 3, dtype='float64'); out = F.rrelu(x, 0.2, 0.25); wrt = [x]"),
    ("rrelu_eval", "x = P(2, 5); out = F.rrelu(x, 0.1, 0.3, training=False); wrt = [x]"),
    ("rrelu_layer", "SEED(14); m = nn.RReLU(0.05, 0.5); x = P(3, 4, seed=3); out = [m(x), m(x)]"),
    ("rrelu_err_bounds", "out = F.rrelu(P(2, 2), 0.5, 0.2)"),
    # ---- softmax / log_softmax: Paddle's CPU kernel clips x - max(x) at -64 before the exp ----
    ("softmax_clip_row", "x = T(np.array([[0., -70., -100., 3.], [1., 2., 3., 4.]], 'float32'), False); "
                         "out = F.softmax(x); wrt = [x]"),
    ("softmax_clip_axis0", "x = T(A(3, 4) * 50, False); out = F.softmax(x, axis=0); wrt = [x]"),
    ("softmax_clip_float64", "x = T(A(2, 6, dtype='float64') * 60, False); out = F.softmax(x); wrt = [x]"),
    ("softmax_clip_mask", "x = T(np.array([[0.5, -np.inf, 1.0], [2.0, 0.0, -np.inf]], 'float32'), False); "
                          "out = F.softmax(x); wrt = [x]"),
    ("softmax_clip_layer", "out = nn.Softmax(axis=1)(T(A(2, 3, 2) * 80))"),
    ("softmax_no_clip", "x = P(3, 5); out = F.softmax(x * 10); wrt = [x]"),
    ("log_softmax_clip", "x = T(np.array([[0., -70., -100., 3.]], 'float32'), False); "
                         "out = F.log_softmax(x); wrt = [x]"),
    ("log_softmax_clip_axis0", "x = T(A(4, 3, dtype='float64') * 70, False); out = F.log_softmax(x, 0); wrt = [x]"),
    ("gumbel_cold", "SEED(2023); x = T(A(4, 6)); out = F.gumbel_softmax(x, 0.01)"),
    # ---- swiglu ----
    ("swiglu_two", "x = P(2, 4); y = P(2, 4, seed=1); out = F.swiglu(x, y); wrt = [x, y]"),
    ("swiglu_split", "x = P(3, 6); out = F.swiglu(x); wrt = [x]"),
    ("swiglu_3d", "x = P(2, 2, 4, dtype='float64'); out = F.swiglu(x); wrt = [x]"),
    # ---- gather_tree ----
    ("gather_tree_basic", IDS + PAR + "out = F.gather_tree(ids, par)"),
    ("gather_tree_int32", "out = F.gather_tree(I([[[1, 2, 3]], [[4, 5, 6]]], 'int32'), I([[[0, 0, 0]], [[2, 0, 1]]], 'int32'))"),
    ("gather_tree_err_rank", "out = F.gather_tree(I([[1, 2]]), I([[0, 0]]))"),
    ("gather_tree_err_parent", IDS + "out = F.gather_tree(ids, I([[[0, 0], [0, 0]], [[2, 0], [1, 1]], [[0, 1], [1, 0]]]))"),
    # ---- class_center_sample (Paddle draws its negatives from std::random_device: only the
    # deterministic parts are recorded) ----
    ("class_center_sample_positives", "r, c = F.class_center_sample(I([3, 1, 3, 7]), 20, 6); "
                                      "out = [r, c[:3], c.shape, sorted(set(c.numpy().tolist())) == sorted(c.numpy().tolist())]"),
    ("class_center_sample_all_positive", "out = list(F.class_center_sample(I([4, 2, 2, 0], 'int32'), 5, 3))"),
    ("class_center_sample_err_num", "out = F.class_center_sample(I([1]), 4, 5)"),
    ("class_center_sample_err_dims", "out = F.class_center_sample(I([[1]]), 4, 2)"),
    # ---- flash_attn_qkvpacked (Paddle's CPU math path) ----
    ("flash_qkvpacked", "qkv = P(2, 3, 3, 2, 4); o, s = F.flash_attn_qkvpacked(qkv, return_softmax=True); "
                        "out = [o, s]; wrt = [qkv]"),
    ("flash_qkvpacked_causal", "qkv = P(1, 5, 4, 1, 8, seed=1); o, s = F.flash_attn_qkvpacked(qkv, causal=True); "
                               "out = [o, s]; wrt = [qkv]"),
    ("flash_qkvpacked_eval_dropout", "qkv = P(1, 3, 3, 2, 4, seed=2); out = F.flash_attn_qkvpacked(qkv, dropout=0.5, training=False)[0]"),
]


def main():
    warnings.filterwarnings("ignore")
    os.environ.setdefault("GLOG_minloglevel", "3")
    import paddle
    goldens = {"paddle_version": paddle.__version__, "cases": {}}
    for name, code in CASES:
        goldens["cases"][name] = {"code": code, "result": run_case(paddle, code)}
    path = os.path.join(os.path.dirname(__file__), "..", "goldens", "nn_functional.json")
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        json.dump(goldens, f, indent=1, sort_keys=True)
    os.replace(tmp, path)
    print(f"wrote {len(CASES)} cases to {os.path.normpath(path)}", file=sys.stderr)


if __name__ == "__main__":
    main()
