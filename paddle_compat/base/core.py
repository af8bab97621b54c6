"""paddle.base.core: the core objects Python code reaches for (places, scope, dense tensor)."""
from .._place import CPUPlace, CUDAPinnedPlace, CUDAPlace, is_compiled_with_cuda
from .._random import default_cpu_generator
from .._static.scope import DenseTensor, Scope

__all__ = ["CPUPlace", "CUDAPinnedPlace", "CUDAPlace", "DenseTensor", "Scope", "is_compiled_with_cuda",
           "default_cpu_generator"]
