"""paddle.framework.core: the few core objects scripts reach for (the default CPU generator)."""
from .._random import default_cpu_generator

__all__ = ["default_cpu_generator"]
