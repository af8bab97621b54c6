"""Paddle-exact seeded CPU random numbers, vectorised in numpy.

Paddle's CPU generator is a `std::mt19937_64` seeded through `std::seed_seq({seed})`; its kernels
draw with libstdc++'s distributions (see shared/reference/paddle_semantics.md section 3.2). This module
reproduces that stream bit for bit, on whole arrays:

* the MT19937-64 twist runs one generation (312 words) per step in three chunks (words 0..155 from
  the old state, 156..310 from the fresh first chunk, then word 311 alone), and tempering runs on
  all the generated words at once. The engine keeps the generated-but-unread words, so a consumer
  that over-draws can hand words back (`unread`): nothing is consumed beyond what the sequential
  C++ code consumes, and the state after any call is exactly Paddle's.
* `generate_canonical<T>` with a 64-bit engine takes one word: `T(u) / 2**64`, clamped below 1.
* `std::normal_distribution<T>` is Marsaglia's polar method in T arithmetic, with a fresh
  distribution object per kernel call: an odd-sized call drops its spare value.
* float32 needs glibc's `logf` bit for bit. `_logf` is glibc's algorithm (ARM optimized-routines,
  glibc >= 2.28) in float64 numpy; it was checked exhaustively against glibc `logf` on every float32
  in (0, 1] (1 065 353 216 values, 0 mismatches; rounding the float64 log gives 214 946 mismatches).
  float64 uses the C library's `log` through `math.log` (numpy's own float64 log differs from glibc in
  about 0.1 % of values).

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

_M32 = 0xFFFFFFFF
_M64 = 0xFFFFFFFFFFFFFFFF
_N, _HALF = 312, 156
_UM_I, _LM_I, _A_I = 0xFFFFFFFF80000000, 0x7FFFFFFF, 0xB5026F5AA96619E9
_UM, _LM, _A = np.uint64(_UM_I), np.uint64(_LM_I), np.uint64(_A_I)
_ONE = np.uint64(1)
_T_U, _T_D = np.uint64(29), np.uint64(0x5555555555555555)
_T_S, _T_B = np.uint64(17), np.uint64(0x71D67FFFEDA60000)
_T_T, _T_C = np.uint64(37), np.uint64(0xFFF7EEE000000000)
_T_L = np.uint64(43)


# ---- seeding ---------------------------------------------------------------------------------
def seed_seq_state(seed):
    """The 312-word state `std::mt19937_64::seed(std::seed_seq({seed}))` produces (libstdc++).

    seed_seq keeps only the low 32 bits of each seed value (so seed 2**40+5 equals seed 5).
    """
    n = 2 * _N
    v = int(seed) & _M32
    b = [0x8B8B8B8B] * n
    t = 11
    p = (n - t) // 2
    q = p + t

    def mix(x):
        return (x ^ (x >> 27)) & _M32

    for k in range(n):                      # m = max(s + 1, n) = n for one seed value
        r1 = (1664525 * mix(b[k % n] ^ b[(k + p) % n] ^ b[(k - 1) % n])) & _M32
        if k == 0:
            r2 = (r1 + 1) & _M32            # + s, the number of seed values
        elif k == 1:
            r2 = (r1 + 1 + v) & _M32        # + (k % n) + v[k - 1]
        else:
            r2 = (r1 + k) & _M32
        b[(k + p) % n] = (b[(k + p) % n] + r1) & _M32
        b[(k + q) % n] = (b[(k + q) % n] + r2) & _M32
        b[k] = r2
    for k in range(n, 2 * n):
        kk = k % n
        r3 = (1566083941 * mix((b[kk] + b[(k + p) % n] + b[(k - 1) % n]) & _M32)) & _M32
        r4 = (r3 - kk) & _M32
        b[(k + p) % n] ^= r3
        b[(k + q) % n] ^= r4
        b[kk] = r4
    w = np.array(b, dtype=np.uint64)
    mt = w[0::2] | (w[1::2] << np.uint64(32))
    if (int(mt[0]) & _UM_I) == 0 and not mt[1:].any():
        mt[0] = np.uint64(1 << 63)          # libstdc++'s all-zero guard
    return mt


def plain_seed_state(seed):
    """The state `std::mt19937_64 e; e.seed(seed)` produces (used by ops whose `seed` attr != 0)."""
    mt = [int(seed) & _M64]
    for i in range(1, _N):
        x = mt[-1]
        mt.append((6364136223846793005 * (x ^ (x >> 62)) + i) & _M64)
    return np.array(mt, dtype=np.uint64)


def _temper(x):
    y = x ^ ((x >> _T_U) & _T_D)
    y ^= (y << _T_S) & _T_B
    y ^= (y << _T_T) & _T_C
    y ^= y >> _T_L
    return y


def _twist(tail, gens):
    """`gens` generations after the 312-word state `tail`: a (gens * 312,) raw word array."""
    out = np.empty(gens * _N, dtype=np.uint64)
    mt = tail.copy()
    t1 = np.empty(_N - 1, dtype=np.uint64)
    t2 = np.empty(_N - 1, dtype=np.uint64)
    # Fixed views: creating numpy views costs about as much as a small ufunc call.
    s0, s1 = mt[0:_N - 1], mt[1:_N]
    lo, hi, lo155, mid = mt[0:_HALF], mt[_HALF:_N], mt[0:_HALF - 1], mt[_HALF:_N - 1]
    f_lo, f_hi = t1[:_HALF], t1[_HALF:]
    band, bor, bxor, rshift, mul = (np.bitwise_and, np.bitwise_or, np.bitwise_xor,
                                    np.right_shift, np.multiply)
    item = mt.item
    for g in range(gens):
        # F(i) = twist(mt[i], mt[i+1]) for i < 311, all from the old state.
        band(s0, _UM, out=t1)
        band(s1, _LM, out=t2)
        bor(t1, t2, out=t1)
        band(s1, _ONE, out=t2)
        mul(t2, _A, out=t2)
        rshift(t1, _ONE, out=t1)
        bxor(t1, t2, out=t1)
        old311 = item(311)
        bxor(hi, f_lo, out=lo)              # words 0..155 use the old upper half
        bxor(lo155, f_hi, out=mid)          # words 156..310 use the new lower half
        y = (old311 & _UM_I) | (item(0) & _LM_I)
        mt[311] = item(155) ^ (y >> 1) ^ (_A_I if y & 1 else 0)
        out[g * _N:(g + 1) * _N] = mt
    return out


class _Engine:
    """A std::mt19937_64 whose outputs are produced a generation at a time and can be un-read.

    `_raw` holds whole generations of untempered words, `_buf` their tempered outputs, `_pos` the
    next unread output. The standard (mt, idx) state is the generation holding `_pos`.
    """

    __slots__ = ("_raw", "_buf", "_pos")

    def __init__(self, mt, idx=_N):
        self.set(mt, idx)

    def set(self, mt, idx):
        self._raw = np.array(mt, dtype=np.uint64).reshape(_N)
        self._buf = _temper(self._raw)
        self._pos = int(idx)

    def state(self):
        g = min(self._pos // _N, len(self._raw) // _N - 1)
        return self._raw[g * _N:(g + 1) * _N].copy(), self._pos - g * _N

    def draw(self, n):
        """The next `n` raw outputs (uint64 array; a read-only view valid until the next draw)."""
        avail = len(self._buf) - self._pos
        if avail < n:
            keep = min((self._pos // _N) * _N, len(self._raw) - _N)
            gens = -(-(n - avail) // _N)
            new = _twist(self._raw[-_N:], gens)
            self._raw = np.concatenate([self._raw[keep:], new])
            self._buf = np.concatenate([self._buf[keep:], _temper(new)])
            self._pos -= keep
        p = self._pos
        self._pos = p + n
        return self._buf[p:p + n]

    def unread(self, n):
        """Give back the last `n` drawn outputs (they must come from the latest draw)."""
        self._pos -= n

    def next64(self):
        return int(self.draw(1)[0])


# ---- canonical floats, glibc logf ------------------------------------------------------------
_F32_BELOW_2_64 = np.float32(np.nextafter(np.float32(2.0 ** 64), np.float32(0)))
_F64_BELOW_2_64 = np.nextafter(2.0 ** 64, 0.0)


def _canonical(u, f32):
    """generate_canonical<T>: T(u) / 2**64, and nextafter(1, 0) where that rounds to 1."""
    if f32:
        f = u.astype(np.float32)
        np.minimum(f, _F32_BELOW_2_64, out=f)
        f *= np.float32(2.0 ** -64)
        return f
    f = u.astype(np.float64)
    np.minimum(f, _F64_BELOW_2_64, out=f)
    f *= 2.0 ** -64
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
# One table over the combined index (k, i) = tmp >> 19: invc and y0 = logc + k*Ln2 (the same
# double operation glibc does, done once per table entry instead of once per value).
_KMIN = -160
_IDX = np.arange(_KMIN * 16, 160 * 16)
_INVC = np.array([_LOGF_TAB[i & 15][0] for i in _IDX.tolist()])
_Y0 = np.array([_LOGF_TAB[i & 15][1] + float(i >> 4) * _LN2 for i in _IDX.tolist()])


def _logf(x):
    """glibc's logf on positive finite float32 values, bit-exact (see the module docstring)."""
    ix = x.view(np.int32)
    sub = ix < 0x00800000
    if sub.any():                                 # subnormal: scale by 2**23, fix the exponent
        ix = np.where(sub, (x * np.float32(2.0 ** 23)).view(np.int32) - np.int32(23 << 23), ix)
    tmp = ix - np.int32(_OFF)
    idx = (tmp >> 19) - np.int32(_KMIN * 16)
    iz = ix - (tmp & np.int32(-0x800000))        # 0x1ff << 23 as int32: keep the exponent bits
    z = iz.view(np.float32).astype(np.float64)
    r = z * _INVC[idx]
    r -= 1.0
    r2 = r * r
    y = _P1 * r
    y += _P2
    t = _P0 * r2
    y += t
    y *= r2
    r += _Y0[idx]                                 # y0 + r
    y += r
    return y.astype(np.float32)


