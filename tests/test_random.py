"""Tests for paddle_compat._random and paddle_compat._ops.random against real Paddle's numbers.

The goldens (conformance/goldens/rng.json) were recorded from Paddle 3.3.1 by
conformance/record/record_rng.py: sha256 of each result's bytes plus its first values.
"""
import hashlib
import json
import math
import os

import numpy as np
import pytest
import torch
from hypothesis import given, settings, strategies as st

import paddle_compat as paddle
from paddle_compat import _random
from paddle_compat._ops import random as R

from tests import _rng_reference as ref

GOLDEN = os.path.join(os.path.dirname(__file__), "..", "conformance", "goldens", "rng.json")
with open(GOLDEN) as _f:
    DATA = json.load(_f)


def _empty(shape, dtype):
    return paddle.Tensor(np.zeros(shape, dtype=dtype))


def run_step(api, kw):
    if api == "randn":
        t = R.randn(kw["shape"], dtype=kw["dtype"])
    elif api == "rand":
        t = R.rand(kw["shape"], dtype=kw["dtype"])
    elif api == "uniform":
        t = R.uniform(kw["shape"], dtype=kw["dtype"], min=kw["min"], max=kw["max"],
                      seed=kw.get("seed", 0))
    elif api == "normal":
        t = R.normal(kw["mean"], kw["std"], kw["shape"])
    elif api == "gaussian":
        t = R.gaussian(kw["shape"], kw["mean"], kw["std"], seed=kw.get("seed", 0),
                       dtype=kw["dtype"])
    elif api == "randint":
        t = R.randint(kw["low"], kw["high"], kw["shape"], dtype=kw["dtype"])
    elif api == "randperm":
        t = R.randperm(kw["n"], dtype=kw["dtype"])
    elif api == "bernoulli":
        t = R.bernoulli(paddle.Tensor(np.array(kw["p"], dtype=kw["dtype"])))
    elif api == "multinomial":
        t = R.multinomial(paddle.Tensor(np.array(kw["p"], dtype=kw["dtype"])), kw["num_samples"],
                          kw["replacement"])
    elif api in ("exponential_", "uniform_", "normal_"):
        t = _empty(kw["shape"], kw["dtype"])
        if api == "exponential_":
            out = t.exponential_(kw["lam"])
        elif api == "uniform_":
            out = t.uniform_(kw["min"], kw["max"])
        else:
            out = t.normal_(kw["mean"], kw["std"])
        assert out is t
    elif api == "raw":
        g = _random.default_cpu_generator()
        return np.array([g.random() for _ in range(kw["n"])], dtype=np.uint64)
    else:
        raise AssertionError(api)
    arr = t.numpy()
    return arr.view(np.uint16) if kw.get("dtype") == "float16" else arr


def check(arr, want, label):
    arr = np.ascontiguousarray(arr)
    assert str(arr.dtype) == want["dtype"], label
    assert list(arr.shape) == want["shape"], label
    first = arr.reshape(-1)[:len(want["first"])].tolist()
    assert first == want["first"], (label, first, want["first"])
    assert hashlib.sha256(arr.tobytes()).hexdigest() == want["sha256"], label


@pytest.mark.parametrize("case", DATA["cases"], ids=lambda c: f"seed{c['seed']}-{c['steps'][0][0]}")
def test_golden_call_sequences(case):
    R.seed(case["seed"])
    for i, ((api, kw), want) in enumerate(zip(case["steps"], case["results"])):
        check(run_step(api, kw), want, f"step {i} {api} {kw.get('dtype')}")


def test_sanity_value_and_printing():
    R.seed(2023)
    t = R.randn([2, 3], dtype="float64")
    assert t.numpy().tolist() == DATA["meta"]["sanity_randn_2023_f64"]
    assert np.allclose(t.numpy(), [[0.06132208, 1.11349594, 0.41906252],
                                   [-0.24858210, -1.85169316, -1.50370079]], atol=1e-8)


def test_seed_keeps_low_32_bits_and_initial_seed():
    g = R.seed(2 ** 40 + 5)
    assert g is _random.default_cpu_generator()
    assert g.initial_seed() == DATA["meta"]["initial_seed_2p40p5"]
    a = R.randn([17]).numpy()
    R.seed(5)
    assert np.array_equal(a, R.randn([17]).numpy())


