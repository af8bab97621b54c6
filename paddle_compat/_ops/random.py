"""Random ops (Paddle: tensor/random.py; the seed and state functions are Paddle's
framework/random.py): seed/state functions and the sampling ops, on the Paddle-exact CPU generator.

Every sampling op is one registered OpDef (Paddle's legacy types `gaussian_random`,
`uniform_random`, `randint`, `randperm`, `bernoulli`, `multinomial`, `exponential`, ...). The kernel
draws from the generator when it runs - now in dynamic mode, at Executor run time in static mode -
so a seeded program gives Paddle's CPU numbers bit for bit (shared/reference/paddle_semantics.md 3.2).

Differences from Paddle: on a CUDA place the numbers come from torch's CUDA generator (seeded by
`paddle.seed`); Paddle's own GPU stream cannot be reproduced. Complex dtypes are not supported by
the sampling ops (NotImplementedError).
"""
import inspect

import numpy as np
import torch

from .. import _dtype
from .. import _random
from .._mode import STATE
from .._place import to_place, current_torch_device, CPUPlace
from .._tensor import Tensor
from .creation import _check_inplace, bump_inplace_version, like_source
from .manipulation import broadcast_tensors
from ._checks import kernel_not_found
from .registry import defop, apply_op
from .._tensor_methods import METHODS

__all__ = ["seed", "get_rng_state", "set_rng_state", "get_cuda_rng_state", "set_cuda_rng_state",
           "Generator", "gaussian", "standard_normal", "randn", "rand", "uniform", "normal",
           "randint", "randint_like", "randperm", "bernoulli", "multinomial", "uniform_", "normal_",
           "exponential_"]

_FLOATS = ("float16", "bfloat16", "float32", "float64")


# ---- seed and state ------------------------------------------------------------------------
def seed(seed):
    """paddle.seed(seed): seed the global CPU generator (and torch's CUDA generators); returns it.

    Differences from Paddle: CUDA numbers come from torch's generator, seeded with the same value;
    they are reproducible but not Paddle's GPU numbers.
    """
    seed = int(seed)
    if torch.cuda.is_available() and seed >= 0:
        torch.cuda.manual_seed_all(seed & 0xFFFFFFFFFFFFFFFF)
    return _random.default_cpu_generator().manual_seed(seed)


class _CudaState:
    """A torch CUDA generator state wrapped like Paddle's GeneratorState."""

    __slots__ = ("state", "_seed")

    def __init__(self, state, seed):
        self.state, self._seed = state, seed

    def current_seed(self):
        return self._seed


def _is_cuda(device):
    place = to_place(device) if device is not None else to_place(None)
    return place.device.type == "cuda"


def get_rng_state(device=None):
    """paddle.get_rng_state(device=None): a list of generator states (one for CPU)."""
    if _is_cuda(device):
        return get_cuda_rng_state()
    return [_random.default_cpu_generator().get_state()]


def set_rng_state(state_list, device=None):
    """paddle.set_rng_state(state_list, device=None): restore states from get_rng_state()."""
    if _is_cuda(device):
        return set_cuda_rng_state(state_list)
    if not len(state_list) == 1:
        raise ValueError("Length of cpu state list should be equal to 1")
    _random.default_cpu_generator().set_state(state_list[0])


def get_cuda_rng_state():
    """paddle.get_cuda_rng_state(): one state per CUDA device ([] without CUDA).

    Differences from Paddle: the states are torch's CUDA generator states.
    """
    if not torch.cuda.is_available():
        return []
    return [_CudaState(torch.cuda.get_rng_state(i), torch.cuda.initial_seed())
            for i in range(torch.cuda.device_count())]


def set_cuda_rng_state(state_list):
    """paddle.set_cuda_rng_state(state_list): restore what get_cuda_rng_state() returned."""
    if not torch.cuda.is_available():
        return
    if not len(state_list) == torch.cuda.device_count():
        raise ValueError("Length of cuda state list should be equal to the cuda device count")
    for i, st in enumerate(state_list):
        torch.cuda.set_rng_state(st.state, i)


class Generator(_random.Generator):
    """paddle.Generator(device=None): the default generator of the device (as in Paddle, whose
    `Generator.__new__` returns `core.default_cpu_generator()` for CPU).

    Differences from Paddle: CUDA devices raise NotImplementedError (use paddle.seed, which seeds
    torch's CUDA generator).
    """

    def __new__(cls, device=None):
        if _is_cuda(device):
            raise NotImplementedError("paddle.Generator(device='gpu') is not supported: CUDA numbers "
                                      "come from torch's generator; use paddle.seed(...)")
        return _random.default_cpu_generator()


