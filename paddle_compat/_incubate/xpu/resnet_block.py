"""paddle.incubate.xpu.resnet_block (mirrors paddle/incubate/xpu/resnet_block.py): Kunlun XPU's
fused ResNet basic block (conv + batch norm + relu, twice, with an optional conv + batch norm
shortcut). Paddle registers the resnet_basic_block kernel for XPU only: on its CPU and GPU wheels
the layer builds its parameters and every call raises RuntimeError (NotFound). paddle_compat
does the same, and its message names what to use instead."""
from ..._nn.initializer import Constant, Normal
from ..._nn.layer.layers import Layer
from ..._param_attr import ParamAttr
from ..._nn.layer.conv import _to_list as convert_to_list

__all__ = ["resnet_basic_block", "ResNetBasicBlock"]


def _no_kernel():
    return RuntimeError(
        "(NotFound) There are no kernels which are registered in the resnet_basic_block "
        "operator. paddle.incubate.xpu.resnet_block runs only on Kunlun XPU devices, which "
        "paddle_compat does not support; use paddle.vision.models.resnet.BasicBlock (Conv2D + "
        "BatchNorm2D + ReLU) instead.")


def resnet_basic_block(x, filter1, scale1, bias1, mean1, var1, filter2, scale2, bias2, mean2,
                       var2, filter3, scale3, bias3, mean3, var3, stride1, stride2, stride3,
                       padding1, padding2, padding3, dilation1, dilation2, dilation3, groups,
                       momentum, eps, data_format, has_shortcut, use_global_stats=None,
                       training=False, trainable_statistics=False, find_conv_max=True):
    """paddle.incubate.xpu.resnet_block.resnet_basic_block(x, filter1, ..., find_conv_max=True):
    the fused XPU kernel. Raises RuntimeError: Paddle has no kernel for it outside XPU.

    Differences from Paddle: none on CPU/GPU (Paddle raises the same RuntimeError there); the
    message adds what to use instead."""
    raise _no_kernel()


class ResNetBasicBlock(Layer):
    """paddle.incubate.xpu.resnet_block.ResNetBasicBlock(num_channels1, num_filter1,
    filter1_size, num_channels2, num_filter2, filter2_size, num_channels3, num_filter3,
    filter3_size, stride1=1, stride2=1, stride3=1, act='relu', momentum=0.9, eps=1e-5,
    data_format='NCHW', has_shortcut=False, ...): holds Paddle's parameters (filter_i, scale_i,
    bias_i and the non-trainable mean_i / var_i, i = 1, 2 and 3 with has_shortcut; batch-norm
    ones shaped [1, 1, num_filter_i]); forward raises RuntimeError (an XPU-only kernel).

    Differences from Paddle: none on CPU/GPU (Paddle raises the same RuntimeError there); the
    message adds what to use instead (paddle.vision.models.resnet.BasicBlock)."""

    def __init__(self, num_channels1, num_filter1, filter1_size, num_channels2, num_filter2,
                 filter2_size, num_channels3, num_filter3, filter3_size, stride1=1, stride2=1,
                 stride3=1, act="relu", momentum=0.9, eps=1e-5, data_format="NCHW",
                 has_shortcut=False, use_global_stats=False, is_test=False, filter1_attr=None,
                 scale1_attr=None, bias1_attr=None, moving_mean1_name=None,
                 moving_var1_name=None, filter2_attr=None, scale2_attr=None, bias2_attr=None,
                 moving_mean2_name=None, moving_var2_name=None, filter3_attr=None,
                 scale3_attr=None, bias3_attr=None, moving_mean3_name=None,
                 moving_var3_name=None, padding1=0, padding2=0, padding3=0, dilation1=1,
                 dilation2=1, dilation3=1, trainable_statistics=False, find_conv_max=True):
        super().__init__()
        self._stride1, self._stride2 = stride1, stride2
        self._kernel1_size = convert_to_list(filter1_size, 2, "filter1_size")
        self._kernel2_size = convert_to_list(filter2_size, 2, "filter2_size")
        self._dilation1, self._dilation2 = dilation1, dilation2
        self._padding1, self._padding2 = padding1, padding2
        self._groups = 1
        self._momentum, self._eps = momentum, eps
        self._data_format = data_format
        self._act = act
        self._has_shortcut = has_shortcut
        self._use_global_stats = use_global_stats
        self._is_test = is_test
        self._trainable_statistics = trainable_statistics
        self._find_conv_max = find_conv_max
        if has_shortcut:
            self._kernel3_size = convert_to_list(filter3_size, 2, "filter3_size")
            self._padding3, self._stride3, self._dilation3 = padding3, stride3, dilation3
        else:
            self._kernel3_size = None
            self._padding3, self._stride3, self._dilation3 = 1, 1, 1
        valid_format = {"NCHW"}
        if data_format not in valid_format:
            raise ValueError(f"conv_format must be one of {valid_format}, but got "
                             f"conv_format={data_format}")
        specs = [(1, num_channels1, num_filter1, filter1_size, self._kernel1_size, filter1_attr,
                  scale1_attr, bias1_attr, moving_mean1_name, moving_var1_name),
                 (2, num_channels2, num_filter2, filter2_size, self._kernel2_size, filter2_attr,
                  scale2_attr, bias2_attr, moving_mean2_name, moving_var2_name)]
        if has_shortcut:
            specs.append((3, num_channels3, num_filter3, filter3_size, self._kernel3_size,
                          filter3_attr, scale3_attr, bias3_attr, moving_mean3_name,
                          moving_var3_name))
        for (i, channels, filters, size, kernel, f_attr, s_attr, b_attr, mean_name,
             var_name) in specs:
            self._make_branch(i, channels, filters, size, kernel, f_attr, s_attr, b_attr,
                              mean_name, var_name)

    def _make_branch(self, i, channels, filters, size, kernel, f_attr, s_attr, b_attr,
                     mean_name, var_name):
        # He-normal filters, as Paddle's _get_default_param_initializer
        std = (2.0 / (kernel[0] * kernel[1] * channels)) ** 0.5
        bn_shape = [1, 1, filters]
        setattr(self, f"filter_{i}", self.create_parameter(
            shape=[filters, channels, size, size], attr=f_attr,
            default_initializer=Normal(0.0, std)))
        setattr(self, f"scale_{i}", self.create_parameter(
            shape=bn_shape, attr=s_attr, dtype="float32", default_initializer=Constant(1.0)))
        setattr(self, f"bias_{i}", self.create_parameter(
            shape=bn_shape, attr=b_attr, dtype="float32", is_bias=True))
        for stat, name, value in (("mean", mean_name, 0.0), ("var", var_name, 1.0)):
            p = self.create_parameter(
                attr=ParamAttr(name=name, initializer=Constant(value), trainable=False),
                shape=bn_shape, dtype="float32")
            p.stop_gradient = True
            setattr(self, f"{stat}_{i}", p)

    def forward(self, x):
        raise _no_kernel()
