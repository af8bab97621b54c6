"""paddle.nn common layers (Paddle: nn/layer/common.py): Linear, Bilinear, Dropout (and Dropout2D/3D,
AlphaDropout, FeatureAlphaDropout), Embedding, Flatten, Unflatten, Identity, the padding layers
(Pad1D/2D/3D, ZeroPad*, ConstantPad*, ReflectionPad*, ReplicationPad*, CircularPad*), Upsample,
UpsamplingNearest2D/UpsamplingBilinear2D, CosineSimilarity, Fold, Unfold."""
import torch

from ..._dtype import get_default_dtype
from ..._tensor import Tensor
from ..functional import common as FC
from ..functional import input as FI
from ..._ops import manipulation as _manip
from .layers import Layer

__all__ = ["Linear", "Dropout", "Embedding", "Flatten", "Identity", "Pad1D", "Pad2D", "Upsample",
           "CosineSimilarity", "Pad3D", "ZeroPad1D", "ZeroPad2D", "ZeroPad3D", "ConstantPad1D",
           "ConstantPad2D", "ConstantPad3D", "ReflectionPad1D", "ReflectionPad2D", "ReflectionPad3D",
           "ReplicationPad1D", "ReplicationPad2D", "ReplicationPad3D", "CircularPad1D",
           "CircularPad2D", "CircularPad3D", "Bilinear", "Unflatten", "UpsamplingNearest2D",
           "UpsamplingBilinear2D", "Fold", "Unfold", "AlphaDropout", "FeatureAlphaDropout",
           "Dropout2D", "Dropout3D"]


class Linear(Layer):
    """paddle.nn.Linear(in_features, out_features, weight_attr=None, bias_attr=None, name=None):
    y = x @ W + b with W of shape [in_features, out_features] (XavierUniform) and b zeros.
    `bias_attr=False` gives no bias."""

    def __init__(self, in_features, out_features, weight_attr=None, bias_attr=None, name=None):
        super().__init__()
        self._dtype = get_default_dtype()
        self._weight_attr, self._bias_attr = weight_attr, bias_attr
        self.weight = self.create_parameter(shape=[in_features, out_features], attr=weight_attr,
                                            dtype=self._dtype, is_bias=False)
        self.bias = self.create_parameter(shape=[out_features], attr=bias_attr, dtype=self._dtype,
                                          is_bias=True)
        self.name = name

    def forward(self, input):
        return FC.linear(input, self.weight, self.bias, name=self.name)

    def extra_repr(self):
        name_str = f", name={self.name}" if self.name else ""
        return (f"in_features={self.weight.shape[0]}, out_features={self.weight.shape[1]}, "
                f"dtype={self._dtype}{name_str}")


class Dropout(Layer):
    """paddle.nn.Dropout(p=0.5, inplace=False, axis=None, mode='upscale_in_train', name=None);
    active only in training mode."""

    def __init__(self, p=0.5, inplace=False, axis=None, mode="upscale_in_train", name=None):
        super().__init__()
        self.p, self.inplace, self.axis, self.mode, self.name = p, inplace, axis, mode, name

    def forward(self, input):
        return FC.dropout(input, p=self.p, axis=self.axis, training=self.training,
                          inplace=self.inplace, mode=self.mode)

    def extra_repr(self):
        name_str = f", name={self.name}" if self.name else ""
        return f"p={self.p}, axis={self.axis}, mode={self.mode}{name_str}, inplace={self.inplace}"