# ---- shape and dtype arguments -------------------------------------------------------------
def _shape_args(shape, api, static_ok=True):
    """Paddle's shape argument -> (list of ints with -1 for tensor entries, shape tensor inputs)."""
    if isinstance(shape, Tensor):
        if STATE.static:
            return [], (shape, None)
        return [int(v) for v in shape._t.reshape(-1).tolist()], (None, None)
    if isinstance(shape, int) and not isinstance(shape, bool):
        shape = [shape]
    if not isinstance(shape, (list, tuple)):
        if shape is None:
            raise AttributeError("'NoneType' object has no attribute 'astype'")
        raise TypeError(f"{api}(): argument 'shape' must be a list or tuple of int, or a Tensor, "
                        f"but received {type(shape).__name__}")
    out, tensors = [], []
    for pos, d in enumerate(shape):
        if isinstance(d, Tensor):
            if STATE.static:
                out.append(-1)
                tensors.append(d)
            else:
                out.append(int(d._t.reshape(-1)[0]))
        elif isinstance(d, (int, np.integer)) and not isinstance(d, bool):
            out.append(int(d))
        else:
            # the shape's position among the C++ op's arguments: randint(low, high, shape)
            where = 3 if api == "randint" else 1
            raise TypeError(f"(InvalidType) {api}(): argument (position {where}) must be list "
                            f"of int, but got {type(d).__name__} at pos {pos}")
    if not STATE.static:
        for d in out:
            if d < 0:
                raise RuntimeError("(PreconditionNotMet) The meta data must be valid when call the "
                                   f"mutable data function. ({api}: shape {out} has a negative "
                                   "dimension)")
    return out, (None, tensors or None)


def _resolve_shape(shape, shape_tensor, shape_list):
    if shape_tensor is not None:
        return [int(v) for v in shape_tensor.reshape(-1).tolist()]
    if shape_list:
        it = iter(shape_list)
        return [int(next(it).reshape(-1)[0]) if d == -1 else d for d in shape]
    return list(shape)


def _float_dtype(dtype, api, kernel):
    if dtype is None:
        d = _dtype.default_float()
    else:
        d = _dtype.to_dtype(dtype)
    if d.short in ("complex64", "complex128"):
        raise NotImplementedError(f"{api} with dtype {d.short} is not supported by paddle_compat; "
                                  "draw two float tensors and combine them with paddle.complex")
    if d.short not in _FLOATS:
        raise RuntimeError(f"(NotFound) The kernel with key (CPU, Undefined(AnyLayout), {d.short}) "
                           f"of kernel `{kernel}` is not registered. Selected wrong DataType "
                           f"`{d.short}`. Paddle support following DataTypes: float64, complex128, "
                           "float16, float32, complex64, bfloat16.")
    return d


def _device_str(device):
    return str(current_torch_device() if device is None else to_place(device).device)


def _finish(tensor, out, requires_grad):
    if out is not None:
        with torch.no_grad():
            out._t.copy_(tensor._t)
        tensor = out
    if requires_grad:
        tensor.stop_gradient = False
    return tensor


def _to_torch(values, dtype, device):
    t = torch.from_numpy(np.ascontiguousarray(values))
    if dtype == "bfloat16":
        t = t.to(torch.bfloat16)               # drawn as float32, then rounded, as Paddle does
    if device != "cpu":
        t = t.to(device)
    return t


def _gen(seed_attr):
    return _random.engine_generator(seed_attr) if seed_attr else _random.default_cpu_generator()


# ---- kernels ---------------------------------------------------------------------------------
def _gaussian_kernel(ShapeTensor=None, ShapeTensorList=None, *, shape, mean, std, seed, dtype,
                     place):
    shape = _resolve_shape(shape, ShapeTensor, ShapeTensorList)
    tdt = _dtype.to_dtype(dtype).torch
    if place.startswith("cuda"):
        return torch.randn(shape, dtype=tdt, device=place) * std + mean
    n = _random._numel(shape)
    vals = _gen(seed).normal(n, mean, std, f32=(dtype != "float64"))
    if dtype == "float16":
        vals = vals.astype(np.float16)
    return _to_torch(vals, dtype, place).reshape(shape)


