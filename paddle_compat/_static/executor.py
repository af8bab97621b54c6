"""paddle.static.Executor: a small interpreter over a Program, with a cached lowered plan.

Per (program version, feed names, fetch names) the Executor lowers block 0 once (lowering.py: steps
with resolved kernels, argument slots, scope reads/writes, dead-value frees, one autograd call per
gradient group, fused and variant kernels) and runs that plan: through `_run_steps` the first time,
then as generated straight-line Python (codegen.py) with the same helpers for stores, errors and
fallbacks. Failures are re-raised with the op and the Python stack where the user built it
("In user code: ..."), with the original exception class.

Speed (benchmarks/bench_static_mnist.py): besides lowering's choices, the optimizer updates at the
end run under one no_grad; parameters keep one autograd leaf per scope tensor (Scope._leaves)
instead of a new one per run; a gradient group seeded by ones calls torch's autograd engine
directly; each run is found by the caller's own feed names and fetch list.
"""
import threading
import warnings

import numpy as np
import torch

from .. import _place
from .._dtype import from_torch_dtype
from .._mode import STATE
from .._tensor import Tensor, wrap
from .codegen import compile_steps
from .ir import Operator, Program, Variable
from .lowering import _GroupStep, _OpStep, lower
from .scope import global_scope

__all__ = ["Executor", "run_program", "lower", "execute"]

_MAX_PLANS = 32

# Scope tensors of the runs in progress (innermost last). Ops with sub-blocks (static_pylayer's
# `pylayer`) read the parameters their sub-blocks use from here, as Paddle's sub-block scopes see
# their parent scope. Added by the static_pylayer part; keep it when refactoring.
RUNNING_SCOPES = []


def _not_initialized(op, name):
    slot = next((s for s, ns in op.inputs.items() if name in ns), "X")
    return ValueError(f"InvalidArgumentError: The phi::DenseTensor in the {op.type} Op's Input "
                      f"Variable {slot}({name}) is not initialized.")


def with_op_context(exc, op):
    """Re-raise `exc` as Paddle does: the user's build stack, the error, the op."""
    frames = "".join(f'    File "{f.filename}", line {f.lineno}, in {f.name}\n      {f.line}\n'
                     for f in (op.callstack if op is not None else []))
    name = type(exc).__name__
    text = str(exc)
    if text.startswith("In user code:"):
        return exc                  # already carries its op's context
    if getattr(exc, "_paddle_passthrough", False):
        # A py_func callable's own error: Paddle 3.3.1 re-raises it with its class and message
        # unchanged. The op and the user's build stack go into a note (shown under the traceback,
        # not part of str(exc)) so the user still learns which op failed and where it was built.
        note = f"In user code:\n\n{frames}      [operator < {op.type if op else '?'} > error]"
        if hasattr(exc, "add_note") and note not in getattr(exc, "__notes__", ()):
            exc.add_note(note)
        return exc
    for prefix in ("InvalidArgumentError", "PreconditionNotMetError"):
        if text.startswith(prefix + ": "):
            name, text = prefix, text[len(prefix) + 2:]
    msg = (f"In user code:\n\n{frames}\n    {name}: {text}\n"
           f"      [operator < {op.type if op is not None else '?'} > error]")
    try:
        new = type(exc)(msg)
    except Exception:
        new = RuntimeError(msg)
    return new


def _make_leaf(t):
    if t.requires_grad or not (t.is_floating_point() or t.is_complex()):
        return t
    return t.detach().requires_grad_(True)


def _scope_leaf(name, t, leaves):
    """The autograd leaf standing for scope tensor `t` in this run. `leaves` (the Scope's cache,
    name -> (scope tensor, leaf)) hands back last run's leaf while the scope still holds the same
    tensor: the optimizer updates it in place, so one leaf serves every step."""
    if leaves is None:
        return _make_leaf(t)
    cached = leaves.get(name)
    if cached is not None and cached[0] is t:
        return cached[1]
    leaf = _make_leaf(t)
    leaves[name] = (t, leaf)
    return leaf


