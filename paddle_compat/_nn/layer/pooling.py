"""paddle.nn pooling layers (Paddle: nn/layer/pooling.py): MaxPool1D/2D, AvgPool1D/2D,
AdaptiveAvgPool1D/2D, AdaptiveMaxPool2D."""
from ..functional import pooling as FP
from .layers import Layer

__all__ = ["MaxPool1D", "MaxPool2D", "AvgPool1D", "AvgPool2D", "AdaptiveAvgPool1D",
           "AdaptiveAvgPool2D", "AdaptiveMaxPool2D"]


class _Pool(Layer):
    _kind, _nd = "max", 2

    def __init__(self, kernel_size, stride=None, padding=0, return_mask=False, ceil_mode=False,
                 exclusive=True, divisor_override=None, data_format=None, name=None):
        super().__init__()
        self.ksize, self.kernel_size, self.stride, self.padding = kernel_size, kernel_size, stride, padding
        self.return_mask, self.ceil_mode, self.exclusive = return_mask, ceil_mode, exclusive
        self.divisor = divisor_override
        self.data_format = data_format or ("NCL" if self._nd == 1 else "NCHW")
        self.name = name

    def forward(self, x):
        if self._kind == "max":
            if self._nd == 1:
                return FP.max_pool1d(x, self.ksize, self.stride, self.padding, self.return_mask,
                                     self.ceil_mode)
            return FP.max_pool2d(x, self.ksize, self.stride, self.padding, self.return_mask,
                                 self.ceil_mode, self.data_format)
        if self._nd == 1:
            return FP.avg_pool1d(x, self.ksize, self.stride, self.padding, self.exclusive,
                                 self.ceil_mode)
        return FP.avg_pool2d(x, self.ksize, self.stride, self.padding, self.ceil_mode, self.exclusive,
                             self.divisor, self.data_format)

    def extra_repr(self):
        return f"kernel_size={self.ksize}, stride={self.stride}, padding={self.padding}"


class MaxPool2D(_Pool):
    """paddle.nn.MaxPool2D(kernel_size, stride=None, padding=0, return_mask=False, ceil_mode=False,
    data_format='NCHW')."""
    _kind, _nd = "max", 2

    def __init__(self, kernel_size, stride=None, padding=0, return_mask=False, ceil_mode=False,
                 data_format="NCHW", name=None):
        super().__init__(kernel_size, stride, padding, return_mask, ceil_mode,
                         data_format=data_format, name=name)


class MaxPool1D(_Pool):
    """paddle.nn.MaxPool1D(kernel_size, stride=None, padding=0, return_mask=False, ceil_mode=False)."""
    _kind, _nd = "max", 1

    def __init__(self, kernel_size, stride=None, padding=0, return_mask=False, ceil_mode=False,
                 name=None):
        super().__init__(kernel_size, stride, padding, return_mask, ceil_mode, name=name)


class AvgPool2D(_Pool):
    """paddle.nn.AvgPool2D(kernel_size, stride=None, padding=0, ceil_mode=False, exclusive=True,
    divisor_override=None, data_format='NCHW')."""
    _kind, _nd = "avg", 2

    def __init__(self, kernel_size, stride=None, padding=0, ceil_mode=False, exclusive=True,
                 divisor_override=None, data_format="NCHW", name=None):
        super().__init__(kernel_size, stride, padding, False, ceil_mode, exclusive, divisor_override,
                         data_format, name)


class AvgPool1D(_Pool):
    """paddle.nn.AvgPool1D(kernel_size, stride=None, padding=0, exclusive=True, ceil_mode=False)."""
    _kind, _nd = "avg", 1

    def __init__(self, kernel_size, stride=None, padding=0, exclusive=True, ceil_mode=False,
                 name=None):
        super().__init__(kernel_size, stride, padding, False, ceil_mode, exclusive, name=name)


class AdaptiveAvgPool2D(Layer):
    """paddle.nn.AdaptiveAvgPool2D(output_size, data_format='NCHW')."""

    def __init__(self, output_size, data_format="NCHW", name=None):
        super().__init__()
        self._output_size, self._data_format, self._name = output_size, data_format, name

    def forward(self, x):
        return FP.adaptive_avg_pool2d(x, self._output_size, self._data_format)

    def extra_repr(self):
        return f"output_size={self._output_size}"


class AdaptiveAvgPool1D(Layer):
    """paddle.nn.AdaptiveAvgPool1D(output_size)."""

    def __init__(self, output_size, name=None):
        super().__init__()
        self.output_size, self._name = output_size, name

    def forward(self, x):
        return FP.adaptive_avg_pool1d(x, self.output_size)

    def extra_repr(self):
        return f"output_size={self.output_size}"


class AdaptiveMaxPool2D(Layer):
    """paddle.nn.AdaptiveMaxPool2D(output_size, return_mask=False)."""

    def __init__(self, output_size, return_mask=False, name=None):
        super().__init__()
        self._output_size, self._return_mask, self._name = output_size, return_mask, name

    def forward(self, x):
        return FP.adaptive_max_pool2d(x, self._output_size, self._return_mask)

    def extra_repr(self):
        return f"output_size={self._output_size}, return_mask={self._return_mask}"
