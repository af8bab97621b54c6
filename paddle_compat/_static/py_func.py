"""paddle.static.py_func: a Python/numpy op with an optional custom backward in the static graph.

`py_func` records ONE `py_func` Operator (attributes `forward_callable_id`, `backward_callable_id`,
`backward_skip_vars`, as Paddle's legacy IR) whose OpDef is built per call: its kernel closes over the
op's callables, skip list and declared outputs. When the Executor runs it, the kernel is a
`torch.autograd.Function` around the user's callables (DESIGN decision 5), so gradients computed by
`gradients` / `append_backward` / `minimize` flow through `backward_func` into the rest of the program.

Each input reaches the callables as a `DenseTensor`: a read-only host numpy view of the torch tensor
(zero copy on CPU; one copy to host on CUDA) that answers both numpy (`x > 0`, `x * 2`, `x.sum()`,
`np.maximum(x, 0)` read the view; `np.array(x)` / `np.asarray(x)` are private copies, as in
Paddle) and Paddle's DenseTensor methods (`shape()`, `_dtype()`, `lod()`, `set()`). A callable can
therefore never modify a program variable or the caller's feed array (see dense_tensor.py).

Per run the op does only what depends on the data (benchmarks/bench_py_func.py holds it to the
hand-written numpy autograd.Function): how inputs bind to the callables' parameters, the declared
output dtypes and shapes to check, and which Function runs it -- `_PyFunc1` for the usual one input
and one output, the general `_PyFunc` otherwise -- are settled once per op.
"""
import functools
import inspect
import sys
import warnings

import numpy as np
import torch
from torch.autograd.function import once_differentiable

from .._dtype import DTYPES, from_torch_dtype
from .._ops.registry import OpDef
from .._place import current_torch_device
from .._tensor import _UNSETTABLE, Tensor
from .builder import append_op, default_main_program, static_only
from .dense_tensor import DenseTensor, read_only
from .ir import Variable

__all__ = ["py_func", "PyFuncRegistry", "DenseTensor"]

_NULL = ("Python function has no return values or returns None. In this case, ret_num = 1 && "
         "ret[0] == None && out_num should be 0. ")


# ---- the callables' registry (Paddle's `PyFuncRegistry`) -------------------------------------
def _named_args(func):
    """Paddle binds op inputs to the callable's positional parameter NAMES (getfullargspec).

    Returns (names, number of required names); names None means "call with no arguments".
    Differences from Paddle: a bound method or a callable object has its bound `self` left out
    (Paddle counts it and fails with IndexError); parameters with defaults need no input (Paddle
    binds every named parameter, so `np.tanh(x, out=None)` fails there with IndexError); a callable
    without a Python signature gets its inputs positionally (Paddle raises TypeError).
    """
    target, drop = func, 0
    if inspect.ismethod(func):
        drop = 1
    elif (not inspect.isroutine(func) and not isinstance(func, (functools.partial, type))
          and hasattr(type(func), "__call__") and inspect.isfunction(type(func).__call__)):
        target, drop = type(func).__call__, 1
    try:
        spec = inspect.getfullargspec(target)
    except TypeError:
        return [], 0
    names = spec.args[drop:]
    if not names and spec.varargs is None and spec.varkw is None:
        return None, 0       # a function with no parameters is called with no arguments
    return names, max(0, len(names) - len(spec.defaults or ()))


