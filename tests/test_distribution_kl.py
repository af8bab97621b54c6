"""paddle.distribution.kl (paddle_compat/_distribution/kl.py) against Paddle 3.3.1's goldens
(conformance/goldens/distribution.json, the `kl_` cases): every pair Paddle registers, the Bregman
divergence of exponential families, dispatch to the most specific registered pair, and errors."""
import numpy as np
import pytest

import paddle_compat as paddle
from tests._distribution_goldens import params, replay

D = paddle.distribution
T = paddle.to_tensor


@pytest.mark.parametrize("name", params("kl_"))
def test_golden(name):
    replay(name)


def test_register_kl_dispatches_to_the_most_specific_pair():
    class MyNormal(D.Normal):
        pass

    @D.register_kl(MyNormal, D.Normal)
    def _kl(p, q):
        return T(123.0)

    p = MyNormal(T([0.0]), T([1.0]))
    q = D.Normal(T([1.0]), T([2.0]))
    assert float(D.kl_divergence(p, q)) == 123.0
    # the Normal/Normal rule still serves the base classes
    np.testing.assert_allclose(D.kl_divergence(q, D.Normal(T([1.0]), T([2.0]))).numpy(), [0.0], atol=1e-7)


def test_kl_of_a_distribution_with_itself_is_zero():
    for d in (D.Normal(T([0.3, 1.0]), T([2.0, 0.5])), D.Categorical(T([0.1, 0.2, 0.7])),
              D.Gamma(T([2.0]), T([3.0])), D.Dirichlet(T([1.0, 2.0, 3.0])),
              D.Laplace(T([0.0]), T([2.0])), D.Poisson(T([3.0])), D.Bernoulli(T([0.3]))):
        np.testing.assert_allclose(D.kl_divergence(d, d).numpy(), 0.0, atol=1e-6)


def test_kl_normal_matches_the_closed_form():
    kl = D.kl_divergence(D.Normal(T([0.5]), T([1.0])), D.Normal(T([0.3]), T([2.0]))).numpy()
    want = np.log(2.0 / 1.0) + (1.0 + 0.2 ** 2) / (2 * 4.0) - 0.5
    np.testing.assert_allclose(kl, [want], rtol=1e-6)


def test_face_module_matches_paddles():
    from paddle_compat.distribution import kl
    assert sorted(kl.__all__) == ["kl_divergence", "register_kl"]
    assert kl.kl_divergence is D.kl_divergence