class Embedding(Layer):
    """paddle.nn.Embedding(num_embeddings, embedding_dim, padding_idx=None, max_norm=None,
    norm_type=2.0, sparse=False, weight_attr=None, name=None): weight [num_embeddings, embedding_dim]
    (XavierUniform); the padding_idx row is zeroed at creation."""

    def __init__(self, num_embeddings, embedding_dim, padding_idx=None, max_norm=None, norm_type=2.0,
                 *, scale_grad_by_freq=False, sparse=False, _weight=None, _freeze=False, device=None,
                 dtype=None, weight_attr=None, name=None):
        super().__init__()
        self._num_embeddings, self._embedding_dim = num_embeddings, embedding_dim
        self._sparse, self._max_norm, self._norm_type = sparse, max_norm, norm_type
        self._padding_idx, self._scale_grad_by_freq, self._name = padding_idx, scale_grad_by_freq, name
        if num_embeddings <= 0:
            raise ValueError("num_embeddings must be gather than 0")
        if embedding_dim <= 0:
            raise ValueError("embedding_dim must be gather than 0")
        pidx = -1 if padding_idx is None else (padding_idx if padding_idx >= 0
                                                 else num_embeddings + padding_idx)
        if pidx >= num_embeddings or pidx < -num_embeddings:
            raise ValueError(f"padding_idx must be within [-{num_embeddings}, {num_embeddings})")
        self._dtype = get_default_dtype() if dtype is None else dtype
        self._size = [num_embeddings, embedding_dim]
        self._weight_attr = weight_attr
        if _weight is not None:
            assert list(_weight.shape) == self._size, \
                "Shape of weight does not match num_embeddings and embedding_dim"
            self.weight = _weight
            self.weight.stop_gradient = _freeze
        else:
            self.weight = self.create_parameter(attr=weight_attr, shape=self._size,
                                                dtype=self._dtype, is_bias=False, device=device)
            if weight_attr is None:
                self.weight.stop_gradient = _freeze
        if pidx != -1 and hasattr(self.weight, "_t"):   # static Parameters are filled at startup
            with torch.no_grad():
                self.weight._t[pidx] = 0.0

    @property
    def padding_idx(self):
        return self._padding_idx

    def forward(self, x):
        return FI.embedding(x, weight=self.weight, padding_idx=self._padding_idx,
                            max_norm=self._max_norm, norm_type=self._norm_type, sparse=self._sparse,
                            scale_grad_by_freq=self._scale_grad_by_freq)

    def extra_repr(self):
        s = f"{self._num_embeddings}, {self._embedding_dim}"
        if self._padding_idx is not None:
            s += f", padding_idx={self._padding_idx}"
        s += f", sparse={self._sparse}, scale_grad_by_freq={self._scale_grad_by_freq}"
        if self._name is not None:
            s += f", name={self._name}"
        return s


class Flatten(Layer):
    """paddle.nn.Flatten(start_axis=1, stop_axis=-1)."""

    def __init__(self, start_axis=1, stop_axis=-1):
        super().__init__()
        self.start_axis, self.stop_axis = start_axis, stop_axis

    def forward(self, input):
        return FC.flatten(input, start_axis=self.start_axis, stop_axis=self.stop_axis)


class Identity(Layer):
    """paddle.nn.Identity(*args, **kwargs): returns its input."""

    def __init__(self, *args, **kwargs):
        super().__init__()

    def forward(self, input):
        return input


class _PadNd(Layer):
    _nd, _default_format = 1, "NCL"

    def __init__(self, padding, mode="constant", value=0.0, data_format=None, name=None):
        super().__init__()
        if not isinstance(padding, (Tensor, list, tuple)):
            padding = [padding] * (2 * self._nd)
        self.padding, self._mode, self.value = padding, mode, value
        self._data_format = data_format or self._default_format
        self._name = name

    def forward(self, x):
        return FC.pad(x, self.padding, mode=self._mode, value=self.value,
                      data_format=self._data_format)

    def extra_repr(self):
        name_str = f", name={self._name}" if self._name else ""
        return (f"padding={self.padding}, mode={self._mode}, value={self.value}, "
                f"data_format={self._data_format}{name_str}")


class Pad1D(_PadNd):
    """paddle.nn.Pad1D(padding, mode='constant', value=0.0, data_format='NCL')."""
    _nd, _default_format = 1, "NCL"


class Pad2D(_PadNd):
    """paddle.nn.Pad2D(padding, mode='constant', value=0.0, data_format='NCHW'):
    padding [left, right, top, bottom]."""
    _nd, _default_format = 2, "NCHW"


