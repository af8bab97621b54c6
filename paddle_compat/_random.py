"""Paddle-exact seeded CPU random numbers, vectorised in numpy.

Paddle's CPU generator is a `std::mt19937_64` seeded through `std::seed_seq({seed})`; its kernels
draw with libstdc++'s distributions (see shared/reference/paddle_semantics.md section 3.2). This module
reproduces that stream bit for bit, on whole arrays:

* the MT19937-64 engine (paddle_compat/_random_engine.py) twists 311 words per step of numpy
  calls into a reused batch of 160 generations and tempers the batch at once. Consumers take
  views of the batch chunk by chunk and can hand back the words they over-drew (`unread`):
  nothing is consumed beyond what the sequential C++ code consumes, and the state after any
  call is exactly Paddle's.
* `generate_canonical<T>` with a 64-bit engine takes one word: `T(u) / 2**64`, clamped below 1.
* `std::normal_distribution<T>` is Marsaglia's polar method in T arithmetic, with a fresh
  distribution object per kernel call: an odd-sized call drops its spare value. It runs on
  chunks of 16384 word pairs, so that every temporary stays in the L2 cache.
* float32 needs glibc's `logf` bit for bit. `_logf` is glibc's algorithm (ARM optimized-routines,
  glibc >= 2.28) in float64 numpy; it was checked exhaustively against glibc `logf` on every float32
  in (0, 1] (1 065 353 216 values, 0 mismatches; rounding the float64 log gives 214 946 mismatches).
  float64 needs glibc's `log`: `_log64` evaluates it in double-double numpy and hands the ~6 % of
  values too near a rounding midpoint to the C library's `log` (`math.log`), see `_log64`.

Helpers for other parts of the package (initialisers, dropout) - all draw from the default CPU
generator and return numpy arrays, advancing it exactly as the Paddle kernel would:

* `normal_(shape, mean=0.0, std=1.0, dtype='float32')` -> ndarray (Paddle's `gaussian` kernel).
* `uniform_(shape, low=-1.0, high=1.0, dtype='float32')` -> ndarray (Paddle's `uniform` kernel).
* `default_cpu_generator()` -> the global `Generator`; `Generator.random()` gives one raw word.

Differences from Paddle: numbers for CUDA places come from torch's CUDA generator (seeded by
`paddle.seed`), because Paddle's GPU stream (Philox in its own kernels) is not reproducible on CPU.
"""
import math
import os
import threading

import numpy as np

__all__ = ["Generator", "GeneratorState", "default_cpu_generator", "normal_", "uniform_",
           "seed_seq_state", "plain_seed_state"]

# The engine lives in _random_engine; _temper and _twist stay reachable here for the tests.
from ._random_engine import (_M32, _M64, _N, _Engine, _temper, _twist,  # noqa: F401
                             plain_seed_state, seed_seq_state)


# ---- canonical floats, glibc logf ------------------------------------------------------------
_BELOW = {np.float32: np.float32(np.nextafter(np.float32(2.0 ** 64), np.float32(0))),
          np.float64: np.nextafter(2.0 ** 64, 0.0)}
_HALF_BELOW = np.float32(_BELOW[np.float32] / 2)
_CV = {"one": np.uint64(1), "32": np.uint64(32), "m32": np.uint64(_M32)}


