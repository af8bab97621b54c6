"""paddle.vision.transforms.functional_pil: the PIL backend of the functional transforms.

Follows Paddle 3.3.1's python/paddle/vision/transforms/functional_pil.py (Apache-2.0) call for call,
so the same Pillow operations give the same pixels.
"""
import numbers
from collections.abc import Iterable, Sequence

import numpy as np
import torch
from PIL import Image, ImageEnhance, ImageOps

from ..._creation_core import to_tensor as _to_tensor
from ..._tensor import wrap

__all__ = []

_pil_interp_from_str = {
    "nearest": Image.Resampling.NEAREST,
    "bilinear": Image.Resampling.BILINEAR,
    "bicubic": Image.Resampling.BICUBIC,
    "box": Image.Resampling.BOX,
    "lanczos": Image.Resampling.LANCZOS,
    "hamming": Image.Resampling.HAMMING,
}


def to_tensor(pic, data_format="CHW"):
    """PIL image -> Tensor (uint8 modes scaled to float32 in [0, 1]; 'I', 'I;16' int32; 'F' float32)."""
    if data_format not in ["CHW", "HWC"]:
        raise ValueError(f"data_format should be CHW or HWC. Got {data_format}")
    if pic.mode in ("I", "I;16"):
        array = np.asarray(pic, np.int32)
    elif pic.mode == "F":
        array = np.asarray(pic, np.float32)
    elif pic.mode == "1":
        array = 255 * np.asarray(pic, np.uint8)
    else:
        array = np.asarray(pic)
    # paddle.to_tensor, as Paddle: the tensor lands on the current device (paddle.set_device).
    raw = _to_tensor(array)._t
    if pic.mode == "YCbCr":
        nchannel = 3
    elif pic.mode == "I;16":
        nchannel = 1
    else:
        nchannel = len(pic.mode)
    if raw.dtype == torch.uint8:
        raw = raw.to(torch.float32) / 255.0
    raw = raw.reshape(pic.size[1], pic.size[0], nchannel)
    if data_format == "CHW":
        raw = raw.permute(2, 0, 1)
    return wrap(raw.contiguous())


def resize(img, size, interpolation="bilinear"):
    """Resize with Pillow; an int size matches the shorter edge, keeping the aspect ratio."""
    if not (isinstance(size, int) or (isinstance(size, Iterable) and len(size) == 2)):
        raise TypeError(f"Got inappropriate size arg: {size}")
    if isinstance(size, int):
        w, h = img.size
        if (w <= h and w == size) or (h <= w and h == size):
            return img
        if w < h:
            ow, oh = size, int(size * h / w)
        else:
            oh, ow = size, int(size * w / h)
        return img.resize((ow, oh), _pil_interp_from_str[interpolation])
    return img.resize(size[::-1], _pil_interp_from_str[interpolation])


def _check_pad_args(padding, fill, padding_mode):
    if not isinstance(padding, (numbers.Number, list, tuple)):
        raise TypeError("Got inappropriate padding arg")
    if not isinstance(fill, (numbers.Number, str, list, tuple)):
        raise TypeError("Got inappropriate fill arg")
    if not isinstance(padding_mode, str):
        raise TypeError("Got inappropriate padding_mode arg")
    if isinstance(padding, Sequence) and len(padding) not in [2, 4]:
        raise ValueError("Padding must be an int or a 2, or 4 element tuple, not a "
                         + f"{len(padding)} element tuple")
    assert padding_mode in ["constant", "edge", "reflect", "symmetric"], \
        "Padding mode should be either constant, edge, reflect or symmetric"


def _pad_sides(padding):
    """(left, top, right, bottom) from an int, a 2-sequence (lr, tb) or a 4-sequence."""
    if isinstance(padding, int):
        return padding, padding, padding, padding
    if len(padding) == 2:
        return padding[0], padding[1], padding[0], padding[1]
    return padding[0], padding[1], padding[2], padding[3]


