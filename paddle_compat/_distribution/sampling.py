"""The samplers Paddle runs as single C++ kernels: standard_gamma and dirichlet (Paddle's CPU
algorithm on Paddle's generator, so seeded draws are Paddle's), poisson and binomial (torch's
samplers, seeded from Paddle's generator).

Differences from Paddle: poisson and binomial numbers are torch's, not Paddle's (see
`_torch_generator`); on a CUDA place every sampler here uses torch's.
"""
import math

import numpy as np
import torch

from .._random import _logf, default_cpu_generator
from .._tensor import wrap

__all__ = ["standard_gamma", "dirichlet", "poisson", "binomial"]


def _pow(base, exp, T):
    """std::pow in T: float64 pow rounded to T (glibc's powf is computed the same way)."""
    return T(math.pow(float(base), float(exp)))


def _log(x, T):
    """std::log in T: glibc's logf (bit for bit, _random._logf) or log (math.log calls it)."""
    if T is np.float32:
        return _logf(np.array([x], dtype=np.float32))[0]
    return T(math.log(float(x)))


def _gamma_draws(alpha, gen, f32):
    """Paddle's CPU gamma sampler (phi/kernels/impl/dirichlet_kernel_impl.h, `sample_gamma`, the
    Marsaglia-Tsang method numpy also uses), element by element in Paddle's order. Each standard
    uniform is a fresh std::uniform_real_distribution<T> (one engine word), each standard normal a
    fresh std::normal_distribution<T> (a polar pair, the spare dropped); the arithmetic is in T with
    float literals (1.0f/3.0f, 0.0331f) as C++ promotes them."""
    T = np.float32 if f32 else np.float64
    one, third, k = T(1.0), T(np.float32(1.0) / np.float32(3.0)), T(np.float32(0.0331))
    half, nine, tiny = T(0.5), T(9.0), T(np.finfo(T).tiny)
    flat = np.asarray(alpha, dtype=T).reshape(-1)
    out = np.empty(len(flat), dtype=T)
    for i, a in enumerate(flat):
        scale = one
        if a < one:
            if a == 0:
                out[i] = max(tiny, T(0.0))
                continue
            u0 = gen.uniform(1, 0.0, 1.0, f32)[0]
            scale = scale * _pow(one - u0, one / a, T)
            a = a + one
        d = T(a - third)
        c = one / T(np.sqrt(nine * d))
        while True:
            while True:
                x = gen.normal(1, 0.0, 1.0, f32)[0]
                y = one + c * x
                if y > 0:
                    break
            v = y * y * y
            u = one - gen.uniform(1, 0.0, 1.0, f32)[0]
            xx = x * x
            if u < one - k * xx * xx or _log(u, T) < half * xx + d * (one - v + _log(v, T)):
                out[i] = max(tiny, T(scale * d * v))
                break
    return out.reshape(np.shape(alpha))


def _host_floats(x, api):
    t = x._t.detach()
    if t.dtype not in (torch.float32, torch.float64):
        raise TypeError(f"{api}: paddle_compat draws float32 and float64 only, got {x.dtype}")
    return t


def standard_gamma(x):
    """paddle.standard_gamma(x): Gamma(x, 1) draws, one per element, Paddle's CPU stream.

    Differences from Paddle: on a CUDA place the numbers come from torch's sampler.
    """
    t = _host_floats(x, "paddle.standard_gamma")
    if t.is_cuda:
        return wrap(torch._standard_gamma(t))
    vals = _gamma_draws(t.cpu().numpy(), default_cpu_generator(), t.dtype == torch.float32)
    return wrap(torch.from_numpy(vals))


def dirichlet(concentration):
    """Paddle's dirichlet kernel: gamma draws (Paddle's CPU stream), divided by their sum along the
    last axis (the sum in T, sequential as Paddle's reduce on one axis)."""
    t = _host_floats(concentration, "paddle.distribution.Dirichlet.sample")
    if t.is_cuda:
        gam = torch._standard_gamma(t)
        return wrap(gam / gam.sum(-1, keepdim=True))
    gam = torch.from_numpy(_gamma_draws(t.cpu().numpy(), default_cpu_generator(),
                                        t.dtype == torch.float32))
    return wrap(gam / gam.sum(-1, keepdim=True))


def _torch_generator(device):
    """A torch generator seeded from one 64-bit word of Paddle's global CPU generator.

    Paddle's poisson and binomial CPU kernels use their own rejection samplers, whose draw-by-draw
    consumption of the engine is not reproduced here. Seeding a torch generator from Paddle's stream
    keeps `paddle.seed(s)` reproducible run to run (the same seed gives the same numbers, and later
    draws stay a function of the seed), but the numbers are torch's.
    """
    g = torch.Generator(device=device)
    g.manual_seed(int(default_cpu_generator().random()) & 0x7FFFFFFFFFFFFFFF)
    return g


def poisson(x):
    """paddle.poisson(x): Poisson(x) draws, one per element, in x's dtype (torch's sampler)."""
    t = x._t.detach()
    return wrap(torch.poisson(t, generator=_torch_generator(t.device)))


def binomial(count, prob):
    """paddle.binomial(count, prob): int64 Binomial(count, prob) draws (torch's sampler)."""
    c, p = count._t.detach(), prob._t.detach()
    out = torch.binomial(c.to(p.dtype), p, generator=_torch_generator(p.device))
    return wrap(out.to(torch.int64))
