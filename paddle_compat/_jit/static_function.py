"""paddle.jit.to_static on torch.compile.

How a Paddle function reaches torch.compile (measured, see benchmarks/bench_jit.py and the tests):
paddle Tensors wrap torch tensors (`_t`), so there were two ways in.
  (A) compile a *trampoline over raw torch tensors*: the call's Tensors are unwrapped to a flat list
      plus a template of the constants (tree.py); inside the compiled region the trampoline wraps
      them again, runs the user's Paddle code and unwraps the result;
  (B) hand paddle Tensor objects to the compiled function and let dynamo trace through the wrapper.
Both trace: dynamo follows `wrap`, `apply_op`, the op kernels, Layer attribute access (parameters
become graph inputs guarded by tensor metadata, not identity, so in-place optimizer updates need
no recompilation) and even PyLayer's torch.autograd.Function (it lands in the graph as
`autograd_function_apply`, the user's backward intact). Per-call overhead was the same within 10%
(MLP 64x64, backend='eager': A 28 us, B 32 us, dynamic 22 us). (A) is used because dynamo's
guards and `maybe_mark_dynamic` (the InputSpec's -1 dimensions) then act on plain torch tensors,
results need no reconstruction of Paddle objects, and torch.export (jit.save) needs exactly this
raw-tensor form: one trampoline serves both.

Each StaticFunction compiles its own *copy* of the trampoline's code object: dynamo caches compiled
frames per code object, so a single shared trampoline would make all decorated functions compete
for one cache (and hit its recompile limit after eight of them).

Compile only where it pays (backend None / 'CINN' / 'PCC', Paddle's values). torch.compile is not
always faster than the dynamic path it replaces: on a small CPU, inductor's generated backward kernels
lost to ATen's (benchmarks/bench_models.py: a LeNet training step took 0.42-0.59x the dynamic speed,
the MLP's 0.80-0.88x) while inference forwards won (LeNet 1.6x). So with Paddle's backends each
StaticFunction measures instead of guessing, separately for calls with and without grad enabled
(`_Policy`): the first two calls run compiled (compilation and any recompile happen there; their
time is kept as the compile time), the next `_TRIAL` calls alternate between the compiled graph and
the dynamic path, and the time (CPU time; wall time with CUDA) from each call to the next call (which, in a training loop, holds
that call's backward and optimizer step) is compared, median against median. The faster path is
kept for all later calls, and the choice, both timings and the compile time are logged at DEBUG
level on the `paddle_compat.jit` logger. Both paths compute the same values, and every call runs
exactly once, so the measuring changes no result and no state (RNG, BatchNorm statistics). An
explicitly named torch backend ('inductor', 'eager', ...) always runs compiled.

Python control flow: with full_graph=False (the default, Paddle's SOT mode) dynamo splits the graph
where Python needs a concrete value (`if float(x.mean()) > 0`, `.numpy()`, printing) and runs that
part eagerly: data-dependent control flow works unchanged. With full_graph=True (Paddle's AST
mode) the whole function must be one graph; a construct dynamo cannot capture raises
NotImplementedError naming it (file, line, source) - Paddle would convert an `if` on a Tensor into
a cond op; torch.compile does not.
"""
import functools
import inspect
import logging
import os
import re
import statistics
import time
import traceback
import types
import warnings
import weakref

import torch

from .._mode import STATE
from .._static.input_spec import InputSpec
from .._tensor import Tensor
from . import tree
from .._nn.layer.layers import Layer
from .._static.compiled import BuildStrategy

__all__ = ["StaticFunction", "to_static", "not_to_static", "enable_to_static", "ignore_module",
           "is_enabled", "TORCH_BACKENDS"]


class _JitState:
    __slots__ = ("enabled", "ignored_modules")

    def __init__(self):
        self.enabled = True
        self.ignored_modules = []


JIT = _JitState()

# torch.compile backends accepted by name besides Paddle's own 'CINN' / None / 'PCC'.
TORCH_BACKENDS = ("inductor", "eager", "aot_eager", "cudagraphs")


def is_enabled():
    return JIT.enabled


def enable_to_static(enable_to_static_bool):
    """paddle.jit.enable_to_static(enable_to_static_bool): turn every to_static function into a
    plain dynamic-mode call (False) or back to compiled (True), globally."""
    # Paddle type-checks this only in static mode; in dynamic mode any truthy value works.
    JIT.enabled = bool(enable_to_static_bool)


