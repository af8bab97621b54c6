"""paddle.fft: Paddle 3.3.1's discrete Fourier transforms (mirrors paddle/fft.py).

Three ops, under Paddle's op types and attributes, carry every transform:
`fft_c2c` (X; axes, normalization, forward), `fft_r2c` (X; axes, normalization, forward, onesided)
and `fft_c2r` (X; axes, normalization, forward, last_dim_size). The public functions repeat
Paddle's Python layer exactly: the integer/float casts, the argument checks and their ValueError
texts, the axis sorting of the n-D forms, and the zero-padding / truncation of the input to `n`/`s`
(recorded as `slice` and `pad` ops, as Paddle records them).

Paddle's norms: "backward" scales the inverse transforms by 1/n, "forward" the forward ones,
"ortho" both by 1/sqrt(n). On CPU the kernels compute Paddle's own arithmetic (pocketfft, through
numpy's pocketfft ufuncs: see pocketfft.py), so values equal Paddle's bit for bit; gradients use
torch.fft's adjoints. On CUDA (and on CPU without numpy's pocketfft ufuncs) they run torch.fft, whose
`norm` has Paddle's meaning: values equal Paddle's within rounding.

Differences from Paddle: repeated FFT axes abort the whole Paddle 3.3.1 process (a C++
std::invalid_argument); here they raise ValueError. `fftshift`/`ifftshift` with an integer `axes`
fail in Paddle 3.3.1 with SystemError from `roll`; here they shift that axis (numpy's meaning).
Unsupported input dtypes raise Paddle's dynamic-mode kernel error (RuntimeError "(NotFound) The kernel
with key ... is not registered") in static mode too, where Paddle raises check_variable_and_dtype's
TypeError.
"""
from collections.abc import Sequence

import numpy as np
import torch

from .._dtype import default_float, from_torch_dtype
from . import pocketfft
from ._checks import is_tensor_like
from .creation import arange, assign
from .manipulation import slice as _slice
from .manipulation import roll
from .math import cast
from .registry import OPS, apply_op, defop

__all__ = ["fft", "ifft", "rfft", "irfft", "hfft", "ihfft", "fft2", "ifft2", "rfft2", "irfft2",
           "hfft2", "ihfft2", "fftn", "ifftn", "rfftn", "irfftn", "hfftn", "ihfftn", "fftfreq",
           "rfftfreq", "fftshift", "ifftshift", "fft_c2c", "fft_r2c", "fft_c2r"]


# ---- kernels -----------------------------------------------------------------------------------
def _kernel_dtype_error(op, t, supported):
    name = from_torch_dtype(t.dtype).short
    place = "GPU" if t.is_cuda else "CPU"
    return RuntimeError(
        f"(NotFound) The kernel with key ({place}, Undefined(AnyLayout), {name}) of kernel `{op}` is "
        f"not registered. Selected wrong DataType `{name}`. Paddle support following DataTypes: "
        f"{supported}.")


_COMPLEX = (torch.complex64, torch.complex128)
_REAL = (torch.float32, torch.float64)


# Each kernel has a torch.fft form (CUDA, and CPU without numpy's pocketfft ufuncs) and, on CPU, the
# pocketfft form (`pocketfft.py`: Paddle's own CPU arithmetic, bit for bit). The pocketfft form runs
# in numpy, so autograd goes through `_PocketFFT`, whose backward is torch's adjoint of the torch form.
def _torch_c2c(X, axes, normalization, forward):
    fn = torch.fft.fftn if forward else torch.fft.ifftn
    return fn(X, dim=list(axes), norm=normalization)


def _torch_r2c(X, axes, normalization, forward, onesided):
    if onesided:
        fn = torch.fft.rfftn if forward else torch.fft.ihfftn
    else:
        fn = torch.fft.fftn if forward else torch.fft.ifftn
    # ihfftn returns a lazy conjugate view; materialize it so the result is an ordinary tensor.
    return fn(X, dim=list(axes), norm=normalization).resolve_conj()


