"""paddle.tensor.random: the functions of Paddle's module of that name that paddle_compat provides."""
from .._ops.random import (bernoulli, exponential_, gaussian, multinomial, normal, normal_,
                            rand, randint, randint_like, randn,
                            randperm, standard_normal, uniform,
                            uniform_)

__all__ = ["bernoulli", "exponential_", "gaussian", "multinomial", "normal", "normal_", "rand",
           "randint", "randint_like", "randn", "randperm", "standard_normal", "uniform",
           "uniform_"]
