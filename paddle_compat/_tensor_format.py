"""Paddle's exact Tensor repr, and `paddle.set_printoptions`.

Reproduces Paddle 3.3.1 `python/paddle/tensor/to_string.py` character for character (checked against
goldens recorded from real Paddle: conformance/goldens/printing.json). Paddle does not use numpy's
print options; it has its own formatter:

* `Tensor(shape=[..], dtype=.., place=.., stop_gradient=..,\\n       <data>)`;
* floats: `1.` for whole values (also `inf.`), `%.{precision}f` otherwise, `%.{precision}e` in
  sci_mode; complex `(re+imj)`; ints and bools as Python prints them;
* every item is left-justified to the widest item, with one leading blank for non-negative items
  when some item is negative;
* a tensor with more than `threshold` elements is summarised with `...` keeping `edgeitems` at each
  end of every dimension longer than `2*edgeitems`;
* the widest item is always measured on that edge-only summary, even when the tensor is printed in
  full (a Paddle quirk kept on purpose: a 10-element vector pads to the width of its 6 edge items).

Why not port the numpy-based code line by line: it formats numpy scalars one at a time and stacks
sub-arrays recursively, which costs milliseconds even for tiny tensors. Here the values come out of
torch once with `tolist()` (exact: a float32/float16 value is exactly representable as a Python
float, and Python's float formatting is what numpy scalars use), and only the printed indices are
gathered, so summarised tensors of any size cost the same.
"""
import math
import operator

import torch

from ._mode import STATE

__all__ = ["format_tensor", "format_sparse", "set_printoptions", "DEFAULT_PRINT_OPTIONS"]


class PrintOptions:
    """Paddle's printing options (same names and defaults as `paddle.tensor.to_string.PrintOptions`)."""

    precision = 8
    threshold = 1000
    edgeitems = 3
    linewidth = 80
    sci_mode = False


DEFAULT_PRINT_OPTIONS = PrintOptions()

_TEMPLATE = ("{prefix}(shape={shape}, dtype={dtype}, place={place}, stop_gradient={stop_gradient},"
             "\n{indent}{data})")

# Dtypes Paddle converts to float32 before formatting (bfloat16 and the float8 types).
_UPCAST = {torch.bfloat16}
for _name in ("float8_e4m3fn", "float8_e5m2"):
    if hasattr(torch, _name):
        _UPCAST.add(getattr(torch, _name))


def _pybind_cast_error(name, value, expected):
    # Paddle 3.3.1 skips check_type in dynamic mode, so a wrong type reaches pybind11 in
    # core.set_printoptions and fails there with this RuntimeError. We keep the class and the text
    # Paddle users may match on, and add what pybind11 leaves out: the argument and the value.
    return RuntimeError(
        f"Unable to cast Python instance of type {type(value)} to C++ type '?' "
        f"(set_printoptions argument '{name}' must be {expected}, but received {value!r})")


def _check_int(name, value):
    if STATE.static:
        if not isinstance(value, int):
            raise TypeError(f"The type of '{name}' in set_printoptions must be <class 'int'>, "
                            f"but received {type(value)}. ")
        return int(value)
    # pybind11's int caster takes whatever has __index__ (bool, numpy integers), never float/str.
    try:
        return operator.index(value)
    except TypeError:
        raise _pybind_cast_error(name, value, "an int") from None


def _check_bool(name, value):
    if STATE.static:
        if not isinstance(value, bool):
            raise TypeError(f"The type of '{name}' in set_printoptions must be <class 'bool'>, "
                            f"but received {type(value)}. ")
        return value
    # pybind11's bool caster (convert mode) accepts any object with the number protocol's
    # __bool__ (int, float, numpy.bool_), but not str or arbitrary objects.
    if isinstance(value, bool):
        return value
    nb = getattr(type(value), "__bool__", None)
    if nb is None or isinstance(value, (str, bytes)):
        raise _pybind_cast_error(name, value, "a bool")
    return bool(value)


