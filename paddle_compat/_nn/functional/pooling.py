"""paddle.nn.functional pooling (Paddle: nn/functional/pooling.py): max/avg/lp pooling, adaptive
pooling, max unpooling and fractional max pooling, in 1, 2 and 3 dimensions.

Paddle's window rules, kept here: the output size is (in + before + after - k) / stride + 1 with
C++ division (an input smaller than the window still gives one output, where torch raises); the
windows start at i * stride - before; the average's divisor is the window clipped to
[-before, in + before) (non-exclusive) or its real elements (exclusive).

The padding forms are normalised by the convolution helpers (`conv._paddings`), as Paddle shares
them between its conv and pool functions.
"""
import math

import numpy as np

import torch
import torch.nn.functional as TF

from ..._ops.registry import defop, apply_op
from .conv import _paddings, _same_pads, _torch_pad, _tuple

__all__ = ["max_pool1d", "max_pool2d", "max_pool3d", "avg_pool1d", "avg_pool2d", "avg_pool3d",
           "adaptive_avg_pool1d", "adaptive_avg_pool2d", "adaptive_avg_pool3d",
           "adaptive_max_pool1d", "adaptive_max_pool2d", "adaptive_max_pool3d", "lp_pool1d",
           "lp_pool2d", "max_unpool1d", "max_unpool2d", "max_unpool3d", "fractional_max_pool2d",
           "fractional_max_pool3d"]


# ---- pooling ------------------------------------------------------------------------------------
_MAXPOOL = {1: TF.max_pool1d, 2: TF.max_pool2d, 3: TF.max_pool3d}
_AVGPOOL = {1: TF.avg_pool1d, 2: TF.avg_pool2d, 3: TF.avg_pool3d}
_ADAPTIVE = {("avg", 1): TF.adaptive_avg_pool1d, ("avg", 2): TF.adaptive_avg_pool2d,
             ("avg", 3): TF.adaptive_avg_pool3d, ("max", 1): TF.adaptive_max_pool1d,
             ("max", 2): TF.adaptive_max_pool2d, ("max", 3): TF.adaptive_max_pool3d}


def _paddle_out(size, k, s, pb, pa, ceil_mode):
    """Paddle's pooled size (C++ integer division truncates toward zero, so an input smaller
    than the window still gives one output)."""
    if s == 0:
        raise ValueError(f"(InvalidArgument) The stride of PoolOutputSize shall not be 0, but "
                         f"received {s}.")
    span = size + pb + pa - k + (s - 1 if ceil_mode else 0)
    return int(span / s) + 1


