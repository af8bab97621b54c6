"""Paddle's CPU sum and mean, bit for bit: the order in which Paddle 3.3.1's CPU kernels add.

Float addition is not associative, so a sum's last bits depend on the order of the additions.
Paddle's CPU `sum`/`mean` kernels reduce through Eigen's tensor reductions with 256-bit (AVX)
packets; torch adds in its own cascaded order. The difference is one or two units in the last
place, but a script that prints `loss.numpy()` or `x.sum()` prints every bit, and a training loop
carries the difference onward. So on the CPU, float32/float64 sums and means here follow Eigen's
order, as measured against Paddle 3.3.1 (see tests/test_reduce_order.py and its goldens):

- **Whole-tensor sum** (Eigen's InnerMostDimReducer with tree reduction): a tensor of more than
  1024 packets is split in two at a packet boundary past its middle and the two halves' sums are
  added; a leaf accumulates packets alternately into two packet accumulators (the odd packet out
  goes into the first), adds them, and adds its scalar tail to the packet's horizontal sum
  (halves added pairwise: lanes i and i+P/2, then again, as `predux` does).
- **Whole-tensor mean** (MeanReducer is stateful: no tree, one accumulator): every packet into
  one accumulator, the scalar tail apart, their sum divided by the element count.
- **Sum or mean over some axes**: one accumulator per output element, adding the reduced
  elements one after another (Eigen's generic reducer; with several reduced axes the last one
  is the outermost loop), then (mean) divided by their count.

A packet is 8 float32 or 4 float64 lanes. The arithmetic runs in numpy on the tensor's memory:
numpy's float32 scalars and arrays add in float32, and add.accumulate adds in sequence.

Where it applies: plain CPU tensors of float32/float64 with at most EXACT_LIMIT elements per
reduction (these sums are what scripts print; larger ones stay on torch's faster order, within a
few ulps of Paddle's). GPU sums keep torch's order (Paddle's GPU kernels use their own block
reduction), and so do tensor subclasses (DTensor), functorch transforms and code that
torch.compile traces (`jit.to_static`), which have no numpy view of their memory.
"""
import numpy as np
import torch

from .numpy_view import plain_cpu

__all__ = ["EXACT_LIMIT", "paddle_sum", "paddle_mean"]

EXACT_LIMIT = 1 << 16
_LANES = {torch.float32: 8, torch.float64: 4}     # one 256-bit AVX packet
_LEAF_PACKETS = 1024                              # Eigen's kLeafSize


def _applies(x):
    # plain CPU tensors only (numpy_view.plain_cpu says why)
    return x.dtype in _LANES and 0 < x.numel() <= EXACT_LIMIT and plain_cpu(x)


def _seq_rows(rows):
    """(R, C) -> (C,): each column summed from its first row to its last, in order. numpy's
    add.accumulate is that sequence by definition (its reduce sums pairwise along a contiguous
    axis), and adds in the array's own dtype."""
    return np.add.accumulate(rows, axis=0)[-1]


def _predux(packet):
    """Eigen's horizontal sum of one packet: halves added lane-wise until one lane is left."""
    while packet.shape[0] > 1:
        half = packet.shape[0] // 2
        packet = packet[:half] + packet[half:]
    return packet[0]


def _leaf_sum(x, lanes):
    """Eigen's vectorized inner-most reducer of a 1-D run (two packet accumulators)."""
    n = x.shape[0]
    packets = n // lanes
    pairs = packets // 2
    total = None
    if packets:
        if pairs:
            both = _seq_rows(x[:pairs * 2 * lanes].reshape(pairs, 2 * lanes))
            acc0, acc1 = both[:lanes], both[lanes:]
            if packets % 2:
                acc0 = acc0 + x[pairs * 2 * lanes:packets * lanes]
            packet = acc0 + acc1
        else:
            packet = x[:lanes]
        total = _predux(packet)
    if n > packets * lanes:
        tail = _seq_rows(x[packets * lanes:].reshape(-1, 1))[0]
        total = tail if total is None else tail + total
    return total