def not_to_static(func=None):
    """paddle.jit.not_to_static(func): `func` always runs in dynamic mode, also when a to_static
    function calls it (torch.compile then runs it eagerly, outside the graph).

    Differences from Paddle: inside a `full_graph=True` function a not_to_static call cannot be
    captured and is reported as an unsupported construct.
    """
    if func is None:
        return not_to_static
    disabled = torch._dynamo.disable(func, recursive=True)
    try:
        disabled._paddle_not_to_static = True
    except AttributeError:
        pass
    return disabled


def ignore_module(modules):
    """paddle.jit.ignore_module(modules): calls into these modules are never traced (they run
    eagerly inside compiled functions)."""
    if not isinstance(modules, list):
        raise TypeError(f"The type of 'modules' in paddle.jit.ignore_module must be <class "
                        f"'list'>, but received {type(modules)}. ")
    for m in modules:
        if m not in JIT.ignored_modules:
            JIT.ignored_modules.append(m)
            for name in dir(m):
                obj = getattr(m, name, None)
                if callable(obj) and getattr(obj, "__module__", None) == m.__name__:
                    try:
                        torch._dynamo.disallow_in_graph(obj)
                    except Exception:        # classes/builtins dynamo refuses: left traced
                        pass


_LOG = logging.getLogger("paddle_compat.jit")
_TRIAL = 12         # calls that alternate compiled / dynamic before the choice (6 each)


def _clock():
    # The process's CPU time on CPU: on a shared machine it moves much less with other load
    # than wall time does. A GPU's work is not CPU time: with CUDA in use, wall time.
    if torch.cuda.is_initialized():
        return time.perf_counter()
    return time.process_time()


class _Policy:
    """Which path the calls of one grad mode take: see the module docstring."""

    __slots__ = ("calls", "prev_path", "prev_start", "times", "choice", "compile_s")

    def __init__(self):
        self.calls = 0
        self.prev_path = None       # the path of the previous trial call, while timing it
        self.prev_start = 0.0
        self.times = {"compiled": [], "dynamic": []}
        self.choice = None          # 'compiled' | 'dynamic' once decided
        self.compile_s = None

    def path(self, now):
        """The path of this call; records the previous trial call's call-to-call time."""
        if self.prev_path is not None:
            self.times[self.prev_path].append(now - self.prev_start)
            self.prev_path = None
        n = self.calls
        self.calls = n + 1
        if n < 2:
            return "compiled"
        if n < 2 + _TRIAL:
            path = "dynamic" if n % 2 == 0 else "compiled"
            self.prev_path, self.prev_start = path, now
            return path
        return None                 # the trial is over: decide


def _torch_backend(backend):
    if backend is None or (isinstance(backend, str) and backend.upper() in ("CINN", "PCC")):
        # Paddle's compiler backends map to torch's compiler, inductor.
        return "inductor"
    if isinstance(backend, str) and backend in TORCH_BACKENDS:
        return backend
    raise ValueError(f"Unknown backend {backend}. Only support 'CINN' or None for PHI. "
                     f"(paddle_compat also accepts the torch.compile backends "
                     f"{', '.join(repr(b) for b in TORCH_BACKENDS)})")


def _trampoline(self, template, *raw):
    # Runs inside the compiled region: Tensors are re-wrapped here so that dynamo sees only torch
    # tensors cross the boundary (module docstring, choice A).
    args, kwargs = tree.rebuild(template, raw)
    fn = self._function
    inst = self._instance
    out = fn(*args, **kwargs) if inst is None else fn(inst, *args, **kwargs)
    return tree.unwrap_out(out)


def _fresh_trampoline(name):
    code = _trampoline.__code__.replace(co_name=name)
    return types.FunctionType(code, _trampoline.__globals__, name)


_USER_CODE = re.compile(r'File "([^"]+)", line (\d+), in (\S+)\n\s*(.*)')
_PKG_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
_TORCH_DIR = os.path.dirname(os.path.abspath(torch.__file__))


def _is_user_file(filename):
    f = os.path.abspath(filename)
    return not (f.startswith(_PKG_DIR + os.sep) or f.startswith(_TORCH_DIR + os.sep))


def user_location(err):
    """'file:line in fn: `source`' of the innermost *user* frame behind a torch.compile/export
    error: dynamo's "from user code" frames first, else the Python traceback; frames inside
    torch and paddle_compat are skipped (the user wrote `float(x)`, not Tensor.__float__)."""
    tail = str(err).split("from user code:")
    frames = [(f, int(line), fn, src.strip()) for f, line, fn, src in
              _USER_CODE.findall(tail[-1])] if len(tail) > 1 else []
    if not frames:
        frames = [(fs.filename, fs.lineno, fs.name, (fs.line or "").strip())
                  for fs in traceback.extract_tb(err.__traceback__)]
    users = [fr for fr in frames if _is_user_file(fr[0])]
    if not users:
        return ""
    f, line, fn, src = users[-1]
    return f"{f}:{line} in {fn}: `{src}`"


