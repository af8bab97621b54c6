"""paddle.tensor.random: the functions of Paddle's module of that name that paddle_compat provides."""
from .._mode import (in_dynamic_mode)
from .._ops._checks import (check_shape)
from .._ops.random import (bernoulli, bernoulli_, binomial, exponential_, gaussian, log_normal,
                           log_normal_, multinomial, normal, normal_, poisson, rand, rand_like,
                           randint, randint_like, randn, randn_like, randperm, standard_gamma,
                           standard_normal, uniform, uniform_)

__all__ = ["bernoulli", "bernoulli_", "binomial", "check_shape", "exponential_", "gaussian",
           "in_dynamic_mode", "log_normal", "log_normal_", "multinomial", "normal", "normal_",
           "poisson", "rand", "rand_like", "randint", "randint_like", "randn", "randn_like",
           "randperm", "standard_gamma", "standard_normal", "uniform", "uniform_"]
