"""Building programs: default programs, guards, name scopes, and THE static hook of the op registry.

While `paddle.enable_static()` is in force, every public op function's `apply_op` lands in
`record_op`: it appends an Operator to the current block of the default main program, creates the
output Variables with Paddle's auto names (`<api>_<n>.tmp_<k>`), and infers their shapes and dtypes by
running the op's own kernel on torch `meta` tensors (dynamic `-1` dims stand in as a large
distinctive size and are mapped back to -1).
"""
import contextlib
import itertools
import math

import torch

from .. import _unique_name
from .._dtype import to_dtype
from .._mode import STATE
from .._ops.registry import set_static_hook
from .._tensor import Tensor
from .legacy_attrs import to_legacy
from .ir import STANDARD_ATTRS, OpRole, Program, Variable, VARTYPE_CODES
from .local_ops import LEGACY_KERNELS, LOCAL_OPS
from .._place import set_device, to_place
from .._random import default_cpu_generator
from .._creation_core import to_tensor

__all__ = ["default_main_program", "default_startup_program", "program_guard", "name_scope",
           "record_op", "enable_static", "disable_static", "static_only", "helper_scope",
           "append_op", "record_assign", "as_variable", "program_name"]

_MAIN = [Program()]
_STARTUP = [Program()]
_NAME_SCOPE = ["/"]
_NAME_SCOPE_COUNTS = [{}]
_HELPER = [None]           # the prefix ('fc_0') all ops of a composite layer name their outputs by
_ROLE = [OpRole.Forward]
_DEVICE = [""]          # device_guard's device: the op_device attribute of new ops
_TMP = [False]             # inside tmp_outputs(key): every output is named <key>_<n> (Variable operators)

# Input slots Paddle's legacy ops print empty when the API did not fill them (`scale` always;
# `fill_constant` when paddle.full records it, not when a Variable operator does).
_EMPTY_INPUTS = {"scale": ("BiasTensor", "ScaleTensor"),
                 "fill_constant": ("ShapeTensor", "ShapeTensorList", "ValueTensor"),
                 "reshape2": ("ShapeTensor",), "unsqueeze2": ("AxesTensor", "AxesTensorList"),
                 "slice": ("EndsTensor", "EndsTensorList", "StartsTensor", "StartsTensorList"),
                 "strided_slice": ("EndsTensor", "EndsTensorList", "StartsTensor", "StartsTensorList",
                                   "StridesTensor", "StridesTensorList"),
                 "dropout": ("Seed",), "concat": ("AxisTensor",)}
# Outputs Paddle's legacy op has that the registry's kernel does not compute: recorded (their
# variables made before the op's own outputs, as Paddle's API makes them) and never computed, so
# a saved program is one Paddle runs. op type -> (slots, which input's leading dims size them,
# the attribute holding how many leading dims).
_RECORDED_OUTPUTS = {"layer_norm": (("Mean", "Variance"), "begin_norm_axis")}
# Legacy shape ops that also output `XShape`: a variable shaped (0, *x.shape) that their grad op
# reads for x's shape. It is recorded (print(program), the grad op's inputs) and never computed:
# torch autograd knows the shape.
XSHAPE_OPS = ("reshape2", "transpose2", "squeeze2", "unsqueeze2", "flatten_contiguous_range")
# Registry ops whose recorded (legacy) attributes run on the static graph's own kernel.
_RUN_LOCAL = ("fill_constant",)
# Output name prefixes of Paddle's legacy LayerHelpers where they differ from the API's name:
# api short name -> (generator key, how many names the helper draws: the last one is used).
_HELPER_KEYS = {"add": ("elementwise_add", 1), "subtract": ("elementwise_sub", 1),
                "full": ("fill_constant", 2), "zeros": ("fill_constant", 2),
                "ones": ("fill_constant", 2), "neg": ("scale", 1),
                "reshape": ("reshape2", 1), "unsqueeze": ("unsqueeze2", 1),
                "cross_entropy": ("softmax_with_cross_entropy", 1), "setitem": ("set_value", 1),
                "max_pool2d": ("pool2d", 1), "max_pool3d": ("pool3d", 1)}
# Optional input slots Paddle's legacy op does not have: left out when empty.
_OMIT_EMPTY_INPUTS = {"softmax_with_cross_entropy": ("Weight",),
                      # Paddle's conv ops have no Bias slot: the bias is a separate add
                      "conv2d": ("Bias",), "depthwise_conv2d": ("Bias",), "conv3d": ("Bias",)}