def _uniform_kernel(ShapeTensor=None, ShapeTensorList=None, *, shape, min, max, seed, dtype,
                    place):
    shape = _resolve_shape(shape, ShapeTensor, ShapeTensorList)
    tdt = _dtype.to_dtype(dtype).torch
    if place.startswith("cuda"):
        return torch.empty(shape, dtype=tdt, device=place).uniform_(min, max)
    vals = _gen(seed).uniform(_random._numel(shape), min, max, f32=(dtype != "float64"))
    if dtype == "float16":
        vals = vals.astype(np.float16)
    return _to_torch(vals, dtype, place).reshape(shape)


def _randint_kernel(ShapeTensor=None, ShapeTensorList=None, *, low, high, shape, dtype, place):
    shape = _resolve_shape(shape, ShapeTensor, ShapeTensorList)
    tdt = _dtype.to_dtype(dtype).torch
    if place.startswith("cuda"):
        return torch.randint(low, high, shape, dtype=tdt, device=place)
    vals = _random.default_cpu_generator().integers(_random._numel(shape), low, high)
    return _to_torch(vals.astype(_dtype.to_dtype(dtype).numpy), dtype, place).reshape(shape)


def _randperm_kernel(*, n, dtype, place):
    tdt = _dtype.to_dtype(dtype).torch
    if place.startswith("cuda"):
        return torch.randperm(n, dtype=tdt, device=place)
    perm = _random.default_cpu_generator().permutation(n)
    return torch.tensor(perm, dtype=tdt, device=place)


def _bernoulli_kernel(X):
    if X.is_cuda:
        return torch.bernoulli(X)
    p = X.detach().numpy()
    if (p > 1).any() or (p < 0).any():
        bad = p[(p > 1) | (p < 0)][0]
        side = "<= 1" if bad > 1 else ">= 0"
        raise IndexError(f"(OutOfRange) The probability should be {side}, but got {bad:f}")
    u = _random.default_cpu_generator().uniform(p.size, 0.0, 1.0, f32=(p.dtype == np.float32))
    return torch.from_numpy((u.reshape(p.shape) < p).astype(p.dtype))


def _multinomial_kernel(X, *, num_samples, replacement):
    if X.is_meta:       # static shape inference: no draw, only the output's shape and dtype
        return torch.empty(tuple(X.shape[:-1]) + (num_samples,), dtype=torch.int64, device="meta")
    if X.is_cuda:
        return torch.multinomial(X, num_samples, replacement)
    probs = X.detach().numpy()
    T = probs.dtype.type
    rows = probs.reshape(-1, probs.shape[-1])
    gen = _random.default_cpu_generator()
    out = np.empty((rows.shape[0], num_samples), dtype=np.int64)
    for i, row in enumerate(rows):
        if (row < 0).any():
            raise ValueError("(InvalidArgument) The input of multinomial distribution should be "
                             f">= 0, but got {row[row < 0][0]:f}.")
        cum = np.cumsum(row, dtype=T)           # sequential sums in T, as the C++ loop
        total = cum[-1]
        if not total > 0:
            raise ValueError("(InvalidArgument) The sum of one multinomial distribution "
                             f"probability should be > 0, but got {total:f}.")
        if not replacement and np.count_nonzero(row) < num_samples:
            raise ValueError("(InvalidArgument) When replacement is False, number of samples "
                             "should be less than non-zero categories.")
        cum = cum / total
        if replacement:
            cum[-1] = 1
            u = gen.uniform(num_samples, 0.0, 1.0, f32=(T is np.float32))
            out[i] = np.searchsorted(cum, u, side="left")
            continue
        for s in range(num_samples):
            u = gen.uniform(1, 0.0, 1.0, f32=(T is np.float32))
            cum[-1] = 1
            k = int(np.searchsorted(cum, u, side="left")[0])
            out[i, s] = k
            if s < num_samples - 1:             # remove the drawn category, renormalise in T
                before = cum[k - 1] if k else T(0)
                p_k = T(cum[k] - before)
                new_sum = T(T(1.0) - p_k)
                cum[k:] -= p_k
                cum /= new_sum
    return torch.from_numpy(out.reshape(probs.shape[:-1] + (num_samples,)))