class PyFuncRegistry:
    """Keeps py_func callables alive and numbered, as Paddle's `PyFuncRegistry` does.

    `id` is the number stored in the op's `forward_callable_id` / `backward_callable_id` attribute;
    `PyFuncRegistry.registered_func(id)` gives the callable back.
    """

    _register_funcs = []

    def __init__(self, func):
        if func is None or not callable(func):
            raise TypeError("func must be a Python function")
        self._func = func
        self._named_args, self._required = _named_args(func)
        self._id = len(PyFuncRegistry._register_funcs)
        PyFuncRegistry._register_funcs.append(self)

    @classmethod
    def registered_func(cls, idx):
        return cls._register_funcs[idx]._func

    @classmethod
    def registered_func_num(cls):
        return len(cls._register_funcs)

    @property
    def id(self):
        return self._id

    def direct(self, nargs):
        """The callable itself when a call with `nargs` inputs binds them positionally (as `__call__`
        would), else this registry entry; lets an op skip the binding step on every run."""
        named = self._named_args
        if named is not None and (not named or self._required <= nargs <= len(named)):
            return self._func
        return self

    def __call__(self, *args):
        named = self._named_args
        if named is None:
            return self._func()
        n = len(named)
        if n == 0 or self._required <= len(args) <= n:
            # Same binding as Paddle's keyword call when every input has its parameter.
            return self._func(*args)
        if n > len(args):
            name = getattr(self._func, "__name__", type(self._func).__name__)
            raise IndexError(f"tuple index out of range: the py_func callable {name}() needs "
                             f"{self._required} inputs for its parameters {named} but the op "
                             f"passes {len(args)}; Paddle binds each input to a parameter by name")
        kwargs = dict(zip(named, args))
        return self._func(*args[n:], **kwargs)


# ---- what the callables receive (see dense_tensor.py) ----------------------------------------
def _host_view(t):
    """torch tensor -> numpy array on host: a view on CPU, one copy from an accelerator."""
    try:
        return t.numpy(force=True)      # detach, copy to host off CPU, resolve conj/neg bits
    except TypeError:
        if t.dtype is not torch.bfloat16:
            raise
    # Paddle hands bfloat16 as uint16 bit patterns
    return t.detach().cpu().resolve_neg().view(torch.int16).numpy().view(np.uint16)


_BF16 = DTYPES["bfloat16"]
_CPU = torch.device("cpu")


def _to_host(t):
    if t is None:
        return None
    try:
        return read_only(t.numpy(force=True))
    except TypeError:
        return read_only(_host_view(t), _BF16 if t.dtype is torch.bfloat16 else None)


# ---- one recorded op: its callables, slots and declared outputs -------------------------------
class _OpSpec:
    # fwd_call / bwd_call: what the kernel calls (the user's callable when its inputs bind
    # positionally, else the registry entry, which binds by name). keep: indices into
    # (*inputs, *outputs) of the values backward_func receives. checks, per output: (torch
    # dtype, declared shape or None where it has -1 dims, bf16), set on the first run.
    __slots__ = ("fwd", "bwd", "x_names", "out_vars", "keep", "op", "warned", "fwd_call",
                 "bwd_call", "checks")

    def describe(self):
        return (f"py_func op (inputs {self.x_names}, outputs "
                f"{[v.name for v in self.out_vars]})")

    def plan_checks(self):
        self.checks = [(v.dtype.torch, tuple(v.shape) if min(v.shape) >= 0 else None,
                        v.dtype.short == "bfloat16") for v in self.out_vars]
        return self.checks


def _as_array(value):
    if isinstance(value, DenseTensor):
        return value._array
    if isinstance(value, Tensor):
        return value._t.detach()
    if isinstance(value, (np.ndarray, torch.Tensor)):
        return value
    return np.array(value)


def _convert_results(ret, out_num, what):
    """Paddle's PyFuncRegistry.__call__ + CallPythonFunc count checks: a returned list or tuple is
    several results, anything else one; a count mismatch is only accepted as a single None."""
    if type(ret) is np.ndarray and out_num == 1:
        return (ret,)            # the usual single numpy result
    if not isinstance(ret, (list, tuple)):
        ret = (ret,)
    ret = [None if r is None else _as_array(r) for r in ret]
    if len(ret) != out_num:
        if len(ret) != 1:
            raise ValueError(f"InvalidArgumentError: {_NULL}But ret_num is {len(ret)}\n  [Hint: {what} "
                             f"returned {len(ret)} values for {out_num} outputs.]")
        if ret[0] is not None:
            raise ValueError(f"InvalidArgumentError: {_NULL}But ret[0] is not None\n  [Hint: {what} "
                             f"returned 1 value for {out_num} outputs.]")
        ret = [None] * out_num
    return ret