# A dynamic (-1) dim is built as this size on meta tensors: a prime times lcm(1..10), so reshape-like
# kernels still divide it, and output dims that are multiples of the prime are dynamic again.
_DYN_PRIME = 9973
_DYN = _DYN_PRIME * 2520


def enable_static():
    """paddle.enable_static(): from now on public ops record into the default main program."""
    STATE.static = True


def disable_static(place=None):
    """paddle.disable_static(place=None): back to dynamic (eager) mode."""
    STATE.static = False
    if place is not None:
        p = to_place(place)
        set_device("cpu" if p.device.type == "cpu" else f"gpu:{p.device.index or 0}")


def static_only(api):
    """Paddle's @static_only check: the AssertionError text Paddle gives in dynamic mode."""
    if not STATE.static:
        raise AssertionError(
            "In PaddlePaddle 2.x, we turn on dynamic graph mode by default, and "
            f"'{api}()' is only supported in static graph mode. So if you want to use this api, "
            "please call 'paddle.enable_static()' before this api to enter static graph mode.")


def default_main_program():
    """paddle.static.default_main_program(): where ops are recorded outside a program_guard."""
    return _MAIN[0]


def default_startup_program():
    """paddle.static.default_startup_program(): where parameter initializers are recorded."""
    return _STARTUP[0]


def _check_program(p, what):
    if not isinstance(p, Program):
        raise TypeError(f"The type of '{what}' in program_guard must be "
                        f"<class 'paddle.static.Program'>, but received {type(p)}.")


@contextlib.contextmanager
def program_guard(main_program, startup_program=None):
    """paddle.static.program_guard(main_program, startup_program=None)."""
    _check_program(main_program, "main_program")
    if startup_program is not None:
        _check_program(startup_program, "startup_program")
    old_main, old_startup = _MAIN[0], _STARTUP[0]
    _MAIN[0] = main_program
    if startup_program is not None:
        _STARTUP[0] = startup_program
    try:
        yield
    finally:
        _MAIN[0], _STARTUP[0] = old_main, old_startup


@contextlib.contextmanager
def name_scope(prefix=None):
    """paddle.static.name_scope(prefix): ops recorded inside get `op_namescope = /prefix/`."""
    old = _NAME_SCOPE[0]
    counts = _NAME_SCOPE_COUNTS[0]
    key = old + (prefix or "")
    n = counts.get(key, 0)
    counts[key] = n + 1
    name = prefix if n == 0 else f"{prefix}_{n}"
    _NAME_SCOPE[0] = old + name + "/" if prefix else old
    _NAME_SCOPE_COUNTS[0] = {}
    try:
        yield
    finally:
        _NAME_SCOPE[0] = old
        _NAME_SCOPE_COUNTS[0] = counts


def program_name(key):
    """'<key>_<n>' from the current main program's own generator (Paddle's
    `main_program._name_generator`): op outputs, helper prefixes and static parameters."""
    return _MAIN[0]._name_generator(key)


# Paddle's PIR face names layer helpers and parameters from one process-wide generator of its
# own: not unique_name's current one (`unique_name.generate('fc')` still gives fc_0 after two
# static fc layers, and `unique_name.guard()` does not restart it).
_PIR_NAMES = _unique_name.UniqueNameGenerator()


def layer_name(key):
    """A layer helper's prefix or a parameter's name: the program's generator in legacy mode;
    Paddle's PIR face names them from its process-wide generator (a second Program's fc is fc_1
    there)."""
    if STATE.pir:
        return _PIR_NAMES(key)
    return _MAIN[0]._name_generator(key)


@contextlib.contextmanager
def helper_scope(name, exact=False):
    """Composite layers (fc, conv2d...) name every output `<name>_<n>.tmp_<k>`; yields '<name>_<n>'.
    With exact=True the prefix is `name` itself (an API's `name=` argument)."""
    old = _HELPER[0]
    _HELPER[0] = name if exact else layer_name(name)
    try:
        yield _HELPER[0]
    finally:
        _HELPER[0] = old


def declare_after(name, anchor):
    """Move variable `name` of the current block to just after `anchor` in the block's listing:
    where Paddle's LayerHelper creates a layer's output before the ops that feed it (conv's bias
    add: the output `conv2d_0.tmp_1` is declared before the bias reshape's variables)."""
    block = default_main_program().current_block()
    items = list(block.vars.items())
    moved = block.vars[name]
    items = [(k, v) for k, v in items if k != name]
    at = next(i for i, (k, _) in enumerate(items) if k == anchor) + 1
    items.insert(at, (name, moved))
    block.vars.clear()
    block.vars.update(items)


