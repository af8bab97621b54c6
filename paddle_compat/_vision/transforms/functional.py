"""paddle.vision.transforms.functional: each transform as a function of one image, dispatched on the
image's kind to the PIL, numpy/OpenCV or Tensor backend.

Follows Paddle 3.3.1's python/paddle/vision/transforms/functional.py (Apache-2.0): the same checks,
messages and backend calls. A numpy image is an HW or HWC ndarray; a Tensor image is CHW (or HWC
where a `data_format` says so), 3-D or 4-D.
"""
import math
import numbers

import numpy as np
from PIL import Image

from ..._tensor import Tensor
from . import functional_cv2 as F_cv2
from . import functional_pil as F_pil
from . import functional_tensor as F_t

__all__ = ["to_tensor", "resize", "pad", "crop", "center_crop", "hflip", "vflip",
           "adjust_brightness", "adjust_contrast", "adjust_saturation", "adjust_hue", "affine",
           "rotate", "perspective", "to_grayscale", "normalize", "erase"]


def _is_pil_image(img):
    return isinstance(img, Image.Image)


def _is_tensor_image(img):
    return isinstance(img, Tensor)


def _is_numpy_image(img):
    return isinstance(img, np.ndarray) and img.ndim in {2, 3}


def _check_image(img):
    if not (_is_pil_image(img) or _is_numpy_image(img) or _is_tensor_image(img)):
        raise TypeError("img should be PIL Image or Tensor Image or ndarray with dim=[2 or 3]. "
                        f"Got {type(img)}")


def to_tensor(pic, data_format="CHW"):
    """paddle.vision.transforms.to_tensor(pic, data_format='CHW'): a PIL image or HW/HWC ndarray as
    a Tensor; uint8 data becomes float32 scaled to [0, 1], other dtypes are kept. A Tensor is
    returned as is (CHW) or transposed to HWC."""
    if not (_is_pil_image(pic) or _is_numpy_image(pic) or _is_tensor_image(pic)):
        raise TypeError("pic should be PIL Image or Tensor Image or ndarray with dim=[2 or 3]. "
                        f"Got {type(pic)}")
    if _is_pil_image(pic):
        return F_pil.to_tensor(pic, data_format)
    if _is_numpy_image(pic):
        return F_cv2.to_tensor(pic, data_format)
    return pic if data_format.lower() == "chw" else pic.transpose((1, 2, 0))


def resize(img, size, interpolation="bilinear"):
    """paddle.vision.transforms.resize(img, size, interpolation='bilinear'): size (h, w), or an int
    for the shorter edge (aspect ratio kept). Interpolation names: PIL 'nearest', 'bilinear',
    'bicubic', 'box', 'lanczos', 'hamming'; cv2 'nearest', 'bilinear', 'area', 'bicubic',
    'lanczos'; Tensor those of paddle.nn.functional.interpolate."""
    _check_image(img)
    if _is_pil_image(img):
        return F_pil.resize(img, size, interpolation)
    if _is_tensor_image(img):
        return F_t.resize(img, size, interpolation)
    return F_cv2.resize(img, size, interpolation)


def pad(img, padding, fill=0, padding_mode="constant"):
    """paddle.vision.transforms.pad(img, padding, fill=0, padding_mode='constant'): padding an int,
    (left/right, top/bottom) or (left, top, right, bottom); modes 'constant', 'edge', 'reflect',
    'symmetric' (not on Tensors)."""
    _check_image(img)
    if _is_pil_image(img):
        return F_pil.pad(img, padding, fill, padding_mode)
    if _is_tensor_image(img):
        return F_t.pad(img, padding, fill, padding_mode)
    return F_cv2.pad(img, padding, fill, padding_mode)


def crop(img, top, left, height, width):
    """paddle.vision.transforms.crop(img, top, left, height, width)."""
    _check_image(img)
    if _is_pil_image(img):
        return F_pil.crop(img, top, left, height, width)
    if _is_tensor_image(img):
        return F_t.crop(img, top, left, height, width)
    return F_cv2.crop(img, top, left, height, width)


def center_crop(img, output_size):
    """paddle.vision.transforms.center_crop(img, output_size): output_size an int or (h, w)."""
    _check_image(img)
    if _is_pil_image(img):
        return F_pil.center_crop(img, output_size)
    if _is_tensor_image(img):
        return F_t.center_crop(img, output_size)
    return F_cv2.center_crop(img, output_size)


def hflip(img):
    """paddle.vision.transforms.hflip(img): flip left-right."""
    _check_image(img)
    if _is_pil_image(img):
        return F_pil.hflip(img)
    if _is_tensor_image(img):
        return F_t.hflip(img)
    return F_cv2.hflip(img)