def test_state_round_trip_mid_generation():
    R.seed(3)
    R.randn([5])                               # leaves the engine inside a generation
    st_list = R.get_rng_state()
    assert isinstance(st_list, list) and len(st_list) == 1
    assert st_list[0].current_seed() == 3
    a = R.rand([1000]).numpy()
    b = R.randint(0, 100, [50]).numpy()
    R.set_rng_state(st_list)
    assert np.array_equal(a, R.rand([1000]).numpy())
    assert np.array_equal(b, R.randint(0, 100, [50]).numpy())
    assert len(str(st_list[0]).split()) == 317        # Paddle's layout: 4 + 312 words + index


def test_set_rng_state_errors():
    with pytest.raises(ValueError, match="Length of cpu state list should be equal to 1"):
        R.set_rng_state([])
    with pytest.raises(TypeError, match="has no len"):
        R.set_rng_state(5)
    with pytest.raises(TypeError, match="GeneratorState"):
        _random.default_cpu_generator().set_state("x")
    with pytest.raises(TypeError, match="incompatible function arguments"):
        R.seed(-1)


def test_generator_api():
    g = R.Generator()
    assert g is _random.default_cpu_generator()
    assert g.manual_seed(7) is g and g.initial_seed() == 7
    s = g.seed()
    assert g.initial_seed() == s
    assert R.get_cuda_rng_state() == [] or torch.cuda.is_available()


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2 ** 64 - 1), sizes=st.lists(st.integers(0, 700), min_size=1, max_size=4),
       f32=st.booleans(), mean=st.sampled_from([0.5, 0.1, -2.3]), std=st.sampled_from([2.0, 0.3]))
def test_engine_matches_pure_python_reference(seed, sizes, f32, mean, std):
    """Against tests/_rng_reference.py (scalar, written from the C++ standard): seeding through
    seed_seq, the polar normal with a dropped spare, uniform; means and bounds that are not exact in
    float32 (0.1, 0.3, -2.3) check the float32 rounding of Paddle's float attributes."""
    eng = ref.MT64(ref.seed_seq_state(seed))
    g = _random.Generator(seed)
    for n in sizes:                            # mixed normal / uniform calls keep one stream
        assert np.array_equal(g.normal(n, mean, std, f32), ref.normal(eng, n, mean, std, f32))
        assert np.array_equal(g.uniform(n % 50, -1, std, f32), ref.uniform(eng, n % 50, -1, std, f32))
    assert g.random() == eng()


def test_seeding_matches_the_reference_at_the_edges():
    for seed in (0, 1, 5, 2 ** 32 - 1, 2 ** 32, 2 ** 40 + 5, 2 ** 64 - 1):
        assert _random.seed_seq_state(seed).tolist() == ref.seed_seq_state(seed)
        assert _random.plain_seed_state(seed).tolist() == ref.plain_seed_state(seed)
    assert ref.seed_seq_state(2 ** 40 + 5) == ref.seed_seq_state(5)     # low 32 bits only


def test_logf_matches_libm_on_random_floats():
    ctypes = pytest.importorskip("ctypes")
    import ctypes.util
    libm = ctypes.CDLL(ctypes.util.find_library("m"))
    libm.logf.restype, libm.logf.argtypes = ctypes.c_float, [ctypes.c_float]
    rs = np.random.RandomState(1)
    x = np.concatenate([rs.rand(20000).astype(np.float32),
                        (rs.rand(5000) ** 30).astype(np.float32),
                        np.float32(1) - rs.rand(5000).astype(np.float32) * np.float32(1e-3)])
    x = x[x > 0]
    want = np.array([libm.logf(float(v)) for v in x], dtype=np.float32)
    assert np.array_equal(_random._logf(x), want)


def test_engine_unread_and_large_draw_state():
    g = _random.Generator(123)
    a = g.raw(1000)
    st = g.get_state()
    b = g.raw(5000)
    g.set_state(st)
    assert np.array_equal(g.raw(5000), b)
    h = _random.Generator(123)
    assert np.array_equal(np.concatenate([h.raw(1), h.raw(999)]), a)


