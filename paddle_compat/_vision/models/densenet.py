"""paddle.vision.models.densenet: DenseNet (121/161/169/201/264) and its builders, built from the
legacy `BatchNorm(act='relu')` layer as Paddle's is (so the parameter names match)."""
import math

from ..._nn.initializer import Uniform
from ..._nn.layer.layers import Layer
from ..._nn.layer.common import Dropout, Linear
from ..._nn.layer.pooling import AdaptiveAvgPool2D, AvgPool2D, MaxPool2D
from ..._nn.layer.norm import BatchNorm
from ..._nn.layer.conv import Conv2D
from ..._ops.manipulation import concat, flatten
from ..._param_attr import ParamAttr
from ._utils import load_pretrained

__all__ = []

_BASE = "https://paddle-imagenet-models-name.bj.bcebos.com/dygraph/"
model_urls = {
    "densenet121": (_BASE + "DenseNet121_pretrained.pdparams", "db1b239ed80a905290fd8b01d3af08e4"),
    "densenet161": (_BASE + "DenseNet161_pretrained.pdparams", "62158869cb315098bd25ddbfd308a853"),
    "densenet169": (_BASE + "DenseNet169_pretrained.pdparams", "82cc7c635c3f19098c748850efb2d796"),
    "densenet201": (_BASE + "DenseNet201_pretrained.pdparams", "16ca29565a7712329cf9e36e02caaf58"),
    "densenet264": (_BASE + "DenseNet264_pretrained.pdparams", "3270ce516b85370bba88cfdd9f60bff4"),
}


class BNACConvLayer(Layer):
    """BatchNorm(act) then Conv2D without bias (pre-activation)."""

    def __init__(self, num_channels, num_filters, filter_size, stride=1, pad=0, groups=1,
                 act="relu"):
        super().__init__()
        self._batch_norm = BatchNorm(num_channels, act=act)
        self._conv = Conv2D(in_channels=num_channels, out_channels=num_filters,
                            kernel_size=filter_size, stride=stride, padding=pad, groups=groups,
                            weight_attr=ParamAttr(), bias_attr=False)

    def forward(self, input):
        return self._conv(self._batch_norm(input))


class DenseLayer(Layer):
    """Bottleneck 1x1 then 3x3 (growth_rate channels), concatenated to the input."""

    def __init__(self, num_channels, growth_rate, bn_size, dropout):
        super().__init__()
        self.dropout = dropout
        self.bn_ac_func1 = BNACConvLayer(num_channels=num_channels,
                                         num_filters=bn_size * growth_rate, filter_size=1, pad=0,
                                         stride=1)
        self.bn_ac_func2 = BNACConvLayer(num_channels=bn_size * growth_rate,
                                         num_filters=growth_rate, filter_size=3, pad=1, stride=1)
        if dropout:
            self.dropout_func = Dropout(p=dropout, mode="downscale_in_infer")

    def forward(self, input):
        conv = self.bn_ac_func2(self.bn_ac_func1(input))
        if self.dropout:
            conv = self.dropout_func(conv)
        return concat([input, conv], axis=1)


class DenseBlock(Layer):
    """`num_layers` DenseLayers named '<name>_<i>'."""

    def __init__(self, num_channels, num_layers, bn_size, growth_rate, dropout, name=None):
        super().__init__()
        self.dropout = dropout
        self.dense_layer_func = []
        pre_channel = num_channels
        for layer in range(num_layers):
            self.dense_layer_func.append(self.add_sublayer(
                f"{name}_{layer + 1}",
                DenseLayer(num_channels=pre_channel, growth_rate=growth_rate, bn_size=bn_size,
                           dropout=dropout)))
            pre_channel = pre_channel + growth_rate

    def forward(self, input):
        conv = input
        for func in self.dense_layer_func:
            conv = func(conv)
        return conv


class TransitionLayer(Layer):
    """BN-ReLU-1x1 conv then AvgPool2D(2, 2)."""

    def __init__(self, num_channels, num_output_features):
        super().__init__()
        self.conv_ac_func = BNACConvLayer(num_channels=num_channels,
                                          num_filters=num_output_features, filter_size=1, pad=0,
                                          stride=1)
        self.pool2d_avg = AvgPool2D(kernel_size=2, stride=2, padding=0)

    def forward(self, input):
        return self.pool2d_avg(self.conv_ac_func(input))


class ConvBNLayer(Layer):
    """Conv2D without bias then BatchNorm(act)."""

    def __init__(self, num_channels, num_filters, filter_size, stride=1, pad=0, groups=1,
                 act="relu"):
        super().__init__()
        self._conv = Conv2D(in_channels=num_channels, out_channels=num_filters,
                            kernel_size=filter_size, stride=stride, padding=pad, groups=groups,
                            weight_attr=ParamAttr(), bias_attr=False)
        self._batch_norm = BatchNorm(num_filters, act=act)

    def forward(self, input):
        return self._batch_norm(self._conv(input))