def _exponential_kernel(X, *, lambd):
    if X.is_cuda:
        return torch.empty_like(X).exponential_(lambd)
    f32 = X.dtype != torch.float64
    T = np.float32 if f32 else np.float64
    u = _random.default_cpu_generator().uniform(X.numel(), 0.0, 1.0, f32=f32)
    v = T(1.0) - u
    lg = _random._logf(v) if f32 else _random._log64(v)
    vals = T(T(-1.0) / T(lambd)) * lg           # -1/lambda * log(1 - u), in T
    return torch.from_numpy(vals).reshape(X.shape).to(X.dtype)


def _gaussian_inplace_kernel(X, *, mean, std, seed):
    if X.is_cuda:
        return torch.randn_like(X) * std + mean
    dt = _dtype.from_torch_dtype(X.dtype).short
    return _gaussian_kernel(shape=list(X.shape), mean=mean, std=std, seed=seed, dtype=dt,
                            place="cpu")


def _uniform_inplace_kernel(X, *, min, max, seed):
    if X.is_cuda:
        return torch.empty_like(X).uniform_(min, max)
    dt = _dtype.from_torch_dtype(X.dtype).short
    return _uniform_kernel(shape=list(X.shape), min=min, max=max, seed=seed, dtype=dt, place="cpu")


def _randint_like_kernel(ShapeTensor=None, ShapeTensorList=None, *, low, high, shape, dtype,
                         place):
    r = _randint_kernel(ShapeTensor, ShapeTensorList, low=low, high=high, shape=shape,
                        dtype="int64", place=place)
    return r.to(_dtype.to_dtype(dtype).torch)


def _normal_tensors_kernel(Mean=None, Std=None, *, mean_value, std_value):
    ref = Mean if Mean is not None else Std
    dt = _dtype.from_torch_dtype(ref.dtype).short
    z = _gaussian_kernel(shape=list(ref.shape), mean=0.0, std=1.0, seed=0, dtype=dt,
                         place=str(ref.device))
    std = Std.to(ref.dtype).reshape(ref.shape) if Std is not None else std_value
    mean = Mean if Mean is not None else mean_value
    return z * std + mean                       # Paddle: standard_normal * std + mean, in dtype


_SHAPE_SLOTS = ("ShapeTensor", "ShapeTensorList")
GAUSSIAN = defop("gaussian_random", _gaussian_kernel, inputs=_SHAPE_SLOTS,
                 attrs={"shape": [], "mean": 0.0, "std": 1.0, "seed": 0, "dtype": "float32",
                        "place": "cpu"}, api="paddle.gaussian",
                 notes="CUDA places draw from torch's generator")
UNIFORM = defop("uniform_random", _uniform_kernel, inputs=_SHAPE_SLOTS,
                attrs={"shape": [], "min": -1.0, "max": 1.0, "seed": 0, "dtype": "float32",
                       "place": "cpu"}, api="paddle.uniform",
                notes="CUDA places draw from torch's generator")
RANDINT = defop("randint", _randint_kernel, inputs=_SHAPE_SLOTS,
                attrs={"low": 0, "high": 1, "shape": [], "dtype": "int64", "place": "cpu"},
                api="paddle.randint")
RANDPERM = defop("randperm", _randperm_kernel, inputs=(), attrs={"n": 1, "dtype": "int64",
                                                                 "place": "cpu"},
                 api="paddle.randperm")
RANDINT_LIKE = defop("randint_like", _randint_like_kernel, inputs=_SHAPE_SLOTS,
                     attrs={"low": 0, "high": 1, "shape": [], "dtype": "int64", "place": "cpu"},
                     api="paddle.randint_like", notes="Paddle composes randint (int64) + cast")
NORMAL_TENSORS = defop("normal_tensors", _normal_tensors_kernel, inputs=("Mean", "Std"),
                       attrs={"mean_value": 0.0, "std_value": 1.0}, api="paddle.normal",
                       notes="Paddle composes standard_normal * std + mean")
BERNOULLI = defop("bernoulli", _bernoulli_kernel, api="paddle.bernoulli")
MULTINOMIAL = defop("multinomial", _multinomial_kernel,
                    attrs={"num_samples": 1, "replacement": False}, api="paddle.multinomial")
EXPONENTIAL = defop("exponential", _exponential_kernel, attrs={"lambd": 1.0},
                    api="paddle.Tensor.exponential_")
GAUSSIAN_INPLACE = defop("gaussian_inplace", _gaussian_inplace_kernel,
                         attrs={"mean": 0.0, "std": 1.0, "seed": 0}, api="paddle.Tensor.normal_")
