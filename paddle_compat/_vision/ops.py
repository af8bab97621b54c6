"""paddle.vision.ops: detection operators (nms, roi_align, box_coder, ...) and their layers, plus
ConvNormActivation (the conv-norm-activation block the models use)."""
from .._nn.layers_common import ReLU
from .._nn.layers_container import Sequential
from .._nn.layers_conv_norm import BatchNorm2D, Conv2D

__all__ = []


class ConvNormActivation(Sequential):
    """paddle.vision.ops.ConvNormActivation(in_channels, out_channels, kernel_size=3, stride=1,
    padding=None, groups=1, norm_layer=BatchNorm2D, activation_layer=ReLU, dilation=1,
    bias=None): a Sequential of Conv2D, the norm layer (unless None) and the activation (unless
    None). padding None means (kernel_size - 1) // 2 * dilation; bias None means bias only when
    there is no norm layer."""

    def __init__(self, in_channels, out_channels, kernel_size=3, stride=1, padding=None, groups=1,
                 norm_layer=BatchNorm2D, activation_layer=ReLU, dilation=1, bias=None):
        if padding is None:
            padding = (kernel_size - 1) // 2 * dilation
        if bias is None:
            bias = norm_layer is None
        layers = [Conv2D(in_channels, out_channels, kernel_size, stride, padding,
                         dilation=dilation, groups=groups, bias_attr=bias)]
        if norm_layer is not None:
            layers.append(norm_layer(out_channels))
        if activation_layer is not None:
            layers.append(activation_layer())
        super().__init__(*layers)