def _canonical(u, f32, out=None, scale=2.0 ** -64):
    """generate_canonical<T>: T(u) / 2**64, and nextafter(1, 0) where that rounds to 1.

    The clamped T(u) is multiplied by `scale` with one rounding: a power of two scales exactly
    (`scale=2**-63` gives 2 * canonical with one pass less); `_uniform` passes span * 2**-64.
    numpy's uint64 -> float casts are scalar and slow for u >= 2**63, its int64 casts are fast, so:
    float32: T(u) == 2 * T((u >> 1) | (u & 1)) for u >= 2**26 (the sticky bit keeps the one
    rounding; smaller u, probability 2**-38 a word, redo the chunk with the plain cast);
    float64: T(u) == T(u >> 32) * 2**32 + T(u & 0xffffffff), both parts exact, one rounding.
    """
    T = np.float32 if f32 else np.float64
    f = np.empty(len(u), dtype=T) if out is None else out
    if len(u) < 256:                        # few words: fewer calls beat faster ones
        np.copyto(f, u, casting="unsafe")
    elif f32:
        w = np.empty(len(u), dtype=np.uint64)
        np.right_shift(u, _CV["one"], w)
        b = np.bitwise_and(u, _CV["one"])
        np.bitwise_or(w, b, w)
        np.copyto(f, w.view(np.int64), casting="unsafe")
        if f.min() >= np.float32(2.0 ** 25):
            np.minimum(f, _HALF_BELOW, out=f)
            np.multiply(f, T(scale * 2), f)
            return f
        np.copyto(f, u, casting="unsafe")
    else:
        w = np.empty(len(u), dtype=np.uint64)
        np.right_shift(u, _CV["32"], w)
        np.copyto(f, w.view(np.int64))
        np.multiply(f, 2.0 ** 32, f)
        np.bitwise_and(u, _CV["m32"], w)
        np.add(f, w.view(np.int64), f)
    np.minimum(f, _BELOW[T], out=f)
    np.multiply(f, T(scale), f)
    return f


# glibc __logf_data (hex floats as text: Python has no hex float literals).
_LOGF_TAB = [(float.fromhex(a), float.fromhex(b)) for a, b in [
    ("0x1.661ec79f8f3bep+0", "-0x1.57bf7808caadep-2"), ("0x1.571ed4aaf883dp+0", "-0x1.2bef0a7c06ddbp-2"),
    ("0x1.49539f0f010bp+0", "-0x1.01eae7f513a67p-2"), ("0x1.3c995b0b80385p+0", "-0x1.b31d8a68224e9p-3"),
    ("0x1.30d190c8864a5p+0", "-0x1.6574f0ac07758p-3"), ("0x1.25e227b0b8eap+0", "-0x1.1aa2bc79c81p-3"),
    ("0x1.1bb4a4a1a343fp+0", "-0x1.a4e76ce8c0e5ep-4"), ("0x1.12358f08ae5bap+0", "-0x1.1973c5a611cccp-4"),
    ("0x1.0953f419900a7p+0", "-0x1.252f438e10c1ep-5"), ("0x1p+0", "0x0p+0"),
    ("0x1.e608cfd9a47acp-1", "0x1.aa5aa5df25984p-5"), ("0x1.ca4b31f026aap-1", "0x1.c5e53aa362eb4p-4"),
    ("0x1.b2036576afce6p-1", "0x1.526e57720db08p-3"), ("0x1.9c2d163a1aa2dp-1", "0x1.bc2860d22477p-3"),
    ("0x1.886e6037841edp-1", "0x1.1058bc8a07ee1p-2"), ("0x1.767dcf5534862p-1", "0x1.4043057b6ee09p-2"),
]]
_LN2 = float.fromhex("0x1.62e42fefa39efp-1")
_P0, _P1, _P2 = (float.fromhex(h) for h in ("-0x1.00ea348b88334p-2", "0x1.5575b0be00b6ap-2", "-0x1.ffffef20a4123p-2"))
_OFF = 0x3F330000
# One table over glibc's whole index tmp >> 19 (tmp = ix - OFF read as uint32, 8192 entries):
# invc and y0 = logc + k*Ln2 (the same double operation glibc does, done once per table entry
# instead of once per value). Unsigned, so the lookup needs no offset pass.
_SIDX = [u if u < 4096 else u - 8192 for u in range(8192)]
_INVC = np.array([_LOGF_TAB[i & 15][0] for i in _SIDX])
_Y0 = np.array([_LOGF_TAB[i & 15][1] + float(i >> 4) * _LN2 for i in _SIDX])
_LC = {"off": np.int32(_OFF), "sh": np.uint32(19), "exp": np.int32(-0x800000), "one": 1.0,
       "p0": _P0, "p1": _P1, "p2": _P2}