UNIFORM_INPLACE = defop("uniform_inplace", _uniform_inplace_kernel,
                        attrs={"min": -1.0, "max": 1.0, "seed": 0}, api="paddle.Tensor.uniform_")

for _k in (_gaussian_kernel, _uniform_kernel, _randint_kernel, _randperm_kernel,
           _randint_like_kernel):
    _k.draws_random = True     # static shape inference must not run these kernels (they advance
                               # the generator); the output shape is the `shape` attribute


# ---- public sampling functions ---------------------------------------------------------------
def gaussian(shape, mean=0.0, std=1.0, seed=0, dtype=None, name=None, *, out=None, device=None,
             requires_grad=False):
    """paddle.gaussian: normal numbers, Paddle's CPU stream for the same seed and call sequence.

    A nonzero `seed` draws from a fresh engine seeded with it (the global generator is untouched).
    Differences from Paddle: complex dtypes raise NotImplementedError; CUDA uses torch's generator.
    """
    if isinstance(mean, complex):
        raise NotImplementedError("paddle.gaussian with a complex mean is not supported by "
                                  "paddle_compat; draw real and imaginary parts separately")
    d = _float_dtype(dtype, "paddle.gaussian", "gaussian")
    dims, (st, stl) = _shape_args(shape, "gaussian")
    t = apply_op(GAUSSIAN, (st, stl), {"shape": dims, "mean": float(mean), "std": float(std),
                                        "seed": int(seed), "dtype": d.short,
                                        "place": _device_str(device)})
    return _finish(t, out, requires_grad)


def standard_normal(shape, dtype=None, name=None, *, out=None, device=None, requires_grad=False):
    """paddle.standard_normal(shape, dtype=None): gaussian(shape, 0.0, 1.0, dtype=dtype)."""
    return gaussian(shape, 0.0, 1.0, 0, dtype, name, out=out, device=device,
                    requires_grad=requires_grad)


def _size_args(args, kwargs, api):
    if "size" in kwargs:
        kwargs["shape"] = kwargs.pop("size")
    elif args and isinstance(args[0], int) and not isinstance(args[0], bool):
        kwargs["shape"] = list(args)
        args = ()
    return args, kwargs


def randn(*args, **kwargs):
    """paddle.randn(shape, dtype=None, name=None, *, out=None, device=None, requires_grad=False,
    pin_memory=False): standard normal numbers; `randn(2, 3)` and `size=` work as in Paddle.

    Differences from Paddle: pin_memory is accepted and ignored on CPU.
    """
    args, kwargs = _size_args(args, kwargs, "randn")
    kwargs.pop("pin_memory", None)
    return _randn(*args, **kwargs)


def _randn(shape, dtype=None, name=None, *, out=None, device=None, requires_grad=False):
    return standard_normal(shape, dtype, name, out=out, device=device, requires_grad=requires_grad)


def uniform(shape, dtype=None, min=0, max=1.0, seed=0, name=None, *, out=None, device=None,
            requires_grad=False):
    """paddle.uniform: uniform numbers in [min, max), Paddle's CPU stream (min/max rounded to float32
    as Paddle's float attributes are). Differences from Paddle: CUDA uses torch's generator."""
    d = _float_dtype(dtype, "paddle.uniform", "uniform")
    dims, (st, stl) = _shape_args(shape, "uniform")
    t = apply_op(UNIFORM, (st, stl), {"shape": dims, "min": float(min), "max": float(max),
                                       "seed": int(seed), "dtype": d.short,
                                       "place": _device_str(device)})
    return _finish(t, out, requires_grad)


def rand(*args, **kwargs):
    """paddle.rand(shape, dtype=None, name=None, *, out=None, device=None, requires_grad=False,
    pin_memory=False): uniform numbers in [0, 1)."""
    args, kwargs = _size_args(args, kwargs, "rand")
    kwargs.pop("pin_memory", None)
    return _rand(*args, **kwargs)


def _rand(shape, dtype=None, name=None, *, out=None, device=None, requires_grad=False):
    return uniform(shape, dtype, 0.0, 1.0, 0, name, out=out, device=device,
                   requires_grad=requires_grad)


def _paddle_signature(shape, dtype=None, name=None, *, out=None, device=None, requires_grad=False,
                      pin_memory=False):
    """Paddle's public signature of randn/rand, which also accept `randn(2, 3)` and `size=`."""


# inspect.signature (and so help(), IDEs and the conformance call styles) shows Paddle's signature.
randn.__signature__ = rand.__signature__ = inspect.signature(_paddle_signature)


