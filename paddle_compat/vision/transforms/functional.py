"""paddle.vision.transforms.functional: the functional transforms."""
from ..._vision.transforms.functional import (adjust_brightness, adjust_contrast, adjust_hue,
                                              adjust_saturation, affine, center_crop, crop, erase,
                                              hflip, normalize, pad, perspective, resize, rotate,
                                              to_grayscale, to_tensor, vflip)

__all__ = ["to_tensor", "resize", "pad", "crop", "center_crop", "hflip", "vflip",
           "adjust_brightness", "adjust_contrast", "adjust_saturation", "adjust_hue", "affine",
           "rotate", "perspective", "to_grayscale", "normalize", "erase"]
