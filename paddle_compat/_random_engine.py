"""The MT19937-64 engine behind paddle_compat._random: seeding, the twist, tempering.

Paddle's CPU generator is a `std::mt19937_64`; `seed_seq_state` / `plain_seed_state` give the
state libstdc++'s two ways of seeding produce, and `_Engine` produces its outputs a batch of
generations at a time (bit for bit the C++ sequence, see `_twist_fill` for how the twist is
vectorised). paddle_compat._random builds the distributions and the Generator on it.
"""
import numpy as np

_M32 = 0xFFFFFFFF
_M64 = 0xFFFFFFFFFFFFFFFF
_N, _HALF = 312, 156
_UM_I, _LM_I, _A_I = 0xFFFFFFFF80000000, 0x7FFFFFFF, 0xB5026F5AA96619E9


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


# ---- the engine ------------------------------------------------------------------------------
# Why it is fast: numpy spends ~0.3-0.5 us per call on a 311-word array, so the twist is
# bound by the number of ufunc calls per word. Seen as one infinite sequence, MT19937-64 is
# x[j] = x[j-156] ^ F(x[j-312], x[j-311]), so F can be computed for 311 words at once (all its
# inputs lie at least 311 words back) and the xor done in two halves: 9 calls per 311 words
# (the textbook three-chunk generation step needs ~12 per 312). Every view the loop touches is
# built once per buffer (a slice costs ~0.1 us, `as_strided` ~4 us) and no call gets a Python
# or numpy scalar (an array operand of the same dtype skips a ~0.4 us conversion).
_C = {k: np.full(311, v, dtype=np.uint64) for k, v in (("um", _UM_I), ("lm", _LM_I), ("one", 1),
                                                          ("a", _A_I))}
_CAP = 160 * _N   # words per refill: 160 whole generations = 160 full 311-blocks + one of 160;
#                   raw + tempered buffers (780 KB) and a consumer's scratch stay in L2.


def _make_plan(x, cap):
    """The views the twist reads and writes to fill x[312:312+cap] from x[0:312]."""
    f, t = np.empty(311, dtype=np.uint64), np.empty(311, dtype=np.uint64)
    plan = []
    for k in range(_N, _N + cap, 311):
        m = min(311, _N + cap - k)
        h = min(_HALF, m)
        c = [v[:m] for v in (_C["um"], _C["lm"], _C["one"], _C["a"])]
        second = ((x[k:k + m - _HALF], f[_HALF:m], x[k + _HALF:k + m]) if m > _HALF
                  else (None, None, None))
        plan.append((x[k - _N:k - _N + m], x[k - _N + 1:k - _N + 1 + m], f[:m], t[:m], *c,
                     x[k - _HALF:k - _HALF + h], f[:h], x[k:k + h], *second))
    return plan


def _twist_fill(plan):
    """Run the twist over the buffer `plan` was made for (9 numpy calls per 311 words)."""
    band, bor, bxor, rshift, mul = (np.bitwise_and, np.bitwise_or, np.bitwise_xor,
                                    np.right_shift, np.multiply)
    for a, b, f, t, um, lm, one, amat, o1, f1, n1, o2, f2, n2 in plan:
        band(a, um, f)                      # F = ((a & UM) | (b & LM)) >> 1 ^ (b & 1) * A
        band(b, lm, t)
        bor(f, t, f)
        rshift(f, one, f)
        band(b, one, t)
        mul(t, amat, t)
        bxor(f, t, f)
        bxor(o1, f1, n1)                    # words k..k+155 use the 156 words before them,
        if o2 is not None:                  # words k+156.. the ones just written
            bxor(o2, f2, n2)


_T = {k: np.uint64(v) for k, v in (("u", 29), ("d", 0x5555555555555555), ("s", 17),
                                   ("b", 0x71D67FFFEDA60000), ("t", 37), ("c", 0xFFF7EEE000000000),
                                   ("l", 43))}