def _logf(x, out=None):
    """glibc's logf on positive finite float32 values, bit-exact (see the module docstring)."""
    x = np.ascontiguousarray(x, dtype=np.float32)
    ix = x.view(np.int32)
    if (ix < 0x00800000).any():             # subnormal: scale by 2**23, fix the exponent
        ix = np.where(ix < 0x00800000,
                      (x * np.float32(2.0 ** 23)).view(np.int32) - np.int32(23 << 23), ix)
    n = len(ix)
    tmp = np.subtract(ix, _LC["off"])
    idx = np.right_shift(tmp.view(np.uint32), _LC["sh"])
    np.bitwise_and(tmp, _LC["exp"], tmp)    # 0x1ff << 23 as int32: the exponent bits to drop
    np.subtract(ix, tmp, tmp)               # iz
    r = np.empty(n)
    y = np.empty(n)
    np.copyto(r, tmp.view(np.float32))      # z
    np.multiply(r, _INVC.take(idx), r)      # r = z * invc - 1
    np.subtract(r, _LC["one"], r)
    r2 = np.multiply(r, r)
    np.multiply(r, _LC["p1"], y)            # y = (P1 * r + P2 + P0 * r2) * r2 + (r + y0)
    np.add(y, _LC["p2"], y)
    t = np.multiply(r2, _LC["p0"])
    np.add(y, t, y)
    np.multiply(y, r2, y)
    np.add(r, _Y0.take(idx), r)
    np.add(y, r, y)
    out = np.empty(n, dtype=np.float32) if out is None else out
    np.copyto(out, y, casting="unsafe")
    return out


# float64: glibc's log (sysdeps/ieee754/dbl-64/e_log.c, glibc >= 2.28) documents a worst-case
# error of 0.519 ULP, so it returns the correctly rounded log whenever the exact value lies more
# than 0.019 ULP from a rounding midpoint. `_log64` evaluates log in double-double (error below
# 2**-62 relative, ~0.002 ULP) and keeps the rounded result where it lies within 0.47 ULP of
# it; the ~6 % of values nearer a midpoint go to the C library's log (`math.log`). Checked:
# 0 mismatches against math.log on 6.3 M values in (0, 1] (uniform, r2-like, next to 1, every
# exponent); mismatches appear only from 0.483 ULP on. Numpy's own log differs from glibc's in
# about 0.1 % of values.
_L64 = {}
_OFF64, _EXPM = np.int64(0x3FE8000000000000), np.int64(0x7FF0000000000000)   # 0.75, exponent
_SPLIT, _E52 = np.int64(~((1 << 27) - 1)), np.int64(52 << 52)


def _log64_tables():
    """ln 2 as hi (42 bits, so k * hi is exact) + lo, and log(c) as hi + lo for the 193 centres
    c = (192 + i) / 256 of [0.75, 1.5] (c == 1 at i == 64: no cancellation next to x == 1)."""
    if not _L64:
        import decimal
        ctx = decimal.Context(prec=60)
        ln2 = ctx.ln(decimal.Decimal(2))
        hi = float((np.array([float(ln2)]).view(np.int64) & np.int64(~0x7FF)).view(np.float64)[0])
        logs = [ctx.ln(decimal.Decimal(192 + i) / 256) for i in range(193)]
        _L64.update(ln2=(hi, float(ln2 - decimal.Decimal(hi))),
                    hi=np.array([float(v) for v in logs]),
                    lo=np.array([float(v - decimal.Decimal(float(v))) for v in logs]))
    return _L64


