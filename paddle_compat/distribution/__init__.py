"""paddle.distribution: probability distributions, transforms and KL divergences (explicit
re-exports, no logic; the rooms are paddle_compat/_distribution/, one per Paddle module)."""
from .._distribution.bernoulli import Bernoulli
from .._distribution.beta import Beta
from .._distribution.binomial import Binomial
from .._distribution.categorical import Categorical
from .._distribution.cauchy import Cauchy
from .._distribution.chi2 import Chi2
from .._distribution.continuous_bernoulli import ContinuousBernoulli
from .._distribution.dirichlet import Dirichlet
from .._distribution.distribution import Distribution
from .._distribution.exponential import Exponential
from .._distribution.exponential_family import ExponentialFamily
from .._distribution.gamma import Gamma
from .._distribution.geometric import Geometric
from .._distribution.gumbel import Gumbel
from .._distribution.independent import Independent
from .._distribution.kl import kl_divergence, register_kl
from .._distribution.laplace import Laplace
from .._distribution.lkj_cholesky import LKJCholesky
from .._distribution.lognormal import LogNormal
from .._distribution.multinomial import Multinomial
from .._distribution.multivariate_normal import MultivariateNormal
from .._distribution.normal import Normal
from .._distribution.poisson import Poisson
from .._distribution.student_t import StudentT
from .._distribution.transform import (AbsTransform, AffineTransform, ChainTransform,
                                       ExpTransform, IndependentTransform, PowerTransform,
                                       ReshapeTransform, SigmoidTransform, SoftmaxTransform,
                                       StackTransform, StickBreakingTransform, TanhTransform,
                                       Transform)
from .._distribution.transformed_distribution import TransformedDistribution
from .._distribution.uniform import Uniform
from . import chi2, kl, lkj_cholesky, transform
# Paddle's other modules of this package (importable there as paddle.distribution.normal, ...)
from . import (bernoulli, beta, binomial, categorical, cauchy, continuous_bernoulli, dirichlet,
               distribution, exponential, exponential_family, gamma, geometric, gumbel,
               independent, laplace, lognormal, multinomial, multivariate_normal, normal, poisson,
               student_t, transformed_distribution, uniform)

__all__ = ["Bernoulli", "Beta", "Categorical", "Cauchy", "Chi2", "ContinuousBernoulli", "Dirichlet",
           "Distribution", "ExponentialFamily", "Exponential", "Gamma", "Geometric", "Gumbel",
           "Independent", "LKJCholesky", "Laplace", "LogNormal", "Multinomial",
           "MultivariateNormal", "Normal", "Poisson", "StudentT", "TransformedDistribution",
           "Uniform", "Binomial", "kl_divergence", "register_kl", "AbsTransform",
           "AffineTransform", "ChainTransform", "ExpTransform", "IndependentTransform",
           "PowerTransform", "ReshapeTransform", "SigmoidTransform", "SoftmaxTransform",
           "StackTransform", "StickBreakingTransform", "TanhTransform", "Transform"]

# A Paddle 3.3.1 name missing here raises the one "not provided yet" error (paddle_compat/_census.py)
from .._census import missing_getattr as _missing_getattr  # noqa: E402
__getattr__ = _missing_getattr(__name__)
