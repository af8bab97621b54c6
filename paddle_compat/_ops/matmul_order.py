"""Paddle's CPU float32 matmul, bit for bit where its order is known: products added one by one.

Paddle 3.3.1's CPU wheel multiplies matrices with MKL (`cblas_sgemm`). Measured against the
oracle on an AMD EPYC (MKL takes its generic code path there), an output element of a small
float32 product is the sequential sum of the rounded products, without fused multiply-add:

    C[i, j] = fl(... fl(fl(a[i,0] * b[0,j]) + fl(a[i,1] * b[1,j])) + ... + fl(a[i,K-1] * b[K-1,j]))

torch's BLAS fuses each multiply-add (one rounding) and blocks, so about half of a product's
elements differ from Paddle's in the last bit. Here the products are formed in numpy (float32 in,
float32 out) and `np.add.accumulate` adds them in sequence along K (its definition).

Where it applies (`applies`): CPU float32 operands of at least 2 dimensions, K <= EXACT_K and at
most EXACT_WORK multiply-adds. Measured limits of the model (tests/test_ops_matmul_order.py):

- K above about 100: MKL switches to a blocked kernel whose order is not reproduced here;
  such products stay on torch.
- a single leftover column (N % 8 == 1 past a multiple of 8, e.g. column 32 of 37) or a
  single column N == 1 (matrix-vector) goes through another MKL kernel: a few of those elements
  still differ in the last bit. Likewise a transposed right operand (`transpose_y`, the x-gradient
  dOut @ W^T) differs in some tail columns.
- float64 goes through another order (not sequential): it stays on torch.

MKL chooses its kernels by the CPU it runs on: on an Intel CPU with AVX-512 or AVX2, Paddle's own
results differ from these (FMA kernels), so this emulation matches the oracle's machine class.
"""
import numpy as np
import torch

from .numpy_view import plain_cpu

__all__ = ["EXACT_K", "EXACT_K_VECTOR", "EXACT_WORK", "applies", "paddle_matmul", "bias_add"]

EXACT_K = 96
EXACT_K_VECTOR = 1024          # a single output column: MKL's matrix-vector order holds for any K
EXACT_WORK = 1 << 19


def applies(x, y):
    """Whether x @ y (torch tensors, x [..., M, K], y [..., K, N]) takes the emulated order."""
    if x.dtype is not torch.float32 or y.dtype is not torch.float32 or x.dim() < 2 \
            or y.dim() < 2 or not plain_cpu(x, y):
        return False
    k = x.shape[-1]
    if k != y.shape[-2] or not 0 < k <= (EXACT_K_VECTOR if y.shape[-1] == 1 else EXACT_K):
        return False
    return x.numel() * y.shape[-1] <= EXACT_WORK and y.numel() * x.shape[-2] <= EXACT_WORK


def _dot4(prods):
    """MKL's matrix-vector order for products [..., K] (measured): up to 4 products in sequence;
    beyond, the first (K - 1) % 4 + 1 in sequence into accumulator 0, the rest dealt to 4
    accumulators in turn, then (acc0 + acc2) + (acc1 + acc3)."""
    k = prods.shape[-1]
    if k <= 4:
        return np.add.accumulate(prods, axis=-1)[..., -1]
    head = (k - 1) % 4 + 1
    lanes = prods[..., head:].reshape(prods.shape[:-1] + (-1, 4))
    head_sum = np.add.accumulate(prods[..., :head], axis=-1)[..., -1:]
    acc0 = np.add.accumulate(np.concatenate([head_sum, lanes[..., :, 0]], axis=-1), axis=-1)
    acc = np.add.accumulate(lanes[..., :, 1:], axis=-2)[..., -1, :]
    return (acc0[..., -1] + acc[..., 1]) + (acc[..., 0] + acc[..., 2])


def _seq_matmul(a, b, trans_a=False):
    """numpy float32 a [..., M, K] @ b [..., K, N], products added in sequence over K (a single
    column from an untransposed a of several rows: MKL's matrix-vector order, _dot4; from a
    transposed a, MKL's other matrix-vector kernel adds in sequence; a single row times a single
    column adds in sequence below 16 products, and in an order not found beyond)."""
    if b.shape[-1] == 1 and not trans_a and a.shape[-2] > 1:
        return _dot4(a * np.swapaxes(b, -1, -2))[..., None]
    if a.shape[-2] * b.shape[-1] <= 256:
        prods = a[..., :, :, None] * b[..., None, :, :]     # [..., M, K, N], each product rounded
        return np.add.accumulate(prods, axis=-2)[..., -1, :]
    # larger outputs: one rank-1 update per k (the same additions, far less memory traffic)
    at = np.ascontiguousarray(np.swapaxes(a, -1, -2))[..., :, :, None]    # [..., K, M, 1]
    out = at[..., 0, :, :] * b[..., 0:1, :]
    tmp = np.empty_like(out)
    for k in range(1, a.shape[-1]):
        np.multiply(at[..., k, :, :], b[..., k:k + 1, :], out=tmp)
        np.add(out, tmp, out=out)
    return out