class Pad3D(_PadNd):
    """paddle.nn.Pad3D(padding, mode='constant', value=0.0, data_format='NCDHW'):
    padding [left, right, top, bottom, front, back]."""
    _nd, _default_format = 3, "NCDHW"


def _fixed_mode_pad(base, mode):
    """A padding layer with a fixed mode (and value 0): Paddle's ZeroPad*/ReflectionPad*/..."""

    def __init__(self, padding, data_format=base._default_format, name=None):
        base.__init__(self, padding, mode, 0.0, data_format, name)

    return __init__


class ZeroPad1D(Pad1D):
    """paddle.nn.ZeroPad1D(padding, data_format='NCL'): zero padding [left, right]."""
    __init__ = _fixed_mode_pad(Pad1D, "constant")


class ZeroPad2D(Pad2D):
    """paddle.nn.ZeroPad2D(padding, data_format='NCHW'): zero padding [left, right, top,
    bottom]."""
    __init__ = _fixed_mode_pad(Pad2D, "constant")


class ZeroPad3D(Pad3D):
    """paddle.nn.ZeroPad3D(padding, data_format='NCDHW'): zero padding [left, right, top, bottom,
    front, back]."""
    __init__ = _fixed_mode_pad(Pad3D, "constant")


class ReflectionPad1D(Pad1D):
    """paddle.nn.ReflectionPad1D(padding, data_format='NCL')."""
    __init__ = _fixed_mode_pad(Pad1D, "reflect")


class ReflectionPad2D(Pad2D):
    """paddle.nn.ReflectionPad2D(padding, data_format='NCHW')."""
    __init__ = _fixed_mode_pad(Pad2D, "reflect")


class ReflectionPad3D(Pad3D):
    """paddle.nn.ReflectionPad3D(padding, data_format='NCDHW')."""
    __init__ = _fixed_mode_pad(Pad3D, "reflect")


class ReplicationPad1D(Pad1D):
    """paddle.nn.ReplicationPad1D(padding, data_format='NCL')."""
    __init__ = _fixed_mode_pad(Pad1D, "replicate")


class ReplicationPad2D(Pad2D):
    """paddle.nn.ReplicationPad2D(padding, data_format='NCHW')."""
    __init__ = _fixed_mode_pad(Pad2D, "replicate")


class ReplicationPad3D(Pad3D):
    """paddle.nn.ReplicationPad3D(padding, data_format='NCDHW')."""
    __init__ = _fixed_mode_pad(Pad3D, "replicate")


class CircularPad1D(Pad1D):
    """paddle.nn.CircularPad1D(padding, data_format='NCL')."""
    __init__ = _fixed_mode_pad(Pad1D, "circular")


class CircularPad2D(Pad2D):
    """paddle.nn.CircularPad2D(padding, data_format='NCHW')."""
    __init__ = _fixed_mode_pad(Pad2D, "circular")


class CircularPad3D(Pad3D):
    """paddle.nn.CircularPad3D(padding, data_format='NCDHW')."""
    __init__ = _fixed_mode_pad(Pad3D, "circular")


class ConstantPad1D(Pad1D):
    """paddle.nn.ConstantPad1D(padding, value, data_format='NCL')."""

    def __init__(self, padding, value, data_format="NCL", name=None):
        super().__init__(padding, "constant", value, data_format, name)


class ConstantPad2D(Pad2D):
    """paddle.nn.ConstantPad2D(padding, value, data_format='NCHW')."""

    def __init__(self, padding, value, data_format="NCHW", name=None):
        super().__init__(padding, "constant", value, data_format, name)


class ConstantPad3D(Pad3D):
    """paddle.nn.ConstantPad3D(padding, value, data_format='NCDHW')."""

    def __init__(self, padding, value, data_format="NCDHW", name=None):
        super().__init__(padding, "constant", value, data_format, name)