def execute(plan, env, scope_tensors, leaves=None):
    """Run a lowered plan: env maps names to torch tensors (feeds in, everything else out).
    `leaves`: the Scope's leaf cache (see _scope_leaf), None for none."""
    for n in plan.scope_reads:
        t = scope_tensors.get(n)
        if t is not None:
            env[n] = t
    code = plan.code
    if code is None:
        plan.runs += 1
        if CODEGEN_AFTER_RUNS is not None and plan.runs > CODEGEN_AFTER_RUNS:
            code = plan.code = _generate(plan)
    if not plan.has_grad:
        with torch.no_grad():
            _run_segment(code, 0, plan.steps, env, scope_tensors, leaves)
        return
    for n in plan.feed_leaf:
        env[n] = _make_leaf(env[n])
    for n in plan.scope_leaf:
        t = env.get(n)
        if t is not None:
            env[n] = _scope_leaf(n, t, leaves)
    with torch.enable_grad():
        _run_segment(code, 0, plan.grad_steps, env, scope_tensors, leaves)
    if plan.tail_steps:
        with torch.no_grad():
            _run_segment(code, 1, plan.tail_steps, env, scope_tensors, leaves)


def _run_segment(code, k, steps, env, scope_tensors, leaves):
    """Segment k of a plan (its steps, or the grad then the tail steps): as generated code once
    there is some, else through the interpreter."""
    if code is not None:
        code[k](env, scope_tensors, leaves)
    else:
        _run_steps(steps, env, scope_tensors, leaves)


# A plan runs through the interpreter this many times, then as generated code (codegen.py): a
# program run once (a startup program) never pays for code generation. None: never generate.
CODEGEN_AFTER_RUNS = 1


def _generate(plan):
    runtime = {"recover": _recover, "run_group": _run_group, "make_leaf": _make_leaf,
               "write": _write, "put_list": _put_list, "put_multi": _put_multi}
    if not plan.has_grad:
        return (compile_steps(plan.steps, runtime),)
    return compile_steps(plan.grad_steps, runtime), compile_steps(plan.tail_steps, runtime)


def _run_steps(steps, env, scope_tensors, leaves=None):
    """The interpreter: run `steps` over `env`. codegen.py writes the same loop out as code for
    plans that run again; both share the helpers below."""
    for step in steps:
        if type(step) is _GroupStep:
            _run_group(step, env, scope_tensors)
            continue
        try:
            out = step.kernel(*_gather(step.args, env), **step.kwargs)
        except Exception as e:
            out = _recover(step, e, env)
        if step.single:
            name = step.outs[0]
            if type(name) is list:
                _put_list(env, name, out)
            elif name is not None:
                env[name] = out
        else:
            _put_multi(env, step.outs, out)
        for n in step.leaf:
            env[n] = _make_leaf(env[n])
        for n in step.detach:
            t = env[n]
            if t.requires_grad:
                env[n] = t.detach()
        for n in step.writes:
            _write(env, scope_tensors, leaves, n)
        for n in step.frees:
            env.pop(n, None)


def _gather(args, env):
    return [env[a] if type(a) is str else (None if a is None else [env[n] for n in a])
            for a in args]


def _recover(step, exc, env):
    """A step raised `exc`: a missing input is Paddle's "not initialized" error; a kernel variant
    that failed re-runs the op's full kernel (returning its result); anything else is re-raised
    with the op's "In user code" context."""
    try:
        args = _gather(step.args, env)
    except KeyError as e:
        raise with_op_context(_not_initialized(step.op, e.args[0]), step.op) from None
    if step.fallback is None:
        new = with_op_context(exc, step.op)
        if new is exc:
            raise exc
        raise new from exc
    try:
        return step.fallback[0](*args, **step.fallback[1])
    except Exception as e2:
        raise with_op_context(e2, step.op) from e2


def _put_list(env, names, out):
    for n, t in zip(names, out):
        env[n] = t