def _describe(err):
    """(first line of the reason, user location) for a dynamo exception."""
    text = str(err).strip()
    if "data-dependent" in text:
        reason = ("Python needs the value of a Tensor here (an `if`/`while` on a Tensor, or "
                  "float()/int()/bool()/.item()/.numpy() of one)")
    else:
        reason = text.splitlines()[0] if text else type(err).__name__
    return reason, user_location(err)


class StaticFunction:
    """What `paddle.jit.to_static` returns for a function or method: calling it runs the function
    through torch.compile.

    Attributes: `dygraph_function` (the original), `class_instance` (the bound Layer or None),
    `input_spec`, `code` (the function's source), `rollback()` (undo to_static on a Layer).
    `last_input_spec` describes the latest call (what jit.save uses without an input_spec).
    """

    def __init__(self, function, input_spec=None, backend="inductor", full_graph=False,
                 build_strategy=None, instance=None, property=False, auto=False):
        if isinstance(function, types.MethodType):
            instance, function = function.__self__, function.__func__
        self._function = function
        self._instance = instance
        self._input_spec = input_spec
        self._backend = backend
        self._full_graph = full_graph
        self._build_strategy = build_strategy
        self._property = property
        self._compiled = None
        self._fallback = None            # reason for running eagerly after a failed compile
        # Paddle's backends (None/'CINN'/'PCC') compile only where it pays; a named torch
        # backend always compiles.
        self._auto = auto
        self._policies = {}              # torch.is_grad_enabled() -> _Policy
        self._bound = weakref.WeakKeyDictionary()
        self.last_input_spec = None
        self._params = _param_names(function, instance is not None)
        functools.update_wrapper(self, function, updated=())

    # ---- descriptor: @to_static on a method in a class body -----------------------------------
    def __get__(self, instance, owner=None):
        if instance is None or self._instance is not None:
            return self
        bound = self._bound.get(instance)
        if bound is None:
            bound = StaticFunction(self._function, self._input_spec, self._backend,
                                   self._full_graph, self._build_strategy, instance, self._property,
                                   self._auto)
            self._bound[instance] = bound
        return bound

    @property
    def dygraph_function(self):
        if self._instance is None:
            return self._function
        return types.MethodType(self._function, self._instance)

    @property
    def class_instance(self):
        return self._instance

    @property
    def input_spec(self):
        return self._input_spec

    @property
    def code(self):
        return inspect.getsource(self._function)

    def _owner_name(self):
        return f"paddle.jit.to_static({self._function.__qualname__})"

    def rollback(self):
        """Restore the dynamic-mode forward on the Layer this was applied to; returns it."""
        inst = self._instance
        if inst is not None and inst.__dict__.get("forward") is self:
            del inst.__dict__["forward"]
            return inst.forward
        return self.dygraph_function

    def __call__(self, *args, **kwargs):
        fn = self._function
        if not JIT.enabled or STATE.static or getattr(fn, "_paddle_not_to_static", False):
            return self._eager(args, kwargs)
        specs = self._input_spec
        if specs is not None:
            self._check_call(args, specs)
        raw = []
        template = tree.flatten((args, kwargs), raw)
        self.last_input_spec = [tree.spec_of(a) for a in args]
        if self._fallback is not None:
            return self._eager(args, kwargs)
        policy = None
        if self._auto:
            grad = torch.is_grad_enabled()
            policy = self._policies.get(grad)
            if policy is None:
                policy = self._policies[grad] = _Policy()
            path = policy.choice or policy.path(_clock())
            if path is None:
                path = self._decide(policy, grad)
            if path == "dynamic":
                return self._eager(args, kwargs)
        if specs is not None:
            _mark_dynamic(args, specs)
        compiled = self._compiled
        if compiled is None:
            compiled = self._compiled = self._compile()
        t0 = time.perf_counter() if policy is not None and policy.calls <= 2 else None
        try:
            out = compiled(self, template, *raw)
        except torch._dynamo.exc.TorchDynamoException as e:
            return self._compile_failed(e, args, kwargs)
        except Exception as e:
            if policy is None or policy.calls > 2:
                raise
            # A compiled graph can fail when it first runs (torch 2.13's inductor on an LSTM's
            # training step: `expected Tensor() for op: aten.mkldnn_rnn_layer`). The dynamic path
            # decides: a user's own error raises there exactly as in dynamic mode; if it runs,
            # the graph is at fault and this function stays dynamic.
            out = self._eager(args, kwargs)
            self._fallback = f"the compiled graph failed: {type(e).__name__}: {e}"
            warnings.warn(f"{self._owner_name()}: the torch.compile (backend={self._backend!r}) "
                          f"graph failed when it ran ({type(e).__name__}: "
                          f"{str(e).splitlines()[0] if str(e) else ''}). Falling back to dynamic "
                          f"mode for this function.", RuntimeWarning, stacklevel=2)
            return out
        if t0 is not None:          # the first two calls compile (and recompile)
            policy.compile_s = (policy.compile_s or 0.0) + time.perf_counter() - t0
        return tree.wrap_out(out)

    def _decide(self, policy, grad):
        t = {k: statistics.median(v) if v else None for k, v in policy.times.items()}
        fast = t["compiled"] is not None and t["dynamic"] is not None and \
            t["compiled"] < t["dynamic"]
        policy.choice = "compiled" if fast else "dynamic"
        if _LOG.isEnabledFor(logging.DEBUG):
            ms = {k: "?" if v is None else f"{v * 1e3:.2f} ms" for k, v in t.items()}
            _LOG.debug("%s, calls with grad %s: compiled %s vs dynamic %s from one call to the "
                       "next (median of %d each); %s (compile and warm-up took %.2f s)",
                       self._owner_name(), "enabled" if grad else "disabled", ms["compiled"],
                       ms["dynamic"], _TRIAL // 2,
                       "running the compiled graph" if fast else
                       "compilation does not pay here: running the dynamic path",
                       policy.compile_s or 0.0)
        return policy.choice

    def compile_stats(self):
        """{'grad' | 'no_grad': {'compile_s', 'choice', 'compiled_s', 'dynamic_s'}}: what the
        compile-where-it-pays policy measured (empty for a named torch backend)."""
        out = {}
        for grad, p in self._policies.items():
            out["grad" if grad else "no_grad"] = {
                "compile_s": p.compile_s, "choice": p.choice,
                "compiled_s": statistics.median(p.times["compiled"]) if p.times["compiled"]
                else None,
                "dynamic_s": statistics.median(p.times["dynamic"]) if p.times["dynamic"]
                else None}
        return out

    def _eager(self, args, kwargs):
        inst = self._instance
        return self._function(*args, **kwargs) if inst is None else \
            self._function(inst, *args, **kwargs)

    def _compile(self):
        name = "to_static__" + re.sub(r"\W", "_", self._function.__qualname__)
        return torch.compile(_fresh_trampoline(name), backend=self._backend,
                             fullgraph=self._full_graph)

    def _compile_failed(self, err, args, kwargs):
        if isinstance(err, torch._dynamo.exc.TorchRuntimeError):
            # An op failed on fake tensors: most likely the user's own error (a shape mismatch).
            # Run eagerly so that it surfaces exactly as in dynamic mode.
            out = self._eager(args, kwargs)
        else:
            out = None
        reason, where = _describe(err)
        construct = f" at {where}" if where else ""
        if self._full_graph:
            raise NotImplementedError(
                f"{self._owner_name()} with full_graph=True cannot capture the function in one "
                f"torch.compile graph: {reason}{construct}. Use full_graph=False (the default) to "
                f"run that construct eagerly, or rewrite it without data-dependent Python "
                f"(e.g. paddle.where instead of `if` on a Tensor value).") from err
        self._fallback = reason
        warnings.warn(f"{self._owner_name()}: torch.compile (backend={self._backend!r}) failed: "
                      f"{reason}{construct}. Falling back to dynamic mode for this function.",
                      RuntimeWarning, stacklevel=3)
        return out if out is not None else self._eager(args, kwargs)

    def _check_call(self, args, specs):
        owner = self._owner_name()
        params = self._params
        if params is not None and len(args) > len(params):
            raise ValueError(f"The decorated function `{self._function.__name__}` requires "
                             f"{len(params)} arguments: {params}, but received {len(args)} with "
                             f"{tuple(args)}.")
        tree.check_specs(owner, params or [], args, specs)

    def __repr__(self):
        return f"<StaticFunction {self._function.__qualname__} (torch.compile " \
               f"backend={self._backend!r}, full_graph={self._full_graph})>"


