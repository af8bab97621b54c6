"""paddle.vision.ops: detection operators and their layers (nms, roi_align / RoIAlign, roi_pool /
RoIPool, psroi_pool / PSRoIPool, box_coder, prior_box, yolo_box, deform_conv2d / DeformConv2D,
read_file, decode_jpeg) and ConvNormActivation, the conv-norm-activation block the models use.

Every kernel is vectorised torch on the input's device, following the arithmetic of Paddle's CPU
kernels (paddle/phi/kernels/cpu/*): the same sample points, clamps, rounding and empty-bin rules;
gradients come from torch autograd through the same expressions (Paddle defines none for boxes,
so boxes are detached).
"""
import math

import numpy as np
import torch

from .._nn.initializer import Normal
from .._nn.layer.layers import Layer
from .._nn.layer.activation import ReLU
from .._nn.layer.container import Sequential
from .._nn.layer.norm import BatchNorm2D
from .._nn.layer.conv import Conv2D
from .._mode import STATE
from .._ops.registry import OPS, apply_op, defop
from .._tensor import Tensor, wrap

__all__ = []


# ---- ConvNormActivation ------------------------------------------------------------------------
class ConvNormActivation(Sequential):
    """paddle.vision.ops.ConvNormActivation(in_channels, out_channels, kernel_size=3, stride=1,
    padding=None, groups=1, norm_layer=BatchNorm2D, activation_layer=ReLU, dilation=1,
    bias=None): a Sequential of Conv2D, the norm layer (unless None) and the activation (unless
    None). padding None means (kernel_size - 1) // 2 * dilation; bias None means bias only when
    there is no norm layer."""

    def __init__(self, in_channels, out_channels, kernel_size=3, stride=1, padding=None, groups=1,
                 norm_layer=BatchNorm2D, activation_layer=ReLU, dilation=1, bias=None):
        if padding is None:
            padding = (kernel_size - 1) // 2 * dilation
        if bias is None:
            bias = norm_layer is None
        layers = [Conv2D(in_channels, out_channels, kernel_size, stride, padding,
                         dilation=dilation, groups=groups, bias_attr=bias)]
        if norm_layer is not None:
            layers.append(norm_layer(out_channels))
        if activation_layer is not None:
            layers.append(activation_layer())
        super().__init__(*layers)


# ---- helpers -----------------------------------------------------------------------------------
def _pair(v, what):
    if isinstance(v, int):
        return [v, v]
    v = list(v)
    if len(v) == 1:
        return v * 2
    if len(v) != 2:
        raise ValueError(f"The {what}'s length must be 2. Received: {v}")
    return [int(e) for e in v]


def _round_half_away(t):
    """C's round(): halves away from zero (torch.round rounds halves to even)."""
    return torch.sign(t) * torch.floor(t.abs() + 0.5)


def _batch_ids(boxes_num, n_images, n_rois, device, what="rois"):
    """The image index of each RoI from boxes_num (one count per image)."""
    counts = boxes_num.reshape(-1).to(device=device, dtype=torch.long)
    if counts.numel() != n_images:
        raise ValueError(
            f"(InvalidArgument) The batch size of {what} and the batch size of images  must be the "
            f"same. But received the batch size of {what} is {counts.numel()}, and the batch size "
            f"of images is {n_images}")
    if int(counts.sum()) != n_rois:
        raise ValueError(f"(InvalidArgument) The number of {what} from boxes_num "
                         f"({int(counts.sum())}) and the number of boxes ({n_rois}) must be "
                         "the same.")
    return torch.repeat_interleave(torch.arange(n_images, device=device), counts)


# ---- nms ---------------------------------------------------------------------------------------
def _greedy_keep(boxes, iou_threshold, same_group=None):
    """Paddle's NMS over boxes in the given order: box i survives unless an earlier surviving box
    overlaps it with IoU > threshold. The IoU matrix is computed at once; the greedy pass is the
    fixed point of keep[i] = not any(keep[k] and over[k, i], k < i), reached in as many rounds as
    the longest suppression chain (each round one vectorised reduction, no loop over boxes)."""
    b = boxes
    area = (b[:, 2] - b[:, 0]) * (b[:, 3] - b[:, 1])
    x0 = torch.maximum(b[:, None, 0], b[None, :, 0])
    y0 = torch.maximum(b[:, None, 1], b[None, :, 1])
    x1 = torch.minimum(b[:, None, 2], b[None, :, 2])
    y1 = torch.minimum(b[:, None, 3], b[None, :, 3])
    iw = torch.where(x1 - x0 > 0, x1 - x0, torch.zeros_like(x0))
    ih = torch.where(y1 - y0 > 0, y1 - y0, torch.zeros_like(y0))
    inter = iw * ih
    union = area[:, None] + area[None, :] - inter
    over = (inter / union > iou_threshold).triu(1)
    if same_group is not None:
        over &= same_group
    n = b.shape[0]
    keep = torch.ones(n, dtype=torch.bool, device=b.device)
    for _ in range(n):
        new = ~(over & keep[:, None]).any(0)
        if torch.equal(new, keep):
            break
        keep = new
    return keep


def _nms_kernel(boxes, iou_threshold=0.3):
    with torch.no_grad():
        keep = _greedy_keep(boxes, iou_threshold)
        return torch.nonzero(keep).reshape(-1)


_NMS = defop("nms", _nms_kernel, inputs=("Boxes",), outputs=("KeepBoxesIdxs",),
             attrs={"iou_threshold": 0.3}, api="paddle.vision.ops.nms",
             notes="the greedy pass is a vectorised fixed point, same result")


def nms(boxes, iou_threshold=0.3, scores=None, category_idxs=None, categories=None, top_k=None):
    """paddle.vision.ops.nms(boxes, iou_threshold=0.3, scores=None, category_idxs=None,
    categories=None, top_k=None): indices (int64) of the boxes ([N, 4], x1 y1 x2 y2) that survive
    non-maximum suppression. Without scores the boxes are taken in the given order; with scores
    in descending score order; with category_idxs and categories, per category (boxes of a
    category not in `categories` are dropped) and the survivors sorted by score, the first top_k.

    In static mode it records Paddle's ops (argsort, gather, nms, gather) when scores are given.

    Differences from Paddle: the per-category passes run as one masked pass; ties in scores are
    broken by index (stable sort) where Paddle's unstable sort may order them otherwise; with
    category_idxs a static Program records one op where Paddle records its Python loop over the
    categories.
    """
    if len(boxes.shape) != 2 or boxes.shape[1] not in (4, -1):
        raise ValueError("(InvalidArgument) The Input Boxes must be 2-dimension whose shape must "
                         "be [N, 4] N is the number of boxes in last dimension in format [x1, x2, "
                         "y1, y2].")
    if scores is None:
        return apply_op(_NMS, (boxes,), {"iou_threshold": float(iou_threshold)})
    if STATE.static and category_idxs is None:
        # recorded as Paddle's: argsort of the scores, the boxes gathered in that order, nms,
        # and the kept positions mapped back through the order
        from .._ops.manipulation import gather
        from .._ops.search import argsort
        order = argsort(scores, descending=True, stable=True)
        keep = apply_op(_NMS, (gather(boxes, order),), {"iou_threshold": float(iou_threshold)})
        return gather(order, keep)
    if category_idxs is None:
        s, b = scores._t, boxes._t
        order = torch.argsort(s, descending=True, stable=True)
        keep = _nms_kernel(b[order], float(iou_threshold))
        return wrap(order[keep])
    if top_k is not None:
        assert top_k <= scores.shape[0], "top_k should be smaller equal than the number of boxes"
    assert categories is not None, (
        "if category_idxs is given, categories which is a list of unique id of all categories is "
        "necessary")
    return apply_op(_CATEGORY_NMS, (boxes, scores, category_idxs),
                    {"iou_threshold": float(iou_threshold), "categories": list(categories),
                     "top_k": -1 if top_k is None else int(top_k)})


def _category_nms_kernel(boxes, scores, category_idxs, iou_threshold=0.3, categories=(),
                         top_k=-1):
    b, s = boxes, scores
    with torch.no_grad():
        cat = category_idxs.reshape(-1)
        wanted = torch.as_tensor(list(categories), device=cat.device, dtype=cat.dtype)
        in_list = (cat[:, None] == wanted[None, :]).any(1)
        order = torch.argsort(s, descending=True, stable=True)
        cs = cat[order]
        keep_sorted = _greedy_keep(b[order], float(iou_threshold), cs[:, None] == cs[None, :])
        mask = torch.zeros_like(in_list)
        mask[order] = keep_sorted
        mask &= in_list
        kept = torch.nonzero(mask).reshape(-1)
        sub = torch.argsort(s[kept], descending=True, stable=True)
        result = kept[sub]
        if top_k >= 0:
            result = result[:min(int(top_k), result.numel())]
    return result


# Paddle records nms with categories as its Python loop over the categories (where, nms, gather,
# concat, argsort, ...); one op here, with the same result in both modes.
_CATEGORY_NMS = defop("nms_categories", _category_nms_kernel,
                      inputs=("Boxes", "Scores", "CategoryIdxs"), outputs=("KeepBoxesIdxs",),
                      attrs={"iou_threshold": 0.3, "categories": [], "top_k": -1},
                      api="paddle.vision.ops.nms",
                      notes="Paddle composes it in Python from where/nms/gather/concat/argsort")


