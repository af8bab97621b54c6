"""Flattening between Paddle call structures and the flat torch tensors torch.compile/export see.

A call's `(args, kwargs)` becomes a *template* (the same nesting of tuples, lists and dicts, with
each paddle Tensor replaced by the `LEAF` marker and every other object kept) plus the list of the
torch tensors behind the Tensors, in order. The compiled trampoline rebuilds the call from the
template inside the traced region, so torch.compile only ever receives torch tensors (its guards
and dynamic-dimension marks then apply to them) and a template of constants it can guard on.
"""
from .._static.input_spec import InputSpec
from .._tensor import Tensor, wrap
from .._dtype import to_dtype

__all__ = ["LEAF", "flatten", "rebuild", "unwrap_out", "wrap_out", "check_specs", "spec_of"]


class _Leaf:
    """The one marker standing for 'the next tensor' in a template."""

    __slots__ = ()

    def __repr__(self):
        return "<tensor>"


LEAF = _Leaf()


def flatten(obj, raw):
    """`obj` with Tensors replaced by LEAF; their torch tensors are appended to `raw`."""
    if isinstance(obj, Tensor):
        raw.append(obj._t)
        return LEAF
    kind = type(obj)
    if kind is tuple or kind is list:
        return kind(flatten(o, raw) for o in obj)
    if kind is dict:
        return {k: flatten(v, raw) for k, v in obj.items()}
    return obj


def rebuild(template, raw, pos=None):
    """The inverse of `flatten`: LEAF markers become Tensors over `raw` (consumed in order)."""
    if pos is None:
        pos = [0]
    if template is LEAF:
        t = wrap(raw[pos[0]])
        pos[0] += 1
        return t
    kind = type(template)
    if kind is tuple or kind is list:
        return kind(rebuild(o, raw, pos) for o in template)
    if kind is dict:
        return {k: rebuild(v, raw, pos) for k, v in template.items()}
    return template


def unwrap_out(obj):
    """A function result with every Tensor replaced by its torch tensor (structure kept)."""
    if isinstance(obj, Tensor):
        return obj._t
    kind = type(obj)
    if kind is tuple or kind is list:
        return kind(unwrap_out(o) for o in obj)
    if kind is dict:
        return {k: unwrap_out(v) for k, v in obj.items()}
    return obj


def wrap_out(obj):
    """The inverse of `unwrap_out`: torch tensors become paddle Tensors (zero copy)."""
    import torch
    if isinstance(obj, torch.Tensor):
        return wrap(obj)
    kind = type(obj)
    if kind is tuple or kind is list:
        return kind(wrap_out(o) for o in obj)
    if kind is dict:
        return {k: wrap_out(v) for k, v in obj.items()}
    return obj


def spec_of(obj, name=None):
    """The InputSpec (or nested list of them) describing a call argument; non-Tensors stay."""
    if isinstance(obj, Tensor):
        return InputSpec(list(obj.shape), obj.dtype, name, obj.stop_gradient)
    if isinstance(obj, (list, tuple)):
        return type(obj)(spec_of(o) for o in obj)
    return obj


def check_specs(owner, params, args, specs):
    """Check positional `args` against `specs` (one entry per leading parameter).

    `owner` names the decorated function for messages; `params` are its parameter names. Raises
    ValueError naming the argument, the InputSpec and what was received.
    """
    for i, (arg, spec) in enumerate(zip(args, specs)):
        pname = params[i] if i < len(params) else f"args[{i}]"
        _check_one(owner, pname, f"input_spec[{i}]", arg, spec, InputSpec)


def _check_one(owner, pname, where, arg, spec, InputSpec):
    if isinstance(spec, InputSpec):
        if not isinstance(arg, Tensor):
            raise ValueError(f"{owner}: argument '{pname}' should be a Tensor matching {where} "
                             f"{spec!r}, but received {type(arg).__name__}.")
        shape = list(arg.shape)
        want = spec.shape
        if len(shape) != len(want) or any(w != -1 and w != s for w, s in zip(want, shape)):
            raise ValueError(f"{owner}: argument '{pname}' does not match {where} {spec!r}: "
                             f"expected shape {tuple(want)} (-1 means any size), but received "
                             f"shape {shape}.")
        if spec.dtype is not None and _dtype_name(spec.dtype) != arg.dtype.short:
            raise ValueError(f"{owner}: argument '{pname}' does not match {where} {spec!r}: "
                             f"expected dtype {_dtype_name(spec.dtype)}, but received "
                             f"{arg.dtype.short}.")
    elif isinstance(spec, (list, tuple)) and isinstance(arg, (list, tuple)):
        if len(spec) != len(arg):
            raise ValueError(f"{owner}: argument '{pname}' has {len(arg)} items but {where} "
                             f"describes {len(spec)}.")
        for j, (a, s) in enumerate(zip(arg, spec)):
            _check_one(owner, f"{pname}[{j}]", f"{where}[{j}]", a, s, InputSpec)


def _dtype_name(dtype):
    return to_dtype(dtype).short
