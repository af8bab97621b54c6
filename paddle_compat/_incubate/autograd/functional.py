"""paddle.incubate.autograd.vjp / jvp / Jacobian / Hessian (Paddle: incubate/autograd/
functional.py): the functional forms of reverse- and forward-mode differentiation, computed the
way Paddle computes them in dynamic mode: the inputs are separated from their graph (a copy that
needs grad), `func` is run, and paddle.grad (create_graph=True, unused inputs -> zeros) gives the
products; jvp is the double-backward trick. Jacobian / Hessian rows are evaluated lazily on
indexing and cached, as in Paddle."""
import collections.abc

from ..._autograd.grad_mode import grad as _paddle_grad
from ..._ops.creation import assign, zeros_like
from ..._ops.manipulation import concat
from ..._tensor import Tensor

__all__ = ["vjp", "jvp", "Jacobian", "Hessian"]


def _is_seq(xs):
    return isinstance(xs, collections.abc.Sequence)


def _as_tensors(xs):
    return tuple(xs) if _is_seq(xs) else (xs,)


def _check_inputs(func, xs, v=None):
    if not callable(func):
        raise TypeError(f"Expected 'fun' is Callable, but got {type(func)}.")
    if not isinstance(xs, (Tensor, collections.abc.Sequence)):
        raise TypeError(f"Expected 'xs' is a Tensor|Sequence[Tensor], but got {type(xs)}.")
    if _is_seq(xs) and not all(isinstance(x, Tensor) for x in xs):
        raise TypeError("All elements of 'xs' should be Tensor.")
    if not isinstance(v, (Tensor, collections.abc.Sequence, type(None))):
        raise TypeError(f"Expected 'v' is Tensor|Sequence[Tensor]|None, but got {type(v)}.")
    if _is_seq(v) and not all(isinstance(e, Tensor) for e in v):
        raise TypeError("All elements of 'xs' should be Tensor.")


def _check_v_shape(v, refs):
    if v is None:
        return
    v, refs = _as_tensors(v), _as_tensors(refs)
    if len(refs) != len(v):
        raise RuntimeError(f"The argument v is a tuple of invalid length:should be {len(refs)} "
                           f"but got {len(v)}.")
    for i, (ev, er) in enumerate(zip(v, refs)):
        if list(ev.shape) != list(er.shape):
            raise RuntimeError(f"The v[{i}] has invalid shape: should be {er.shape} but got "
                               f"{ev.shape}.")


def _single_separate(x):
    if x is None:
        return x
    if not x.stop_gradient:
        return assign(x)
    x = x.detach()
    x.stop_gradient = False
    return x


def _separate(xs):
    """Cut xs from the graph they came from, so gradients flow only through `func`."""
    if _is_seq(xs):
        return tuple(_single_separate(x) for x in xs)
    return _single_separate(xs)


def _replace_none(xs, refs):
    if xs is None:
        z = zeros_like(refs)
        z.stop_gradient = refs.stop_gradient
        return z
    if _is_seq(xs):
        return tuple(_replace_none(x, refs[i]) for i, x in enumerate(xs))
    return xs


def _grad(ys, xs, v=None):
    """paddle.grad with create_graph=True and allow_unused=True, a single Tensor for a single
    input, zeros for an input the outputs do not reach."""
    xs_grad = _paddle_grad(ys, xs, v, create_graph=True, allow_unused=True)
    for g in xs_grad:
        if g is not None:   # create_graph=True: Paddle marks every gradient as differentiable
            g.stop_gradient = False
    if isinstance(xs, Tensor) and _is_seq(xs_grad) and len(xs_grad) > 0:
        xs_grad = xs_grad[0]
    return _replace_none(xs_grad, xs)


def vjp(func, xs, v=None):
    """paddle.incubate.autograd.vjp(func, xs, v=None) -> (func_out, vjp): the vector-Jacobian
    product v^T J of func at xs (v defaults to ones of func's output)."""
    _check_inputs(func, xs, v)
    xs, v = _separate(xs), _separate(v)
    ys = func(*xs) if _is_seq(xs) else func(xs)
    _check_v_shape(v, ys)
    return ys, _grad(ys, xs, v)


def _zeros_like_with_grad(xs):
    if not _is_seq(xs):
        y = zeros_like(xs)
        y.stop_gradient = False
        return y
    out = []
    for x in xs:
        y = zeros_like(x)
        y.stop_gradient = False
        out.append(y)
    return out


def jvp(func, xs, v=None):
    """paddle.incubate.autograd.jvp(func, xs, v=None) -> (func_out, jvp): the Jacobian-vector
    product J v of func at xs (v defaults to ones of xs), by the double-backward trick."""
    _check_inputs(func, xs, v)
    xs, v = _separate(xs), _separate(v)
    ys = func(*xs) if _is_seq(xs) else func(xs)
    _check_v_shape(v, xs)
    ys_grad = _zeros_like_with_grad(ys)
    xs_grad = _grad(ys, xs, ys_grad)
    return ys, _grad(xs_grad, ys_grad, v)


