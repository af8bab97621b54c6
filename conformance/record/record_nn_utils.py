"""Record goldens of paddle.nn.utils' weight_norm / remove_weight_norm / spectral_norm (Paddle:
nn/utils/*_hook.py), the initializers Orthogonal / Dirac / Bilinear (nn/initializer/) and
paddle.nn.attention (nn/attention/sdpa.py) from real Paddle.

Run with the oracle interpreter (Paddle 3.3.1, CPU), from the repository root:
    PADDLE_PY conformance/record/record_nn_utils.py
It rewrites conformance/goldens/nn_utils.json (record_nn's HELPERS and run_case). Replayed by
tests/test_nn_utils.py (wn_*, sn_*), tests/test_nn_initializer.py (init_*) and
tests/test_nn_attention_sdpa.py (attn_*).
"""
import json
import os
import sys
import warnings

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", ".."))
from conformance.record.record_nn import run_case  # noqa: E402

CASES = [
    # ---- weight_norm ----
    ("wn_linear_seeded", "SEED(1); l = nn.Linear(3, 4); nn.utils.weight_norm(l); x = P(2, 3); y = l(x); "
                         "out = [y, l.weight_g, l.weight_v, [n for n, _ in l.named_parameters()]]; "
                         "wrt = [x, l.weight_g, l.weight_v]"),
    ("wn_dim1", "SEED(2); l = nn.Linear(3, 4); nn.utils.weight_norm(l, dim=1); x = P(2, 3); y = l(x); "
                "out = [y, l.weight_g]; wrt = [l.weight_g, l.weight_v]"),
    ("wn_dim_none", "SEED(3); l = nn.Linear(3, 4); nn.utils.weight_norm(l, dim=None); x = P(2, 3); "
                    "y = l(x); out = [y, l.weight_g]; wrt = [l.weight_v]"),
    ("wn_conv_dim2", "SEED(4); c = nn.Conv2D(2, 3, 3); nn.utils.weight_norm(c, dim=2); x = P(1, 2, 4, 4); "
                     "y = c(x); out = [y, c.weight_g]; wrt = [c.weight_v]"),
    ("wn_remove", "SEED(5); l = nn.Linear(3, 4); w0 = l.weight.numpy(); nn.utils.weight_norm(l); "
                  "nn.utils.remove_weight_norm(l); out = [l.weight, [n for n, _ in l.named_parameters()], "
                  "float(np.abs(l.weight.numpy() - w0).max()) < 1e-6]"),
    ("wn_twice", "l = nn.Linear(3, 4); nn.utils.weight_norm(l); out = nn.utils.weight_norm(l)"),
    ("wn_remove_missing", "l = nn.Linear(3, 4); out = nn.utils.remove_weight_norm(l)"),
    ("wn_state_dict", "SEED(6); l = nn.Linear(2, 3); nn.utils.weight_norm(l); out = list(l.state_dict().keys())"),
    # ---- spectral_norm ----
    ("sn_linear_seeded", "SEED(7); l = nn.Linear(3, 4); nn.utils.spectral_norm(l); x = P(2, 3); y = l(x); "
                         "out = [y, l.weight_u, l.weight_v, l.weight, [n for n, _ in l.named_parameters()], "
                         "[n for n, _ in l.named_buffers()]]; wrt = [x, l.weight_orig]"),
    ("sn_conv_iters", "SEED(8); c = nn.Conv2D(2, 3, 3); nn.utils.spectral_norm(c, n_power_iterations=3); "
                      "x = P(1, 2, 4, 4); y = c(x); out = [y, c.weight_u]; wrt = [c.weight_orig]"),
    ("sn_eval_no_update", "SEED(9); l = nn.Linear(3, 4); nn.utils.spectral_norm(l); l.eval(); x = P(2, 3); "
                          "y = l(x); out = [y, l.weight_u]"),
    ("sn_err_iters", "out = nn.utils.spectral_norm(nn.Linear(3, 4), n_power_iterations=0)"),
    ("sn_twice", "l = nn.Linear(3, 4); nn.utils.spectral_norm(l); out = nn.utils.spectral_norm(l)"),
    # ---- initializers ----
    ("init_orthogonal_tall", "SEED(10); out = nn.Linear(5, 3, weight_attr=nn.initializer.Orthogonal()).weight"),
    ("init_orthogonal_wide_gain", "SEED(11); out = nn.Linear(3, 5, weight_attr=nn.initializer.Orthogonal(2.0)).weight"),
    ("init_orthogonal_conv", "SEED(12); out = nn.Conv2D(4, 3, 2, weight_attr=nn.initializer.Orthogonal()).weight"),
    ("init_orthogonal_float64", "SEED(13); paddle.set_default_dtype('float64'); "
                                "l = nn.Linear(4, 4, weight_attr=nn.initializer.Orthogonal()); "
                                "paddle.set_default_dtype('float32'); out = l.weight"),
    ("init_dirac", "out = nn.Conv2D(3, 4, 3, weight_attr=nn.initializer.Dirac()).weight"),
    ("init_dirac_groups", "out = nn.Conv1D(2, 4, 3, groups=2, weight_attr=nn.initializer.Dirac(2)).weight"),
    ("init_bilinear", "out = nn.Conv2D(2, 2, 4, weight_attr=nn.initializer.Bilinear()).weight"),
    ("init_bilinear_3", "out = nn.Conv2D(1, 1, 3, weight_attr=nn.initializer.Bilinear()).weight"),
    ("init_bilinear_err", "out = nn.Linear(2, 2, weight_attr=nn.initializer.Bilinear()).weight"),
    ("init_lazy_guard", "SEED(1)\nwith paddle.LazyGuard():\n    l = nn.Linear(3, 2)\n"
                        "before = [l.weight._is_initialized(), l.bias._is_initialized()]\n"
                        "SEED(1)\nl.weight.initialize(); l.bias.initialize()\n"
                        "out = before + [l.weight._is_initialized(), l.weight, l.bias, l.weight.name]"),
    ("init_lazy_guard_call", "SEED(2)\nwith paddle.nn.initializer.lazy_init.LazyGuard():\n    l = nn.Linear(2, 2)\n"
                             "SEED(2)\nfor p in l.parameters():\n    p.initialize()\nout = l(P(1, 2))"),
    # ---- nn.attention ----
    ("attn_backends", "SDPBackend = paddle.nn.attention.SDPBackend; "
                      "out = [int(b) for b in SDPBackend] + [b.name for b in SDPBackend]"),
    ("attn_context", "SDPBackend, sdpa_kernel = paddle.nn.attention.SDPBackend, paddle.nn.attention.sdpa_kernel\n"
                     "q = P(1, 3, 2, 4); k = P(1, 3, 2, 4, seed=1); v = P(1, 3, 2, 4, seed=2)\n"
                     "with sdpa_kernel([SDPBackend.MATH]) as d:\n"
                     "    o = F.scaled_dot_product_attention(q, k, v)\n"
                     "out = [o, d]; wrt = [q]"),
    ("attn_err_type", "SDPBackend, sdpa_kernel = paddle.nn.attention.SDPBackend, paddle.nn.attention.sdpa_kernel\n"
                      "with sdpa_kernel('math'):\n    pass\nout = 0"),
    ("attn_err_member", "SDPBackend, sdpa_kernel = paddle.nn.attention.SDPBackend, paddle.nn.attention.sdpa_kernel\n"
                        "with sdpa_kernel([SDPBackend.MATH, 1]):\n    pass\nout = 0"),
    ("attn_err_empty", "SDPBackend, sdpa_kernel = paddle.nn.attention.SDPBackend, paddle.nn.attention.sdpa_kernel\n"
                       "with sdpa_kernel([]):\n    pass\nout = 0"),
]


def main():
    warnings.filterwarnings("ignore")
    os.environ.setdefault("GLOG_minloglevel", "3")
    import paddle
    goldens = {"paddle_version": paddle.__version__, "cases": {}}
    for name, code in CASES:
        goldens["cases"][name] = {"code": code, "result": run_case(paddle, code)}
    path = os.path.join(os.path.dirname(__file__), "..", "goldens", "nn_utils.json")
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        json.dump(goldens, f, indent=1, sort_keys=True)
    os.replace(tmp, path)
    print(f"wrote {len(CASES)} cases to {os.path.normpath(path)}", file=sys.stderr)


if __name__ == "__main__":
    main()