def _put_multi(env, names, out):
    if type(out) is not tuple and type(out) is not list:
        out = (out,)        # a multi-output kernel that computed only its first output
    for name, t in zip(names, out):
        if type(name) is list:
            _put_list(env, name, t)
        elif name is not None:
            env[name] = t


def _detached(t):
    # a tensor array (a list; None for an element a write past its end left empty) by element
    return [e if e is None else e.detach() for e in t] if type(t) is list else t.detach()


def _write(env, scope_tensors, leaves, name):
    t = env[name]
    if t is None:
        return              # an op that left this output unwritten (moving_average_abs_max_scale
        #                     in eval names its scale parameter but keeps it): the scope keeps it
    if leaves is not None:
        cached = leaves.get(name)
        if cached is not None and cached[1] is t and scope_tensors.get(name) is cached[0]:
            return          # the scope's own tensor, updated in place through its leaf
    # a persistable tensor array (a Python list while the Executor runs) is kept as its elements
    scope_tensors[name] = _detached(t)


def _run_group(step, env, scope_tensors):
    try:
        targets = [env[n] for n in step.targets]
        seeds = [env[s] if s else None for s in step.seeds]
        inputs = [env[n] for n in step.wanted]
    except KeyError as e:
        raise with_op_context(_not_initialized(step.op, e.args[0]), step.op) from None
    live = [i for i, t in enumerate(targets) if t.requires_grad]
    arrays = {}
    if any(type(t) is list for t in inputs):
        # a tensor array's gradient is an array of its elements' gradients
        wanted, flat = inputs, []
        for k, t in enumerate(wanted):
            if type(t) is list:
                arrays[k] = (len(flat), len(t))
                flat.extend(t)
            else:
                flat.append(t)
        inputs = flat
    grads = [None] * len(inputs)
    diff = [i for i, t in enumerate(inputs) if t is not None and t.requires_grad]
    if live and diff:
        outs = [targets[i] for i in live]
        seeded = [seeds[i] for i in live]
        try:
            if _engine_grad is not None and not any(s is not None for s in seeded):
                # Every seed is ours (ones shaped like its target), so torch.autograd.grad's
                # Python-side grad_outputs validation has nothing to find; it costs a training
                # step about 5% (benchmarks/bench_static_mnist.py). Straight to the engine.
                res = _engine_grad(tuple(outs), tuple(torch.ones_like(t) for t in outs),
                                   step.create_graph, step.create_graph,
                                   tuple(inputs[i] for i in diff), True, accumulate_grad=False)
            else:
                gouts = [s if s is not None else torch.ones_like(targets[i])
                         for i, s in zip(live, seeded)]
                res = torch.autograd.grad(outs, [inputs[i] for i in diff], gouts,
                                          allow_unused=True, retain_graph=step.create_graph,
                                          create_graph=step.create_graph)
        except Exception as e:
            new = with_op_context(e, step.op)
            if new is e:
                raise
            raise new from e
        for i, g in zip(diff, res):
            grads[i] = g
    grads = [torch.zeros_like(t) if g is None and t is not None else g
             for g, t in zip(grads, inputs)]
    if arrays:
        packed, pos = [], 0
        for k, t in enumerate(wanted):
            if k in arrays:
                start, n = arrays[k]
                packed.append(grads[start:start + n])
                pos = start + n
            else:
                packed.append(grads[pos])
                pos += 1
        grads = packed
    for name, g in zip(step.wanted_grads, grads):
        env[name] = g
    for s, target in step.seed_outs:
        i = step.targets.index(target)
        env[s] = seeds[i] if seeds[i] is not None else torch.ones_like(targets[i])
    for n in step.writes:
        scope_tensors[n] = _detached(env[n])
    for n in step.frees:
        env.pop(n, None)


# torch.autograd.grad minus its Python wrapper (torch >= 2.2); None on a torch without it.
_engine_grad = getattr(torch.autograd.graph, "_engine_run_backward", None)


