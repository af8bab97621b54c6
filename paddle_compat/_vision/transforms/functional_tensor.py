"""paddle.vision.transforms.functional_tensor: the Tensor backend of the functional transforms.

Follows Paddle 3.3.1's python/paddle/vision/transforms/functional_tensor.py (Apache-2.0): the same
arithmetic in the same order (affine grids built from float32 matrices, `grid_sample` with zeros
padding and a ones-channel mask for the fill, `lerp` blends), written on the torch tensor a paddle
Tensor holds.

In static mode (a `paddle.static.data` Variable as the image) the transforms that Paddle 3.3.1's
legacy static graph can record work here too, recorded as ops: resize, hflip, vflip, crop,
center_crop, pad, erase, normalize (and the Resize, CenterCrop, Pad, Transpose, Normalize classes).

Differences from Paddle: normalize works on a static Variable (Paddle 3.3.1 fails reading the
Variable's place); to_grayscale, affine, rotate, perspective and the adjust_* blends, which fail
in Paddle's static graph with internal errors, raise one TypeError naming the function.
"""
import math
import numbers

import torch
import torch.nn.functional as TF

from ..._tensor import Tensor, wrap
from ..._creation_core import to_tensor as _to_tensor

__all__ = []


def _assert_image_tensor(img, data_format):
    if not isinstance(img, Tensor) or img.ndim < 3 or img.ndim > 4 \
            or data_format.lower() not in ("chw", "hwc"):
        # Paddle's Tensor class prints as <class 'paddle.Tensor'>.
        kind = "<class 'paddle.Tensor'>" if isinstance(img, Tensor) else type(img)
        raise RuntimeError(f"not support [type={kind}, ndim={img.ndim}, "
                           f"data_format={data_format}] paddle image")


def _get_image_h_axis(data_format):
    return -2 if data_format.lower() == "chw" else -3


def _get_image_w_axis(data_format):
    return -1 if data_format.lower() == "chw" else -2


def _get_image_c_axis(data_format):
    return -3 if data_format.lower() == "chw" else -1


def _is_channel_first(data_format):
    return _get_image_c_axis(data_format) == -3


def _get_image_num_channels(img, data_format):
    return img.shape[_get_image_c_axis(data_format)]


def _get_image_size(img, data_format):
    return img.shape[_get_image_w_axis(data_format)], img.shape[_get_image_h_axis(data_format)]


def _rgb_to_hsv(img):
    maxc = img.amax(dim=-3)
    minc = img.amin(dim=-3)
    is_equal = maxc == minc
    one_divisor = torch.ones_like(maxc)
    c_delta = maxc - minc
    s = c_delta / torch.where(is_equal, one_divisor, maxc)
    r, g, b = img.unbind(dim=-3)
    c_delta_divisor = torch.where(is_equal, one_divisor, c_delta)
    rc = (maxc - r) / c_delta_divisor
    gc = (maxc - g) / c_delta_divisor
    bc = (maxc - b) / c_delta_divisor
    hr = (maxc == r).to(maxc.dtype) * (bc - gc)
    hg = ((maxc == g) & (maxc != r)).to(maxc.dtype) * (rc - bc + 2.0)
    hb = ((maxc != r) & (maxc != g)).to(maxc.dtype) * (gc - rc + 4.0)
    h = (hr + hg + hb) / 6.0 + 1.0
    h = h - h.trunc()
    return torch.stack([h, s, maxc], dim=-3)


def _hsv_to_rgb(img):
    h, s, v = img.unbind(dim=-3)
    f = h * 6.0
    i = torch.floor(f)
    f = f - i
    i = i.to(torch.int32) % 6
    p = torch.clip(v * (1.0 - s), 0.0, 1.0)
    q = torch.clip(v * (1.0 - s * f), 0.0, 1.0)
    t = torch.clip(v * (1.0 - s * (1.0 - f)), 0.0, 1.0)
    mask = (i.unsqueeze(-3) == torch.arange(6, dtype=i.dtype, device=i.device).reshape(-1, 1, 1)) \
        .to(img.dtype)
    matrix = torch.stack([torch.stack([v, q, p, p, t, v], dim=-3),
                          torch.stack([t, v, v, q, p, p], dim=-3),
                          torch.stack([p, p, t, v, v, q], dim=-3)], dim=-4)
    return torch.einsum("...ijk, ...xijk -> ...xjk", mask, matrix)


