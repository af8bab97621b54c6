"""Creation ops (Paddle: tensor/creation.py): paddle.zeros ... paddle.meshgrid, complex, clone,
diag_embed, tril_indices/triu_indices, from_numpy, asarray/as_tensor; and the in-place helpers
(`_check_inplace`, `_write_back`) every `x_` method shares. `to_tensor` is `_creation_core.py`'s
(the Tensor's own floor needs it).

Rules (Paddle 3.3.1, recorded in conformance/goldens/ops_math.json): the default dtype is
`paddle.get_default_dtype()` (float32), also for `full(shape, 3)` with an int value; `arange` of ints
gives int64 and of any float gives the default dtype; `assign` of a Python float list or scalar gives
float64 (numpy's rule) and of a scalar a shape-[1] tensor. New tensors live on the current place
(`paddle.set_device`).

Differences from Paddle: in static mode a `shape` must be Python ints (Paddle also records
ShapeTensor inputs); dtype attributes are recorded as torch dtypes, not VarType codes.
"""
import builtins
import types
import warnings

import numpy as np
import torch

from .. import _dtype
from .._creation_core import to_tensor
from .._dtype import to_dtype
from .._mode import STATE
from .._place import current_torch_device, to_place
from .._tensor import Tensor, wrap
from .._tensor_methods import METHODS, attach
from ._checks import (check_int_list_arg, check_tensor_arg, graph_variable_in_int_arg, invalid_argument,
                      is_graph_variable, is_tensor_like, kernel_not_found)
from .registry import apply_op, defop

__all__ = ["zeros", "ones", "full", "zeros_like", "ones_like", "full_like", "empty", "empty_like",
           "arange", "linspace", "logspace", "eye", "assign", "diag", "tril", "triu", "meshgrid",
           "complex", "clone", "diag_embed", "tril_indices", "triu_indices", "from_numpy", "asarray",
           "as_tensor", "tensor", "CallableTensorModule", "fill_constant", "inplace", "bump_inplace_version"]


def _dtype_or_default(dtype):
    return _dtype.default_float() if dtype is None else to_dtype(dtype)


def _shape(shape, api="full", position=1):
    """Paddle's ShapeLike: int, list/tuple of ints or 1-element Tensors, or a 1-D int Tensor."""
    if _plain_dims(shape):
        return list(shape)          # the common case: plain ints, no further checks needed
    if is_graph_variable(shape) or (isinstance(shape, (list, tuple))
                                    and any(is_graph_variable(v) for v in shape)):
        raise graph_variable_in_int_arg()
    check_int_list_arg(shape, api, position)
    if isinstance(shape, Tensor):
        return [int(v) for v in shape._t.reshape(-1).tolist()]
    if isinstance(shape, (list, tuple)):
        return [int(v.item()) if isinstance(v, Tensor) else int(v) for v in shape]
    return [int(shape)]


def _plain_dims(shape):       # a non-empty list/tuple of non-negative Python ints
    if type(shape) is not list and type(shape) is not tuple or not shape:
        return False
    for v in shape:
        if type(v) is not int or v < 0:
            return False
    return True


def _fill_value(value, dtype):
    if isinstance(value, Tensor):
        value = value.item()
    if isinstance(value, str):
        value = float(value)   # Paddle accepts 'inf', '-inf', 'nan'
    if dtype.short == "bool":
        return bool(value)
    if not (dtype.is_floating_point or dtype.is_complex):
        return int(value)      # full([2], 1.5, dtype='int32') -> 1, as in Paddle
    return value


def _fill_constant(shape, value, dtype, device=None):
    return torch.full(shape, value, dtype=dtype, device=device or current_torch_device())


_FILL = defop("fill_constant", _fill_constant, inputs=(),
              attrs={"shape": [], "value": 0.0, "dtype": None, "device": None}, api="paddle.full")


def full(shape, fill_value, dtype=None, name=None, *, out=None, device=None, requires_grad=False,
         pin_memory=False):
    """paddle.full(shape, fill_value, dtype=None): a tensor filled with `fill_value`.

    dtype None gives the default float dtype, except for a bool fill value (bool), as in Paddle.
    """
    shape = _shape(shape)
    if dtype is None and isinstance(fill_value, bool):
        d = _dtype.bool_
    elif dtype is None and isinstance(fill_value, Tensor):
        d = fill_value.dtype
    else:
        d = _dtype_or_default(dtype)
    attrs = {"shape": shape, "value": _fill_value(fill_value, d), "dtype": d.torch}
    return _finish(apply_op(_FILL, (), _with_device(attrs, device)), out, requires_grad)


