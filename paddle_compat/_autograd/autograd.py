"""paddle.autograd.jacobian and paddle.autograd.hessian (Paddle: autograd/autograd.py), on torch
autograd. The result is a Jacobian / Hessian object that is indexed like a Tensor (`J[:]` is the
whole matrix, `J[i]` row i); for tuples of ys / xs the results are nested tuples of them.

Shapes (Paddle's): with batch_axis None, ys of M elements and xs of N elements give [M, N] (a 0-D
ys or xs drops its dimension); with batch_axis=0, ys [B, ...] and xs [B, ...] give [B, M, N].
The matrix keeps the graph (create_graph), so it can be differentiated again (hessian is the
jacobian of the gradient).

Differences from Paddle: the matrix is computed in full on creation (Paddle evaluates rows
lazily as they are indexed); the values are the same.
"""
import torch

from .._tensor import Tensor, wrap

__all__ = ["jacobian", "hessian", "Jacobian", "Hessian"]


def _grad_rows(y, x, batched):
    """d y_flat[i] / d x, stacked over i (or over the per-sample element i when batched)."""
    yt, xt = y._t, x._t
    if batched:
        flat = yt.reshape(yt.shape[0], -1)
        m = flat.shape[1]
    else:
        flat = yt.reshape(-1)
        m = flat.shape[0]
    rows = []
    for i in range(m):
        target = flat[:, i].sum() if batched else flat[i]
        if not target.requires_grad:
            g = None
        else:
            (g,) = torch.autograd.grad(target, xt, retain_graph=True, create_graph=True,
                                       allow_unused=True)
        rows.append(torch.zeros_like(xt) if g is None else g)
    if batched:
        n = xt[0].numel() if xt.dim() else 1
        out = torch.stack([r.reshape(xt.shape[0], -1) for r in rows], 1) if rows else \
            xt.new_zeros(xt.shape[0], 0, n)
        return out
    stacked = torch.stack([r.reshape(-1) for r in rows]) if rows else xt.new_zeros(0, xt.numel())
    if yt.dim() == 0 and xt.dim() == 0:
        return stacked.reshape([])
    if yt.dim() == 0:
        return stacked.reshape(-1)
    if xt.dim() == 0:
        return stacked.reshape(-1)
    return stacked


def _matrix(y, x, batched):
    out = wrap(_grad_rows(y, x, batched))
    # a derivative that no longer depends on x (the 2 of d2(x*x)) leaves torch's graph; Paddle
    # still reports it as differentiable when x is
    if x._t.requires_grad and not out._t.requires_grad:
        out.stop_gradient = False
    return out


class Jacobian:
    """The Jacobian of ys with respect to xs; index it like a Tensor (`J[:]`, `J[0]`, `J[:, 1]`)
    and read `J.shape`."""

    def __init__(self, ys, xs, batch_axis=None):
        self._jacobian = _matrix(ys, xs, batch_axis == 0)

    @property
    def shape(self):
        return self._jacobian.shape

    def __getitem__(self, indexes):
        if len(self._jacobian.shape) == 0:
            raise IndexError("0-D tensor can not be indexed.")
        return self._jacobian[indexes]


class Hessian(Jacobian):
    """The Hessian of a one-element ys with respect to xs (the Jacobian of its gradient)."""


def _check_batch_axis(batch_axis):
    if batch_axis not in (None, 0):
        raise ValueError(f"batch_axis should be None or 0, but got {batch_axis}.")


def _seq(v):
    return isinstance(v, (list, tuple))


def jacobian(ys, xs, batch_axis=None):
    """paddle.autograd.jacobian(ys, xs, batch_axis=None): the Jacobian of ys (a Tensor or a
    tuple of them) with respect to xs (likewise): a Jacobian, a tuple of them, or a tuple of
    tuples (ys outer, xs inner). batch_axis 0 treats the first axis as independent samples."""
    _check_batch_axis(batch_axis)
    if _seq(ys):
        return tuple(jacobian(y, xs, batch_axis) for y in ys)
    if _seq(xs):
        return tuple(Jacobian(ys, x, batch_axis) for x in xs)
    return Jacobian(ys, xs, batch_axis)


def _gradient(ys, x):
    (g,) = torch.autograd.grad(ys._t, x._t, create_graph=True, allow_unused=True)
    return wrap(torch.zeros_like(x._t) if g is None else g)


def hessian(ys, xs, batch_axis=None):
    """paddle.autograd.hessian(ys, xs, batch_axis=None): the Hessian of a one-element ys (one
    element per sample with batch_axis 0) with respect to xs (a Tensor or a tuple: then a tuple of
    tuples of Hessians)."""
    _check_batch_axis(batch_axis)
    n = ys._t.numel() if batch_axis is None else ys._t[0].numel() if ys._t.dim() else 1
    if n != 1:
        if batch_axis is None:
            raise ValueError(f"Only support ys.numel()({ys._t.numel()})==1 when batch_axis is "
                             "None.")
        raise ValueError(f"Only support ys.numel()({n})==1 per sample when batch_axis is 0.")
    target = wrap(ys._t.sum()) if batch_axis is None else ys
    if _seq(xs):
        grads = [_gradient(wrap(target._t.sum()), x) for x in xs]
        return tuple(tuple(_as_hessian(g, x, batch_axis) for x in xs) for g in grads)
    return _as_hessian(_gradient(wrap(target._t.sum()), xs), xs, batch_axis)


def _as_hessian(g, x, batch_axis):
    h = Hessian.__new__(Hessian)
    h._jacobian = _matrix(g, x, batch_axis == 0)
    return h