def _fetch_names(fetch_list):
    if fetch_list is None:
        return []
    if isinstance(fetch_list, (Variable, str)):
        fetch_list = [fetch_list]
    assert isinstance(fetch_list, (list, tuple)), \
        "Currently , The fetch_list type only should be list or tuple, \n" \
        f"but the input type is {type(fetch_list)}. For more information please refer to \n" \
        "the executor.run(...)."
    out = []
    for i, item in enumerate(fetch_list):
        if isinstance(item, Variable):
            out.append(item.name)
        elif isinstance(item, str):
            out.append(item)
        elif isinstance(item, (list, tuple)) and all(isinstance(e, (Variable, str)) for e in item):
            out.extend(e if isinstance(e, str) else e.name for e in item)
        elif isinstance(item, Operator):
            if item.attrs.get("op_role") != 2:
                raise TypeError("The operator in fetch_list is not an optimize_op")
        else:
            raise TypeError(f"Require fetch_list[{i}] 's type shall be one of (Value, str), but "
                            f"received {type(item).__name__}.")
    return out


# Runs in progress (any thread) and the mode/place saved by the first of them: kernels run in
# dynamic mode, and the mode comes back only when the last concurrent run ends. Saving and
# restoring per call would let two threads' runs interleave (A saves static, B saves A's
# dynamic, A restores static, B restores dynamic) and leave the process in dynamic mode.
_RUN_LOCK = threading.Lock()
_RUNS = [0, None]       # [depth, (static, place) before the first run]


def _enter_run(place):
    with _RUN_LOCK:
        if _RUNS[0] == 0:
            _RUNS[1] = (STATE.static, _place._current[0])
        _RUNS[0] += 1
        _place._current[0] = place
        STATE.static = False      # kernels that call public functions must run them eagerly


def _exit_run():
    with _RUN_LOCK:
        _RUNS[0] -= 1
        if _RUNS[0] == 0:
            STATE.static, _place._current[0] = _RUNS[1]
            _RUNS[1] = None


def _convert_feed(var, data, device):
    # Tensors first: a training loop feeds the same kind every step, and this runs per feed per step.
    if isinstance(data, Tensor):
        t = data._t
        if t.requires_grad:
            t = t.detach()
    elif isinstance(data, torch.Tensor):
        t = data.detach() if data.requires_grad else data
    else:
        if not isinstance(data, np.ndarray):
            if isinstance(data, (bool, int, float, complex, np.generic)):
                data = np.array(data).astype(var.dtype.numpy)
            elif hasattr(data, "_is_initialized") and hasattr(data, "__array__"):
                data = np.array(data)       # a DenseTensor (core.DenseTensor() / a scope's)
            elif isinstance(data, (list, tuple)):
                data = np.array(data)
                if data.dtype == object:
                    raise TypeError("Failed to convert input data to a regular ndarray :\n - Usually "
                                    "this means the input data contains nested lists with different "
                                    "lengths. ")
                data = data.astype(var.dtype.numpy)     # Paddle casts a Python list to the var's dtype
            else:
                raise TypeError(f"Convert data of type {type(data)} to Tensor is not supported")
        if not data.flags.c_contiguous or not data.flags.writeable:
            data = np.ascontiguousarray(data).copy()
        t = torch.from_numpy(data)
    if var.need_check_feed:
        _check_feed(var, t)
    if not (t.is_cpu if device.type == "cpu" else t.device == device):
        t = t.to(device)
    return t


def _check_feed(var, t):
    shape = t.shape
    want = var._shape
    if len(shape) == 1 and len(want) > 1 and want[0] < 0:
        pass    # Paddle's legacy check lets a 1-D feed through when the batch dim is open
    elif len(shape) != len(want) or any(w >= 0 and w != s for w, s in zip(want, shape)):
        raise ValueError(f"The fed Variable {var.name!r} should have dimensions = {len(want)}, "
                         f"shape = {want!r}, but received fed shape {list(shape)!r} on each device")
    if t.dtype is not var._dtype.torch:
        got = from_torch_dtype(t.dtype).short
        if got != var.dtype.short:
            raise ValueError(f"The data type of fed Variable {var.name!r} must be "
                             f"{var.dtype.short!r}, but received {got!r}")