def _to_torch(arr, device, host_inputs, bf16=False):
    """A returned array (or tensor) as a tensor on `device`; zero copy for a fresh CPU array."""
    if type(arr) is not np.ndarray and isinstance(arr, torch.Tensor):
        return arr.to(device)
    # An array aliasing an input (e.g. `return np.array(x)`) gets a copy, so the op's output never
    # shares memory with its inputs; so does a read-only one (torch would warn on every wrap).
    if arr.flags.writeable:
        for h in host_inputs:
            if h is not None and _may_share_memory(arr, h._array):
                arr = arr.copy()
                break
    else:
        arr = arr.copy()
    try:
        if bf16 and arr.dtype == np.uint16:
            t = torch.from_numpy(arr.view(np.int16)).view(torch.bfloat16)
        else:
            t = torch.from_numpy(arr)
    except ValueError:          # negative strides: torch wraps a copy
        return _to_torch(arr.copy(), device, (), bf16)
    except TypeError:
        # str / bytes / object arrays: Paddle's tensor.set() refuses them with this ValueError.
        raise ValueError(*_UNSETTABLE.args) from None
    return t if device is _CPU else t.to(device)    # from_numpy gives a CPU tensor


_may_share_memory = np.may_share_memory


def _wrap(arr, other):
    """torch.from_numpy(arr) where that is all `_to_torch` would do (arr shares no memory with
    `other`, torch can wrap it), else None."""
    if arr.flags.writeable and not _may_share_memory(arr, other):
        try:
            return torch.from_numpy(arr)
        except (ValueError, TypeError):
            pass
    return None


def _shape_matches(declared, got):
    if len(declared) != len(got):
        return False
    for d, g in zip(declared, got):
        if d >= 0 and d != g:
            return False
    return True


def _check_declared(spec, var, t, dtype, shape):
    """Warn (once per op) when result `t` differs from `var`'s declared dtype or shape; `shape` is
    the declared shape when it has no -1, else None."""
    if not spec.warned and (t.dtype is not dtype or (
            t.shape != shape if shape is not None else not _shape_matches(var.shape, t.shape))):
        _warn_mismatch(spec, var, t)


def _warn_mismatch(spec, var, t):
    spec.warned = True
    got = from_torch_dtype(t.dtype).short
    # Reported at the line where the user built the op (the run-time stack is ours).
    where = spec.op.callstack[-1] if spec.op is not None and spec.op.callstack else None
    warnings.warn_explicit(
        f"{spec.describe()}: output {var.name!r} is declared {var.dtype.short} with "
        f"shape {list(var.shape)} but func returned {got} with shape {list(t.shape)}; as "
        "in Paddle the returned value is used unchanged (warned once per op)",
        UserWarning, where.filename if where else "py_func", where.lineno if where else 0)


# ---- running it: the general path, then the same steps for the usual one-in one-out op ---------
def _run_forward(ctx, spec, *xs):
    """Run `func` on host views of `xs`; the outputs as tensors on the inputs' device. With a
    `ctx` (as `_PyFunc.forward`) also records what backward needs and returns a tuple."""
    device = None
    host = []
    for t in xs:
        if t is None:
            host.append(None)
            continue
        if device is None:     # results go to the first input's device, else the current one
            device = _CPU if t.is_cpu else t.device
        host.append(_to_host(t))
    ret = _call_user(spec.fwd_call, *host)
    return _outputs(ctx, spec, xs, ret, device, host)


def _outputs(ctx, spec, xs, ret, device, host):
    out_vars = spec.out_vars
    results = _convert_results(ret, len(out_vars), "func")
    if not out_vars:
        sys.stdout.flush()      # debug prints appear in program order, before later ops' output
        return [] if ctx is None else ()
    if device is None:
        device = current_torch_device()
        device = _CPU if device.type == "cpu" else device
    outs = []
    for i, (value, (dtype, shape, bf16)) in enumerate(zip(results, spec.checks or
                                                           spec.plan_checks())):
        if value is None:
            raise ValueError(f"InvalidArgumentError: Output tensor {i} should not be nullptr\n"
                             f"  [Hint: func returned None for output {out_vars[i].name!r}.]")
        t = _to_torch(value, device, host, bf16)
        _check_declared(spec, out_vars[i], t, dtype, shape)
        outs.append(t)
    if ctx is None:
        return outs
    outs = tuple(outs)
    _remember(ctx, spec, xs, outs)
    return outs


