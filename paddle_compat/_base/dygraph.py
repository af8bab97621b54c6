"""paddle.base.dygraph.guard / to_variable / enable_dygraph / disable_dygraph (Paddle:
base/dygraph/base.py), and the fluid-era static default that `paddle.base.data` follows.

Paddle 1.x ran static graphs by default and dynamic mode only inside `fluid.dygraph.guard()`;
old fluid scripts call `fluid.data` without `enable_static`. `data` here therefore switches to
static mode when it is called in dynamic mode outside a `dygraph.guard` (once, for the rest of
the process, as the old default), and raises Paddle's static-only error inside a guard.
"""
import contextlib

import numpy as np

from .._creation_core import to_tensor
from .._mode import STATE
from .._place import to_place
from .._static.builder import disable_static, enable_static
from .._static.layers import data as _static_data
from .._tensor import Tensor

__all__ = ["guard", "to_variable", "enable_dygraph", "disable_dygraph", "data"]

_GUARDS = [0]      # depth of dygraph.guard() blocks in progress


@contextlib.contextmanager
def guard(place=None):
    """paddle.base.dygraph.guard(place=None): dynamic (eager) mode inside the block, the previous
    mode after it."""
    old = STATE.static
    disable_static(place)
    _GUARDS[0] += 1
    try:
        yield
    finally:
        _GUARDS[0] -= 1
        STATE.static = old


def to_variable(value, name=None, zero_copy=None, dtype=None):
    """paddle.base.dygraph.to_variable(value, name=None, zero_copy=None, dtype=None): a Tensor
    from a numpy array, a Tensor, or a scalar/list (dynamic mode only, as in Paddle)."""
    if STATE.static:
        raise AssertionError("to_variable could only be called in dynamic graph mode")
    if isinstance(value, Tensor):
        return value if dtype is None else value.astype(dtype)
    if not isinstance(value, (np.ndarray, np.generic, list, tuple, int, float, bool, complex)):
        raise TypeError(
            "The type of 'value' in base.dygraph.to_variable must be (<class 'numpy.ndarray'>, "
            "<class 'paddle.base.core.eager.Tensor'>, <class 'paddle.base.framework.Variable'>, "
            "<class 'paddle.base.core.SelectedRows'>), but received " + str(type(value)) + ". ")
    t = to_tensor(value, dtype=dtype)
    if name is not None:
        t.name = name
    return t


def enable_dygraph(place=None):
    """paddle.base.enable_dygraph(place=None) (paddle.disable_static)."""
    disable_static(None if place is None else to_place(place))


def disable_dygraph():
    """paddle.base.disable_dygraph() (paddle.enable_static)."""
    enable_static()


def data(name, shape, dtype="float32", lod_level=0):
    """paddle.base.data / fluid.data(name, shape, dtype='float32', lod_level=0): a static input
    Variable (None/-1 dims are dynamic; the feed's shape and dtype are checked).

    Differences from Paddle: Paddle 3.3.1 has no `paddle.base.data`; this is fluid's, with
    fluid's static default: called in dynamic mode outside `dygraph.guard()` it switches the
    process to static mode first, as an old fluid script expects.
    """
    if not STATE.static and _GUARDS[0] == 0:
        enable_static()
    return _static_data(name, shape, dtype, lod_level)
