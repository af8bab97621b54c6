"""paddle.vision.transforms.functional_cv2: the numpy/OpenCV backend of the functional transforms.

Follows Paddle 3.3.1's python/paddle/vision/transforms/functional_cv2.py (Apache-2.0) call for call.
OpenCV is optional: functions that need it raise Paddle's ImportError naming `opencv-python` when
`cv2` cannot be imported; `to_tensor`, `crop`, `center_crop`, `normalize` and `erase` need only numpy.
"""
import math
import numbers
from collections.abc import Iterable

import numpy as np
import torch

from ..._creation_core import to_tensor as _to_tensor
from ..._tensor import wrap
from ..._utils.lazy_import import try_import
from .functional_pil import _check_pad_args, _pad_sides

__all__ = []


def _interp(cv2, interpolation):
    return {"nearest": cv2.INTER_NEAREST, "bilinear": cv2.INTER_LINEAR, "area": cv2.INTER_AREA,
            "bicubic": cv2.INTER_CUBIC, "lanczos": cv2.INTER_LANCZOS4}[interpolation]


def _keep_channel(img, output):
    """OpenCV drops a trailing channel axis of size 1; put it back as Paddle does."""
    if len(img.shape) == 3 and img.shape[2] == 1:
        return output[:, :, np.newaxis]
    return output


def to_tensor(pic, data_format="CHW"):
    """HW or HWC ndarray -> Tensor (uint8 scaled to float32 in [0, 1]; other dtypes kept)."""
    if data_format not in ["CHW", "HWC"]:
        raise ValueError(f"data_format should be CHW or HWC. Got {data_format}")
    if pic.ndim == 2:
        pic = pic[:, :, None]
    array = pic.transpose((2, 0, 1)) if data_format == "CHW" else pic
    # paddle.to_tensor, as Paddle: the tensor lands on the current device (paddle.set_device).
    raw = _to_tensor(array)._t
    if raw.dtype == torch.uint8:
        raw = raw.to(torch.float32) / 255.0
    return wrap(raw)


def resize(img, size, interpolation="bilinear"):
    """cv2.resize; an int size matches the shorter edge, keeping the aspect ratio."""
    cv2 = try_import("cv2")
    if not (isinstance(size, int) or (isinstance(size, Iterable) and len(size) == 2)):
        raise TypeError(f"Got inappropriate size arg: {size}")
    h, w = img.shape[:2]
    if isinstance(size, int):
        if (w <= h and w == size) or (h <= w and h == size):
            return img
        if w < h:
            ow, oh = size, int(size * h / w)
        else:
            oh, ow = size, int(size * w / h)
        output = cv2.resize(img, dsize=(ow, oh), interpolation=_interp(cv2, interpolation))
    else:
        output = cv2.resize(img, dsize=(size[1], size[0]),
                            interpolation=_interp(cv2, interpolation))
    return _keep_channel(img, output)


def pad(img, padding, fill=0, padding_mode="constant"):
    """cv2.copyMakeBorder ('edge' = replicate, 'reflect' = reflect-101, 'symmetric' = reflect)."""
    cv2 = try_import("cv2")
    modes = {"constant": cv2.BORDER_CONSTANT, "edge": cv2.BORDER_REPLICATE,
             "reflect": cv2.BORDER_REFLECT_101, "symmetric": cv2.BORDER_REFLECT}
    _check_pad_args(padding, fill, padding_mode)
    if isinstance(padding, list):
        padding = tuple(padding)
    pad_left, pad_top, pad_right, pad_bottom = _pad_sides(padding)
    out = cv2.copyMakeBorder(img, top=pad_top, bottom=pad_bottom, left=pad_left, right=pad_right,
                             borderType=modes[padding_mode], value=fill)
    return _keep_channel(img, out)


def crop(img, top, left, height, width):
    """img[top:top + height, left:left + width, :]."""
    return img[top:top + height, left:left + width, :]


def center_crop(img, output_size):
    """Crop the center (rounding the offsets as Paddle does)."""
    if isinstance(output_size, numbers.Number):
        output_size = (int(output_size), int(output_size))
    h, w = img.shape[0:2]
    th, tw = output_size
    i = int(round((h - th) / 2.0))
    j = int(round((w - tw) / 2.0))
    return crop(img, i, j, th, tw)


def hflip(img):
    """cv2.flip(img, 1)."""
    cv2 = try_import("cv2")
    return cv2.flip(img, 1)


def vflip(img):
    """cv2.flip(img, 0)."""
    cv2 = try_import("cv2")
    return _keep_channel(img, cv2.flip(img, 0))


def adjust_brightness(img, brightness_factor):
    """A lookup table i * factor, clipped to [0, 255]."""
    cv2 = try_import("cv2")
    table = np.array([i * brightness_factor for i in range(0, 256)]).clip(0, 255).astype("uint8")
    return _keep_channel(img, cv2.LUT(img, table))


def adjust_contrast(img, contrast_factor):
    """A lookup table (i - 74) * factor + 74, clipped to [0, 255] (Paddle's fixed mean of 74)."""
    cv2 = try_import("cv2")
    table = np.array([(i - 74) * contrast_factor + 74 for i in range(0, 256)]).clip(0, 255) \
        .astype("uint8")
    return _keep_channel(img, cv2.LUT(img, table))


def adjust_saturation(img, saturation_factor):
    """Blend with the gray image by alpha ~ U(max(0, 1 - factor), 1 + factor) drawn from
    numpy's global generator, as Paddle does (the factor is a range here, not the blend weight)."""
    cv2 = try_import("cv2")
    dtype = img.dtype
    img = img.astype(np.float32)
    alpha = np.random.uniform(max(0, 1 - saturation_factor), 1 + saturation_factor)
    gray_img = cv2.cvtColor(img, cv2.COLOR_BGR2GRAY)[..., np.newaxis]
    img = img * alpha + gray_img * (1 - alpha)
    return img.clip(0, 255).astype(dtype)


