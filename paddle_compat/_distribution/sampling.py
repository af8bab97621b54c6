"""The samplers Paddle runs as single C++ kernels, on Paddle's CPU generator draw for draw, so that
seeded samples equal Paddle's: standard_gamma and dirichlet (phi/kernels/impl/
dirichlet_kernel_impl.h, Marsaglia-Tsang), poisson (libstdc++'s std::poisson_distribution, which
Paddle's CPU kernel calls per element) and binomial (phi/kernels/funcs/binomial_functor.h: BTRS, or
inversion below n*p = 10). They run element by element in Python, as the C++ loops do (each
element's rejection loop consumes a data-dependent number of draws): fine for the sample sizes of
tests and small models, slow for millions of draws.

Float arithmetic follows C++: float32 statements in float32 unless a double literal promotes them;
logf is glibc's (bit-exact emulation, paddle_compat/_random.py); lgamma and log1pf are glibc's
through ctypes where libm can be loaded (else Python's, which may differ in the last bit).

Differences from Paddle: on a CUDA place the numbers come from torch's samplers.
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


# ---- poisson: libstdc++'s std::poisson_distribution<int>, one fresh object per element ----------
def _libm_lgamma():
    """glibc's lgamma (std::lgamma) through ctypes; CPython's math.lgamma is its own code and can
    differ in the last bit."""
    try:
        import ctypes
        import ctypes.util
        fn = ctypes.CDLL(ctypes.util.find_library("m") or "libm.so.6").lgamma
        fn.restype, fn.argtypes = ctypes.c_double, [ctypes.c_double]
        return fn
    except (OSError, AttributeError):
        return math.lgamma


_LGAMMA = None
_BELOW_ONE = float(np.nextafter(1.0, 0.0))


def _canonical64(gen):
    """generate_canonical<double> from one 64-bit word."""
    return min(float(gen.random()) * 2.0 ** -64, _BELOW_ONE)


class _PolarNormal:
    """std::normal_distribution<double>(0, 1): Marsaglia's polar method with the spare kept for
    the next call on the same object."""

    def __init__(self):
        self.saved = None

    def __call__(self, gen):
        if self.saved is not None:
            r, self.saved = self.saved, None
            return r
        while True:
            x = 2.0 * _canonical64(gen) - 1.0
            y = 2.0 * _canonical64(gen) - 1.0
            r2 = x * x + y * y
            if r2 <= 1.0 and r2 != 0.0:
                break
        mult = math.sqrt(-2.0 * math.log(r2) / r2)
        self.saved = x * mult
        return y * mult


def _poisson_draw(mean, gen):
    """One std::poisson_distribution<int>(mean) draw (libstdc++: the product of uniforms below
    mean 12, Devroye's rejection method from 12 on)."""
    global _LGAMMA
    if mean < 12:
        thr = math.exp(-mean)
        x, prod = 0, 1.0
        while True:
            prod *= _canonical64(gen)
            x += 1
            if not prod > thr:
                return x - 1
    if _LGAMMA is None:
        _LGAMMA = _libm_lgamma()
    m = math.floor(mean)
    lm_thr = math.log(mean)
    lfm = _LGAMMA(m + 1)
    sm = math.sqrt(m)
    pi_4 = 0.7853981633974483096156608458198757
    dx = math.sqrt(2 * m * math.log(32 * m / pi_4))
    d = float(math.floor(max(6.0, min(m, dx)) + 0.5))   # std::round (d > 0: halves go up)
    cx = 2 * m + d
    scx = math.sqrt(cx / 2)
    one_cx = 1 / cx
    c2b = math.sqrt(pi_4 * cx) * math.exp(one_cx)
    cb = 2 * cx * math.exp(-d * one_cx * (1 + d / 2)) / d
    naf = (1 - 2.0 ** -52) / 2
    thr = 2147483647 + naf
    spi_2 = 1.2533141373155002512078826424055226
    c1 = sm * spi_2
    c2 = c2b + c1
    c3 = c2 + 1
    c4 = c3 + 1
    r178 = 0.0128205128205128205128205128205128
    e178 = 1.0129030479320018583185514777512983
    c5 = c4 + e178
    c = cb + c5
    two_cx = 2 * (2 * m + d)
    nd = _PolarNormal()
    while True:
        u = c * _canonical64(gen)
        e = -math.log(1.0 - _canonical64(gen))
        w = 0.0
        if u <= c1:
            n = nd(gen)
            y = -abs(n) * sm - 1
            x = math.floor(y)
            w = -n * n / 2
            if x < -m:
                continue
        elif u <= c2:
            n = nd(gen)
            y = 1 + abs(n) * scx
            x = math.ceil(y)
            w = y * (2 - y) * one_cx
            if x > d:
                continue
        elif u <= c3:
            x = -1
        elif u <= c4:
            x = 0
        elif u <= c5:
            x = 1
            w = r178
        else:
            v = -math.log(1.0 - _canonical64(gen))
            y = d + v * two_cx / d
            x = math.ceil(y)
            w = -d * one_cx * (1 + y / 2)
        reject = (w - e - x * lm_thr > lfm - _LGAMMA(x + m + 1)) or x + m >= thr
        if not reject:
            return int(x + m + naf)


def poisson(x):
    """paddle.poisson(x): Poisson(x) draws, one per element, in x's dtype: Paddle's CPU kernel
    (libstdc++'s std::poisson_distribution per element on Paddle's generator).

    Differences from Paddle: on a CUDA place the numbers come from torch's sampler.
    """
    t = _host_floats(x, "paddle.poisson")
    if t.is_cuda:
        return wrap(torch.poisson(t))
    gen = default_cpu_generator()
    rates = t.cpu().numpy()
    out = np.array([_poisson_draw(float(r), gen) for r in rates.reshape(-1)], dtype=rates.dtype)
    return wrap(torch.from_numpy(out.reshape(rates.shape)))


# ---- binomial: Paddle's funcs/binomial_functor.h (BTRS, or inversion for n*p < 10) ---------------
_TAIL = (0.0810614667953272, 0.0413406959554092, 0.0276779256849983, 0.02079067210376509,
         0.0166446911898211, 0.0138761288230707, 0.0118967099458917, 0.0104112652619720,
         0.00925546218271273, 0.00833056343336287)
_LIBM = {}


def _libm(name, f32):
    """A glibc libm function through ctypes (None where there is no libm to load)."""
    key = (name, f32)
    if key not in _LIBM:
        try:
            import ctypes
            import ctypes.util
            fn = getattr(ctypes.CDLL(ctypes.util.find_library("m") or "libm.so.6"), name)
            c = ctypes.c_float if f32 else ctypes.c_double
            fn.restype, fn.argtypes = c, [c]
            _LIBM[key] = fn
        except (OSError, AttributeError):
            _LIBM[key] = None
    return _LIBM[key]


def _log1p(x, T):
    fn = _libm("log1pf" if T is np.float32 else "log1p", T is np.float32)
    return T(fn(float(x))) if fn is not None else T(np.log1p(T(x)))


def _stirling_tail(k, T):
    if k <= 9:
        return T(_TAIL[k])
    kp1sq = T((k + 1) * (k + 1))
    return T((1.0 / 12 - (1.0 / 360 - 1.0 / 1260 / float(kp1sq)) / float(kp1sq)) / (k + 1))


def _btrs(n, p, gen, T):
    """Paddle's btrs<T>: each statement in T, or in double where a double literal joins it, as
    C++ evaluates it; every uniform is one std::uniform_real_distribution<T> draw."""
    f32 = T is np.float32
    one = T(1)
    stddev = T(np.sqrt(T(T(n * p) * T(one - p))))
    b = T(1.15 + 2.53 * float(stddev))
    a = T(-0.0873 + 0.0248 * float(b) + 0.01 * float(p))
    c = T(float(T(n * p)) + 0.5)
    v_r = T(0.92 - 4.2 / float(b))
    r = T(p / T(one - p))
    alpha = T((2.83 + 5.1 / float(b)) * float(stddev))
    m = T(np.floor(T(T(n + one) * p)))
    while True:
        U = T(float(gen.uniform(1, 0.0, 1.0, f32)[0]) - 0.5)
        V = gen.uniform(1, 0.0, 1.0, f32)[0]
        us = T(0.5 - float(abs(U)))
        k = int(np.floor(T(T(T(T(T(2) * a) / us) + b) * U) + c))
        if k < 0 or T(k) > n:
            continue
        if float(us) >= 0.07 and V <= v_r:
            return k
        V = _log(T(T(V * alpha) / T(T(a / T(us * us)) + b)), T)
        ub = (float(m) + 0.5) * float(_log(T(T(m + one) / T(r * T(T(n - m) + one))), T))
        ub = ub + float(T(T(n + one) * _log(T(T(T(n - m) + one) / T(T(n - T(k)) + one)), T)))
        ub = ub + (k + 0.5) * float(_log(T(T(r * T(T(n - T(k)) + one)) / T(k + 1)), T))
        ub = ub + float(_stirling_tail(int(m), T)) + float(_stirling_tail(int(n - m), T))
        ub = ub - float(_stirling_tail(k, T)) - float(_stirling_tail(int(T(n - T(k))), T))
        if V <= T(ub):
            return k


def _binomial_inversion(n, p, gen, T):
    f32 = T is np.float32
    geom_sum, num_geom = T(0), 0
    logprob = _log1p(-p, T)
    while True:
        unif = gen.uniform(1, 0.0, 1.0, f32)[0]
        geom = T(np.ceil(T(_log(unif, T) / logprob)))
        geom_sum = T(geom_sum + geom)
        if geom_sum > n:
            return num_geom
        num_geom += 1


def _binomial_draw(n, p, gen, T):
    if n <= 0 or p <= 0:
        return 0
    if p >= 1:
        return int(n)
    if p <= 0.5:
        if float(T(n * p)) >= 10.0:
            return _btrs(n, p, gen, T)
        return _binomial_inversion(n, p, gen, T)
    q = T(1.0 - float(p))
    if float(T(n * q)) >= 10.0:
        return int(n) - _btrs(n, q, gen, T)
    return int(n) - _binomial_inversion(n, q, gen, T)


def binomial(count, prob):
    """paddle.binomial(count, prob): int64 Binomial(count, prob) draws, Paddle's CPU kernel
    (funcs/binomial_functor.h) element by element on Paddle's generator.

    Differences from Paddle: on a CUDA place the numbers come from torch's sampler.
    """
    p = _host_floats(prob, "paddle.binomial")
    c = count._t.detach().to(p.dtype)
    c, p = torch.broadcast_tensors(c, p)
    if p.is_cuda:
        return wrap(torch.binomial(c, p).to(torch.int64))
    T = np.float32 if p.dtype == torch.float32 else np.float64
    gen = default_cpu_generator()
    ns, ps = c.cpu().numpy().reshape(-1), p.cpu().numpy().reshape(-1)
    out = np.array([_binomial_draw(T(n), T(q), gen, T) for n, q in zip(ns, ps)], dtype=np.int64)
    return wrap(torch.from_numpy(out.reshape(tuple(p.shape))))