# ---- roi_align ---------------------------------------------------------------------------------
def _roi_align_values(x, boxes, boxes_num, pooled_height, pooled_width, spatial_scale,
                      sampling_ratio, aligned, for_grad=False):
    """RoI Align as Paddle's CPU kernel computes it. `for_grad` reproduces the gradient kernel,
    which (unlike the forward one) clamps every RoI to at least 1x1 even when aligned."""
    n, c, height, width = x.shape
    r = boxes.shape[0]
    ph, pw = pooled_height, pooled_width
    if r == 0:
        return x.new_zeros((0, c, ph, pw))
    batch = _batch_ids(boxes_num, n, r, x.device)
    b = boxes.detach().to(x.dtype)
    off = 0.5 if aligned else 0.0
    x0 = b[:, 0] * spatial_scale - off
    y0 = b[:, 1] * spatial_scale - off
    rw = b[:, 2] * spatial_scale - off - x0
    rh = b[:, 3] * spatial_scale - off - y0
    if not aligned or for_grad:
        rw = rw.clamp(min=1.0)
        rh = rh.clamp(min=1.0)
    if sampling_ratio > 0:
        gh = torch.full((r,), sampling_ratio, device=x.device, dtype=torch.long)
        gw = gh
    else:
        gh = torch.ceil(rh / ph).long()
        gw = torch.ceil(rw / pw).long()
    big_h, big_w = max(int(gh.max()), 1), max(int(gw.max()), 1)
    bin_h, bin_w = rh / ph, rw / pw
    ghf, gwf = gh.to(x.dtype).clamp(min=1), gw.to(x.dtype).clamp(min=1)
    ar = lambda k: torch.arange(k, device=x.device, dtype=x.dtype)  # noqa: E731
    # sample coordinates [R, ph, GH] and [R, pw, GW]
    ys = y0[:, None, None] + bin_h[:, None, None] * (
        ar(ph)[None, :, None] + (ar(big_h)[None, None, :] + 0.5) / ghf[:, None, None])
    xs = x0[:, None, None] + bin_w[:, None, None] * (
        ar(pw)[None, :, None] + (ar(big_w)[None, None, :] + 0.5) / gwf[:, None, None])
    valid_y = (torch.arange(big_h, device=x.device)[None, None, :] < gh[:, None, None]) & \
        (ys >= -1.0) & (ys <= height)
    valid_x = (torch.arange(big_w, device=x.device)[None, None, :] < gw[:, None, None]) & \
        (xs >= -1.0) & (xs <= width)

    def corners(v, size):
        v = v.clamp(min=0)
        low = torch.floor(v).long()
        edge = low >= size - 1
        low = torch.where(edge, torch.full_like(low, size - 1), low)
        high = torch.where(edge, low, low + 1)
        v = torch.where(edge, low.to(v.dtype), v)
        return low, high, high.to(v.dtype) - v      # weight of the low index, as Paddle's ratio

    yl, yh, ry = corners(ys, height)
    xl, xh, rx = corners(xs, width)
    ry = ry * valid_y
    rx = rx * valid_x
    wy_l, wy_h = ry, (1 - ry) * valid_y
    wx_l, wx_h = rx, (1 - rx) * valid_x
    flat = x.permute(0, 2, 3, 1).reshape(n * height * width, c)
    base = (batch * height * width)[:, None, None, None, None]

    def gather(yi, xi):     # [R, ph, GH, pw, GW, C]
        idx = base + yi[:, :, :, None, None] * width + xi[:, None, None, :, :]
        return flat[idx.reshape(-1)].reshape(*idx.shape, c)

    def w(a, bb):
        return (a[:, :, :, None, None] * bb[:, None, None, :, :])[..., None]

    val = (w(wy_l, wx_l) * gather(yl, xl) + w(wy_l, wx_h) * gather(yl, xh)
           + w(wy_h, wx_l) * gather(yh, xl) + w(wy_h, wx_h) * gather(yh, xh))
    count = (gh * gw).to(x.dtype)
    out = val.sum(dim=(2, 4)) * (1.0 / count)[:, None, None, None]
    return out.permute(0, 3, 1, 2).contiguous()


class _RoIAlignFunction(torch.autograd.Function):
    """Paddle's roi_align forward with its own gradient kernel's arithmetic for dx (see
    `_roi_align_values`); no gradient for boxes, as in Paddle."""

    @staticmethod
    def forward(ctx, x, boxes, boxes_num, *attrs):
        ctx.save_for_backward(boxes, boxes_num)
        ctx.attrs, ctx.x_meta = attrs, (x.shape, x.dtype, x.device)
        return _roi_align_values(x, boxes, boxes_num, *attrs)

    @staticmethod
    def backward(ctx, grad):
        boxes, boxes_num = ctx.saved_tensors
        shape, dtype, device = ctx.x_meta
        with torch.enable_grad():
            probe = torch.zeros(shape, dtype=dtype, device=device, requires_grad=True)
            out = _roi_align_values(probe, boxes, boxes_num, *ctx.attrs, for_grad=True)
            (dx,) = torch.autograd.grad(out, probe, grad)   # the map is linear in x
        return (dx, None, None) + (None,) * len(ctx.attrs)


def _meta_rois(x, boxes, channels, pooled_height, pooled_width):
    """Static-mode shape inference runs kernels on meta tensors, where the RoI-to-image count
    check cannot read boxes_num: the result's shape is [R, C, ph, pw], as Paddle's infermeta."""
    return x.new_empty((boxes.shape[0], channels, pooled_height, pooled_width))


def _roi_align_kernel(x, boxes, boxes_num, pooled_height=1, pooled_width=1, spatial_scale=1.0,
                      sampling_ratio=-1, aligned=True):
    if x.is_meta or boxes.is_meta:
        return _meta_rois(x, boxes, x.shape[1], pooled_height, pooled_width)
    attrs = (pooled_height, pooled_width, spatial_scale, sampling_ratio, aligned)
    if x.requires_grad and torch.is_grad_enabled():
        return _RoIAlignFunction.apply(x, boxes.detach(), boxes_num, *attrs)
    return _roi_align_values(x, boxes, boxes_num, *attrs)


_ROI_ALIGN = defop("roi_align", _roi_align_kernel, inputs=("X", "ROIs", "RoisNum"),
                   attrs={"pooled_height": 1, "pooled_width": 1, "spatial_scale": 1.0,
                          "sampling_ratio": -1, "aligned": True},
                   api="paddle.vision.ops.roi_align")


def _output_size(output_size, types, api):
    if not isinstance(output_size, types):
        names = " or ".join(t.__name__ for t in types)
        raise TypeError(f"The type of 'output_size' in {api} must be {names}, but received "
                        f"{type(output_size)}.")
    if isinstance(output_size, int):
        return output_size, output_size
    return int(output_size[0]), int(output_size[1])


def roi_align(x, boxes, boxes_num, output_size, spatial_scale=1.0, sampling_ratio=-1,
              aligned=True, name=None):
    """paddle.vision.ops.roi_align(x, boxes, boxes_num, output_size, spatial_scale=1.0,
    sampling_ratio=-1, aligned=True): bilinear RoI Align of x [N, C, H, W] over boxes [R, 4]
    (x1 y1 x2 y2, boxes_num[i] of them for image i) -> [R, C, out_h, out_w]."""
    ph, pw = _output_size(output_size, (int, tuple, list), "roi_align")
    assert boxes_num is not None, "boxes_num should not be None in dygraph mode."
    return apply_op(_ROI_ALIGN, (x, boxes, boxes_num),
                    {"pooled_height": ph, "pooled_width": pw,
                     "spatial_scale": float(spatial_scale),
                     "sampling_ratio": int(sampling_ratio), "aligned": bool(aligned)})


class RoIAlign(Layer):
    """paddle.vision.ops.RoIAlign(output_size, spatial_scale=1.0); forward(x, boxes, boxes_num,
    aligned=True)."""

    def __init__(self, output_size, spatial_scale=1.0):
        super().__init__()
        self._output_size = output_size
        self._spatial_scale = spatial_scale

    def forward(self, x, boxes, boxes_num, aligned=True):
        return roi_align(x=x, boxes=boxes, boxes_num=boxes_num, output_size=self._output_size,
                         spatial_scale=self._spatial_scale, aligned=aligned)


# ---- roi_pool ----------------------------------------------------------------------------------
def _bins(start, length, pooled, limit):
    """Paddle's roi_pool bin edges: floor(p * bin) and ceil((p + 1) * bin), bin in float32,
    shifted by the RoI start and clipped to [0, limit]."""
    size = length.to(torch.float32) / float(pooled)
    p = torch.arange(pooled, device=start.device, dtype=torch.float32)
    lo = torch.floor(p[None, :] * size[:, None]).long() + start[:, None]
    hi = torch.ceil((p[None, :] + 1) * size[:, None]).long() + start[:, None]
    return lo.clamp(0, limit), hi.clamp(0, limit)