def adjust_hue(img, hue_factor):
    """Shift the hue (HSV_FULL) by int(hue_factor * 255) modulo 256."""
    cv2 = try_import("cv2")
    if not -0.5 <= hue_factor <= 0.5:
        raise ValueError(f"hue_factor:{hue_factor} is not in [-0.5, 0.5].")
    dtype = img.dtype
    img = img.astype(np.uint8)
    hsv_img = cv2.cvtColor(img, cv2.COLOR_BGR2HSV_FULL)
    h, s, v = cv2.split(hsv_img)
    h = ((h.astype(np.int32) + int(hue_factor * 255)) % 256).astype(np.uint8)
    hsv_img = cv2.merge([h, s, v])
    return cv2.cvtColor(hsv_img, cv2.COLOR_HSV2BGR_FULL).astype(dtype)


def affine(img, angle, translate, scale, shear, interpolation="nearest", fill=0, center=None):
    """cv2.warpAffine with Paddle's rotation + shear matrix (translation replaces the offset)."""
    cv2 = try_import("cv2")
    h, w = img.shape[0:2]
    if isinstance(fill, int):
        fill = tuple([fill] * 3)
    if center is None:
        center = (w / 2.0, h / 2.0)
    M = np.ones([2, 3])
    R = cv2.getRotationMatrix2D(angle=angle, center=center, scale=scale)
    sx = math.tan(shear[0] * math.pi / 180)
    sy = math.tan(shear[1] * math.pi / 180)
    M[0] = R[0] + sy * R[1]
    M[1] = R[1] + sx * R[0]
    tx, ty = translate
    M[0, 2] = tx
    M[1, 2] = ty
    out = cv2.warpAffine(img, M, dsize=(w, h), flags=_interp(cv2, interpolation), borderValue=fill)
    return _keep_channel(img, out)


def rotate(img, angle, interpolation="nearest", expand=False, center=None, fill=0):
    """cv2.warpAffine with a rotation about `center`; `expand` grows the canvas to fit."""
    cv2 = try_import("cv2")
    h, w = img.shape[0:2]
    if center is None:
        center = (w / 2.0, h / 2.0)
    M = cv2.getRotationMatrix2D(center, angle, 1)
    if expand:
        def transform(x, y, matrix):
            a, b, c, d, e, f = matrix
            return a * x + b * y + c, d * x + e * y + f

        rad = -math.radians(angle)
        expand_matrix = [round(math.cos(rad), 15), round(math.sin(rad), 15), 0.0,
                         round(-math.sin(rad), 15), round(math.cos(rad), 15), 0.0]
        expand_matrix[2], expand_matrix[5] = transform(-center[0], -center[1], expand_matrix)
        expand_matrix[2] += center[0]
        expand_matrix[5] += center[1]
        xx, yy = [], []
        for x, y in ((0, 0), (w, 0), (w, h), (0, h)):
            x, y = transform(x, y, expand_matrix)
            xx.append(x)
            yy.append(y)
        nw = math.ceil(max(xx)) - math.floor(min(xx))
        nh = math.ceil(max(yy)) - math.floor(min(yy))
        M[0, 2] += (nw - w) * 0.5
        M[1, 2] += (nh - h) * 0.5
        w, h = int(nw), int(nh)
    out = cv2.warpAffine(img, M, (w, h), flags=_interp(cv2, interpolation), borderValue=fill)
    return _keep_channel(img, out)


def perspective(img, startpoints, endpoints, interpolation="nearest", fill=0):
    """cv2.warpPerspective with cv2.getPerspectiveTransform(startpoints, endpoints)."""
    cv2 = try_import("cv2")
    h, w = img.shape[0:2]
    matrix = cv2.getPerspectiveTransform(np.array(startpoints, dtype="float32"),
                                         np.array(endpoints, dtype="float32"))
    out = cv2.warpPerspective(img, matrix, dsize=(w, h), flags=_interp(cv2, interpolation),
                              borderValue=fill)
    return _keep_channel(img, out)


def to_grayscale(img, num_output_channels=1):
    """cv2.COLOR_RGB2GRAY, keeping a channel axis (1, or 3 broadcast read-only views)."""
    cv2 = try_import("cv2")
    if num_output_channels == 1:
        return cv2.cvtColor(img, cv2.COLOR_RGB2GRAY)[:, :, np.newaxis]
    if num_output_channels == 3:
        return np.broadcast_to(cv2.cvtColor(img, cv2.COLOR_RGB2GRAY)[:, :, np.newaxis], img.shape)
    raise ValueError("num_output_channels should be either 1 or 3")


def normalize(img, mean, std, data_format="CHW", to_rgb=False):
    """(img - mean) / std with float32 mean/std shaped for CHW or HWC; `to_rgb` reverses the last
    axis first."""
    if data_format == "CHW":
        mean = np.float32(np.array(mean).reshape(-1, 1, 1))
        std = np.float32(np.array(std).reshape(-1, 1, 1))
    else:
        mean = np.float32(np.array(mean).reshape(1, 1, -1))
        std = np.float32(np.array(std).reshape(1, 1, -1))
    if to_rgb:
        img = img[..., ::-1]
    return (img - mean) / std


def erase(img, i, j, h, w, v, inplace=False):
    """Set img[i:i + h, j:j + w] to `v` (on a copy unless `inplace`)."""
    if not inplace:
        img = img.copy()
    img[i:i + h, j:j + w, ...] = v
    return img