def test_shape_forms_and_errors():
    assert R.randn(2, 3).shape == [2, 3]
    assert R.rand(size=[4]).shape == [4]
    assert R.randn(paddle.Tensor(np.array([2, 3]))).shape == [2, 3]
    assert R.randn([paddle.Tensor(np.array(2)), 3]).shape == [2, 3]
    assert R.randn([0, 3]).shape == [0, 3]
    with pytest.raises(TypeError, match="must be list of int, but got float at pos 0"):
        R.randn([2.5, 3])
    with pytest.raises(RuntimeError, match="meta data must be valid"):
        R.randn([-1, 3])
    with pytest.raises(RuntimeError, match="kernel `gaussian` is not registered"):
        R.randn([2], dtype="int32")
    with pytest.raises(RuntimeError, match="kernel `uniform` is not registered"):
        R.rand([2], dtype="int64")
    with pytest.raises(NotImplementedError, match="complex64"):
        R.randn([2], dtype="complex64")


def test_randint_randperm_errors():
    with pytest.raises(ValueError, match="randint's low must less then high"):
        R.randint(5, 2, [2])
    with pytest.raises(ValueError, match="If high is None, low must be greater than 0"):
        R.randint(0)
    with pytest.raises(RuntimeError, match="kernel `randint` is not registered"):
        R.randint(0, 5, [2], dtype="float32")
    with pytest.raises(IndexError, match="exceeds int32 range"):
        R.randint(0, 2 ** 40, [2])
    with pytest.raises(RuntimeError, match="kernel `randperm` is not registered"):
        R.randperm(5, "bool")
    assert R.randperm(0).shape == [0]
    assert R.randint_like(paddle.Tensor(np.ones(3, np.float32)), 0, 5).dtype == paddle.float32


def test_bernoulli_multinomial_errors():
    with pytest.raises(IndexError, match="The probability should be <= 1, but got 1.500000"):
        R.bernoulli(paddle.Tensor(np.array([1.5], np.float32)))
    with pytest.raises(ValueError, match="should be >= 0, but got -1.000000"):
        R.multinomial(paddle.Tensor(np.array([-1.0, 2.0], np.float32)))
    with pytest.raises(ValueError, match="number of samples should be less than non-zero"):
        R.multinomial(paddle.Tensor(np.array([0.0, 2.0], np.float32)), 2)
    with pytest.raises(ValueError, match="should be <= 2, but got 3"):
        R.multinomial(paddle.Tensor(np.ones((2, 2, 2), np.float32)))


def test_numpy_helpers_follow_the_global_stream():
    R.seed(77)
    a = _random.normal_([3, 4], 0.0, 2.0)
    b = _random.uniform_([5], -1.0, 1.0, "float64")
    R.seed(77)
    assert np.array_equal(a, R.normal(0.0, 2.0, [3, 4]).numpy())
    assert np.array_equal(b, R.uniform([5], "float64", -1.0, 1.0).numpy())
    assert _random.normal_([2], dtype="float16").dtype == np.float16


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(1, 2 ** 31), n=st.integers(1, 300), low=st.sampled_from([0.0, -0.7]))
def test_op_seed_attr_uses_a_fresh_engine_and_leaves_global_alone(seed, n, low):
    """uniform(seed=s) with s != 0 draws from `std::mt19937_64 e(s)` (plain seeding, not
    seed_seq), a fresh engine per call, and leaves the global generator where it was."""
    R.seed(1)
    before = _random.default_cpu_generator().get_state()
    a = R.uniform([n], min=low, max=1.0, seed=seed).numpy()
    assert _random.default_cpu_generator().get_state() == before
    want = ref.uniform(ref.MT64(ref.plain_seed_state(seed)), n, low, 1.0, True)
    assert np.array_equal(a, want)
    assert np.array_equal(R.uniform([n], min=low, max=1.0, seed=seed).numpy(), a)   # fresh engine
    assert not np.array_equal(R.uniform([n], min=low, max=1.0).numpy(), a)          # seed 0: global