_KERNEL_DTYPES = {
    "lerp": "float64, float32",
    "multiply": "int64, float64, complex128, float32, complex64, int32, bfloat16, bool",
    "grid_sample": "float64, float32",
    "pad3d": "int32, int64, float64, complex128, float32, complex64",
    "flip": "int32, int64, float64, complex128, float32, complex64, bool",
}
_SHORT = {torch.uint8: "uint8", torch.int8: "int8", torch.int16: "int16", torch.float16: "float16",
          torch.bfloat16: "bfloat16", torch.bool: "bool", torch.int32: "int32",
          torch.int64: "int64", torch.float32: "float32", torch.float64: "float64"}


def _require_kernel(kernel, raw):
    """Paddle's RuntimeError when its `kernel` has no CPU kernel for the image's dtype (a uint8
    image tensor, for instance, cannot be blended, rotated or reflect-padded in Paddle). `raw`
    is a torch tensor or a paddle Tensor / static Variable."""
    dtype = raw.dtype.torch if isinstance(raw, Tensor) else raw.dtype
    name = _SHORT.get(dtype, str(dtype))
    allowed = _KERNEL_DTYPES[kernel]
    if name not in allowed.split(", "):
        raise RuntimeError(
            f"(NotFound) The kernel with key (CPU, Undefined(AnyLayout), {name}) of kernel "
            f"`{kernel}` is not registered. Selected wrong DataType `{name}`. Paddle support "
            f"following DataTypes: {allowed}.")


def _dynamic_only(img, api, force=False):
    """The TypeError for a transform Paddle's static graph cannot record (a Variable holds no
    data to compute on)."""
    if force or isinstance(img, Tensor) and img._t is None:
        raise TypeError(
            f"paddle.vision.transforms.functional.{api} of a static Variable is not supported "
            "(Paddle 3.3.1's static graph fails on it too); apply it to the image in dynamic mode "
            "or in the dataset's transform")


def _blend_images(img1, img2, ratio):
    """lerp(img2, img1, ratio) = img2 + ratio * (img1 - img2) (Paddle's formula), clipped."""
    max_value = 1.0 if img1.is_floating_point() else 255.0
    out = img2 + float(ratio) * (img1 - img2)
    return out.clip(0, max_value).to(img1.dtype)


def normalize(img, mean, std, data_format="CHW"):
    """(img - mean) / std with Paddle's type promotion; mean/std reshaped to [C, 1, 1] for CHW."""
    _assert_image_tensor(img, data_format)
    mean = _to_tensor(mean, place=img.place)
    std = _to_tensor(std, place=img.place)
    if _is_channel_first(data_format):
        mean = mean.reshape([-1, 1, 1])
        std = std.reshape([-1, 1, 1])
    return (img - mean) / std


def to_grayscale(img, num_output_channels=1, data_format="CHW"):
    """0.2989 R + 0.587 G + 0.114 B (weights cast to the image dtype first, as Paddle)."""
    _assert_image_tensor(img, data_format)
    if num_output_channels not in (1, 3):
        raise ValueError("num_output_channels should be either 1 or 3")
    _dynamic_only(img, "to_grayscale")
    _require_kernel("multiply", img._t)
    rgb_weights = _to_tensor([0.2989, 0.587, 0.114], place=img.place).astype(img.dtype)
    if _is_channel_first(data_format):
        rgb_weights = rgb_weights.reshape((-1, 1, 1))
    c_index = _get_image_c_axis(data_format)
    img = (img * rgb_weights).sum(axis=c_index, keepdim=True)
    shape = list(img.shape)
    shape[c_index] = num_output_channels
    return img.expand(shape)