def fill_constant(shape, dtype, value, force_cpu=False, out=None, name=None):
    """paddle.tensor.fill_constant(shape, dtype, value, force_cpu=False, out=None, name=None): a
    tensor of `shape` filled with `value` (Paddle's older spelling of `paddle.full`, dtype
    required); with `out` the value is written into `out` and `out` is returned.

    Differences from Paddle: `force_cpu` is accepted and ignored (the result lives on the current
    device, as every other creation op's).
    """
    result = full(shape, value, dtype)
    if out is None:
        return result
    return assign(result, out)


def _with_device(attrs, device):
    if device is not None:
        attrs["device"] = to_place(device).device
    return attrs


def _finish(result, out=None, requires_grad=False):
    if requires_grad:
        result.stop_gradient = False
    if out is not None:
        out._t = result._t
        return out
    return result


def _zeros_or_ones(value, new, what):
    def fn(shape, dtype=None, name=None, *, out=None, device=None, requires_grad=False,
           pin_memory=False):
        if _plain_dims(shape) and out is None and device is None and not requires_grad \
                and not STATE.observed:       # torch.zeros/ones(*ints): torch's fastest constructor
            return wrap(new(*shape, device=current_torch_device(), dtype=(
                _dtype.default_float() if dtype is None else to_dtype(dtype)).torch))
        return full(shape, value, _dtype_or_default(dtype), out=out, device=device,
                    requires_grad=requires_grad)
    fn.__name__ = fn.__qualname__ = what
    fn.__doc__ = (f"paddle.{what}(shape, dtype=None): {what} of the default float dtype unless "
                  "`dtype` is given.")
    return fn


zeros = _zeros_or_ones(0, torch.zeros, "zeros")
ones = _zeros_or_ones(1, torch.ones, "ones")


def _empty(shape, dtype, device=None):
    return torch.empty(shape, dtype=dtype, device=device or current_torch_device())


_EMPTY = defop("empty", _empty, inputs=(), attrs={"shape": [], "dtype": None, "device": None},
               api="paddle.empty")


def empty(shape, dtype=None, name=None, *, out=None, device=None, requires_grad=False,
          pin_memory=False):
    """paddle.empty(shape, dtype=None): an uninitialised tensor (values are arbitrary)."""
    attrs = {"shape": _shape(shape), "dtype": _dtype_or_default(dtype).torch}
    return _finish(apply_op(_EMPTY, (), _with_device(attrs, device)), out, requires_grad)


def _fill_any_like(x, value=0.0, dtype=None):
    return torch.full_like(x, value, dtype=dtype)


_FILL_LIKE = defop("fill_any_like", _fill_any_like, attrs={"value": 0.0, "dtype": None},
                   api="paddle.full_like")
_EMPTY_LIKE = defop("empty_like", lambda x, dtype=None: torch.empty_like(x, dtype=dtype),
                    attrs={"dtype": None}, api="paddle.empty_like")


def like_source(x):
    """The `x` of a `*_like` creation function. Paddle's Python reads `x.place` before anything
    else, so a numpy array or a list fails with Python's own AttributeError
    ("'numpy.ndarray' object has no attribute 'place'")."""
    if not hasattr(x, "place"):
        x.place                                    # noqa: B018  (raises Python's AttributeError)
    return x


def full_like(x, fill_value, dtype=None, name=None, *, device=None, requires_grad=False,
              pin_memory=False):
    """paddle.full_like(x, fill_value, dtype=None): same shape as x, filled; dtype defaults to x's."""
    like_source(x)
    check_tensor_arg(x, "full_like", "x", 0)
    d = x.dtype if dtype is None else to_dtype(dtype)
    out = apply_op(_FILL_LIKE, (x,), {"value": _fill_value(fill_value, d), "dtype": d.torch})
    if device is not None and not STATE.static:
        out._t = out._t.to(to_place(device).device)
    return _finish(out, None, requires_grad)


def zeros_like(x, dtype=None, name=None, *, device=None, requires_grad=False, pin_memory=False):
    """paddle.zeros_like(x, dtype=None): zeros with x's shape (and dtype unless given)."""
    return full_like(x, 0, dtype, device=device, requires_grad=requires_grad)


def ones_like(x, dtype=None, name=None, *, device=None, requires_grad=False, pin_memory=False):
    """paddle.ones_like(x, dtype=None): ones with x's shape (and dtype unless given)."""
    return full_like(x, 1, dtype, device=device, requires_grad=requires_grad)