def pad(img, padding, fill=0, padding_mode="constant"):
    """Pad a PIL image (ImageOps.expand for 'constant', numpy.pad otherwise; palettes kept)."""
    _check_pad_args(padding, fill, padding_mode)
    if isinstance(padding, list):
        padding = tuple(padding)
    pad_left, pad_top, pad_right, pad_bottom = _pad_sides(padding)
    if padding_mode == "constant":
        if img.mode == "P":
            palette = img.getpalette()
            image = ImageOps.expand(img, border=padding, fill=fill)
            image.putpalette(palette)
            return image
        return ImageOps.expand(img, border=padding, fill=fill)
    if img.mode == "P":
        palette = img.getpalette()
        img = np.asarray(img)
        img = np.pad(img, ((pad_top, pad_bottom), (pad_left, pad_right)), padding_mode)
        img = Image.fromarray(img)
        img.putpalette(palette)
        return img
    img = np.asarray(img)
    if len(img.shape) == 3:
        img = np.pad(img, ((pad_top, pad_bottom), (pad_left, pad_right), (0, 0)), padding_mode)
    if len(img.shape) == 2:
        img = np.pad(img, ((pad_top, pad_bottom), (pad_left, pad_right)), padding_mode)
    return Image.fromarray(img)


def crop(img, top, left, height, width):
    """Crop the box (left, top, left + width, top + height)."""
    return img.crop((left, top, left + width, top + height))


def center_crop(img, output_size):
    """Crop the center (rounding the offsets as Paddle does)."""
    if isinstance(output_size, numbers.Number):
        output_size = (int(output_size), int(output_size))
    image_width, image_height = img.size
    crop_height, crop_width = output_size
    crop_top = int(round((image_height - crop_height) / 2.0))
    crop_left = int(round((image_width - crop_width) / 2.0))
    return crop(img, crop_top, crop_left, crop_height, crop_width)


def hflip(img):
    """Flip left-right."""
    return img.transpose(Image.FLIP_LEFT_RIGHT)


def vflip(img):
    """Flip top-bottom."""
    return img.transpose(Image.FLIP_TOP_BOTTOM)


def adjust_brightness(img, brightness_factor):
    """ImageEnhance.Brightness."""
    return ImageEnhance.Brightness(img).enhance(brightness_factor)


def adjust_contrast(img, contrast_factor):
    """ImageEnhance.Contrast."""
    return ImageEnhance.Contrast(img).enhance(contrast_factor)


def adjust_saturation(img, saturation_factor):
    """ImageEnhance.Color."""
    return ImageEnhance.Color(img).enhance(saturation_factor)


def adjust_hue(img, hue_factor):
    """Shift the hue channel in HSV space by int(hue_factor * 255) (modulo 256)."""
    if not -0.5 <= hue_factor <= 0.5:
        raise ValueError(f"hue_factor:{hue_factor} is not in [-0.5, 0.5].")
    input_mode = img.mode
    if input_mode in {"L", "1", "I", "F"}:
        return img
    h, s, v = img.convert("HSV").split()
    np_h = np.array(h, dtype=np.uint8).astype(np.int16)
    np_h = ((np_h + int(hue_factor * 255)) % 256).astype(np.uint8)
    h = Image.fromarray(np_h, "L")
    return Image.merge("HSV", (h, s, v)).convert(input_mode)


def _fill3(fill):
    return tuple([fill] * 3) if isinstance(fill, int) else fill


def affine(img, matrix, interpolation="nearest", fill=0):
    """Image.transform(AFFINE) with the inverse matrix Paddle computes."""
    return img.transform(img.size, Image.AFFINE, matrix, _pil_interp_from_str[interpolation],
                         _fill3(fill))


def rotate(img, angle, interpolation="nearest", expand=False, center=None, fill=0):
    """Image.rotate."""
    return img.rotate(angle, _pil_interp_from_str[interpolation], expand, center,
                      fillcolor=_fill3(fill))


def perspective(img, coeffs, interpolation="nearest", fill=0):
    """Image.transform(PERSPECTIVE)."""
    return img.transform(img.size, Image.PERSPECTIVE, coeffs, _pil_interp_from_str[interpolation],
                         _fill3(fill))


def to_grayscale(img, num_output_channels=1):
    """Convert to 'L' (1 channel) or to 'RGB' with three equal channels."""
    if num_output_channels == 1:
        return img.convert("L")
    if num_output_channels == 3:
        np_img = np.array(img.convert("L"), dtype=np.uint8)
        return Image.fromarray(np.dstack([np_img, np_img, np_img]), "RGB")
    raise ValueError("num_output_channels should be either 1 or 3")


def erase(img, i, j, h, w, v, inplace=False):
    """Set the box to `v` (through a uint8 RGB copy, as Paddle; `inplace` has no effect on PIL)."""
    np_img = np.array(img, dtype=np.uint8)
    np_img[i:i + h, j:j + w, ...] = v
    return Image.fromarray(np_img, "RGB")