def _affine_grid(theta, w, h, ow, oh):
    d = 0.5
    base_grid = torch.ones((1, oh, ow, 3), dtype=theta.dtype, device=theta.device)
    base_grid[..., 0] = torch.linspace(-ow * 0.5 + d, ow * 0.5 + d - 1, ow, dtype=theta.dtype,
                                       device=theta.device)
    base_grid[..., 1] = torch.linspace(-oh * 0.5 + d, oh * 0.5 + d - 1, oh, dtype=theta.dtype,
                                       device=theta.device).unsqueeze(-1)
    tmp = torch.tensor([0.5 * w, 0.5 * h], dtype=torch.float32, device=theta.device)
    scaled_theta = theta.transpose(1, 2) / tmp
    return base_grid.reshape(1, oh * ow, 3).bmm(scaled_theta).reshape(1, oh, ow, 2)


def _grid_transform(img, grid, mode, fill):
    _require_kernel("grid_sample", img)
    if img.shape[0] > 1:
        grid = grid.expand(img.shape[0], grid.shape[1], grid.shape[2], grid.shape[3])
    if fill is not None:
        dummy = torch.ones((img.shape[0], 1, img.shape[2], img.shape[3]), dtype=img.dtype,
                           device=img.device)
        img = torch.cat((img, dummy), dim=1)
    img = TF.grid_sample(img, grid.to(img.dtype), mode=mode, padding_mode="zeros",
                         align_corners=False)
    if fill is not None:
        mask = img[:, -1:, :, :]
        img = img[:, :-1, :, :]
        mask = mask.tile(1, img.shape[1], 1, 1)
        len_fill = len(fill) if isinstance(fill, (tuple, list)) else 1
        fill_img = torch.tensor(fill, device=img.device).reshape(1, len_fill, 1, 1) \
            .to(img.dtype).expand_as(img)
        if mode == "nearest":
            mask = (mask < 0.5).to(img.dtype)
            img = img * (1.0 - mask) + mask * fill_img
        else:
            img = img * mask + (1.0 - mask) * fill_img
    return img


def _to_nchw(raw, data_format):
    return raw if data_format.lower() == "chw" else raw.permute(0, 3, 1, 2)


def _from_nchw(raw, data_format):
    return raw if data_format.lower() == "chw" else raw.permute(0, 2, 3, 1)


def affine(img, matrix, interpolation="nearest", fill=None, data_format="CHW"):
    """Sample the image through the inverse affine `matrix` (six numbers, centred coordinates)."""
    _dynamic_only(img, "affine")
    raw = img._t
    ndim = raw.dim()
    if ndim == 3:
        raw = raw.unsqueeze(0)
    raw = _to_nchw(raw, data_format)
    theta = torch.tensor(matrix, dtype=torch.float32, device=raw.device).reshape(1, 2, 3)
    grid = _affine_grid(theta, w=raw.shape[-1], h=raw.shape[-2], ow=raw.shape[-1],
                        oh=raw.shape[-2])
    if isinstance(fill, int):
        fill = tuple([fill] * 3)
    out = _from_nchw(_grid_transform(raw, grid, mode=interpolation, fill=fill), data_format)
    return wrap(out.squeeze(0) if ndim == 3 else out)


def rotate(img, angle, interpolation="nearest", expand=False, center=None, fill=None,
           data_format="CHW"):
    """Rotate counter-clockwise by `angle` degrees about `center` (default: the image centre)."""
    _dynamic_only(img, "rotate")
    angle = -angle % 360
    raw = img._t.unsqueeze(0)
    w, h = raw.shape[_get_image_w_axis(data_format)], raw.shape[_get_image_h_axis(data_format)]
    raw = _to_nchw(raw, data_format)
    if center is None:
        rotn_center = [0, 0]
    else:
        rotn_center = [p - s * 0.5 for p, s in zip(center, [w, h])]
    rad = math.radians(angle)
    # Paddle turns the rotation into a float32 tensor first and then adds the centre offsets in
    # float32 tensor arithmetic; doing the same keeps the grid bit for bit.
    m = torch.tensor([math.cos(rad), math.sin(rad), 0.0, -math.sin(rad), math.cos(rad), 0.0],
                     dtype=torch.float32, device=raw.device)
    m[2] += m[0] * (-rotn_center[0]) + m[1] * (-rotn_center[1]) + rotn_center[0]
    m[5] += m[3] * (-rotn_center[0]) + m[4] * (-rotn_center[1]) + rotn_center[1]
    theta = m.reshape(1, 2, 3)
    if expand:
        corners = torch.tensor([[-0.5 * w, -0.5 * h, 1.0], [-0.5 * w, 0.5 * h, 1.0],
                                [0.5 * w, 0.5 * h, 1.0], [0.5 * w, -0.5 * h, 1.0]],
                               dtype=theta.dtype, device=raw.device)
        pos = corners.reshape(1, -1, 3).bmm(theta.transpose(1, 2)).reshape(1, -1, 2)
        npos = pos.amax(dim=-2).ceil() - pos.amin(dim=-2).floor()
        ow, oh = int(npos[0][0]), int(npos[0][1])
    else:
        ow, oh = w, h
    grid = _affine_grid(theta, w, h, ow, oh)
    out = _from_nchw(_grid_transform(raw, grid, mode=interpolation, fill=fill), data_format)
    return wrap(out.squeeze(0))


