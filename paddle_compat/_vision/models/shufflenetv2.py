"""paddle.vision.models.shufflenetv2: ShuffleNetV2 and its 7 builders (x0_25 .. x2_0, swish)."""
from ..._nn.layer.layers import Layer
from ..._nn.layer.activation import Swish
from ..._nn.layer.common import Linear
from ..._nn.layer.activation import ReLU
from ..._nn.layer.pooling import AdaptiveAvgPool2D, MaxPool2D
from ..._ops.manipulation import concat, flatten, reshape, split, transpose
from ..ops import ConvNormActivation
from ._utils import load_pretrained

__all__ = []

_BASE = "https://paddle-hapi.bj.bcebos.com/models/"
model_urls = {
    "shufflenet_v2_x0_25": (_BASE + "shufflenet_v2_x0_25.pdparams",
                            "1e509b4c140eeb096bb16e214796d03b"),
    "shufflenet_v2_x0_33": (_BASE + "shufflenet_v2_x0_33.pdparams",
                            "3d7b3ab0eaa5c0927ff1026d31b729bd"),
    "shufflenet_v2_x0_5": (_BASE + "shufflenet_v2_x0_5.pdparams",
                           "5e5cee182a7793c4e4c73949b1a71bd4"),
    "shufflenet_v2_x1_0": (_BASE + "shufflenet_v2_x1_0.pdparams",
                           "122d42478b9e81eb49f8a9ede327b1a4"),
    "shufflenet_v2_x1_5": (_BASE + "shufflenet_v2_x1_5.pdparams",
                           "faced5827380d73531d0ee027c67826d"),
    "shufflenet_v2_x2_0": (_BASE + "shufflenet_v2_x2_0.pdparams",
                           "cd3dddcd8305e7bcd8ad14d1c69a5784"),
    "shufflenet_v2_swish": (_BASE + "shufflenet_v2_swish.pdparams",
                            "adde0aa3b023e5b0c94a68be1c394b84"),
}


def create_activation_layer(act):
    """The activation class for 'swish' / 'relu' / None."""
    if act == "swish":
        return Swish
    if act == "relu":
        return ReLU
    if act is None:
        return None
    raise RuntimeError(f"The activation function is not supported: {act}")


def channel_shuffle(x, groups):
    """Interleave the channels of `groups` equal groups ([N, C, H, W])."""
    batch_size, num_channels, height, width = x.shape[0:4]
    channels_per_group = num_channels // groups
    x = reshape(x, shape=[batch_size, groups, channels_per_group, height, width])
    x = transpose(x, perm=[0, 2, 1, 3, 4])
    return reshape(x, shape=[batch_size, num_channels, height, width])


