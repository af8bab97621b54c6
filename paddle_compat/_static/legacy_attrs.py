"""Paddle's legacy attribute sets for registry ops whose kernels take other keyword arguments.

The registry records an op with the attributes its kernel takes; Paddle's legacy IR prints some ops
with a different set (reduce_mean: `dim = []`, `in_dtype = -1`, `out_dtype = -1`, and
`reduce_all = True` whenever every axis is reduced). `to_legacy` gives the attributes to store in
the Program (what `print(program)` and `op.attr()` show, as in Paddle); `to_kernel` turns stored
attributes back into the kernel's keyword arguments. Ops not listed here store their kernel's
attributes unchanged.
"""

__all__ = ["to_legacy", "to_kernel"]


def _reduce_legacy(attrs, in_vars):
    a = dict(attrs)
    dim = a.get("dim")
    dims = [] if dim is None else ([int(dim)] if isinstance(dim, int) else [int(d) for d in dim])
    x = in_vars[0] if in_vars else None
    nd = len(x.shape) if x is not None and not isinstance(x, list) else -1
    a["dim"] = dims
    # Paddle: reduce_all when no axis is given or the axes cover every dimension.
    a["reduce_all"] = bool(a.get("reduce_all")) or not dims or len(dims) == nd
    a.setdefault("in_dtype", -1)
    a.setdefault("out_dtype", -1)
    return a


def _reduce_kernel(attrs):
    out = {k: v for k, v in attrs.items() if k not in ("in_dtype", "out_dtype")}
    if not out.get("dim"):
        out["dim"] = None
    return out


_LEGACY = {"reduce_mean": (_reduce_legacy, _reduce_kernel)}


def to_legacy(op_type, attrs, in_vars):
    """The attributes to record for `op_type` (`attrs`: the kernel's, `in_vars`: input Variables)."""
    pair = _LEGACY.get(op_type)
    return pair[0](attrs, in_vars) if pair else attrs


def to_kernel(op_type, attrs):
    """The kernel's keyword arguments from recorded attributes (standard attributes removed)."""
    pair = _LEGACY.get(op_type)
    return pair[1](attrs) if pair else attrs