def _perspective_grid(coeffs, ow, oh, dtype):
    theta1 = coeffs[:6].reshape(1, 2, 3)
    tmp = coeffs[6:].reshape(1, 2).tile(2, 1)
    dummy = torch.ones((2, 1), dtype=dtype, device=coeffs.device)
    theta2 = torch.cat((tmp.to(dtype), dummy), dim=1).unsqueeze(0)
    d = 0.5
    base_grid = torch.ones((1, oh, ow, 3), dtype=dtype, device=coeffs.device)
    base_grid[..., 0] = torch.linspace(d, ow * 1.0 + d - 1.0, ow, dtype=dtype, device=coeffs.device)
    base_grid[..., 1] = torch.linspace(d, oh * 1.0 + d - 1.0, oh, dtype=dtype,
                                       device=coeffs.device).unsqueeze(-1)
    scaled_theta1 = theta1.transpose(1, 2) / torch.tensor([0.5 * ow, 0.5 * oh], device=coeffs.device)
    output_grid1 = base_grid.reshape(1, oh * ow, 3).bmm(scaled_theta1.to(dtype))
    output_grid2 = base_grid.reshape(1, oh * ow, 3).bmm(theta2.transpose(1, 2))
    return (output_grid1 / output_grid2 - 1.0).reshape(1, oh, ow, 2)


def perspective(img, coeffs, interpolation="nearest", fill=None, data_format="CHW"):
    """Sample the image through the perspective transform with the eight `coeffs`."""
    _dynamic_only(img, "perspective")
    raw = img._t
    ndim = raw.dim()
    if ndim == 3:
        raw = raw.unsqueeze(0)
    raw = _to_nchw(raw, data_format)
    ow, oh = raw.shape[-1], raw.shape[-2]
    dtype = raw.dtype if raw.is_floating_point() else torch.float32
    coeffs = torch.tensor([float(c) for c in coeffs], dtype=torch.float32, device=raw.device)
    grid = _perspective_grid(coeffs, ow=ow, oh=oh, dtype=dtype)
    out = _from_nchw(_grid_transform(raw, grid, mode=interpolation, fill=fill), data_format)
    return wrap(out.squeeze(0) if ndim == 3 else out)


def vflip(img, data_format="CHW"):
    """Flip along the height axis."""
    _assert_image_tensor(img, data_format)
    _require_kernel("flip", img)
    return img.flip(axis=[_get_image_h_axis(data_format)])


def hflip(img, data_format="CHW"):
    """Flip along the width axis."""
    _assert_image_tensor(img, data_format)
    _require_kernel("flip", img)
    return img.flip(axis=[_get_image_w_axis(data_format)])


def crop(img, top, left, height, width, data_format="CHW"):
    """Slice [top:top + height, left:left + width] of the spatial axes."""
    _assert_image_tensor(img, data_format)
    if _is_channel_first(data_format):
        return img[:, top:top + height, left:left + width]
    return img[top:top + height, left:left + width, :]