def vflip(img):
    """paddle.vision.transforms.vflip(img): flip top-bottom."""
    _check_image(img)
    if _is_pil_image(img):
        return F_pil.vflip(img)
    if _is_tensor_image(img):
        return F_t.vflip(img)
    return F_cv2.vflip(img)


def adjust_brightness(img, brightness_factor):
    """paddle.vision.transforms.adjust_brightness(img, brightness_factor): 0 gives black, 1 the
    original. A numpy image is cast to uint8 first, as in Paddle."""
    _check_image(img)
    if _is_pil_image(img):
        return F_pil.adjust_brightness(img, brightness_factor)
    if _is_numpy_image(img):
        return F_cv2.adjust_brightness(img.astype(np.uint8), brightness_factor)
    return F_t.adjust_brightness(img, brightness_factor)


def adjust_contrast(img, contrast_factor):
    """paddle.vision.transforms.adjust_contrast(img, contrast_factor): 0 gives solid gray, 1 the
    original."""
    _check_image(img)
    if _is_pil_image(img):
        return F_pil.adjust_contrast(img, contrast_factor)
    if _is_numpy_image(img):
        return F_cv2.adjust_contrast(img, contrast_factor)
    return F_t.adjust_contrast(img, contrast_factor)


def adjust_saturation(img, saturation_factor):
    """paddle.vision.transforms.adjust_saturation(img, saturation_factor): 0 gives grayscale, 1 the
    original. On numpy images Paddle's cv2 backend draws the blend weight from numpy's global
    generator within [1 - factor, 1 + factor]; so does this one."""
    _check_image(img)
    if _is_pil_image(img):
        return F_pil.adjust_saturation(img, saturation_factor)
    if _is_numpy_image(img):
        return F_cv2.adjust_saturation(img, saturation_factor)
    return F_t.adjust_saturation(img, saturation_factor)


def adjust_hue(img, hue_factor):
    """paddle.vision.transforms.adjust_hue(img, hue_factor): shift the hue by hue_factor in
    [-0.5, 0.5] of the colour wheel."""
    _check_image(img)
    if _is_pil_image(img):
        return F_pil.adjust_hue(img, hue_factor)
    if _is_numpy_image(img):
        return F_cv2.adjust_hue(img, hue_factor)
    return F_t.adjust_hue(img, hue_factor)


def _get_affine_matrix(center, angle, translate, scale, shear):
    # The inverse of rotation-scale-shear about `center` followed by translation (PIL's convention).
    rot = math.radians(angle)
    sx = math.radians(shear[0])
    sy = math.radians(shear[1])
    a = math.cos(rot - sy) / math.cos(sy)
    b = -math.cos(rot - sy) * math.tan(sx) / math.cos(sy) - math.sin(rot)
    c = math.sin(rot - sy) / math.cos(sy)
    d = -math.sin(rot - sy) * math.tan(sx) / math.cos(sy) + math.cos(rot)
    cx, cy = center
    tx, ty = translate
    matrix = [d, -b, 0.0, -c, a, 0.0]
    matrix = [x / scale for x in matrix]
    matrix[2] += matrix[0] * (-cx - tx) + matrix[1] * (-cy - ty)
    matrix[5] += matrix[3] * (-cx - tx) + matrix[4] * (-cy - ty)
    matrix[2] += cx
    matrix[5] += cy
    return matrix


def affine(img, angle, translate, scale, shear, interpolation="nearest", fill=0, center=None):
    """paddle.vision.transforms.affine(img, angle, translate, scale, shear, interpolation='nearest',
    fill=0, center=None): rotate by angle degrees, translate by (tx, ty) pixels, scale, shear by
    (sx, sy) degrees, about `center` (default the image centre)."""
    _check_image(img)
    if not isinstance(angle, (int, float)):
        raise TypeError("Argument angle should be int or float")
    if not isinstance(translate, (list, tuple)):
        raise TypeError("Argument translate should be a sequence")
    if len(translate) != 2:
        raise ValueError("Argument translate should be a sequence of length 2")
    if scale <= 0.0:
        raise ValueError("Argument scale should be positive")
    if not isinstance(shear, (numbers.Number, (list, tuple))):
        raise TypeError("Shear should be either a single value or a sequence of two values")
    if not isinstance(interpolation, str):
        raise TypeError("Argument interpolation should be a string")
    if isinstance(angle, int):
        angle = float(angle)
    if isinstance(translate, tuple):
        translate = list(translate)
    if isinstance(shear, numbers.Number):
        shear = [shear, 0.0]
    if isinstance(shear, tuple):
        shear = list(shear)
    if len(shear) == 1:
        shear = [shear[0], shear[0]]
    if len(shear) != 2:
        raise ValueError(f"Shear should be a sequence containing two values. Got {shear}")
    if center is not None and not isinstance(center, (list, tuple)):
        raise TypeError("Argument center should be a sequence")
    if _is_pil_image(img):
        width, height = img.size
        if center is None:
            center = [width * 0.5, height * 0.5]
        matrix = _get_affine_matrix(center, angle, translate, scale, shear)
        return F_pil.affine(img, matrix, interpolation, fill)
    if _is_numpy_image(img):
        # Paddle takes (width, height) from shape[0:2], i.e. swapped on non-square images.
        width, height = img.shape[0:2]
        if center is None:
            center = (width * 0.5, height * 0.5)
        return F_cv2.affine(img, angle, translate, scale, shear, interpolation, fill, center)
    center_f = [0.0, 0.0]
    if center is not None:
        height, width = img.shape[-1], img.shape[-2]
        center_f = [1.0 * (c - s * 0.5) for c, s in zip(center, [width, height])]
    translate_f = [1.0 * t for t in translate]
    matrix = _get_affine_matrix(center_f, angle, translate_f, scale, shear)
    return F_t.affine(img, matrix, interpolation, fill)


