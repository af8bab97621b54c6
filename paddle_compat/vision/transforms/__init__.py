"""paddle.vision.transforms: the transform classes and functions."""
from . import functional
from ..._vision.transforms.functional import (adjust_brightness, adjust_contrast, adjust_hue,
                                              affine, center_crop, crop, erase, hflip, normalize,
                                              pad, perspective, resize, rotate, to_grayscale,
                                              to_tensor, vflip)
from ..._vision.transforms.transforms import (BaseTransform, BrightnessTransform, CenterCrop,
                                              ColorJitter, Compose, ContrastTransform, Grayscale,
                                              HueTransform, Normalize, Pad, RandomAffine,
                                              RandomCrop, RandomErasing, RandomHorizontalFlip,
                                              RandomPerspective, RandomResizedCrop,
                                              RandomRotation, RandomVerticalFlip, Resize,
                                              SaturationTransform, ToTensor, Transpose)

__all__ = ["BaseTransform", "Compose", "Resize", "RandomResizedCrop", "CenterCrop",
           "RandomHorizontalFlip", "RandomVerticalFlip", "Transpose", "Normalize",
           "BrightnessTransform", "SaturationTransform", "ContrastTransform", "HueTransform",
           "ColorJitter", "RandomCrop", "Pad", "RandomAffine", "RandomRotation",
           "RandomPerspective", "Grayscale", "ToTensor", "RandomErasing", "to_tensor", "hflip",
           "vflip", "resize", "pad", "affine", "rotate", "perspective", "to_grayscale", "crop",
           "center_crop", "adjust_brightness", "adjust_contrast", "adjust_hue", "normalize",
           "erase"]

# A Paddle 3.3.1 name missing here raises the one "not provided yet" error (paddle_compat/_census.py)
from ..._census import missing_getattr as _missing_getattr  # noqa: E402
__getattr__ = _missing_getattr(__name__)
