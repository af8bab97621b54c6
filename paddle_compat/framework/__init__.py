"""paddle.framework: mode queries. paddle_compat implements the legacy IR, so in_pir_mode() is False
(Paddle's own static-graph code then takes its legacy branch)."""
from .._mode import in_dynamic_mode
from .._static.builder import (default_main_program, default_startup_program, enable_static,
                               disable_static)
from .._static.ir import Program, Variable, Block
from .._param_attr import ParamAttr
from .._flags import set_flags, get_flags
from .._place import CPUPlace, CUDAPlace, CUDAPinnedPlace
from .._dtype import get_default_dtype, set_default_dtype
from .._autograd.grad_mode import no_grad, grad
from .._serialization import save, load
from . import core, random
from .random import seed, get_rng_state, set_rng_state

__all__ = ["in_dynamic_mode", "in_pir_mode", "in_dygraph_mode", "use_pir_api",
           "in_dynamic_or_pir_mode", "default_main_program", "default_startup_program", "Program",
           "Variable", "Block", "core", "random", "seed", "get_rng_state", "set_rng_state",
           "ParamAttr", "set_flags", "get_flags", "CPUPlace", "CUDAPlace", "CUDAPinnedPlace",
           "get_default_dtype", "set_default_dtype", "no_grad", "grad", "save", "load",
           "enable_static", "disable_static"]


def in_pir_mode():
    """paddle.framework.in_pir_mode(): always False (legacy IR)."""
    return False


def use_pir_api():
    """paddle.framework.use_pir_api(): always False (legacy IR)."""
    return False


def in_dygraph_mode():
    """paddle.framework.in_dygraph_mode(): same as in_dynamic_mode()."""
    return in_dynamic_mode()


def in_dynamic_or_pir_mode():
    """paddle.framework.in_dynamic_or_pir_mode(): same as in_dynamic_mode() (no PIR here)."""
    return in_dynamic_mode()