def empty_like(x, dtype=None, name=None, *, device=None, requires_grad=False, pin_memory=False):
    """paddle.empty_like(x, dtype=None): uninitialised, with x's shape (and dtype unless given)."""
    like_source(x)
    check_tensor_arg(x, "empty_like", "x", 0)
    d = x.dtype if dtype is None else to_dtype(dtype)
    return _finish(apply_op(_EMPTY_LIKE, (x,), {"dtype": d.torch}), None, requires_grad)


def _range(start, end, step, dtype, device=None):
    if step == 0:
        raise invalid_argument("The step of range op should not be 0.\n  [Hint: Expected step != "
                               "0, but received step:0 == 0:0.]")
    dev = device or current_torch_device()
    if (end - start) * step <= 0:
        return torch.empty(0, dtype=dtype, device=dev)   # Paddle: an empty range, not an error
    return torch.arange(start, end, step, dtype=dtype, device=dev)


_RANGE = defop("range", _range, inputs=(),
               attrs={"start": 0, "end": None, "step": 1, "dtype": None, "device": None},
               api="paddle.arange")


def _number(v):
    return v.item() if isinstance(v, Tensor) else v


def arange(start=0, end=None, step=1, dtype=None, *, out=None, device=None, requires_grad=False,
           pin_memory=False, name=None):
    """paddle.arange(start=0, end=None, step=1, dtype=None): values in [start, end) by step.

    With end None the range is [0, start). dtype None: int64 when all of start/end/step are
    integers (or integer Tensors), else the default float dtype.
    """
    if end is None:
        start, end = 0, start
    if dtype is None:
        floating = any(isinstance(v, float) or (isinstance(v, Tensor) and v.dtype.is_floating_point)
                       for v in (start, end, step))
        d = _dtype.default_float() if floating else _dtype.int64
    else:
        d = to_dtype(dtype)
    attrs = {"start": _number(start), "end": _number(end), "step": _number(step), "dtype": d.torch}
    return _finish(apply_op(_RANGE, (), _with_device(attrs, device)), out, requires_grad)


