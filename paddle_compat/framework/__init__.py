"""paddle.framework: mode queries. Static mode shows Paddle's PIR face unless
FLAGS_enable_pir_api=0 (one recorded IR, two views: paddle_compat/_static/pir_ops.py)."""
from .._mode import in_dynamic_mode, STATE
from .._mode import in_pir_mode as _in_pir_mode
from .._static.builder import default_main_program, default_startup_program
from .._static.ir import Program, Variable
from . import core, random
from .random import seed, get_rng_state, set_rng_state

__all__ = ["in_dynamic_mode", "in_pir_mode", "in_dygraph_mode", "use_pir_api",
           "default_main_program", "default_startup_program", "Program", "Variable", "core", "random",
           "seed", "get_rng_state", "set_rng_state"]


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