def erase(img, i, j, h, w, v, inplace=False):
    """Set img[..., i:i + h, j:j + w] to `v` (on a clone unless `inplace`)."""
    _assert_image_tensor(img, "CHW")
    if img._t is None:
        return _erase_static(img, i, j, h, w, v)
    if not inplace:
        img = img.clone()
    img[..., i:i + h, j:j + w] = v
    return img


def _erase_static(img, i, j, h, w, v):
    # A static Variable: Paddle records a set_value of the slice; here a `where` over a constant
    # mask of the spatial region selects `v` (same values; the image's H and W must be known).
    import numpy as np
    from ..._ops.creation import full_like
    from ..._ops.search import where
    height, width = img.shape[-2], img.shape[-1]
    if height < 0 or width < 0 or not isinstance(v, numbers.Number):
        _dynamic_only(img, "erase with an unknown image size or a Tensor value", force=True)
    mask = np.zeros((height, width), dtype=bool)
    mask[i:i + h, j:j + w] = True
    return where(_to_tensor(mask), full_like(img, v), img)


def center_crop(img, output_size, data_format="CHW"):
    """Crop the center (rounding the offsets as Paddle does)."""
    _assert_image_tensor(img, data_format)
    if isinstance(output_size, numbers.Number):
        output_size = (int(output_size), int(output_size))
    image_width, image_height = _get_image_size(img, data_format)
    crop_height, crop_width = output_size
    crop_top = int(round((image_height - crop_height) / 2.0))
    crop_left = int(round((image_width - crop_width) / 2.0))
    return crop(img, crop_top, crop_left, crop_height, crop_width, data_format=data_format)


def pad(img, padding, fill=0, padding_mode="constant", data_format="CHW"):
    """Pad the spatial axes ('edge' = replicate; 'symmetric' is not supported, as in Paddle)."""
    _assert_image_tensor(img, data_format)
    if not isinstance(padding, (numbers.Number, list, tuple)):
        raise TypeError("Got inappropriate padding arg")
    if not isinstance(fill, (numbers.Number, str, list, tuple)):
        raise TypeError("Got inappropriate fill arg")
    if not isinstance(padding_mode, str):
        raise TypeError("Got inappropriate padding_mode arg")
    if isinstance(padding, (list, tuple)) and len(padding) not in [2, 4]:
        raise ValueError("Padding must be an int or a 2, or 4 element tuple, not a "
                         + f"{len(padding)} element tuple")
    assert padding_mode in ["constant", "edge", "reflect", "symmetric"], \
        "Padding mode should be either constant, edge, reflect or symmetric"
    if isinstance(padding, int):
        pad_left = pad_right = pad_top = pad_bottom = padding
    elif len(padding) == 2:
        pad_left = pad_right = padding[0]
        pad_top = pad_bottom = padding[1]
    else:
        pad_left, pad_top, pad_right, pad_bottom = padding
    if padding_mode == "edge":
        padding_mode = "replicate"
    elif padding_mode == "symmetric":
        raise ValueError("Do not support symmetric mode")
    value = float(fill)
    if img._t is None:
        # a static Variable: recorded as Paddle records it, one pad3d of the batched image
        _require_kernel("pad3d", img)
        from ..._nn.functional.common import pad as _pad
        out = _pad(img.unsqueeze(0), [pad_left, pad_right, pad_top, pad_bottom],
                   mode=padding_mode, value=value, data_format="N" + data_format.upper())
        return out.squeeze(0)
    raw = _to_nchw(img._t.unsqueeze(0), data_format)
    _require_kernel("pad3d", raw)
    if padding_mode == "constant":
        out = TF.pad(raw, [pad_left, pad_right, pad_top, pad_bottom], mode="constant", value=value)
    else:
        # torch's reflect/replicate kernels want a floating input; Paddle's pad3d takes any dtype.
        src = raw if raw.is_floating_point() else raw.double()
        out = TF.pad(src, [pad_left, pad_right, pad_top, pad_bottom], mode=padding_mode) \
            .to(raw.dtype)
    return wrap(_from_nchw(out, data_format).squeeze(0))