def _roi_pool_kernel(x, boxes, boxes_num, pooled_height=1, pooled_width=1, spatial_scale=1.0):
    if x.is_meta or boxes.is_meta:
        return _meta_rois(x, boxes, x.shape[1], pooled_height, pooled_width)
    n, c, height, width = x.shape
    r = boxes.shape[0]
    batch = _batch_ids(boxes_num, n, r, x.device)
    b = _round_half_away(boxes.detach().to(torch.float32) * spatial_scale).long()
    hs, he = _bins(b[:, 1], (b[:, 3] - b[:, 1] + 1).clamp(min=1), pooled_height, height)
    ws, we = _bins(b[:, 0], (b[:, 2] - b[:, 0] + 1).clamp(min=1), pooled_width, width)
    low = torch.finfo(x.dtype).min if x.is_floating_point() else torch.iinfo(x.dtype).min
    img = x[batch]                                               # [R, C, H, W]
    # max over w inside each column bin, for every row: loop over the window offset only
    kw = max(int((we - ws).max()), 0) if r else 0
    rows = torch.full((r, c, height, pooled_width), low, dtype=x.dtype, device=x.device)
    for k in range(kw):
        col = ws + k                                             # [R, pw]
        ok = col < we
        idx = col.clamp(max=width - 1)[:, None, None, :].expand(r, c, height, pooled_width)
        v = torch.gather(img, 3, idx)
        rows = torch.where(ok[:, None, None, :] & (v > rows), v, rows)
    kh = max(int((he - hs).max()), 0) if r else 0
    out = torch.full((r, c, pooled_height, pooled_width), low, dtype=x.dtype, device=x.device)
    for k in range(kh):
        row = hs + k                                             # [R, ph]
        ok = row < he
        idx = row.clamp(max=height - 1)[:, None, :, None].expand(r, c, pooled_height,
                                                                  pooled_width)
        v = torch.gather(rows, 2, idx)
        out = torch.where(ok[:, None, :, None] & (v > out), v, out)
    empty = (he <= hs)[:, :, None] | (we <= ws)[:, None, :]     # [R, ph, pw]
    return torch.where(empty[:, None], torch.zeros_like(out), out)


_ROI_POOL = defop("roi_pool", _roi_pool_kernel, inputs=("X", "ROIs", "RoisNum"),
                  attrs={"pooled_height": 1, "pooled_width": 1, "spatial_scale": 1.0},
                  api="paddle.vision.ops.roi_pool", notes="the Argmax output is not produced")


def roi_pool(x, boxes, boxes_num, output_size, spatial_scale=1.0, name=None):
    """paddle.vision.ops.roi_pool(x, boxes, boxes_num, output_size, spatial_scale=1.0): max RoI
    pooling of x [N, C, H, W] over boxes [R, 4] (rounded to the feature grid, as Paddle's) ->
    [R, C, out_h, out_w]; an empty bin is 0."""
    ph, pw = _output_size(output_size, (int, tuple, list), "roi_pool")
    assert boxes_num is not None, "boxes_num should not be None in dygraph mode."
    return apply_op(_ROI_POOL, (x, boxes, boxes_num),
                    {"pooled_height": ph, "pooled_width": pw,
                     "spatial_scale": float(spatial_scale)})


class RoIPool(Layer):
    """paddle.vision.ops.RoIPool(output_size, spatial_scale=1.0); forward(x, boxes, boxes_num)."""

    def __init__(self, output_size, spatial_scale=1.0):
        super().__init__()
        self._output_size = output_size
        self._spatial_scale = spatial_scale

    def forward(self, x, boxes, boxes_num):
        return roi_pool(x=x, boxes=boxes, boxes_num=boxes_num, output_size=self._output_size,
                        spatial_scale=self._spatial_scale)

    def extra_repr(self):
        return f"output_size={self._output_size}, spatial_scale={self._spatial_scale}"


# ---- psroi_pool --------------------------------------------------------------------------------
def _psroi_pool_kernel(x, boxes, boxes_num, pooled_height=1, pooled_width=1, output_channels=1,
                       spatial_scale=1.0):
    n, c, height, width = x.shape
    ph, pw = pooled_height, pooled_width
    if c != output_channels * ph * pw:
        raise ValueError("(InvalidArgument) the channels of input X should equal the product of "
                         "output_channels x pooled_height x pooled_width")
    if x.is_meta or boxes.is_meta:
        return _meta_rois(x, boxes, output_channels, ph, pw)
    r = boxes.shape[0]
    batch = _batch_ids(boxes_num, n, r, x.device)
    b = boxes.detach().to(x.dtype)
    rb = _round_half_away(b)
    sw, sh = rb[:, 0] * spatial_scale, rb[:, 1] * spatial_scale
    ew, eh = (rb[:, 2] + 1.0) * spatial_scale, (rb[:, 3] + 1.0) * spatial_scale
    roi_h = torch.clamp(eh - sh, min=0.1)
    roi_w = torch.clamp(ew - sw, min=0.1)
    bh, bw = roi_h / ph, roi_w / pw
    pyy = torch.arange(ph, device=x.device, dtype=x.dtype)
    pxx = torch.arange(pw, device=x.device, dtype=x.dtype)
    hs = torch.floor(pyy[None] * bh[:, None] + sh[:, None]).long().clamp(0, height)
    he = torch.ceil((pyy[None] + 1) * bh[:, None] + sh[:, None]).long().clamp(0, height)
    ws = torch.floor(pxx[None] * bw[:, None] + sw[:, None]).long().clamp(0, width)
    we = torch.ceil((pxx[None] + 1) * bw[:, None] + sw[:, None]).long().clamp(0, width)
    # window sums from a summed-area table (float64, so long sums keep their precision)
    sat = torch.nn.functional.pad(x.to(torch.float64).cumsum(2).cumsum(3), (1, 0, 1, 0))
    sat = sat.reshape(n, output_channels, ph, pw, height + 1, width + 1)
    ri = batch[:, None, None, None]
    ci = torch.arange(output_channels, device=x.device)[None, :, None, None]
    pi = torch.arange(ph, device=x.device)[None, None, :, None]
    qi = torch.arange(pw, device=x.device)[None, None, None, :]

    def at(hh, ww):        # [R, ph] x [R, pw] corners -> [R, OC, ph, pw]
        return sat[ri, ci, pi, qi, hh[:, None, :, None], ww[:, None, None, :]]

    total = at(he, we) - at(hs, we) - at(he, ws) + at(hs, ws)
    area = ((he - hs)[:, :, None] * (we - ws)[:, None, :]).to(torch.float64)
    empty = (area <= 0) | (he <= hs)[:, :, None] | (we <= ws)[:, None, :]
    out = torch.where(empty[:, None], torch.zeros_like(total), total / area.clamp(min=1)[:, None])
    return out.to(x.dtype)


_PSROI_POOL = defop("psroi_pool", _psroi_pool_kernel, inputs=("X", "ROIs", "RoisNum"),
                    attrs={"pooled_height": 1, "pooled_width": 1, "output_channels": 1,
                           "spatial_scale": 1.0}, api="paddle.vision.ops.psroi_pool")


def psroi_pool(x, boxes, boxes_num, output_size, spatial_scale=1.0, name=None):
    """paddle.vision.ops.psroi_pool(x, boxes, boxes_num, output_size, spatial_scale=1.0):
    position-sensitive average RoI pooling; x has output_channels * out_h * out_w channels and
    the result is [R, output_channels, out_h, out_w]."""
    if not isinstance(output_size, (int, tuple, list)):
        raise TypeError("The type of 'output_size' in psroi_pool must be int, tuple or list, but "
                        f"received {type(output_size)}.")
    ph, pw = (output_size, output_size) if isinstance(output_size, int) else output_size
    assert len(x.shape) == 4, "Input features with shape should be (N, C, H, W)"
    if ph * pw == 0:
        raise ValueError("output_size should not contain 0.")
    output_channels = int(x.shape[1] / (ph * pw))
    if output_channels <= 1:
        raise ValueError("(InvalidArgument) The pooled output channels must greater than 1\n  "
                         "[Hint: Expected output_channels > 1, but received output_channels:"
                         f"{output_channels} <= 1:1.]")
    return apply_op(_PSROI_POOL, (x, boxes, boxes_num),
                    {"pooled_height": int(ph), "pooled_width": int(pw),
                     "output_channels": output_channels, "spatial_scale": float(spatial_scale)})


class PSRoIPool(Layer):
    """paddle.vision.ops.PSRoIPool(output_size, spatial_scale=1.0); forward(x, boxes,
    boxes_num)."""

    def __init__(self, output_size, spatial_scale=1.0):
        super().__init__()
        self.output_size = output_size
        self.spatial_scale = spatial_scale

    def forward(self, x, boxes, boxes_num):
        return psroi_pool(x, boxes, boxes_num, self.output_size, self.spatial_scale)


# ---- box_coder ---------------------------------------------------------------------------------
def _box_coder_kernel(prior_box, prior_box_var, target_box, code_type="encode_center_size",
                      box_normalized=True, axis=0, variance=()):
    # Paddle's box_coder has no gradient kernel: its output never carries a gradient
    with torch.no_grad():
        return _box_coder_values(prior_box, prior_box_var, target_box, code_type, box_normalized,
                                 axis, variance)