def _param_names(function, drop_self):
    try:
        sig = inspect.signature(function)
    except (TypeError, ValueError):
        return None
    names = []
    for p in sig.parameters.values():
        if p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD):
            return None          # *args: any count is acceptable
        names.append(p.name)
    return names[1:] if drop_self else names


def _mark_dynamic(args, specs):
    for arg, spec in zip(args, specs):
        if isinstance(spec, InputSpec) and isinstance(arg, Tensor):
            t = arg._t
            for d, n in enumerate(spec.shape):
                if n == -1:
                    # maybe_: no error if the function itself fixes this size.
                    torch._dynamo.maybe_mark_dynamic(t, d)
        elif isinstance(spec, (list, tuple)) and isinstance(arg, (list, tuple)):
            _mark_dynamic(arg, spec)


def _normalize_specs(input_spec):
    if input_spec is None:
        return None
    if not isinstance(input_spec, (list, tuple)):
        raise TypeError(f"The type(input_spec) should be one of (tuple, list), but received "
                        f"{type(input_spec).__name__}.")
    out = []
    for s in input_spec:
        if isinstance(s, Tensor):
            s = InputSpec.from_tensor(s)
        elif isinstance(s, (list, tuple)):
            s = _normalize_specs(s)
        out.append(s)
    return type(input_spec)(out)