class Upsample(Layer):
    """paddle.nn.Upsample(size=None, scale_factor=None, mode='nearest', align_corners=False,
    align_mode=0, data_format=None)."""

    def __init__(self, size=None, scale_factor=None, mode="nearest", align_corners=False,
                 align_mode=0, data_format=None, name=None):
        super().__init__()
        self.size, self.scale_factor, self.mode = size, scale_factor, mode.lower()
        self.align_corners, self.align_mode, self.data_format = align_corners, align_mode, data_format
        self.name = name

    def forward(self, x):
        return FC.interpolate(x, self.size, self.scale_factor, self.mode, self.align_corners,
                              self.align_mode, self.data_format)

    def extra_repr(self):
        main = f"scale_factor={self.scale_factor}" if self.scale_factor is not None \
            else f"size={self.size}"
        name_str = f", name={self.name}" if self.name else ""
        return (f"{main}, mode={self.mode}, align_corners={self.align_corners}, "
                f"align_mode={self.align_mode}, data_format={self.data_format}{name_str}")


class CosineSimilarity(Layer):
    """paddle.nn.CosineSimilarity(axis=1, eps=1e-8)."""

    def __init__(self, axis=1, eps=1e-8):
        super().__init__()
        self._axis, self._eps = axis, eps

    def forward(self, x1, x2):
        return FC.cosine_similarity(x1, x2, axis=self._axis, eps=self._eps)

    def extra_repr(self):
        return f"axis={self._axis}, eps={self._eps}"


class Bilinear(Layer):
    """paddle.nn.Bilinear(in1_features, in2_features, out_features, weight_attr=None,
    bias_attr=None): out = x1 @ W[o] @ x2 + b with W [out, in1, in2] (Xavier) and b [1, out]
    (zeros)."""

    def __init__(self, in1_features, in2_features, out_features, weight_attr=None, bias_attr=None,
                 name=None):
        super().__init__()
        self._weight_attr, self._bias_attr, self._name = weight_attr, bias_attr, name
        self._in1_features, self._in2_features = in1_features, in2_features
        self._out_features = out_features
        self._dtype = get_default_dtype()
        self.weight = self.create_parameter(attr=weight_attr,
                                            shape=[out_features, in1_features, in2_features],
                                            dtype=self._dtype, is_bias=False)
        self.bias = self.create_parameter(attr=bias_attr, shape=[1, out_features],
                                          dtype=self._dtype, is_bias=True)

    def forward(self, x1, x2):
        return FC.bilinear(x1, x2, self.weight, self.bias)

    def extra_repr(self):
        name_str = f", name={self._name}" if self._name else ""
        return (f"in1_features={self._in1_features}, in2_features={self._in2_features}, "
                f"out_features={self._out_features}, dtype={self._dtype}{name_str}")


class Unflatten(Layer):
    """paddle.nn.Unflatten(axis, shape): splits axis `axis` into `shape` (paddle.unflatten)."""

    def __init__(self, axis, shape, name=None):
        super().__init__()
        self.axis, self.shape, self.name = axis, shape, name

    def forward(self, input):
        return _manip.unflatten(input, axis=self.axis, shape=self.shape)

    def extra_repr(self):
        name_str = f", name={self.name}" if self.name else ""
        return f"axis={self.axis}, shape={self.shape}{name_str}"


class _Upsampling2D(Layer):
    _mode, _align = "nearest", False

    def __init__(self, size=None, scale_factor=None, data_format="NCHW", name=None):
        super().__init__()
        if isinstance(size, int):
            size = [size, size]
        self.size, self.scale_factor, self.data_format, self.name = \
            size, scale_factor, data_format, name

    def forward(self, x):
        return FC.interpolate(x, size=self.size, scale_factor=self.scale_factor, mode=self._mode,
                              align_corners=self._align, align_mode=0,
                              data_format=self.data_format)

    def extra_repr(self):
        main = f"scale_factor={self.scale_factor}" if self.scale_factor is not None \
            else f"size={self.size}"
        name_str = f", name={self.name}" if self.name else ""
        return f"{main}, data_format={self.data_format}{name_str}"