def _exact(x, y, trans_a=False):
    with np.errstate(over="ignore", invalid="ignore", under="ignore"):
        out = _seq_matmul(x.detach().numpy(), y.detach().numpy(), trans_a)
    return torch.from_numpy(np.ascontiguousarray(out, dtype=np.float32))


def _grad_product(a, b, trans_a=False):
    """The backward's products (Paddle's matmul_grad calls the same GEMM with transpose flags):
    exact where it applies, torch's otherwise."""
    return _exact(a, b, trans_a) if applies(a, b) else torch.matmul(a, b)


class _MatMul(torch.autograd.Function):
    """x @ y in Paddle's order; backward dX = dOut @ y^T, dY = x^T @ dOut (matmul_grad), each
    summed over broadcast batch dimensions."""

    @staticmethod
    def forward(ctx, x, y, trans_a):
        ctx.save_for_backward(x, y)
        ctx.trans_a = trans_a
        return _exact(x, y, trans_a)

    @staticmethod
    def backward(ctx, grad):
        x, y = ctx.saved_tensors
        dx = dy = None
        if torch.is_grad_enabled():       # create_graph: differentiable products (torch's order)
            if ctx.needs_input_grad[0]:
                dx = torch.matmul(grad, y.mT).sum_to_size(x.shape)
            if ctx.needs_input_grad[1]:
                dy = torch.matmul(x.mT, grad).sum_to_size(y.shape)
            return dx, dy, None
        if ctx.needs_input_grad[0]:
            dx = _grad_product(grad, y.mT).sum_to_size(x.shape)
        if ctx.needs_input_grad[1]:
            dy = _grad_product(x.mT, grad, not ctx.trans_a).sum_to_size(y.shape)
        return dx, dy, None


def paddle_matmul(x, y, trans_a=False):
    """x @ y (torch tensors) in Paddle's CPU order, or None where it is not emulated. A 2-D y
    with a batched x is one GEMM over the folded rows, as Paddle folds it (so y's gradient, too,
    is one GEMM over all the rows). trans_a: x is the transpose of Paddle's operand
    (transpose_x=True), which picks MKL's other matrix-vector kernel."""
    if not applies(x, y):
        return None
    lead = None
    if y.dim() == 2 and x.dim() > 2:
        lead = x.shape[:-1]
        x = x.reshape(-1, x.shape[-1])
    if (x.requires_grad or y.requires_grad) and torch.is_grad_enabled():
        out = _MatMul.apply(x, y, trans_a)
    else:
        out = _exact(x, y, trans_a)
    return out if lead is None else out.reshape(*lead, out.shape[-1])


def _row_sum(g, width):
    rows = g.detach().reshape(-1, width).numpy()
    return torch.from_numpy(np.ascontiguousarray(np.add.accumulate(rows, axis=0)[-1]))


class _BiasAdd(torch.autograd.Function):
    """out + bias over the last axis; the bias gradient adds dOut's rows one after another (Paddle's
    elementwise_add grad on the CPU: one accumulator per bias element, row by row)."""

    @staticmethod
    def forward(ctx, out, bias):
        ctx.width = bias.shape[0]
        return out + bias

    @staticmethod
    def backward(ctx, grad):
        db = None
        if ctx.needs_input_grad[1]:
            db = grad.reshape(-1, ctx.width).sum(0) if torch.is_grad_enabled() \
                else _row_sum(grad, ctx.width)         # create_graph: differentiable sum
        return grad, db


def bias_add(out, bias):
    """out + bias (bias 1-D over out's last axis) with Paddle's CPU bias gradient order."""
    if bias.dtype in (torch.float32, torch.float64) and plain_cpu(out, bias) \
            and out.dtype is bias.dtype and (out.requires_grad or bias.requires_grad) \
            and torch.is_grad_enabled() and out.numel() > 0:
        return _BiasAdd.apply(out, bias)
    return out + bias