def _log64(x):
    """glibc's float64 log on an array, bit-exact (see above); math.log's errors for x <= 0."""
    x = np.ascontiguousarray(x, dtype=np.float64)
    tb = _log64_tables()
    ln2h, ln2l = tb["ln2"]
    bits = x.view(np.int64)
    k = np.subtract(bits, _OFF64)
    np.right_shift(k, 52, k)                            # x = 2**k * m, m in [0.75, 1.5)
    m = np.left_shift(k, 52)
    np.subtract(bits, m, m)
    m = m.view(np.float64)
    kf = k.astype(np.float64)
    t = np.subtract(m, 0.75)
    np.multiply(t, 256.0, t)
    np.rint(t, t)
    i = t.astype(np.intp)
    c = np.multiply(t, 1.0 / 256.0, t)
    np.add(c, 0.75, c)                                  # the centre nearest m (9 bits)
    d = np.subtract(m, c)                               # exact
    q = np.divide(d, c)
    qh = np.bitwise_and(q.view(np.int64), _SPLIT).view(np.float64)   # 26 leading bits
    ql = np.subtract(q, qh)
    qlo = np.multiply(qh, c)                            # d / c == q + qlo (to ~2**-106):
    np.subtract(d, qlo, qlo)                            # qh*c and ql*c are exact
    np.subtract(qlo, np.multiply(ql, c, m), qlo)
    np.divide(qlo, c, qlo)
    s2h = np.multiply(qh, qh)                           # q*q/2 == s2h + s2l, s2h exact
    np.multiply(s2h, 0.5, s2h)
    s2l = np.multiply(ql, ql, c)
    np.multiply(s2l, 0.5, s2l)
    np.add(s2l, np.multiply(qh, ql, d), s2l)
    h1 = np.subtract(q, s2h)                            # log1p(q + qlo) == h1 + tail
    tail = np.subtract(q, h1)
    np.subtract(tail, s2h, tail)
    np.add(tail, qlo, tail)
    np.subtract(tail, s2l, tail)
    np.subtract(tail, np.multiply(q, qlo, qh), tail)
    q2 = np.multiply(q, q, s2h)                         # + q^3/3 - q^4/4 ... + q^7/7
    p = np.multiply(q2, 1.0 / 7)
    np.add(p, 0.2, p)
    np.subtract(p, np.multiply(q, 1.0 / 6, ql), p)
    np.multiply(p, q2, p)
    np.add(p, 1.0 / 3, p)
    np.subtract(p, np.multiply(q, 0.25, ql), p)
    np.multiply(p, q2, p)
    np.multiply(p, q, p)
    np.add(tail, p, tail)
    s = np.multiply(kf, ln2h)                           # exact: k has <= 11 bits
    lc = tb["hi"].take(i)
    y0 = np.add(s, lc)                                  # Fast2Sum (|k ln2| >= |log c| or k == 0)
    lo = np.subtract(y0, s, s)
    np.subtract(lc, lo, lo)
    y = np.add(y0, h1)                                  # Fast2Sum (|y0| >= |h1| or y0 == 0)
    e2 = np.subtract(y, y0, lc)
    np.subtract(h1, e2, e2)
    np.add(lo, e2, lo)
    np.add(lo, np.multiply(kf, ln2l, kf), lo)
    np.add(lo, tb["lo"].take(i), lo)
    np.add(lo, tail, lo)
    y0, y = y, np.add(y, lo)
    res = np.subtract(y, y0, h1)                        # the rounding error of y: exact
    np.subtract(lo, res, res)
    ulp = np.abs(y).view(np.int64) - 1                  # ULP below |y| (smaller at 2**e)
    np.bitwise_and(ulp, _EXPM, ulp)
    np.subtract(ulp, _E52, ulp)
    ulp = ulp.view(np.float64)
    np.multiply(ulp, 0.47, ulp)
    np.abs(res, res)
    ok = np.less(res, ulp)
    ok &= x >= 2.2250738585072014e-308                  # normal, finite: else the C library
    ok &= x <= 1e300
    bad = np.flatnonzero(~ok)
    if len(bad):
        y[bad] = np.fromiter(map(math.log, x[bad].tolist()), dtype=np.float64, count=len(bad))
    return y


# ---- distributions ---------------------------------------------------------------------------
_PAIRS = 16384                              # pairs per chunk: the chunk's temporaries stay in L2