class InvertedResidual(Layer):
    """Stride-1 unit: split channels in half, transform one half, concatenate, shuffle."""

    def __init__(self, in_channels, out_channels, stride, activation_layer=ReLU):
        super().__init__()
        self._conv_pw = ConvNormActivation(
            in_channels=in_channels // 2, out_channels=out_channels // 2, kernel_size=1,
            stride=1, padding=0, groups=1, activation_layer=activation_layer)
        self._conv_dw = ConvNormActivation(
            in_channels=out_channels // 2, out_channels=out_channels // 2, kernel_size=3,
            stride=stride, padding=1, groups=out_channels // 2, activation_layer=None)
        self._conv_linear = ConvNormActivation(
            in_channels=out_channels // 2, out_channels=out_channels // 2, kernel_size=1,
            stride=1, padding=0, groups=1, activation_layer=activation_layer)

    def forward(self, inputs):
        x1, x2 = split(inputs, num_or_sections=[inputs.shape[1] // 2, inputs.shape[1] // 2],
                       axis=1)
        x2 = self._conv_linear(self._conv_dw(self._conv_pw(x2)))
        return channel_shuffle(concat([x1, x2], axis=1), 2)


class InvertedResidualDS(Layer):
    """Down-sampling unit: two strided branches over the whole input, concatenated, shuffled."""

    def __init__(self, in_channels, out_channels, stride, activation_layer=ReLU):
        super().__init__()
        self._conv_dw_1 = ConvNormActivation(
            in_channels=in_channels, out_channels=in_channels, kernel_size=3, stride=stride,
            padding=1, groups=in_channels, activation_layer=None)
        self._conv_linear_1 = ConvNormActivation(
            in_channels=in_channels, out_channels=out_channels // 2, kernel_size=1, stride=1,
            padding=0, groups=1, activation_layer=activation_layer)
        self._conv_pw_2 = ConvNormActivation(
            in_channels=in_channels, out_channels=out_channels // 2, kernel_size=1, stride=1,
            padding=0, groups=1, activation_layer=activation_layer)
        self._conv_dw_2 = ConvNormActivation(
            in_channels=out_channels // 2, out_channels=out_channels // 2, kernel_size=3,
            stride=stride, padding=1, groups=out_channels // 2, activation_layer=None)
        self._conv_linear_2 = ConvNormActivation(
            in_channels=out_channels // 2, out_channels=out_channels // 2, kernel_size=1,
            stride=1, padding=0, groups=1, activation_layer=activation_layer)

    def forward(self, inputs):
        x1 = self._conv_linear_1(self._conv_dw_1(inputs))
        x2 = self._conv_linear_2(self._conv_dw_2(self._conv_pw_2(inputs)))
        return channel_shuffle(concat([x1, x2], axis=1), 2)


_STAGE_OUT = {0.25: [-1, 24, 24, 48, 96, 512], 0.33: [-1, 24, 32, 64, 128, 512],
              0.5: [-1, 24, 48, 96, 192, 1024], 1.0: [-1, 24, 116, 232, 464, 1024],
              1.5: [-1, 24, 176, 352, 704, 1024], 2.0: [-1, 24, 224, 488, 976, 2048]}


class ShuffleNetV2(Layer):
    """paddle.vision.models.ShuffleNetV2(scale=1.0, act='relu', num_classes=1000,
    with_pool=True); scale in {0.25, 0.33, 0.5, 1.0, 1.5, 2.0}, act 'relu' or 'swish'."""

    def __init__(self, scale=1.0, act="relu", num_classes=1000, with_pool=True):
        super().__init__()
        self.scale = scale
        self.num_classes = num_classes
        self.with_pool = with_pool
        stage_repeats = [4, 8, 4]
        activation_layer = create_activation_layer(act)
        if scale not in _STAGE_OUT:
            raise NotImplementedError("This scale size:[" + str(scale) + "] is not implemented!")
        stage_out_channels = _STAGE_OUT[scale]
        self._conv1 = ConvNormActivation(
            in_channels=3, out_channels=stage_out_channels[1], kernel_size=3, stride=2,
            padding=1, activation_layer=activation_layer)
        self._max_pool = MaxPool2D(kernel_size=3, stride=2, padding=1)
        self._block_list = []
        for stage_id, num_repeat in enumerate(stage_repeats):
            for i in range(num_repeat):
                if i == 0:
                    unit = InvertedResidualDS(
                        in_channels=stage_out_channels[stage_id + 1],
                        out_channels=stage_out_channels[stage_id + 2], stride=2,
                        activation_layer=activation_layer)
                else:
                    unit = InvertedResidual(
                        in_channels=stage_out_channels[stage_id + 2],
                        out_channels=stage_out_channels[stage_id + 2], stride=1,
                        activation_layer=activation_layer)
                self._block_list.append(self.add_sublayer(
                    sublayer=unit, name=str(stage_id + 2) + "_" + str(i + 1)))
        self._last_conv = ConvNormActivation(
            in_channels=stage_out_channels[-2], out_channels=stage_out_channels[-1],
            kernel_size=1, stride=1, padding=0, activation_layer=activation_layer)
        if with_pool:
            self._pool2d_avg = AdaptiveAvgPool2D(1)
        if num_classes > 0:
            self._out_c = stage_out_channels[-1]
            self._fc = Linear(stage_out_channels[-1], num_classes)

    def forward(self, inputs):
        x = self._max_pool(self._conv1(inputs))
        for inv in self._block_list:
            x = inv(x)
        x = self._last_conv(x)
        if self.with_pool:
            x = self._pool2d_avg(x)
        if self.num_classes > 0:
            x = flatten(x, start_axis=1, stop_axis=-1)
            x = self._fc(x)
        return x


def _shufflenet_v2(arch, pretrained=False, scale=1.0, **kwargs):
    model = ShuffleNetV2(scale=scale, **kwargs)
    if pretrained:
        load_pretrained(model, arch, model_urls)
    return model


def shufflenet_v2_x0_25(pretrained=False, **kwargs):
    """ShuffleNetV2 0.25x.

    Differences from Paddle: `pretrained=True` loads the file from Paddle's weights cache
    (~/.cache/paddle/hapi/weights) and never downloads; a missing file is a RuntimeError
    naming it, its URL and MD5.
    """
    return _shufflenet_v2("shufflenet_v2_x0_25", scale=0.25, pretrained=pretrained, **kwargs)


def shufflenet_v2_x0_33(pretrained=False, **kwargs):
    """ShuffleNetV2 0.33x.

    Differences from Paddle: `pretrained=True` loads the file from Paddle's weights cache
    (~/.cache/paddle/hapi/weights) and never downloads; a missing file is a RuntimeError
    naming it, its URL and MD5.
    """
    return _shufflenet_v2("shufflenet_v2_x0_33", scale=0.33, pretrained=pretrained, **kwargs)


def shufflenet_v2_x0_5(pretrained=False, **kwargs):
    """ShuffleNetV2 0.5x.

    Differences from Paddle: `pretrained=True` loads the file from Paddle's weights cache
    (~/.cache/paddle/hapi/weights) and never downloads; a missing file is a RuntimeError
    naming it, its URL and MD5.
    """
    return _shufflenet_v2("shufflenet_v2_x0_5", scale=0.5, pretrained=pretrained, **kwargs)


def shufflenet_v2_x1_0(pretrained=False, **kwargs):
    """ShuffleNetV2 1.0x.

    Differences from Paddle: `pretrained=True` loads the file from Paddle's weights cache
    (~/.cache/paddle/hapi/weights) and never downloads; a missing file is a RuntimeError
    naming it, its URL and MD5.
    """
    return _shufflenet_v2("shufflenet_v2_x1_0", scale=1.0, pretrained=pretrained, **kwargs)


def shufflenet_v2_x1_5(pretrained=False, **kwargs):
    """ShuffleNetV2 1.5x.

    Differences from Paddle: `pretrained=True` loads the file from Paddle's weights cache
    (~/.cache/paddle/hapi/weights) and never downloads; a missing file is a RuntimeError
    naming it, its URL and MD5.
    """
    return _shufflenet_v2("shufflenet_v2_x1_5", scale=1.5, pretrained=pretrained, **kwargs)


def shufflenet_v2_x2_0(pretrained=False, **kwargs):
    """ShuffleNetV2 2.0x.

    Differences from Paddle: `pretrained=True` loads the file from Paddle's weights cache
    (~/.cache/paddle/hapi/weights) and never downloads; a missing file is a RuntimeError
    naming it, its URL and MD5.
    """
    return _shufflenet_v2("shufflenet_v2_x2_0", scale=2.0, pretrained=pretrained, **kwargs)


def shufflenet_v2_swish(pretrained=False, **kwargs):
    """ShuffleNetV2 1.0x with swish activations.

    Differences from Paddle: `pretrained=True` loads the file from Paddle's weights cache
    (~/.cache/paddle/hapi/weights) and never downloads; a missing file is a RuntimeError
    naming it, its URL and MD5.
    """
    return _shufflenet_v2("shufflenet_v2_swish", scale=1.0, act="swish", pretrained=pretrained,
                          **kwargs)
