"""paddle.framework.random: seed and RNG state, as in Paddle's module of that name."""
from .._ops.random import (get_cuda_rng_state, get_rng_state, seed, set_cuda_rng_state,
                           set_rng_state)

__all__ = ["seed", "get_rng_state", "set_rng_state", "get_cuda_rng_state", "set_cuda_rng_state"]