# ---- the fast engine against a vectorised numpy reference (seeded by tests/_rng_reference) ----
class _RefMT:
    """Textbook std::mt19937_64 over numpy words: one generation per twist, C++'s (mt, idx)."""

    def __init__(self, mt):
        self.mt, self.idx = np.array(mt, dtype=np.uint64), 312

    def _twist(self):
        old = self.mt
        y = (old & np.uint64(0xFFFFFFFF80000000)) | (np.roll(old, -1) & np.uint64(0x7FFFFFFF))
        f = (y >> np.uint64(1)) ^ ((y & np.uint64(1)) * np.uint64(0xB5026F5AA96619E9))
        new = np.empty_like(old)
        new[:156] = old[156:] ^ f[:156]
        new[156:311] = new[:155] ^ f[156:311]
        y311 = (int(old[311]) & 0xFFFFFFFF80000000) | (int(new[0]) & 0x7FFFFFFF)
        new[311] = new[155] ^ np.uint64((y311 >> 1) ^ (0xB5026F5AA96619E9 if y311 & 1 else 0))
        self.mt, self.idx = new, 0

    def words(self, n):
        out = []
        while n > 0:
            if self.idx >= 312:
                self._twist()
            k = min(n, 312 - self.idx)
            out.append(self.mt[self.idx:self.idx + k])
            self.idx += k
            n -= k
        y = np.concatenate(out) if out else np.empty(0, dtype=np.uint64)
        y = y ^ ((y >> np.uint64(29)) & np.uint64(0x5555555555555555))
        y = y ^ ((y << np.uint64(17)) & np.uint64(0x71D67FFFEDA60000))
        y = y ^ ((y << np.uint64(37)) & np.uint64(0xFFF7EEE000000000))
        return y ^ (y >> np.uint64(43))


def _seeded(seed):
    return np.array(ref.seed_seq_state(seed), dtype=np.uint64)


def _ref_canonical(u, T):
    return np.minimum(u.astype(T), np.nextafter(T(2.0 ** 64), T(0))) * T(2.0 ** -64)


def _ref_normal(rmt, n, mean, std, T):
    """Polar method pair by pair on the reference stream (no over-draw): values, words used."""
    out, spare = [], None
    while len(out) < n:
        x, y = _ref_canonical(rmt.words(2), T) * T(2) - T(1)
        r2 = x * x + y * y
        if r2 > 1 or r2 == 0:
            continue
        lg = np.float32(ref._libm.logf(r2)) if T is np.float32 else T(math.log(r2))
        mult = np.sqrt(T(-2) * lg / r2)
        out.extend([y * mult, x * mult])
    return (np.array(out[:n], dtype=T) * T(np.float32(std)) + T(np.float32(mean))).astype(T)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2 ** 64 - 1), plain=st.booleans(), gens=st.integers(1, 40))
def test_fast_twist_matches_textbook_twist(seed, plain, gens):
    state = np.array(ref.plain_seed_state(seed) if plain else ref.seed_seq_state(seed), dtype=np.uint64)
    rmt = _RefMT(state)
    want = np.concatenate([(rmt._twist(), rmt.mt)[1] for _ in range(gens)])
    assert np.array_equal(_random._twist(state, gens), want)


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2 ** 32 - 1), sizes=st.lists(st.integers(0, 70000), min_size=1,
                                                        max_size=3))
def test_engine_across_batches_matches_reference_and_state(seed, sizes):
    """Large draws cross the engine's batch boundary (~50 000 words) and its 4-generation start."""
    g = _random.Generator(seed)
    rmt = _RefMT(_seeded(seed))
    for n in sizes:
        assert np.array_equal(g.raw(n), rmt.words(n))
        mt, idx = g._engine.state()
        assert idx == rmt.idx and np.array_equal(mt, rmt.mt)       # C++'s own (mt, idx)
        assert np.array_equal(g.uniform(n % 997, -2.0, 5.0), _ref_canonical(
            rmt.words(n % 997), np.float32) * np.float32(7.0) + np.float32(-2.0))


def test_normal_large_draws_match_pair_by_pair_reference():
    """Several chunks of pairs, an odd count, a non-unit std: values and the words consumed."""
    for seed, n, f32, std in ((11, 40001, True, 1.0), (12, 33333, True, 0.3), (13, 9001, False, 2.5)):
        T = np.float32 if f32 else np.float64
        g = _random.Generator(seed)
        rmt = _RefMT(_seeded(seed))
        g.raw(77)                            # start mid-generation, at an odd word
        rmt.words(77)
        assert np.array_equal(g.normal(n, 0.25, std, f32), _ref_normal(rmt, n, 0.25, std, T))
        assert g.random() == int(rmt.words(1)[0])   # the over-drawn words were given back


