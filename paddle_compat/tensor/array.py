"""paddle.tensor.array: tensor arrays (create_array, array_write, array_read, array_length)."""
from .._static.array import array_length, array_read, array_write, create_array

__all__ = ["array_length", "array_read", "array_write", "create_array"]
