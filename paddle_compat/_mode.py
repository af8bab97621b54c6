"""Global execution mode: dynamic (eager) or static (graph building).

One mutable flag read on every op dispatch; kept in its own tiny module so that the op registry,
the Tensor and the static package can all read it without import cycles.
"""


class _State:
    __slots__ = ("static",)

    def __init__(self):
        self.static = False


STATE = _State()


def in_dynamic_mode():
    """paddle.in_dynamic_mode(): True unless paddle.enable_static() is in force."""
    return not STATE.static
