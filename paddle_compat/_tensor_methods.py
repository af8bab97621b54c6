"""Paddle's Tensor method table: each op module attaches its methods here, as Paddle patches its own
Tensor (`tensor_patch_methods.py`, `math_op_patch.py`). One table, readable as data: `METHODS` maps
a method name to the function that implements it. The static package attaches the same table to
`Variable`, so `x + y` and `x.sum()` record ops in static mode through the very same functions.
"""
from ._tensor import Tensor

__all__ = ["METHODS", "attach"]

METHODS = {}


def attach(table):
    """Attach {method_name: function} to Tensor (and remember it for Variable). Names must be new."""
    for name, fn in table.items():
        if name in METHODS and METHODS[name] is not fn:
            raise RuntimeError(f"Tensor method {name!r} is attached twice")
        METHODS[name] = fn
        setattr(Tensor, name, fn)