def _torch_c2r(X, axes, normalization, forward, last_dim_size):
    s = [X.shape[a] for a in axes[:-1]]
    s.append(last_dim_size)
    fn = torch.fft.hfftn if forward else torch.fft.irfftn
    return fn(X, s=s, dim=list(axes), norm=normalization)


_TORCH_FORMS = {"c2c": _torch_c2c, "r2c": _torch_r2c, "c2r": _torch_c2r}
_POCKET_FORMS = {"c2c": pocketfft.c2c, "r2c": pocketfft.r2c, "c2r": pocketfft.c2r}
_functorch_active = torch._C._are_functorch_transforms_active


def _pocket_ok(X):
    """The pocketfft form runs on plain CPU tensors outside any tracing: FakeTensors
    (torch.export), functorch wrappers and torch.compile's tracing need the torch form."""
    return (pocketfft.AVAILABLE and type(X) is torch.Tensor and X.device.type == "cpu"
            and not torch.compiler.is_compiling() and not _functorch_active())


def _pocket_values(kind, X, args):
    a = X.detach().resolve_conj().resolve_neg().numpy()
    return torch.from_numpy(np.ascontiguousarray(_POCKET_FORMS[kind](a, *args)))


class _PocketFFT(torch.autograd.Function):
    """Forward: Paddle's pocketfft values. Backward: torch's adjoint of the same transform (the
    transforms are linear, so the gradient needs only the input's shape and dtype)."""

    @staticmethod
    def forward(ctx, X, kind, args):
        ctx.kind, ctx.args, ctx.meta = kind, args, (X.shape, X.dtype)
        return _pocket_values(kind, X, args)

    @staticmethod
    def backward(ctx, grad):
        shape, dtype = ctx.meta
        with torch.enable_grad():
            x = torch.zeros(shape, dtype=dtype, requires_grad=True)
            y = _TORCH_FORMS[ctx.kind](x, *ctx.args)
            (gx,) = torch.autograd.grad(y, x, grad, create_graph=torch.is_grad_enabled())
        return gx, None, None


def _empty_result(kind, X, args):
    """An empty input gives Paddle an empty output of the transform's shape and dtype (torch's MKL
    refuses zero-sized batches)."""
    shape = list(X.shape)
    if kind == "c2c":
        return X.new_empty(shape)
    if kind == "r2c":
        axes, onesided = args[0], args[3]
        if onesided:
            shape[axes[-1]] = shape[axes[-1]] // 2 + 1
        dtype = torch.complex64 if X.dtype == torch.float32 else torch.complex128
        return X.new_empty(shape, dtype=dtype)
    shape[args[0][-1]] = args[3]
    return X.real.new_empty(shape)


def _transform(kind, X, args):
    if X.numel() == 0:
        return _empty_result(kind, X, args)
    if not _pocket_ok(X):
        return _TORCH_FORMS[kind](X, *args)
    if X.requires_grad and torch.is_grad_enabled():
        return _PocketFFT.apply(X, kind, args)
    return _pocket_values(kind, X, args)


def _c2c_kernel(X, axes=(), normalization="backward", forward=True):
    if X.dtype not in _COMPLEX:
        raise _kernel_dtype_error("fft_c2c", X, "complex128, complex64")
    return _transform("c2c", X, (list(axes), normalization, forward))


def _r2c_kernel(X, axes=(), normalization="backward", forward=True, onesided=True):
    if X.dtype not in _REAL:
        raise _kernel_dtype_error("fft_r2c", X, "float64, float32")
    return _transform("r2c", X, (list(axes), normalization, forward, onesided))


def _c2r_kernel(X, axes=(), normalization="backward", forward=False, last_dim_size=0):
    if X.dtype not in _COMPLEX:
        raise _kernel_dtype_error("fft_c2r", X, "complex128, complex64")
    axes = list(axes)
    last = last_dim_size if last_dim_size else 2 * (X.shape[axes[-1]] - 1)
    if last == 0:
        # A one-point half spectrum and no n: Paddle returns an empty signal (torch refuses a
        # zero-length transform).
        return _empty_result("c2r", X, (axes, normalization, forward, 0))
    return _transform("c2r", X, (axes, normalization, forward, last))