def normal(mean=0.0, std=1.0, shape=None, name=None, *, out=None):
    """paddle.normal(mean=0.0, std=1.0, shape=None): scalar mean/std -> gaussian(shape); a Tensor
    mean or std -> standard normal numbers of its shape and dtype, times std plus mean (in that
    dtype), as Paddle composes it."""
    if isinstance(mean, Tensor) or isinstance(std, Tensor):
        ref = mean if isinstance(mean, Tensor) else std
        if ref.dtype.short not in ("float32", "float64"):
            raise TypeError(f"If {'mean' if ref is mean else 'std'} is Tensor, it's data type only "
                            f"support float32, float64, but received {ref.dtype.short}")
        res = apply_op(NORMAL_TENSORS, (mean if isinstance(mean, Tensor) else None,
                                        std if isinstance(std, Tensor) else None),
                       {"mean_value": 0.0 if isinstance(mean, Tensor) else float(mean),
                        "std_value": 1.0 if isinstance(std, Tensor) else float(std)})
        if out is not None:
            with torch.no_grad():
                out._t.copy_(res._t)
            return out
        return res
    return gaussian(shape, mean, std, name=name, out=out)


def randint(low=0, high=None, shape=[1], dtype=None, name=None):   # noqa: B006 (Paddle's default)
    """paddle.randint(low=0, high=None, shape=[1], dtype=None): integers in [low, high), Paddle's
    CPU stream (libstdc++ uniform_int_distribution, Lemire's method). low/high must fit in int32."""
    if high is None:
        if low <= 0:
            raise ValueError(f"If high is None, low must be greater than 0, but received low = {low}.")
        low, high = 0, low
    for arg, v in (("low", low), ("high", high)):
        if not -2 ** 31 <= int(v) < 2 ** 31:
            raise IndexError(f"(OutOfRange) Integer value {int(v)} exceeds int32 range "
                             f"[-2147483648, 2147483647] (randint argument '{arg}')")
    if low >= high:
        raise ValueError(f"(InvalidArgument) randint's low must less then high, but received: "
                         f"low = {low}, high = {high}.")
    d = _dtype.int64 if dtype is None else _dtype.to_dtype(dtype)
    if d.short not in ("int32", "int64"):
        raise RuntimeError(f"(NotFound) The kernel with key (CPU, Undefined(AnyLayout), {d.short}) "
                           f"of kernel `randint` is not registered. Selected wrong DataType "
                           f"`{d.short}`. Paddle support following DataTypes: int64, int32.")
    dims, (st, stl) = _shape_args(shape, "randint")
    return apply_op(RANDINT, (st, stl), {"low": int(low), "high": int(high), "shape": dims,
                                          "dtype": d.short, "place": _device_str(None)})


def randint_like(x, low=0, high=None, dtype=None, name=None):
    """paddle.randint_like(x, low=0, high=None, dtype=None): randint of x's shape (drawn as int64),
    cast to `dtype` (default x.dtype)."""
    if high is None:
        if low <= 0:
            raise ValueError(f"If high is None, low must be greater than 0, but received low = {low}.")
        low, high = 0, low
    if low >= high:
        raise ValueError(f"randint_like's low must less then high, but received low = {low}, "
                         f"high = {high}")
    d = x.dtype if dtype is None else _dtype.to_dtype(dtype)
    return apply_op(RANDINT_LIKE, (None, None), {"low": int(low), "high": int(high),
                                                  "shape": list(x.shape), "dtype": d.short,
                                                  "place": _device_str(None)})


def randperm(n, dtype="int64", name=None, *, out=None, device=None, requires_grad=False,
             pin_memory=False):
    """paddle.randperm(n, dtype='int64'): a random permutation of 0..n-1 (libstdc++ std::shuffle on
    the global engine, as Paddle's CPU kernel)."""
    d = _dtype.to_dtype(dtype)
    if d.short not in ("int32", "int64", "float32", "float64"):
        raise RuntimeError(f"(NotFound) The kernel with key (CPU, Undefined(AnyLayout), {d.short}) "
                           f"of kernel `randperm` is not registered. Selected wrong DataType "
                           f"`{d.short}`. Paddle support following DataTypes: int32, int64, "
                           "float64, float32.")
    if int(n) < 0:
        raise RuntimeError("(PreconditionNotMet) The meta data must be valid when call the mutable "
                           f"data function. (randperm: n must be >= 0, but received {n})")
    t = apply_op(RANDPERM, (), {"n": int(n), "dtype": d.short, "place": _device_str(device)})
    return _finish(t, out, requires_grad)


