"""paddle.nn pooling layers (Paddle: nn/layer/pooling.py): Max/Avg/LP pooling, adaptive pooling,
max unpooling and fractional max pooling in 1, 2 and 3 dimensions."""
import warnings

from ..functional import pooling as FP
from .layers import Layer

__all__ = ["MaxPool1D", "MaxPool2D", "MaxPool3D", "AvgPool1D", "AvgPool2D", "AvgPool3D",
           "AdaptiveAvgPool1D", "AdaptiveAvgPool2D", "AdaptiveAvgPool3D", "AdaptiveMaxPool1D",
           "AdaptiveMaxPool2D", "AdaptiveMaxPool3D", "LPPool1D", "LPPool2D", "MaxUnPool1D",
           "MaxUnPool2D", "MaxUnPool3D", "FractionalMaxPool2D", "FractionalMaxPool3D"]


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
        if self._nd == 3:
            if self._kind == "max":
                return FP.max_pool3d(x, self.ksize, self.stride, self.padding, self.return_mask,
                                     self.ceil_mode, self.data_format)
            return FP.avg_pool3d(x, self.ksize, self.stride, self.padding, self.ceil_mode,
                                 self.exclusive, self.divisor, self.data_format)
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


class MaxPool3D(_Pool):
    """paddle.nn.MaxPool3D(kernel_size, stride=None, padding=0, return_mask=False, ceil_mode=False,
    data_format='NCDHW')."""
    _kind, _nd = "max", 3

    def __init__(self, kernel_size, stride=None, padding=0, return_mask=False, ceil_mode=False,
                 data_format="NCDHW", name=None):
        super().__init__(kernel_size, stride, padding, return_mask, ceil_mode,
                         data_format=data_format, name=name)


class AvgPool3D(_Pool):
    """paddle.nn.AvgPool3D(kernel_size, stride=None, padding=0, ceil_mode=False, exclusive=True,
    divisor_override=None, data_format='NCDHW')."""
    _kind, _nd = "avg", 3

    def __init__(self, kernel_size, stride=None, padding=0, ceil_mode=False, exclusive=True,
                 divisor_override=None, data_format="NCDHW", name=None):
        super().__init__(kernel_size, stride, padding, False, ceil_mode, exclusive, divisor_override,
                         data_format, name)


class AdaptiveAvgPool3D(Layer):
    """paddle.nn.AdaptiveAvgPool3D(output_size, data_format='NCDHW')."""

    def __init__(self, output_size, data_format="NCDHW", name=None):
        super().__init__()
        self._output_size, self._data_format, self._name = output_size, data_format, name

    def forward(self, x):
        return FP.adaptive_avg_pool3d(x, self._output_size, self._data_format)

    def extra_repr(self):
        return f"output_size={self._output_size}"


class AdaptiveMaxPool1D(Layer):
    """paddle.nn.AdaptiveMaxPool1D(output_size, return_mask=False)."""

    def __init__(self, output_size, return_mask=False, name=None):
        super().__init__()
        self.output_size, self.return_mask, self.name = output_size, return_mask, name

    def forward(self, input):
        return FP.adaptive_max_pool1d(input, self.output_size, self.return_mask)

    def extra_repr(self):
        return f"output_size={self.output_size}, return_mask={self.return_mask}"


class AdaptiveMaxPool3D(Layer):
    """paddle.nn.AdaptiveMaxPool3D(output_size, return_mask=False)."""

    def __init__(self, output_size, return_mask=False, name=None):
        super().__init__()
        self._output_size, self._return_mask, self._name = output_size, return_mask, name

    def forward(self, x):
        return FP.adaptive_max_pool3d(x, self._output_size, self._return_mask)

    def extra_repr(self):
        return f"output_size={self._output_size}, return_mask={self._return_mask}"