def _remember(ctx, spec, xs, outs):
    """What backward needs: the spec, each input's shape/dtype/device, the kept values; integer
    outputs are marked non-differentiable."""
    ctx.spec = spec
    ctx.x_meta = [None if t is None else (t.shape, t.dtype, _CPU if t.is_cpu else t.device)
                  for t in xs]
    ctx.save_for_backward(*map((*xs, *outs).__getitem__, spec.keep))
    nondiff = [t for t in outs if not (t.is_floating_point() or t.is_complex())]
    if nondiff:
        ctx.mark_non_differentiable(*nondiff)


def _forward1(ctx, spec, x):
    """`_run_forward` for one input and one output, the usual op, without the loops: the same
    checks, and whatever is not a plain tensor in and numpy array out goes the general way."""
    if x is None:
        return _run_forward(ctx, spec, x)
    try:
        h = read_only(x.numpy(force=True))
    except TypeError:                       # bfloat16
        return _run_forward(ctx, spec, x)
    ret = _call_user(spec.fwd_call, h)
    device = _CPU if x.is_cpu else x.device
    dtype, shape, bf16 = (spec.checks or spec.plan_checks())[0]
    if type(ret) is not np.ndarray or bf16:
        return _outputs(ctx, spec, (x,), ret, device, (h,))
    t = _wrap(ret, h._array)
    if t is None:
        t = _to_torch(ret, device, (h,))
    elif device is not _CPU:
        t = t.to(device)
    _check_declared(spec, spec.out_vars[0], t, dtype, shape)
    if ctx is None:
        return [t]
    # `_remember` unrolled for one input and one output: this runs on every call of the usual op
    # (the generic comprehensions cost bench_py_func's [64] case about 3%).
    ctx.spec = spec
    ctx.x_meta = [(x.shape, x.dtype, device)]
    ctx.save_for_backward(*map((x, t).__getitem__, spec.keep))
    if not (t.is_floating_point() or t.is_complex()):
        ctx.mark_non_differentiable(t)
    return (t,)


def _out_grad(d):
    """Output gradient `d` as the host DenseTensor backward_func receives: a read-only view of
    autograd's tensor on CPU (which the caller's `grad_outputs`, a retained grad or another op's
    backward may also hold), so reading it costs nothing while `np.array(dy)` / `np.asarray(dy)`
    give the callable its own copy, as in Paddle, and `dy[i] = v` writes into a private copy
    (DenseTensor's copy on write). Off CPU the host copy is private anyway."""
    if d is None:
        return None
    try:
        v = d.numpy(force=True)
    except TypeError:
        v = _host_view(d)
    return read_only(v, _BF16 if d.dtype is torch.bfloat16 else None)


def _saved_hosts(ctx):
    saved = []
    for t in ctx.saved_tensors:
        try:
            saved.append(read_only(t.numpy(force=True)))
        except TypeError:
            saved.append(_to_host(t))
    return saved


def _backward(ctx, *douts):
    if _grad_enabled():                     # create_graph=True: no double backward through numpy
        return _backward_once(ctx, *douts)  # (which calls this again with grad disabled)
    spec = ctx.spec
    try:
        saved = _saved_hosts(ctx)
        dhost = [_out_grad(d) for d in douts]
        ret = _call_user(spec.bwd_call, *saved, *dhost)
        return _grads(ctx, spec, ret, saved)
    except Exception as e:
        _raise_with_op(e, spec)


def _backward1(ctx, dout):
    """`_backward` for one input and one output."""
    if _grad_enabled():
        return _backward1_once(ctx, dout)
    spec = ctx.spec
    try:
        saved = _saved_hosts(ctx)
        dy = _out_grad(dout)
        ret = _call_user(spec.bwd_call, *saved, dy)
        if type(ret) is not np.ndarray:
            return _grads(ctx, spec, ret, saved)
        shape, dtype, device = ctx.x_meta[0]
        # Everything the callable received is read-only: a writable result aliasing the saved
        # value is impossible, and `_wrap` copies any read-only one.
        g = _wrap(ret, saved[0]._array) if len(saved) == 1 and dtype is not torch.bfloat16 \
            else None
        if g is None:
            g = _to_torch(ret, device, saved, dtype is torch.bfloat16)
        elif device is not _CPU:
            g = g.to(device)
        return None, (g if g.shape == shape and g.dtype is dtype else
                      _fit_grad(g, shape, dtype, spec.x_names[0]))
    except Exception as e:
        _raise_with_op(e, spec)


