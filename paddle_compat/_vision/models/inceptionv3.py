"""paddle.vision.models.inceptionv3: InceptionV3 and inception_v3."""
import math

from ..._nn.initializer import Uniform
from ..._nn.layer.layers import Layer
from ..._nn.layer.common import Dropout, Linear
from ..._nn.layer.activation import ReLU
from ..._nn.layer.container import LayerList
from ..._nn.layer.pooling import AdaptiveAvgPool2D, AvgPool2D, MaxPool2D
from ..._ops.manipulation import concat, reshape
from ..._param_attr import ParamAttr
from ..ops import ConvNormActivation
from ._utils import load_pretrained

__all__ = []

model_urls = {
    "inception_v3": ("https://paddle-hapi.bj.bcebos.com/models/inception_v3.pdparams",
                     "649a4547c3243e8b59c656f41fe330b8"),
}


def _cna(cin, cout, kernel_size, padding, stride=1):
    return ConvNormActivation(in_channels=cin, out_channels=cout, kernel_size=kernel_size,
                              stride=stride, padding=padding, activation_layer=ReLU)


class InceptionStem(Layer):
    """The stem: five ConvNormActivations and two max pools, 3 -> 192 channels."""

    def __init__(self):
        super().__init__()
        self.conv_1a_3x3 = _cna(3, 32, 3, 0, stride=2)
        self.conv_2a_3x3 = _cna(32, 32, 3, 0)
        self.conv_2b_3x3 = _cna(32, 64, 3, 1)
        self.max_pool = MaxPool2D(kernel_size=3, stride=2, padding=0)
        self.conv_3b_1x1 = _cna(64, 80, 1, 0)
        self.conv_4a_3x3 = _cna(80, 192, 3, 0)

    def forward(self, x):
        x = self.conv_2b_3x3(self.conv_2a_3x3(self.conv_1a_3x3(x)))
        x = self.max_pool(x)
        x = self.conv_4a_3x3(self.conv_3b_1x1(x))
        return self.max_pool(x)


class InceptionA(Layer):
    """Inception-A: 1x1, 5x5, double 3x3 and pool branches."""

    def __init__(self, num_channels, pool_features):
        super().__init__()
        self.branch1x1 = _cna(num_channels, 64, 1, 0)
        self.branch5x5_1 = _cna(num_channels, 48, 1, 0)
        self.branch5x5_2 = _cna(48, 64, 5, 2)
        self.branch3x3dbl_1 = _cna(num_channels, 64, 1, 0)
        self.branch3x3dbl_2 = _cna(64, 96, 3, 1)
        self.branch3x3dbl_3 = _cna(96, 96, 3, 1)
        self.branch_pool = AvgPool2D(kernel_size=3, stride=1, padding=1, exclusive=False)
        self.branch_pool_conv = _cna(num_channels, pool_features, 1, 0)

    def forward(self, x):
        branch1x1 = self.branch1x1(x)
        branch5x5 = self.branch5x5_2(self.branch5x5_1(x))
        branch3x3dbl = self.branch3x3dbl_3(self.branch3x3dbl_2(self.branch3x3dbl_1(x)))
        branch_pool = self.branch_pool_conv(self.branch_pool(x))
        return concat([branch1x1, branch5x5, branch3x3dbl, branch_pool], axis=1)


class InceptionB(Layer):
    """Inception-B (grid reduction 35 -> 17)."""

    def __init__(self, num_channels):
        super().__init__()
        self.branch3x3 = _cna(num_channels, 384, 3, 0, stride=2)
        self.branch3x3dbl_1 = _cna(num_channels, 64, 1, 0)
        self.branch3x3dbl_2 = _cna(64, 96, 3, 1)
        self.branch3x3dbl_3 = _cna(96, 96, 3, 0, stride=2)
        self.branch_pool = MaxPool2D(kernel_size=3, stride=2)

    def forward(self, x):
        branch3x3 = self.branch3x3(x)
        branch3x3dbl = self.branch3x3dbl_3(self.branch3x3dbl_2(self.branch3x3dbl_1(x)))
        return concat([branch3x3, branch3x3dbl, self.branch_pool(x)], axis=1)


class InceptionC(Layer):
    """Inception-C: factorised 7x7 branches."""

    def __init__(self, num_channels, channels_7x7):
        super().__init__()
        c7 = channels_7x7
        self.branch1x1 = _cna(num_channels, 192, 1, 0)
        self.branch7x7_1 = _cna(num_channels, c7, 1, 0)
        self.branch7x7_2 = _cna(c7, c7, (1, 7), (0, 3))
        self.branch7x7_3 = _cna(c7, 192, (7, 1), (3, 0))
        self.branch7x7dbl_1 = _cna(num_channels, c7, 1, 0)
        self.branch7x7dbl_2 = _cna(c7, c7, (7, 1), (3, 0))
        self.branch7x7dbl_3 = _cna(c7, c7, (1, 7), (0, 3))
        self.branch7x7dbl_4 = _cna(c7, c7, (7, 1), (3, 0))
        self.branch7x7dbl_5 = _cna(c7, 192, (1, 7), (0, 3))
        self.branch_pool = AvgPool2D(kernel_size=3, stride=1, padding=1, exclusive=False)
        self.branch_pool_conv = _cna(num_channels, 192, 1, 0)

    def forward(self, x):
        branch1x1 = self.branch1x1(x)
        branch7x7 = self.branch7x7_3(self.branch7x7_2(self.branch7x7_1(x)))
        b = self.branch7x7dbl_2(self.branch7x7dbl_1(x))
        b = self.branch7x7dbl_5(self.branch7x7dbl_4(self.branch7x7dbl_3(b)))
        branch_pool = self.branch_pool_conv(self.branch_pool(x))
        return concat([branch1x1, branch7x7, b, branch_pool], axis=1)