def _log64(x):
    # The C library's log (as libstdc++'s std::log(double) calls), not numpy's SIMD log.
    return np.fromiter(map(math.log, x.tolist()), dtype=np.float64, count=len(x))


# ---- distributions ---------------------------------------------------------------------------
_CHUNK_PAIRS = 1 << 16


def _normal(engine, n, mean, std, f32):
    """std::normal_distribution<T>(mean, std), one object for `n` draws (T = float32 or float64)."""
    T = np.float32 if f32 else np.float64
    out = np.empty(n, dtype=T)
    need = (n + 1) // 2                     # accepted pairs
    filled = 0
    while need > 0:
        pairs = min(_CHUNK_PAIRS, int(need * 1.28) + 16)
        u = engine.draw(2 * pairs)
        c = _canonical(u, f32)
        c *= T(2.0)
        c -= T(1.0)
        x, y = c[0::2], c[1::2]
        r2 = x * x
        r2 += y * y
        ok = (r2 <= T(1.0)) & (r2 != T(0.0))
        idx = np.flatnonzero(ok)
        if len(idx) >= need:
            idx = idx[:need]
            engine.unread(2 * (pairs - int(idx[-1]) - 1))
        x, y, r2 = x[idx], y[idx], r2[idx]
        if f32:
            m = _logf(r2)
        else:
            m = _log64(r2)
        m *= T(-2.0)
        m /= r2
        np.sqrt(m, out=m)
        k = len(idx)
        take = min(2 * k, n - filled)
        seg = out[filled:filled + take]
        seg[0::2] = (y * m)[:(take + 1) // 2]   # the polar method returns y*mult first
        seg[1::2] = (x * m)[:take // 2]         # and keeps x*mult for the next call
        filled += take
        need -= k
    # ret * std + mean in T, always: it also turns a -0.0 (y < 0 with r2 == 1) into +0.0.
    out *= T(np.float32(std))               # Paddle passes mean and std as float attributes
    out += T(np.float32(mean))
    return out


def _uniform(engine, n, low, high, f32):
    """std::uniform_real_distribution<T>(low, high): canonical * (high - low) + low, in T."""
    T = np.float32 if f32 else np.float64
    a, b = T(np.float32(low)), T(np.float32(high))   # min/max arrive as float attributes
    span = T(b - a)
    out = np.empty(n, dtype=T)
    for s in range(0, n, 2 * _CHUNK_PAIRS):          # cache-sized chunks
        c = _canonical(engine.draw(min(n - s, 2 * _CHUNK_PAIRS)), f32)
        c *= span
        c += a
        out[s:s + len(c)] = c
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
        r = ranges[start:]
        u = engine.draw(len(r))
        hi, lo = _mul128(u, r)
        thr = (np.uint64(0) - r) % r          # 2**64 mod r; a draw is redone while low < thr
        bad = np.flatnonzero(lo < thr)
        if not len(bad):
            out[start:] = hi
            return out
        j = int(bad[0])
        out[start:start + j] = hi[:j]
        engine.unread(len(r) - j - 1)
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