def set_printoptions(precision=None, threshold=None, edgeitems=None, sci_mode=None,
                     linewidth=None):
    """Set the printing options for Tensor.

    Args:
        precision (int|None, optional): Number of digits of the floating number, default 8.
        threshold (int|None, optional): Total number of elements printed, default 1000.
        edgeitems (int|None, optional): Number of elements in summary at the beginning and ending
            of each dimension, default 3.
        sci_mode (bool|None, optional): Format the floating number with scientific notation or
            not, default False.
        linewidth (int|None, optional): Number of characters each line, default 80.

    Returns:
        None.

    Differences from Paddle: in dynamic mode Paddle stores an option before pybind11 rejects its
    type, so after the RuntimeError every later print fails; here all arguments are checked first
    and nothing changes when one is rejected. The RuntimeError (dynamic mode) and TypeError (static
    mode, Paddle's check_type message) are the same classes; the RuntimeError text also names the
    argument and the value received.
    """
    checked = {}
    if precision is not None:
        checked["precision"] = _check_int("precision", precision)
    if threshold is not None:
        checked["threshold"] = _check_int("threshold", threshold)
    if edgeitems is not None:
        checked["edgeitems"] = _check_int("edgeitems", edgeitems)
    if linewidth is not None:
        checked["linewidth"] = _check_int("linewidth", linewidth)
    if sci_mode is not None:
        checked["sci_mode"] = _check_bool("sci_mode", sci_mode)
    for key, value in checked.items():
        setattr(DEFAULT_PRINT_OPTIONS, key, value)


# ---- item formatting ------------------------------------------------------------------------------

def _float_str(x, precision, sci_mode):
    if sci_mode:
        return f"{x:.{precision}e}"
    # Paddle tests `np.ceil(x) == x`: true for whole numbers and +-inf, false for nan.
    if x.is_integer() or x in (math.inf, -math.inf):
        return f"{x:.0f}."
    return f"{x:.{precision}f}"


def _complex_str(z, precision, sci_mode):
    re, im = z.real, z.imag
    spec = f".{precision}{'e' if sci_mode else 'f'}"
    sep = "+" if im >= 0 else ""
    return f"({re:{spec}}{sep}{im:{spec}}j)"


def _complex_negative(z):
    # numpy orders complex numbers lexicographically (its CLT macro), and Paddle asks `item < 0`.
    re, im = z.real, z.imag
    return (re < 0 and not math.isnan(im)) or (re == 0 and im < 0)


def _item_formatter(kind, precision, sci_mode):
    """(to_str, is_negative) for one dtype kind: 'f' float, 'c' complex, 'o' int/bool."""
    if kind == "f":
        return (lambda x: _float_str(x, precision, sci_mode)), (lambda x: x < 0)
    if kind == "c":
        return (lambda z: _complex_str(z, precision, sci_mode)), _complex_negative
    return str, (lambda x: x < 0)


def _flatten(values, ndim):
    if ndim == 0:
        return [values]
    for _ in range(ndim - 1):
        values = [v for sub in values for v in sub]
    return values


def _edge_indices(n, edgeitems, for_width):
    """Indices of one dimension kept by Paddle's summary, and where its '...' goes.

    `_to_summary` (width) keeps `var[:e]` and `var[-e:]` (Python slicing; e=0 keeps everything);
    `_format_tensor` (printing) keeps `range(e)` and `range(n-e, n)`. They agree for e >= 1.
    """
    if for_width:
        full = range(n)
        return list(full[:edgeitems]) + list(full[-edgeitems:])
    return list(range(edgeitems)) + list(range(n - edgeitems, n))


def _select(t, shape, edgeitems, for_width):
    """Gather the summarised sub-tensor (every dimension longer than 2*edgeitems cut to its edges)."""
    for d, n in enumerate(shape):
        if n > 2 * edgeitems:
            idx = _edge_indices(n, edgeitems, for_width)
            t = t.index_select(d, torch.tensor(idx, dtype=torch.long, device=t.device))
    return t