class UpsamplingNearest2D(_Upsampling2D):
    """paddle.nn.UpsamplingNearest2D(size=None, scale_factor=None, data_format='NCHW'): nearest
    interpolation."""
    _mode, _align = "nearest", False


class UpsamplingBilinear2D(_Upsampling2D):
    """paddle.nn.UpsamplingBilinear2D(size=None, scale_factor=None, data_format='NCHW'): bilinear
    interpolation with align_corners=True."""
    _mode, _align = "bilinear", True


class Unfold(Layer):
    """paddle.nn.Unfold(kernel_sizes, dilations=1, paddings=0, strides=1)."""

    def __init__(self, kernel_sizes, dilations=1, paddings=0, strides=1, name=None):
        super().__init__()
        self.kernel_sizes, self.dilations, self.paddings, self.strides = \
            kernel_sizes, dilations, paddings, strides
        self.name = name

    def forward(self, input):
        return FC.unfold(input, kernel_sizes=self.kernel_sizes, strides=self.strides,
                         paddings=self.paddings, dilations=self.dilations)

    def extra_repr(self):
        name_str = f", name={self.name}" if self.name else ""
        return (f"kernel_size={self.kernel_sizes}, dilation={self.dilations}, "
                f"padding={self.paddings}, stride={self.strides}{name_str}")


class Fold(Layer):
    """paddle.nn.Fold(output_sizes, kernel_sizes, dilations=1, paddings=0, strides=1)."""

    def __init__(self, output_sizes, kernel_sizes, dilations=1, paddings=0, strides=1, name=None):
        super().__init__()
        self.output_sizes, self.kernel_sizes = output_sizes, kernel_sizes
        self.dilations, self.paddings, self.strides, self.name = dilations, paddings, strides, name

    def forward(self, input):
        return FC.fold(input, output_sizes=self.output_sizes, kernel_sizes=self.kernel_sizes,
                       strides=self.strides, paddings=self.paddings, dilations=self.dilations)

    def extra_repr(self):
        name_str = f", name={self.name}" if self.name else ""
        return (f"kernel_size={self.kernel_sizes}, dilation={self.dilations}, "
                f"padding={self.paddings}, stride={self.strides}{name_str}")


class AlphaDropout(Layer):
    """paddle.nn.AlphaDropout(p=0.5): alpha dropout (for SELU) in training, identity in eval."""
    _feature = False

    def __init__(self, p=0.5, name=None):
        super().__init__()
        self.p, self.name = p, name

    def forward(self, input):
        fn = FC.feature_alpha_dropout if self._feature else FC.alpha_dropout
        return fn(input, p=self.p, training=self.training)

    def extra_repr(self):
        name_str = f", name={self.name}" if self.name else ""
        return f"p={self.p}{name_str}"


class FeatureAlphaDropout(AlphaDropout):
    """paddle.nn.FeatureAlphaDropout(p=0.5): alpha dropout of whole channels."""
    _feature = True


class Dropout2D(Layer):
    """paddle.nn.Dropout2D(p=0.5, data_format='NCHW'): drops whole channels of 4-D input."""
    _nd, _default_format = 2, "NCHW"

    def __init__(self, p=0.5, data_format=None, name=None):
        super().__init__()
        self.p, self.data_format, self.name = p, data_format or self._default_format, name

    def forward(self, input):
        fn = FC.dropout2d if self._nd == 2 else FC.dropout3d
        return fn(input, p=self.p, training=self.training, data_format=self.data_format)

    def extra_repr(self):
        name_str = f", name={self.name}" if self.name else ""
        return f"p={self.p}, data_format={self.data_format}{name_str}"


class Dropout3D(Dropout2D):
    """paddle.nn.Dropout3D(p=0.5, data_format='NCDHW'): drops whole channels of 5-D input."""
    _nd, _default_format = 3, "NCDHW"
