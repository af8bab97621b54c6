"""paddle.incubate.autograd.enable_prim / disable_prim / prim_enabled (Paddle: incubate/autograd/
utils.py): the static-mode switch for Paddle's primitive-operator autodiff. Static mode only, with
Paddle's AssertionError in dynamic mode."""
from ..._static.builder import static_only

__all__ = ["enable_prim", "disable_prim", "prim_enabled"]

_PRIM = [False]


def prim_enabled():
    """paddle.incubate.autograd.prim_enabled() -> bool: whether enable_prim() is on (default off).
    Static mode only."""
    static_only("prim_enabled")
    return _PRIM[0]


def enable_prim():
    """paddle.incubate.autograd.enable_prim(): turn primitive-operator autodiff on. Static mode
    only.

    Differences from Paddle: the switch is recorded and reported by prim_enabled(); paddle_compat's
    static gradients are the same either way (Paddle's primitive lowering computes the same
    derivatives with other ops), so nothing else changes."""
    static_only("enable_prim")
    _PRIM[0] = True


def disable_prim():
    """paddle.incubate.autograd.disable_prim(): turn primitive-operator autodiff off. Static mode
    only."""
    static_only("disable_prim")
    _PRIM[0] = False
