"""paddle.audio.functional.get_window and the window functions behind it (hamming, hann, kaiser,
bartlett, nuttall, gaussian, general_gaussian, exponential, triang, bohman, blackman, cosine,
tukey, taylor, general_cosine, general_hamming).

Follows Paddle 3.3.1's python/paddle/audio/functional/window.py (Apache-2.0; the formulas are
scipy.signal.windows') op for op in the requested dtype (float64 by default), so values round as
Paddle's do. Paddle looks a window up by name in one table holding every `_`-prefixed function of
the module, its helpers (`_cat`, `_extend`, ...) included; the table here holds the same names, so
an odd name fails the same way (ValueError "Unknown window type." or the helper's TypeError).
"""
import math

import numpy as np

from ..._creation_core import to_tensor
from ..._ops.creation import arange, empty, empty_like, linspace, ones, zeros
from ..._ops.linalg import matmul
from ..._ops.logic import less_equal
from ..._ops.manipulation import concat
from ..._ops.math import abs as _abs
from ..._ops.math import cos, exp, i0, log, prod, sin, sqrt, square
from ..._ops.search import where

__all__ = ["get_window"]

_WINDOWS = {}


def _register(func):
    _WINDOWS[func.__name__] = func
    return func


@_register
def _cat(x, data_type):
    parts = []
    for t in x:
        if np.isscalar(t) and not isinstance(t, str):
            parts.append(to_tensor([t], data_type))
        else:
            parts.append(to_tensor(t, data_type))
    return concat(parts)


@_register
def _bartlett(M, sym=True, dtype="float64"):
    """The Bartlett window (scipy.signal.windows.bartlett)."""
    if _len_guards(M):
        return ones((M,), dtype=dtype)
    M, needs_trunc = _extend(M, sym)
    n = arange(0, M, dtype=dtype)
    M = to_tensor(M, dtype=dtype)
    w = where(less_equal(n, (M - 1) / 2.0), 2.0 * n / (M - 1), 2.0 - 2.0 * n / (M - 1))
    return _truncate(w, needs_trunc)


@_register
def _kaiser(M, beta, sym=True, dtype="float64"):
    """The Kaiser window (scipy.signal.windows.kaiser)."""
    if _len_guards(M):
        return ones((M,), dtype=dtype)
    M, needs_trunc = _extend(M, sym)
    beta = to_tensor(beta, dtype=dtype)
    n = arange(0, M, dtype=dtype)
    M = to_tensor(M, dtype=dtype)
    alpha = (M - 1) / 2.0
    w = i0(beta * sqrt(1 - ((n - alpha) / alpha) ** 2.0)) / i0(beta)
    return _truncate(w, needs_trunc)


@_register
def _nuttall(M, sym=True, dtype="float64"):
    """The Nuttall window (scipy.signal.windows.nuttall)."""
    a = to_tensor([0.3635819, 0.4891775, 0.1365995, 0.0106411], dtype=dtype)
    return _general_cosine(M, a=a, sym=sym, dtype=dtype)


@_register
def _acosh(x):
    if isinstance(x, float):
        return math.log(x + math.sqrt(x ** 2 - 1))
    return log(x + sqrt(square(x) - 1))


@_register
def _extend(M, sym):
    """Extend the window by one sample for DFT-even symmetry (periodic windows)."""
    if not sym:
        return M + 1, True
    return M, False


@_register
def _len_guards(M):
    """Paddle's check of the window length; True when the window is trivially all ones."""
    if int(M) != M or M < 0:
        raise ValueError("Window length M must be a non-negative integer")
    return M <= 1


@_register
def _truncate(w, needed):
    """Drop the extra sample _extend added."""
    if needed:
        return w[:-1]
    return w


@_register
def _general_gaussian(M, p, sig, sym=True, dtype="float64"):
    """A generalized Gaussian window (scipy.signal.windows.general_gaussian)."""
    if _len_guards(M):
        return ones((M,), dtype=dtype)
    M, needs_trunc = _extend(M, sym)
    n = arange(0, M, dtype=dtype) - (M - 1.0) / 2.0
    w = exp(-0.5 * _abs(n / sig) ** (2 * p))
    return _truncate(w, needs_trunc)