def bernoulli(x, p=None, name=None):
    """paddle.bernoulli(x, p=None): 1 where a uniform draw is below the probability, else 0."""
    if p is not None:
        x = Tensor(np.full(list(x.shape), p, dtype=x.dtype.numpy), dtype=x.dtype)
    if x.dtype.short not in ("float32", "float64"):
        raise RuntimeError(f"(NotFound) The kernel with key (CPU, Undefined(AnyLayout), "
                           f"{x.dtype.short}) of kernel `bernoulli` is not registered. Selected "
                           f"wrong DataType `{x.dtype.short}`. Paddle support following DataTypes: "
                           "float64, float32.")
    return apply_op(BERNOULLI, (x,), None)


def multinomial(x, num_samples=1, replacement=False, name=None, *, out=None):
    """paddle.multinomial(x, num_samples=1, replacement=False): category indices (int64) drawn by
    Paddle's CPU algorithm (cumulative sums in x's dtype, binary search, renormalisation)."""
    if x.ndim > 2:
        raise ValueError("(InvalidArgument) The number of dimensions of the input probability "
                         f"distribution should be <= 2, but got {x.ndim}.")
    t = apply_op(MULTINOMIAL, (x,), {"num_samples": int(num_samples),
                                      "replacement": bool(replacement)})
    return _finish(t, out, False)


def _inplace(x, new):
    if STATE.static:
        return new
    _check_inplace(x)      # Paddle refuses in-place fills of a leaf that needs grad
    with torch.no_grad():
        x._t.copy_(new._t)
    bump_inplace_version(x)
    return x


def uniform_(x, min=0, max=1.0, seed=0, name=None):
    """Tensor.uniform_(min=0, max=1.0, seed=0): fill x in place with uniform numbers."""
    return _inplace(x, apply_op(UNIFORM_INPLACE, (x,), {"min": float(min), "max": float(max),
                                                        "seed": int(seed)}))


def normal_(x, mean=0.0, std=1.0, name=None):
    """Tensor.normal_(mean=0.0, std=1.0): fill x in place with normal numbers."""
    return _inplace(x, apply_op(GAUSSIAN_INPLACE, (x,), {"mean": float(mean), "std": float(std),
                                                         "seed": 0}))


def exponential_(x, lam=1.0, name=None):
    """Tensor.exponential_(lam=1.0): fill x in place with -log(1 - U) / lam (Paddle's CPU kernel)."""
    return _inplace(x, apply_op(EXPONENTIAL, (x,), {"lambd": float(lam)}))


from .. import _tensor_methods  # noqa: E402  (after the functions it attaches)

_tensor_methods.attach({"uniform_": uniform_, "normal_": normal_, "exponential_": exponential_})


# ---- newer sampling functions of Paddle 3.x. cauchy_, geometric_, log_normal(_), bernoulli_,
# rand_like and randn_like are compositions in Paddle's own Python, composed here the same way, so
# seeded CPU draws equal Paddle's. binomial, poisson and standard_gamma are C++ kernels whose
# streams paddle_compat does not reproduce: they draw from torch's generator. -----------------------
def manual_seed(seed):
    """paddle.manual_seed(seed): the same as paddle.seed(seed) (returns the generator)."""
    return globals()["seed"](seed)


def rand_like(input, name=None, *, dtype=None, device=None, requires_grad=False):
    """paddle.rand_like(input, dtype=None): uniform [0, 1) numbers of input's shape (and dtype
    unless given), from Paddle's CPU stream."""
    like_source(input)
    return _rand(list(input.shape), dtype=input.dtype if dtype is None else dtype,
                 device=device, requires_grad=requires_grad)


def randn_like(x, dtype=None, name=None, *, device=None, requires_grad=False):
    """paddle.randn_like(x, dtype=None): standard normal numbers of x's shape (and dtype unless
    given), from Paddle's CPU stream."""
    like_source(x)
    return _randn(list(x.shape), dtype=x.dtype if dtype is None else dtype, device=device,
                  requires_grad=requires_grad)


def log_normal(mean=1.0, std=2.0, shape=None, name=None):
    """paddle.log_normal(mean=1.0, std=2.0, shape=None): exp of paddle.normal(mean, std, shape)."""
    return METHODS["exp"](normal(mean=mean, std=std, shape=shape))


