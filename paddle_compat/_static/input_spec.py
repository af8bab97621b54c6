"""paddle.static.InputSpec: the shape/dtype/name signature of one model input.

`paddle.jit.to_static(input_spec=...)` reads it to mark dynamic dimensions for torch.compile and to
check calls; `paddle.jit.save` builds example inputs from it and turns its -1 dimensions into
`torch.export.Dim`s. The class itself is plain data and follows Paddle 3.3.1 exactly (repr, hash
without the name, `batch`/`unbatch` changing the spec in place and returning it).
"""
import numpy as np

from .._dtype import to_dtype
from .._tensor import Tensor

__all__ = ["InputSpec"]


def _convert_dtype(dtype):
    # Paddle converts strings and numpy dtypes (numpy's names: 'float' is float64) and keeps
    # anything else (a paddle dtype, None, even a numpy scalar type) as it was given.
    if isinstance(dtype, str):
        try:
            npd = np.dtype(dtype)
        except TypeError:
            npd = None          # Paddle-only names ('bfloat16') or nonsense
        try:
            return to_dtype(npd if npd is not None else dtype)
        except (TypeError, ValueError):
            raise TypeError(f"data type '{dtype}' not understood") from None
    if isinstance(dtype, np.dtype):
        return to_dtype(dtype)
    return dtype


class InputSpec:
    """paddle.static.InputSpec(shape, dtype='float32', name=None, stop_gradient=False).

    `shape` is a list or tuple of ints; None and any value below -1 become -1 (a dimension of any
    size). `dtype` strings and numpy dtypes become paddle dtypes.

    Differences from Paddle: a *tuple* shape containing None is accepted (Paddle 3.3.1 fails with
    "'tuple' object does not support item assignment"), and the caller's shape list is not
    modified in place.
    """

    def __init__(self, shape, dtype="float32", name=None, stop_gradient=False):
        self.shape = self._verify(shape)
        if dtype is not None:
            dtype = _convert_dtype(dtype)
        self.dtype = dtype
        self.name = name
        self.stop_gradient = stop_gradient

    def __repr__(self):
        return (f"{type(self).__name__}(shape={self.shape}, dtype={self.dtype}, name={self.name}, "
                f"stop_gradient={self.stop_gradient})")

    @classmethod
    def from_tensor(cls, tensor, name=None):
        """An InputSpec with the shape, dtype and (unless `name` is given) name of `tensor`."""
        if isinstance(tensor, Tensor) or _is_static_variable(tensor):
            return cls(list(tensor.shape), tensor.dtype, name or tensor.name)
        raise ValueError(f"Input `tensor` should be a Tensor, but received "
                         f"{type(tensor).__name__}.")

    @classmethod
    def from_numpy(cls, ndarray, name=None):
        """An InputSpec with the shape and dtype of the numpy array `ndarray`."""
        return cls(list(ndarray.shape), ndarray.dtype, name)

    def batch(self, batch_size):
        """Insert `batch_size` (an int or a one-element list/tuple) in front of the shape, in
        place; returns this InputSpec."""
        if isinstance(batch_size, (list, tuple)):
            if len(batch_size) != 1:
                raise ValueError(f"Length of batch_size: {batch_size} shall be 1, but received "
                                 f"{len(batch_size)}.")
            batch_size = batch_size[0]
        elif not isinstance(batch_size, int):
            raise TypeError(f"type(batch_size) shall be `int`, but received "
                            f"{type(batch_size).__name__}.")
        self.shape = (batch_size, *self.shape)
        return self

    def unbatch(self):
        """Remove the first dimension of the shape, in place; returns this InputSpec."""
        if len(self.shape) == 0:
            raise ValueError("Not support to unbatch a InputSpec when len(shape) == 0.")
        self.shape = self._verify(self.shape[1:])
        return self

    def _verify(self, shape):
        if not isinstance(shape, (list, tuple)):
            raise TypeError(f"Type of `shape` in InputSpec should be one of (tuple, list), but "
                            f"received {type(shape).__name__}.")
        out = []
        for i, ele in enumerate(shape):
            if ele is not None and not isinstance(ele, int):
                raise ValueError(f"shape[{i}] should be an `int`, but received "
                                 f"`{type(ele).__name__}`:{ele}.")
            out.append(-1 if ele is None or ele < -1 else ele)
        return tuple(out)

    def __hash__(self):
        # The name is left out, as in Paddle: inputs that differ only by name share a program.
        return hash((tuple(self.shape), self.dtype, self.stop_gradient))

    def __eq__(self, other):
        return type(self) is type(other) and all(
            getattr(self, a) == getattr(other, a) for a in ("shape", "dtype", "name",
                                                            "stop_gradient"))

    def __ne__(self, other):
        return not self == other


def _is_static_variable(obj):
    # A static-graph Variable also describes an input; imported lazily (static may import us).
    try:
        from .._static.ir import Variable
    except ImportError:
        return False
    return isinstance(obj, Variable)