@_register
def _general_cosine(M, a, sym=True, dtype="float64"):
    """A weighted sum of cosine terms (scipy.signal.windows.general_cosine)."""
    if _len_guards(M):
        return ones((M,), dtype=dtype)
    M, needs_trunc = _extend(M, sym)
    fac = linspace(-math.pi, math.pi, M, dtype=dtype)
    w = zeros((M,), dtype=dtype)
    for k in range(len(a)):
        w += a[k] * cos(k * fac)
    return _truncate(w, needs_trunc)


@_register
def _general_hamming(M, alpha, sym=True, dtype="float64"):
    """A generalized Hamming window (scipy.signal.windows.general_hamming)."""
    return _general_cosine(M, [alpha, 1.0 - alpha], sym, dtype=dtype)


@_register
def _taylor(M, nbar=4, sll=30, norm=True, sym=True, dtype="float64"):
    """The Taylor window (scipy.signal.windows.taylor; `sll` positive as there)."""
    if _len_guards(M):
        return ones((M,), dtype=dtype)
    M, needs_trunc = _extend(M, sym)
    B = 10 ** (sll / 20)
    A = _acosh(B) / math.pi
    s2 = nbar ** 2 / (A ** 2 + (nbar - 0.5) ** 2)
    ma = arange(1, nbar, dtype=dtype)

    Fm = empty((nbar - 1,), dtype=dtype)
    signs = empty_like(ma)
    signs[::2] = 1
    signs[1::2] = -1
    m2 = ma * ma
    for mi in range(len(ma)):
        number = signs[mi] * prod(1 - m2[mi] / s2 / (A ** 2 + (ma - 0.5) ** 2))
        if mi == 0:
            denom = 2 * prod(1 - m2[mi] / m2[mi + 1:])
        elif mi == len(ma) - 1:
            denom = 2 * prod(1 - m2[mi] / m2[:mi])
        else:
            denom = 2 * prod(1 - m2[mi] / m2[:mi]) * prod(1 - m2[mi] / m2[mi + 1:])
        Fm[mi] = number / denom

    def W(n):
        return 1 + 2 * matmul(Fm.unsqueeze(0),
                              cos(2 * math.pi * ma.unsqueeze(1) * (n - M / 2.0 + 0.5) / M))

    w = W(arange(0, M, dtype=dtype))
    if norm:    # normalized to 1 at the centre (not in the original text; scipy does it too)
        scale = 1.0 / W((M - 1) / 2)
        w *= scale
    w = w.squeeze()
    return _truncate(w, needs_trunc)


@_register
def _hamming(M, sym=True, dtype="float64"):
    """The Hamming window."""
    return _general_hamming(M, 0.54, sym, dtype=dtype)


@_register
def _hann(M, sym=True, dtype="float64"):
    """The Hann window."""
    return _general_hamming(M, 0.5, sym, dtype=dtype)


@_register
def _tukey(M, alpha=0.5, sym=True, dtype="float64"):
    """The Tukey (tapered cosine) window."""
    if _len_guards(M):
        return ones((M,), dtype=dtype)
    if alpha <= 0:
        return ones((M,), dtype=dtype)
    elif alpha >= 1.0:
        # Paddle drops `dtype` here: the window is float64 whatever was asked
        return _hann(M, sym=sym)
    M, needs_trunc = _extend(M, sym)

    n = arange(0, M, dtype=dtype)
    width = int(alpha * (M - 1) / 2.0)
    n1 = n[0:width + 1]
    n2 = n[width + 1:M - width - 1]
    n3 = n[M - width - 1:]

    w1 = 0.5 * (1 + cos(math.pi * (-1 + 2.0 * n1 / alpha / (M - 1))))
    w2 = ones(n2.shape, dtype=dtype)
    w3 = 0.5 * (1 + cos(math.pi * (-2.0 / alpha + 1 + 2.0 * n3 / alpha / (M - 1))))
    w = concat([w1, w2, w3])
    return _truncate(w, needs_trunc)


