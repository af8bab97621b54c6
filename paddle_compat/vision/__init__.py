"""paddle.vision: datasets, transforms and the image backend switch."""
from . import datasets, transforms
from .datasets import (MNIST, VOC2012, Cifar10, Cifar100, DatasetFolder, FashionMNIST, Flowers,
                       ImageFolder)
from .image import get_image_backend, image_load, set_image_backend
from .transforms import (BaseTransform, BrightnessTransform, CenterCrop, ColorJitter, Compose,
                         ContrastTransform, Grayscale, HueTransform, Normalize, Pad, RandomCrop,
                         RandomHorizontalFlip, RandomResizedCrop, RandomRotation,
                         RandomVerticalFlip, Resize, SaturationTransform, ToTensor, Transpose,
                         adjust_brightness, adjust_contrast, adjust_hue, center_crop, crop, hflip,
                         normalize, pad, resize, rotate, to_grayscale, to_tensor, vflip)

__all__ = ["set_image_backend", "get_image_backend", "image_load"]

# A Paddle 3.3.1 name missing here raises the one "not provided yet" error (paddle_compat/_census.py)
from .._census import missing_getattr as _missing_getattr  # noqa: E402
__getattr__ = _missing_getattr(__name__)