@contextlib.contextmanager
def tmp_outputs(key="tmp"):
    """Paddle's legacy Variable operators (`x + 1`, `x * y`, `x < 2`, `-x`, astype) create their
    outputs with `unique_name('tmp')`: inside this context record_op names outputs tmp_<n>
    (`<key>_<n>` for another key, as `x[0]`'s `x_slice_<n>`)."""
    old = _TMP[0]
    _TMP[0] = key
    try:
        yield
    finally:
        _TMP[0] = old


def in_tmp_outputs():
    return _TMP[0]


def new_tmp_var(block, shape, dtype, stop_gradient=True):
    """A `tmp_<n>` Variable of the current main program (Paddle's create_new_tmp_var)."""
    return block.create_var(name=program_name("tmp"), shape=shape, dtype=dtype,
                            stop_gradient=stop_gradient)


@contextlib.contextmanager
def device_guard(device=None):
    """paddle.static.device_guard(device=None): ops created inside carry `op_device = device`
    ('cpu', 'gpu', 'gpu:<id>', 'xpu'...), as Paddle's legacy graph records them.

    Differences from Paddle: the attribute is recorded and printed; the Executor runs every op
    on the program's place (Paddle's executor moves the op's inputs to that device)."""
    if device is not None and device != "" and device.split(":")[0] not in (
            "cpu", "gpu", "xpu", "dcu", "npu", "mlu", "custom_cpu"):
        raise ValueError(
            "The Attr(device) should be 'cpu', 'xpu', 'dcu', 'gpu' or custom device, and it can "
            "also be empty string or None when there is no need to specify device. But received "
            f"{device}")
    old = _DEVICE[0]
    _DEVICE[0] = device or ""
    try:
        yield
    finally:
        _DEVICE[0] = old


@contextlib.contextmanager
def op_role(role):
    old = _ROLE[0]
    _ROLE[0] = role
    try:
        yield
    finally:
        _ROLE[0] = old


def standard_attrs(role=None, namescope=None):
    return {"op_device": _DEVICE[0], "op_namescope": _NAME_SCOPE[0] if namescope is None else namescope,
            "op_role": _ROLE[0] if role is None else role, "op_role_var": [],
            "with_quant_attr": False}


def append_op(block, opdef, inputs, outputs, attrs=None, role=None, type=None, namescope=None):
    """Append an Operator for `opdef` with its default attributes, the given ones and Paddle's
    standard ones (op_device, op_namescope, op_role, op_role_var, with_quant_attr)."""
    full = dict(opdef.attrs) if opdef is not None else {}
    full.update(attrs or {})
    full.update(standard_attrs(role, namescope))
    return block.append_op(type or opdef.type, inputs, outputs, full, opdef)


# ---- shape inference on meta tensors -------------------------------------------------------------
def _meta(var, sub):
    shape = tuple(sub if d < 0 else d for d in var.shape)
    return torch.empty(shape, dtype=var.dtype.torch, device="meta")


def _zeros(var, sub):
    shape = tuple(sub if d < 0 else d for d in var.shape)
    return torch.zeros(shape, dtype=var.dtype.torch)


def _build_args(slots, maker, sub):
    args = []
    for v in slots:
        if v is None:
            args.append(None)
        elif isinstance(v, list):
            args.append([maker(e, sub) for e in v])
        else:
            args.append(maker(v, sub))
    return args


def _flatten(out):
    if isinstance(out, (tuple, list)):
        return [t for o in out for t in _flatten(o)]
    return [out]


def _random_spec(in_vars, attrs):
    """Creation ops that draw random numbers: the shape is the `shape` attribute (-1 where a shape
    tensor fills it in at run time; all -1 when one ShapeTensor gives the whole shape), or [n]."""
    dtype = to_dtype(attrs.get("dtype", "float32")).torch
    if "shape" not in attrs:
        return _Spec((int(attrs["n"]),), dtype)
    shape_tensor = in_vars[0] if in_vars else None
    if shape_tensor is not None:
        return _Spec((-1,) * max(int(shape_tensor.shape[0]), 0), dtype)
    return _Spec(tuple(int(d) for d in attrs["shape"]), dtype)


def infer_outputs(opdef, in_vars, kernel_attrs):
    """Output (shape, dtype) specs in the kernel's result structure.

    Random creation kernels are never run here (they would advance the generator): their spec comes
    from their attributes. Every other kernel runs on meta tensors; one that cannot (data-dependent
    shapes) runs twice on small real zeros, with the random generator's state restored afterwards so
    that building a program never changes the numbers it will draw.
    """
    if getattr(opdef.kernel, "draws_random", False):
        return _random_spec(in_vars, kernel_attrs)
    gen = default_cpu_generator()
    state = gen.get_state()
    try:
        return _infer_by_running(opdef, in_vars, kernel_attrs)
    finally:
        gen.set_state(state)