def _format_data(t, indent):
    """Paddle's `_format_dense_tensor`: the bracketed data part, `indent` = len(prefix) + 1."""
    opts = DEFAULT_PRINT_OPTIONS
    precision, threshold, edgeitems = opts.precision, opts.threshold, opts.edgeitems
    linewidth, sci_mode = opts.linewidth, bool(opts.sci_mode)

    t = t.detach()
    if t.dtype in _UPCAST:
        t = t.to(torch.float32)
    if t.device.type != "cpu":
        t = t.cpu()
    t = t.resolve_conj().resolve_neg()
    shape = tuple(t.shape)
    ndim = len(shape)
    numel = t.numel()

    if t.is_complex():
        kind = "c"
    elif t.is_floating_point():
        kind = "f"
    else:
        kind = "o"
    to_str, is_neg = _item_formatter(kind, precision, sci_mode)

    summary = numel > threshold

    # Width and sign are measured on the edge summary (Paddle: _get_max_width(_to_summary(x))).
    max_width, signed = 0, False
    if numel:
        width_t = _select(t, shape, edgeitems, for_width=True)
        for v in _flatten(width_t.tolist(), ndim):
            if not signed and is_neg(v):
                signed = True
            w = len(to_str(v))
            if w > max_width:
                max_width = w

    def item(v):
        s = to_str(v)
        if max_width > len(s):
            if signed:
                if is_neg(v):
                    return s.ljust(max_width)
                return " " + s.ljust(max_width - 1)
            return s.ljust(max_width)
        return s

    if ndim == 0:
        return item(t.item())

    if summary:
        values = _select(t, shape, edgeitems, for_width=False).tolist()
    else:
        values = t.tolist()

    def fmt(v, dim, ind):
        n = shape[dim]
        cut = summary and n > 2 * edgeitems
        if dim == ndim - 1:
            parts = [item(x) for x in v]
            if cut:
                parts.insert(max(edgeitems, 0), "...")
            per_line = max(1, (linewidth - ind) // (max_width + 2))
            lines = [", ".join(parts[i:i + per_line]) for i in range(0, len(parts), per_line)]
            return "[" + (",\n" + " " * (ind + 1)).join(lines) + "]"
        subs = [fmt(x, dim + 1, ind + 1) for x in v]
        if cut:
            subs.insert(max(edgeitems, 0), "...")
        sep = "," + "\n" * (ndim - dim - 1) + " " * (ind + 1)
        return "[" + sep.join(subs) + "]"

    return fmt(values, 0, indent)


def format_tensor(t, *, dtype_name, place_str, stop_gradient, prefix="Tensor"):
    """Paddle's `Tensor.__str__`/`__repr__` for a tensor whose data is the torch tensor `t`.

    `prefix` is the word before the parenthesis (Paddle's `tensor_to_string(tensor, prefix)`).
    Differences from Paddle: none for dense tensors; a tensor on torch's `meta` device (no data)
    prints as Paddle's uninitialized tensor, `Tensor(Not initialized)`. A distributed tensor (torch
    DTensor) prints its global shape and this process's shard as data: gathering the whole value
    would be a collective, and a print on one rank only would then hang.
    """
    if t.device.type == "meta":
        return "Tensor(Not initialized)"
    if hasattr(t, "to_local") and hasattr(t, "placements"):     # a DTensor
        shape = list(t.shape)
        t = t.to_local()
        return _TEMPLATE.format(prefix=prefix, shape=shape, dtype=dtype_name, place=place_str,
                                stop_gradient=stop_gradient, indent=" " * (len(prefix) + 1),
                                data=_format_data(t, len(prefix) + 1))
    indent = len(prefix) + 1
    return _TEMPLATE.format(prefix=prefix, shape=list(t.shape), dtype=dtype_name, place=place_str,
                            stop_gradient=stop_gradient, indent=" " * indent,
                            data=_format_data(t, indent))


def format_sparse(prefix, shape, dtype_name, place_str, stop_gradient, body):
    """Paddle's `sparse_tensor_to_string`: the header line (ending in `, `), then one
    `label=<data>` line per (label, torch tensor) in `body`, each data part formatted as a dense
    tensor indented past its label."""
    indent = len(prefix) + 1
    lines = [f"{label}=" + _format_data(t, indent + len(label) + 1) for label, t in body]
    head = (f"{prefix}(shape={shape}, dtype={dtype_name}, place={place_str}, "
            f"stop_gradient={stop_gradient}, ")
    return head + "".join("\n" + " " * indent + line + (", " if i < len(lines) - 1 else ")")
                          for i, line in enumerate(lines))