def _box_coder_values(prior_box, prior_box_var, target_box, code_type, box_normalized, axis,
                      variance):
    one = 0.0 if box_normalized else 1.0
    p = prior_box
    pw_ = p[:, 2] - p[:, 0] + one
    ph_ = p[:, 3] - p[:, 1] + one
    pcx = p[:, 0] + pw_ / 2
    pcy = p[:, 1] + ph_ / 2
    if code_type == "encode_center_size":
        t = target_box
        tcx = (t[:, 2] + t[:, 0]) / 2
        tcy = (t[:, 3] + t[:, 1]) / 2
        tw = t[:, 2] - t[:, 0] + one
        th = t[:, 3] - t[:, 1] + one
        out = torch.stack([(tcx[:, None] - pcx[None]) / pw_[None],
                           (tcy[:, None] - pcy[None]) / ph_[None],
                           torch.log(torch.abs(tw[:, None] / pw_[None])),
                           torch.log(torch.abs(th[:, None] / ph_[None]))], dim=-1)
        if prior_box_var is not None:
            out = out / prior_box_var[None, :, :4]
        elif len(variance):
            out = out / torch.as_tensor(variance, dtype=out.dtype, device=out.device)
        return out
    t = target_box
    if t.dim() == 2:
        t = t.reshape(t.shape[0], 1, t.shape[1]) if axis == 1 else t[None]
    shape = (1, -1) if axis == 0 else (-1, 1)
    pw_, ph_, pcx, pcy = (v.reshape(shape) for v in (pw_, ph_, pcx, pcy))
    if prior_box_var is not None:
        var = [prior_box_var[:, k].reshape(shape) for k in range(4)]
    elif len(variance):
        var = [torch.tensor(float(v), dtype=t.dtype, device=t.device) for v in variance]
    else:
        var = [torch.tensor(1.0, dtype=t.dtype, device=t.device)] * 4
    cx = var[0] * t[..., 0] * pw_ + pcx
    cy = var[1] * t[..., 1] * ph_ + pcy
    w = torch.exp(var[2] * t[..., 2]) * pw_
    h = torch.exp(var[3] * t[..., 3]) * ph_
    return torch.stack([cx - w / 2, cy - h / 2, cx + w / 2 - one, cy + h / 2 - one], dim=-1)


_BOX_CODER = defop("box_coder", _box_coder_kernel, inputs=("PriorBox", "PriorBoxVar", "TargetBox"),
                   outputs=("OutputBox",),
                   attrs={"code_type": "encode_center_size", "box_normalized": True, "axis": 0,
                          "variance": ()}, api="paddle.vision.ops.box_coder")


def box_coder(prior_box, prior_box_var, target_box, code_type="encode_center_size",
              box_normalized=True, axis=0, name=None):
    """paddle.vision.ops.box_coder(prior_box, prior_box_var, target_box,
    code_type='encode_center_size', box_normalized=True, axis=0): encode target boxes [N, 4]
    against priors [M, 4] into [N, M, 4] offsets, or decode offsets [N, M, 4] back to boxes;
    prior_box_var is a [M, 4] Tensor or a list of 4 floats."""
    if code_type not in ("encode_center_size", "decode_center_size"):
        raise ValueError(f"(InvalidArgument) Not support code type: {code_type}")
    if isinstance(prior_box_var, Tensor):
        return apply_op(_BOX_CODER, (prior_box, prior_box_var, target_box),
                        {"code_type": code_type, "box_normalized": bool(box_normalized),
                         "axis": int(axis), "variance": ()})
    if isinstance(prior_box_var, (list, tuple)):
        prior_box_var = list(prior_box_var)
        assert len(prior_box_var) == 4, (
            "Input prior_box_var must be Variable or list|tuple with 4 elements.")
        return apply_op(_BOX_CODER, (prior_box, None, target_box),
                        {"code_type": code_type, "box_normalized": bool(box_normalized),
                         "axis": int(axis), "variance": tuple(float(v) for v in prior_box_var)})
    raise TypeError("Input prior_box_var must be Variable or list|tuple")


# ---- prior_box ---------------------------------------------------------------------------------
def _expand_aspect_ratios(ratios, flip):
    out = [1.0]
    for ar in ratios:
        if all(abs(ar - o) >= 1e-6 for o in out):
            out.append(ar)
            if flip:
                out.append(float(np.float32(1.0) / np.float32(ar)))
    return out


def _prior_box_kernel(input, image, min_sizes=(), max_sizes=(), aspect_ratios=(1.0,),
                      variances=(0.1, 0.1, 0.2, 0.2), flip=False, clip=False, step_w=0.0,
                      step_h=0.0, offset=0.5, min_max_aspect_ratios_order=False):
    # float32 arithmetic in the C++ kernel's order (numpy float32 rounds each step the same way)
    f = np.float64 if input.dtype == torch.float64 else np.float32
    ih, iw = image.shape[2], image.shape[3]
    fh, fw = input.shape[2], input.shape[3]
    ars = [f(a) for a in _expand_aspect_ratios([float(np.float32(a)) for a in aspect_ratios],
                                                flip)]
    if step_w == 0 or step_h == 0:
        sw, sh = f(iw) / f(fw), f(ih) / f(fh)
    else:
        sw, sh = f(step_w), f(step_h)
    sizes = []                                  # (half width, half height) per prior, in order
    for s, mn in enumerate(min_sizes):
        mn = np.float32(mn)
        square = None
        if len(max_sizes):
            square = f(np.sqrt(np.float32(mn * np.float32(max_sizes[s])))) / f(2.0)
        if min_max_aspect_ratios_order:
            sizes.append((f(mn) / f(2.0), f(mn) / f(2.0)))
            if square is not None:
                sizes.append((square, square))
            for ar in ars:
                if abs(float(ar) - 1.0) < 1e-6:
                    continue
                sizes.append((f(mn * np.sqrt(np.float32(ar))) / f(2.0),
                              f(mn / np.sqrt(np.float32(ar))) / f(2.0)))
        else:
            for ar in ars:
                sizes.append((f(mn * np.sqrt(np.float32(ar))) / f(2.0),
                              f(mn / np.sqrt(np.float32(ar))) / f(2.0)))
            if square is not None:
                sizes.append((square, square))
    half = np.array(sizes, dtype=f).reshape(-1, 2)
    cx = (np.arange(fw, dtype=f) + f(offset)) * sw
    cy = (np.arange(fh, dtype=f) + f(offset)) * sh
    cxg = cx[None, :, None]
    cyg = cy[:, None, None]
    bw, bh = half[None, None, :, 0], half[None, None, :, 1]
    out = np.stack(np.broadcast_arrays((cxg - bw) / f(iw), (cyg - bh) / f(ih),
                                       (cxg + bw) / f(iw), (cyg + bh) / f(ih)), axis=-1)
    if clip:
        out = np.clip(out, 0.0, 1.0)
    var = np.broadcast_to(np.asarray(variances, dtype=f), out.shape[:3] + (len(variances),))
    dt = input.dtype if input.is_floating_point() else torch.float32
    return (torch.from_numpy(np.ascontiguousarray(out)).to(device=input.device, dtype=dt),
            torch.from_numpy(np.ascontiguousarray(var)).to(device=input.device, dtype=dt))


_PRIOR_BOX = defop("prior_box", _prior_box_kernel, inputs=("Input", "Image"),
                   outputs=("Boxes", "Variances"),
                   attrs={"min_sizes": (), "max_sizes": (), "aspect_ratios": (1.0,),
                          "variances": (0.1, 0.1, 0.2, 0.2), "flip": False, "clip": False,
                          "step_w": 0.0, "step_h": 0.0, "offset": 0.5,
                          "min_max_aspect_ratios_order": False},
                   api="paddle.vision.ops.prior_box")


def prior_box(input, image, min_sizes, max_sizes=None, aspect_ratios=[1.0],
              variance=[0.1, 0.1, 0.2, 0.2], flip=False, clip=False, steps=[0.0, 0.0],
              offset=0.5, min_max_aspect_ratios_order=False, name=None):
    """paddle.vision.ops.prior_box(input, image, min_sizes, max_sizes=None, aspect_ratios=[1.0],
    variance=[0.1, 0.1, 0.2, 0.2], flip=False, clip=False, steps=[0.0, 0.0], offset=0.5,
    min_max_aspect_ratios_order=False): SSD prior boxes [H, W, num_priors, 4] (normalised by the
    image size) and their variances, for the feature map `input` [N, C, H, W] and `image`."""
    def listy(v):
        return isinstance(v, (list, tuple))
    if not listy(min_sizes):
        min_sizes = [min_sizes]
    if not listy(aspect_ratios):
        aspect_ratios = [aspect_ratios]
    if not listy(steps):
        steps = [steps]
    if not len(steps) == 2:
        raise ValueError("steps should be (step_w, step_h)")
    min_sizes = [float(v) for v in min_sizes]
    aspect_ratios = [float(v) for v in aspect_ratios]
    steps = [float(v) for v in steps]
    if max_sizes is not None and not listy(max_sizes):
        max_sizes = [max_sizes]
    max_sizes = [float(v) for v in max_sizes] if max_sizes else []
    box, var = apply_op(_PRIOR_BOX, (input, image),
                        {"min_sizes": tuple(min_sizes), "max_sizes": tuple(max_sizes),
                         "aspect_ratios": tuple(aspect_ratios),
                         "variances": tuple(float(v) for v in variance), "flip": bool(flip),
                         "clip": bool(clip), "step_w": steps[0], "step_h": steps[1],
                         "offset": float(offset),
                         "min_max_aspect_ratios_order": bool(min_max_aspect_ratios_order)})
    return box, var


# ---- yolo_box ----------------------------------------------------------------------------------
def _sigmoid_as_paddle(v):
    # Paddle: 1.0 / (1.0 + exp(-x)) with exp in T and the rest in double, rounded back to T
    return (1.0 / (1.0 + torch.exp(-v).to(torch.float64))).to(v.dtype)


