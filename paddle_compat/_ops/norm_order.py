"""Paddle's CPU float32 layer_norm forward, bit for bit: its AVX intrinsic kernel's order.

Paddle 3.3.1's CPU layer_norm (phi/kernels/cpu/layer_norm_kernel.cc) calls the jit kernel
`LayerNorm`; on an AVX machine with a row of at least 8 elements that is
phi/kernels/funcs/jit/more/intrinsic/layer_norm.cc, per row of n elements:

- sum: one 8-lane accumulator over the whole packets; the n % 8 tail elements are loaded as the
  row's last 8 elements with the lanes before them masked to 0, so tail element t lands in lane
  8 - n % 8 + t; lanes then added ((s0+s4)+(s1+s5)) + ((s2+s6)+(s3+s7)) (extract/insert, hadd,
  hadd);
- mean = sum * (1 / n) (1 / n rounded to float32 first); var likewise over (x - mean)^2;
- y = (x - mean) / sqrt(var + epsilon), then * scale, then + bias (separate roundings).

A row of fewer than 8 elements goes through the reference kernel: sums one by one, divided by n.
torch's layer_norm computes its statistics in another order (Welford) and multiplies by rsqrt:
about half of the outputs differ in the last bit.

The gradient is torch's layer-norm backward fed with these statistics (Paddle's grad kernel
order is not reproduced: its gradients agree to rounding). Where it applies (`applies`): CPU
float32, at most EXACT_LIMIT elements.
"""
import numpy as np
import torch

from .numpy_view import plain_cpu

__all__ = ["EXACT_LIMIT", "applies", "paddle_layer_norm"]

EXACT_LIMIT = 1 << 18


def applies(x):
    return x.dtype is torch.float32 and plain_cpu(x) and 0 < x.numel() <= EXACT_LIMIT


def _lane_sum(v):
    rows, n = v.shape
    rest = n % 8
    end = n - rest
    acc = np.zeros((rows, 8), np.float32)
    if end:
        blocks = np.concatenate([acc[:, None], v[:, :end].reshape(rows, -1, 8)], axis=1)
        acc = np.add.accumulate(blocks, axis=1)[:, -1]
    if rest:
        tail = np.zeros((rows, 8), np.float32)
        tail[:, 8 - rest:] = v[:, end:]
        acc = acc + tail
    s = acc
    return ((s[:, 0] + s[:, 4]) + (s[:, 1] + s[:, 5])) + ((s[:, 2] + s[:, 6]) + (s[:, 3] + s[:, 7]))


def _stats_and_out(x, w, b, epsilon):
    n = x.shape[1]
    with np.errstate(over="ignore", invalid="ignore", divide="ignore"):
        if n < 8:
            mean = np.add.accumulate(x, axis=1)[:, -1] / np.float32(n)
            d = x - mean[:, None]
            var = np.add.accumulate(d * d, axis=1)[:, -1] / np.float32(n)
        else:
            inv_n = np.float32(1) / np.float32(n)
            mean = _lane_sum(x) * inv_n
            d = x - mean[:, None]
            var = _lane_sum(d * d) * inv_n
        y = d / np.sqrt(var + np.float32(epsilon))[:, None]
        if w is not None:
            y = y * w
        if b is not None:
            y = y + b
    return y, mean, var


class _LayerNorm(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, w, b, begin, epsilon):
        rows = int(np.prod(x.shape[:begin], dtype=np.int64))
        a = x.detach().reshape(rows, -1).numpy()
        wn = None if w is None else w.detach().reshape(-1).numpy()
        bn = None if b is None else b.detach().reshape(-1).numpy()
        y, mean, var = _stats_and_out(a, wn, bn, epsilon)
        rstd = 1.0 / np.sqrt(var.astype(np.float64) + np.float32(epsilon))
        ctx.save_for_backward(x, w, b, torch.from_numpy(mean),
                              torch.from_numpy(rstd.astype(np.float32)))
        ctx.begin, ctx.epsilon = begin, epsilon
        return torch.from_numpy(y).reshape(x.shape)

    @staticmethod
    def backward(ctx, dy):
        x, w, b, mean, rstd = ctx.saved_tensors
        shape = list(x.shape[ctx.begin:])
        if torch.is_grad_enabled():       # create_graph: torch's layer norm, differentiated
            ins = [t for t in (x, w, b) if t is not None and t.requires_grad]
            y = torch.layer_norm(x, shape, None if w is None else w.reshape(shape),
                                 None if b is None else b.reshape(shape), ctx.epsilon)
            got = iter(torch.autograd.grad(y, ins, dy, create_graph=True, allow_unused=True))
            return tuple(next(got) if t is not None and t.requires_grad else None
                         for t in (x, w, b)) + (None, None)
        stat_shape = list(x.shape[:ctx.begin]) + [1] * len(shape)
        mask = [ctx.needs_input_grad[0], w is not None and ctx.needs_input_grad[1],
                b is not None and ctx.needs_input_grad[2]]
        dx, dw, db = torch.ops.aten.native_layer_norm_backward(
            dy.contiguous(), x, shape, mean.reshape(stat_shape), rstd.reshape(stat_shape),
            None if w is None else w.reshape(shape), None if b is None else b.reshape(shape), mask)
        if dw is not None:
            dw = dw.reshape(w.shape)
        if db is not None:
            db = db.reshape(b.shape)
        return dx, dw, db, None, None


def paddle_layer_norm(x, scale, bias, epsilon, begin_norm_axis):
    """layer_norm over x's axes from begin_norm_axis, in Paddle's CPU order, or None where it is
    not emulated."""
    if not applies(x) or not plain_cpu(scale, bias) or any(
            t is not None and t.dtype is not torch.float32 for t in (scale, bias)):
        return None
    if torch.is_grad_enabled() and any(t is not None and t.requires_grad
                                       for t in (x, scale, bias)):
        return _LayerNorm.apply(x, scale, bias, begin_norm_axis, float(epsilon))
    return _LayerNorm.forward(_NoCtx(), x, scale, bias, begin_norm_axis, float(epsilon))


class _NoCtx:
    """Stands in for the autograd context where no gradient is recorded."""

    def save_for_backward(self, *tensors):
        pass
