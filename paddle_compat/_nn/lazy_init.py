"""paddle.LazyGuard (Paddle: nn/initializer/lazy_init.py): Layers built inside the guard create
their parameters without running the initializers; `param.initialize()` runs each one later (so
a big model can be built first and its weights drawn, e.g. on the right device, afterwards)."""
from .._mode import STATE

__all__ = ["LazyGuard", "enabled"]

_STATE = {"on": False}


def enabled():
    """Whether parameters created now wait for `initialize()`."""
    return _STATE["on"]


class LazyGuard:
    """paddle.LazyGuard(): a context manager in which Layers' parameters are created
    uninitialised; call `param.initialize()` (or initialize every `layer.parameters()`) after.

    Differences from Paddle: an uninitialised parameter holds zeros (Paddle's holds no memory:
    its numpy() is empty)."""

    def __enter__(self):
        assert not STATE.static, "LazyInit.enable() is only available in dygraph mode."
        _STATE["on"] = True

    def __exit__(self, exc_type, exc_val, exc_tb):
        _STATE["on"] = False