def _infer_by_running(opdef, in_vars, kernel_attrs):
    try:
        with torch.no_grad():
            out = opdef.kernel(*_build_args(in_vars, _meta, _DYN), **kernel_attrs)
        return _map(out, _meta_spec)
    except Exception as meta_error:      # data-dependent kernels cannot run on meta: try real zeros
        try:
            with torch.no_grad():
                a = opdef.kernel(*_build_args(in_vars, _zeros, 2), **kernel_attrs)
                b = opdef.kernel(*_build_args(in_vars, _zeros, 3), **kernel_attrs)
        except Exception:
            spec = _infer_with_unified_dims(opdef, in_vars, kernel_attrs)
            if spec is None:
                raise meta_error from None
            return spec
        fa, fb = _flatten(a), _flatten(b)
        pairs = iter([_Spec(tuple(-1 if x != y else int(x) for x, y in zip(ta.shape, tb.shape)),
                       ta.dtype) for ta, tb in zip(fa, fb)])
        return _map(a, lambda t: next(pairs))


def _infer_with_unified_dims(opdef, in_vars, kernel_attrs):
    """Specs for an op that needs some dynamic (-1) dim to equal a known one, as matmul does for
    `[-1, -1] @ [3, 2]` (Paddle's shape inference skips its checks on -1 dims): each -1 is tried,
    fewest first, as one of the inputs' known dims, the others staying dynamic. None if no
    choice of at most two dims works."""
    flat = [e for v in in_vars for e in (v if isinstance(v, list) else [v]) if e is not None]
    dyn = [(id(v), i) for v in flat for i, d in enumerate(v.shape) if d < 0]
    known = sorted({d for v in flat for d in v.shape if d > 0})
    if not dyn or not known or len(dyn) > 6:
        return None
    for count in (1, 2):
        for picks in itertools.combinations(dyn, count):
            for values in itertools.product(known, repeat=count):
                fixed = dict(zip(picks, values))

                def meta(var, sub, fixed=fixed):
                    return torch.empty(tuple(fixed.get((id(var), i), sub) if d < 0 else d
                                             for i, d in enumerate(var.shape)),
                                       dtype=var.dtype.torch, device="meta")
                try:
                    with torch.no_grad():
                        out = opdef.kernel(*_build_args(in_vars, meta, _DYN), **kernel_attrs)
                except Exception:
                    continue
                return _map(out, _meta_spec)
    return None


def _meta_spec(t):
    """The spec of a meta-tensor result: dims that are multiples of the dynamic size are -1."""
    return _Spec(tuple(-1 if d and d % _DYN_PRIME == 0 else int(d) for d in t.shape), t.dtype)


class _Spec:
    __slots__ = ("shape", "dtype")

    def __init__(self, shape, dtype):
        self.shape, self.dtype = shape, dtype


def _map(out, fn):
    if isinstance(out, tuple):
        return tuple(_map(o, fn) for o in out)
    if isinstance(out, list):
        return [_map(o, fn) for o in out]
    if out is None:
        return None
    return fn(out)


# ---- the hook --------------------------------------------------------------------------------------
def _api_key(opdef):
    api = opdef.api
    if not api:
        return opdef.type
    short = api.rsplit(".", 1)[-1]
    return "tmp" if short.startswith("__") else short


def _helper_prefix(opdef):
    """'<key>_<n>': the LayerHelper name Paddle's legacy API gives its outputs."""
    key = _api_key(opdef)
    alias = _HELPER_KEYS.get(key)
    if alias is None:
        return program_name(key)
    for _ in range(alias[1]):
        name = program_name(alias[0])
    return name


def as_variable(x, block=None):
    """A Variable for `x`: Variables pass; Tensors, numpy arrays and scalars become constants."""
    if isinstance(x, Variable):
        return x
    import numpy as np
    t = x if isinstance(x, Tensor) else to_tensor(x)
    arr = t.numpy()
    block = block or default_main_program().current_block()
    name = program_name("tmp")
    var = block.create_var(name=name, shape=arr.shape, dtype=t.dtype, stop_gradient=True)
    append_op(block, LOCAL_OPS["assign_value"], {}, {"Out": [var]},
              {"dtype": VARTYPE_CODES[t.dtype.short], "shape": list(arr.shape),
               "values": np.asarray(arr).reshape(-1).tolist()})
    return var