def log_normal_(x, mean=1.0, std=2.0, name=None):
    """paddle.log_normal_(x, mean=1.0, std=2.0): fill x in place with exp(normal(mean, std))."""
    return normal_(x, mean=mean, std=std).exp_()


def bernoulli_(x, p=0.5, name=None):
    """paddle.bernoulli_(x, p=0.5): fill x in place with 1 where a uniform draw is below p, else 0
    (p a float or a tensor broadcast to x)."""
    x.uniform_(0.0, 1.0)
    ones_mask = x < p
    zeros_mask = x > p
    x.masked_fill_(ones_mask, 1.0)
    x.masked_fill_(zeros_mask, 0.0)
    return x


def cauchy_(x, loc=0, scale=1, name=None):
    """paddle.cauchy_(x, loc=0, scale=1): fill x in place with Cauchy numbers,
    loc + scale * tan(pi * (u - 0.5)) where u is x.normal_() as in Paddle 3.3.1's own code."""
    x.normal_()
    loc = Tensor(loc).astype(x.dtype)
    half = Tensor(0.5).astype(x.dtype)
    x.subtract_(half).scale_(np.pi).tan_().scale_(scale).add_(loc)
    return x


def geometric_(x, probs, name=None):
    """paddle.geometric_(x, probs): fill x in place with log(u) / log1p(-probs) for uniform u in
    [tiny, 1), Paddle's formula (real-valued, not rounded up to integers)."""
    tiny = np.finfo(x.dtype.numpy).tiny
    probs = Tensor(probs).astype(x.dtype)
    x.uniform_(min=float(tiny), max=float(1))
    x.log_().divide_(METHODS["log1p"](-probs))
    return x


def _binomial_kernel(count, prob):
    return torch.binomial(count, prob).to(torch.int64)


BINOMIAL = defop("binomial", _binomial_kernel, inputs=("count", "prob"), api="paddle.binomial",
                 notes="draws from torch's generator, not Paddle's stream")
POISSON = defop("poisson", lambda x: torch.poisson(x), api="paddle.poisson",
                notes="draws from torch's generator, not Paddle's stream")
STANDARD_GAMMA = defop("standard_gamma", lambda x: torch._standard_gamma(x),
                       api="paddle.standard_gamma",
                       notes="draws from torch's generator, not Paddle's stream")


def _check_float(x, api):
    if x.dtype.short not in ("float32", "float64"):
        raise kernel_not_found(api, x.dtype.short, "float64, float32")


def binomial(count, prob, name=None):
    """paddle.binomial(count, prob): int64 draws of Binomial(count, prob), elementwise over the
    broadcast of the two tensors.

    Differences from Paddle: the numbers come from torch's generator (seeded by paddle.seed), not
    Paddle's CPU stream, so a seeded run gives other (equally distributed) values."""
    count, prob = broadcast_tensors([count.astype(prob.dtype), prob])
    return apply_op(BINOMIAL, (count, prob))


def poisson(x, name=None):
    """paddle.poisson(x): Poisson draws with rate x (x's dtype, float32/float64); no gradient.

    Differences from Paddle: the numbers come from torch's generator, not Paddle's CPU stream."""
    _check_float(x, "poisson")
    return apply_op(POISSON, (x,))


def standard_gamma(x, name=None):
    """paddle.standard_gamma(x): Gamma(x, 1) draws (x's dtype, float32/float64).

    Differences from Paddle: the numbers come from torch's generator, not Paddle's CPU stream."""
    _check_float(x, "standard_gamma")
    return apply_op(STANDARD_GAMMA, (x,))


for _k in (_binomial_kernel, POISSON.kernel, STANDARD_GAMMA.kernel):
    _k.draws_random = True

__all__ += ["manual_seed", "rand_like", "randn_like", "log_normal", "log_normal_", "bernoulli_",
            "cauchy_", "geometric_", "binomial", "poisson", "standard_gamma"]
_tensor_methods.attach({n: globals()[n] for n in ("log_normal_", "bernoulli_", "cauchy_",
                                                  "geometric_")
                        if n not in _tensor_methods.METHODS})


def initial_seed():
    """paddle.random.initial_seed(): the seed the default CPU generator was last seeded with (the
    whole value given to paddle.seed), as a Python int."""
    return _random.default_cpu_generator().initial_seed()


__all__ += ["initial_seed"]
