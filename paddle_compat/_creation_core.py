"""paddle.to_tensor: Python/numpy/torch data -> Tensor with Paddle's dtype inference.

Inference (verified on Paddle 3.3.1): Python floats -> default dtype (float32), Python ints -> int64,
bools -> bool, complex -> complex64 (complex128 under a float64 default); numpy arrays and numpy
scalars keep their dtype; a list of numpy scalars is treated like Python numbers; a list of Tensors
is stacked.
"""
from ._tensor import from_data

__all__ = ["to_tensor"]


def to_tensor(data, dtype=None, place=None, stop_gradient=True):
    """paddle.to_tensor(data, dtype=None, place=None, stop_gradient=True): always a new tensor.

    Inference (verified on Paddle 3.3.1): Python floats -> default dtype (float32), Python ints ->
    int64, bools -> bool, complex -> complex64 (complex128 under a float64 default); numpy arrays
    and numpy scalars keep their dtype; a list of numpy scalars is treated like Python numbers; a
    list of Tensors is stacked.

    Differences from Paddle: torch.Tensor data is accepted too (copied, like a Tensor).
    """
    return from_data(data, dtype, place, stop_gradient)