def _grads(ctx, spec, ret, saved):
    """backward_func's result -> one gradient (or None) per forward input, plus None for spec."""
    x_meta = ctx.x_meta
    results = _convert_results(ret, len(x_meta), "backward_func")
    needs = ctx.needs_input_grad
    grads = [None]
    for i, meta in enumerate(x_meta):
        value = results[i] if i < len(results) else None
        if meta is None or not needs[i + 1]:
            grads.append(None)
            continue
        if value is None:
            raise ValueError(f"InvalidArgumentError: Output tensor {i} should not be nullptr\n"
                             f"  [Hint: backward_func returned None for the gradient of input "
                             f"{spec.x_names[i]!r}, which needs one.]")
        shape, dtype, device = meta
        g = _to_torch(value, device, saved, dtype is torch.bfloat16)   # see _backward1
        grads.append(g if g.shape == shape and g.dtype is dtype else
                     _fit_grad(g, shape, dtype, spec.x_names[i]))
    return tuple(grads)


def _fit_grad(g, shape, dtype, name):
    if g.shape != shape:
        if g.numel() != shape.numel():
            raise ValueError(f"backward_func returned a gradient of shape {list(g.shape)} for "
                             f"input {name!r} of shape {list(shape)}")
        g = g.reshape(shape)
    return g if g.dtype is dtype else g.to(dtype)


def _call_user(fn, *args):
    """A user callable, its own exceptions marked for Paddle's pass-through (re-raised unchanged,
    with the op as a note: executor.with_op_context)."""
    try:
        return fn(*args)
    except Exception as e:
        e._paddle_passthrough = True
        raise


def _raise_with_op(e, spec):
    from .executor import with_op_context
    new = with_op_context(e, spec.op)
    if new is e:            # the callable's own error: Paddle re-raises it unchanged
        raise e
    raise new from e


class _PyFunc(torch.autograd.Function):
    """forward: the user's `func`; backward: `backward_func(*x_kept, *out_kept, *dout)`."""
    forward, backward = staticmethod(_run_forward), staticmethod(_backward)


class _PyFunc1(torch.autograd.Function):
    """_PyFunc for one input and one output."""
    forward, backward = staticmethod(_forward1), staticmethod(_backward1)


_grad_enabled = torch.is_grad_enabled
_backward_once = once_differentiable(_backward)
_backward1_once = once_differentiable(_backward1)
# The engine calls the node's `apply`; torch's looks the backward up through vjp / boxed-grads
# checks on every call, which cannot apply to these Functions.
_PyFunc._backward_cls.apply = _backward
_PyFunc1._backward_cls.apply = _backward1
_functorch_active = torch._C._are_functorch_transforms_active
_unwrap_if_dead = torch._C._functorch.unwrap_if_dead


def _live(t):
    return t if t is None else _unwrap_if_dead(t)


def _make_kernel(spec):
    differentiable = spec.bwd is not None and bool(spec.out_vars)
    one = len(spec.x_names) == 1 and len(spec.out_vars) == 1
    fn, forward = (_PyFunc1, _forward1) if one else (_PyFunc, _run_forward)
    c_apply = super(torch.autograd.Function, fn).apply      # C apply, minus torch's wrapper

    if one:
        def py_func_kernel(X=None, forward_callable_id=-1, backward_callable_id=-1,
                           backward_skip_vars=()):
            x = X[0]
            if differentiable and x is not None and x.requires_grad and _grad_enabled():
                if _functorch_active():
                    return list(fn.apply(spec, x))
                return list(c_apply(spec, _unwrap_if_dead(x)))
            return _forward1(None, spec, x)
        return py_func_kernel

    def py_func_kernel(X=None, forward_callable_id=-1, backward_callable_id=-1,
                       backward_skip_vars=()):
        xs = X if X is not None else ()
        if differentiable and _grad_enabled():
            for t in xs:
                if t is not None and t.requires_grad:
                    if _functorch_active():
                        return list(fn.apply(spec, *xs))      # torch's own checks and errors
                    return list(c_apply(spec, *map(_live, xs)))
        return forward(None, spec, *xs)
    return py_func_kernel