def _linspace(start, stop, num, dtype, base=None, device=None):
    dev = device or current_torch_device()
    if base is None and dtype in (torch.float32, torch.float64) and num > 1:
        # Paddle's CPU kernel, in the output dtype: start and stop rounded to it, one step
        # (stop - start) / (num - 1), the first half counted up from start and the second half
        # down from stop, each product and sum rounded (float32 results then equal Paddle's to the
        # bit; a float64 torch.linspace cast to float32 is off by an ulp in places).
        lo = torch.tensor(start, dtype=dtype, device=dev)
        hi = torch.tensor(stop, dtype=dtype, device=dev)
        step = (hi - lo) / (num - 1)
        i = torch.arange(num, dtype=dtype, device=dev)
        up = lo + step * i
        down = hi - step * torch.arange(num - 1, -1, -1, dtype=dtype, device=dev)
        return torch.where(torch.arange(num, device=dev) < num // 2, up, down)
    vals = torch.linspace(start, stop, num, dtype=torch.float64, device=dev)
    if base is not None:
        vals = torch.pow(torch.tensor(float(base), dtype=torch.float64, device=dev), vals)
    return vals.to(dtype)   # computed in float64 then cast: int dtypes truncate, as in Paddle


_LINSPACE = defop("linspace", _linspace, inputs=(),
                  attrs={"start": 0.0, "stop": 1.0, "num": 1, "dtype": None, "device": None},
                  api="paddle.linspace")
_LOGSPACE = defop("logspace", _linspace, inputs=(),
                  attrs={"start": 0.0, "stop": 1.0, "num": 1, "dtype": None, "base": 10.0,
                         "device": None}, api="paddle.logspace")


def _num(num, api):
    num = _number(num)
    if not isinstance(num, (int, np.integer)) or isinstance(num, bool):
        raise TypeError(f"The type of 'num' in {api} must be (<class 'int'>, <class "
                        f"'paddle.Tensor'>), but received {type(num)}. ")
    return int(num)


def linspace(start, stop, num, dtype=None, name=None, *, out=None, device=None,
             requires_grad=False):
    """paddle.linspace(start, stop, num, dtype=None): `num` evenly spaced values, ends included."""
    attrs = {"start": float(_number(start)), "stop": float(_number(stop)),
             "num": _num(num, "linspace"), "dtype": _dtype_or_default(dtype).torch}
    return _finish(apply_op(_LINSPACE, (), _with_device(attrs, device)), out, requires_grad)


def logspace(start, stop, num, base=10.0, dtype=None, name=None):
    """paddle.logspace(start, stop, num, base=10.0, dtype=None): base ** linspace(start, stop)."""
    attrs = {"start": float(_number(start)), "stop": float(_number(stop)),
             "num": _num(num, "logspace"), "dtype": _dtype_or_default(dtype).torch,
             "base": float(_number(base))}
    return apply_op(_LOGSPACE, (), attrs)


def _eye(num_rows, num_columns, dtype, device=None):
    return torch.eye(num_rows, num_columns, dtype=dtype, device=device or current_torch_device())


_EYE = defop("eye", _eye, inputs=(),
             attrs={"num_rows": 0, "num_columns": -1, "dtype": None, "device": None},
             api="paddle.eye")


def _size_arg(v, what):
    v = _number(v)
    if not isinstance(v, (int, np.integer)) or isinstance(v, bool) or v < 0:
        raise TypeError(f"{what} should be a non-negative int.")
    return int(v)


def eye(num_rows, num_columns=None, dtype=None, name=None, *, out=None, device=None,
        requires_grad=False, pin_memory=False):
    """paddle.eye(num_rows, num_columns=None, dtype=None): the identity matrix (rectangular ok)."""
    num_rows = _size_arg(num_rows, "num_rows")
    num_columns = num_rows if num_columns is None else _size_arg(num_columns, "num_columns")
    attrs = {"num_rows": num_rows, "num_columns": num_columns,
             "dtype": _dtype_or_default(dtype).torch}
    return _finish(apply_op(_EYE, (), _with_device(attrs, device)), out, requires_grad)


_ASSIGN = defop("assign", lambda x: x.clone(), api="paddle.assign")
_ASSIGN_VALUE = defop("assign_value",
                      lambda values, shape, dtype: torch.as_tensor(
                          values, dtype=dtype, device=current_torch_device()).reshape(shape),
                      inputs=(), attrs={"values": [], "shape": [], "dtype": None},
                      api="paddle.assign")


def assign(x, output=None):
    """paddle.assign(x, output=None): copy a Tensor, numpy array, list/tuple or scalar.

    Python data follows numpy's dtype rule (float lists and scalars give float64, int ones int64);
    a scalar gives shape [1]. With `output`, the result is written into it and it is returned.
    """
    if is_tensor_like(x):
        result = apply_op(_ASSIGN, (x,))
    else:
        if isinstance(x, (bool, int, float, builtins.complex, np.generic)):
            x = [x]
        if isinstance(x, (list, tuple)) and any(isinstance(e, Tensor) for e in x):
            x = [e.numpy() if isinstance(e, Tensor) else e for e in x]
        try:
            array = np.asarray(x)
        except ValueError:
            array = np.empty(0, dtype=object)   # ragged nested lists
        if array.dtype == object or array.dtype.kind in "USV":
            raise TypeError(f"The type of 'x' in assign must be (<class 'paddle.Tensor'>, <class "
                            f"'numpy.ndarray'>, <class 'list'>, <class 'tuple'>, <class 'float'>, "
                            f"<class 'int'>, <class 'bool'>), but received {type(x)}. ")
        d = to_dtype(array.dtype)
        result = apply_op(_ASSIGN_VALUE, (), {"values": array.reshape(-1).tolist(),
                                              "shape": list(array.shape), "dtype": d.torch})
    if output is not None:
        if STATE.static:
            return result
        with torch.no_grad():
            if list(output._t.shape) == list(result._t.shape) and output._t.dtype == result._t.dtype:
                output._t.copy_(result._t)
            else:
                output._t = result._t
        return output
    return result


def _diag(x, offset=0, padding_value=0):
    if x.dim() == 1:
        out = torch.diag(x, offset)
        if padding_value:
            mask = torch.diag(torch.ones_like(x, dtype=torch.bool), offset)
            out = torch.where(mask, out, torch.full_like(out, padding_value))
        return out
    if x.dim() == 0:
        return torch.diag(x.reshape(1), offset)
    return torch.diagonal(x, offset).clone()


_DIAG = defop("diag_v2", _diag, attrs={"offset": 0, "padding_value": 0}, api="paddle.diag")


def diag(x, offset=0, padding_value=0, name=None):
    """paddle.diag(x, offset=0, padding_value=0): a 1-D x becomes a diagonal matrix (other entries
    `padding_value`); a 2-D x gives its `offset` diagonal."""
    check_tensor_arg(x, "diag", "x", 0)
    if x.ndim > 2:
        raise invalid_argument(f"The dims of Input(X) should be 1 or 2, but got {x.ndim}.")
    return apply_op(_DIAG, (x,), {"offset": int(offset), "padding_value": padding_value})


_TRIL_TRIU = defop("tril_triu", lambda x, diagonal=0, lower=True:
                   torch.tril(x, diagonal) if lower else torch.triu(x, diagonal),
                   attrs={"diagonal": 0, "lower": True}, api="paddle.tril")


def _tril_triu(x, diagonal, lower, api):
    check_tensor_arg(x, api, "x", 0)
    if x.ndim < 2:
        raise invalid_argument("Input(X)'s rank must be at least 2 in TrilTriuOp.")
    if not isinstance(diagonal, (int, np.integer)) or isinstance(diagonal, bool):
        raise TypeError(f"The type of 'diagonal' in {api} must be (<class 'int'>,), but received "
                        f"{type(diagonal)}. ")
    return apply_op(_TRIL_TRIU, (x,), {"diagonal": int(diagonal), "lower": lower})


def tril(x, diagonal=0, name=None, *, out=None):
    """paddle.tril(x, diagonal=0): zero the entries above the `diagonal`-th diagonal."""
    return _finish(_tril_triu(x, diagonal, True, "tril"), out)


def triu(x, diagonal=0, name=None, *, out=None):
    """paddle.triu(x, diagonal=0): zero the entries below the `diagonal`-th diagonal."""
    return _finish(_tril_triu(x, diagonal, False, "triu"), out)


_MESHGRID = defop("meshgrid", lambda xs: list(torch.meshgrid(*xs, indexing="ij")),
                  api="paddle.meshgrid")


def meshgrid(*args, **kwargs):
    """paddle.meshgrid(*args): 'ij'-indexed coordinate grids from 1-D tensors (or one list)."""
    if len(args) == 1 and isinstance(args[0], (list, tuple)):
        args = tuple(args[0])
    for i, a in enumerate(args):
        check_tensor_arg(a, "meshgrid", "x", i)
    return apply_op(_MESHGRID, (list(args),))


_COMPLEX = defop("complex", lambda x, y: torch.complex(x, y), inputs=("X", "Y"),
                 api="paddle.complex")


def complex(real, imag, name=None, *, out=None):
    """paddle.complex(real, imag): real + 1j * imag from two float tensors of the same dtype."""
    check_tensor_arg(real, "complex", "real", 0)
    check_tensor_arg(imag, "complex", "imag", 1)
    return _finish(apply_op(_COMPLEX, (real, imag)), out)


attach({"tril": tril, "triu": triu, "diag": diag})


def _check_inplace(x):
    """A leaf that needs grad refuses in-place ops, as in Paddle, except under no_grad (where
    Paddle allows them: parameter initialisation, clipping, EMA updates)."""
    t = x._t
    if t.requires_grad and t.is_leaf and torch.is_grad_enabled():
        raise invalid_argument(f"Leaf Var ({x.name}) that doesn't stop gradient can't use inplace "
                               f"strategy.")


def _inplace_source(x):
    """What an in-place op computes from: `x` itself, or, when x is inside the autograd graph, a
    clone of it, so that writing the result into x's storage (`_write_back`) does not corrupt the
    op's own saved inputs; earlier ops that saved x then see a new version and backward raises
    Paddle's inplace version error, as in Paddle."""
    t = x._t
    if t is not None and t.grad_fn is not None and torch.is_grad_enabled() and not STATE.static:
        return wrap(t.clone())
    return x


def _write_back(x, result, reshape=False):
    """Make `x` hold `result` (in-place semantics): write into x's storage when the dtype allows,
    so that views and detached aliases of x see the change (as in Paddle), inside the autograd
    graph too (the write is recorded); a dtype change rebinds x to the result. `reshape`: the op
    changes x's shape (transpose_, t_), so x is rebound. Either way x's `inplace_version` goes up
    by one, as Paddle's bump_inplace_version does."""
    if STATE.static:
        return result
    r, t = result._t, x._t
    if reshape:
        x._t = r
        bump_inplace_version(x)
        return x
    if list(r.shape) != list(t.shape):
        raise ValueError(f"The shape of broadcast output {list(r.shape)} is different from "
                         f"that of inplace tensor {x.shape} in the Inplace operation.")
    if r.dtype is not t.dtype:
        x._t = r
    elif t.requires_grad and t.is_leaf or not torch.is_grad_enabled():
        with torch.no_grad():       # a parameter under no_grad (checked by _check_inplace)
            t.copy_(r)
    else:
        t.copy_(r)
    bump_inplace_version(x)
    return x


def bump_inplace_version(x):
    """Count one more in-place write into x (Paddle's `inplace_version`)."""
    info = x._ensure_info()
    info["inplace_version"] = info.get("inplace_version", 0) + 1


def inplace(fn, name=None, reshape=False, int_kernel=None):
    """Paddle's in-place form `paddle.<fn>_(x, ...)` of the out-of-place op `fn`: the same checks
    and values, written back into x, which is returned (the same Tensor object) with its
    inplace_version bumped. A leaf that needs grad raises Paddle's ValueError ("Leaf Var (...)
    that doesn't stop gradient can't use inplace strategy."); a result whose broadcast shape is not
    x's raises Paddle's ValueError. `reshape`: the op may change x's shape (transpose_).
    `int_kernel`: (kernel name, Paddle's dtype list) when Paddle's in-place kernel refuses integer
    and bool tensors (`paddle.cos_(int_tensor)` is Paddle's RuntimeError, where paddle.cos casts)."""
    name = name or fn.__name__ + "_"

    def op(x, *args, **kwargs):
        if isinstance(x, Tensor):
            _check_inplace(x)
            if int_kernel is not None and not (x._t.is_floating_point() or x._t.is_complex()):
                raise kernel_not_found(int_kernel[0], x.dtype.short, int_kernel[1])
        if not isinstance(x, Tensor):
            return fn(x, *args, **kwargs)
        return _write_back(x, fn(_inplace_source(x), *args, **kwargs), reshape)
    op.__name__ = op.__qualname__ = name
    op.__doc__ = (f"paddle.{name}(x, ...): the in-place form of paddle.{fn.__name__}; returns x "
                  "itself, holding the result.\n\n"
                  "Differences from Paddle: where the result has another dtype (a comparison, "
                  "cast_) or shape (transpose_), x is rebound to the new torch tensor instead of "
                  "writing into its storage, so earlier views of x keep the old values.")
    return op




# ---- copies, diagonal embedding, triangle indices, numpy interop ------------------------------


def clone(x, name=None):
    """paddle.clone(x): a copy that stays in the graph (gradient flows back to x)."""
    return assign(x)


_DIAG_EMBED = defop("diag_embed", lambda x, offset=0, dim1=-2, dim2=-1:
                    torch.diag_embed(x, offset, dim1, dim2), inputs=("Input",),
                    attrs={"offset": 0, "dim1": -2, "dim2": -1}, api="paddle.diag_embed")


def diag_embed(input, offset=0, dim1=-2, dim2=-1):
    """paddle.diag_embed(input, offset=0, dim1=-2, dim2=-1): batched diagonal matrices."""
    return apply_op(_DIAG_EMBED, (input,), {"offset": offset, "dim1": dim1, "dim2": dim2})


def _indices(fn):
    def make(row, col=None, offset=0, dtype="int64"):
        col = row if col is None else col
        return to_tensor(fn(row, col, offset).numpy(), dtype=dtype)
    return make


def tril_indices(row, col, offset=0, dtype="int64"):
    """paddle.tril_indices(row, col, offset=0, dtype='int64'): indices of the lower triangle."""
    return _indices(torch.tril_indices)(row, col, offset, dtype)


def triu_indices(row, col=None, offset=0, dtype="int64"):
    """paddle.triu_indices(row, col=None, offset=0, dtype='int64'): indices of the upper triangle."""
    return _indices(torch.triu_indices)(row, col, offset, dtype)


def from_numpy(ndarray):
    """paddle.from_numpy(ndarray): a tensor over the array's data (dtype kept)."""
    return wrap(torch.from_numpy(np.ascontiguousarray(ndarray)))


def tensor(data, dtype=None, device=None, requires_grad=False, pin_memory=False):
    """paddle.tensor(data, dtype=None, device=None, requires_grad=False, pin_memory=False), also
    `paddle.as_tensor`: Paddle 3.3's torch-style constructor, paddle.to_tensor with
    `stop_gradient = not requires_grad` and `device` for place. A Tensor argument is copied (with
    Paddle's one-time warning). `pin_memory` on a CPU place raises Paddle's RuntimeError."""
    if pin_memory:
        from .._place import to_place
        place = to_place(device)
        if not place.is_gpu_place():
            raise RuntimeError(f"Pinning memory is not supported for {place}.")
    if isinstance(data, Tensor) and not _WARNED_TENSOR[0]:
        warnings.warn("To copy construct from a tensor, it is recommended to use "
                      "sourceTensor.clone().detach(), rather than paddle.to_tensor(sourceTensor).",
                      stacklevel=2)
        _WARNED_TENSOR[0] = True
    return to_tensor(data, dtype=dtype, place=device, stop_gradient=not requires_grad)


_WARNED_TENSOR = [False]
as_tensor = tensor


class CallableTensorModule(types.ModuleType):
    """The class of the paddle.tensor module: in Paddle 3.3 `paddle.tensor(data, ...)` calls the
    function above while `paddle.tensor.math` etc. stay the module's. Giving the module object
    itself a __call__ (rather than putting a wrapper in its place, as Paddle does) keeps
    `import paddle.tensor` and `paddle.tensor` one object, under the alias too."""

    def __call__(self, *args, **kwargs):
        return tensor(*args, **kwargs)


def asarray(obj, *, dtype=None, device=None, copy=None, requires_grad=False):
    """paddle.asarray(obj, *, dtype=None, device=None, copy=None, requires_grad=False):
    paddle.tensor(obj, dtype, device, requires_grad) (Paddle ignores `copy` too)."""
    return tensor(obj, dtype=dtype, device=device, requires_grad=requires_grad)


attach({k: v for k, v in {"clone": clone, "diag_embed": diag_embed}.items() if k not in METHODS})


# ---- newer creation functions of Paddle 3.x: polar, diagflat, range, the dtype tensor factories,
# and the in-place tril_/triu_ ---------------------------------------------------------------------
tril_ = inplace(tril, "tril_")
triu_ = inplace(triu, "triu_")

_POLAR = defop("polar", lambda a, t: torch.polar(a, t), inputs=("Abs", "Angle"), api="paddle.polar")


def polar(abs, angle, name=None, *, out=None):
    """paddle.polar(abs, angle): the complex tensor abs * (cos(angle) + 1j * sin(angle)); both
    inputs float32 or float64 of one dtype (Paddle's TypeError otherwise)."""
    check_tensor_arg(abs, "polar", "abs", 0)
    check_tensor_arg(angle, "polar", "angle", 1)
    for v in (abs, angle):
        if v.dtype.short not in ("float32", "float64"):
            # Paddle composes abs * cos(angle) in float32 first, so the promotion check speaks
            raise TypeError("(InvalidType) Type promotion only support calculations between "
                            "floating-point numbers and between complex and real numbers. But "
                            f"got different data type x: {v.dtype.short}, y: float32.")
    return _finish(apply_op(_POLAR, (abs, angle)), out)


_DIAGFLAT = defop("diagflat", lambda x, offset=0: torch.diagflat(x, offset), attrs={"offset": 0},
                  api="paddle.diagflat")


def diagflat(x, offset=0, name=None):
    """paddle.diagflat(x, offset=0): a 2-D tensor with x flattened on its `offset` diagonal."""
    check_tensor_arg(x, "diagflat", "x", 0)
    return apply_op(_DIAGFLAT, (x,), {"offset": int(offset)})


def range(start=0, end=None, step=1, dtype=None, *, out=None, device=None, requires_grad=False,
          name=None):
    """paddle.range(start=0, end=None, step=1, dtype=None): values from start to end INCLUSIVE
    by step (deprecated in Paddle 3.3.1 in favour of paddle.arange); dtype None gives the
    default float dtype, even for integer bounds.

    Differences from Paddle: Paddle's deprecation warning is not printed."""
    if end is None:
        start, end = 0, start
    num = [float(v.item()) if isinstance(v, Tensor) else float(v) for v in (start, end, step)]
    if num[2] == 0:
        raise ValueError("(InvalidArgument) The step of range op should not be 0.")
    n = builtins.max(int(np.floor((num[1] - num[0]) / num[2])) + 1, 0)
    stop = num[0] + n * num[2]
    d = _dtype.default_float() if dtype is None else to_dtype(dtype)
    attrs = {"start": num[0], "end": stop, "step": num[2], "dtype": d.torch}
    return _finish(apply_op(_RANGE, (), _with_device(attrs, device)), out, requires_grad)


def _tensor_factory(short):
    dtype = short

    class _DtypeTensorFactory:
        __doc__ = (f"paddle.{_FACTORY_NAMES[short]}(*args): a {short} tensor: () is empty, a list "
                   "or tuple is converted, ints are a shape (uninitialised values), anything else "
                   "is paddle.Tensor(*args) (which keeps a Tensor's or an array's own dtype, as "
                   "Paddle's does).")

        def __new__(cls, *args, **kwargs):
            if not args:
                return empty([0], dtype=dtype)
            if len(args) == 1 and isinstance(args[0], (list, tuple)):
                return to_tensor(args[0], dtype=dtype)
            if builtins.all(isinstance(a, int) for a in args):
                return empty(list(args), dtype=dtype)
            kwargs.pop("device", None)
            kwargs.pop("dtype", None)
            return Tensor(*args, **kwargs)

    _DtypeTensorFactory.__name__ = _DtypeTensorFactory.__qualname__ = _FACTORY_NAMES[short]
    return _DtypeTensorFactory


_FACTORY_NAMES = {"bfloat16": "BFloat16Tensor", "bool": "BoolTensor", "uint8": "ByteTensor",
                  "int8": "CharTensor", "float64": "DoubleTensor", "float32": "FloatTensor",
                  "float16": "HalfTensor", "int32": "IntTensor", "int64": "LongTensor",
                  "int16": "ShortTensor"}
BFloat16Tensor, BoolTensor, ByteTensor, CharTensor, DoubleTensor, FloatTensor, HalfTensor, \
    IntTensor, LongTensor, ShortTensor = (_tensor_factory(s) for s in _FACTORY_NAMES)

__all__ += ["tril_", "triu_", "polar", "diagflat", "range"] + list(_FACTORY_NAMES.values())
attach({n: globals()[n] for n in ("tril_", "triu_", "diagflat") if n not in METHODS})


# ---- paddle.MmapStorage (Paddle: tensor/creation.py over core.MmapStorage) ---------------------

class MmapStorage:
    """paddle.MmapStorage(filename, nbytes): the first `nbytes` bytes of a file, mapped read-only;
    `get_slice(dtype='uint8', start=0, stop=-1, step=1)` reads `stop - start` values of `dtype`
    starting at byte `start` into a new CPU tensor (as Paddle 3.3.1 reads them: `start` is a byte
    offset; `stop=-1`, the default, gives one value; `stop <= start` gives none).

    Differences from Paddle: Paddle 3.3.1 reads past the mapping without a check (returning other
    memory, or aborting the process) and ignores `step`; paddle_compat raises ValueError for a slice
    that does not lie inside the `nbytes` mapped, and for a `step` other than 1. `nbytes <= 0` maps
    the whole file. The tensor returned is a copy (Paddle's shares the mapping and aborts the
    process when it is freed or written)."""

    def __init__(self, filename, nbytes):
        import mmap
        import os
        if not isinstance(filename, str) or isinstance(nbytes, bool) or not isinstance(nbytes, int):
            raise TypeError(
                "__init__(): incompatible constructor arguments. The following argument types are "
                "supported:\n    1. paddle.base.libpaddle.MmapStorage(arg0: str, arg1: int)\n\n"
                f"Invoked with: {filename!r}, {nbytes!r}")
        if os.path.isdir(filename):     # opening succeeds in C, mapping fails
            raise RuntimeError(f"(Unavailable) unable to mmap {nbytes} bytes from file "
                               f"<{filename}>")
        try:
            f = open(filename, "rb")
        except OSError:
            raise RuntimeError(
                f"(Unavailable) unable to open file <{filename}> in read-only mode.") from None
        with f:
            size = os.fstat(f.fileno()).st_size
            if nbytes > size:
                raise RuntimeError(f"(Unavailable) file <{filename}> size <{size}> is smaller "
                                   f"than the required mapping size <{nbytes}>")
            length = nbytes if nbytes > 0 else size
            self._map = (mmap.mmap(f.fileno(), length, access=mmap.ACCESS_READ) if length
                         else b"")
        self._filename = filename

    def get_slice(self, dtype="uint8", start=0, stop=-1, step=1):
        """The `stop - start` values of `dtype` stored from byte `start` on, as a new tensor."""
        d = to_dtype(dtype)
        if step != 1:
            raise ValueError(f"MmapStorage.get_slice: step must be 1 (Paddle 3.3.1 ignores it), "
                             f"but received {step}")
        count = 1 if stop == -1 else builtins.max(stop - start, 0)
        itemsize = torch.empty((), dtype=d.torch).element_size()
        end = start + count * itemsize
        if start < 0 or end > len(self._map):
            raise ValueError(
                f"MmapStorage.get_slice: {count} values of {d.short} from byte {start} end at "
                f"byte {end}, past the {len(self._map)} bytes mapped from <{self._filename}>")
        data = bytearray(self._map[start:end])
        raw = (torch.frombuffer(data, dtype=d.torch) if count
               else torch.empty([0], dtype=d.torch))
        return wrap(raw)


__all__ += ["MmapStorage"]