FFT_C2C = defop("fft_c2c", _c2c_kernel,
                attrs={"axes": [], "normalization": "backward", "forward": True}, api="paddle.fft.fft")
FFT_R2C = defop("fft_r2c", _r2c_kernel,
                attrs={"axes": [], "normalization": "backward", "forward": True, "onesided": True},
                api="paddle.fft.rfft")
FFT_C2R = defop("fft_c2r", _c2r_kernel,
                attrs={"axes": [], "normalization": "backward", "forward": False, "last_dim_size": 0},
                api="paddle.fft.irfft")


# ---- Paddle's argument checks (paddle/fft.py) ----------------------------------------------------
def _check_tensor(x):
    if not is_tensor_like(x):
        raise TypeError(f"Expected Tensor, but received type of x: {type(x)}")


def _is_int(v):
    return isinstance(v, int)        # Paddle accepts bool here too (isinstance(True, int))


def _check_normalization(norm):
    if norm not in ["forward", "backward", "ortho"]:
        raise ValueError(f"Unexpected norm: {norm}. Norm should be forward, backward or ortho")


def _check_fft_n(n):
    if not _is_int(n):
        raise ValueError(f"Invalid FFT argument n({n}), it should be an integer.")
    if n <= 0:
        raise ValueError(f"Invalid FFT argument n({n}), it should be positive.")


def _check_fft_shape(x, s):
    ndim = len(x.shape)
    if not isinstance(s, Sequence):
        # Paddle's text has an unfilled "{}" placeholder; kept verbatim.
        raise ValueError("Invalid FFT argument s({}), it should be a sequence of integers.")
    if len(s) > ndim:
        raise ValueError("Length of FFT argument s should not be larger than the rank of input. "
                         f"Received s: {s}, rank of x: {ndim}")
    for size in s:
        if not _is_int(size) or size <= 0:
            raise ValueError(f"FFT sizes {s} contains invalid value ({size})")


def _check_fft_axis(x, axis):
    ndim = len(x.shape)
    if not _is_int(axis):
        raise ValueError(f"Invalid FFT axis ({axis}), it should be an integer.")
    if axis < -ndim or axis >= ndim:
        raise ValueError(f"Invalid FFT axis ({axis}), it should be in range [-{ndim}, {ndim})")


def _check_fft_axes(x, axes):
    ndim = len(x.shape)
    if not isinstance(axes, Sequence):
        raise ValueError(f"Invalid FFT axes ({axes}), it should be a sequence of integers.")
    if len(axes) > ndim:
        raise ValueError("Length of fft axes should not be larger than the rank of input. "
                         f"Received, len of axes: {len(axes)}, rank of x: {ndim}")
    for axis in axes:
        if not _is_int(axis) or axis < -ndim or axis >= ndim:
            raise ValueError(f"FFT axes {axes} contains invalid value ({axis}), it should be in "
                             f"range [-{ndim}, {ndim})")


def _check_unique(axes):
    # Paddle 3.3.1 aborts the process here ("axis specified repeatedly"); a ValueError is kinder.
    if len(set(axes)) != len(axes):
        raise ValueError(f"FFT axes {list(axes)} contain a repeated axis; each axis may be "
                         f"transformed once")


def _check_at_least_ndim(x, rank):
    if len(x.shape) < rank:
        raise ValueError(f"The rank of the input ({len(x.shape)}) should >= {rank}")


def _normalize_axes(x, axes):
    ndim = len(x.shape)
    return [a if a >= 0 else a + ndim for a in axes]


def _resize_fft_input(x, s, axes):
    """Truncate (a `slice` op) or zero-pad at the end (a `pad` op) each axis to its size in s."""
    if len(s) != len(axes):
        raise ValueError("length of `s` should equals length of `axes`.")
    shape, ndim = list(x.shape), len(x.shape)
    pad_axes, pads, cut_axes, cuts = [], [], [], []
    for size, axis in zip(s, axes):
        if shape[axis] < size:
            pad_axes.append(axis)
            pads.append(size - shape[axis])
        elif shape[axis] > size:
            cut_axes.append(axis)
            cuts.append(size)
    if cut_axes:
        x = _slice(x, cut_axes, [0] * len(cut_axes), cuts)
    if pad_axes:
        widths = [0] * (2 * ndim)
        for axis, pad in zip(pad_axes, pads):
            widths[2 * axis + 1] = pad
        # `pad` is nn.functional's op (registered by the nn layer, above this one): looked up by type
        # so this module keeps importing only downward.
        x = apply_op(OPS["pad"], (x,), {"paddings": widths, "pad_value": 0.0})
    return x


