"""paddle.framework: mode queries. Static mode shows Paddle's PIR face unless
FLAGS_enable_pir_api=0 (one recorded IR, two views: paddle_compat/_static/pir_ops.py)."""
from .._mode import in_dynamic_mode, STATE
from .._mode import in_pir_mode as _in_pir_mode
from .._base.framework import in_dynamic_or_pir_mode
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
    """paddle.framework.in_pir_mode(): True in static mode with the PIR face (Paddle's default;
    FLAGS_enable_pir_api=0 gives the legacy IR)."""
    return _in_pir_mode()


def use_pir_api():
    """paddle.framework.use_pir_api(): whether static mode shows the PIR face
    (FLAGS_enable_pir_api, read when paddle is imported)."""
    return STATE.pir


def in_dygraph_mode():
    """paddle.framework.in_dygraph_mode(): same as in_dynamic_mode()."""
    return in_dynamic_mode()
