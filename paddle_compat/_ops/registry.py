"""THE op registry (DESIGN decision 2): one `OpDef` record per Paddle op, one dispatch point.

A public function keeps Paddle's explicit signature and calls `apply_op(OPDEF, inputs, attrs)`.
In dynamic mode the kernel runs now on the wrapped torch tensors; in static mode the static package's
hook (installed with `set_static_hook`, see `StaticSide`) appends an Operator to the current block
instead. The registry knows nothing about Programs: that keeps dynamic dispatch a few attribute reads
long, and it is the one door between the op layer and `_static/` (which the ops never import).

Observers (`add_op_observer`: the profiler, amp.debugging) see every dynamic op. A dynamic fast
path that skips apply_op must therefore test `not STATE.observed` (True in static mode and while
an observer is installed), not `not STATE.static`, or report itself with `observe`.

Kernel contract: `kernel(*inputs, **attrs)` where each input is a torch.Tensor, None (optional slot)
or a list of torch.Tensors (duplicable slot such as concat's X); it returns a torch.Tensor or a tuple of
them, one per output slot.
"""
import time

import torch

from .._mode import STATE
from .._tensor import Tensor, wrap
from ._checks import kernel_error

__all__ = ["OpDef", "OPS", "defop", "apply_op", "set_static_hook", "STATIC", "StaticSide",
           "add_op_observer", "remove_op_observer", "observe", "unwrap_input", "wrap_output", "write_out", "to_one_device"]


class OpDef:
    """One Paddle op: its legacy type name, slot names, attribute defaults and torch kernel."""

    __slots__ = ("type", "inputs", "outputs", "attrs", "kernel", "notes", "api")

    def __init__(self, type, kernel, inputs, outputs, attrs, notes, api):
        self.type = type            # Paddle's legacy op type: 'elementwise_add', 'matmul_v2', ...
        self.kernel = kernel
        self.inputs = inputs        # input slot names: ('X', 'Y')
        self.outputs = outputs      # output slot names: ('Out',)
        self.attrs = attrs          # attribute defaults, in Paddle's names
        self.notes = notes          # deviations from Paddle, shown by `check` and the docs
        self.api = api              # the public Paddle name: 'paddle.add'

    def __repr__(self):
        return f"OpDef({self.type!r}, inputs={self.inputs}, outputs={self.outputs})"


OPS = {}


def defop(type, kernel, inputs=("X",), outputs=("Out",), attrs=None, notes="", api=None):
    """Register one op and return its OpDef. A second registration of a type is a bug."""
    if type in OPS:
        raise RuntimeError(f"op {type!r} is registered twice")
    op = OpDef(type, kernel, tuple(inputs), tuple(outputs), dict(attrs or {}), notes, api)
    OPS[type] = op
    return op


_static_hook = [None]


class StaticSide:
    """THE hook between the op layer and the static graph. The op layer imports nothing of
    `_static/`; the static package fills these fields at import (`set_static_hook`), and the op
    layer calls them only in static mode:

    - `record(op, inputs, attrs) -> Variable(s)`: what `apply_op` does in static mode (append the
      Operator to the current block); kept in `_static_hook[0]`, one list read on the hot path.
    - `tmp_outputs(key='tmp')`: a context in which recorded outputs are named `<key>_<n>`, as
      Paddle's legacy Variable operators (`x + y`, `-x`, `x[0]`) name theirs.
    - `scalar_op(op, name, x, value, reverse)`: `Variable <op> number` recorded as Paddle's
      math_op_patch does (one `scale` op, or a `fill_constant` and the elementwise op).
    - `write_into(target, result)`: the op just recorded writes `target` in place of its output
      `result` (static in-place writes: PIR's `x[i] = v`, `assign(x, output=y)`).
    """

    tmp_outputs = None
    scalar_op = None
    write_into = None


STATIC = StaticSide()


def set_static_hook(hook=None, *, tmp_outputs=None, scalar_op=None, write_into=None):
    """The static package installs its recorder `hook(op, inputs, attrs) -> Variable(s)` and the
    other `StaticSide` fields here at import; a field left None keeps its current value."""
    if hook is not None:
        _static_hook[0] = hook
    if tmp_outputs is not None:
        STATIC.tmp_outputs = tmp_outputs
    if scalar_op is not None:
        STATIC.scalar_op = scalar_op
    if write_into is not None:
        STATIC.write_into = write_into


# Observers of every dynamic op run (the profiler's operator events, amp.debugging's operator
# statistics and tensor checker): callables `fn(op, inputs, out, start_ns, end_ns)`. The hot
# path reads one flag; the observed path is `_observed`, off the common call.
_observers = []
_observing = [False]


def add_op_observer(fn):
    """Call `fn(op, inputs, out, start_ns, end_ns)` after every dynamic-mode op (inputs as
    passed to apply_op, outputs as returned)."""
    _observers.append(fn)
    _observing[0] = True
    STATE.watchers = len(_observers)


