"""Paddle's name struct: the path of Layer calls an op was built in (`/Net/Sequential/Linear/`).

In static mode Paddle's `Layer.__call__` runs `forward` inside `name_struct(ClassName)`; the tree
of names is process-wide and a class called again under the same parent gets `_1`, `_2`...
(`Linear`, `Linear_1`). When the call returns in PIR mode, every op it added to the default main
program's global block that has no struct name yet takes the full path; the PIR face prints it as
the `struct_name` attribute (pir_ops.py). Legacy printing never shows it.
"""
import contextlib

from .._mode import STATE
from .builder import default_main_program

__all__ = ["name_struct", "full_name_struct"]


class _NameStruct:
    def __init__(self, name="", parent=None):
        self.children = {}
        self.name = name
        self.parent = parent

    def child(self, prefix):
        seen = self.children.setdefault(prefix, [])
        node = _NameStruct(prefix if not seen else f"{prefix}_{len(seen)}", self)
        seen.append(node)
        return node


_CURRENT = [_NameStruct()]


def full_name_struct():
    """The current path, `/Outer/Inner/` (Paddle's _full_name_struct)."""
    node, name = _CURRENT[0], ""
    while node is not None:
        name = node.name + "/" + name
        node = node.parent
    return name


@contextlib.contextmanager
def name_struct(prefix):
    """Run a Layer's forward under `prefix` in the struct tree (static mode only)."""
    if not STATE.static:
        yield
        return
    _CURRENT[0] = _CURRENT[0].child(prefix)
    ops = default_main_program().global_block()._ops
    before = len(ops)
    try:
        yield
    finally:
        if STATE.pir:
            path = full_name_struct()
            for op in default_main_program().global_block()._ops[before:]:
                if op.struct_name is None:
                    op.struct_name = path
        _CURRENT[0] = _CURRENT[0].parent
    del ops
