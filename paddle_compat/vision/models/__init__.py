"""paddle.vision.models: the 51 model classes and builders of Paddle 3.3.1, and Paddle's model
modules (`paddle.vision.models.resnet` with BasicBlock/BottleneckBlock, ...) at their paths."""
import sys

from ..._vision.models import (alexnet as _m_alexnet, densenet, googlenet as _m_googlenet,
                               inceptionv3, lenet, mobilenetv1, mobilenetv2, mobilenetv3, resnet,
                               shufflenetv2, squeezenet, vgg)
from ..._vision.models.alexnet import AlexNet, alexnet
from ..._vision.models.densenet import (
    DenseNet, densenet121, densenet161, densenet169, densenet201, densenet264)
from ..._vision.models.googlenet import GoogLeNet, googlenet
from ..._vision.models.inceptionv3 import InceptionV3, inception_v3
from ..._vision.models.lenet import LeNet
from ..._vision.models.mobilenetv1 import MobileNetV1, mobilenet_v1
from ..._vision.models.mobilenetv2 import MobileNetV2, mobilenet_v2
from ..._vision.models.mobilenetv3 import (
    MobileNetV3Large, MobileNetV3Small, mobilenet_v3_large, mobilenet_v3_small)
from ..._vision.models.resnet import (
    ResNet, resnet18, resnet34, resnet50, resnet101, resnet152, resnext50_32x4d,
    resnext50_64x4d, resnext101_32x4d, resnext101_64x4d, resnext152_32x4d, resnext152_64x4d,
    wide_resnet50_2, wide_resnet101_2)
from ..._vision.models.shufflenetv2 import (
    ShuffleNetV2, shufflenet_v2_x0_25, shufflenet_v2_x0_33, shufflenet_v2_x0_5,
    shufflenet_v2_x1_0, shufflenet_v2_x1_5, shufflenet_v2_x2_0, shufflenet_v2_swish)
from ..._vision.models.squeezenet import SqueezeNet, squeezenet1_0, squeezenet1_1
from ..._vision.models.vgg import VGG, vgg11, vgg13, vgg16, vgg19

__all__ = [
    "ResNet", "resnet18", "resnet34", "resnet50", "resnet101", "resnet152", "resnext50_32x4d",
    "resnext50_64x4d", "resnext101_32x4d", "resnext101_64x4d", "resnext152_32x4d",
    "resnext152_64x4d", "wide_resnet50_2", "wide_resnet101_2", "VGG", "vgg11", "vgg13", "vgg16",
    "vgg19", "MobileNetV1", "mobilenet_v1", "MobileNetV2", "mobilenet_v2", "MobileNetV3Small",
    "MobileNetV3Large", "mobilenet_v3_small", "mobilenet_v3_large", "LeNet", "DenseNet",
    "densenet121", "densenet161", "densenet169", "densenet201", "densenet264", "AlexNet",
    "alexnet", "InceptionV3", "inception_v3", "SqueezeNet", "squeezenet1_0", "squeezenet1_1",
    "GoogLeNet", "googlenet", "ShuffleNetV2", "shufflenet_v2_x0_25", "shufflenet_v2_x0_33",
    "shufflenet_v2_x0_5", "shufflenet_v2_x1_0", "shufflenet_v2_x1_5", "shufflenet_v2_x2_0",
    "shufflenet_v2_swish"
]

# `import paddle.vision.models.resnet` and friends: Paddle's model modules are public. (`alexnet`
# and `googlenet` are builder functions here, as in Paddle, so only their module paths are
# registered.)
for _m in (_m_alexnet, densenet, _m_googlenet, inceptionv3, lenet, mobilenetv1, mobilenetv2,
           mobilenetv3, resnet, shufflenetv2, squeezenet, vgg):
    sys.modules[f"{__name__}.{_m.__name__.rsplit('.', 1)[1]}"] = _m
del _m

# A Paddle 3.3.1 name missing here raises the one "not provided yet" error (paddle_compat/_census.py)
from ..._census import missing_getattr as _missing_getattr  # noqa: E402
__getattr__ = _missing_getattr(__name__)