def _normal(engine, n, mean, std, f32):
    """std::normal_distribution<T>(mean, std), one object for `n` draws (T = float32 or float64).

    Marsaglia's polar method on a chunk of word pairs at once: x = 2c - 1, y = 2c' - 1,
    accept r2 = x*x + y*y in (0, 1], return y*mult then x*mult, mult = sqrt(-2 log(r2) / r2).
    Words after the pair that completes the request go back to the engine.
    """
    T = np.float32 if f32 else np.float64
    out = np.empty(n, dtype=T)
    need = (n + 1) // 2                     # accepted pairs
    cap = min(_PAIRS, need + need // 3 + 16)
    c, r2, t = np.empty(2 * cap, dtype=T), np.empty(cap, dtype=T), np.empty(cap, dtype=T)
    ok = np.empty(cap, dtype=bool)
    pair_t = np.uint64 if f32 else np.complex128     # one (x, y) pair as one item
    one, m2 = T(1.0), T(-2.0)
    s_std, s_mean = T(np.float32(std)), T(np.float32(mean))   # float attributes in Paddle
    filled = 0
    while need > 0:
        w = engine.take(2 * min(cap, need + need // 3 + 16))
        if len(w) == 1:                     # a pair across two batches: never unread later
            w = np.array([w[0], engine.take(1)[0]], dtype=np.uint64)
        elif len(w) & 1:
            engine.unread(1)
            w = w[:-1]
        p = len(w) // 2
        cc, rr, tt, okk = c[:2 * p], r2[:p], t[:p], ok[:p]
        _canonical(w, f32, cc, 2.0 ** -63)  # 2c, exactly
        np.subtract(cc, one, cc)
        x, y = cc[0::2], cc[1::2]
        np.multiply(x, x, rr)
        np.multiply(y, y, tt)
        np.add(rr, tt, rr)
        np.less_equal(rr, one, okk)
        if np.count_nonzero(rr) < p:        # x == y == 0 (probability ~2**-50): rejected too
            okk &= rr != 0
        idx = np.flatnonzero(okk)
        if len(idx) >= need:
            idx = idx[:need]
            engine.unread(2 * (p - int(idx[-1]) - 1))
        k = len(idx)
        if not k:
            continue
        rk = rr.take(idx)
        xy = cc.view(pair_t).take(idx).view(T).reshape(k, 2)
        mult = _logf(rk) if f32 else _log64(rk)
        np.multiply(mult, m2, mult)
        np.divide(mult, rk, mult)
        np.sqrt(mult, mult)
        m = min(2 * k, n - filled)
        seg = out[filled:filled + m]
        np.multiply(xy[:(m + 1) // 2, 1], mult[:(m + 1) // 2], seg[0::2])   # y * mult first,
        np.multiply(xy[:m // 2, 0], mult[:m // 2], seg[1::2])   # x * mult; odd n drops the last
        # ret * std + mean in T, always (x * 1 == x exactly, so std == 1 skips its pass): the
        # + mean also turns a -0.0 (from r2 == 1, where mult is -0.0) into +0.0.
        if s_std != one:
            np.multiply(seg, s_std, seg)
        np.add(seg, s_mean, seg)
        filled += m
        need -= k
    return out


def _uniform(engine, n, low, high, f32):
    """std::uniform_real_distribution<T>(low, high): canonical * (high - low) + low, in T."""
    T = np.float32 if f32 else np.float64
    a, b = T(np.float32(low)), T(np.float32(high))   # min/max arrive as float attributes
    span = T(b - a)
    out = np.empty(n, dtype=T)
    # (f * 2**-64) * span == f * (span * 2**-64) when span * 2**-64 is normal (both products
    # are exact scalings of the same real number before the one rounding): one pass less.
    fused = span == 0 or not np.isfinite(span) or abs(span) >= T(2.0 ** (-62 if f32 else -958))
    s = 0
    while s < n:
        w = engine.take(min(n - s, 2 * _PAIRS))
        seg = out[s:s + len(w)]
        if fused:
            _canonical(w, f32, seg, span * T(2.0 ** -64))
        else:
            _canonical(w, f32, seg)
            np.multiply(seg, span, seg)
        np.add(seg, a, seg)
        s += len(w)
    return out


_U32 = np.uint64(32)
_L32 = np.uint64(_M32)


def _mul128(u, r):
    """(high, low) 64-bit halves of u * r for uint64 arrays (numpy has no 128-bit product)."""
    ul, uh = u & _L32, u >> _U32
    rl, rh = r & _L32, r >> _U32
    ll, lh, hl = ul * rl, ul * rh, uh * rl
    mid = (ll >> _U32) + (lh & _L32) + (hl & _L32)
    hi = uh * rh + (lh >> _U32) + (hl >> _U32) + (mid >> _U32)
    return hi, u * r


def _lemire(engine, ranges):
    """libstdc++ (GCC >= 11) uniform_int_distribution downscaling, one call per entry of `ranges`
    (each the count of values, >= 1): Lemire's nearly-divisionless method with a 128-bit product.
    Resolved against Paddle 3.3.1's randint with 20 000 draws (the older divide-and-reject method
    differs in about 5 % of them)."""
    ranges = np.asarray(ranges, dtype=np.uint64)
    out = np.empty(len(ranges), dtype=np.uint64)
    start = 0
    while start < len(ranges):
        u = engine.take(len(ranges) - start)
        r = ranges[start:start + len(u)]
        hi, lo = _mul128(u, r)
        thr = (np.uint64(0) - r) % r          # 2**64 mod r; a draw is redone while low < thr
        bad = np.flatnonzero(lo < thr)
        if not len(bad):
            out[start:start + len(u)] = hi
            start += len(u)
            continue
        j = int(bad[0])
        out[start:start + j] = hi[:j]
        engine.unread(len(u) - j - 1)
        rj, tj, h = int(r[j]), int(thr[j]), int(hi[j])
        low = int(lo[j])
        while low < tj:                      # sequential redraws for the rejected entry
            prod = engine.next64() * rj
            h, low = prod >> 64, prod & _M64
        out[start + j] = h
        start += j + 1
    return out


def _uniform_int(engine, n, low, high):
    """std::uniform_int_distribution<T>(low, high - 1) as Paddle's randint kernel draws it."""
    urange = (high - 1 - low) & _M64
    if urange == _M64:
        vals = engine.draw(n).copy()
    else:
        vals = _lemire(engine, np.full(n, urange + 1, dtype=np.uint64))
    return (vals + np.uint64(low & _M64)).view(np.int64)


def _shuffle_perm(engine, n):
    """std::shuffle(0..n-1) with libstdc++'s two-swaps-per-draw loop (Paddle's randperm kernel)."""
    a = list(range(n))
    if n <= 1:
        return a
    if (_M64 // n) < n:
        raise NotImplementedError("paddle.randperm: n >= 2**32 is not supported; use a smaller n")
    i = 1
    if n % 2 == 0:                            # an odd number of swaps: the first one alone
        j = int(_lemire(engine, [2])[0])
        a[1], a[j] = a[j], a[1]
        i = 2
    s = np.arange(i + 1, n + 1, 2, dtype=np.uint64)   # swap ranges i + 1 for i = i0, i0 + 2, ...
    x = _lemire(engine, s * (s + np.uint64(1)))
    first = (x // (s + np.uint64(1))).tolist()
    second = (x % (s + np.uint64(1))).tolist()
    for p1, p2 in zip(first, second):
        a[i], a[p1] = a[p1], a[i]
        a[i + 1], a[p2] = a[p2], a[i + 1]
        i += 2
    return a


# ---- Generator -------------------------------------------------------------------------------
class GeneratorState:
    """A snapshot of a Generator (Paddle's `core.GeneratorState`): `current_seed()` and the engine.

    `str()` follows Paddle's layout: device, seed, offset, engine address, the 312 state words,
    the index.
    """

    __slots__ = ("_seed", "_mt", "_idx")

    def __init__(self, seed, mt, idx):
        self._seed, self._mt, self._idx = int(seed), np.array(mt, dtype=np.uint64), int(idx)

    def current_seed(self):
        return self._seed

    def __str__(self):
        words = " ".join(str(w) for w in self._mt.tolist())
        return f"-1 {self._seed} 0 {hex(id(self._mt))} {words} {self._idx}"

    def __eq__(self, other):
        return (isinstance(other, GeneratorState) and self._seed == other._seed
                and self._idx == other._idx and np.array_equal(self._mt, other._mt))

    __hash__ = None

    def __reduce__(self):
        return (GeneratorState, (self._seed, self._mt, self._idx))


class Generator:
    """Paddle's CPU `Generator` (`paddle.framework.core.Generator`): a seeded std::mt19937_64.

    `manual_seed(s)` seeds it through std::seed_seq (low 32 bits; `initial_seed()` keeps the whole
    value) and returns the generator; `seed()` picks a fresh nondeterministic seed and returns it;
    `get_state()` / `set_state(state)` snapshot and restore it; `random()` returns the next raw
    64-bit output.
    """

    def __init__(self, seed=None):
        self._lock = threading.Lock()
        self._seed = 0
        self._engine = None
        self.manual_seed(34342423252 if seed is None else seed)   # Paddle's default CPU seed

    def manual_seed(self, seed):
        if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)):
            raise TypeError("manual_seed(): incompatible function arguments. The following argument "
                            "types are supported:\n    1. (self: paddle.base.libpaddle.Generator, "
                            f"arg0: int) -> paddle.base.libpaddle.Generator\n\nInvoked with: {self}, "
                            f"{seed!r}")
        seed = int(seed)
        if not 0 <= seed <= _M64:
            raise TypeError("manual_seed(): incompatible function arguments. The following argument "
                            "types are supported:\n    1. (self: paddle.base.libpaddle.Generator, "
                            f"arg0: int) -> paddle.base.libpaddle.Generator\n\nInvoked with: {self}, "
                            f"{seed}")
        with self._lock:
            self._seed = seed
            self._engine = _Engine(seed_seq_state(seed))
        return self

    def seed(self):
        """Reseed from the OS entropy source; returns the new seed."""
        s = int.from_bytes(os.urandom(8), "little") >> 14   # Paddle's seeds are ~50-bit
        self.manual_seed(s)
        return s

    def initial_seed(self):
        return self._seed

    def get_state(self):
        mt, idx = self._engine.state()
        return GeneratorState(self._seed, mt, idx)

    def set_state(self, state):
        if not isinstance(state, GeneratorState):
            raise TypeError(f"set_state(): argument 'state' must be a GeneratorState (from "
                            f"get_state()), but received {type(state).__name__}")
        with self._lock:
            self._seed = state._seed
            self._engine = _Engine(state._mt, state._idx)

    def random(self):
        with self._lock:
            return self._engine.next64()

    # -- numpy-level draws used by the kernels (each is one Paddle kernel call) --
    def normal(self, n, mean=0.0, std=1.0, f32=True):
        with self._lock:
            return _normal(self._engine, n, mean, std, f32)

    def uniform(self, n, low=0.0, high=1.0, f32=True):
        with self._lock:
            return _uniform(self._engine, n, low, high, f32)

    def integers(self, n, low, high):
        with self._lock:
            return _uniform_int(self._engine, n, low, high)

    def permutation(self, n):
        with self._lock:
            return _shuffle_perm(self._engine, n)

    def raw(self, n):
        with self._lock:
            return self._engine.draw(n).copy()

    def __repr__(self):
        return f"<paddle_compat Generator (cpu) object at {hex(id(self))}>"


def engine_generator(seed):
    """A throwaway generator for an op whose `seed` attribute is not 0 (plain `engine->seed(seed)`)."""
    g = Generator.__new__(Generator)
    g._lock = threading.Lock()
    g._seed = int(seed)
    g._engine = _Engine(plain_seed_state(seed))
    return g


_DEFAULT = Generator()


def default_cpu_generator():
    """The global CPU generator (`paddle.framework.core.default_cpu_generator()`)."""
    return _DEFAULT


def _numel(shape):
    n = 1
    for d in shape:
        n *= int(d)
    return n


def _cast_float(values, dtype):
    if dtype in ("float32", "float64"):
        return values
    if dtype == "float16":
        return values.astype(np.float16)
    raise ValueError(f"unsupported dtype {dtype!r}: use float16, float32 or float64 "
                     "(bfloat16: draw float32 and cast with torch)")


def normal_(shape, mean=0.0, std=1.0, dtype="float32"):
    """Paddle's CPU `gaussian` kernel on the default generator: a numpy array of `shape`.

    float16 draws float32 then rounds, as Paddle does; for bfloat16 ask for float32 and cast
    with torch (numpy has no bfloat16).
    """
    f32 = dtype != "float64"
    vals = _DEFAULT.normal(_numel(shape), mean, std, f32)
    return _cast_float(vals, dtype).reshape(shape)


def uniform_(shape, low=-1.0, high=1.0, dtype="float32"):
    """Paddle's CPU `uniform` kernel on the default generator: a numpy array of `shape`.

    The bounds are rounded to float32 first (Paddle passes them as float attributes).
    """
    f32 = dtype != "float64"
    vals = _DEFAULT.uniform(_numel(shape), low, high, f32)
    return _cast_float(vals, dtype).reshape(shape)