def test_canonical_casts_are_exact_at_the_edges():
    rs = np.random.RandomState(5)
    u = rs.randint(0, 2 ** 63, 50000, dtype=np.uint64) * np.uint64(2) + np.uint64(1)
    small = u >> rs.randint(0, 64, 50000).astype(np.uint64)       # every magnitude, u < 2**26 too
    edges = np.array([0, 1, 3, 2 ** 25 - 1, 2 ** 25 + 1, 2 ** 26 - 1, 2 ** 26 + 1, 2 ** 53 + 1,
                      2 ** 63 - 1, 2 ** 63, 2 ** 64 - 2 ** 39 - 1, 2 ** 64 - 2 ** 39, 2 ** 64 - 1,
                      (2 ** 24 + 1) << 39, ((2 ** 24 + 1) << 39) + 1, ((2 ** 24 + 3) << 39) - 1],
                     dtype=np.uint64)
    near = [(u >> np.uint64(39)) | np.uint64(2 ** 25),        # the plain cast's range
            (u >> np.uint64(38)) | np.uint64(2 ** 26)]        # the halved cast's lowest octave
    for arr in [u, small, edges, np.concatenate([u, edges])] + near:
        for f32 in (True, False):
            T = np.float32 if f32 else np.float64
            assert np.array_equal(_random._canonical(arr, f32), _ref_canonical(arr, T))
            assert np.array_equal(_random._canonical(arr, f32, scale=2.0 ** -63),
                                  _ref_canonical(arr, T) * T(2))


@pytest.mark.parametrize("low,high", [(-1.0, 1.0), (0.0, 0.0), (3.0, -2.0), (1.0, 1.0 + 2 ** -23),
                                      (0.0, 1e-30), (-3e38, 3e38), (5.0, float("inf"))])
def test_uniform_bounds_match_two_step_formula(low, high):
    for f32 in (True, False):
        T = np.float32 if f32 else np.float64
        g = _random.Generator(99)
        rmt = _RefMT(_seeded(99))
        a, b = T(np.float32(low)), T(np.float32(high))
        with np.errstate(all="ignore"):
            want = _ref_canonical(rmt.words(3000), T) * T(b - a) + a
            got = g.uniform(3000, low, high, f32)
        assert np.array_equal(got, want, equal_nan=True)


def test_state_round_trip_at_every_kind_of_position():
    g = _random.Generator(2024)
    for n in (0, 1, 311, 1, 624, 1247, 50000, 3):
        g.raw(n)
        st = g.get_state()
        a = g.raw(700)
        g.set_state(st)
        assert np.array_equal(g.raw(700), a)
        g.set_state(st)
        assert g.get_state() == st


def test_log64_matches_the_c_library_log_bit_for_bit():
    """The double-double log with its near-midpoint fallback against math.log (the C library's)."""
    rs = np.random.RandomState(8)
    x = np.concatenate([
        1 - rs.rand(150000),                                     # canonical-like
        ((rs.rand(150000) * 2 - 1) ** 2 + (rs.rand(150000) * 2 - 1) ** 2) / 2,   # r2-like
        1 - rs.rand(50000) * 1e-9, 1 - np.ldexp(rs.randint(1, 4096, 20000).astype(float), -53),
        np.ldexp(rs.rand(50000) + 0.5, rs.randint(-1021, 1000, 50000)),   # every exponent
        0.75 + rs.randint(0, 193, 30000) / 512.0 + rs.randint(-2, 3, 30000) * 2.0 ** -53,
        [1.0, 0.5, 0.75, 1.5, np.nextafter(1.0, 0.0), np.nextafter(0.75, 0.0), 2.0 ** -1022,
         5e-324, np.inf, 1e308]])
    want = np.array([math.log(v) for v in x.tolist()])
    assert np.array_equal(_random._log64(x).view(np.int64), want.view(np.int64))
    with pytest.raises(ValueError, match="math domain error"):
        _random._log64(np.array([0.5, 0.0]))


# ---- Paddle 3.x tensor functions of this module (in-place variants, newer ops): the cases
# recorded from Paddle 3.3.1 by conformance/record/record_tensor_api.py --------------------------
from tests import _tensor_api_goldens as _api  # noqa: E402


@pytest.mark.parametrize("case", _api.cases("random"))
def test_tensor_api_golden(case):
    _api.check(case)
