"""paddle.nn.functional pooling (Paddle: nn/functional/pooling.py): max_pool1d/2d, avg_pool1d/2d,
adaptive_avg_pool1d/2d, adaptive_max_pool2d.

The padding forms are normalised by the convolution helpers (`conv._paddings`), as Paddle shares
them between its conv and pool functions.
"""
import math

import torch
import torch.nn.functional as TF

from ..._ops.registry import defop, apply_op
from .conv import _paddings, _same_pads, _torch_pad, _tuple

__all__ = ["max_pool1d", "max_pool2d", "avg_pool1d", "avg_pool2d", "adaptive_avg_pool1d",
           "adaptive_avg_pool2d", "adaptive_max_pool2d"]


# ---- pooling ------------------------------------------------------------------------------------
def _pool_kernel(x, pooling_type="max", ksize=(1, 1), strides=(1, 1), paddings=(0, 0, 0, 0),
                 padding_algorithm="EXPLICIT", exclusive=True, adaptive=False, ceil_mode=False,
                 data_format="NCHW", divisor=None, return_mask=False):
    nd = len(ksize)
    channel_last = data_format in ("NHWC", "NLC")
    if channel_last:
        x = x.movedim(-1, 1)
    if adaptive:
        fn = {("avg", 1): TF.adaptive_avg_pool1d, ("avg", 2): TF.adaptive_avg_pool2d,
              ("max", 1): TF.adaptive_max_pool1d, ("max", 2): TF.adaptive_max_pool2d}
        res = fn[pooling_type, nd](x, list(ksize), return_indices=True) if pooling_type == "max" \
            else fn[pooling_type, nd](x, list(ksize))
    else:
        pads = list(paddings)
        if padding_algorithm == "SAME":
            pads = _same_pads(x.shape[2:], ksize, strides, [1] * nd)
        elif padding_algorithm == "VALID":
            pads = [0] * (2 * nd)
        sym = all(pads[2 * i] == pads[2 * i + 1] for i in range(nd)) and \
            all(pads[2 * i] * 2 <= ksize[i] for i in range(nd))
        tp = [pads[2 * i] for i in range(nd)]
        if pooling_type == "max":
            if not sym:
                x = TF.pad(x, _torch_pad(pads), value=-math.inf)
                tp = [0] * nd
            fn = TF.max_pool1d if nd == 1 else TF.max_pool2d
            res = fn(x, list(ksize), list(strides), tp, 1, ceil_mode, True)
        else:
            fn = TF.avg_pool1d if nd == 1 else TF.avg_pool2d
            if sym and divisor is None:
                res = fn(x, list(ksize), list(strides), tp, ceil_mode, not exclusive)
            else:
                # Asymmetric padding or a divisor: window sums divided by the window element count
                # (exclusive counts only real elements), or by the divisor.
                xp = TF.pad(x, _torch_pad(pads))
                area = math.prod(ksize)
                sums = fn(xp, list(ksize), list(strides), 0, ceil_mode, True) * area
                if divisor is not None:
                    res = sums / divisor
                elif exclusive:
                    ones = TF.pad(torch.ones_like(x[:1, :1]), _torch_pad(pads))
                    counts = fn(ones, list(ksize), list(strides), 0, ceil_mode, True) * area
                    res = sums / counts
                else:
                    res = sums / area
    if isinstance(res, tuple):
        out, mask = res
        if channel_last:
            out, mask = out.movedim(1, -1), mask.movedim(1, -1)
        return (out, mask.to(torch.int32)) if return_mask else out
    return res.movedim(1, -1) if channel_last else res


_POOL_ATTRS = {"pooling_type": "max", "ksize": (1, 1), "strides": (1, 1), "paddings": (0, 0, 0, 0),
               "padding_algorithm": "EXPLICIT", "exclusive": True, "adaptive": False,
               "ceil_mode": False, "data_format": "NCHW", "divisor": None, "return_mask": False}


_POOL = defop("pool2d", _pool_kernel, attrs=_POOL_ATTRS, api="paddle.nn.functional.max_pool2d",
              notes="1-D pooling uses the same op; avg divisor_override is an extra attribute")


_POOL_MASK = defop("max_pool2d_with_index", _pool_kernel, outputs=("Out", "Mask"),
                   attrs=dict(_POOL_ATTRS, return_mask=True),
                   api="paddle.nn.functional.max_pool2d")


