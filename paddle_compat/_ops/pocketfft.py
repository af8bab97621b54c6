"""Paddle's CPU FFT arithmetic: pocketfft, run through numpy's pocketfft ufuncs.

Paddle 3.3.1's CPU kernels (phi/kernels/funcs/fft.cc) hand the whole axis list and one scale
factor to pocketfft's C++ n-D entry points (`pocketfft::c2c`, `r2c`, `c2r`). numpy >= 2 ships the
same pocketfft C++ code as 1-D gufuncs (`numpy.fft._pocketfft_umath`: `fft`, `ifft`,
`rfft_n_even`, `rfft_n_odd`, `irfft`, each taking the scale factor as an argument). Calling them
axis by axis in pocketfft's own order, with pocketfft's placement of the factor, gives Paddle's
values bit for bit (float32/float64/complex64/complex128, c2c/r2c/c2r, every norm; checked against
Paddle 3.3.1 in tests/test_pocketfft.py). torch.fft's CPU kernels (MKL, or torch's own pocketfft
build with the norm applied per call) differ from Paddle in the last bits, which is visible in
printed examples (`-0.16666663` for Paddle's `-0.16666667`, `2.4e-15` for Paddle's `0.`).

What pocketfft's n-D entry points do, reproduced here:
- the factor is 1/N or 1/sqrt(N) for N the product of the transformed lengths (computed in the
  real dtype, `1 / T(N)` and `1 / sqrt(T(N))`), applied once, inside the first 1-D pass; the
  other passes use 1;
- `c2c` transforms the axes in the order given;
- `r2c` does the real transform on the last axis first, then `c2c` on the others in order; the
  backward r2c (Paddle's ihfft) conjugates the half spectrum before the `c2c` passes (all but the
  DC and Nyquist terms, whose imaginary parts stay +0);
- `c2r` does `c2c` on all but the last axis first (conjugated input when forward, Paddle's hfft),
  then the real inverse on the last axis.
Paddle's two-sided r2c (fft of a real input) computes the one-sided result and fills the rest
with conjugates (FFTFillConj), as `r2c(..., onesided=False)` does here.

The ufuncs are numpy internals: when they are missing (numpy < 2, or a future rename), AVAILABLE
is False and paddle_compat's fft kernels use torch.fft (values equal to Paddle's within rounding).
"""
import numpy as np

try:
    from numpy.fft import _pocketfft_umath as _pfu
    AVAILABLE = all(hasattr(_pfu, n) for n in ("fft", "ifft", "rfft_n_even", "rfft_n_odd", "irfft"))
except ImportError:                 # numpy < 2: no pocketfft C++ ufuncs
    _pfu = None
    AVAILABLE = False

__all__ = ["AVAILABLE", "c2c", "r2c", "c2r", "norm_factor"]


def norm_factor(n, norm, forward, real_dtype):
    """Paddle's compute_factor(n, get_norm_from_string(norm, forward)) in the real dtype."""
    t = np.dtype(real_dtype).type
    if norm == "ortho":
        return t(1) / np.sqrt(t(n))
    if (norm == "forward") == bool(forward):       # forward+"forward" or inverse+"backward"
        return t(1) / t(n)
    return t(1)


def _c2c_pass(a, axis, forward, fct):
    ufunc = _pfu.fft if forward else _pfu.ifft
    return ufunc(a, fct, axes=[(axis,), (), (axis,)], out=np.empty_like(a))


def c2c(a, axes, norm, forward):
    """pocketfft::c2c over `axes` (complex64/complex128 array) -> a new array."""
    real = a.real.dtype
    fct = norm_factor(int(np.prod([a.shape[ax] for ax in axes])), norm, forward, real)
    one = real.type(1)
    for i, ax in enumerate(axes):
        a = _c2c_pass(a, ax, forward, fct if i == 0 else one)
    return a


def r2c(a, axes, norm, forward, onesided=True):
    """pocketfft::r2c over `axes` (float32/float64 array) -> the complex half spectrum on the last
    axis, or with onesided=False the full spectrum (Paddle's FFTFillConj)."""
    real = a.dtype
    last = axes[-1]
    n = a.shape[last]
    fct = norm_factor(int(np.prod([a.shape[ax] for ax in axes])), norm, forward, real)
    shape = list(a.shape)
    shape[last] = n // 2 + 1
    half = np.empty(shape, dtype=np.result_type(real, np.complex64))
    ufunc = _pfu.rfft_n_even if n % 2 == 0 else _pfu.rfft_n_odd
    half = ufunc(a, fct, axes=[(last,), (), (last,)], out=half)
    if not forward:
        # pocketfft's backward r2c negates the imaginary parts it computed and writes +0 for those
        # of the DC (and even-length Nyquist) terms, which a full conjugate would make -0.
        # (np.negative(v, out=v) on a strided view of `.imag` miscomputes in numpy 2.4: conjugate
        # into a new array and assign instead.)
        inner = [slice(None)] * half.ndim
        inner[last] = slice(1, (n + 1) // 2)
        inner = tuple(inner)
        half[inner] = np.conjugate(half[inner])
    one = real.type(1)
    for ax in axes[:-1]:
        half = _c2c_pass(half, ax, forward, one)
    if onesided:
        return half
    return _fill_conj(half, a.shape, axes)


def _fill_conj(half, full_shape, axes):
    """The full spectrum from the half one: X[k] = conj(X[-k mod n]) on every transformed axis,
    for the last axis' indices past the half (Paddle's FFTFillConj)."""
    last = axes[-1]
    n, m = full_shape[last], half.shape[last]
    out = np.empty(full_shape, dtype=half.dtype)
    keep = [slice(None)] * len(full_shape)
    keep[last] = slice(0, m)
    out[tuple(keep)] = half
    if n > m:
        mirror = half.take(n - np.arange(m, n), axis=last)
        for ax in axes[:-1]:
            size = full_shape[ax]
            mirror = mirror.take(-np.arange(size) % size, axis=ax)
        rest = [slice(None)] * len(full_shape)
        rest[last] = slice(m, n)
        out[tuple(rest)] = np.conjugate(mirror)
    return out


def c2r(a, axes, norm, forward, last_dim_size):
    """pocketfft::c2r over `axes` (complex64/complex128 array) -> a real array whose last
    transformed axis has `last_dim_size` points."""
    real = a.real.dtype
    last = axes[-1]
    out_shape = list(a.shape)
    out_shape[last] = last_dim_size
    fct = norm_factor(int(np.prod([out_shape[ax] for ax in axes])), norm, forward, real)
    one = real.type(1)
    for ax in axes[:-1]:
        a = _c2c_pass(a, ax, forward, one)
    if forward:
        a = np.conjugate(a)
    return _pfu.irfft(a, fct, axes=[(last,), (), (last,)], out=np.empty(out_shape, dtype=real))