def _tree_sum(x, first, n, lanes):
    """Eigen's tree reduction: split past the middle at a packet boundary above the leaf size."""
    if n > lanes * _LEAF_PACKETS:
        split = lanes * -(-(first + -(-n // 2)) // lanes)
        left = min(split - first, n)
        total = _tree_sum(x, first, left, lanes)
        if left < n:
            total = total + _tree_sum(x, split, n - left, lanes)
        return total
    return _leaf_sum(x[first:first + n], lanes)


def _mean_all(x, lanes):
    n = x.shape[0]
    packets = n // lanes
    total = None
    if packets:
        total = _predux(_seq_rows(x[:packets * lanes].reshape(packets, lanes)))
    if n > packets * lanes:
        tail = _seq_rows(x[packets * lanes:].reshape(-1, 1))[0]
        total = tail if total is None else tail + total
    return total / x.dtype.type(n)


def _over_axes(x, dims):
    """Sum over `dims` (sorted, not all of x's): one sequential accumulator per output element,
    fed with the last reduced axis outermost (Eigen's generic reducer loops its reduced dims
    in that order)."""
    kept = [d for d in range(x.ndim) if d not in dims]
    count = 1
    for d in dims:
        count *= x.shape[d]
    rows = np.transpose(x, list(reversed(dims)) + kept).reshape(count, -1)
    return _seq_rows(rows).reshape([x.shape[d] for d in kept]), count


def _exact(x, dims, keepdim, mean):
    with np.errstate(over="ignore", invalid="ignore"):    # inf and nan come out as in Paddle
        return _exact_numpy(x, dims, keepdim, mean)


def _exact_numpy(x, dims, keepdim, mean):
    a = x.detach().numpy()
    if dims is None:
        flat = a.reshape(-1)
        lanes = _LANES[x.dtype]
        out = _mean_all(flat, lanes) if mean else _tree_sum(flat, 0, flat.shape[0], lanes)
        shape = [1] * x.dim() if keepdim else []
    else:
        out, count = _over_axes(a, dims)
        if mean:
            out = out / a.dtype.type(count)
        shape = [1 if d in dims else x.shape[d] for d in range(x.dim())] if keepdim \
            else list(out.shape)
    return torch.from_numpy(np.array(out, dtype=a.dtype).reshape(shape))


class _Reduce(torch.autograd.Function):
    """The exact value forward; the usual broadcast (sum) or broadcast / count (mean) backward."""

    @staticmethod
    def forward(ctx, x, dims, keepdim, mean):
        ctx.shape, ctx.dims, ctx.keepdim, ctx.mean = x.shape, dims, keepdim, mean
        return _exact(x, dims, keepdim, mean)

    @staticmethod
    def backward(ctx, grad):
        shape, dims = ctx.shape, ctx.dims
        if dims is None:
            dims = tuple(range(len(shape)))
        if not ctx.keepdim:
            grad = grad.reshape([1 if d in dims else shape[d] for d in range(len(shape))])
        grad = grad.expand(shape)
        if ctx.mean:
            count = 1
            for d in dims:
                count *= shape[d]
            grad = grad / count
        return grad, None, None, None


def _reduce(x, dims, keepdim, mean):
    if dims is not None:
        if isinstance(dims, int):
            dims = (dims,)
        dims = tuple(sorted({d % x.dim() for d in dims})) if x.dim() else ()
        if not dims or len(dims) == x.dim():
            dims = None         # Paddle's reduce_all: the whole-tensor order
    if x.requires_grad and torch.is_grad_enabled():
        return _Reduce.apply(x, dims, keepdim, mean)
    return _exact(x, dims, keepdim, mean)


def paddle_sum(x, dims=None, keepdim=False):
    """x summed over `dims` (None: all) in Paddle's CPU order, or None where that order is not
    emulated (the caller then sums with torch)."""
    return _reduce(x, dims, keepdim, False) if _applies(x) else None


def paddle_mean(x, dims=None, keepdim=False):
    """x averaged over `dims` (None: all) in Paddle's CPU order, or None (see paddle_sum)."""
    return _reduce(x, dims, keepdim, True) if _applies(x) else None
