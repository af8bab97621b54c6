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
    # `observed` is True in static mode and while an op observer is installed (the profiler,
    # amp.debugging): the dynamic fast paths that bypass the op registry test this one flag, so
    # every op goes through apply_op (and its observers) when something watches. It is derived in
    # __setattr__ (writes of `static` are rare; reads stay plain slot reads on the hot path).
    __slots__ = ("static", "pir", "observed", "watchers")

    def __init__(self):
        object.__setattr__(self, "watchers", 0)
        self.static = False
        self.pir = _env_flag("FLAGS_enable_pir_api", True)


    def __setattr__(self, name, value):
        object.__setattr__(self, name, value)
        if name == "static" or name == "watchers":
            object.__setattr__(self, "observed", bool(self.static) or self.watchers > 0)


STATE = _State()


def in_dynamic_mode():
    """paddle.in_dynamic_mode(): True unless paddle.enable_static() is in force."""
    return not STATE.static


def in_pir_mode():
    """True when static mode shows Paddle's PIR face (paddle.framework.in_pir_mode())."""
    return STATE.pir and STATE.static