# ---- the public API ---------------------------------------------------------------------------
_ALLOWED = ("(<class 'list'>, <class 'tuple'>, <class 'paddle.base.framework.Variable'>, "
            "<class 'NoneType'>)")


def _check_slot(value, slot):
    if value is not None and not isinstance(value, (list, tuple, Variable)):
        raise TypeError(f"The type of '{slot}' in py_func must be {_ALLOWED}, but received "
                        f"{type(value)}. ")
    if value is None:
        return []
    if isinstance(value, Variable):
        return [value]
    items = list(value)
    for i, v in enumerate(items):
        if not isinstance(v, Variable):
            raise TypeError(f"The type of '{slot}[{i}]' in py_func must be <class "
                            f"'paddle.base.framework.Variable'>, but received {type(v)}. ")
    return items


def py_func(func, x, out, backward_func=None, skip_vars_in_backward_input=None):
    """paddle.static.py_func (= paddle.static.nn.py_func): record a Python op; returns `out`.

    `func(*x)` computes `out` at run time from host arrays (see `DenseTensor`); `backward_func`,
    when given, receives the forward inputs, then the forward outputs (both minus
    `skip_vars_in_backward_input`), then the gradients of the outputs, and returns one gradient
    (or None) per forward input. A returned list or tuple means several outputs. `out=None` makes a
    debugging op that runs in program order. `out` must be created beforehand with a dtype and
    shape (`block.create_var(name=..., dtype=..., shape=...)`).

    Differences from Paddle: callables receive `DenseTensor` objects that also behave like numpy
    arrays (Paddle's do not support `y > 0`); reading them costs no copy on CPU, while
    `np.array(x)` / `np.asarray(x)` are private copies as in Paddle (see `DenseTensor`). The gradient of an output that does not reach the loss arrives as zeros (as in
    Paddle 3.3.1; Paddle's documentation says None). A returned dtype or shape that differs from the
    declared `out` is used unchanged, as in Paddle, with one UserWarning per op. Gradients of another
    dtype are cast to the input's dtype; an `ndarray` is not accepted as `out` (Paddle rejects it too,
    although its documentation allows it).
    """
    static_only("py_func")
    xs = _check_slot(x, "X")
    out_list = _check_slot(out, "Out")
    fwd = PyFuncRegistry(func)
    bwd = PyFuncRegistry(backward_func) if backward_func is not None else None
    if not xs and not out_list:
        raise ValueError("(InvalidArgument) Input(X) or Output(Out) must exist, but has_in is 0, "
                         "has_out is 0.\n  [Hint: a py_func op needs at least one input or "
                         "output.]")
    for each in out_list:
        if len(each.shape) == 0:
            raise ValueError("Output shapes of py_func should be provided by users manually")
    skip = []
    if backward_func is not None and skip_vars_in_backward_input is not None:
        skips = skip_vars_in_backward_input
        if isinstance(skips, Variable):
            skips = [skips]
        known = {v.name for v in xs} | {v.name for v in out_list}
        for v in skips:
            if v.name not in known:
                raise ValueError(f"Tensor {v.name} is not found in forward inputs and outputs")
            if v.name not in skip:
                skip.append(v.name)
    spec = _OpSpec()
    spec.fwd, spec.bwd, spec.warned, spec.checks = fwd, bwd, False, None
    spec.x_names = [v.name for v in xs]
    spec.out_vars = list(out_list)
    # indices into (*inputs, *outputs) of the values saved for backward_func
    spec.keep = [i for i, v in enumerate(xs + out_list) if v.name not in skip]
    spec.fwd_call = fwd.direct(len(xs))
    spec.bwd_call = bwd.direct(len(spec.keep) + len(out_list)) if bwd else None
    attrs = {"forward_callable_id": fwd.id, "backward_callable_id": bwd.id if bwd else -1,
             "backward_skip_vars": list(skip)}
    opdef = OpDef("py_func", _make_kernel(spec), ("X",), ("Out",), dict(attrs),
                  "callables run on host numpy views; see paddle.static.py_func", "paddle.static.py_func")
    block = default_main_program().current_block()
    spec.op = append_op(block, opdef, {"X": xs}, {"Out": out_list}, attrs)
    spec.op.list_slots = ("X", "Out")
    return out