def resize(img, size, interpolation="bilinear", data_format="CHW"):
    """paddle.nn.functional.interpolate to (h, w); an int size matches the shorter edge."""
    _assert_image_tensor(img, data_format)
    if not (isinstance(size, int) or (isinstance(size, (tuple, list)) and len(size) == 2)):
        raise TypeError(f"Got inappropriate size arg: {size}")
    if isinstance(size, int):
        w, h = _get_image_size(img, data_format)
        if w <= 0 or h <= 0:
            raise NotImplementedError(f"Not support while w<=0 or h<=0, but received w={w}, h={h}")
        if (w <= h and w == size) or (h <= w and h == size):
            return img
        if w < h:
            ow, oh = size, int(size * h / w)
        else:
            oh, ow = size, int(size * w / h)
    else:
        oh, ow = size
    from ..._nn.functional.common import interpolate
    src = img.unsqueeze(0)
    integer = not img.dtype.torch.is_floating_point and interpolation.lower() != "nearest"
    if integer:
        # Paddle interpolates integer images in float and truncates; torch's uint8 kernels round.
        src = src.astype("float32")
    out = interpolate(src, size=(oh, ow), mode=interpolation.lower(),
                      data_format="N" + data_format.upper())
    if integer:
        out = out.astype(img.dtype)
    return out.squeeze(0)


def adjust_brightness(img, brightness_factor):
    """Blend with black by `brightness_factor`."""
    _dynamic_only(img, "adjust_brightness")
    _assert_image_tensor(img, "CHW")
    assert brightness_factor >= 0, "brightness_factor should be non-negative."
    assert _get_image_num_channels(img, "CHW") in [1, 3], \
        "channels of input should be either 1 or 3."
    raw = img._t
    _require_kernel("lerp", raw)
    return wrap(_blend_images(raw, torch.zeros_like(raw), brightness_factor))


def adjust_contrast(img, contrast_factor):
    """Blend with the mean gray level by `contrast_factor`."""
    _dynamic_only(img, "adjust_contrast")
    _assert_image_tensor(img, "chw")
    assert contrast_factor >= 0, "contrast_factor should be non-negative."
    channels = _get_image_num_channels(img, "CHW")
    raw = img._t
    _require_kernel("multiply", raw)
    dtype = raw.dtype if raw.is_floating_point() else torch.float32
    if channels == 1:
        extreme_target = raw.to(dtype).mean(dim=(-3, -2, -1), keepdim=True)
    elif channels == 3:
        extreme_target = to_grayscale(img)._t.to(dtype).mean(dim=(-3, -2, -1), keepdim=True)
    else:
        raise ValueError("channels of input should be either 1 or 3.")
    return wrap(_blend_images(raw, extreme_target, contrast_factor))


def adjust_saturation(img, saturation_factor):
    """Blend with the grayscale image by `saturation_factor`."""
    _dynamic_only(img, "adjust_saturation")
    _assert_image_tensor(img, "CHW")
    assert saturation_factor >= 0, "saturation_factor should be non-negative."
    channels = _get_image_num_channels(img, "CHW")
    if channels == 1:
        return img
    if channels != 3:
        raise ValueError("channels of input should be either 1 or 3.")
    _require_kernel("multiply", img._t)
    return wrap(_blend_images(img._t, to_grayscale(img)._t, saturation_factor))


def adjust_hue(img, hue_factor):
    """Shift the hue by `hue_factor` (a fraction of the colour wheel) in HSV space."""
    _dynamic_only(img, "adjust_hue")
    _assert_image_tensor(img, "CHW")
    assert hue_factor >= -0.5 and hue_factor <= 0.5, "hue_factor should be in range [-0.5, 0.5]"
    channels = _get_image_num_channels(img, "CHW")
    if channels == 1:
        return img
    if channels != 3:
        raise ValueError("channels of input should be either 1 or 3.")
    raw = img._t
    dtype = raw.dtype
    if dtype == torch.uint8:
        raw = raw.to(torch.float32) / 255.0
    h, s, v = _rgb_to_hsv(raw).unbind(dim=-3)
    h = h + hue_factor
    h = h - h.floor()
    out = _hsv_to_rgb(torch.stack([h, s, v], dim=-3))
    if dtype == torch.uint8:
        out = (out * 255.0).to(dtype)
    return wrap(out)
