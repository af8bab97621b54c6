"""Record Paddle 3.3.1's paddle.distribution behaviour into conformance/goldens/distribution.json
(read by tests/test_distribution.py, tests/test_distribution_transform.py and
tests/test_distribution_kl.py, which replay the cases whose names start with `dist_`, `transform_`
and `kl_`).

Run with the oracle interpreter PADDLE_PY (a Python with paddlepaddle==3.3.1; re-runnable,
overwrites the golden):
    PADDLE_PY conformance/record/record_distribution.py

Each case is a Python expression evaluated after SETUP (which seeds the global generator with
`paddle.seed(2023)`, so seeded samples are part of the golden) with `paddle` bound to the module
under test. The golden stores the result (dtype, shape, values, stop_gradient) or the exception
class and message (Paddle's C++ "(at file:line)" suffix and "[Hint: ...]" block removed).

Seeded samples are recorded for every distribution: paddle_compat reproduces Paddle's CPU stream
for paddle.normal / uniform / multinomial / bernoulli and for the gamma, dirichlet, poisson and
binomial kernels (paddle_compat/_distribution/sampling.py). `S(x)` (shape and dtype) is left for
cases that only pin a shape.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from record_ops_math import eval_case, expression_golden, write_golden  # noqa: E402

SETUP = """
import numpy as np
paddle.seed(2023)
T = paddle.to_tensor
D = paddle.distribution
t2 = T([0.5, 1.5]); t2b = T([1.0, 2.0]); t2c = T([0.3, 0.7]); t2d = T([2.0, 0.5])
v2 = T([0.25, 1.0]); p3 = T([0.2, 0.3, 0.5]); p3b = T([0.5, 0.25, 0.25])
f64 = T([0.5, 1.5], dtype='float64'); f64b = T([1.0, 2.0], dtype='float64')
cov = T([[2.0, 0.5], [0.5, 1.0]]); cov2 = T([[1.0, 0.2], [0.2, 3.0]])
L3 = T([[1.0, 0.0, 0.0], [0.6, 0.8, 0.0], [0.0, 0.6, 0.8]])
m23 = T([[0.5, -1.0, 2.0], [1.5, 0.25, -0.5]])
def S(x):
    return [list(x.shape), str(x.dtype)]
def G(fn, *xs):
    xs = [paddle.to_tensor(x.numpy(), stop_gradient=False) for x in xs]
    y = fn(*xs)
    return paddle.grad([y.sum()], xs)
def ST(build):
    # build(x) in a static Program (x: float32 data of shape [2], fed [0.5, 1.5]); run it once
    paddle.enable_static()
    try:
        main, startup = paddle.static.Program(), paddle.static.Program()
        with paddle.static.program_guard(main, startup):
            outs = build(paddle.static.data('x', [2], 'float32'))
        exe = paddle.static.Executor()
        exe.run(startup)
        paddle.seed(2023)
        res = exe.run(main, feed={'x': np.array([0.5, 1.5], 'float32')}, fetch_list=list(outs))
    finally:
        paddle.disable_static()
    return [paddle.to_tensor(a) for a in res]
def W(fn):
    import warnings
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter('always')
        out = fn()
    return [out, [str(x.message) for x in w]]
