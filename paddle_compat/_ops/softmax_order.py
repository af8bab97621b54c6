"""Paddle's CPU float32 softmax over the last axis, bit for bit: its AVX row kernel's order.

Paddle 3.3.1's CPU SoftmaxFunctor (phi/kernels/funcs/softmax_impl.h), for a softmax over the
last axis on an AVX machine, runs per row of n elements:

    shifted = max(x + (-max(x)), -64)       (vec_add_bias, vec_clip)
    e = exp(shifted)                        (vec_exp: std::exp per element below 128 elements,
                                             MKL's vsExp from 128 on)
    s = sum(e)                              (vec_sum: one 8-lane accumulator over the whole
                                             packets, lanes added as hadd / permute / hadd do:
                                             ((l0+l1)+(l4+l5)) + ((l2+l3)+(l6+l7)), then the
                                             tail one by one; under 8 elements, one by one)
    out = e * (1 / s)                       (vec_scal)

and its gradient dx = (dy + (-dot)) * y with dot = vec_mul_reduce(dy, y) (the products rounded,
then summed as vec_sum sums). torch divides by the sum and sums in its own order: about a third
of the elements differ in the last bit. exp is glibc's expf (libm_float.py); MKL's vsExp (rows
of 128 or more) is not reproduced (glibc's bits are used there: most agree). cross_entropy's
softmax is this kernel too (softmax_with_cross_entropy).

Where it applies (`applies`): CPU float32, softmax over the last axis, at most EXACT_LIMIT
elements. Other axes use Paddle's Eigen path (not emulated), float64 and CUDA tensors torch.
"""
import numpy as np
import torch

from . import libm_float
from .numpy_view import plain_cpu

__all__ = ["EXACT_LIMIT", "applies", "paddle_softmax", "softmax_rows", "softmax_grad", "vec_sum"]

EXACT_LIMIT = 1 << 16


def applies(x, axis):
    return x.dtype is torch.float32 and x.dim() >= 1 and axis in (-1, x.dim() - 1) \
        and plain_cpu(x) and 0 < x.numel() <= EXACT_LIMIT and x.shape[-1] > 0


def vec_sum(v):
    """Rows of the float32 array v [R, n] summed as Paddle's vec_sum<float, avx> sums."""
    rows, n = v.shape
    if n < 8:
        return np.add.accumulate(v, axis=1)[:, -1]
    end = n & ~7
    acc = np.add.accumulate(v[:, :end].reshape(rows, -1, 8), axis=1)[:, -1]
    total = (acc[:, 0] + acc[:, 1] + (acc[:, 4] + acc[:, 5])) + \
        (acc[:, 2] + acc[:, 3] + (acc[:, 6] + acc[:, 7]))
    for i in range(end, n):
        total = total + v[:, i]
    return total


def softmax_rows(x):
    """The exact forward over x's last axis (no gradient)."""
    a = x.detach().reshape(-1, x.shape[-1]).numpy()
    with np.errstate(over="ignore", invalid="ignore", divide="ignore"):
        shifted = np.maximum(a + -a.max(axis=1, keepdims=True), np.float32(-64))
        e = libm_float.expf(torch.from_numpy(shifted)).numpy()
        out = e * (np.float32(1) / vec_sum(e))[:, None]
    return torch.from_numpy(out).reshape(x.shape)


def softmax_grad(y, dy):
    """Paddle's CPU softmax gradient over the last axis (float32 y and dy)."""
    yn = y.detach().reshape(-1, y.shape[-1]).numpy()
    gn = dy.detach().reshape(-1, y.shape[-1]).numpy()
    with np.errstate(over="ignore", invalid="ignore"):
        dot = vec_sum(gn * yn)
        dx = (gn + (-dot)[:, None]) * yn
    return torch.from_numpy(dx).reshape(y.shape)


class _Softmax(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        y = softmax_rows(x)
        ctx.save_for_backward(y)
        return y

    @staticmethod
    def backward(ctx, dy):
        (y,) = ctx.saved_tensors
        if torch.is_grad_enabled():          # create_graph: a differentiable formula
            return (dy - (dy * y).sum(-1, keepdim=True)) * y
        return softmax_grad(y, dy.contiguous())


def paddle_softmax(x, axis=-1):
    """softmax(x, axis) in Paddle's CPU order, or None where it is not emulated."""
    if not applies(x, axis):
        return None
    if x.requires_grad and torch.is_grad_enabled():
        return _Softmax.apply(x)
    return softmax_rows(x)