def _is_integer(x):
    d = x.dtype
    return not d.is_floating_point and not d.is_complex and d.short != "bool"


def _real_to_complex(x):
    # Paddle's _real_to_complex_dtype: float32/float64 only; any other dtype passes unchanged (and
    # the kernel then rejects it).
    return {"float32": "complex64", "float64": "complex128"}.get(x.dtype.short, x.dtype.short)


def _to_complex_input(x):
    """fft_c2c / fft_c2r's input cast: integers to Paddle's `_real_to_complex_dtype` of the default
    dtype *string*, which in 3.3.1 returns the string unchanged (so the kernel then rejects the
    float32 input, as Paddle does); floats to their complex counterpart."""
    if _is_integer(x):
        return cast(x, default_float().short)
    if x.dtype.is_floating_point:
        target = _real_to_complex(x)
        return x if target == x.dtype.short else cast(x, target)
    return x


def _finish(ret, out):
    if out is not None:
        assign(ret, out)
    return ret


def _one_axis(x, n, axis, norm, hermitian=False):
    """The checks and the n-resize the three one-axis forms share (Paddle repeats them in each):
    -> (x resized to n along axis, or to n // 2 + 1 for a Hermitian input; the normalized axes)."""
    _check_normalization(norm)
    axis = -1 if axis is None else axis
    _check_fft_axis(x, axis)
    axes = _normalize_axes(x, [axis])
    if n is not None:
        _check_fft_n(n)
        x = _resize_fft_input(x, [n // 2 + 1 if hermitian else n], axes)
    return x, axes


# ---- the internal forms of paddle/fft.py ---------------------------------------------------------
def fft_c2c(x, n, axis, norm, forward, name=None, out=None):
    """Complex-to-complex transform along one axis (paddle.fft's internal `fft_c2c`)."""
    _check_tensor(x)
    x = _to_complex_input(x)
    x, axes = _one_axis(x, n, axis, norm)
    ret = apply_op(FFT_C2C, (x,), {"axes": axes, "normalization": norm, "forward": forward})
    return _finish(ret, out)


def fft_r2c(x, n, axis, norm, forward, onesided, name=None, out=None):
    """Real-to-complex transform along one axis (paddle.fft's internal `fft_r2c`)."""
    _check_tensor(x)
    if _is_integer(x):
        x = cast(x, default_float().short)
    x, axes = _one_axis(x, n, axis, norm)
    ret = apply_op(FFT_R2C, (x,), {"axes": axes, "normalization": norm, "forward": forward,
                                   "onesided": onesided})
    return _finish(ret, out)


def fft_c2r(x, n, axis, norm, forward, name=None, out=None):
    """Complex(Hermitian)-to-real transform along one axis (paddle.fft's internal `fft_c2r`)."""
    _check_tensor(x)
    x = _to_complex_input(x)
    x, axes = _one_axis(x, n, axis, norm, hermitian=True)
    ret = apply_op(FFT_C2R, (x,), {"axes": axes, "normalization": norm, "forward": forward,
                                   "last_dim_size": n if n is not None else 0})
    return _finish(ret, out)


def _nd_axes(x, s, axes, sort_last):
    """Paddle's n-D axis/shape handling: default axes, checks, and the sort of the axes (all of
    them for c2c; all but the last for r2c/c2r, whose last axis is the half-spectrum one)."""
    if s is not None:
        _check_fft_shape(x, s)
    rank = len(x.shape)
    if axes is None:
        axes = list(range(rank)) if s is None else list(range(rank - len(s), rank))
        return axes, (list(s) if s is not None else None)
    _check_fft_axes(x, axes)
    axes = _normalize_axes(x, axes)
    _check_unique(axes)
    order = np.argsort(axes if sort_last else axes[:-1], kind="stable").tolist()
    sorted_axes = [axes[i] for i in order] + ([] if sort_last else [axes[-1]])
    if s is not None:
        if len(s) != len(axes):
            raise ValueError(f"Length of s ({len(s)}) and length of axes ({len(axes)}) does not "
                             f"match.")
        s = [s[i] for i in order] + ([] if sort_last else [s[-1]])
    return sorted_axes, s


def fftn_c2c(x, s, axes, norm, forward, name=None, out=None):
    """n-D complex-to-complex transform (paddle.fft's internal `fftn_c2c`)."""
    _check_tensor(x)
    x = _to_complex_input(x)
    _check_normalization(norm)
    axes, s = _nd_axes(x, s, axes, sort_last=True)
    if s is not None:
        x = _resize_fft_input(x, s, axes)
    ret = apply_op(FFT_C2C, (x,), {"axes": axes, "normalization": norm, "forward": forward})
    return _finish(ret, out)


def fftn_r2c(x, s, axes, norm, forward, onesided, name=None, out=None):
    """n-D real-to-complex transform (paddle.fft's internal `fftn_r2c`)."""
    _check_tensor(x)
    if _is_integer(x):
        x = cast(x, default_float().short)
    _check_normalization(norm)
    axes, s = _nd_axes(x, s, axes, sort_last=False)
    if s is not None:
        x = _resize_fft_input(x, s, axes)
    ret = apply_op(FFT_R2C, (x,), {"axes": axes, "normalization": norm, "forward": forward,
                                   "onesided": onesided})
    return _finish(ret, out)


def fftn_c2r(x, s, axes, norm, forward, name=None, out=None):
    """n-D complex(Hermitian)-to-real transform (paddle.fft's internal `fftn_c2r`)."""
    _check_tensor(x)
    x = _to_complex_input(x)
    _check_normalization(norm)
    axes, s = _nd_axes(x, s, axes, sort_last=False)
    if s is not None:
        half = list(s)
        half[-1] = half[-1] // 2 + 1
        x = _resize_fft_input(x, half, axes)
    ret = apply_op(FFT_C2R, (x,), {"axes": axes, "normalization": norm, "forward": forward,
                                   "last_dim_size": s[-1] if s else 0})
    return _finish(ret, out)


# ---- argument aliases (Paddle's param_two_alias: input= for x, dim= for axis/axes) ----------------
def _pick(primary, alias, default, names):
    if alias is not None:
        if primary is not None and primary is not default:
            raise TypeError(f"got multiple values for argument '{names[0]}' (alias '{names[1]}')")
        return alias
    return primary


# ---- public 1-D transforms -------------------------------------------------------------------------
def fft(x=None, n=None, axis=-1, norm="backward", name=None, *, out=None, input=None, dim=None):
    """paddle.fft.fft(x, n=None, axis=-1, norm='backward', name=None): 1-D discrete Fourier
    transform; real and integer inputs are transformed as complex (full spectrum).

    Differences from Paddle: none known."""
    x, axis = _pick(x, input, None, ("x", "input")), _pick(axis, dim, -1, ("axis", "dim"))
    _check_tensor(x)
    if _is_integer(x) or x.dtype.is_floating_point:
        return fft_r2c(x, n, axis, norm, forward=True, onesided=False, name=name, out=out)
    return fft_c2c(x, n, axis, norm, forward=True, name=name, out=out)


def ifft(x=None, n=None, axis=-1, norm="backward", name=None, *, out=None, input=None, dim=None):
    """paddle.fft.ifft(x, n=None, axis=-1, norm='backward', name=None): 1-D inverse discrete
    Fourier transform.

    Differences from Paddle: none known."""
    x, axis = _pick(x, input, None, ("x", "input")), _pick(axis, dim, -1, ("axis", "dim"))
    _check_tensor(x)
    if _is_integer(x) or x.dtype.is_floating_point:
        return fft_r2c(x, n, axis, norm, forward=False, onesided=False, name=name, out=out)
    return fft_c2c(x, n, axis, norm, forward=False, name=name, out=out)


def rfft(x=None, n=None, axis=-1, norm="backward", name=None, *, out=None, input=None, dim=None):
    """paddle.fft.rfft(x, n=None, axis=-1, norm='backward', name=None): 1-D transform of a real
    input, the n//2+1 non-negative frequencies.

    Differences from Paddle: none known."""
    x, axis = _pick(x, input, None, ("x", "input")), _pick(axis, dim, -1, ("axis", "dim"))
    return fft_r2c(x, n, axis, norm, forward=True, onesided=True, name=name, out=out)


def irfft(x=None, n=None, axis=-1, norm="backward", name=None, *, out=None, input=None, dim=None):
    """paddle.fft.irfft(x, n=None, axis=-1, norm='backward', name=None): inverse of rfft; the output
    length is n, by default 2*(m-1) for an input of m frequencies.

    Differences from Paddle: none known."""
    x, axis = _pick(x, input, None, ("x", "input")), _pick(axis, dim, -1, ("axis", "dim"))
    return fft_c2r(x, n, axis, norm, forward=False, name=name, out=out)


def hfft(x=None, n=None, axis=-1, norm="backward", name=None, *, out=None, input=None, dim=None):
    """paddle.fft.hfft(x, n=None, axis=-1, norm='backward', name=None): transform of a signal with
    Hermitian symmetry (given by its first half); a real result of length n (default 2*(m-1)).

    Differences from Paddle: none known."""
    x, axis = _pick(x, input, None, ("x", "input")), _pick(axis, dim, -1, ("axis", "dim"))
    return fft_c2r(x, n, axis, norm, forward=True, name=name, out=out)


def ihfft(x=None, n=None, axis=-1, norm="backward", name=None, *, out=None, input=None, dim=None):
    """paddle.fft.ihfft(x, n=None, axis=-1, norm='backward', name=None): inverse of hfft for a real
    input: the n//2+1 non-negative frequencies of the inverse transform.

    Differences from Paddle: none known."""
    x, axis = _pick(x, input, None, ("x", "input")), _pick(axis, dim, -1, ("axis", "dim"))
    return fft_r2c(x, n, axis, norm, forward=False, onesided=True, name=name, out=out)


# ---- public n-D transforms -------------------------------------------------------------------------
def fftn(x=None, s=None, axes=None, norm="backward", name=None, *, out=None, input=None, dim=None):
    """paddle.fft.fftn(x, s=None, axes=None, norm='backward', name=None): n-D discrete Fourier
    transform over `axes` (all axes by default, the last len(s) when only s is given).

    Differences from Paddle: none known."""
    x, axes = _pick(x, input, None, ("x", "input")), _pick(axes, dim, None, ("axes", "dim"))
    _check_tensor(x)
    if _is_integer(x) or x.dtype.is_floating_point:
        return fftn_r2c(x, s, axes, norm, forward=True, onesided=False, name=name, out=out)
    return fftn_c2c(x, s, axes, norm, forward=True, name=name, out=out)


def ifftn(x=None, s=None, axes=None, norm="backward", name=None, *, out=None, input=None, dim=None):
    """paddle.fft.ifftn(x, s=None, axes=None, norm='backward', name=None): n-D inverse discrete
    Fourier transform.

    Differences from Paddle: none known."""
    x, axes = _pick(x, input, None, ("x", "input")), _pick(axes, dim, None, ("axes", "dim"))
    _check_tensor(x)
    if _is_integer(x) or x.dtype.is_floating_point:
        return fftn_r2c(x, s, axes, norm, forward=False, onesided=False, name=name, out=out)
    return fftn_c2c(x, s, axes, norm, forward=False, name=name, out=out)


def rfftn(x=None, s=None, axes=None, norm="backward", name=None, *, out=None, input=None, dim=None):
    """paddle.fft.rfftn(x, s=None, axes=None, norm='backward', name=None): n-D transform of a real
    input; the last transformed axis keeps its non-negative frequencies.

    Differences from Paddle: none known."""
    x, axes = _pick(x, input, None, ("x", "input")), _pick(axes, dim, None, ("axes", "dim"))
    return fftn_r2c(x, s, axes, norm, forward=True, onesided=True, name=name, out=out)


def irfftn(x=None, s=None, axes=None, norm="backward", name=None, *, out=None, input=None,
           dim=None):
    """paddle.fft.irfftn(x, s=None, axes=None, norm='backward', name=None): inverse of rfftn.

    Differences from Paddle: none known."""
    x, axes = _pick(x, input, None, ("x", "input")), _pick(axes, dim, None, ("axes", "dim"))
    return fftn_c2r(x, s, axes, norm, forward=False, name=name, out=out)


def hfftn(x=None, s=None, axes=None, norm="backward", name=None, *, out=None, input=None, dim=None):
    """paddle.fft.hfftn(x, s=None, axes=None, norm='backward', name=None): n-D transform of a
    Hermitian-symmetric signal; real result.

    Differences from Paddle: none known."""
    x, axes = _pick(x, input, None, ("x", "input")), _pick(axes, dim, None, ("axes", "dim"))
    return fftn_c2r(x, s, axes, norm, forward=True, name=name, out=out)


def ihfftn(x=None, s=None, axes=None, norm="backward", name=None, *, out=None, input=None,
           dim=None):
    """paddle.fft.ihfftn(x, s=None, axes=None, norm='backward', name=None): inverse of hfftn for a
    real input.

    Differences from Paddle: none known."""
    x, axes = _pick(x, input, None, ("x", "input")), _pick(axes, dim, None, ("axes", "dim"))
    return fftn_r2c(x, s, axes, norm, forward=False, onesided=True, name=name, out=out)


# ---- public 2-D transforms (n-D ones with two axes, checked as Paddle checks them) -----------------
def _check_2d(x, s, axes):
    _check_tensor(x)
    _check_at_least_ndim(x, 2)
    if s is not None and (not isinstance(s, Sequence) or len(s) != 2):
        raise ValueError(f"Invalid FFT argument s ({s}), it should be a sequence of 2 integers.")
    if axes is not None and (not isinstance(axes, Sequence) or len(axes) != 2):
        raise ValueError(f"Invalid FFT argument axes ({axes}), it should be a sequence of 2 "
                         f"integers.")


def fft2(x=None, s=None, axes=(-2, -1), norm="backward", name=None, *, out=None, input=None,
         dim=None):
    """paddle.fft.fft2(x, s=None, axes=(-2, -1), norm='backward', name=None): 2-D discrete Fourier
    transform.

    Differences from Paddle: none known."""
    x, axes = _pick(x, input, None, ("x", "input")), _pick(axes, dim, (-2, -1), ("axes", "dim"))
    _check_2d(x, s, axes)
    return fftn(x, s, axes, norm, name, out=out)


def ifft2(x=None, s=None, axes=(-2, -1), norm="backward", name=None, *, out=None, input=None,
          dim=None):
    """paddle.fft.ifft2(x, s=None, axes=(-2, -1), norm='backward', name=None): 2-D inverse discrete
    Fourier transform.

    Differences from Paddle: none known."""
    x, axes = _pick(x, input, None, ("x", "input")), _pick(axes, dim, (-2, -1), ("axes", "dim"))
    _check_2d(x, s, axes)
    return ifftn(x, s, axes, norm, name, out=out)


def rfft2(x=None, s=None, axes=(-2, -1), norm="backward", name=None, *, out=None, input=None,
          dim=None):
    """paddle.fft.rfft2(x, s=None, axes=(-2, -1), norm='backward', name=None): 2-D transform of a
    real input (half spectrum on the last axis).

    Differences from Paddle: none known."""
    x, axes = _pick(x, input, None, ("x", "input")), _pick(axes, dim, (-2, -1), ("axes", "dim"))
    _check_2d(x, s, axes)
    return rfftn(x, s, axes, norm, name, out=out)


def irfft2(x=None, s=None, axes=(-2, -1), norm="backward", name=None, *, out=None, input=None,
           dim=None):
    """paddle.fft.irfft2(x, s=None, axes=(-2, -1), norm='backward', name=None): inverse of rfft2.

    Differences from Paddle: none known."""
    x, axes = _pick(x, input, None, ("x", "input")), _pick(axes, dim, (-2, -1), ("axes", "dim"))
    _check_2d(x, s, axes)
    return irfftn(x, s, axes, norm, name, out=out)


def hfft2(x=None, s=None, axes=(-2, -1), norm="backward", name=None, *, out=None, input=None,
          dim=None):
    """paddle.fft.hfft2(x, s=None, axes=(-2, -1), norm='backward', name=None): 2-D transform of a
    Hermitian-symmetric signal; real result.

    Differences from Paddle: none known."""
    x, axes = _pick(x, input, None, ("x", "input")), _pick(axes, dim, (-2, -1), ("axes", "dim"))
    _check_2d(x, s, axes)
    return hfftn(x, s, axes, norm, name, out=out)


def ihfft2(x=None, s=None, axes=(-2, -1), norm="backward", name=None, *, out=None, input=None,
           dim=None):
    """paddle.fft.ihfft2(x, s=None, axes=(-2, -1), norm='backward', name=None): inverse of hfft2
    for a real input.

    Differences from Paddle: none known."""
    x, axes = _pick(x, input, None, ("x", "input")), _pick(axes, dim, (-2, -1), ("axes", "dim"))
    _check_2d(x, s, axes)
    return ihfftn(x, s, axes, norm, name, out=out)


# ---- frequencies and shifts ------------------------------------------------------------------------
def fftfreq(n, d=1.0, dtype=None, name=None, *, out=None, device=None, requires_grad=False):
    """paddle.fft.fftfreq(n, d=1.0, dtype=None, name=None): the sample frequencies of an n-point
    transform with sample spacing d: [0, 1, ..., (n-1)//2, -(n//2), ..., -1] / (n*d).

    Differences from Paddle: none known."""
    if d * n == 0:
        raise ValueError("d or n should not be 0.")
    dtype = default_float().short if dtype is None else dtype
    val = 1.0 / (n * d)
    pos_max, neg_max = (n + 1) // 2, n // 2
    indices = arange(-neg_max, pos_max, dtype=dtype, device=device, requires_grad=requires_grad)
    ret = roll(indices, -neg_max) * val
    return _finish(ret, out)


def rfftfreq(n, d=1.0, dtype=None, name=None, *, out=None, device=None, requires_grad=False):
    """paddle.fft.rfftfreq(n, d=1.0, dtype=None, name=None): the n//2+1 non-negative sample
    frequencies of rfft: [0, 1, ..., n//2] / (n*d).

    Differences from Paddle: none known."""
    if d * n == 0:
        raise ValueError("d or n should not be 0.")
    dtype = default_float().short if dtype is None else dtype
    val = 1.0 / (n * d)
    indices = arange(0, 1 + n // 2, dtype=dtype, device=device, requires_grad=requires_grad)
    return _finish(indices * val, out)


def _shift(x, axes, extra):
    _check_tensor(x)
    shape = list(x.shape)
    if axes is None:
        axes = list(range(len(shape)))
    elif isinstance(axes, int):
        axes = [axes]
    else:
        axes = list(axes)
    return roll(x, [(shape[a] + extra) // 2 for a in axes], axes)


def fftshift(x=None, axes=None, name=None, *, input=None, dim=None):
    """paddle.fft.fftshift(x, axes=None, name=None): roll the zero frequency to the centre of each
    axis in `axes` (all axes by default).

    Differences from Paddle: an integer `axes` shifts that axis (Paddle 3.3.1 fails there with
    SystemError from `roll`)."""
    x, axes = _pick(x, input, None, ("x", "input")), _pick(axes, dim, None, ("axes", "dim"))
    return _shift(x, axes, 0)


def ifftshift(x=None, axes=None, name=None, *, input=None, dim=None):
    """paddle.fft.ifftshift(x, axes=None, name=None): the inverse of fftshift.

    Differences from Paddle: an integer `axes` shifts that axis (Paddle 3.3.1 fails there with
    SystemError from `roll`)."""
    x, axes = _pick(x, input, None, ("x", "input")), _pick(axes, dim, None, ("axes", "dim"))
    return _shift(x, axes, 1)