def record_op(opdef, inputs, attrs):
    """The registry's static hook: record `opdef` with `inputs` (one per slot) and `attrs`."""
    block = default_main_program().current_block()
    if not STATE.pir:
        opdef = LEGACY_KERNELS.get(opdef.type, opdef)
    in_vars, in_names = [], {}
    omit = _OMIT_EMPTY_INPUTS.get(opdef.type, ())
    for slot, x in zip(opdef.inputs, inputs):
        if x is None:
            in_vars.append(None)
            if slot not in omit:
                in_names[slot] = []
        elif isinstance(x, (list, tuple)) and not isinstance(x, Variable):
            vs = [as_variable(e, block) for e in x]
            in_vars.append(vs)
            in_names[slot] = [v.name for v in vs]
        else:
            v = as_variable(x, block)
            in_vars.append(v)
            in_names[slot] = [v.name]
    kernel_attrs = dict(opdef.attrs)
    kernel_attrs.update(attrs)
    try:
        specs = infer_outputs(opdef, in_vars, kernel_attrs)
    except Exception as e:
        raise type(e)(f"{e}\n  [operator < {opdef.type} > error] while inferring output shapes "
                      f"for {opdef.api or opdef.type} in static mode") from e
    stop = all(v.stop_gradient for v in _flatten(in_vars) if v is not None)
    if STATE.pir and not torch.is_grad_enabled():
        stop = True     # Paddle's PIR ops built while grad is disabled (set_grad_enabled(False))
    tmp = _TMP[0] and not _HELPER[0]
    if tmp:
        key = _TMP[0]
    else:
        prefix = _HELPER[0] or _helper_prefix(opdef)
        key = prefix + ".tmp"

    def new_var(spec):
        dt = to_dtype(spec.dtype)
        return block.create_var(name=program_name(key), shape=spec.shape, dtype=dt,
                                stop_gradient=stop or not (dt.is_floating_point or dt.is_complex))

    recorded = {}
    if not STATE.pir and opdef.type in _RECORDED_OUTPUTS and in_vars and \
            isinstance(in_vars[0], Variable):
        slots, axis_attr = _RECORDED_OUTPUTS[opdef.type]
        lead = tuple(in_vars[0].shape)[:int(kernel_attrs.get(axis_attr, 1))]
        size = -1 if any(d < 0 for d in lead) else math.prod(lead)
        for slot in slots:
            recorded[slot] = [block.create_var(name=program_name(key), shape=(size,),
                                               dtype=in_vars[0].dtype, stop_gradient=True).name]
    result = _map(specs, new_var)
    if isinstance(result, tuple):
        per_slot = result
    else:
        per_slot = (result,)
    out_names = {}
    for slot, value in zip(opdef.outputs, per_slot):
        if value is None:
            out_names[slot] = []
        elif isinstance(value, list):
            out_names[slot] = [v.name for v in value]
        else:
            out_names[slot] = [value.name]
    out_names.update(recorded)
    if opdef.type in XSHAPE_OPS and in_vars and isinstance(in_vars[0], Variable):
        x = in_vars[0]
        xshape = block.create_var(name=program_name(key), shape=(0,) + tuple(x.shape),
                                  dtype=x.dtype, stop_gradient=x.stop_gradient)
        out_names["XShape"] = [xshape.name]
    for slot in _EMPTY_INPUTS.get(opdef.type, ()):
        if slot not in in_names and not (tmp and opdef.type == "fill_constant"):
            in_names[slot] = []
    run_as = LOCAL_OPS[opdef.type] if opdef.type in _RUN_LOCAL else opdef
    legacy = to_legacy(opdef.type, kernel_attrs, in_vars)
    op = append_op(block, run_as, in_names, out_names, legacy, type=opdef.type)
    for k in set(kernel_attrs) - set(legacy):
        op.attrs.pop(k, None)        # attributes Paddle's legacy op does not have
    op.list_slots = tuple(s for s, x in zip(opdef.inputs, inputs)
                          if isinstance(x, (list, tuple)) and not isinstance(x, Variable)) + tuple(
        s for s, v in zip(opdef.outputs, per_slot) if isinstance(v, list))
    return result


def record_assign(var):
    from .local_ops import opdef
    return record_op(opdef("assign"), (var,), {})


def write_into(target, result):
    """Static in-place: the op just recorded, which produced `result`, writes `target` instead
    (PIR's in-place ops such as `x[i] = v`'s set_value_, and `assign(x, output=y)`); `result`
    leaves the block. Returns target."""
    block = default_main_program().current_block()
    op = block._ops[-1]
    for slot, names in op.outputs.items():
        op.outputs[slot] = [target.name if n == result.name else n for n in names]
    block._remove_var(result.name)
    return target


set_static_hook(record_op, tmp_outputs=tmp_outputs, write_into=write_into)
