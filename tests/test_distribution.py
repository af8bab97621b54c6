"""paddle.distribution's distributions (paddle_compat/_distribution/) against Paddle 3.3.1's goldens
(conformance/goldens/distribution.json, recorded by conformance/record/record_distribution.py):
values, dtypes, seeded samples (every distribution's, the gamma / dirichlet / poisson / binomial
kernels' included), gradients, static mode and error texts; plus the moments of large samples."""
import warnings

import numpy as np
import pytest

import paddle_compat as paddle
from tests._distribution_goldens import GOLDEN, params, replay

D = paddle.distribution


@pytest.mark.parametrize("name", params("dist_", exclude=("dist_transformed_bad_transforms",)))
def test_golden(name):
    replay(name)


def test_type_errors_name_paddle_compats_classes():
    # Differences from Paddle: a message that prints a class prints paddle_compat's module path
    want = GOLDEN["cases"]["dist_transformed_bad_transforms"]["result"]
    with pytest.raises(TypeError) as e:
        D.TransformedDistribution(D.Normal(0.0, 1.0), D.ExpTransform())
    assert str(e.value) == want["message"].replace("paddle.distribution.transform",
                                                   "paddle_compat._distribution.transform")


def test_goldens_cover_every_case():
    from conformance.record import record_distribution as record
    assert sorted(GOLDEN["cases"]) == sorted(record.CASES)


def test_seeded_normal_sample_is_paddles_gaussian_stream():
    paddle.seed(11)
    s = D.Normal(paddle.to_tensor([1.0, 2.0]), paddle.to_tensor([0.5, 3.0])).sample([3])
    paddle.seed(11)
    z = paddle.randn([3, 2])
    np.testing.assert_array_equal(s.numpy(), (z * paddle.to_tensor([0.5, 3.0]) + paddle.to_tensor([1.0, 2.0])).numpy())


def _moments(x):
    a = x.numpy().astype("float64")
    return a.mean(0), a.var(0)


@pytest.mark.parametrize("make, mean, var", [
    (lambda: D.Gamma(paddle.to_tensor([2.0, 0.5]), paddle.to_tensor([1.0, 4.0])), [2.0, 0.125], [2.0, 0.03125]),
    (lambda: D.Chi2(paddle.to_tensor([3.0])), [3.0], [6.0]),
    (lambda: D.Beta(paddle.to_tensor([2.0]), paddle.to_tensor([3.0])), [0.4], [0.04]),
    (lambda: D.Poisson(paddle.to_tensor([3.0, 0.5])), [3.0, 0.5], [3.0, 0.5]),
    (lambda: D.Binomial(10, paddle.to_tensor([0.3])), [3.0], [2.1]),
    (lambda: D.StudentT(paddle.to_tensor([8.0]), paddle.to_tensor([1.0]), paddle.to_tensor([2.0])), [1.0], [16.0 / 3]),
    (lambda: D.Dirichlet(paddle.to_tensor([1.0, 2.0, 3.0])), [1 / 6, 1 / 3, 1 / 2],
     [5 / 252, 8 / 252, 9 / 252]),
])
def test_large_samples_have_the_right_moments(make, mean, var):
    paddle.seed(5)
    d = make()
    x = d.sample([2000])
    assert x.shape[0] == 2000       # the full shapes are in the goldens (S(...) cases)
    m, v = _moments(x)
    np.testing.assert_allclose(m, mean, rtol=0.08, atol=0.02)
    np.testing.assert_allclose(v, var, rtol=0.2, atol=0.01)


def test_kernel_samplers_are_reproducible_under_paddle_seed():
    def draw():
        paddle.seed(3)
        return [D.Gamma(2.0, 1.0).sample([3]).numpy(), D.Poisson(paddle.to_tensor([2.0])).sample([3]).numpy(),
                D.Dirichlet(paddle.to_tensor([1.0, 1.0])).sample([2]).numpy(),
                paddle.randn([2]).numpy()]
    for a, b in zip(draw(), draw()):
        np.testing.assert_array_equal(a, b)


def test_kernel_sample_dtypes_and_supports():
    paddle.seed(1)
    p = D.Poisson(paddle.to_tensor([2.0], dtype="float64")).sample([50])
    assert p.dtype == paddle.float64 and (p.numpy() == np.round(p.numpy())).all()
    b = D.Binomial(5, paddle.to_tensor([0.5])).sample([50])
    assert b.dtype == paddle.float32 and b.numpy().min() >= 0 and b.numpy().max() <= 5
    dr = D.Dirichlet(paddle.to_tensor([[0.5, 0.5, 1.0]])).sample([20]).numpy()
    np.testing.assert_allclose(dr.sum(-1), 1.0, rtol=1e-5)
    beta = D.Beta(0.5, 0.5).sample([100]).numpy()
    assert (beta > 0).all() and (beta < 1).all()


@pytest.mark.parametrize("method", ["onion", "cvine"])
def test_lkj_cholesky_samples_are_cholesky_factors_of_correlation_matrices(method):
    paddle.seed(2)
    L = D.LKJCholesky(4, 1.5, method).sample([3]).numpy()
    assert L.shape == (3, 4, 4)
    np.testing.assert_allclose(np.triu(L, 1), 0.0, atol=1e-6)
    corr = L @ np.swapaxes(L, -1, -2)
    np.testing.assert_allclose(np.diagonal(corr, axis1=-2, axis2=-1), 1.0, rtol=1e-5)
    assert (np.diagonal(L, axis1=-2, axis2=-1) > 0).all()