class DenseNet(Layer):
    """paddle.vision.models.DenseNet(layers=121, bn_size=4, dropout=0.0, num_classes=1000,
    with_pool=True); layers in {121, 161, 169, 201, 264}."""

    def __init__(self, layers=121, bn_size=4, dropout=0.0, num_classes=1000, with_pool=True):
        super().__init__()
        self.num_classes = num_classes
        self.with_pool = with_pool
        supported_layers = [121, 161, 169, 201, 264]
        assert layers in supported_layers, (
            f"supported layers are {supported_layers} but input layer is {layers}")
        densenet_spec = {121: (64, 32, [6, 12, 24, 16]), 161: (96, 48, [6, 12, 36, 24]),
                         169: (64, 32, [6, 12, 32, 32]), 201: (64, 32, [6, 12, 48, 32]),
                         264: (64, 32, [6, 12, 64, 48])}
        num_init_features, growth_rate, block_config = densenet_spec[layers]
        self.conv1_func = ConvBNLayer(num_channels=3, num_filters=num_init_features,
                                      filter_size=7, stride=2, pad=3, act="relu")
        self.pool2d_max = MaxPool2D(kernel_size=3, stride=2, padding=1)
        self.block_config = block_config
        self.dense_block_func_list = []
        self.transition_func_list = []
        pre_num_channels = num_init_features
        num_features = num_init_features
        for i, num_layers in enumerate(block_config):
            self.dense_block_func_list.append(self.add_sublayer(
                f"db_conv_{i + 2}",
                DenseBlock(num_channels=pre_num_channels, num_layers=num_layers,
                           bn_size=bn_size, growth_rate=growth_rate, dropout=dropout,
                           name="conv" + str(i + 2))))
            num_features = num_features + num_layers * growth_rate
            pre_num_channels = num_features
            if i != len(block_config) - 1:
                self.transition_func_list.append(self.add_sublayer(
                    f"tr_conv{i + 2}_blk",
                    TransitionLayer(num_channels=pre_num_channels,
                                    num_output_features=num_features // 2)))
                pre_num_channels = num_features // 2
                num_features = num_features // 2
        self.batch_norm = BatchNorm(num_features, act="relu")
        if self.with_pool:
            self.pool2d_avg = AdaptiveAvgPool2D(1)
        if self.num_classes > 0:
            stdv = 1.0 / math.sqrt(num_features * 1.0)
            self.out = Linear(num_features, num_classes,
                              weight_attr=ParamAttr(initializer=Uniform(-stdv, stdv)),
                              bias_attr=ParamAttr())

    def forward(self, input):
        conv = self.pool2d_max(self.conv1_func(input))
        for i, _ in enumerate(self.block_config):
            conv = self.dense_block_func_list[i](conv)
            if i != len(self.block_config) - 1:
                conv = self.transition_func_list[i](conv)
        conv = self.batch_norm(conv)
        # Paddle returns `y`, which only exists when with_pool is set (else UnboundLocalError).
        if self.with_pool:
            y = self.pool2d_avg(conv)
        if self.num_classes > 0:
            y = flatten(y, start_axis=1, stop_axis=-1)
            y = self.out(y)
        return y


def _densenet(arch, layers, pretrained, **kwargs):
    model = DenseNet(layers=layers, **kwargs)
    if pretrained:
        load_pretrained(model, arch, model_urls)
    return model


def densenet121(pretrained=False, **kwargs):
    """DenseNet-121.

    Differences from Paddle: `pretrained=True` loads the file from Paddle's weights cache
    (~/.cache/paddle/hapi/weights) and never downloads; a missing file is a RuntimeError
    naming it, its URL and MD5.
    """
    return _densenet("densenet121", 121, pretrained, **kwargs)


def densenet161(pretrained=False, **kwargs):
    """DenseNet-161.

    Differences from Paddle: `pretrained=True` loads the file from Paddle's weights cache
    (~/.cache/paddle/hapi/weights) and never downloads; a missing file is a RuntimeError
    naming it, its URL and MD5.
    """
    return _densenet("densenet161", 161, pretrained, **kwargs)


def densenet169(pretrained=False, **kwargs):
    """DenseNet-169.

    Differences from Paddle: `pretrained=True` loads the file from Paddle's weights cache
    (~/.cache/paddle/hapi/weights) and never downloads; a missing file is a RuntimeError
    naming it, its URL and MD5.
    """
    return _densenet("densenet169", 169, pretrained, **kwargs)


def densenet201(pretrained=False, **kwargs):
    """DenseNet-201.

    Differences from Paddle: `pretrained=True` loads the file from Paddle's weights cache
    (~/.cache/paddle/hapi/weights) and never downloads; a missing file is a RuntimeError
    naming it, its URL and MD5.
    """
    return _densenet("densenet201", 201, pretrained, **kwargs)


def densenet264(pretrained=False, **kwargs):
    """DenseNet-264.

    Differences from Paddle: `pretrained=True` loads the file from Paddle's weights cache
    (~/.cache/paddle/hapi/weights) and never downloads; a missing file is a RuntimeError
    naming it, its URL and MD5.
    """
    return _densenet("densenet264", 264, pretrained, **kwargs)