def _yolo_box_kernel(x, img_size, anchors=(), class_num=1, conf_thresh=0.01, downsample_ratio=32,
                     clip_bbox=True, scale_x_y=1.0, iou_aware=False, iou_aware_factor=0.5):
    n, c, h, w = x.shape
    an = len(anchors) // 2
    k = 6 if iou_aware else 5
    if c != an * (k + class_num):
        while_iou = " while iou_aware is true" if iou_aware else ""
        raise ValueError(
            f"(InvalidArgument) Input(X) dim[1] should be equal to (anchor_mask_number * ({k} + "
            f"class_num)){while_iou}.But received dim[1]({c}) != (anchor_mask_number * "
            f"({k}+class_num)({an * (k + class_num)}).\n  [Hint: Expected dim_x[1] == anchor_num "
            f"* ({k} + class_num), but received dim_x[1]:{c} != anchor_num * ({k} + class_num):"
            f"{an * (k + class_num)}.]")
    x = x.detach()
    if iou_aware:
        iou = x[:, :an]
        body = x[:, an:]
    else:
        body = x
    body = body.reshape(n, an, 5 + class_num, h, w)
    dt = x.dtype
    scale = torch.tensor(scale_x_y, dtype=torch.float32).to(dt)
    bias = torch.tensor(-0.5 * (scale_x_y - 1.0), dtype=torch.float32).to(dt)
    conf = _sigmoid_as_paddle(body[:, :, 4])
    if iou_aware:
        conf = torch.pow(conf, torch.tensor(1.0 - iou_aware_factor, dtype=dt)) * \
            torch.pow(_sigmoid_as_paddle(iou), torch.tensor(iou_aware_factor, dtype=dt))
    img_h = img_size[:, 0].to(dt)[:, None, None, None]
    img_w = img_size[:, 1].to(dt)[:, None, None, None]
    gx = torch.arange(w, device=x.device, dtype=dt)[None, None, None, :]
    gy = torch.arange(h, device=x.device, dtype=dt)[None, None, :, None]
    anc = torch.as_tensor(anchors, device=x.device).reshape(an, 2).to(dt)
    bx = (gx + _sigmoid_as_paddle(body[:, :, 0]) * scale + bias) * img_w / float(w)
    by = (gy + _sigmoid_as_paddle(body[:, :, 1]) * scale + bias) * img_h / float(h)
    bw = torch.exp(body[:, :, 2]) * anc[None, :, 0, None, None] * img_w / \
        float(downsample_ratio * w)
    bh = torch.exp(body[:, :, 3]) * anc[None, :, 1, None, None] * img_h / \
        float(downsample_ratio * h)
    x1, y1, x2, y2 = bx - bw / 2, by - bh / 2, bx + bw / 2, by + bh / 2
    if clip_bbox:
        x1 = torch.where(x1 > 0, x1, torch.zeros_like(x1))
        y1 = torch.where(y1 > 0, y1, torch.zeros_like(y1))
        x2 = torch.where(x2 < img_w - 1, x2, (img_w - 1).expand_as(x2))
        y2 = torch.where(y2 < img_h - 1, y2, (img_h - 1).expand_as(y2))
    keep = (conf >= conf_thresh)
    boxes = torch.stack([x1, y1, x2, y2], dim=-1) * keep[..., None]
    scores = conf[:, :, None] * _sigmoid_as_paddle(body[:, :, 5:])      # [N, an, C, h, w]
    scores = scores * keep[:, :, None]
    boxes = boxes.reshape(n, an * h * w, 4)
    scores = scores.permute(0, 1, 3, 4, 2).reshape(n, an * h * w, class_num)
    return boxes, scores


_YOLO_BOX = defop("yolo_box", _yolo_box_kernel, inputs=("X", "ImgSize"),
                  outputs=("Boxes", "Scores"),
                  attrs={"anchors": (), "class_num": 1, "conf_thresh": 0.01,
                         "downsample_ratio": 32, "clip_bbox": True, "scale_x_y": 1.0,
                         "iou_aware": False, "iou_aware_factor": 0.5},
                  api="paddle.vision.ops.yolo_box")


def yolo_box(x, img_size, anchors, class_num, conf_thresh, downsample_ratio, clip_bbox=True,
             name=None, scale_x_y=1.0, iou_aware=False, iou_aware_factor=0.5):
    """paddle.vision.ops.yolo_box(x, img_size, anchors, class_num, conf_thresh, downsample_ratio,
    clip_bbox=True, name=None, scale_x_y=1.0, iou_aware=False, iou_aware_factor=0.5): decode a
    YOLOv3 head [N, an*(5+C), H, W] into boxes [N, an*H*W, 4] (image pixels) and scores
    [N, an*H*W, C]; predictions under conf_thresh are all zero."""
    if not isinstance(anchors, (list, tuple)):
        raise TypeError("The type of 'anchors' in yolo_box must be list or tuple, but received "
                        f"{type(anchors)}.")
    boxes, scores = apply_op(_YOLO_BOX, (x, img_size),
                             {"anchors": tuple(int(a) for a in anchors),
                              "class_num": int(class_num), "conf_thresh": float(conf_thresh),
                              "downsample_ratio": int(downsample_ratio),
                              "clip_bbox": bool(clip_bbox), "scale_x_y": float(scale_x_y),
                              "iou_aware": bool(iou_aware),
                              "iou_aware_factor": float(iou_aware_factor)})
    return boxes, scores


