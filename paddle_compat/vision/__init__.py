"""paddle.vision: datasets, transforms, models, detection ops and the image backend switch."""
from . import datasets, models, ops, transforms
from .datasets import (MNIST, VOC2012, Cifar10, Cifar100, DatasetFolder, FashionMNIST, Flowers,
                       ImageFolder)
from .image import get_image_backend, image_load, set_image_backend
from .models import (AlexNet, DenseNet, GoogLeNet, InceptionV3, LeNet, MobileNetV1, MobileNetV2,
                     MobileNetV3Large, MobileNetV3Small, ResNet, ShuffleNetV2, SqueezeNet, VGG,
                     alexnet, densenet121, densenet161, densenet169, densenet201, densenet264,
                     googlenet, inception_v3, mobilenet_v1, mobilenet_v2, mobilenet_v3_large,
                     mobilenet_v3_small, resnet101, resnet152, resnet18, resnet34, resnet50,
                     resnext101_32x4d, resnext101_64x4d, resnext152_32x4d, resnext152_64x4d,
                     resnext50_32x4d, resnext50_64x4d, shufflenet_v2_swish, shufflenet_v2_x0_25,
                     shufflenet_v2_x0_33, shufflenet_v2_x0_5, shufflenet_v2_x1_0,
                     shufflenet_v2_x1_5, shufflenet_v2_x2_0, squeezenet1_0, squeezenet1_1, vgg11,
                     vgg13, vgg16, vgg19, wide_resnet101_2, wide_resnet50_2)
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