def remove_op_observer(fn):
    """Stop calling `fn` (no error if it is not installed)."""
    if fn in _observers:
        _observers.remove(fn)
    _observing[0] = bool(_observers)
    STATE.watchers = len(_observers)


def observe(op, run, inputs=()):
    """`run()` (a dynamic path that computes `op` without apply_op), reported to the observers
    as `op` with `inputs`."""
    start = time.perf_counter_ns()
    out = run()
    end = time.perf_counter_ns()
    for fn in tuple(_observers):
        fn(op, inputs, out, start, end)
    return out


def _observed(op, inputs, attrs):
    # The op runs through apply_op's plain path with the flag down (so the body exists once), and
    # ops it runs itself (composites) are not reported twice; then every observer sees the result.
    _observing[0] = False
    start = time.perf_counter_ns()
    try:
        out = apply_op(op, inputs, attrs)
    finally:
        _observing[0] = bool(_observers)
    end = time.perf_counter_ns()
    for fn in tuple(_observers):
        fn(op, inputs, out, start, end)
    return out


def _type_text(x):
    t = type(x)             # Paddle names non-builtin types with their package: numpy.ndarray
    if t.__module__ in ("builtins", None):
        return t.__name__
    return f"{t.__module__.split('.')[0]}.{t.__name__}"


def _unwrap(x):
    if isinstance(x, Tensor):
        return x._t
    if x is None:
        return None
    if isinstance(x, (list, tuple)):
        out = [_unwrap(e) for e in x]
        return None if any(o is None for o in out) else out
    return None


def unwrap_input(x, op, slot, position=0):
    """Tensor -> torch.Tensor, list of Tensors -> list, None -> None; anything else is Paddle's
    ValueError: `(InvalidArgument) exp(): argument 'x' (position 0) must be Tensor, but got list`."""
    if x is None:
        return None
    raw = _unwrap(x)
    if raw is None:
        name = (op.api or op.type).rsplit(".", 1)[-1]
        raise ValueError(f"(InvalidArgument) {name}(): argument '{slot.lower()}' (position "
                         f"{position}) must be Tensor, but got {_type_text(x)}")
    return raw


def apply_op(op, inputs, attrs=None):
    """Run `op` now (dynamic mode) or record it (static mode). `inputs` is a tuple, one per slot."""
    if STATE.static:
        return _static_hook[0](op, inputs, attrs or {})
    if _observing[0]:
        return _observed(op, inputs, attrs)
    try:
        # One and two inputs unwrap without a list comprehension (a function call of its own
        # before Python 3.12): most ops, ~0.05 us each.
        n = len(inputs)
        if n == 1:
            args = (inputs[0]._t,)
        elif n == 2:
            args = (inputs[0]._t, inputs[1]._t)
        else:
            args = [x._t for x in inputs]
    except AttributeError:
        args = [unwrap_input(x, op, slot, i)
                for i, (x, slot) in enumerate(zip(inputs, op.inputs))]
    try:
        out = op.kernel(*args, **attrs) if attrs else op.kernel(*args)
    except (RuntimeError, IndexError) as exc:   # torch's text -> Paddle's class and message
        moved = to_one_device(args)
        if moved is None:
            raise kernel_error(op.type, args, attrs, exc) from None
        try:
            out = op.kernel(*moved, **attrs) if attrs else op.kernel(*moved)
        except (RuntimeError, IndexError) as exc2:
            raise kernel_error(op.type, moved, attrs, exc2) from None
    return wrap_output(out)


def to_one_device(args):
    """Inputs on a CPU and a GPU at once: Paddle's kernel dispatch picks the GPU kernel and copies
    the CPU inputs over (its data transform), so `cpu_tensor + gpu_tensor` works there. torch
    refuses; paddle_compat then copies as Paddle does and runs the kernel again. Only reached after
    the kernel failed, so the common one-device call pays nothing. None when the inputs already
    share one device (the failure was something else)."""
    flat = [a for a in args if isinstance(a, torch.Tensor)]
    for a in args:
        if isinstance(a, list):
            flat.extend(e for e in a if isinstance(e, torch.Tensor))
    gpu = next((t.device for t in flat if t.device.type != "cpu"), None)
    if gpu is None or all(t.device == gpu for t in flat):
        return None

    def move(a):
        if isinstance(a, torch.Tensor):
            return a.to(gpu)
        if isinstance(a, list):
            return [move(e) for e in a]
        return a
    return [move(a) for a in args]


def wrap_output(out):
    """Kernel result -> Tensors, keeping tuple (several slots) and list (one duplicable slot)."""
    kind = type(out)
    if kind is tuple:
        return tuple(wrap_output(o) for o in out)
    if kind is list:
        return [wrap_output(o) for o in out]
    if out is None:
        return None
    return wrap(out)


def write_out(result, out):
    """The `out=` keyword of Paddle's functions: `result`'s data written into the tensor `out`
    (which is returned), or `result` itself when out is None."""
    if out is None:
        return result
    out._t = result._t
    return out
