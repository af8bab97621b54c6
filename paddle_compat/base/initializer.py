"""paddle.base.initializer: the parameter initializers (the same classes as paddle.nn.initializer)."""
from .._nn.initializer import (Assign, Constant, Initializer, KaimingNormal, KaimingUniform, Normal,
                               NumpyArrayInitializer, TruncatedNormal, Uniform, XavierNormal,
                               XavierUniform, set_global_initializer)

__all__ = ["Assign", "Constant", "Initializer", "KaimingNormal", "KaimingUniform", "Normal",
           "NumpyArrayInitializer", "TruncatedNormal", "Uniform", "XavierNormal", "XavierUniform",
           "set_global_initializer"]
