"""A plain, slow, independent reference of Paddle's CPU random numbers, for tests/test_random.py.

Written from the C++ standard and libstdc++'s algorithms, one value at a time in Python integers
and numpy scalars, sharing no code with paddle_compat._random / _random_engine (which are
vectorised and chunked): the two agreeing is evidence, not a tautology. What it reproduces:

* `std::seed_seq::generate` ([rand.util.seedseq]) for any number of seed values, and
  `std::mt19937_64::seed(seed_seq)` (two 32-bit words per 64-bit state word, the all-zero guard);
* `std::mt19937_64::seed(value)` (the linear recurrence, used by ops whose `seed` attr != 0);
* the textbook MT19937-64 twist and tempering;
* `generate_canonical<T, digits>` with a 64-bit engine: one word, `T(u) / 2**64`, clamped below 1;
* `std::normal_distribution<T>` (Marsaglia's polar method, a fresh object per kernel call so an
  odd count drops the spare), glibc `logf` / `log` / `sqrtf` through ctypes;
* `std::uniform_real_distribution<T>`: `canonical * (b - a) + a` in T.

Paddle passes mean / std / min / max as float attributes: they are rounded through float32 even
when the output is float64 (the goldens in conformance/goldens/rng.json, case seed 21, show it).
"""
import ctypes
import ctypes.util
import math

import numpy as np

M32 = (1 << 32) - 1
M64 = (1 << 64) - 1
N, M = 312, 156
MATRIX_A = 0xB5026F5AA96619E9
UPPER, LOWER = 0xFFFFFFFF80000000, 0x7FFFFFFF

_libm = ctypes.CDLL(ctypes.util.find_library("m"))
_libm.logf.restype, _libm.logf.argtypes = ctypes.c_float, [ctypes.c_float]
_libm.sqrtf.restype, _libm.sqrtf.argtypes = ctypes.c_float, [ctypes.c_float]
_libm.log.restype, _libm.log.argtypes = ctypes.c_double, [ctypes.c_double]


def seed_seq(values, n):
    """std::seed_seq(values).generate(n words) as a list of 32-bit ints."""
    v = [x & M32 for x in values]
    s = len(v)
    b = [0x8B8B8B8B] * n
    t = 11 if n >= 623 else 7 if n >= 68 else 5 if n >= 39 else 3 if n >= 7 else (n - 1) // 2
    p = (n - t) // 2
    q = p + t
    m = max(s + 1, n)
    for k in range(m):
        a = b[k % n] ^ b[(k + p) % n] ^ b[(k - 1) % n]
        r1 = (1664525 * ((a ^ (a >> 27)) & M32)) & M32
        r2 = (r1 + s) if k == 0 else (r1 + k % n + v[k - 1]) if k <= s else (r1 + k % n)
        r2 &= M32
        b[(k + p) % n] = (b[(k + p) % n] + r1) & M32
        b[(k + q) % n] = (b[(k + q) % n] + r2) & M32
        b[k % n] = r2
    for k in range(m, m + n):
        a = (b[k % n] + b[(k + p) % n] + b[(k - 1) % n]) & M32
        r3 = (1566083941 * ((a ^ (a >> 27)) & M32)) & M32
        r4 = (r3 - k % n) & M32
        b[(k + p) % n] ^= r3
        b[(k + q) % n] ^= r4
        b[k % n] = r4
    return b


def seed_seq_state(seed):
    """mt19937_64 seeded by std::seed_seq({seed}): 312 words (Paddle's `paddle.seed`)."""
    w = seed_seq([seed], 2 * N)
    mt = [(w[2 * i] | (w[2 * i + 1] << 32)) & M64 for i in range(N)]
    if (mt[0] & UPPER) == 0 and not any(mt[1:]):
        mt[0] = 1 << 63
    return mt


def plain_seed_state(seed):
    """mt19937_64 seeded by the value itself (an op's non-zero `seed` attribute)."""
    mt = [seed & M64]
    for i in range(1, N):
        prev = mt[-1]
        mt.append((6364136223846793005 * (prev ^ (prev >> 62)) + i) & M64)
    return mt


class MT64:
    """Textbook std::mt19937_64, one word per call."""

    def __init__(self, state):
        self.mt, self.idx = [int(x) for x in state], N

    def _twist(self):
        mt = self.mt
        for i in range(N):
            y = (mt[i] & UPPER) | (mt[(i + 1) % N] & LOWER)
            mt[i] = mt[(i + M) % N] ^ (y >> 1) ^ (MATRIX_A if y & 1 else 0)
        self.idx = 0

    def __call__(self):
        if self.idx >= N:
            self._twist()
        y = self.mt[self.idx]
        self.idx += 1
        y ^= (y >> 29) & 0x5555555555555555
        y ^= (y << 17) & 0x71D67FFFEDA60000
        y ^= (y << 37) & 0xFFF7EEE000000000
        y ^= y >> 43
        return y & M64


def canonical(eng, f32):
    u = eng()
    if f32:
        r = np.float32(u) / np.float32(2.0 ** 64)        # the int -> float conversion rounds
        return np.nextafter(np.float32(1), np.float32(0)) if r >= 1 else np.float32(r)
    r = float(u) / 2.0 ** 64
    return math.nextafter(1.0, 0.0) if r >= 1.0 else r


def normal(eng, size, mean=0.0, std=1.0, f32=True):
    T = np.float32 if f32 else np.float64
    mean, std = T(np.float32(mean)), T(np.float32(std))
    out, spare = [], None
    while len(out) < size:
        if spare is not None:
            out.append(spare * std + mean)
            spare = None
            continue
        while True:
            x = T(T(2) * T(canonical(eng, f32)) - T(1))
            y = T(T(2) * T(canonical(eng, f32)) - T(1))
            r2 = T(x * x + y * y)
            if not (r2 > 1 or r2 == 0):
                break
        if f32:
            mult = np.float32(_libm.sqrtf(np.float32(np.float32(-2) * np.float32(_libm.logf(r2)) / r2)))
        else:
            mult = math.sqrt(-2.0 * _libm.log(float(r2)) / float(r2))
        spare = T(x * mult)
        out.append(T(y * mult) * std + mean)
    return np.array(out, dtype=T)


def uniform(eng, size, low=0.0, high=1.0, f32=True):
    T = np.float32 if f32 else np.float64
    a, b = T(np.float32(low)), T(np.float32(high))
    return np.array([T(canonical(eng, f32)) * T(b - a) + a for _ in range(size)], dtype=T)