def _torch_out(size, k, s, p, ceil_mode):
    span = size + 2 * p - k
    if span < 0:
        return -1
    out = (-(-span // s) if ceil_mode else span // s) + 1
    if ceil_mode and (out - 1) * s >= size + p:
        out -= 1
    return out


def _window_padding(x, nd, ksize, strides, pads, outs, value):
    """Pad (or crop) x so that pooling with padding 0 sees exactly Paddle's windows: `before`
    in front, and the end grown or cut to (out - 1) * stride + k."""
    tp = []
    for i in range(nd - 1, -1, -1):
        after = (outs[i] - 1) * strides[i] + ksize[i] - x.shape[2 + i] - pads[2 * i]
        tp += [pads[2 * i], after]
    return TF.pad(x, tp, value=value)


def _divisor(x, nd, ksize, strides, pads, outs, exclusive):
    """Paddle's average divisor per output position: the window clipped to [-before,
    size + before) (Paddle drops the `after` paddings once the size is known), or only its real
    elements when exclusive."""
    total = None
    for i in range(nd):
        size = x.shape[2 + i]
        start = torch.arange(outs[i], device=x.device) * strides[i] - pads[2 * i]
        end = torch.clamp(start + ksize[i], max=size + pads[2 * i])
        d = (torch.clamp(end, max=size) - torch.clamp(start, min=0)) if exclusive else end - start
        shape = [1] * (nd + 2)
        shape[2 + i] = outs[i]
        d = d.to(x.dtype).reshape(shape)
        total = d if total is None else total * d
    return total


def _pool_kernel(x, pooling_type="max", ksize=(1, 1), strides=(1, 1), paddings=(0, 0, 0, 0),
                 padding_algorithm="EXPLICIT", exclusive=True, adaptive=False, ceil_mode=False,
                 data_format="NCHW", divisor=None, return_mask=False, norm_type=2.0):
    nd = len(ksize)
    channel_last = data_format in ("NHWC", "NLC", "NDHWC")
    if channel_last:
        x = x.movedim(-1, 1)
    if adaptive:
        fn = _ADAPTIVE[pooling_type, nd]
        res = fn(x, list(ksize), return_indices=True) if pooling_type == "max" \
            else fn(x, list(ksize))
    else:
        pads = list(paddings)
        if len(pads) == nd:
            pads = [p for v in pads for p in (v, v)]
        if padding_algorithm == "SAME":
            pads = _same_pads(x.shape[2:], ksize, strides, [1] * nd)
            ceil_mode = False
        elif padding_algorithm == "VALID":
            pads = [0] * (2 * nd)
        sizes = list(x.shape[2:])
        outs = [_paddle_out(sizes[i], ksize[i], strides[i], pads[2 * i], pads[2 * i + 1], ceil_mode)
                for i in range(nd)]
        # torch's own pooling gives Paddle's result where its padding is symmetric, at most half
        # the window, and it finds the same output size
        native = all(pads[2 * i] == pads[2 * i + 1] and pads[2 * i] * 2 <= ksize[i] and
                     _torch_out(sizes[i], ksize[i], strides[i], pads[2 * i], ceil_mode) == outs[i]
                     for i in range(nd))
        tp = [pads[2 * i] for i in range(nd)]
        if pooling_type == "max":
            if native:
                res = _MAXPOOL[nd](x, list(ksize), list(strides), tp, 1, ceil_mode, True)
            else:
                xp = _window_padding(x, nd, ksize, strides, pads, outs, -math.inf)
                out, idx = _MAXPOOL[nd](xp, list(ksize), list(strides), 0, 1, False, True)
                # indices into the padded planes -> indices into the input's planes
                flat, coords = idx, []
                for i in range(nd - 1, -1, -1):
                    coords.append(flat % xp.shape[2 + i] - pads[2 * i])
                    flat = torch.div(flat, xp.shape[2 + i], rounding_mode="floor")
                idx = torch.zeros_like(idx)
                for i, c in zip(range(nd), reversed(coords)):
                    idx = idx * sizes[i] + c
                res = (out, idx)
        elif pooling_type == "lp":
            p = float(norm_type)
            xp = _window_padding(x, nd, ksize, strides, pads, outs, 0.0)
            if math.isinf(p):
                # Paddle's kernel takes the plain maximum (not of |x|) for p = inf
                res = _MAXPOOL[nd](xp, list(ksize), list(strides), 0, 1, False)
            else:
                area = math.prod(ksize)
                sums = _AVGPOOL[nd](xp.pow(p), list(ksize), list(strides), 0) * area
                res = sums.pow(1.0 / p)
        else:
            if native and divisor is None:
                res = _AVGPOOL[nd](x, list(ksize), list(strides), tp, ceil_mode, not exclusive)
            else:
                xp = _window_padding(x, nd, ksize, strides, pads, outs, 0.0)
                area = math.prod(ksize)
                sums = _AVGPOOL[nd](xp, list(ksize), list(strides), 0) * area
                if divisor is not None:
                    res = sums / divisor
                else:
                    res = sums / _divisor(x, nd, ksize, strides, pads, outs, exclusive)
    if isinstance(res, tuple):
        out, mask = res
        if channel_last:
            out, mask = out.movedim(1, -1), mask.movedim(1, -1)
        return (out, mask.to(torch.int32)) if return_mask else out
    return res.movedim(1, -1) if channel_last else res


_POOL_ATTRS = {"pooling_type": "max", "ksize": (1, 1), "strides": (1, 1), "paddings": (0, 0, 0, 0),
               "padding_algorithm": "EXPLICIT", "exclusive": True, "adaptive": False,
               "ceil_mode": False, "data_format": "NCHW", "divisor": None, "return_mask": False,
               "norm_type": 2.0}


_POOL = defop("pool2d", _pool_kernel, attrs=_POOL_ATTRS, api="paddle.nn.functional.max_pool2d",
              notes="1-D pooling uses the same op; avg divisor_override is an extra attribute")


_POOL_MASK = defop("max_pool2d_with_index", _pool_kernel, outputs=("Out", "Mask"),
                   attrs=dict(_POOL_ATTRS, return_mask=True),
                   api="paddle.nn.functional.max_pool2d")


def _pool(x, kind, nd, kernel_size, stride, padding, ceil_mode, exclusive, divisor, data_format,
          return_mask, adaptive=False, norm_type=2.0):
    formats = {1: ("NCL", "NLC"), 2: ("NCHW", "NHWC"), 3: ("NCDHW", "NDHWC")}[nd]
    if data_format not in formats:
        raise ValueError(f"Attr(data_format) should be {formats[0]!r} or {formats[1]!r}. Received "
                         f"Attr(data_format): {data_format}.")
    if return_mask and data_format in ("NHWC", "NDHWC"):
        which = "max_pool2d" if nd == 2 else "max_pool3d"
        raise ValueError(f"When setting return_mask to true, data_format must be set to "
                         f"{formats[0]} in API:{which}")
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
        algo, pads = _paddings(padding, nd, data_format in ("NHWC", "NLC", "NDHWC"))
        if algo == "VALID" and ceil_mode:
            raise ValueError('When Attr(padding) is "VALID", Attr(ceil_mode) must be False. '
                             'Received ceil_mode: True.')
        if return_mask and algo == "SAME":
            # Paddle's max_pool*_with_index op takes no padding algorithm: 'SAME' pools unpadded
            algo = "EXPLICIT"
        if return_mask and any(pads[2 * i] != pads[2 * i + 1] for i in range(nd)):
            raise ValueError(f"(InvalidArgument) Paddings size {2 * nd} and pooling size {nd} "
                             f"should be the same.")
    attrs = {"pooling_type": kind, "ksize": ksize, "strides": strides, "paddings": tuple(pads),
             "padding_algorithm": algo, "exclusive": bool(exclusive), "adaptive": adaptive,
             "ceil_mode": bool(ceil_mode), "data_format": data_format,
             "divisor": None if divisor is None else float(divisor), "return_mask": return_mask,
             "norm_type": float(norm_type)}
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


def max_pool3d(x, kernel_size, stride=None, padding=0, return_mask=False, ceil_mode=False,
               data_format="NCDHW", name=None):
    """paddle.nn.functional.max_pool3d(x, kernel_size, stride=None, padding=0, return_mask=False,
    ceil_mode=False, data_format='NCDHW'); the mask holds int32 flat indices into each D*H*W
    volume."""
    return _pool(x, "max", 3, kernel_size, stride, padding, ceil_mode, True, None, data_format,
                 return_mask)


def avg_pool3d(x, kernel_size, stride=None, padding=0, ceil_mode=False, exclusive=True,
               divisor_override=None, data_format="NCDHW", name=None):
    """paddle.nn.functional.avg_pool3d(x, kernel_size, stride=None, padding=0, ceil_mode=False,
    exclusive=True, divisor_override=None, data_format='NCDHW')."""
    return _pool(x, "avg", 3, kernel_size, stride, padding, ceil_mode, exclusive, divisor_override,
                 data_format, False)


def adaptive_avg_pool3d(x, output_size, data_format="NCDHW", name=None):
    """paddle.nn.functional.adaptive_avg_pool3d(x, output_size, data_format='NCDHW')."""
    return _pool(x, "avg", 3, output_size, None, 0, False, True, None, data_format, False, True)


def _check_input(x, dims):
    if len(x.shape) != dims:
        raise ValueError(f"Excepted Input X is {dims}-D tensor, but received {len(x.shape)}-D "
                         f"<class 'paddle.Tensor'>")


def adaptive_max_pool1d(x, output_size, return_mask=False, name=None):
    """paddle.nn.functional.adaptive_max_pool1d(x, output_size, return_mask=False)."""
    _check_input(x, 3)
    return _pool(x, "max", 1, output_size, None, 0, False, True, None, "NCL", return_mask, True)


def adaptive_max_pool3d(x, output_size, return_mask=False, name=None):
    """paddle.nn.functional.adaptive_max_pool3d(x, output_size, return_mask=False)."""
    _check_input(x, 5)
    return _pool(x, "max", 3, output_size, None, 0, False, True, None, "NCDHW", return_mask, True)


def _lp_pool(x, norm_type, kernel_size, stride, padding, ceil_mode, data_format, nd):
    _check_input(x, nd + 2)
    if norm_type == 0:
        raise ValueError("`norm_type` cannot be 0.")
    ksize = _tuple(kernel_size, nd, "pool_size")
    strides = ksize if stride is None else _tuple(stride, nd, "pool_stride")
    for what, vals in (("kernel_size", ksize), ("stride", strides)):
        for v in vals:
            if v < 1e-3:
                raise ValueError(f"Excepted the input {what} to be greater than 0.001 but "
                                 f"received x: {v}. ")
    return _pool(x, "lp", nd, ksize, strides, padding, ceil_mode, True, None, data_format, False,
                 norm_type=norm_type)


def lp_pool1d(x, norm_type, kernel_size, stride=None, padding=0, ceil_mode=False,
              data_format="NCL", name=None):
    """paddle.nn.functional.lp_pool1d(x, norm_type, kernel_size, stride=None, padding=0,
    ceil_mode=False, data_format='NCL'): (sum over the window of x ** p) ** (1 / p); p = inf is
    the window's maximum."""
    return _lp_pool(x, norm_type, kernel_size, stride, padding, ceil_mode, data_format, 1)


def lp_pool2d(x, norm_type, kernel_size, stride=None, padding=0, ceil_mode=False,
              data_format="NCHW", name=None):
    """paddle.nn.functional.lp_pool2d(x, norm_type, kernel_size, stride=None, padding=0,
    ceil_mode=False, data_format='NCHW'): (sum over the window of x ** p) ** (1 / p)."""
    return _lp_pool(x, norm_type, kernel_size, stride, padding, ceil_mode, data_format, 2)


# ---- max unpooling ------------------------------------------------------------------------------
def _unpool_kernel(x, indices, ksize=(), strides=(), paddings=(), output_size=(),
                   data_format="NCHW"):
    n, c = x.shape[0], x.shape[1]
    plane = math.prod(output_size)
    flat_idx = indices.reshape(n, c, -1).to(torch.int64)
    if flat_idx.numel() and x.device.type != "meta":
        bad = (flat_idx < 0) | (flat_idx >= plane)
        if bool(bad.any()):
            raise ValueError(f"(InvalidArgument) index should less than output tensor height * "
                             f"output tensor width. Expected index >= 0 && index < {plane}, but "
                             f"received index = {int(flat_idx[bad][0])}.")
    out = torch.zeros(n, c, plane, dtype=x.dtype, device=x.device)
    out = out.scatter(2, flat_idx, x.reshape(n, c, -1))
    return out.reshape(n, c, *output_size)


_UNPOOL = defop("unpool", _unpool_kernel, inputs=("X", "Indices"),
                attrs={"ksize": (), "strides": (), "paddings": (), "output_size": (),
                       "data_format": "NCHW"},
                api="paddle.nn.functional.max_unpool2d",
                notes="1-D and 3-D unpooling use the same op (Paddle: unpool3d for 3-D)")


def _max_unpool(x, indices, kernel_size, stride, padding, data_format, output_size, nd):
    names = {1: ("NCL", "[N, C, L]"), 2: ("NCHW", "[N, C, H, W]"), 3: ("NCDHW", "[N, C, D, H, W]")}
    fmt, layout = names[nd]
    if len(x.shape) != nd + 2:
        raise ValueError(f"The x should have {layout} format, but received {x.shape}.")
    if len(indices.shape) != nd + 2:
        raise ValueError(f"The indices should have {layout} format, but received "
                         f"{indices.shape}.")
    if list(x.shape) != list(indices.shape):
        # torch's scatter would silently use part of x (Paddle's infer-shape refuses)
        raise ValueError(f"(InvalidArgument) The dimensions of Input(X) must equal to be the "
                         f"dimensions of Input(Indices), but received dimensions of Input(X) is "
                         f"{list(x.shape)}, received dimensions of Input(Indices) is "
                         f"{list(indices.shape)}")
    ksize = list(_tuple(kernel_size, nd, "pool_size"))
    strides = ksize if stride is None else list(_tuple(stride, nd, "pool_stride"))
    pads = list(_tuple(padding, nd, "padding"))
    if data_format != fmt:
        raise ValueError(f"Attr(data_format) should be '{fmt}'. Received Attr(data_format): "
                         f"{data_format}.")
    assert output_size is None or isinstance(output_size, (list, tuple)), (
        f"Required output_size is None|list|tuple, but received {output_size}")
    default = [(x.shape[2 + d] - 1) * strides[d] + ksize[d] - 2 * pads[d] for d in range(nd)]
    if output_size is None:
        sizes = default
    else:
        sizes = [int(v.item()) if hasattr(v, "item") else int(v) for v in output_size]
        if len(sizes) == nd + 2:
            sizes = sizes[2:]
        if len(sizes) != nd:
            raise ValueError(f"output_size should be a sequence containing {nd} or {nd + 2} "
                             f"elements, but it has a length of '{len(sizes)}'")
        for d in range(nd):
            lo, hi = default[d] - strides[d], default[d] + strides[d]
            if not lo < sizes[d] < hi:
                raise ValueError(f'invalid output_size "{list(output_size)}" (dim {d} must be '
                                 f'between {lo} and {hi})')
    attrs = {"ksize": tuple(ksize), "strides": tuple(strides), "paddings": tuple(pads),
             "output_size": tuple(sizes), "data_format": fmt}
    return apply_op(_UNPOOL, (x, indices), attrs)


def max_unpool1d(x, indices, kernel_size, stride=None, padding=0, data_format="NCL",
                 output_size=None, name=None):
    """paddle.nn.functional.max_unpool1d(x, indices, kernel_size, stride=None, padding=0,
    data_format='NCL', output_size=None): scatters x into zeros at the max_pool1d mask's indices."""
    return _max_unpool(x, indices, kernel_size, stride, padding, data_format, output_size, 1)


def max_unpool2d(x, indices, kernel_size, stride=None, padding=0, data_format="NCHW",
                 output_size=None, name=None):
    """paddle.nn.functional.max_unpool2d(x, indices, kernel_size, stride=None, padding=0,
    data_format='NCHW', output_size=None): the inverse of max_pool2d(..., return_mask=True);
    output size (in - 1) * stride + k - 2 * padding unless output_size is given."""
    return _max_unpool(x, indices, kernel_size, stride, padding, data_format, output_size, 2)


def max_unpool3d(x, indices, kernel_size, stride=None, padding=0, data_format="NCDHW",
                 output_size=None, name=None):
    """paddle.nn.functional.max_unpool3d(x, indices, kernel_size, stride=None, padding=0,
    data_format='NCDHW', output_size=None)."""
    return _max_unpool(x, indices, kernel_size, stride, padding, data_format, output_size, 3)


# ---- fractional max pooling ---------------------------------------------------------------------
def _fractional_windows(size, out, pool, u):
    """Paddle's pseudo-random intervals (Graham, Fractional Max-Pooling), in float32 as its
    kernel: alpha = (in - k) / (out - [k > 0]); without a kernel size u is first scaled into the
    range that keeps the last interval inside the input. Interval i starts at
    int((i + u) * alpha) - int(u * alpha) and ends where interval i + 1 starts (or k later)."""
    f = np.float32
    if pool > 0 and out == 1:
        return [(0, min(pool, size))]       # alpha would be (in - k) / 0: one window at 0
    alpha = f(size - pool) / f(out - (1 if pool > 0 else 0))
    u = f(u)
    if pool <= 0:
        base = size // out
        u = u * min(f(base + 2) / alpha - f(1), f(size + 1 - base) / alpha - f(out - 1))
    shift = int(u * alpha)
    windows = []
    for i in range(out):
        start = int(f(f(i) + u) * alpha) - shift
        end = start + pool if pool > 0 else int(f(f(i + 1) + u) * alpha) - shift
        windows.append((max(start, 0), min(end, size)))
    return windows


def _fractional_kernel(x, output_size=(), kernel_size=(), random_u=0.0, return_mask=False):
    nd = len(output_size)
    sizes = list(x.shape[2:])
    wins = [_fractional_windows(sizes[i], output_size[i], kernel_size[i], random_u)
            for i in range(nd)]
    # gather every window, padded to the widest one, then take the max of the valid elements
    idx, valid = [], []
    for i in range(nd):
        width = max(1, max(e - s for s, e in wins[i]))
        starts = torch.tensor([s for s, _ in wins[i]], device=x.device)
        ends = torch.tensor([e for _, e in wins[i]], device=x.device)
        pos = starts[:, None] + torch.arange(width, device=x.device)[None, :]
        valid.append(pos < ends[:, None])
        idx.append(pos.clamp(max=sizes[i] - 1))
    flat = None
    ok = None
    for i in range(nd):
        shape = [1] * (2 * nd)
        shape[2 * i], shape[2 * i + 1] = idx[i].shape
        f = idx[i].reshape(shape)
        v = valid[i].reshape(shape)
        flat = f if flat is None else flat * sizes[i] + f
        ok = v if ok is None else ok & v
    n, c = x.shape[0], x.shape[1]
    gathered = x.reshape(n, c, -1)[:, :, flat.reshape(-1)].reshape(n, c, *flat.shape)
    gathered = gathered.masked_fill(~ok, -math.inf)
    perm = [0, 1] + [2 + 2 * i for i in range(nd)] + [3 + 2 * i for i in range(nd)]
    gathered = gathered.permute(perm)
    out_shape = list(gathered.shape[:2 + nd])
    values, arg = gathered.reshape(*out_shape, -1).max(-1)
    flat_sel = flat.permute([2 * i for i in range(nd)] + [2 * i + 1 for i in range(nd)])
    flat_sel = flat_sel.reshape(*out_shape[2:], -1).expand(n, c, *out_shape[2:], -1)
    mask = flat_sel.gather(-1, arg.unsqueeze(-1)).squeeze(-1).to(torch.int32)
    return values, mask


_FRACTIONAL = defop("fractional_max_pool2d", _fractional_kernel, outputs=("Out", "Mask"),
                    attrs={"output_size": (), "kernel_size": (), "random_u": 0.0,
                           "return_mask": False},
                    api="paddle.nn.functional.fractional_max_pool2d",
                    notes="3-D uses the same op (Paddle: fractional_max_pool3d)")


def _fractional(x, output_size, kernel_size, random_u, return_mask, nd):
    _check_input(x, nd + 2)
    if random_u is None:
        # Paddle's kernel draws u itself: one float32 uniform from the global CPU engine
        from ... import _random
        random_u = float(_random.uniform_([1], 0.0, 1.0, "float32")[0])
    elif random_u <= 0 or random_u >= 1:
        raise ValueError("The param `random_u` should be a `float` in (0, 1).")
    ksize = list(_tuple(kernel_size, nd, "kernel_size")) if kernel_size is not None else [0] * nd
    spatial = list(x.shape[2:])
    if isinstance(output_size, int):
        sizes = [output_size] * nd
    else:
        sizes = [spatial[i] if v is None else int(v) for i, v in enumerate(output_size)]
    attrs = {"output_size": tuple(sizes), "kernel_size": tuple(ksize),
             "random_u": float(random_u), "return_mask": bool(return_mask)}
    out, mask = apply_op(_FRACTIONAL, (x,), attrs)
    return (out, mask) if return_mask else out


def fractional_max_pool2d(x, output_size, kernel_size=None, random_u=None, return_mask=False,
                          name=None):
    """paddle.nn.functional.fractional_max_pool2d(x, output_size, kernel_size=None, random_u=None,
    return_mask=False): max over Paddle's pseudo-random intervals; random_u in (0, 1) fixes them,
    None draws u from the global generator (Paddle's draw: the same u for a seed)."""
    return _fractional(x, output_size, kernel_size, random_u, return_mask, 2)


def fractional_max_pool3d(x, output_size, kernel_size=None, random_u=None, return_mask=False,
                          name=None):
    """paddle.nn.functional.fractional_max_pool3d(x, output_size, kernel_size=None, random_u=None,
    return_mask=False): as fractional_max_pool2d, over D, H and W."""
    return _fractional(x, output_size, kernel_size, random_u, return_mask, 3)
