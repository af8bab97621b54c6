"""paddle.framework: mode queries. paddle_compat implements the legacy IR, so in_pir_mode() is False
(Paddle's own static-graph code then takes its legacy branch)."""
from .._mode import in_dynamic_mode
from .._static.builder import default_main_program, default_startup_program
from .._static.ir import Program, Variable
from . import core, random
from .random import seed, get_rng_state, set_rng_state
from .._base.framework import in_dynamic_or_pir_mode

__all__ = ["in_dynamic_mode", "in_pir_mode", "in_dygraph_mode", "use_pir_api",
           "default_main_program", "default_startup_program", "Program", "Variable", "core", "random",
           "seed", "get_rng_state", "set_rng_state", "in_dynamic_or_pir_mode"]


def in_pir_mode():
    """paddle.framework.in_pir_mode(): always False (legacy IR)."""
    return False


def use_pir_api():
    """paddle.framework.use_pir_api(): always False (legacy IR)."""
    return False


def in_dygraph_mode():
    """paddle.framework.in_dygraph_mode(): same as in_dynamic_mode()."""
    return in_dynamic_mode()