class LPPool1D(Layer):
    """paddle.nn.LPPool1D(norm_type, kernel_size, stride=None, padding=0, ceil_mode=False,
    data_format='NCL')."""

    def __init__(self, norm_type, kernel_size, stride=None, padding=0, ceil_mode=False,
                 data_format="NCL", name=None):
        super().__init__()
        # Paddle keeps a float norm_type (its repr shows 2.0)
        self.norm_type, self.kernel_size, self.stride, self.padding = \
            float(norm_type), kernel_size, stride, padding
        self.ceil_mode, self.data_format, self.name = ceil_mode, data_format, name

    def forward(self, x):
        return FP.lp_pool1d(x, self.norm_type, self.kernel_size, self.stride, self.padding,
                            self.ceil_mode, self.data_format)

    def extra_repr(self):
        return (f"norm_type={self.norm_type}, kernel_size={self.kernel_size}, "
                f"stride={self.stride}, padding={self.padding}")


class LPPool2D(Layer):
    """paddle.nn.LPPool2D(norm_type, kernel_size, stride=None, padding=0, ceil_mode=False,
    data_format='NCHW')."""

    def __init__(self, norm_type, kernel_size, stride=None, padding=0, ceil_mode=False,
                 data_format="NCHW", name=None):
        super().__init__()
        self.norm_type, self.ksize, self.stride, self.padding = \
            float(norm_type), kernel_size, stride, padding
        self.ceil_mode, self.data_format, self.name = ceil_mode, data_format, name

    def forward(self, x):
        return FP.lp_pool2d(x, self.norm_type, self.ksize, self.stride, self.padding,
                            self.ceil_mode, self.data_format)

    def extra_repr(self):
        return (f"norm_type={self.norm_type}, kernel_size={self.ksize}, stride={self.stride}, "
                f"padding={self.padding}")


class _MaxUnPool(Layer):
    _fn, _default_format = None, "NCHW"

    def __init__(self, kernel_size, stride=None, padding=0, data_format=None, output_size=None,
                 name=None):
        super().__init__()
        self.ksize, self.stride, self.padding = kernel_size, stride, padding
        self.data_format = data_format or self._default_format
        self.output_size, self.name = output_size, name

    def forward(self, x, indices, output_size=None):
        if output_size:
            warnings.warn("output_size in forward overrides output_size in __init__. The "
                          "output_size parameter in forward has higher priority.", stacklevel=2)
            size = output_size
        else:
            size = self.output_size
        return type(self)._fn(x, indices, kernel_size=self.ksize, stride=self.stride,
                              padding=self.padding, data_format=self.data_format, output_size=size)

    def extra_repr(self):
        return f"output_size={self.output_size}"


class MaxUnPool1D(_MaxUnPool):
    """paddle.nn.MaxUnPool1D(kernel_size, stride=None, padding=0, data_format='NCL',
    output_size=None); forward(x, indices, output_size=None)."""
    _fn, _default_format = staticmethod(FP.max_unpool1d), "NCL"


class MaxUnPool2D(_MaxUnPool):
    """paddle.nn.MaxUnPool2D(kernel_size, stride=None, padding=0, data_format='NCHW',
    output_size=None); forward(x, indices, output_size=None)."""
    _fn, _default_format = staticmethod(FP.max_unpool2d), "NCHW"


class MaxUnPool3D(_MaxUnPool):
    """paddle.nn.MaxUnPool3D(kernel_size, stride=None, padding=0, data_format='NCDHW',
    output_size=None); forward(x, indices, output_size=None)."""
    _fn, _default_format = staticmethod(FP.max_unpool3d), "NCDHW"


class _FractionalMaxPool(Layer):
    _fn = None

    def __init__(self, output_size, kernel_size=None, random_u=None, return_mask=False, name=None):
        super().__init__()
        self._output_size, self._kernel_size, self._random_u = output_size, kernel_size, random_u
        self._return_mask, self._name = return_mask, name

    def forward(self, x):
        return type(self)._fn(x, output_size=self._output_size, kernel_size=self._kernel_size,
                              random_u=self._random_u, return_mask=self._return_mask)

    def extra_repr(self):
        return f"output_size={self._output_size}, return_mask={self._return_mask}"


class FractionalMaxPool2D(_FractionalMaxPool):
    """paddle.nn.FractionalMaxPool2D(output_size, kernel_size=None, random_u=None,
    return_mask=False)."""
    _fn = staticmethod(FP.fractional_max_pool2d)


class FractionalMaxPool3D(_FractionalMaxPool):
    """paddle.nn.FractionalMaxPool3D(output_size, kernel_size=None, random_u=None,
    return_mask=False)."""
    _fn = staticmethod(FP.fractional_max_pool3d)
