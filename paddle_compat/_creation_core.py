"""paddle.to_tensor: Python/numpy/torch data -> Tensor with Paddle's dtype inference.

Inference (verified on Paddle 3.3.1): Python floats -> default dtype (float32), Python ints -> int64,
bools -> bool, complex -> complex64 (complex128 under a float64 default); numpy arrays and numpy
scalars keep their dtype; a list of numpy scalars is treated like Python numbers; a list of Tensors
is stacked.
"""
import itertools

import numpy as np
import torch

from . import _dtype
from ._place import to_place
from ._tensor import Tensor, wrap

__all__ = ["to_tensor"]

_generated_names = itertools.count()
_PY_KIND_DEFAULTS = {"i": "int64", "u": "int64", "b": "bool"}


def _python_data_to_numpy(data):
    if isinstance(data, (list, tuple)) and any(isinstance(e, Tensor) for e in data):
        data = [e.numpy() if isinstance(e, Tensor) else e for e in data]
    array = np.array(data)
    if array.dtype == object or array.dtype.kind in "USV":
        raise TypeError(f"Can't constructs a 'paddle.Tensor' with data type {type(data)}, data type "
                        "must be scalar|list|tuple|np.ndarray|paddle.Tensor")
    kind = array.dtype.kind
    if kind == "f":
        return array.astype(_dtype.default_float().numpy, copy=False)
    if kind == "c":
        wide = _dtype.default_float().short == "float64"
        return array.astype(np.complex128 if wide else np.complex64, copy=False)
    return array.astype(_PY_KIND_DEFAULTS[kind], copy=False)


def to_tensor(data, dtype=None, place=None, stop_gradient=True):
    """paddle.to_tensor(data, dtype=None, place=None, stop_gradient=True): always a new tensor.

    Differences from Paddle: torch.Tensor data is accepted too (copied, like a Tensor).
    """
    if isinstance(data, Tensor):
        raw = data._t.detach().clone()
    elif isinstance(data, torch.Tensor):
        raw = data.detach().clone()
    elif isinstance(data, np.ndarray):
        raw = torch.from_numpy(np.array(data, copy=True))
    elif isinstance(data, np.generic):
        raw = torch.from_numpy(np.array(data))
    elif isinstance(data, (bool, int, float, complex, list, tuple)):
        raw = torch.from_numpy(_python_data_to_numpy(data))
    else:
        raise TypeError(f"Can't constructs a 'paddle.Tensor' with data type {type(data)}, data type "
                        "must be scalar|list|tuple|np.ndarray|paddle.Tensor")
    if dtype is not None:
        raw = raw.to(_dtype.to_dtype(dtype).torch)
    target = to_place(place).device
    if raw.device != target:
        raw = raw.to(target)
    out = wrap(raw)
    out._info = {"name": f"generated_tensor_{next(_generated_names)}"}
    if not stop_gradient:
        out.stop_gradient = False
    return out
