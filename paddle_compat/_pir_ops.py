"""paddle._pir_ops: the PIR op functions Paddle's Python code and tests call directly, as far as
paddle_compat's ops cover them (the tensor-array ops)."""
from ._static.array import add_n_array, create_array_like
from ._static.array import pir_array_length as array_length
from ._static.array import pir_array_read as array_read
from ._static.array import pir_array_write_ as array_write_
from ._static.array import pir_create_array as create_array

__all__ = ["create_array", "array_write_", "array_read", "array_length", "create_array_like",
           "add_n_array"]