# ---- deform_conv2d -----------------------------------------------------------------------------
def _deform_conv_kernel(x, offset, weight, mask=None, strides=(1, 1), paddings=(0, 0),
                        dilations=(1, 1), deformable_groups=1, groups=1, im2col_step=1):
    n, c, h, w = x.shape
    oc, cpg, kh, kw = weight.shape
    sh, sw = strides
    pdh, pdw = paddings
    dh, dw = dilations
    ho = (h + 2 * pdh - (dh * (kh - 1) + 1)) // sh + 1
    wo = (w + 2 * pdw - (dw * (kw - 1) + 1)) // sw + 1
    if offset.shape[2] != ho or offset.shape[3] != wo:
        dim, got, want = (2, offset.shape[2], ho) if offset.shape[2] != ho else \
            (3, offset.shape[3], wo)
        which = "height" if dim == 2 else "width"
        raise ValueError(
            f"(InvalidArgument) output {which} must equal to offset map {which}. The difference "
            f"is [{want}]: [{got}]\n  [Hint: Expected output_shape[{dim}] == offset_dims[{dim}], "
            f"but received output_shape[{dim}]:{want} != offset_dims[{dim}]:{got}.]")
    dg = deformable_groups
    k = kh * kw
    off = offset.reshape(n, dg, k, 2, ho, wo)
    ki = torch.arange(kh, device=x.device, dtype=x.dtype).repeat_interleave(kw)
    kj = torch.arange(kw, device=x.device, dtype=x.dtype).repeat(kh)
    base_h = (torch.arange(ho, device=x.device, dtype=x.dtype) * sh - pdh)
    base_w = (torch.arange(wo, device=x.device, dtype=x.dtype) * sw - pdw)
    him = base_h[None, None, None, :, None] + (ki * dh)[None, None, :, None, None] + off[:, :, :, 0]
    wim = base_w[None, None, None, None, :] + (kj * dw)[None, None, :, None, None] + off[:, :, :, 1]
    inside = (him > -1) & (wim > -1) & (him < h) & (wim < w)           # [N, dg, k, ho, wo]
    hl = torch.floor(him)
    wl = torch.floor(wim)
    lh, lw = him - hl, wim - wl
    hh, hw = 1 - lh, 1 - lw
    hl, wl = hl.long(), wl.long()
    hh_i, wh_i = hl + 1, wl + 1
    xg = x.reshape(n, dg, c // dg, h * w)

    def tap(yi, xi, ok):
        idx = (yi.clamp(0, h - 1) * w + xi.clamp(0, w - 1)).reshape(n, dg, 1, k * ho * wo)
        v = torch.gather(xg, 3, idx.expand(n, dg, c // dg, k * ho * wo))
        return v.reshape(n, dg, c // dg, k, ho, wo) * (ok & inside)[:, :, None].to(x.dtype)

    val = ((hh * hw)[:, :, None] * tap(hl, wl, (hl >= 0) & (wl >= 0))
           + (hh * lw)[:, :, None] * tap(hl, wh_i, (hl >= 0) & (wh_i <= w - 1))
           + (lh * hw)[:, :, None] * tap(hh_i, wl, (hh_i <= h - 1) & (wl >= 0))
           + (lh * lw)[:, :, None] * tap(hh_i, wh_i, (hh_i <= h - 1) & (wh_i <= w - 1)))
    if mask is not None:
        val = val * mask.reshape(n, dg, 1, k, ho, wo)
    cols = val.reshape(n, groups, c // groups, k, ho * wo)
    wg = weight.reshape(groups, oc // groups, cpg, k)
    out = torch.einsum("ngckp,gock->ngop", cols, wg)
    return out.reshape(n, oc, ho, wo)


_DEFORM_CONV = defop("deformable_conv", _deform_conv_kernel,
                     inputs=("Input", "Offset", "Filter", "Mask"), outputs=("Output",),
                     attrs={"strides": (1, 1), "paddings": (0, 0), "dilations": (1, 1),
                            "deformable_groups": 1, "groups": 1, "im2col_step": 1},
                     api="paddle.vision.ops.deform_conv2d")


def deform_conv2d(x, offset, weight, bias=None, stride=1, padding=0, dilation=1,
                  deformable_groups=1, groups=1, mask=None, name=None):
    """paddle.vision.ops.deform_conv2d(x, offset, weight, bias=None, stride=1, padding=0,
    dilation=1, deformable_groups=1, groups=1, mask=None): deformable convolution v1 (mask None)
    or v2; offset [N, 2*dg*kh*kw, Ho, Wo] (h then w per kernel point), mask
    [N, dg*kh*kw, Ho, Wo]."""
    attrs = {"strides": tuple(_pair(stride, "stride")),
             "paddings": tuple(_pair(padding, "padding")),
             "dilations": tuple(_pair(dilation, "dilation")),
             "deformable_groups": int(deformable_groups), "groups": int(groups),
             "im2col_step": 1}
    out = apply_op(_DEFORM_CONV, (x, offset, weight, mask), attrs)
    if bias is not None:
        # Paddle adds the bias along axis 1 (legacy static: one elementwise_add, axis=1)
        out = apply_op(OPS["elementwise_add"], (out, bias), {"axis": 1})
    return out


class DeformConv2D(Layer):
    """paddle.vision.ops.DeformConv2D(in_channels, out_channels, kernel_size, stride=1, padding=0,
    dilation=1, deformable_groups=1, groups=1, weight_attr=None, bias_attr=None); forward(x,
    offset, mask=None). Weight ~ Normal(0, sqrt(2 / (kh*kw*in_channels))), bias 0, as Paddle."""

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1,
                 deformable_groups=1, groups=1, weight_attr=None, bias_attr=None):
        super().__init__()
        assert weight_attr is not False, "weight_attr should not be False in Conv."
        self._weight_attr, self._bias_attr = weight_attr, bias_attr
        self._deformable_groups, self._groups = deformable_groups, groups
        self._in_channels, self._out_channels = in_channels, out_channels
        self._channel_dim = 1
        self._stride = _pair(stride, "stride")
        self._dilation = _pair(dilation, "dilation")
        self._kernel_size = _pair(kernel_size, "kernel_size")
        if in_channels % groups != 0:
            raise ValueError("in_channels must be divisible by groups.")
        self._padding = _pair(padding, "padding")
        filter_shape = [out_channels, in_channels // groups, *self._kernel_size]
        std = (2.0 / (np.prod(self._kernel_size) * in_channels)) ** 0.5
        self.weight = self.create_parameter(shape=filter_shape, attr=weight_attr,
                                            default_initializer=Normal(0.0, std))
        self.bias = self.create_parameter(attr=bias_attr, shape=[out_channels], is_bias=True)

    def forward(self, x, offset, mask=None):
        return deform_conv2d(x=x, offset=offset, weight=self.weight, bias=self.bias,
                             stride=self._stride, padding=self._padding, dilation=self._dilation,
                             deformable_groups=self._deformable_groups, groups=self._groups,
                             mask=mask)


# ---- read_file / decode_jpeg -------------------------------------------------------------------
def read_file(filename, name=None):
    """paddle.vision.ops.read_file(filename): the file's bytes as a 1-D uint8 Tensor (on CPU)."""
    with open(filename, "rb") as f:
        data = f.read()
    return wrap(torch.frombuffer(bytearray(data), dtype=torch.uint8))


def decode_jpeg(x, mode="unchanged", name=None):
    """paddle.vision.ops.decode_jpeg(x, mode='unchanged'): decode the JPEG bytes in a 1-D uint8
    Tensor to a [C, H, W] uint8 Tensor; mode 'gray' gives 1 channel, 'rgb' 3, 'unchanged' the
    file's own.

    Differences from Paddle: Paddle decodes with nvjpeg on a GPU only; here Pillow decodes on
    any device (its integer IDCT may differ from nvjpeg's by one level in some pixels).
    """
    import io
    from PIL import Image
    modes = {"unchanged": None, "gray": "L", "rgb": "RGB"}
    if mode not in modes:
        raise ValueError(f"(InvalidArgument) The mode of decode_jpeg must be 'unchanged', 'gray' "
                         f"or 'rgb', but received {mode!r}")
    raw = x._t.detach().to("cpu").contiguous().numpy().tobytes()
    img = Image.open(io.BytesIO(raw))
    if img.format != "JPEG":
        raise ValueError(f"(InvalidArgument) decode_jpeg expects JPEG data, got {img.format}")
    if modes[mode] is not None:
        img = img.convert(modes[mode])
    elif img.mode not in ("L", "RGB"):
        img = img.convert("RGB")
    arr = np.asarray(img)
    arr = arr[None] if arr.ndim == 2 else arr.transpose(2, 0, 1)
    return wrap(torch.from_numpy(np.array(arr, copy=True)).to(x._t.device))


# ---- matrix_nms --------------------------------------------------------------------------------
def _pair_iou(a, b, normalized):
    """Paddle's JaccardOverlap between the boxes of a [..., K, 4] and b [..., K, 4] (all pairs)."""
    norm = 0.0 if normalized else 1.0

    def area(t):
        w, h = t[..., 2] - t[..., 0], t[..., 3] - t[..., 1]
        val = w * h if normalized else (w + 1) * (h + 1)
        bad = (t[..., 2] < t[..., 0]) | (t[..., 3] < t[..., 1])
        return torch.where(bad, torch.zeros_like(val), val)

    a1, b1 = a[..., :, None, :], b[..., None, :, :]
    apart = (b1[..., 0] > a1[..., 2]) | (b1[..., 2] < a1[..., 0]) | \
        (b1[..., 1] > a1[..., 3]) | (b1[..., 3] < a1[..., 1])
    iw = torch.minimum(a1[..., 2], b1[..., 2]) - torch.maximum(a1[..., 0], b1[..., 0]) + norm
    ih = torch.minimum(a1[..., 3], b1[..., 3]) - torch.maximum(a1[..., 1], b1[..., 1]) + norm
    inter = iw * ih
    iou = inter / (area(a)[..., :, None] + area(b)[..., None, :] - inter)
    return torch.where(apart, torch.zeros_like(iou), iou)


def _matrix_nms_image(boxes, scores, score_threshold, post_threshold, nms_top_k, keep_top_k,
                      use_gaussian, sigma, background_label, normalized):
    """One image: boxes [M, 4], scores [C, M] -> (labels, scores, box indices) of the kept
    detections, all classes at once (classes padded to the same candidate count)."""
    c, m = scores.shape
    classes = torch.tensor([k for k in range(c) if k != background_label], dtype=torch.long,
                           device=scores.device)
    s = scores[classes]                                              # [C', M]
    cand = s > score_threshold
    key = torch.where(cand, s, torch.full_like(s, -math.inf))
    order = torch.argsort(key, dim=1, descending=True, stable=True)
    k = m if nms_top_k < 0 else min(m, nms_top_k)
    order = order[:, :k]
    ss = torch.gather(s, 1, order)
    valid = torch.gather(cand, 1, order)
    bb = boxes[order]                                                # [C', K, 4]
    iou = _pair_iou(bb, bb, normalized)                              # [C', K(i), K(j)]
    lower = torch.ones(k, k, dtype=torch.bool, device=s.device).tril(-1)
    pair = lower[None] & valid[:, :, None] & valid[:, None, :]
    iou = torch.where(pair, iou, torch.zeros_like(iou))
    iou_max = iou.max(dim=2).values if k else iou.new_zeros(iou.shape[:2])   # [C', K]
    mx = iou_max[:, None, :]
    if use_gaussian:
        decay = torch.exp((mx * mx - iou * iou) * sigma)
    else:
        decay = (1.0 - iou) / (1.0 - mx)
    decay = torch.where(pair, decay, torch.full_like(decay, math.inf))
    min_decay = torch.clamp(decay.min(dim=2).values if k else decay.new_ones(ss.shape), max=1.0)
    ds = min_decay * ss
    keep = valid & (ds > post_threshold)
    lab = classes[:, None].expand_as(order)[keep]
    det_scores = ds[keep]
    det_idx = order[keep]
    n = det_scores.numel()
    if keep_top_k > -1:
        n = min(n, keep_top_k)
    top = torch.argsort(det_scores, descending=True, stable=True)[:n]
    return lab[top], det_scores[top], det_idx[top]


def matrix_nms(bboxes, scores, score_threshold, post_threshold, nms_top_k, keep_top_k,
               use_gaussian=False, gaussian_sigma=2.0, background_label=0, normalized=True,
               return_index=False, return_rois_num=True, name=None):
    """paddle.vision.ops.matrix_nms(bboxes, scores, score_threshold, post_threshold, nms_top_k,
    keep_top_k, use_gaussian=False, gaussian_sigma=2.0, background_label=0, normalized=True,
    return_index=False, return_rois_num=True): Matrix NMS (SOLOv2) over bboxes [N, M, 4] and
    scores [N, C, M]. Returns (out [K, 6] rows of label, score, x1, y1, x2, y2; rois_num [N]
    int32 or None; index [K, 1] int32 or None).

    Differences from Paddle: equal scores keep their class-then-box order (Paddle's partial_sort
    leaves ties unspecified).
    """
    b, s = bboxes._t.detach(), scores._t.detach()
    n, _, m = s.shape
    rows, idx, counts = [], [], []
    for i in range(n):          # one vectorised pass per image
        lab, sc, bi = _matrix_nms_image(b[i], s[i], float(score_threshold),
                                        float(post_threshold), int(nms_top_k), int(keep_top_k),
                                        bool(use_gaussian), float(gaussian_sigma),
                                        int(background_label), bool(normalized))
        rows.append(torch.cat([lab.to(s.dtype)[:, None], sc[:, None], b[i][bi]], dim=1))
        idx.append((bi + i * m).to(torch.int32))
        counts.append(sc.numel())
    out = torch.cat(rows, 0) if rows else s.new_zeros((0, b.shape[-1] + 2))
    index = torch.cat(idx, 0)[:, None] if idx else torch.zeros((0, 1), dtype=torch.int32, device=s.device)
    rois_num = torch.tensor(counts, dtype=torch.int32, device=s.device)
    out_t = wrap(out)
    return (out_t, wrap(rois_num) if return_rois_num else None,
            wrap(index) if return_index else None)


# ---- distribute_fpn_proposals ------------------------------------------------------------------
def distribute_fpn_proposals(fpn_rois, min_level, max_level, refer_level, refer_scale,
                             pixel_offset=False, rois_num=None, name=None):
    """paddle.vision.ops.distribute_fpn_proposals(fpn_rois, min_level, max_level, refer_level,
    refer_scale, pixel_offset=False, rois_num=None): split RoIs [R, 4] among FPN levels by
    floor(log2(sqrt(area) / refer_scale + 1e-6) + refer_level), clipped to [min_level,
    max_level]. Returns (a list of each level's RoIs, restore_ind [R, 1] int32 putting the
    concatenated levels back in the input order, a list of each level's per-image counts)."""
    assert max_level > 0 and min_level > 0, "min_level and max_level should be greater than 0"
    num_lvl = max_level - min_level + 1
    assert num_lvl > 1, "max_level should be greater than min_level"
    assert num_lvl < 100, "Only support max to 100 levels, (max_level - min_level + 1 < 100)"
    assert rois_num is not None, "rois_num should not be None in dygraph mode."
    r = fpn_rois._t.detach()
    counts = rois_num._t.reshape(-1).to(device=r.device, dtype=torch.long)
    image = torch.repeat_interleave(torch.arange(counts.numel(), device=r.device), counts)
    w, h = r[:, 2] - r[:, 0], r[:, 3] - r[:, 1]
    area = (w + 1) * (h + 1) if pixel_offset else w * h
    area = torch.where((r[:, 2] < r[:, 0]) | (r[:, 3] < r[:, 1]), torch.zeros_like(area), area)
    scale = torch.sqrt(area)
    level = torch.floor(torch.log2(scale / refer_scale + 1e-6) + refer_level).long()
    level = level.clamp(min_level, max_level) - min_level
    order = torch.argsort(level, stable=True)
    restore = torch.empty_like(order)
    restore[order] = torch.arange(order.numel(), device=r.device)
    multi = [wrap(r[level == lv]) for lv in range(num_lvl)]
    per_level = torch.zeros(num_lvl, counts.numel(), dtype=torch.long, device=r.device)
    per_level.index_put_((level, image), torch.ones_like(level), accumulate=True)
    nums = [wrap(per_level[lv].to(torch.int32)) for lv in range(num_lvl)]
    return multi, wrap(restore.to(torch.int32)[:, None]), nums


# ---- generate_proposals ------------------------------------------------------------------------
_BBOX_CLIP = math.log(1000.0 / 16.0)


def _nms_adaptive(boxes, scores, threshold, eta, pixel_offset):
    """Paddle's detection NMS (nms_util.h): highest score first, a box survives when its
    overlap with every kept box is <= the threshold, which shrinks by eta after each kept box
    while above 0.5. With eta == 1 the greedy pass is one vectorised fixed point; a shrinking
    threshold makes each decision depend on the count kept so far, so that case walks the boxes."""
    n = boxes.shape[0]
    # stable ascending sort popped from the back: highest score first, ties by higher index
    order = torch.argsort(scores, stable=True).flip(0)
    b = boxes[order]
    iou = _pair_iou(b, b, not pixel_offset)
    if eta >= 1 or threshold <= 0.5:
        over = (iou > threshold).triu(1)
        keep = torch.ones(n, dtype=torch.bool, device=b.device)
        for _ in range(n):
            new = ~(over & keep[:, None]).any(0)
            if torch.equal(new, keep):
                break
            keep = new
        return order[keep]
    kept, thr = [], threshold
    for i in range(n):
        if not kept or bool((iou[i, kept] <= thr).all()):
            kept.append(i)
            if thr > 0.5:
                thr *= eta
    return order[torch.as_tensor(kept, dtype=torch.long, device=b.device)]


def _proposals_one_image(im_shape, anchors, variances, deltas, scores, pre_nms_top_n,
                         post_nms_top_n, nms_thresh, min_size, eta, pixel_offset):
    off = 1.0 if pixel_offset else 0.0
    if 0 < pre_nms_top_n < scores.numel():
        index = torch.topk(scores, pre_nms_top_n).indices
    else:
        index = torch.argsort(scores, descending=True, stable=True)
    s, d, a, v = scores[index], deltas[index], anchors[index], variances[index]
    aw = a[:, 2] - a[:, 0] + off
    ah = a[:, 3] - a[:, 1] + off
    acx = a[:, 0] + 0.5 * aw
    acy = a[:, 1] + 0.5 * ah
    clip = torch.tensor(_BBOX_CLIP, dtype=d.dtype, device=d.device)
    cx = v[:, 0] * d[:, 0] * aw + acx
    cy = v[:, 1] * d[:, 1] * ah + acy
    w = torch.exp(torch.minimum(v[:, 2] * d[:, 2], clip)) * aw
    h = torch.exp(torch.minimum(v[:, 3] * d[:, 3], clip)) * ah
    props = torch.stack([cx - w / 2, cy - h / 2, cx + w / 2 - off, cy + h / 2 - off], dim=1)
    im_h, im_w = im_shape[0], im_shape[1]
    zero = torch.zeros((), dtype=props.dtype, device=props.device)
    xs = torch.maximum(torch.minimum(props[:, 0::2], im_w - off), zero)
    ys = torch.maximum(torch.minimum(props[:, 1::2], im_h - off), zero)
    props = torch.stack([xs[:, 0], ys[:, 0], xs[:, 1], ys[:, 1]], dim=1)
    min_size = max(min_size, 1.0)
    ws = props[:, 2] - props[:, 0] + off
    hs = props[:, 3] - props[:, 1] + off
    ok = (ws >= min_size) & (hs >= min_size)
    if pixel_offset:
        ok &= (props[:, 0] + ws / 2 <= im_w) & (props[:, 1] + hs / 2 <= im_h)
    keep = torch.nonzero(ok).reshape(-1)
    if keep.numel() == 0:           # Paddle returns one all-zero proposal
        return props.new_zeros((1, 4)), s.new_zeros((1, 1))
    props, s = props[keep], s[keep]
    if nms_thresh <= 0:
        return props, s[:, None]
    sel = _nms_adaptive(props, s, nms_thresh, eta, pixel_offset)
    if 0 < post_nms_top_n < sel.numel():
        sel = sel[:post_nms_top_n]
    return props[sel], s[sel][:, None]


def generate_proposals(scores, bbox_deltas, img_size, anchors, variances, pre_nms_top_n=6000,
                       post_nms_top_n=1000, nms_thresh=0.5, min_size=0.1, eta=1.0,
                       pixel_offset=False, return_rois_num=False, name=None):
    """paddle.vision.ops.generate_proposals(scores, bbox_deltas, img_size, anchors, variances,
    pre_nms_top_n=6000, post_nms_top_n=1000, nms_thresh=0.5, min_size=0.1, eta=1.0,
    pixel_offset=False, return_rois_num=False): RPN proposals. scores [N, A, H, W], bbox_deltas
    [N, 4A, H, W], img_size [N, 2] (h, w), anchors and variances [H, W, A, 4]. Returns
    (rpn_rois [K, 4], rpn_roi_probs [K, 1], rpn_rois_num [N] int32); an image with no box left
    contributes one all-zero proposal, as in Paddle.

    Differences from Paddle: equal scores are ordered by index where Paddle's unstable sorts
    leave them unspecified.
    """
    assert return_rois_num, "return_rois_num should be True in dygraph mode."
    s = scores._t.detach()
    d = bbox_deltas._t.detach()
    n = s.shape[0]
    s = s.permute(0, 2, 3, 1).reshape(n, -1)
    d = d.permute(0, 2, 3, 1).reshape(n, -1, 4)
    anc = anchors._t.detach().reshape(-1, 4).to(s.dtype)
    var = variances._t.detach().reshape(-1, 4).to(s.dtype)
    ims = img_size._t.detach().to(s.dtype)
    rois, probs, nums = [], [], []
    for i in range(n):              # one vectorised pass per image
        r, p = _proposals_one_image(ims[i], anc, var, d[i], s[i], int(pre_nms_top_n),
                                    int(post_nms_top_n), float(nms_thresh), float(min_size),
                                    float(eta), bool(pixel_offset))
        rois.append(r)
        probs.append(p)
        nums.append(r.shape[0])
    return (wrap(torch.cat(rois, 0)), wrap(torch.cat(probs, 0)),
            wrap(torch.tensor(nums, dtype=torch.int32, device=s.device)))


# ---- yolo_loss ---------------------------------------------------------------------------------
def _sce(x, label):
    """Paddle's SigmoidCrossEntropy: max(x, 0) - x * label + log(1 + exp(-|x|))."""
    return torch.clamp(x, min=0) - x * label + torch.log1p(torch.exp(-x.abs()))


def _center_iou(x1, y1, w1, h1, x2, y2, w2, h2):
    """Paddle's CalcBoxIoU for centre-size boxes (broadcasting)."""
    w = torch.minimum(x1 + w1 / 2, x2 + w2 / 2) - torch.maximum(x1 - w1 / 2, x2 - w2 / 2)
    h = torch.minimum(y1 + h1 / 2, y2 + h2 / 2) - torch.maximum(y1 - h1 / 2, y2 - h2 / 2)
    inter = torch.where((w < 0) | (h < 0), torch.zeros_like(w), w * h)
    return inter / (w1 * h1 + w2 * h2 - inter)


def _yolo_loss_kernel(x, gt_box, gt_label, gt_score=None, anchors=(), anchor_mask=(),
                      class_num=1, ignore_thresh=0.7, downsample_ratio=32, use_label_smooth=True,
                      scale_x_y=1.0):
    n, _, h, w = x.shape
    an_num, mask_num = len(anchors) // 2, len(anchor_mask)
    b = gt_box.shape[1]
    dt = x.dtype
    input_size = downsample_ratio * h
    xr = x.reshape(n, mask_num, 5 + class_num, h, w)
    scale = float(np.float32(scale_x_y))
    bias = float(np.float32(-0.5 * (scale_x_y - 1.0)))
    label_pos, label_neg = 1.0, 0.0
    if use_label_smooth:
        smooth = min(1.0 / class_num, 1.0 / 40)
        label_pos, label_neg = 1.0 - smooth, smooth
    anc = torch.as_tensor(anchors, dtype=dt, device=x.device).reshape(an_num, 2)
    mask_anc = anc[list(anchor_mask)]                                   # [M, 2]
    gt = gt_box.detach().to(dt)
    score = (gt_score.detach().to(dt) if gt_score is not None
             else torch.ones(n, b, dtype=dt, device=x.device))
    valid = ~((gt[..., 2] < 1e-6) | (gt[..., 3] < 1e-6))               # [N, B]
    with torch.no_grad():
        # predicted boxes (both coordinates divided by the grid height, as Paddle's kernel)
        xd = xr.detach()
        gx = torch.arange(w, device=x.device, dtype=dt)[None, None, None, :]
        gy = torch.arange(h, device=x.device, dtype=dt)[None, None, :, None]
        px = (gx + _sigmoid_as_paddle(xd[:, :, 0]) * scale + bias) / h
        py = (gy + _sigmoid_as_paddle(xd[:, :, 1]) * scale + bias) / h
        pw = torch.exp(xd[:, :, 2]) * mask_anc[None, :, 0, None, None] / input_size
        ph = torch.exp(xd[:, :, 3]) * mask_anc[None, :, 1, None, None] / input_size
        g = gt[:, None, None, None, :, :]                               # [N,1,1,1,B,4]
        iou = _center_iou(px[..., None], py[..., None], pw[..., None], ph[..., None],
                          g[..., 0], g[..., 1], g[..., 2], g[..., 3])
        iou = torch.where(valid[:, None, None, None, :], iou, torch.zeros_like(iou))
        best = iou.max(dim=-1).values if b else torch.zeros_like(px)
        obj = torch.where(best > ignore_thresh, torch.full_like(best, -1.0),
                          torch.zeros_like(best))                        # [N, M, H, W]
        # the anchor (of all anchors) that best fits each gt's size; first maximum wins
        zero = torch.zeros((), dtype=dt, device=x.device)
        an_iou = _center_iou(zero, zero, (anc[:, 0] / float(input_size))[None, None],
                             (anc[:, 1] / float(input_size))[None, None], zero, zero,
                             gt[..., 2, None], gt[..., 3, None]).to(torch.float32)
        an_iou = torch.where(an_iou > 0, an_iou, torch.zeros_like(an_iou))
        best_n = torch.argmax(torch.cat([torch.zeros_like(an_iou[..., :1]), an_iou], -1), -1)
        best_n = torch.where(best_n > 0, best_n - 1, torch.zeros_like(best_n))
        lookup = torch.full((an_num,), -1, dtype=torch.long, device=x.device)
        for mi, a in enumerate(anchor_mask):
            if lookup[a] < 0:
                lookup[a] = mi
        mask_idx = torch.where(valid, lookup[best_n], torch.full_like(best_n, -1))
        gi = (gt[..., 0] * w).long()
        gj = (gt[..., 1] * h).long()
        pos = mask_idx >= 0
        bi, ti = torch.nonzero(pos, as_tuple=True)
        mi, gjp, gip = mask_idx[bi, ti], gj[bi, ti], gi[bi, ti]
        # the objectness target of a cell is the score of the last gt placed there
        cell = ((bi * mask_num + mi) * h + gjp) * w + gip
        last = torch.full((n * mask_num * h * w,), -1, dtype=torch.long, device=x.device)
        last.scatter_reduce_(0, cell, ti, reduce="amax")
        obj_flat = obj.reshape(-1).clone()
        hit = last >= 0
        owner_b = torch.div(torch.nonzero(hit).reshape(-1), mask_num * h * w,
                            rounding_mode="floor")
        obj_flat[hit] = score[owner_b, last[hit]]
        obj = obj_flat.reshape(n, mask_num, h, w)
    loss = torch.zeros(n, dtype=dt, device=x.device)
    if bi.numel():
        gsel, ssel = gt[bi, ti], score[bi, ti]
        an = anc[best_n[bi, ti]]
        tx = gsel[:, 0] * h - gip.to(dt)
        ty = gsel[:, 1] * h - gjp.to(dt)
        tw = torch.log(gsel[:, 2] * input_size / an[:, 0])
        th = torch.log(gsel[:, 3] * input_size / an[:, 1])
        sc = (2.0 - gsel[:, 2] * gsel[:, 3]) * ssel
        cellx = xr[bi, mi, :, gjp, gip]                                  # [P, 5 + C]
        loc = (_sce(cellx[:, 0], tx) + _sce(cellx[:, 1], ty) + (tw - cellx[:, 2]).abs()
               + (th - cellx[:, 3]).abs()) * sc
        labels = gt_label[bi, ti].long()
        target = torch.full((bi.numel(), class_num), label_neg, dtype=dt, device=x.device)
        target[torch.arange(bi.numel(), device=x.device), labels] = label_pos
        lab = (_sce(cellx[:, 5:], target) * ssel[:, None]).sum(1)
        terms = loc + lab
        # Paddle's gradient kernel assigns (not adds) a cell's box and class gradients, so when
        # several gts share a cell only the last one's gradient survives; the loss counts all
        final = (last[cell] == ti).to(dt)
        terms = terms.detach() + (terms * final - (terms * final).detach())
        loss = loss.index_add(0, bi, terms)
    conf = xr[:, :, 4]
    objective = torch.where(obj > 1e-5, _sce(conf, torch.ones_like(conf)) * obj,
                            torch.where(obj > -0.5, _sce(conf, torch.zeros_like(conf)),
                                        torch.zeros_like(conf)))
    return loss + objective.sum(dim=(1, 2, 3))


_YOLO_LOSS = defop("yolov3_loss", _yolo_loss_kernel,
                   inputs=("X", "GTBox", "GTLabel", "GTScore"), outputs=("Loss",),
                   attrs={"anchors": (), "anchor_mask": (), "class_num": 1, "ignore_thresh": 0.7,
                          "downsample_ratio": 32, "use_label_smooth": True, "scale_x_y": 1.0},
                   api="paddle.vision.ops.yolo_loss",
                   notes="ObjectnessMask and GTMatchMask outputs are not produced")


def yolo_loss(x, gt_box, gt_label, anchors, anchor_mask, class_num, ignore_thresh,
              downsample_ratio, gt_score=None, use_label_smooth=True, name=None, scale_x_y=1.0):
    """paddle.vision.ops.yolo_loss(x, gt_box, gt_label, anchors, anchor_mask, class_num,
    ignore_thresh, downsample_ratio, gt_score=None, use_label_smooth=True, name=None,
    scale_x_y=1.0): the YOLOv3 loss per image [N] for the head x [N, len(anchor_mask)*(5+C),
    H, W], gt_box [N, B, 4] (centre x, centre y, w, h, normalised), gt_label [N, B] int32.

    Differences from Paddle: at |x - target| == 0 the L1 term's gradient is 0 (Paddle's is -1).
    """
    for arg, what in ((anchors, "anchors"), (anchor_mask, "anchor_mask")):
        if not isinstance(arg, (list, tuple)):
            raise TypeError(f"The type of '{what}' in yolo_loss must be list or tuple, but "
                            f"received {type(arg)}.")
    return apply_op(_YOLO_LOSS, (x, gt_box, gt_label, gt_score),
                    {"anchors": tuple(int(a) for a in anchors),
                     "anchor_mask": tuple(int(a) for a in anchor_mask),
                     "class_num": int(class_num), "ignore_thresh": float(ignore_thresh),
                     "downsample_ratio": int(downsample_ratio),
                     "use_label_smooth": bool(use_label_smooth), "scale_x_y": float(scale_x_y)})
