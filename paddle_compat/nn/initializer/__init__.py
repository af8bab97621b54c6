"""paddle.nn.initializer: parameter initialisers (random ones draw from the Paddle-exact generator)."""
from ..._nn.initializer import (Initializer, Constant, Normal, Uniform, TruncatedNormal, XavierNormal,
                               XavierUniform, KaimingNormal, KaimingUniform, Assign, calculate_gain,
                               set_global_initializer, NumpyArrayInitializer)
from ..._nn.initializer import Orthogonal, Dirac, Bilinear   # nnloss block
from . import lazy_init

__all__ = ["Initializer", "Constant", "Normal", "Uniform", "TruncatedNormal", "XavierNormal",
           "XavierUniform", "KaimingNormal", "KaimingUniform", "Assign", "calculate_gain",
           "set_global_initializer"]
__all__ += ["Orthogonal", "Dirac", "Bilinear"]   # nnloss block

# A Paddle 3.3.1 name missing here raises the one "not provided yet" error (paddle_compat/_census.py)
from ..._census import missing_getattr as _missing_getattr  # noqa: E402
__getattr__ = _missing_getattr(__name__)