class InceptionD(Layer):
    """Inception-D (grid reduction 17 -> 8)."""

    def __init__(self, num_channels):
        super().__init__()
        self.branch3x3_1 = _cna(num_channels, 192, 1, 0)
        self.branch3x3_2 = _cna(192, 320, 3, 0, stride=2)
        self.branch7x7x3_1 = _cna(num_channels, 192, 1, 0)
        self.branch7x7x3_2 = _cna(192, 192, (1, 7), (0, 3))
        self.branch7x7x3_3 = _cna(192, 192, (7, 1), (3, 0))
        self.branch7x7x3_4 = _cna(192, 192, 3, 0, stride=2)
        self.branch_pool = MaxPool2D(kernel_size=3, stride=2)

    def forward(self, x):
        branch3x3 = self.branch3x3_2(self.branch3x3_1(x))
        b = self.branch7x7x3_2(self.branch7x7x3_1(x))
        b = self.branch7x7x3_4(self.branch7x7x3_3(b))
        return concat([branch3x3, b, self.branch_pool(x)], axis=1)


class InceptionE(Layer):
    """Inception-E: expanded filter bank branches."""

    def __init__(self, num_channels):
        super().__init__()
        self.branch1x1 = _cna(num_channels, 320, 1, 0)
        self.branch3x3_1 = _cna(num_channels, 384, 1, 0)
        self.branch3x3_2a = _cna(384, 384, (1, 3), (0, 1))
        self.branch3x3_2b = _cna(384, 384, (3, 1), (1, 0))
        self.branch3x3dbl_1 = _cna(num_channels, 448, 1, 0)
        self.branch3x3dbl_2 = _cna(448, 384, 3, 1)
        self.branch3x3dbl_3a = _cna(384, 384, (1, 3), (0, 1))
        self.branch3x3dbl_3b = _cna(384, 384, (3, 1), (1, 0))
        self.branch_pool = AvgPool2D(kernel_size=3, stride=1, padding=1, exclusive=False)
        self.branch_pool_conv = _cna(num_channels, 192, 1, 0)

    def forward(self, x):
        branch1x1 = self.branch1x1(x)
        b3 = self.branch3x3_1(x)
        branch3x3 = concat([self.branch3x3_2a(b3), self.branch3x3_2b(b3)], axis=1)
        bd = self.branch3x3dbl_2(self.branch3x3dbl_1(x))
        branch3x3dbl = concat([self.branch3x3dbl_3a(bd), self.branch3x3dbl_3b(bd)], axis=1)
        branch_pool = self.branch_pool_conv(self.branch_pool(x))
        return concat([branch1x1, branch3x3, branch3x3dbl, branch_pool], axis=1)


class InceptionV3(Layer):
    """paddle.vision.models.InceptionV3(num_classes=1000, with_pool=True)."""

    def __init__(self, num_classes=1000, with_pool=True):
        super().__init__()
        self.num_classes = num_classes
        self.with_pool = with_pool
        self.layers_config = {
            "inception_a": [[192, 256, 288], [32, 64, 64]],
            "inception_b": [288],
            "inception_c": [[768, 768, 768, 768], [128, 160, 160, 192]],
            "inception_d": [768],
            "inception_e": [1280, 2048],
        }
        cfg = self.layers_config
        self.inception_stem = InceptionStem()
        self.inception_block_list = LayerList()
        for c, p in zip(*cfg["inception_a"]):
            self.inception_block_list.append(InceptionA(c, p))
        for c in cfg["inception_b"]:
            self.inception_block_list.append(InceptionB(c))
        for c, c7 in zip(*cfg["inception_c"]):
            self.inception_block_list.append(InceptionC(c, c7))
        for c in cfg["inception_d"]:
            self.inception_block_list.append(InceptionD(c))
        for c in cfg["inception_e"]:
            self.inception_block_list.append(InceptionE(c))
        if with_pool:
            self.avg_pool = AdaptiveAvgPool2D(1)
        if num_classes > 0:
            self.dropout = Dropout(p=0.2, mode="downscale_in_infer")
            stdv = 1.0 / math.sqrt(2048 * 1.0)
            self.fc = Linear(2048, num_classes,
                             weight_attr=ParamAttr(initializer=Uniform(-stdv, stdv)),
                             bias_attr=ParamAttr())

    def forward(self, x):
        x = self.inception_stem(x)
        for inception_block in self.inception_block_list:
            x = inception_block(x)
        if self.with_pool:
            x = self.avg_pool(x)
        if self.num_classes > 0:
            x = reshape(x, shape=[-1, 2048])
            x = self.fc(self.dropout(x))
        return x


def inception_v3(pretrained=False, **kwargs):
    """Inception v3.

    Differences from Paddle: `pretrained=True` loads the file from Paddle's weights cache
    (~/.cache/paddle/hapi/weights) and never downloads; a missing file is a RuntimeError
    naming it, its URL and MD5.
    """
    model = InceptionV3(**kwargs)
    if pretrained:
        load_pretrained(model, "inception_v3", model_urls)
    return model
