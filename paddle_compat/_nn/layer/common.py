"""paddle.nn common layers (Paddle: nn/layer/common.py): Linear, Dropout, Embedding, Flatten, Identity,
Pad1D/2D, Upsample, CosineSimilarity."""
import torch

from ..._dtype import get_default_dtype
from ..functional import common as FC
from ..functional import input as FI
from .layers import Layer

__all__ = ["Linear", "Dropout", "Embedding", "Flatten", "Identity", "Pad1D", "Pad2D", "Upsample",
           "CosineSimilarity"]


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
                            max_norm=self._max_norm, norm_type=self._norm_type, sparse=self._sparse)

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
        if isinstance(padding, int):
            padding = [padding] * (2 * self._nd)
        self.padding, self._mode, self.value = list(padding), mode, value
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
