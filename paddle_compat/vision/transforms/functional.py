"""paddle.vision.transforms.functional: the functional transforms."""
# Paddle's own examples (BaseTransform's) use the private _is_*_image helpers from this module.
from ..._vision.transforms.functional import (_is_numpy_image, _is_pil_image,  # noqa: F401
                                              _is_tensor_image)
from ..._vision.transforms.functional import (adjust_brightness, adjust_contrast, adjust_hue,
                                              adjust_saturation, affine, center_crop, crop, erase,
                                              hflip, normalize, pad, perspective, resize, rotate,
                                              to_grayscale, to_tensor, vflip)

__all__ = ["to_tensor", "resize", "pad", "crop", "center_crop", "hflip", "vflip",
           "adjust_brightness", "adjust_contrast", "adjust_saturation", "adjust_hue", "affine",
           "rotate", "perspective", "to_grayscale", "normalize", "erase"]

# A Paddle 3.3.1 name missing here raises the one "not provided yet" error (paddle_compat/_census.py)
from ..._census import missing_getattr as _missing_getattr  # noqa: E402
__getattr__ = _missing_getattr(__name__)