def test_rsample_carries_gradients_to_the_parameters():
    loc = paddle.to_tensor([0.5, 1.0], stop_gradient=False)
    scale = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
    paddle.seed(4)
    y = D.Normal(loc, scale).rsample([5])
    gl, gs = paddle.grad([y.sum()], [loc, scale])
    np.testing.assert_allclose(gl.numpy(), [5.0, 5.0])
    paddle.seed(4)
    eps = paddle.randn([5, 2]).numpy()
    np.testing.assert_allclose(gs.numpy(), eps.sum(0), rtol=1e-5)


def test_value_dtype_conversion_warns_as_paddle():
    d = D.Normal(paddle.to_tensor([0.0]), paddle.to_tensor([1.0]))
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        out = d.log_prob(paddle.to_tensor([0.5], dtype="float64"))
    assert out.dtype == paddle.float32
    assert any("will be converted" in str(x.message) for x in w)


def test_public_face_lists_paddles_names():
    assert sorted(D.__all__) == sorted(GOLDEN_NAMES)
    for name in GOLDEN_NAMES:
        assert getattr(D, name).__module__.startswith("paddle_compat._distribution")


GOLDEN_NAMES = ["AbsTransform", "AffineTransform", "Bernoulli", "Beta", "Binomial", "Categorical",
                "Cauchy", "ChainTransform", "Chi2", "ContinuousBernoulli", "Dirichlet",
                "Distribution", "ExpTransform", "Exponential", "ExponentialFamily", "Gamma",
                "Geometric", "Gumbel", "Independent", "IndependentTransform", "LKJCholesky",
                "Laplace", "LogNormal", "Multinomial", "MultivariateNormal", "Normal", "Poisson",
                "PowerTransform", "ReshapeTransform", "SigmoidTransform", "SoftmaxTransform",
                "StackTransform", "StickBreakingTransform", "StudentT", "TanhTransform",
                "Transform", "TransformedDistribution", "Uniform", "kl_divergence", "register_kl"]


def test_a_name_paddle_lacks_is_an_ordinary_attribute_error():
    with pytest.raises(AttributeError):
        D.NotADistribution


@pytest.mark.parametrize("module, name", [
    ("normal", "Normal"), ("uniform", "Uniform"), ("independent", "Independent"),
    ("transformed_distribution", "TransformedDistribution"), ("exponential_family", "ExponentialFamily"),
    ("distribution", "Distribution"), ("student_t", "StudentT"), ("chi2", "Chi2"),
    ("lkj_cholesky", "LKJCholesky"), ("multivariate_normal", "MultivariateNormal")])
def test_paddles_defining_modules_are_importable(module, name):
    import importlib
    mod = importlib.import_module(f"paddle_compat.distribution.{module}")
    assert getattr(mod, name) is getattr(D, name)
    assert getattr(D, module) is mod


@pytest.mark.parametrize("make", [
    lambda a, b: D.Laplace(a, b), lambda a, b: D.Cauchy(a, b),
    lambda a, b: D.Bernoulli(a / (a + b)),
])
def test_log_prob_gradients_paddle_segfaults_on_match_finite_differences(make):
    # Paddle 3.3.1 crashes (SIGSEGV in broadcast_tensors' grad kernel) on these, so no golden
    value = paddle.to_tensor([0.25, 1.0], dtype="float64")
    a0, b0 = np.array([0.5, 1.5]), np.array([1.0, 2.0])
    a = paddle.to_tensor(a0, stop_gradient=False)
    b = paddle.to_tensor(b0, stop_gradient=False)
    ga, gb = paddle.grad([make(a, b).log_prob(value).sum()], [a, b])

    def f(x, y):
        return float(make(paddle.to_tensor(x), paddle.to_tensor(y)).log_prob(value).sum())
    h = 1e-6
    for i in range(2):
        e = np.eye(2)[i] * h
        np.testing.assert_allclose(ga.numpy()[i], (f(a0 + e, b0) - f(a0 - e, b0)) / (2 * h), rtol=1e-5)
        np.testing.assert_allclose(gb.numpy()[i], (f(a0, b0 + e) - f(a0, b0 - e)) / (2 * h), rtol=1e-5)


def test_kernel_samplers_refuse_static_mode_with_a_clear_error():
    paddle.enable_static()
    try:
        with paddle.static.program_guard(paddle.static.Program(), paddle.static.Program()):
            x = paddle.static.data("x", [2], "float32")
            for make in (lambda: D.Gamma(x, x), lambda: D.Poisson(x), lambda: D.Dirichlet(x)):
                with pytest.raises(NotImplementedError, match="in static mode is not supported"):
                    make().sample([2])
    finally:
        paddle.disable_static()


def test_torch_level_kernels_match_the_tensor_functions():
    from paddle_compat._distribution import sampling
    rate = paddle.to_tensor([0.5, 20.0])
    paddle.seed(8)
    a = sampling.poisson(rate).numpy()
    paddle.seed(8)
    b = sampling.poisson_kernel(rate._t).numpy()
    np.testing.assert_array_equal(a, b)
    with pytest.raises(TypeError, match="float32 and float64 only"):
        sampling.standard_gamma(paddle.to_tensor([1, 2]))