"""

CASES = {}


def _add(prefix, exprs):
    for k, v in exprs.items():
        CASES[f"{prefix}_{k}"] = v


def _common(prefix, ctor, value, extra=()):
    """mean / variance / entropy / log_prob / prob (and `extra` method names) of one distribution."""
    exprs = {"mean": f"{ctor}.mean", "variance": f"{ctor}.variance", "entropy": f"{ctor}.entropy()",
             "log_prob": f"{ctor}.log_prob({value})",
             "batch_shape": f"{ctor}.batch_shape", "event_shape": f"{ctor}.event_shape"}
    for m in extra:
        exprs[m] = f"{ctor}.{m}({value})" if m in ("cdf", "prob", "probs", "pmf", "log_pmf") \
            else f"{ctor}.{m}"
    _add(prefix, exprs)


# ---- the base class ----------------------------------------------------------------------------
_add("dist_base", {
    "shapes": "[D.Distribution([2], [3]).batch_shape, D.Distribution([2], [3]).event_shape]",
    "mean": "D.Distribution().mean", "sample": "D.Distribution().sample()",
    "entropy": "D.Distribution().entropy()", "prob": "D.Distribution().prob(t2)",
    "extend": "D.Distribution([2], [3])._extend_shape([4])",
})

# ---- Normal ------------------------------------------------------------------------------------
N = "D.Normal(t2, t2b)"
_common("dist_normal", N, "v2", extra=("probs",))
_add("dist_normal", {
    "prob": f"{N}.prob(v2)",
    "floats": "[D.Normal(0.0, 1.0).loc, D.Normal(0.0, 1.0).scale, D.Normal(0.0, 1.0).dtype]",
    "ints": "[D.Normal(1, 2).loc, D.Normal(1, 2).scale]",
    "lists": "[D.Normal([0.0, 1.0], [1.0, 2.0]).loc, D.Normal([0.0, 1.0], 2.0).scale]",
    "ndarray64": "[D.Normal(np.array([0.0, 1.0]), np.array([1.0, 2.0])).loc, "
                 "str(D.Normal(np.array([0.0, 1.0]), np.array([1.0, 2.0])).dtype)]",
    "ndarray32": "D.Normal(np.array([0.0, 1.0], dtype='float32'), 1.0).scale",
    "tensor64": "[D.Normal(f64, f64b).entropy(), D.Normal(f64, f64b).log_prob(f64)]",
    "sample": f"{N}.sample([3])", "sample_float": "D.Normal(0.0, 1.0).sample([3])",
    "sample_float_empty": "D.Normal(0.0, 1.0).sample()", "sample_list": "D.Normal([0.0, 1.0], [1.0, 2.0]).sample([2, 2])",
    "sample_seed": f"{N}.sample([2], seed=7)", "sample_then_randn": f"[{N}.sample([3]), paddle.randn([2])]", "sample_64": "D.Normal(f64, f64b).sample([2])",
    "rsample": f"{N}.rsample([3])", "rsample_grad": "G(lambda a, b: D.Normal(a, b).rsample([2]), t2, t2b)",
    "sample_twice": f"[{N}.sample([2]), {N}.sample([2])]",
    "kl": f"{N}.kl_divergence(D.Normal(t2c, t2d))",
    "log_prob_grad": "G(lambda a, b: D.Normal(a, b).log_prob(v2), t2, t2b)",
    "value64_warns": f"W(lambda: {N}.log_prob(f64))",
    "value_broadcast": f"{N}.log_prob(T([[0.0], [1.0], [2.0]]))",
    "mixed_args": "D.Normal(t2, 1.0)", "bad_type": "D.Normal('a', 1.0)",
    "bad_shape": f"{N}.sample(3)", "int_ndarray_warns": "W(lambda: D.Normal(np.array([1, 2]), 1.0).loc)",
    "complex": "[D.Normal(1.0 + 1.0j, 2.0).entropy(), D.Normal(1.0 + 1.0j, 2.0).log_prob(T(0.5 + 0.5j)), "
               "D.Normal(1.0 + 1.0j, 2.0).sample([2])]",
    "kl_complex_mismatch": "D.Normal(1.0 + 1.0j, 2.0).kl_divergence(D.Normal(0.0, 1.0))",
    "name": "D.Normal(0.0, 1.0, name='n1').name",
})

# ---- Uniform -----------------------------------------------------------------------------------
U = "D.Uniform(t2c, t2b)"
_add("dist_uniform", {
    "sample": f"{U}.sample([3])", "sample_float": "D.Uniform(0.0, 2.0).sample([4])",
    "sample_seed": f"{U}.sample([2], seed=3)", "sample_64": "D.Uniform(f64, f64 + 1).sample([2])",
    "log_prob": f"{U}.log_prob(T([0.5, 0.5]))", "probs": f"{U}.probs(T([0.5, 0.5]))",
    "entropy": f"{U}.entropy()", "floats": "[D.Uniform(1, 3).low, D.Uniform(1.0, 3.0).high]",
    "lists": "D.Uniform([0.0, 1.0], [2.0, 4.0]).entropy()", "batch_shape": f"{U}.batch_shape",
    "mixed_args": "D.Uniform(t2, 1.0)", "bad_type": "D.Uniform('a', 1.0)",
    "kl": f"{U}.kl_divergence(D.Uniform(T([0.0, 0.0]), T([2.0, 3.0])))",
    "log_prob_grad": "G(lambda a, b: D.Uniform(a, b).log_prob(T([0.6, 1.5])), t2c, t2b)",
})

# ---- Categorical -------------------------------------------------------------------------------
C = "D.Categorical(p3)"
_add("dist_categorical", {
    "sample": f"{C}.sample([5])", "sample_2d": "D.Categorical(T([[0.1, 0.9], [0.7, 0.3]])).sample([3])",
    "entropy": f"{C}.entropy()", "kl": f"{C}.kl_divergence(D.Categorical(p3b))",
    "probs": f"{C}.probs(T([0, 2]))", "log_prob": f"{C}.log_prob(T([0, 2, 1]))",
    "probs_2d": "D.Categorical(T([[0.1, 0.9], [0.7, 0.3]])).probs(T([1, 0]))",
    "log_prob_2d": "D.Categorical(T([[0.1, 0.9], [0.7, 0.3]])).log_prob(T([1]))",
    "ndarray": "D.Categorical(np.array([0.2, 0.8])).entropy()", "list_err": "D.Categorical([0.2, 0.8]).entropy()",
    "logits": f"{C}.logits", "batch": "[D.Categorical(m23.abs()).batch_shape, D.Categorical(m23.abs()).event_shape]",
    "bad_shape": f"{C}.sample(3)",
})

# ---- Beta, Dirichlet, Multinomial ------------------------------------------------------------------
B = "D.Beta(t2, t2b)"
_common("dist_beta", B, "T([0.25, 0.75])", extra=("prob",))
_add("dist_beta", {"floats": "D.Beta(0.5, 0.5).entropy()", "sample": f"{B}.sample([3])",
                   "rsample": f"{B}.rsample([3])", "alpha": f"[{B}.alpha, {B}.beta]",
                   "kl": "D.kl_divergence(D.Beta(t2, t2b), D.Beta(t2b, t2))"})
DI = "D.Dirichlet(T([1.0, 2.0, 3.0]))"
_common("dist_dirichlet", DI, "p3", extra=("prob",))
_add("dist_dirichlet", {"sample": f"{DI}.sample([2])",
                        "batch": "D.Dirichlet(T([[1.0, 2.0], [0.5, 0.5]])).log_prob(T([0.3, 0.7]))",
                        "bad_rank": "D.Dirichlet(T(1.0))", "concentration": f"{DI}.concentration"})
M = "D.Multinomial(10, p3)"
_common("dist_multinomial", M, "T([2.0, 3.0, 5.0])", extra=("prob",))
_add("dist_multinomial", {"sample": f"{M}.sample([2])", "sample_empty": f"{M}.sample()",
                          "bad_count": "D.Multinomial(0, p3)", "bad_probs": "D.Multinomial(2, T(0.5))",
                          "probs_norm": "D.Multinomial(3, T([1.0, 3.0])).probs"})

# ---- Bernoulli -----------------------------------------------------------------------------------
BE = "D.Bernoulli(t2c)"
_common("dist_bernoulli", BE, "T([1.0, 0.0])", extra=("prob", "cdf"))
_add("dist_bernoulli", {"sample": f"{BE}.sample([3])", "rsample": f"{BE}.rsample([2])",
                        "rsample_temp": f"{BE}.rsample([2], temperature=0.5)",
                        "float": "D.Bernoulli(0.3).sample([4])", "kl": f"{BE}.kl_divergence(D.Bernoulli(t2c.flip(0)))",
                        "cdf_grid": f"{BE}.cdf(T([-1.0, 0.5]))", "bad": "D.Bernoulli('a')",
                        "logits": f"{BE}.logits"})

# ---- Exponential, Gamma, Chi2 --------------------------------------------------------------------
E = "D.Exponential(t2b)"
_common("dist_exponential", E, "v2", extra=("prob", "cdf"))
_add("dist_exponential", {"icdf": f"{E}.icdf(T([0.25, 0.5]))", "sample": f"{E}.sample([3])",
                          "rsample": f"{E}.rsample([2])", "float": "D.Exponential(2.0).sample([3])",
                          "kl": f"{E}.kl_divergence(D.Exponential(t2d))", "bad": "D.Exponential('a')"})
GA = "D.Gamma(t2b, t2d)"
_common("dist_gamma", GA, "v2", extra=("prob",))
_add("dist_gamma", {"sample": f"{GA}.sample([3])", "rsample": f"{GA}.rsample([3])",
                    "kl": f"{GA}.kl_divergence(D.Gamma(t2d, t2b))", "floats": "D.Gamma(2.0, 1.0).entropy()",
                    "bad": "D.Gamma('a', 1.0)", "mixed": "D.Gamma(t2b, 1.0)"})
CH = "D.Chi2(t2b)"
_common("dist_chi2", CH, "v2", extra=("prob",))
_add("dist_chi2", {"sample": f"{CH}.sample([3])", "float": "D.Chi2(3.0).mean", "df": f"{CH}.df",
                   "bad": "D.Chi2('a')"})

# ---- Laplace, LogNormal, Gumbel, Cauchy --------------------------------------------------------
LA = "D.Laplace(t2, t2b)"
_common("dist_laplace", LA, "v2", extra=("cdf", "stddev"))
_add("dist_laplace", {"icdf": f"{LA}.icdf(T([0.25, 0.5]))", "sample": f"{LA}.sample([3])",
                      "rsample": f"{LA}.rsample([2])", "floats": "D.Laplace(0.0, 1.0).sample([3])",
                      "kl": f"{LA}.kl_divergence(D.Laplace(t2c, t2d))", "bad": "D.Laplace('a', 1.0)",
                      "bad_value": f"{LA}.log_prob([0.5, 0.5])"})
LN = "D.LogNormal(t2, t2b)"
_common("dist_lognormal", LN, "v2", extra=("probs",))
_add("dist_lognormal", {"sample": f"{LN}.sample([3])", "rsample": f"{LN}.rsample([2])",
                        "kl": f"{LN}.kl_divergence(D.LogNormal(t2c, t2d))", "floats": "D.LogNormal(0.0, 1.0).mean"})
GU = "D.Gumbel(t2, t2b)"
_common("dist_gumbel", GU, "v2", extra=("prob", "cdf", "stddev"))
_add("dist_gumbel", {"sample": f"{GU}.sample([3])", "rsample": f"{GU}.rsample([2])",
                     "floats": "D.Gumbel(0.0, 1.0).mean", "bad": "D.Gumbel('a', 1.0)"})
CA = "D.Cauchy(t2, t2b)"
_add("dist_cauchy", {"mean": f"{CA}.mean", "variance": f"{CA}.variance", "stddev": f"{CA}.stddev",
                     "entropy": f"{CA}.entropy()", "log_prob": f"{CA}.log_prob(v2)", "prob": f"{CA}.prob(v2)",
                     "cdf": f"{CA}.cdf(v2)", "sample": f"{CA}.sample([3])", "rsample": f"{CA}.rsample([2])",
                     "floats": "D.Cauchy(0.0, 1.0).sample([2])", "kl": f"{CA}.kl_divergence(D.Cauchy(t2c, t2d))",
                     "bad": "D.Cauchy('a', 1.0)", "bad_value": f"{CA}.log_prob(0.5)",
                     "bad_shape": f"{CA}.sample(3)", "name": f"D.Cauchy(0.0, 1.0, name='c').name"})

# ---- Geometric, Poisson, Binomial --------------------------------------------------------------
GE = "D.Geometric(t2c)"
_add("dist_geometric", {"mean": f"{GE}.mean", "variance": f"{GE}.variance", "stddev": f"{GE}.stddev",
                        "entropy": f"{GE}.entropy()", "pmf": f"{GE}.pmf(T([2, 3]))",
                        "log_pmf": f"{GE}.log_pmf(T([2, 3]))", "cdf": f"{GE}.cdf(T([2, 3]))",
                        "sample": f"{GE}.sample([3])", "rsample": f"{GE}.rsample([2])",
                        "float": "D.Geometric(0.5).mean", "kl": f"{GE}.kl_divergence(D.Geometric(t2c.flip(0)))",
                        "bad": "D.Geometric('a')", "bad_probs": "D.Geometric(1.5).mean",
                        "pmf_int": f"{GE}.pmf(2)", "pmf_float": f"{GE}.pmf(2.5)"})
PO = "D.Poisson(t2b)"
_common("dist_poisson", PO, "T([1.0, 3.0])", extra=("prob",))
_add("dist_poisson", {"sample": f"{PO}.sample([3])", "kl": f"{PO}.kl_divergence(D.Poisson(t2d))",
                      "float": "D.Poisson(2.0).entropy()", "bad": "D.Poisson('a')"})
BI = "D.Binomial(10, t2c)"
_common("dist_binomial", BI, "T([2.0, 7.0])", extra=("prob",))
_add("dist_binomial", {"sample": f"{BI}.sample([3])", "kl": f"{BI}.kl_divergence(D.Binomial(10, t2c.flip(0)))",
                       "tensor_count": "D.Binomial(T([5, 10]), t2c).mean", "float": "D.Binomial(4, 0.5).entropy()",
                       "bad_probs": "D.Binomial(10, 1.5).mean", "bad_count": "D.Binomial(-1, 0.5).mean"})

# ---- StudentT, MultivariateNormal, ContinuousBernoulli, LKJCholesky -------------------------------
ST = "D.StudentT(T([3.0, 5.0]), t2, t2b)"
_common("dist_studentt", ST, "v2", extra=("prob",))
_add("dist_studentt", {"sample": f"{ST}.sample([3])", "floats": "D.StudentT(3.0, 0.0, 1.0).variance",
                       "df1": "D.StudentT(T([1.0, 2.0]), T([0.0, 0.0]), T([1.0, 1.0])).variance",
                       "bad": "D.StudentT(-1.0, 0.0, 1.0)"})
MV = "D.MultivariateNormal(t2, covariance_matrix=cov)"
_common("dist_mvn", MV, "v2", extra=("prob",))
_add("dist_mvn", {"sample": f"{MV}.sample([3])", "rsample": f"{MV}.rsample([2])",
                  "precision": "D.MultivariateNormal(t2, precision_matrix=cov).log_prob(v2)",
                  "scale_tril": "D.MultivariateNormal(t2, scale_tril=cov.tril()).entropy()",
                  "kl": f"{MV}.kl_divergence(D.MultivariateNormal(t2b, covariance_matrix=cov2))",
                  "none": "D.MultivariateNormal(t2)", "two": "D.MultivariateNormal(t2, cov, cov)",
                  "batch": "D.MultivariateNormal(T([[0.0, 1.0], [1.0, 0.0]]), cov).log_prob(v2)",
                  "scale_tril_attr": f"{MV}.scale_tril", "float_loc": "D.MultivariateNormal(1.0, cov).mean"})
CB = "D.ContinuousBernoulli(T([0.2, 0.5, 0.8]))"
_common("dist_cbernoulli", CB, "T([0.3, 0.5, 0.9])", extra=("prob", "cdf"))
_add("dist_cbernoulli", {"icdf": f"{CB}.icdf(T([0.3, 0.5, 0.9]))", "sample": f"{CB}.sample([2])",
                         "rsample": f"{CB}.rsample([2])", "kl": f"{CB}.kl_divergence(D.ContinuousBernoulli(T([0.6, 0.5, 0.1])))",
                         "float": "D.ContinuousBernoulli(0.3).mean"})
_add("dist_lkj", {"log_prob": "D.LKJCholesky(3, 2.0).log_prob(L3)",
                  "log_prob_cvine": "D.LKJCholesky(3, 0.5, 'cvine').log_prob(L3)",
                  "sample": "D.LKJCholesky(3, 1.0).sample([2])", "sample_cvine": "D.LKJCholesky(3, 1.0, 'cvine').sample()",
                  "bad_dim": "D.LKJCholesky(1, 1.0)", "bad_method": "D.LKJCholesky(3, 1.0, 'foo')",
                  "batch": "D.LKJCholesky(2, T([1.0, 2.0])).log_prob(T([[1.0, 0.0], [0.6, 0.8]]))"})

# ---- Independent, TransformedDistribution, ExponentialFamily ---------------------------------------
IN = "D.Independent(D.Normal(T([[0.0, 1.0], [2.0, 3.0]]), T([[1.0, 2.0], [1.0, 0.5]])), 1)"
_add("dist_independent", {"shapes": f"[{IN}.batch_shape, {IN}.event_shape]", "mean": f"{IN}.mean",
                          "variance": f"{IN}.variance", "entropy": f"{IN}.entropy()",
                          "log_prob": f"{IN}.log_prob(T([0.5, 1.0]))", "prob": f"{IN}.prob(T([0.5, 1.0]))",
                          "sample": f"{IN}.sample([2])", "bad_rank": "D.Independent(D.Normal(t2, t2b), 2)",
                          "bad_base": "D.Independent(1.0, 1)"})
TD = "D.TransformedDistribution(D.Normal(t2, t2b), [D.ExpTransform()])"
_add("dist_transformed", {"log_prob": f"{TD}.log_prob(T([0.5, 2.0]))", "prob": f"{TD}.prob(T([0.5, 2.0]))",
                          "sample": f"{TD}.sample([3])", "rsample": f"{TD}.rsample([2])",
                          "shapes": f"[{TD}.batch_shape, {TD}.event_shape]",
                          "chain": "D.TransformedDistribution(D.Normal(t2, t2b), [D.AffineTransform(T(1.0), T(2.0)), D.TanhTransform()]).log_prob(T([0.1, -0.2]))",
                          "bad_base": "D.TransformedDistribution(1.0, [D.ExpTransform()])",
                          "bad_transforms": "D.TransformedDistribution(D.Normal(t2, t2b), D.ExpTransform())",
                          "reshape": "D.TransformedDistribution(D.Normal(T([0.0, 1.0, 2.0, 3.0]), T([1.0, 1.0, 1.0, 1.0])), [D.ReshapeTransform((4,), (2, 2))]).log_prob(T([[0.5, 1.0], [1.5, 2.0]]))"})
_add("dist_expfamily", {"entropy": "D.ExponentialFamily.entropy(D.Dirichlet(T([1.0, 2.0, 3.0])))",
                        "entropy_beta": "D.ExponentialFamily.entropy(D.Beta(t2, t2b))"})

# ---- float64 parameters, broadcasting, and gradients of log_prob for each family ------------------
# (no gradient case for Laplace, Cauchy and Bernoulli: Paddle 3.3.1 segfaults in broadcast_tensors'
# grad kernel there; tests/test_distribution.py checks those gradients by finite differences)
a64 = "T([0.5, 1.5], dtype='float64')"
b64 = "T([1.0, 2.0], dtype='float64')"
v64 = "T([0.25, 0.75], dtype='float64')"
for fam, ctor, value, grad in [
        ("normal", f"D.Normal({a64}, {b64})", v64, "lambda a, b: D.Normal(a, b).log_prob(v2)"),
        ("uniform", f"D.Uniform({v64}, {b64})", "T([0.5, 1.0], dtype='float64')", None),
        ("beta", f"D.Beta({a64}, {b64})", v64, "lambda a, b: D.Beta(a, b).log_prob(v2 * 0.5)"),
        ("gamma", f"D.Gamma({a64}, {b64})", v64, "lambda a, b: D.Gamma(a, b).log_prob(v2)"),
        ("laplace", f"D.Laplace({a64}, {b64})", v64, None),
        ("lognormal", f"D.LogNormal({a64}, {b64})", v64, "lambda a, b: D.LogNormal(a, b).log_prob(v2)"),
        ("gumbel", f"D.Gumbel({a64}, {b64})", v64, "lambda a, b: D.Gumbel(a, b).log_prob(v2)"),
        ("cauchy", f"D.Cauchy({a64}, {b64})", v64, None),
        ("studentt", f"D.StudentT({b64} + 2.0, {a64}, {b64})", v64,
         "lambda a, b: D.StudentT(b + 2.0, a, b).log_prob(v2)"),
        ("exponential", f"D.Exponential({b64})", v64, "lambda a, b: D.Exponential(b).log_prob(a)"),
        ("chi2", f"D.Chi2({b64})", v64, "lambda a, b: D.Chi2(b).log_prob(a)"),
        ("poisson", f"D.Poisson({b64})", "T([1.0, 3.0], dtype='float64')", "lambda a, b: D.Poisson(a * b).log_prob(T([1.0, 3.0]))"),
        ("geometric", f"D.Geometric({v64})", "T([1.0, 3.0], dtype='float64')", None),
        ("bernoulli", f"D.Bernoulli({v64})", "T([1.0, 0.0], dtype='float64')", None),
        ("cbernoulli", f"D.ContinuousBernoulli({v64})", v64, "lambda a, b: D.ContinuousBernoulli(a / (a + b)).log_prob(v2)"),
        ("dirichlet", "D.Dirichlet(T([1.0, 2.0, 3.0], dtype='float64'))", "T([0.2, 0.3, 0.5], dtype='float64')",
         "lambda a, b: D.Dirichlet(paddle.concat([a, b])).log_prob(T([0.1, 0.2, 0.3, 0.4]))"),
        ("categorical", f"D.Categorical({b64})", "T([0, 1])", None),
        ("mvn", "D.MultivariateNormal(T([0.5, 1.5], dtype='float64'), T([[2.0, 0.5], [0.5, 1.0]], dtype='float64'))",
         v64, "lambda a, b: D.MultivariateNormal(a, paddle.diag(b)).log_prob(v2)"),
]:
    ex = {"f64_log_prob": f"{ctor}.log_prob({value})", "f64_sample": f"{ctor}.sample([2])"}
    if fam not in ("categorical", "uniform"):
        ex["f64_mean"] = f"{ctor}.mean"
        ex["f64_entropy"] = f"{ctor}.entropy()"
    if grad:
        ex["grad_log_prob"] = f"G({grad}, t2, t2b)"
    _add(f"dist_{fam}", ex)
_add("dist_broadcast", {
    "normal": "D.Normal(T([[0.0], [1.0]]), T([1.0, 2.0, 3.0])).log_prob(T([0.5, 0.5, 0.5]))",
    "normal_sample": "D.Normal(T([[0.0], [1.0]]), T([1.0, 2.0, 3.0])).sample([2])",
    "uniform": "D.Uniform(T([[0.0], [1.0]]), T([2.0, 3.0, 4.0])).sample([1])",
    "laplace": "D.Laplace(T([[0.0], [1.0]]), T([1.0, 2.0, 3.0])).log_prob(T(0.5))",
    "gamma": "D.Gamma(T([[1.0], [2.0]]), T([1.0, 2.0, 3.0])).log_prob(T(0.5))" ,
    "studentt": "D.StudentT(T([[3.0], [4.0]]), T([0.0, 1.0, 2.0]), T([1.0])).log_prob(T(0.5))",
    "cauchy_float_tensor": "D.Cauchy(0.0, T([1.0, 2.0])).log_prob(T([0.5, 0.5]))",
    "gumbel_float_tensor": "D.Gumbel(1.0, T([1.0, 2.0])).entropy()",
})

# ---- seeded samples of the kernel samplers (gamma, dirichlet, poisson, binomial), then the stream --
_add("dist_kernel", {
    "gamma_small_alpha": "[D.Gamma(T([0.2, 0.9, 3.0]), T([1.0, 2.0, 0.5])).sample([4]), paddle.randn([2])]",
    "gamma_64": "D.Gamma(T([0.2, 3.0], dtype='float64'), T([1.0, 2.0], dtype='float64')).sample([3])",
    "dirichlet_batch": "[D.Dirichlet(T([[0.5, 1.0, 2.0], [3.0, 0.1, 1.0]])).sample([2]), paddle.rand([2])]",
    "beta_64": "D.Beta(T([0.5, 2.0], dtype='float64'), T([0.7, 3.0], dtype='float64')).sample([3])",
    "poisson_means": "[D.Poisson(T([0.5, 11.9, 12.0, 40.0, 900.0])).sample([3]), paddle.randn([2])]",
    "poisson_64": "D.Poisson(T([0.1, 25.0], dtype='float64')).sample([4])",
    "binomial_paths": "[D.Binomial(T([10, 100, 1000, 30]), T([0.3, 0.5, 0.02, 0.8])).sample([3]), paddle.randn([2])]",
    "binomial_64": "D.Binomial(T([20, 200]), T([0.4, 0.9], dtype='float64')).sample([3])",
    "chi2": "D.Chi2(T([0.5, 4.0])).sample([3])",
    "studentt": "D.StudentT(T([2.5, 30.0]), T([0.0, 1.0]), T([1.0, 2.0])).sample([3])",
    "lkj_onion": "D.LKJCholesky(4, 0.5).sample([2])",
    "gamma_many": "[D.Gamma(T([0.05, 0.7, 3.0, 100.0]), T([1.0, 1.0, 1.0, 1.0])).sample([25]), paddle.randn([1])]",
    "poisson_many": "[D.Poisson(T([0.3, 11.99, 13.5, 5000.0])).sample([25]), paddle.randn([1])]",
    "binomial_many": "[D.Binomial(T([3, 25, 200, 1000]), T([0.1, 0.5, 0.93, 0.3])).sample([25]), paddle.randn([1])]",
})

# ---- static mode -------------------------------------------------------------------------------------
_add("dist_static", {
    "normal": "ST(lambda x: [D.Normal(x, paddle.ones([2])).log_prob(paddle.full([2], 0.5)), D.Normal(x, paddle.ones([2])).entropy(), "
              "D.Normal(x, paddle.ones([2])).sample([3]), D.Normal(x, paddle.ones([2])).kl_divergence(D.Normal(paddle.zeros([2]), paddle.full([2], 2.0)))])",
    "uniform": "ST(lambda x: [D.Uniform(x, x + 1.0).log_prob(x + 0.5), D.Uniform(x, x + 1.0).entropy(), D.Uniform(x, x + 1.0).sample([2])])",
    "categorical": "ST(lambda x: [D.Categorical(x).entropy(), D.Categorical(x).sample([4]), D.Categorical(x).log_prob(paddle.to_tensor([1]))])",
    "bernoulli": "ST(lambda x: [D.Bernoulli(x / 2.0).entropy(), D.Bernoulli(x / 2.0).sample([3])])",
    "exponential": "ST(lambda x: [D.Exponential(x).log_prob(x), D.Exponential(x).rsample([2])])",
    "laplace": "ST(lambda x: [D.Laplace(x, x).log_prob(x), D.Laplace(x, x).entropy(), D.Laplace(x, x).sample([2])])",
    "gamma": "ST(lambda x: [D.Gamma(x, x).log_prob(x), D.Gamma(x, x).entropy()])",
    "mvn": "ST(lambda x: [D.MultivariateNormal(x, paddle.eye(2) * 2.0).log_prob(x * 0.5)])",
    "transform": "ST(lambda x: [D.TanhTransform().forward_log_det_jacobian(x), D.AffineTransform(x, x).forward(x)])",
    "kl": "ST(lambda x: [D.kl_divergence(D.Gamma(x, x), D.Gamma(x + 1.0, x))])",
})

# ---- transforms ------------------------------------------------------------------------------------
X = "m23"
for name, ctor, x, y in [
        ("abs", "D.AbsTransform()", X, "m23.abs()"),
        ("affine", "D.AffineTransform(T([1.0, -1.0, 0.5]), T([2.0, 0.5, -3.0]))", X, X),
        ("exp", "D.ExpTransform()", X, "m23.abs() + 0.5"),
        ("power", "D.PowerTransform(T([2.0]))", "m23.abs() + 0.5", "m23.abs() + 0.5"),
        ("sigmoid", "D.SigmoidTransform()", X, "T([[0.2, 0.5, 0.9], [0.1, 0.4, 0.7]])"),
        ("tanh", "D.TanhTransform()", X, "T([[0.2, -0.5, 0.9], [0.1, 0.4, -0.7]])"),
        ("softmax", "D.SoftmaxTransform()", X, "T([[0.2, 0.3, 0.5], [0.1, 0.4, 0.5]])"),
        ("stickbreaking", "D.StickBreakingTransform()", X, "T([[0.2, 0.3, 0.1, 0.4], [0.1, 0.4, 0.25, 0.25]])"),
        ("reshape", "D.ReshapeTransform((3,), (3, 1))", X, "m23.reshape([2, 3, 1])"),
        ("chain", "D.ChainTransform((D.AffineTransform(T(0.0), T(2.0)), D.ExpTransform()))", X, "m23.abs() + 0.5"),
        ("independent", "D.IndependentTransform(D.ExpTransform(), 1)", X, "m23.abs() + 0.5"),
        ("stack", "D.StackTransform((D.ExpTransform(), D.AffineTransform(T(1.0), T(3.0))), axis=0)", X, "m23.abs() + 0.5"),
]:
    _add(f"transform_{name}", {
        "forward": f"{ctor}.forward({x})", "inverse": f"{ctor}.inverse({y})",
        "fldj": f"{ctor}.forward_log_det_jacobian({x})", "ildj": f"{ctor}.inverse_log_det_jacobian({y})",
        "fshape": f"{ctor}.forward_shape([2, 3])", "ishape": f"{ctor}.inverse_shape([2, 3])",
        "call": f"{ctor}({x})",
    })
_add("transform", {
    "abs_inverse_pair": "D.AbsTransform().inverse(T([1.0, 2.0]))",
    "affine_bad": "D.AffineTransform(1.0, 2.0)", "power_bad": "D.PowerTransform(2.0)",
    "chain_bad": "D.ChainTransform(D.ExpTransform())", "chain_bad_item": "D.ChainTransform([1.0])",
    "independent_bad": "D.IndependentTransform(D.ExpTransform(), 0)",
    "independent_bad_base": "D.IndependentTransform(1.0, 1)",
    "reshape_bad": "D.ReshapeTransform((3,), (2,))", "reshape_bad_shape": "D.ReshapeTransform((3,), (3,)).forward_shape([2])",
    "stack_bad": "D.StackTransform(D.ExpTransform())", "stack_bad_axis": "D.StackTransform([D.ExpTransform()], axis=1.0)",
    "stack_size": "D.StackTransform([D.ExpTransform(), D.ExpTransform()], 1).forward(m23)",
    "forward_bad": "D.ExpTransform().forward(1.0)", "inverse_bad": "D.ExpTransform().inverse([1.0])",
    "fldj_bad": "D.ExpTransform().forward_log_det_jacobian(1.0)",
    "fshape_bad": "D.ExpTransform().forward_shape(3)",
    "base_forward": "D.Transform().forward(m23)",
    "type_injective": "[D.ExpTransform()._type.name, D.AbsTransform()._type.name, D.Transform._is_injective(D.AbsTransform())]",
    "softmax_bad": "D.SoftmaxTransform().forward(T(1.0))",
    "stickbreaking_1d": "D.StickBreakingTransform().forward(T([0.5, -0.5]))",
    "compose": "D.ChainTransform([D.ExpTransform(), D.AbsTransform()]).forward(m23)",
    "call_dist": "D.ExpTransform()(D.Normal(t2, t2b)).log_prob(T([1.0, 2.0]))",
    "call_transform": "D.ExpTransform()(D.AffineTransform(T(0.0), T(2.0))).forward(t2)",
    "grad": "G(lambda x: D.TanhTransform().forward_log_det_jacobian(x), m23)",
})

# ---- kl_divergence and register_kl ---------------------------------------------------------------
_add("kl", {
    "normal": "D.kl_divergence(D.Normal(t2, t2b), D.Normal(t2c, t2d))",
    "uniform": "D.kl_divergence(D.Uniform(t2c, t2b), D.Uniform(T([0.0, 0.0]), T([2.0, 3.0])))",
    "uniform_inf": "D.kl_divergence(D.Uniform(T([0.0]), T([2.0])), D.Uniform(T([0.5]), T([1.0])))",
    "categorical": "D.kl_divergence(D.Categorical(p3), D.Categorical(p3b))",
    "beta": "D.kl_divergence(D.Beta(t2, t2b), D.Beta(t2d, t2c))",
    "dirichlet": "D.kl_divergence(D.Dirichlet(p3 * 3), D.Dirichlet(p3b * 2))",
    "bernoulli": "D.kl_divergence(D.Bernoulli(t2c), D.Bernoulli(T([0.5, 0.5])))",
    "binomial": "D.kl_divergence(D.Binomial(10, t2c), D.Binomial(10, T([0.5, 0.5])))",
    "binomial_count": "D.kl_divergence(D.Binomial(10, t2c), D.Binomial(5, T([0.5, 0.5])))",
    "cauchy": "D.kl_divergence(D.Cauchy(t2, t2b), D.Cauchy(t2c, t2d))",
    "cbernoulli": "D.kl_divergence(D.ContinuousBernoulli(t2c), D.ContinuousBernoulli(T([0.5, 0.5])))",
    "mvn": "D.kl_divergence(D.MultivariateNormal(t2, cov), D.MultivariateNormal(t2b, cov2))",
    "laplace": "D.kl_divergence(D.Laplace(t2, t2b), D.Laplace(t2c, t2d))",
    "geometric": "D.kl_divergence(D.Geometric(t2c), D.Geometric(T([0.5, 0.5])))",
    "exponential": "D.kl_divergence(D.Exponential(t2b), D.Exponential(t2d))",
    "gamma": "D.kl_divergence(D.Gamma(t2b, t2d), D.Gamma(t2d, t2b))",
    "lognormal": "D.kl_divergence(D.LogNormal(t2, t2b), D.LogNormal(t2c, t2d))",
    "poisson": "D.kl_divergence(D.Poisson(t2b), D.Poisson(t2d))",
    "chi2": "D.kl_divergence(D.Chi2(t2b), D.Chi2(t2d))",
    "expfamily_bregman": "D.kl_divergence(D.Chi2(t2b), D.Gamma(t2d, t2b))",
    "unregistered": "D.kl_divergence(D.Normal(t2, t2b), D.Uniform(t2c, t2b))",
    "not_dist": "D.kl_divergence(1.0, D.Normal(t2, t2b))",
    "register_bad": "D.register_kl(1, D.Normal)",
    "register_custom": "[D.register_kl(type('P1', (D.Normal,), {}), type('Q1', (D.Normal,), {}))(lambda p, q: T(7.0)).__name__]",
    "kl_module": "paddle.distribution.kl.kl_divergence(D.Normal(t2, t2b), D.Normal(t2c, t2d))",
    "method_normal": "D.Normal(t2, t2b).kl_divergence(D.Normal(t2c, t2d))",
})


def run_case(paddle, expr):
    return eval_case(paddle, SETUP, expr)


def main():
    import logging
    import warnings
    warnings.filterwarnings("ignore")
    logging.disable(logging.WARNING)
    import paddle
    out = expression_golden(paddle, SETUP, CASES, lambda name, expr: run_case(paddle, expr))
    write_golden("distribution", out, f"{len(CASES)} cases")


if __name__ == "__main__":
    main()
