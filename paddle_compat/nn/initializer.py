"""paddle.nn.initializer: parameter initialisers (random ones draw from the Paddle-exact generator)."""
from .._nn.initializer import (Initializer, Constant, Normal, Uniform, TruncatedNormal, XavierNormal,
                               XavierUniform, KaimingNormal, KaimingUniform, Assign, calculate_gain,
                               set_global_initializer, NumpyArrayInitializer)

__all__ = ["Initializer", "Constant", "Normal", "Uniform", "TruncatedNormal", "XavierNormal",
           "XavierUniform", "KaimingNormal", "KaimingUniform", "Assign", "calculate_gain",
           "set_global_initializer"]
