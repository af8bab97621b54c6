"""Global execution mode: dynamic (eager) or static (graph building).

One mutable flag read on every op dispatch; kept in its own tiny module so that the op registry,
the Tensor and the static package can all read it without import cycles.

`STATE.pir` is which face the static graph shows: Paddle 3.3.1's PIR (the default) or its legacy
IR (`FLAGS_enable_pir_api=0`). Paddle reads that environment variable once, when it is imported
(`global_var._use_pir_api_`); so does paddle_compat. `paddle.pir_utils.IrGuard` / `OldIrGuard`
switch it for a block.
"""
import os


def _env_flag(name, default):
    """Paddle's reading of a boolean FLAGS_ environment variable."""
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() not in ("0", "false", "off", "no", "")


class _State:
    __slots__ = ("static", "pir")

    def __init__(self):
        self.static = False
        self.pir = _env_flag("FLAGS_enable_pir_api", True)


STATE = _State()


def in_dynamic_mode():
    """paddle.in_dynamic_mode(): True unless paddle.enable_static() is in force."""
    return not STATE.static


def in_pir_mode():
    """True when static mode shows Paddle's PIR face (paddle.framework.in_pir_mode())."""
    return STATE.pir and STATE.static
