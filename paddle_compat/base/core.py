"""paddle.base.core: the core objects Python code reaches for (places, scope, dense tensor)."""
from .._place import CPUPlace, CUDAPinnedPlace, CUDAPlace
from .._random import default_cpu_generator
from .._static.scope import DenseTensor, Scope

__all__ = ["CPUPlace", "CUDAPinnedPlace", "CUDAPlace", "DenseTensor", "Scope",
           "default_cpu_generator"]