def _pool(x, kind, nd, kernel_size, stride, padding, ceil_mode, exclusive, divisor, data_format,
          return_mask, adaptive=False):
    formats = {1: ("NCL", "NLC"), 2: ("NCHW", "NHWC")}[nd]
    if data_format not in formats:
        raise ValueError(f"Attr(data_format) should be {formats[0]!r} or {formats[1]!r}. Received "
                         f"Attr(data_format): {data_format}.")
    if len(x.shape) != nd + 2:      # Paddle's texts differ per rank
        if nd == 2 and not adaptive:
            raise ValueError(f"(InvalidArgument) the input of Op(pool) should be 4-D or 5-D "
                             f"Tensor. But received: {len(x.shape)}-D Tensor and it's shape is "
                             f"{list(x.shape)}.")
        if nd == 1 and not adaptive:
            raise ValueError(f"Excepted Input X is 3-D tensor, but received {len(x.shape)}-D "
                             f"<class 'paddle.Tensor'>")
        raise ValueError(f"Expected input's dimension to be {nd + 2}, but received "
                         f"{len(x.shape)}")
    if adaptive:
        sizes = list(kernel_size) if isinstance(kernel_size, (list, tuple)) else [kernel_size] * nd
        spatial = list(x.shape[1:-1]) if data_format in ("NHWC", "NLC") else list(x.shape[2:])
        ksize = tuple(spatial[i] if s is None else int(s) for i, s in enumerate(sizes))
        algo, pads, strides = "EXPLICIT", [0] * (2 * nd), (1,) * nd
    else:
        ksize = _tuple(kernel_size, nd, "pool_size")
        strides = ksize if stride is None else _tuple(stride, nd, "pool_stride")
        if kind == "avg":   # Paddle's avg_pool checks these in Python, with these texts
            for what, values in (("kernel_size", ksize), ("stride", strides)):
                bad = next((v for v in values if v <= 0.001), None)
                if bad is not None:
                    raise ValueError(f"Excepted the input {what} to be greater than 0.001 but "
                                     f"received x: {bad}. ")
        algo, pads = _paddings(padding, nd, data_format in ("NHWC", "NLC"))
    attrs = {"pooling_type": kind, "ksize": ksize, "strides": strides, "paddings": tuple(pads),
             "padding_algorithm": algo, "exclusive": bool(exclusive), "adaptive": adaptive,
             "ceil_mode": bool(ceil_mode), "data_format": data_format,
             "divisor": None if divisor is None else float(divisor), "return_mask": return_mask}
    if return_mask:
        return apply_op(_POOL_MASK, (x,), attrs)
    return apply_op(_POOL, (x,), attrs)


def max_pool2d(x, kernel_size, stride=None, padding=0, return_mask=False, ceil_mode=False,
               data_format="NCHW", name=None):
    """paddle.nn.functional.max_pool2d(x, kernel_size, stride=None, padding=0, return_mask=False,
    ceil_mode=False, data_format='NCHW'); the mask holds int32 flat indices into each H*W plane."""
    return _pool(x, "max", 2, kernel_size, stride, padding, ceil_mode, True, None, data_format,
                 return_mask)


def max_pool1d(x, kernel_size, stride=None, padding=0, return_mask=False, ceil_mode=False,
               name=None):
    """paddle.nn.functional.max_pool1d(x, kernel_size, stride=None, padding=0, ...) on NCL input."""
    return _pool(x, "max", 1, kernel_size, stride, padding, ceil_mode, True, None, "NCL",
                 return_mask)


def avg_pool2d(x, kernel_size, stride=None, padding=0, ceil_mode=False, exclusive=True,
               divisor_override=None, data_format="NCHW", name=None):
    """paddle.nn.functional.avg_pool2d(...): exclusive=True leaves padding out of the average."""
    return _pool(x, "avg", 2, kernel_size, stride, padding, ceil_mode, exclusive, divisor_override,
                 data_format, False)


def avg_pool1d(x, kernel_size, stride=None, padding=0, exclusive=True, ceil_mode=False, name=None):
    """paddle.nn.functional.avg_pool1d(x, kernel_size, stride=None, padding=0, exclusive=True, ...)."""
    return _pool(x, "avg", 1, kernel_size, stride, padding, ceil_mode, exclusive, None, "NCL", False)


def adaptive_avg_pool2d(x, output_size, data_format="NCHW", name=None):
    """paddle.nn.functional.adaptive_avg_pool2d(x, output_size, data_format='NCHW'); None in
    output_size keeps that input size."""
    return _pool(x, "avg", 2, output_size, None, 0, False, True, None, data_format, False, True)


def adaptive_avg_pool1d(x, output_size, name=None):
    """paddle.nn.functional.adaptive_avg_pool1d(x, output_size)."""
    return _pool(x, "avg", 1, output_size, None, 0, False, True, None, "NCL", False, True)


def adaptive_max_pool2d(x, output_size, return_mask=False, name=None):
    """paddle.nn.functional.adaptive_max_pool2d(x, output_size, return_mask=False)."""
    return _pool(x, "max", 2, output_size, None, 0, False, True, None, "NCHW", return_mask, True)
