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

The `*_kernel` functions take and return torch tensors (for an op record's kernel); the plain
functions take paddle Tensors (dynamic mode).

Differences from Paddle: on a CUDA place the numbers come from torch's samplers; the plain
functions do not record into a static Program (a static-graph Variable raises NotImplementedError).
"""
import math
import struct

import numpy as np
import torch

from .. import _random
from .._random import _logf, default_cpu_generator
from .._tensor import wrap

__all__ = ["standard_gamma", "dirichlet", "poisson", "binomial", "standard_gamma_kernel",
           "dirichlet_kernel", "poisson_kernel", "binomial_kernel"]


# ---- one draw at a time, in Python scalars -------------------------------------------------------
# The samplers below consume the engine one word at a time, in an order that depends on the values
# drawn. Calling the generator's vectorised helpers once per draw costs ~10 us a call; this stream
# takes words in chunks from the engine, computes the same canonical / polar-normal numbers in
# Python scalars, and gives the unused words back at the end, so the engine's state is exactly
# what the sequential C++ code leaves.
_PACK_F, _PACK_I = struct.Struct("<f"), struct.Struct("<i")
_INVC = _random._INVC.tolist()
_Y0 = _random._Y0.tolist()
_P0, _P1, _P2, _OFF = _random._P0, _random._P1, _random._P2, _random._OFF
_TWO64_BELOW = float(np.nextafter(2.0 ** 64, 0.0))
_F32_TWO64_BELOW = float(np.nextafter(np.float32(2.0 ** 64), np.float32(0)))


def f32(x):
    """Round a Python float to float32 (every +, -, *, /, sqrt of float32 values done in double
    and rounded once is the float32 operation's result)."""
    return _PACK_F.unpack(_PACK_F.pack(x))[0]


def logf(x):
    """glibc's logf of a positive normal float32 value (as a Python float): _random._logf's steps
    in scalar double arithmetic, so bit for bit the same."""
    ix = _PACK_I.unpack(_PACK_F.pack(x))[0]
    if ix < 0x00800000:                     # subnormal: the vectorised code handles it
        return float(_logf(np.array([x], dtype=np.float32))[0])
    tmp = ix - _OFF
    idx = (tmp & 0xFFFFFFFF) >> 19
    iz = ix - (tmp & -0x800000)
    z = _PACK_F.unpack(_PACK_I.pack(iz))[0]
    r = z * _INVC[idx] - 1.0
    r2 = r * r
    y = r * _P1 + _P2
    y = y + r2 * _P0
    y = y * r2
    y = y + (r + _Y0[idx])
    return f32(y)


class _Stream:
    """Canonical floats and std::normal_distribution draws from Paddle's engine, one at a time."""

    def __init__(self, gen, f32_):
        self.engine = gen._engine
        self.lock = gen._lock
        self.f32 = f32_
        self.words = []
        self.pos = 0

    def __enter__(self):
        self.lock.acquire()
        return self

    def __exit__(self, *exc):
        left = len(self.words) - self.pos
        if left:
            self.engine.unread(left)
        self.lock.release()

    def word(self):
        if self.pos >= len(self.words):
            self.words = self.engine.take(64).tolist()
            self.pos = 0
        w = self.words[self.pos]
        self.pos += 1
        return w

    def _t_of_word(self, u):
        """T(u) for a uint64 word, correctly rounded (a sticky bit keeps float32's one rounding)."""
        if self.f32:
            if u >= 1 << 53:
                u = (u >> 11) | (1 if u & 0x7FF else 0)
                return min(f32(float(u) * 2048.0), _F32_TWO64_BELOW)
            return f32(float(u))
        return min(float(u), _TWO64_BELOW)

    def canonical(self):
        """generate_canonical<T>: one std::uniform_real_distribution<T>(0, 1) draw."""
        return self._t_of_word(self.word()) * 2.0 ** -64

    def normal(self):
        """One draw of a fresh std::normal_distribution<T>(0, 1) (the spare is dropped)."""
        while True:
            x = self._t_of_word(self.word()) * 2.0 ** -63 - 1.0
            y = self._t_of_word(self.word()) * 2.0 ** -63 - 1.0
            if self.f32:
                x, y = f32(x), f32(y)
                r2 = f32(f32(x * x) + f32(y * y))
            else:
                r2 = x * x + y * y
            if r2 <= 1.0 and r2 != 0.0:
                break
        if self.f32:
            mult = f32(math.sqrt(f32(f32(-2.0 * logf(r2)) / r2)))
            return f32(y * mult) + 0.0
        return y * math.sqrt(-2.0 * math.log(r2) / r2) + 0.0   # math.log is glibc's log


def _ident(x):
    return x


def _gamma_draws(alpha, gen, is_f32):
    """Paddle's CPU gamma sampler (phi/kernels/impl/dirichlet_kernel_impl.h, `sample_gamma`, the
    Marsaglia-Tsang method numpy also uses), element by element in Paddle's order. Each standard
    uniform is a fresh std::uniform_real_distribution<T> (one engine word), each standard normal a
    fresh std::normal_distribution<T> (a polar pair, the spare dropped); the arithmetic is in T with
    float literals (1.0f/3.0f, 0.0331f) as C++ promotes them."""
    T = np.float32 if is_f32 else np.float64
    R = f32 if is_f32 else _ident
    L = logf if is_f32 else math.log
    third, k = f32(1.0 / 3.0), f32(0.0331)
    tiny = float(np.finfo(T).tiny)
    flat = np.asarray(alpha, dtype=T).reshape(-1).tolist()
    out = []
    with _Stream(gen, is_f32) as st:
        for a in flat:
            scale = 1.0
            if a < 1.0:
                if a == 0:
                    out.append(tiny)
                    continue
                u0 = st.canonical()
                scale = R(math.pow(R(1.0 - u0), R(1.0 / a)))
                a = R(a + 1.0)
            d = R(a - third)
            c = R(1.0 / R(math.sqrt(R(9.0 * d))))
            while True:
                while True:
                    x = st.normal()
                    y = R(1.0 + R(c * x))
                    if y > 0:
                        break
                v = R(R(y * y) * y)
                u = R(1.0 - st.canonical())
                xx = R(x * x)
                if u < R(1.0 - R(R(k * xx) * xx)) or \
                        L(u) < R(R(0.5 * xx) + R(d * R(R(1.0 - v) + L(v)))):
                    out.append(max(tiny, R(R(scale * d) * v)))
                    break
    return np.array(out, dtype=T).reshape(np.shape(alpha))


def _floats(t, api):
    if t.dtype not in (torch.float32, torch.float64):
        raise TypeError(f"{api}: paddle_compat draws float32 and float64 only, got "
                        f"{str(t.dtype).replace('torch.', '')}")
    return t.detach()


def _raw(x, api):
    """The torch tensor of a paddle Tensor argument; a static-graph Variable (no data) is refused."""
    if x._t is None:
        raise NotImplementedError(
            f"{api} in static mode is not supported by paddle_compat (its sampler runs outside the "
            "op registry); sample in dynamic mode (paddle.disable_static()) or feed the samples")
    return x._t


def standard_gamma_kernel(t):
    """torch in, torch out: Gamma(t, 1) draws, Paddle's CPU stream (torch's sampler on CUDA)."""
    t = _floats(t, "paddle.standard_gamma")
    if t.is_cuda:
        return torch._standard_gamma(t)
    return torch.from_numpy(_gamma_draws(t.cpu().numpy(), default_cpu_generator(),
                                         t.dtype == torch.float32))


def dirichlet_kernel(t):
    """torch in, torch out: Paddle's dirichlet kernel, gamma draws divided by their sum along the
    last axis."""
    t = _floats(t, "paddle.distribution.Dirichlet.sample")
    gam = standard_gamma_kernel(t)
    return gam / gam.sum(-1, keepdim=True)


def standard_gamma(x):
    """paddle.standard_gamma(x): Gamma(x, 1) draws, one per element, Paddle's CPU stream.

    Differences from Paddle: on a CUDA place the numbers come from torch's sampler; static mode is
    not supported.
    """
    return wrap(standard_gamma_kernel(_raw(x, "paddle.standard_gamma")))


def dirichlet(concentration):
    """Paddle's dirichlet op: Dirichlet(concentration) draws on Paddle's CPU stream.

    Differences from Paddle: on a CUDA place the numbers come from torch's sampler; static mode is
    not supported.
    """
    return wrap(dirichlet_kernel(_raw(concentration, "paddle.distribution.Dirichlet.sample")))


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


class _PolarNormal:
    """std::normal_distribution<double>(0, 1) as a member of one poisson_distribution object:
    Marsaglia's polar method with the spare kept for the object's next call."""

    def __init__(self):
        self.saved = None

    def __call__(self, st):
        if self.saved is not None:
            r, self.saved = self.saved, None
            return r
        while True:
            x = 2.0 * st.canonical() - 1.0
            y = 2.0 * st.canonical() - 1.0
            r2 = x * x + y * y
            if r2 <= 1.0 and r2 != 0.0:
                break
        mult = math.sqrt(-2.0 * math.log(r2) / r2)
        self.saved = x * mult
        return y * mult


def _poisson_draw(mean, st):
    """One std::poisson_distribution<int>(mean) draw (libstdc++: the product of uniforms below
    mean 12, Devroye's rejection method from 12 on)."""
    global _LGAMMA
    if mean < 12:
        thr = math.exp(-mean)
        x, prod = 0, 1.0
        while True:
            prod *= st.canonical()
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
        u = c * st.canonical()
        e = -math.log(1.0 - st.canonical())
        w = 0.0
        if u <= c1:
            n = nd(st)
            y = -abs(n) * sm - 1
            x = math.floor(y)
            w = -n * n / 2
            if x < -m:
                continue
        elif u <= c2:
            n = nd(st)
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
            v = -math.log(1.0 - st.canonical())
            y = d + v * two_cx / d
            x = math.ceil(y)
            w = -d * one_cx * (1 + y / 2)
        reject = (w - e - x * lm_thr > lfm - _LGAMMA(x + m + 1)) or x + m >= thr
        if not reject:
            return int(x + m + naf)


def poisson_kernel(t):
    """torch in, torch out: Poisson(t) draws in t's dtype, Paddle's CPU kernel (libstdc++'s
    std::poisson_distribution per element on Paddle's generator; torch's sampler on CUDA)."""
    t = _floats(t, "paddle.poisson")
    if t.is_cuda:
        return torch.poisson(t)
    rates = t.cpu().numpy()
    with _Stream(default_cpu_generator(), False) as st:    # generate_canonical<double> always
        out = np.array([_poisson_draw(r, st) for r in rates.reshape(-1).tolist()],
                       dtype=rates.dtype)
    return torch.from_numpy(out.reshape(rates.shape))


def poisson(x):
    """paddle.poisson(x): Poisson(x) draws, one per element, in x's dtype, Paddle's CPU stream.

    Differences from Paddle: on a CUDA place the numbers come from torch's sampler; static mode is
    not supported.
    """
    return wrap(poisson_kernel(_raw(x, "paddle.poisson")))


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


def _log1p(x, is_f32):
    fn = _libm("log1pf" if is_f32 else "log1p", is_f32)
    if fn is not None:
        return fn(x)
    return float(np.log1p(np.float32(x))) if is_f32 else math.log1p(x)


def _stirling_tail(k, R):
    if k <= 9:
        return R(_TAIL[k])
    kp1sq = R(float((k + 1) * (k + 1)))
    return R((1.0 / 12 - (1.0 / 360 - 1.0 / 1260 / kp1sq) / kp1sq) / (k + 1))


def _btrs(n, p, st, R, L):
    """Paddle's btrs<T>: each statement in T (R rounds to it), or in double where a double
    literal joins it, as C++ evaluates it; every uniform is one uniform_real_distribution<T>."""
    stddev = R(math.sqrt(R(R(n * p) * R(1.0 - p))))
    b = R(1.15 + 2.53 * stddev)
    a = R(-0.0873 + 0.0248 * b + 0.01 * p)
    c = R(R(n * p) + 0.5)
    v_r = R(0.92 - 4.2 / b)
    r = R(p / R(1.0 - p))
    alpha = R((2.83 + 5.1 / b) * stddev)
    m = float(math.floor(R(R(n + 1.0) * p)))
    while True:
        U = R(st.canonical() - 0.5)
        V = st.canonical()
        us = R(0.5 - abs(U))
        k = math.floor(R(R(R(R(R(2.0 * a) / us) + b) * U) + c))
        if k < 0 or R(float(k)) > n:
            continue
        if us >= 0.07 and V <= v_r:
            return k
        V = L(R(R(V * alpha) / R(R(a / R(us * us)) + b)))
        nk = R(n - R(float(k)))
        ub = (m + 0.5) * L(R(R(m + 1.0) / R(r * R(R(n - m) + 1.0))))
        ub = ub + R(R(n + 1.0) * L(R(R(R(n - m) + 1.0) / R(nk + 1.0))))
        ub = ub + (k + 0.5) * L(R(R(r * R(nk + 1.0)) / R(float(k + 1))))
        ub = ub + _stirling_tail(int(m), R) + _stirling_tail(int(R(n - m)), R)
        ub = ub - _stirling_tail(k, R) - _stirling_tail(int(nk), R)
        if V <= R(ub):
            return k


def _binomial_inversion(n, p, st, R, L, is_f32):
    geom_sum, num_geom = 0.0, 0
    logprob = _log1p(-p, is_f32)
    while True:
        geom = math.ceil(R(L(st.canonical()) / logprob))
        geom_sum = R(geom_sum + geom)
        if geom_sum > n:
            return num_geom
        num_geom += 1


def _binomial_draw(n, p, st, is_f32):
    R = f32 if is_f32 else _ident
    L = logf if is_f32 else math.log
    if n <= 0 or p <= 0:
        return 0
    if p >= 1:
        return int(n)
    if p <= 0.5:
        if R(n * p) >= 10.0:
            return _btrs(n, p, st, R, L)
        return _binomial_inversion(n, p, st, R, L, is_f32)
    q = R(1.0 - p)
    if R(n * q) >= 10.0:
        return int(n) - _btrs(n, q, st, R, L)
    return int(n) - _binomial_inversion(n, q, st, R, L, is_f32)


def binomial_kernel(count, prob):
    """torch in, torch out: int64 Binomial(count, prob) draws, Paddle's CPU kernel
    (funcs/binomial_functor.h) element by element on Paddle's generator (torch's sampler on
    CUDA). `count` is cast to prob's dtype, as Paddle's Python layer does."""
    p = _floats(prob, "paddle.binomial")
    c, p = torch.broadcast_tensors(count.detach().to(p.dtype), p)
    if p.is_cuda:
        return torch.binomial(c, p).to(torch.int64)
    is_f32 = p.dtype == torch.float32
    ns, ps = c.cpu().numpy().reshape(-1).tolist(), p.cpu().numpy().reshape(-1).tolist()
    with _Stream(default_cpu_generator(), is_f32) as st:
        out = np.array([_binomial_draw(n, q, st, is_f32) for n, q in zip(ns, ps)], dtype=np.int64)
    return torch.from_numpy(out.reshape(tuple(p.shape)))


def binomial(count, prob):
    """paddle.binomial(count, prob): int64 Binomial(count, prob) draws, Paddle's CPU stream.

    Differences from Paddle: on a CUDA place the numbers come from torch's sampler; static mode is
    not supported.
    """
    return wrap(binomial_kernel(_raw(count, "paddle.binomial"), _raw(prob, "paddle.binomial")))