@_register
def _gaussian(M, std, sym=True, dtype="float64"):
    """The Gaussian window of standard deviation `std`."""
    if _len_guards(M):
        return ones((M,), dtype=dtype)
    M, needs_trunc = _extend(M, sym)
    n = arange(0, M, dtype=dtype) - (M - 1.0) / 2.0
    sig2 = 2 * std * std
    w = exp(-(n ** 2) / sig2)
    return _truncate(w, needs_trunc)


@_register
def _exponential(M, center=None, tau=1.0, sym=True, dtype="float64"):
    """The exponential (Poisson) window."""
    if sym and center is not None:
        raise ValueError("If sym==True, center must be None.")
    if _len_guards(M):
        return ones((M,), dtype=dtype)
    M, needs_trunc = _extend(M, sym)
    if center is None:
        center = (M - 1) / 2
    n = arange(0, M, dtype=dtype)
    w = exp(-_abs(n - center) / tau)
    return _truncate(w, needs_trunc)


@_register
def _triang(M, sym=True, dtype="float64"):
    """The triangular window."""
    if _len_guards(M):
        return ones((M,), dtype=dtype)
    M, needs_trunc = _extend(M, sym)
    n = arange(1, (M + 1) // 2 + 1, dtype=dtype)
    if M % 2 == 0:
        w = (2 * n - 1.0) / M
        w = concat([w, w[::-1]])
    else:
        w = 2 * n / (M + 1.0)
        w = concat([w, w[-2::-1]])
    return _truncate(w, needs_trunc)


@_register
def _bohman(M, sym=True, dtype="float64"):
    """The Bohman window (the autocorrelation of a cosine window)."""
    if _len_guards(M):
        return ones((M,), dtype=dtype)
    M, needs_trunc = _extend(M, sym)
    fac = _abs(linspace(-1, 1, M, dtype=dtype)[1:-1])
    w = (1 - fac) * cos(math.pi * fac) + 1.0 / math.pi * sin(math.pi * fac)
    w = _cat([0, w, 0], dtype)
    return _truncate(w, needs_trunc)


@_register
def _blackman(M, sym=True, dtype="float64"):
    """The Blackman window."""
    return _general_cosine(M, [0.42, 0.50, 0.08], sym, dtype=dtype)


@_register
def _cosine(M, sym=True, dtype="float64"):
    """A window with a simple cosine shape."""
    if _len_guards(M):
        return ones((M,), dtype=dtype)
    M, needs_trunc = _extend(M, sym)
    w = sin(math.pi / M * (arange(0, M, dtype=dtype) + 0.5))
    return _truncate(w, needs_trunc)


def get_window(window, win_length, fftbins=True, dtype="float64"):
    """paddle.audio.functional.get_window(window, win_length, fftbins=True, dtype='float64'): a
    window of `win_length` samples, periodic (`fftbins=True`, for spectra) or symmetric. `window`
    is a name ('hamming', 'hann', 'bartlett', 'nuttall', 'triang', 'bohman', 'blackman', 'cosine',
    'tukey', 'taylor', ...) or a tuple of a name and its parameters (('gaussian', std),
    ('kaiser', beta), ('exponential', center, tau), ('general_gaussian', p, sig), ...); 'gaussian',
    'exponential' and 'kaiser' need the tuple. Unknown names raise ValueError("Unknown window
    type.") as in Paddle."""
    sym = not fftbins
    args = ()
    if isinstance(window, tuple):
        winstr = window[0]
        if len(window) > 1:
            args = window[1:]
    elif isinstance(window, str):
        if window in ["gaussian", "exponential", "kaiser"]:
            raise ValueError("The '" + window + "' window needs one or "
                             "more parameters -- pass a tuple.")
        winstr = window
    else:
        raise ValueError(f"{type(window)} as window type is not supported.")

    try:
        winfunc = _WINDOWS["_" + winstr]
    except KeyError as e:
        raise ValueError("Unknown window type.") from e
    params = (win_length, *args)
    return winfunc(*params, dtype=dtype, sym=sym)