def _temper(x, out=None, tmp=None):
    """MT19937-64 tempering, in place in `out` (a fresh array when None)."""
    out = np.empty_like(x) if out is None else out
    tmp = np.empty_like(x) if tmp is None else tmp
    band, bxor, rs, ls = np.bitwise_and, np.bitwise_xor, np.right_shift, np.left_shift
    rs(x, _T["u"], tmp)
    band(tmp, _T["d"], tmp)
    bxor(x, tmp, out)
    ls(out, _T["s"], tmp)
    band(tmp, _T["b"], tmp)
    bxor(out, tmp, out)
    ls(out, _T["t"], tmp)
    band(tmp, _T["c"], tmp)
    bxor(out, tmp, out)
    rs(out, _T["l"], tmp)
    bxor(out, tmp, out)
    return out


def _twist(tail, gens):
    """`gens` generations after the 312-word state `tail`: a (gens * 312,) raw word array."""
    x = np.empty(_N + gens * _N, dtype=np.uint64)
    x[:_N] = tail
    _twist_fill(_make_plan(x, gens * _N))
    return x[_N:]


class _Engine:
    """A std::mt19937_64 producing whole generations into a reused buffer; reads can be undone.

    `_x` is [previous generation | batch of `_len` raw words], `_t` the batch tempered,
    `_pos` the next unread output. Consumers `take` views of the batch (valid until the next
    take) and may `unread` the tail of their latest take, so nothing is consumed beyond what the
    sequential C++ code consumes and the state after any call is exactly Paddle's.
    A new engine starts with a 4-generation batch and grows to `_CAP` words at the first big
    request (an op with its own `seed` attribute builds a throwaway engine for a few draws).
    """

    __slots__ = ("_x", "_t", "_tmp", "_len", "_pos", "_plan", "_cap")

    def __init__(self, mt, idx=_N):
        self._alloc(4 * _N)
        self.set(mt, idx)

    def _alloc(self, cap):
        self._cap = cap
        self._x = np.zeros(_N + cap, dtype=np.uint64)
        self._t = np.empty(cap, dtype=np.uint64)
        self._tmp = np.empty(cap, dtype=np.uint64)
        self._plan = None

    def set(self, mt, idx):
        mt = np.array(mt, dtype=np.uint64).reshape(_N)
        self._x[:_N] = mt
        self._len = self._pos = 0
        if int(idx) < _N:                   # mid-generation: that generation is the batch
            self._x[_N:2 * _N] = mt
            _temper(mt, self._t[:_N], self._tmp[:_N])
            self._len, self._pos = _N, int(idx)

    def state(self):
        if self._pos == 0:                  # C++ keeps a consumed generation until the next call
            if self._len:
                return self._x[_N:2 * _N].copy(), 0
            return self._x[:_N].copy(), _N
        g = (self._pos - 1) // _N
        return self._x[_N + g * _N:2 * _N + g * _N].copy(), self._pos - g * _N

    def _refill(self, want):
        last = self._x[self._len:self._len + _N].copy()
        if want > self._cap and self._cap < _CAP:
            self._alloc(_CAP)
        self._x[:_N] = last
        if self._plan is None:
            self._plan = _make_plan(self._x, self._cap)
        _twist_fill(self._plan)
        _temper(self._x[_N:], self._t, self._tmp)
        self._len, self._pos = self._cap, 0

    def take(self, n):
        """Up to `n` (at least 1 when n >= 1) next outputs: a view valid until the next take."""
        if self._pos >= self._len and n > 0:
            self._refill(n)
        p = self._pos
        q = min(p + n, self._len)
        self._pos = q
        return self._t[p:q]

    def draw(self, n):
        """The next `n` raw outputs (uint64 array; possibly a view valid until the next draw)."""
        v = self.take(n)
        if len(v) == n:
            return v
        out = np.empty(n, dtype=np.uint64)
        k = len(v)
        out[:k] = v
        while k < n:
            v = self.take(n - k)
            out[k:k + len(v)] = v
            k += len(v)
        return out

    def unread(self, n):
        """Give back the last `n` outputs of the latest `take` (or of a `draw` that fitted)."""
        self._pos -= n

    def next64(self):
        return int(self.take(1)[0])