def _multi_index(indexes, shape):
    """N-d index -> a tuple of non-negative ints/slices, one per axis (Ellipsis refused)."""
    indexes = indexes if _is_seq(indexes) else (indexes,)
    if any(isinstance(i, type(Ellipsis)) for i in indexes):
        raise IndexError("Ellipsis index currently is not supported.")
    indexes = tuple(indexes) + (slice(0, None, None),) * (len(shape) - len(indexes))
    out = []
    for i, index in enumerate(indexes):
        if isinstance(index, slice):
            index = slice(index.start or 0, index.stop or shape[i], index.step or 1)
            out.append(slice(index.start + shape[i] if index.start < 0 else index.start,
                             index.stop + shape[i] if index.stop < 0 else index.stop,
                             index.step))
        elif isinstance(index, int):
            out.append(index + shape[i] if index < 0 else index)
        else:
            raise TypeError(f"Not supported index type {index}.")
    return tuple(out)


class _Jacobian:
    """The lazily evaluated Jacobian: rows along the lazy axis are computed on first use."""

    def __init__(self, func, xs):
        self._xs = _separate(xs)
        self._ys = func(*_as_tensors(self._xs))
        self._flatten_xs = self._flatten(_as_tensors(self._xs))
        self._flatten_ys = self._flatten(_as_tensors(self._ys))
        self._cache = {}

    def _lazy_indexes(self, indexes):
        idx = indexes[self._lazy_axis]
        return (idx,) if isinstance(idx, int) else tuple(range(idx.start, idx.stop, idx.step))

    def _shifted_indexes(self, indexes, lazy_axis_size=0):
        idx = indexes[self._lazy_axis]
        shifted = 0 if isinstance(idx, int) else slice(0, lazy_axis_size, 1)
        return (*indexes[:self._lazy_axis], shifted, *indexes[self._lazy_axis + 1:])

    def __getitem__(self, indexes):
        indexes = _multi_index(indexes, self.shape)
        if isinstance(indexes[self._lazy_axis], int):
            other = indexes[:self._lazy_axis] + indexes[self._lazy_axis + 1:]
            return self._cached_evaluate(indexes[self._lazy_axis])[other]
        lazy = self._lazy_indexes(indexes)
        shape = list(self.shape)
        shape[self._lazy_axis] = len(lazy)
        part = concat([self._cached_evaluate(i) for i in lazy],
                      axis=self._lazy_axis).reshape(shape)
        return part[self._shifted_indexes(indexes, len(lazy))]

    def _cached_evaluate(self, k):
        v = self._cache.get(k)
        if v is None:
            v = self._evaluate(k)
            self._cache[k] = v
        return v


class _JacobianNoBatch(_Jacobian):
    """f: R^M -> R^N, shape (N, M)."""
    _lazy_axis = 0

    @property
    def shape(self):
        return (self._flatten_ys.shape[0], self._flatten_xs.shape[0])

    def _flatten(self, xs):
        return concat(tuple(x.reshape((-1,)) for x in xs))

    def _evaluate(self, row_index):
        return self._flatten(_as_tensors(_grad(self._flatten_ys[row_index], self._xs)))


class _JacobianBatchFirst(_Jacobian):
    """f: R^{B,M} -> R^{B,N}, shape (B, N, M)."""
    _lazy_axis = 1

    @property
    def shape(self):
        return (self._flatten_xs.shape[0], self._flatten_ys.shape[1], self._flatten_xs.shape[1])

    def _flatten(self, xs):
        return concat(tuple(x.reshape((x.shape[0], -1)) for x in _as_tensors(xs)), 1)

    def _evaluate(self, row_index):
        return self._flatten(_grad(self._flatten_ys[:, row_index], self._xs))


class Jacobian:
    """paddle.incubate.autograd.Jacobian(func, xs, is_batched=False): the Jacobian of func at
    xs, inputs and outputs each flattened and concatenated ([N, M], or [B, N, M] batched);
    J[i, j] style indexing evaluates rows lazily; `shape` gives the full shape. Ellipsis
    indexes raise IndexError as in Paddle."""

    def __init__(self, func, xs, is_batched=False):
        self._jacobian = (_JacobianBatchFirst(func, xs) if is_batched
                          else _JacobianNoBatch(func, xs))

    def __getitem__(self, indexes):
        return self._jacobian[indexes]

    @property
    def shape(self):
        """The Jacobian's shape, a tuple ((N, M), or (B, N, M) batched)."""
        return self._jacobian.shape


class Hessian:
    """paddle.incubate.autograd.Hessian(func, xs, is_batched=False): the Hessian of the scalar
    (per batch row) func at xs, as the Jacobian of its gradient; indexed like Jacobian."""

    def __init__(self, func, xs, is_batched=False):
        def _jac_func(*xs):
            jac = Jacobian(func, xs, is_batched=is_batched)
            if (is_batched and jac.shape[1] != 1) or (not is_batched and jac.shape[0] != 1):
                raise RuntimeError("The function given to Hessian should return as single "
                                   "element Tensor or batched single element Tensor.")
            return jac[:, 0, :] if is_batched else jac[0, :]
        self.symbolic = Jacobian(_jac_func, xs, is_batched=is_batched)

    def __getitem__(self, indexes):
        return self.symbolic[indexes]

    @property
    def shape(self):
        """The Hessian's shape, a tuple."""
        return self.symbolic.shape