def to_static(function=None, input_spec=None, build_strategy=None, backend=None,
              full_graph=False, **kwargs):
    """paddle.jit.to_static(function=None, input_spec=None, build_strategy=None, backend=None,
    full_graph=False, **kwargs): compile a function, a method or a whole Layer with torch.compile.

    Use it as `@to_static`, `@to_static(input_spec=[...])`, `to_static(fn)` or `to_static(layer)`
    (the layer's `forward` is replaced and the layer returned). `input_spec` (InputSpecs, Tensors
    or constants, one per leading argument) marks its -1/None dimensions dynamic and checks every
    call. `full_graph=False` lets Python control flow that needs Tensor values run eagerly between
    compiled graphs; `full_graph=True` requires one graph. PyLayer works inside (in the graph).

    Differences from Paddle: `backend` None/'CINN'/'PCC' all use torch's inductor, and only
    where it pays: the first calls of each grad mode compile and then try the compiled graph and
    the dynamic path in turn, and the faster one runs from then on (the choice is logged at DEBUG
    on the `paddle_compat.jit` logger; `compile_stats()` on the returned function reports it and
    the compile time). The torch backends 'eager', 'aot_eager', 'inductor', 'cudagraphs' are
    accepted too and always run compiled. `build_strategy` is
    checked and ignored. A call that does not match `input_spec` (rank, a fixed size, dtype)
    raises ValueError (Paddle accepts some mismatches and fails later inside an op). A failed
    compile warns and runs the function in dynamic mode (full_graph=True: NotImplementedError).
    """
    unknown = set(kwargs) - {"property"}
    if unknown:
        raise TypeError(f"to_static() got an unexpected keyword argument '{sorted(unknown)[0]}'")
    if build_strategy is not None:
        if not isinstance(build_strategy, BuildStrategy):
            raise TypeError(f"Required type(build_strategy) shall be "
                            f"`paddle.static.BuildStrategy`, but received "
                            f"{type(build_strategy).__name__}")
    tbackend = _torch_backend(backend)
    # Paddle's own backend values: compile where it pays (module docstring).
    auto = backend is None or (isinstance(backend, str) and backend.upper() in ("CINN", "PCC"))
    specs = _normalize_specs(input_spec)
    prop = bool(kwargs.get("property", False))

    def decorated(fn):
        if isinstance(fn, StaticFunction):
            fn = fn.dygraph_function
        if not callable(fn):
            raise TypeError(f"paddle.jit.to_static expects a function, a method or a "
                            f"paddle.nn.Layer, but received {type(fn).__name__}")
        return StaticFunction(fn, specs, tbackend, bool(full_graph), build_strategy,
                              property=prop, auto=auto)

    if function is None:
        return decorated
    if isinstance(function, Layer):
        fwd = function.forward
        if isinstance(fwd, StaticFunction):
            warnings.warn(f"`{type(function).__name__}.forward` has already been decorated "
                          f"somewhere. It will be redecorated to replace previous one.")
            fwd = fwd.dygraph_function
        original = function.__dict__.setdefault("_original_funcs", {})
        original["forward"] = fwd
        # Set in the instance dict: Layer.__call__ looks `forward` up on the instance first.
        function.__dict__["forward"] = decorated(fwd)
        return function
    return decorated(function)