def _pir_check_data_fed(block, feed):
    """Paddle's PIR executor feeds every `pd_op.data` of the global block in program order (its
    `_pir_feed_data`) and raises KeyError(name) for the first one not in `feed` unless it is
    persistable, whether or not the fetches need it (the legacy executor runs on and fails
    only where an op reads the unfed variable)."""
    from .pir_ops import program_ops
    for op in program_ops(block):
        if op.name() == "pd_op.data" and "persistable" not in op._attrs:
            name = op._attrs["name"]       # a shadowed data value keeps its name here
            if name not in feed:
                raise KeyError(name)


class Executor:
    """paddle.static.Executor(place=None): runs Programs on `place` (the current place when None).

    Differences from Paddle: `use_program_cache` is accepted and ignored (plans are always cached,
    keyed by the program's version); `feed_var_name` / `fetch_var_name` only name Paddle's feed/fetch
    ops and have no effect here.
    """

    def __init__(self, place=None):
        self.place = _place.to_place(place)
        self._closed = False

    def close(self):
        """Executor.close(): further runs raise RuntimeError."""
        self._closed = True

    @classmethod
    def _prune_program(cls, program, feed=None, fetch_list=None, optimize_ops=None):
        """Executor._prune_program(program, feed=None, fetch_list=None, optimize_ops=None): the
        program (or a CompiledProgram's, updated in place) pruned to what `fetch_list` and the
        optimizer ops need from the fed names (Program._prune_with_input). An empty
        `optimize_ops` list is filled with every optimizer op, as in Paddle."""
        compiled = hasattr(program, "_compiled_program_")
        origin = program._program if compiled else program
        feed_names = []
        if isinstance(feed, dict):
            feed_names = list(feed.keys())
        elif isinstance(feed, (list, tuple)):
            for each in feed:
                feed_names += list(each.keys())
        if optimize_ops is None:
            optimize_ops = []
        if not optimize_ops:
            for block in origin.blocks:
                optimize_ops.extend(op for op in block.ops if op._is_optimize_op())
        pruned = origin._prune_with_input(feed_names, list(fetch_list or []) + optimize_ops)
        if compiled:
            program._program = pruned
            return program
        return pruned

    def run(self, program=None, feed=None, fetch_list=None, feed_var_name="feed",
            fetch_var_name="fetch", scope=None, return_numpy=True, use_program_cache=False,
            use_prune=False):
        """Run `program` (default main program) with `feed`, returning the fetched values."""
        if self._closed:
            raise RuntimeError("Attempted to use a closed Executor")
        compiled = None
        if program is None:
            from .builder import default_main_program
            program = default_main_program()
            if not program.global_block().ops:
                warnings.warn("Now you are using default_main_program, but there are no operators "
                              "in the program to be executed. Please ensure you create model "
                              "correctly or you can pass the Program or the CompiledProgram "
                              "manually.")
        if type(program) is not Program:
            if hasattr(program, "_compiled_program_"):
                compiled, program = program, program._program
            if not isinstance(program, Program):
                raise TypeError(f"Executor requires Program as its Parameter. But you passed in "
                                f"{type(program)}")
        if feed is None:
            feed = {}
        elif isinstance(feed, (list, tuple)):
            assert len(feed) == 1, "Not compiled with data parallel"
            feed = feed[0]
        if not isinstance(feed, dict):
            raise TypeError(f"feed requires dict as its Parameter. But you passed in {type(feed)}")
        scope = scope or global_scope()
        block = program.global_block()
        sched = program.__dict__.get("lr_scheduler")
        if sched is not None:
            # Paddle's executor refreshes the learning-rate variable from the scheduler each run.
            scope._tensors[program.lr_var_name] = torch.tensor(float(sched()), dtype=torch.float32,
                                                               device=self.place.device)
        device = self.place.device
        # The plan is keyed by what the caller passed (feed names, the fetch list's own items), so
        # a training loop finds it without re-deriving fetch names or re-filtering feeds.
        try:
            fetch_key = tuple(fetch_list) if isinstance(fetch_list, (list, tuple)) else (
                fetch_list,)
            key = ("run", program._version, tuple(feed), fetch_key, bool(use_prune))
            hit = program._plans.get(key)
        except TypeError:           # unhashable items (nested lists): derive every time
            key = hit = None
        if hit is None:
            if STATE.pir:
                _pir_check_data_fed(block, feed)
            fetch_names = _fetch_names(fetch_list)
            feed_vars = [(n, block.vars.get(n)) for n in feed]
            known = [n for n, v in feed_vars if v is not None]
            pkey = (program._version, tuple(known), tuple(fetch_names), bool(use_prune))
            plan = program._plans.get(pkey)
            if plan is None:
                if len(program._plans) >= _MAX_PLANS:
                    program._plans.clear()
                plan = lower(program, known, fetch_names)
                program._plans[pkey] = plan
            hit = (plan, feed_vars)
            if key is not None:
                program._plans[key] = hit
        plan, feed_vars = hit
        env = {}
        for name, var in feed_vars:
            if var is None:
                warnings.warn(f"The {'value' if STATE.pir else 'variable'} {name} is not found in "
                              "program. It is not declared or is pruned.")
                continue
            t = _convert_feed(var, feed[name], device)
            env[name] = t
            if var.persistable:
                scope._tensors[name] = t
        _enter_run(self.place)
        RUNNING_SCOPES.append(scope._tensors)    # (static_pylayer hook) see RUNNING_SCOPES
        try:
            if compiled is not None:
                compiled._execute(plan, env, scope._tensors, scope._leaves)
            else:
                execute(plan, env, scope._tensors, scope._leaves)
        finally:
            RUNNING_SCOPES.pop()
            _exit_run()
        return self._results(block, plan.fetch, env, scope._tensors, return_numpy)

    def _results(self, block, names, env, scope_tensors, return_numpy):
        out = []
        for n in names:
            t = env.get(n)
            if t is None:
                t = scope_tensors.get(n)
            if t is None:
                # Paddle's class and first line; the second line says why
                raise RuntimeError(f"(NotFound) {n} not in VariableScope.\nCan not find the "
                                   f"variable {n!r} to fetch: it is neither computed by the "
                                   "program nor held in the scope (is it declared, and did the "
                                   "startup program run?)")
            if isinstance(t, list):
                # A tensor array (DENSE_TENSOR_ARRAY): Paddle fetches it as a list of its items.
                if any(e is None for e in t):     # an element a write past the end left empty
                    raise RuntimeError("In user code:\n\n\n    PreconditionNotMetError: Tensor "
                                       "not initialized yet when DenseTensor::place() is called."
                                       "\n      [Hint: holder_ should not be null.]\n      "
                                       "[operator < fetch_v2 > error]")
                out.append([(e.detach().float() if e.dtype is torch.bfloat16 else e.detach())
                            .cpu().numpy().copy() if return_numpy else wrap(e.detach())
                            for e in t])
                continue
            if return_numpy:
                if t.requires_grad:
                    t = t.detach()
                v = block._find_var_recursive(n)
                if t.dtype is torch.bfloat16:
                    t = t.float()
                a = (t if t.is_cpu else t.cpu()).numpy()
                # Persistable values may be updated in place by a later run: hand out a copy.
                if v is None or v.persistable or n in env and n in scope_tensors:
                    a = a.copy()
                out.append(a)
            else:
                out.append(wrap(t.detach()))
        return out


def run_program(program, feed=None, fetch_list=None, place=None, scope=None):
    """Convenience: Executor(place).run(program, feed, fetch_list)."""
    return Executor(place).run(program, feed=feed, fetch_list=fetch_list, scope=scope)
