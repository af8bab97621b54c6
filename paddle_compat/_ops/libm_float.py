"""float32 exp and log rounded as the C library's expf / logf round them.

Paddle's scalar CPU kernels (sigmoid_cross_entropy_with_logits, ...) call `std::exp` /
`std::log` on floats: glibc's expf / logf. Those are accurate to about 0.502 ulp, so a few
percent of their results are not the correctly rounded value. torch's and numpy's vectorised
float32 exp / log are other approximations. To give glibc's bits: the value is computed in
float64 (far more accurate than a float32 ulp) and rounded to float32, and the elements whose
float64 value lies near a rounding midpoint, where glibc's rounding may go the other way, are
recomputed by glibc itself through ctypes (about 1 us each). Measured on glibc's expf: every
misrounded result lies within 0.002 ulp of a midpoint (so 1 % of the elements are recomputed);
logf (glibc 2.36: 0.82 ulp at worst) misrounds results 0.19 ulp from a midpoint (so every
element is recomputed). At most LIBM_LIMIT elements per call are recomputed (beyond: the correctly
rounded value, a few percent of the logs an ulp off glibc's); without a C library that has
expf / logf, the correctly rounded value.
"""
import ctypes
import ctypes.util

import numpy as np
import torch

__all__ = ["LIBM_LIMIT", "expf", "logf"]

LIBM_LIMIT = 1 << 12
# in float32 ulps: how far from a midpoint glibc's rounding may still differ (measured, with margin)
_NEAR = {"expf": 0.02, "logf": 0.5}


def _load():
    try:
        lib = ctypes.CDLL(ctypes.util.find_library("m") or "libm.so.6")
        fns = {}
        for name in ("expf", "logf"):
            fn = getattr(lib, name)
            fn.restype, fn.argtypes = ctypes.c_float, [ctypes.c_float]
            fns[name] = fn
        return fns
    except (OSError, AttributeError):
        return {}


_LIBM = _load()


def _rounded(x, name, fn64):
    """fn(x) for a float32 tensor, with glibc's rounding where it matters."""
    x = x.detach() if x.requires_grad else x
    y64 = fn64(x.double())
    out = y64.float()
    c_fn = _LIBM.get(name)
    if c_fn is None or out.numel() == 0:
        return out
    # distance of the float64 value from the float32 result, in ulps of that result
    ulp = torch.from_numpy(np.spacing(np.abs(out.numpy())).astype(np.float64))
    dist = ((y64 - out.double()).abs() / ulp)
    near = ((dist >= 0.5 - _NEAR[name]) & torch.isfinite(y64)).reshape(-1).nonzero().flatten()
    if 0 < near.numel() <= LIBM_LIMIT:
        args = x.reshape(-1)[near].tolist()
        out.view(-1)[near] = torch.tensor([c_fn(v) for v in args], dtype=torch.float32)
    return out


def expf(x):
    """exp of a float32 CPU tensor, glibc's expf bits (a new float32 tensor, no gradient)."""
    return _rounded(x, "expf", torch.exp)


def logf(x):
    """log of a float32 CPU tensor, glibc's logf bits (a new float32 tensor, no gradient)."""
    return _rounded(x, "logf", torch.log)