def rotate(img, angle, interpolation="nearest", expand=False, center=None, fill=0):
    """paddle.vision.transforms.rotate(img, angle, interpolation='nearest', expand=False,
    center=None, fill=0): counter-clockwise by angle degrees."""
    _check_image(img)
    if isinstance(center, list):
        center = tuple(center)
    if isinstance(fill, list):
        fill = tuple(fill)
    if _is_pil_image(img):
        return F_pil.rotate(img, angle, interpolation, expand, center, fill)
    if _is_tensor_image(img):
        return F_t.rotate(img, angle, interpolation, expand, center, fill)
    return F_cv2.rotate(img, angle, interpolation, expand, center, fill)


def _get_perspective_coeffs(startpoints, endpoints):
    # The eight coefficients mapping endpoints back to startpoints, by least squares (as Paddle).
    a_matrix = np.zeros((2 * len(startpoints), 8))
    for i, (p1, p2) in enumerate(zip(endpoints, startpoints)):
        a_matrix[2 * i, :] = [p1[0], p1[1], 1, 0, 0, 0, -p2[0] * p1[0], -p2[0] * p1[1]]
        a_matrix[2 * i + 1, :] = [0, 0, 0, p1[0], p1[1], 1, -p2[1] * p1[0], -p2[1] * p1[1]]
    b_matrix = np.array(startpoints).reshape([8])
    res = np.linalg.lstsq(a_matrix, b_matrix, rcond=None)[0]
    return list(res)


def perspective(img, startpoints, endpoints, interpolation="nearest", fill=0):
    """paddle.vision.transforms.perspective(img, startpoints, endpoints, interpolation='nearest',
    fill=0): map the four startpoints [x, y] onto the four endpoints."""
    _check_image(img)
    if _is_pil_image(img):
        coeffs = _get_perspective_coeffs(startpoints, endpoints)
        return F_pil.perspective(img, coeffs, interpolation, fill)
    if _is_tensor_image(img):
        coeffs = _get_perspective_coeffs(startpoints, endpoints)
        return F_t.perspective(img, coeffs, interpolation, fill)
    return F_cv2.perspective(img, startpoints, endpoints, interpolation, fill)


def to_grayscale(img, num_output_channels=1):
    """paddle.vision.transforms.to_grayscale(img, num_output_channels=1): 1 or 3 channels."""
    _check_image(img)
    if _is_pil_image(img):
        return F_pil.to_grayscale(img, num_output_channels)
    if _is_tensor_image(img):
        return F_t.to_grayscale(img, num_output_channels)
    return F_cv2.to_grayscale(img, num_output_channels)


def normalize(img, mean, std, data_format="CHW", to_rgb=False):
    """paddle.vision.transforms.normalize(img, mean, std, data_format='CHW', to_rgb=False):
    (img - mean) / std. A PIL image becomes a float32 ndarray first (an HW image broadcasts to
    [C, H, W] under 'CHW'); `to_rgb` (numpy only) reverses the channel axis first."""
    if _is_tensor_image(img):
        return F_t.normalize(img, mean, std, data_format)
    if _is_pil_image(img):
        img = np.array(img).astype(np.float32)
    return F_cv2.normalize(img, mean, std, data_format, to_rgb)


def erase(img, i, j, h, w, v, inplace=False):
    """paddle.vision.transforms.erase(img, i, j, h, w, v, inplace=False): set the box at row i,
    column j of size h x w to v."""
    if _is_tensor_image(img):
        return F_t.erase(img, i, j, h, w, v, inplace=inplace)
    if _is_pil_image(img):
        return F_pil.erase(img, i, j, h, w, v, inplace=inplace)
    return F_cv2.erase(img, i, j, h, w, v, inplace=inplace)
