"""paddle.static.append_backward / gradients (DESIGN decision 5: one autodiff, torch's).

For fidelity the Program gets Paddle's backward section: a seed op for `loss@GRAD`
(`fill_constant` / `fill_any_like`), one `<type>_grad` op per forward op on the path, in reverse, and
`x@GRAD` variables. Those ops share one `GradGroup`; the Executor runs the whole group as a single
`torch.autograd.grad` call over the forward ops of that run, asking only for the gradients that are
fetched or read later.

Differences from Paddle: a variable read by several ops gets one `x@GRAD` (Paddle renames the
partial gradients `x@GRAD@RENAME@...` and adds a `sum` op); grad ops list all forward inputs and
`<Out>@GRAD` (Paddle's per-op grad makers choose subsets, e.g. relu_grad reads Out).
"""
import re

from .._mode import STATE
from .builder import XSHAPE_OPS, OpRole, standard_attrs
from .ir import Variable
from .local_ops import LOCAL_OPS

__all__ = ["append_backward", "gradients", "GradGroup", "_strip_grad_suffix_",
           "_append_grad_suffix_", "GRADLESS"]

# Op types whose backward Paddle 3.3.1 cannot build (fused ops without a CPU grad kernel or without
# a grad op): type -> fn(op), called when the op is on the backward path; it raises Paddle's error
# or returns True to end the path there (no grad op, as for a py_func without backward_func).
# Filled by the op's own module (paddle.incubate's fused ops).
GRADLESS = {}


class GradGroup:
    """The grad ops of one call: targets, seeds and {grad var name: forward var name}."""

    def __init__(self):
        self.targets, self.target_grads, self.seed_names = [], [], []
        self.grad_of = {}
        self.ops = []
        self.minimize = False       # recorded by optimizer.minimize (the PIR view's flags)


def _as_list(x):
    if x is None:
        return []
    return list(x) if isinstance(x, (list, tuple)) else [x]


def _check(value, what, api, allow_list=True):
    ok = isinstance(value, Variable) or (allow_list and isinstance(value, (list, tuple)))
    if not ok:
        want = ("(<class 'paddle.base.framework.Variable'>, <class 'list'>, <class 'tuple'>)"
                if allow_list else "<class 'paddle.base.framework.Variable'>")
        raise TypeError(f"The type of '{what}' in {api} must be {want}, but received "
                        f"{type(value)}. ")


def _no_grad_names(no_grad_set):
    return {v if isinstance(v, str) else v.name for v in (no_grad_set or ())}


# Grad ops whose Paddle grad maker reads the forward output instead of the input (and dropout, its
# mask): only their printed slots differ; the arithmetic is torch autograd's either way.
_READS_OUT = {"relu", "sigmoid", "tanh", "exp", "sqrt", "rsqrt", "softmax", "relu6", "log_softmax"}
_READS_MASK = {"dropout"}
_EMPTY = "@EMPTY@"       # Paddle's name for "no variable" in a grad op's slot
# Ops whose grad op lists the forward's empty tensor slots too (StartsTensor=[] ...).
_GRAD_KEEPS_EMPTY = {"slice", "strided_slice", "unsqueeze2"}
# Input slots that never get a gradient slot in Paddle's grad op (labels).
_NO_GRAD_SLOTS = {"Label"}


def _grad_inputs(op, outs):
    if op.type in XSHAPE_OPS and op.outputs.get("XShape"):    # the grad reads x's shape there
        ins = {s: [] for s, names in op.inputs.items()
               if not names and op.type in _GRAD_KEEPS_EMPTY}
        ins["XShape"] = list(op.outputs["XShape"])
    elif op.type in _READS_OUT:
        ins = {"Out": list(op.outputs.get("Out", []))}
    elif op.type in _READS_MASK:
        ins = {"Mask": list(op.outputs.get("Mask", []))}
    elif op.type == "softmax_with_cross_entropy":     # its grad kernel works from the softmax
        ins = {"Label": list(op.inputs.get("Label", [])),
               "Softmax": list(op.outputs.get("Softmax", []))}
    else:
        ins = {s: list(names) for s, names in op.inputs.items()
               if names or op.type in _GRAD_KEEPS_EMPTY}
    ins.update(outs)
    return ins


def _py_func_grad(op, grad_of, diff, attrs):
    """Paddle's py_func grad maker: another `py_func` op running the backward callable, reading
    the kept forward inputs and outputs (those not in backward_skip_vars) and the output
    gradients, writing one gradient per input (`@EMPTY@` where none flows), with
    backward_callable_id -1 and an empty name scope."""
    skip = set(op.attrs.get("backward_skip_vars", []))
    xs, outs = op.inputs.get("X", []), op.outputs.get("Out", [])
    ins = [n for n in xs if n not in skip] + [n for n in outs if n not in skip] + \
        [grad_of(n) for n in outs]
    grads = [grad_of(n) if n in diff else _EMPTY for n in xs]
    attrs = dict(attrs, forward_callable_id=op.attrs["backward_callable_id"],
                 backward_callable_id=-1, backward_skip_vars=[], op_namescope="")
    return ("py_func", {"X": ins}, {"Out": grads}, attrs)


def _sub_block_grad(op, body, xs, outs, grad_of, gname, diff):
    """The grad sub-block Paddle's while / conditional_block grad makers build: a new block
    (parent: the op's block, forward_idx: `body`, whose backward_idx points back) holding the
    grad ops of the body's ops on the path from the gradients that exist of `outs` to the
    differentiable `xs`, in reverse (a copy's `assign` grad is an `assign`; repeated gradients
    renamed `@RENAME@block<body>@<k>` and summed, as in the main block). Its variables are the
    gradients its ops name, except the output gradients it reads from the main block.
    Printing only: the Executor's group asks torch autograd for the gradients.
    Returns (grad block, the output gradients read)."""
    program = body.program
    out_grads = [gname[n] for n in outs if n in gname]
    bdiff = {n for n in xs if n in diff}
    for bop in body.ops:
        if any(n in bdiff for n in bop.input_arg_names):
            for n in bop.output_arg_names:
                v = body._find_var_recursive(n)
                if v is not None and not v.stop_gradient:
                    bdiff.add(n)
    need = {n for n in outs if n in gname}
    path = []
    for bop in reversed(body.ops):
        if any(n in need for n in bop.output_arg_names) and \
                any(n in bdiff for n in bop.input_arg_names):
            path.append(bop)
            need.update(n for n in bop.input_arg_names if n in bdiff)

    def bgrad(n):          # values of enclosing blocks: the main block's gradient names
        if n in body.vars:
            return n + "@GRAD"
        return gname[n] if n in gname else grad_of(n)

    ops = []
    for bop in path:
        bouts = {f"{s}@GRAD": [bgrad(n) for n in names] for s, names in bop.outputs.items()
                 if names and any(n in need or n in outs for n in names)}
        bins = {f"{s}@GRAD": [bgrad(n) for n in names if n in bdiff]
                for s, names in bop.inputs.items() if names and s not in _NO_GRAD_SLOTS}
        battrs = dict(bop.attrs, op_role=OpRole.Backward, op_role_var=[])
        if bop.type == "assign":
            battrs.update(op_namescope="")
            ops.append(("assign", {"X": bouts.get("Out@GRAD", [])}, {"Out": bins["X@GRAD"]},
                        battrs))
        elif bop.type == "scale":
            battrs.update(bias=0.0, bias_after_scale=True, op_namescope="")
            ops.append(("scale", {"BiasTensor": [], "ScaleTensor": [],
                                  "X": bouts.get("Out@GRAD", [])}, {"Out": bins["X@GRAD"]},
                        battrs))
        else:
            ops.append((bop.type + "_grad", _grad_inputs(bop, bouts), bins, battrs))
    ops, renamed = _add_up_repeated(ops, body.idx)
    current = program.current_block_idx
    gblock = program._create_block(body.parent_idx)
    program.current_block_idx = current
    gblock.forward_block_idx = body.idx
    body.backward_block_idx = gblock.idx
    made = sorted({n for _, i, o, _ in ops for names in list(i.values()) + list(o.values())
                   for n in names if n.endswith("@GRAD") or "@GRAD@RENAME@" in n} - set(out_grads))
    for g in made:
        fwd = renamed.get(g, g)
        fwd = fwd[:-len("@GRAD")].split("/")[-1] if fwd.endswith("@GRAD") else fwd
        v = body._find_var_recursive(fwd)
        if v is not None and g not in gblock.vars:
            gblock.create_var(name=g, shape=v.shape, dtype=v.dtype, stop_gradient=False)
    for type_, ins, outs_, battrs in ops:
        gblock.append_op(type_, ins, outs_, battrs)
    return gblock, out_grads


def _while_grad(op, grad_of, gname, diff, attrs):
    """Paddle's while grad maker: a `while_grad` op reading the loop's Out, the gradients that
    exist of them (Out@GRAD), StepScopes and X, writing one gradient per X (`@EMPTY@` where none
    flows), with `original_output_grad` and its grad sub-block (_sub_block_grad)."""
    xs, outs = list(op.inputs.get("X", [])), list(op.outputs.get("Out", []))
    gblock, out_grads = _sub_block_grad(op, op.attrs["sub_block"], xs, outs, grad_of, gname,
                                        diff)
    wattrs = dict(attrs, sub_block=gblock, original_output_grad=list(out_grads))
    return ("while_grad", {"Out": outs, "Out@GRAD": out_grads,
                           "StepScopes": list(op.outputs.get("StepScopes", [])), "X": xs},
            {"X@GRAD": [grad_of(n) if n in diff else _EMPTY for n in xs]}, wattrs)


def _cond_grad(op, grad_of, gname, diff):
    """Paddle's conditional_block grad maker: `conditional_block_grad` reading Cond, Input, Out,
    the output gradients and Scope, writing Input@GRAD, with only is_scalar_condition,
    op_device, op_role and its grad sub-block (_sub_block_grad) as attributes."""
    xs, outs = list(op.inputs.get("Input", [])), list(op.outputs.get("Out", []))
    gblock, out_grads = _sub_block_grad(op, op.attrs["sub_block"], xs, outs, grad_of, gname,
                                        diff)
    attrs = {"is_scalar_condition": op.attrs.get("is_scalar_condition", False),
             "op_device": op.attrs.get("op_device", ""), "op_role": OpRole.Backward,
             "sub_block": gblock}
    return ("conditional_block_grad", {"Cond": list(op.inputs.get("Cond", [])), "Input": xs,
                                       "Out": outs, "Out@GRAD": out_grads,
                                       "Scope": list(op.outputs.get("Scope", []))},
            {"Input@GRAD": [grad_of(n) if n in diff else _EMPTY for n in xs]}, attrs)


def _add_up_repeated(grad_ops, block_idx):
    """Paddle's `_addup_repetitive_outputs_`: a gradient written by several grad ops (or twice by
    one, as `y + y` does) is written as `x@GRAD@RENAME@block<i>@<k>` by each, and a `sum` op adds
    them into `x@GRAD` before the first op that reads it (or at the end). Printing only: the
    Executor's group asks torch for the accumulated gradient. Returns (grad ops, {renamed name:
    gradient name})."""
    out, produced, count, renamed = [], {}, {}, {}
    where = {}      # gradient name -> (output list, index) of its one writer so far

    def fresh(name):
        k = count.get(name, 0)
        count[name] = k + 1
        new = f"{name}@RENAME@block{block_idx}@{k}"
        renamed[new] = name
        return new

    def add_sum(name):
        outs = {"Out": [name]}
        out.append(("sum", {"X": list(produced[name])}, outs,
                    dict(standard_attrs(OpRole.Backward, ""))))
        produced[name] = [name]
        where[name] = (outs["Out"], 0)

    for type_, ins, outs, attrs in grad_ops:
        for n in [n for names in ins.values() for n in names]:
            if len(produced.get(n, ())) > 1:
                add_sum(n)
        outs = {slot: list(names) for slot, names in outs.items()}
        for names in outs.values():
            for k, n in enumerate(names):
                if n == _EMPTY:
                    continue                        # py_func's "no gradient here" placeholder
                if n not in produced or (type_ == "while_grad" and n in ins.get("Out@GRAD", ())):
                    # (while_grad adds the loop's gradient into its Out@GRAD variable in place)
                    produced[n] = [n]
                    where[n] = (names, k)
                    continue
                if len(produced[n]) == 1:          # the earlier writer becomes @RENAME@...@0
                    first_list, first_k = where[n]
                    first_list[first_k] = produced[n][0] = fresh(n)
                names[k] = fresh(n)
                produced[n].append(names[k])
        out.append((type_, ins, outs, attrs))
    for n in list(produced):
        if len(produced[n]) > 1:
            add_sum(n)
    return out, renamed


def _calc(block, targets, inputs, target_grads, no_grad, seed, whole_path=False):
    """Record the backward section; returns {forward var name: grad Variable} for `inputs`.
    `whole_path` (append_backward): record the grad ops even when no input is on the path, as
    Paddle does for a loss that reaches only `data` variables with stop_gradient=False."""
    program = block.program
    ops = list(block.ops)
    # Differentiable values: not stop_gradient, not excluded, and reached from such a value.
    diff = set()
    for name, var in block.vars.items():
        if not var.stop_gradient and name not in no_grad:
            diff.add(name)
    for op in ops:
        if any(n in diff for n in op.input_arg_names):
            for n in op.output_arg_names:
                v = block._find_var_recursive(n)
                if v is not None and not v.stop_gradient and n not in no_grad:
                    diff.add(n)
        elif op.input_arg_names:
            for n in op.output_arg_names:
                if n not in {i.name for i in inputs}:
                    diff.discard(n)
        # An op without inputs (paddle.full, a constant) creates a leaf: one marked
        # stop_gradient=False stays differentiable, as Paddle's tests rely on
        # (`x = paddle.full(...); x.stop_gradient = False; append_backward(f(x))`, x@GRAD fetched).
    # Values the targets depend on.
    need = {t.name for t in targets}
    path = []
    for op in reversed(ops):
        if op.type == "py_func" and op.attrs.get("backward_callable_id", -1) == -1:
            continue        # Paddle: a py_func without backward_func has no grad op; the path stops
        if any(n in need for n in op.output_arg_names) and any(n in diff for n in op.input_arg_names):
            if op.type in GRADLESS and GRADLESS[op.type](op):
                continue
            path.append(op)
            need.update(n for n in op.input_arg_names if n in diff)
    reach = {i.name for i in inputs if i.name in need and (i.name in diff or i.name in
                                                           {t.name for t in targets})}
    # Paddle counts every backward call (also one that finds no path) and, from the second on,
    # renames a gradient whose plain name already exists to 'grad/' * count + name.
    times = program._appending_grad_times = program._appending_grad_times + 1
    if not reach and not (whole_path and path):
        return {}
    gname, fwd_of = {}, {}

    def grad_of(n):
        if n not in gname:
            base = n + "@GRAD"
            taken = times > 1 and block._find_var_recursive(base) is not None
            gname[n] = "grad/" * times + base if taken else base
            fwd_of[gname[n]] = n
        return gname[n]

    group = GradGroup()
    for t, tg in zip(targets, target_grads):
        if tg is not None and t.name not in gname:
            # Paddle uses a given target gradient itself as the target's gradient variable (the
            # grad ops read it by name), so a later gradients() call can differentiate with
            # respect to it (double backward).
            gname[t.name] = tg.name
            fwd_of[tg.name] = t.name
        group.targets.append(t.name)
        group.target_grads.append(tg.name if tg is not None else None)
        group.seed_names.append(grad_of(t.name))
    grad_ops = []
    for op in path:
        if op.type == "while":
            # (before `outs` below names a gradient for every loop output)
            params = [n for n in op.inputs.get("X", []) if n in diff and
                      (v := block._find_var_recursive(n)) is not None and v.is_parameter]
            attrs = dict(op.attrs, op_role=OpRole.Backward, op_role_var=(
                [params[0], grad_of(params[0])] if params and seed == "fill_constant" else []))
            grad_ops.append(_while_grad(op, grad_of, gname, diff, attrs))
            continue
        if op.type == "conditional_block" and op.attrs.get("sub_block") is not None:
            grad_ops.append(_cond_grad(op, grad_of, gname, diff))
            continue
        outs = {f"{s}@GRAD": [grad_of(n) for n in names] for s, names in op.outputs.items()
                if any(n in gname for n in names)}
        # Paddle lists every non-empty input slot's @GRAD, empty where no gradient flows.
        ins = {f"{s}@GRAD": [grad_of(n) for n in names if n in diff]
               for s, names in op.inputs.items() if names and s not in _NO_GRAD_SLOTS}
        in_slots = _grad_inputs(op, outs)
        attrs = {k: v for k, v in op.attrs.items()}
        params = [n for names in ins.values() for n in names
                  if (v := block._find_var_recursive(fwd_of[n])) is not None and v.is_parameter]
        attrs.update(op_role=OpRole.Backward, op_role_var=(
            [fwd_of[params[0]], params[0]] if params and seed == "fill_constant" else []))
        if op.type == "py_func":
            grad_ops.append(_py_func_grad(op, grad_of, diff, attrs))
            continue
        if op.type == "select_input":
            # Paddle's select_input grad maker: a `select_output` routing dOut to the chosen
            # branch's output gradient.
            grad_ops.append(("select_output", {"Mask": list(op.inputs.get("Mask", [])),
                                               "X": outs.get("Out@GRAD", [])},
                             {"Out": [grad_of(n) for n in op.inputs.get("X", [])]}, attrs))
            continue
        if op.type == "print":
            # Paddle's print grad maker emits another `print` op: Out@GRAD in, In@GRAD out.
            attrs.update(is_forward=False)
            grad_ops.append(("print", {"In": outs.get("Out@GRAD", [])},
                             {"Out": ins.get("In@GRAD", [])}, attrs))
            continue
        if op.type == "scale":
            # Paddle's scale grad maker emits a `scale` op: dX = scale * dOut, no bias.
            attrs.update(bias=0.0, bias_after_scale=True, op_namescope="")
            grad_ops.append(("scale", {"BiasTensor": [], "ScaleTensor": [],
                                       "X": outs.get("Out@GRAD", [])}, {"Out": ins["X@GRAD"]},
                             attrs))
            continue
        grad_ops.append((op.type + "_grad", in_slots, ins, attrs))
    grad_ops, renamed = _add_up_repeated(grad_ops, block.idx)
    # Grad variables, created in name order as Paddle's backward pass does.
    names = [(fwd, g) for fwd, g in gname.items()] + [
        (fwd_of[base], new) for new, base in renamed.items()]
    for fwd, g in sorted(names, key=lambda kv: kv[1]):
        v = block._find_var_recursive(fwd)
        if g not in block.vars:
            block.create_var(name=g, shape=v.shape, dtype=v.dtype, stop_gradient=False)
        if g not in group.seed_names and g not in renamed:
            group.grad_of[g] = fwd
    for t, tg, sname in zip(targets, target_grads, group.seed_names):
        if tg is None:
            if seed == "fill_constant":
                from .ir import VARTYPE_CODES
                attrs = dict(LOCAL_OPS["fill_constant"].attrs, dtype=VARTYPE_CODES[t.dtype.short],
                             shape=list(t.shape), value=1.0, str_value="")
                attrs.update(standard_attrs(OpRole.Backward | OpRole.Loss, ""))
                op = block.append_op("fill_constant", {}, {"Out": [sname]}, attrs,
                                     LOCAL_OPS["fill_constant"])
            else:
                from .ir import VARTYPE_CODES
                attrs = dict(LOCAL_OPS["fill_any_like"].attrs, dtype=VARTYPE_CODES[t.dtype.short])
                attrs.update(standard_attrs(OpRole.Backward, ""))
                op = block.append_op("fill_any_like", {"X": [t.name]}, {"Out": [sname]}, attrs,
                                     LOCAL_OPS["fill_any_like"])
            op.grad_group = group
            group.ops.append(op)
    for type_, ins, outs, attrs in grad_ops:
        op = block.append_op(type_, ins, outs, attrs)
        op.grad_group = group
        group.ops.append(op)
    if not group.ops:
        # Target gradients were given and no op lies between: keep one marker so the group runs.
        op = block.append_op("assign", {"X": [target_grads[0].name]}, {"Out": [group.seed_names[0]]},
                             dict(standard_attrs(OpRole.Backward)), LOCAL_OPS["assign"])
        op.grad_group = group
        group.ops.append(op)
    return {n: block.vars[gname[n]] for n in reach}


def append_backward(loss, parameter_list=None, no_grad_set=None, callbacks=None,
                    checkpoints=None, distop_context=None):
    """paddle.static.append_backward: grad ops for `loss`; returns [(param, grad), ...].

    `parameter_list` defaults to every trainable parameter; it may name non-parameters too (a
    `data` variable with stop_gradient=False). Parameters with no path to `loss` are left out.
    """
    _check(loss, "loss", "paddle.static.append_backward", allow_list=False)
    if callbacks is not None or checkpoints is not None:
        raise NotImplementedError("paddle.static.append_backward: callbacks and checkpoints "
                                  "(recompute) are not supported; call it without them")
    block = loss.block.program.global_block()
    for op in reversed(block.ops):
        if loss.name in op.output_arg_names:
            op.attrs["op_role"] = op.attrs.get("op_role", 0) | OpRole.Loss
            break
    if parameter_list is None:
        params = [p for p in block.all_parameters() if p.trainable]
        if STATE.pir:
            # PIR returns them in its parameter order (each new builtin.parameter on top).
            params.sort(key=lambda p: p._pir_seq[1], reverse=True)
    else:
        params = [block._var_recursive(p) if isinstance(p, str) else p for p in parameter_list]
    no_grad = _no_grad_names(no_grad_set)
    grads = _calc(block, [loss], params, [None], no_grad, "fill_constant", whole_path=True)
    return [(p, grads[p.name]) for p in params if p.name in grads]


def gradients(targets, inputs, target_gradients=None, no_grad_set=None):
    """paddle.static.gradients: grad Variables of `targets` w.r.t. `inputs`.

    Returns [] when no input lies on a path to the targets, and None for single inputs without a
    path; repeated calls name their variables `grad/.../x@GRAD` as Paddle does. Gradients of
    gradients (double grad) work: the Executor keeps the autograd graph of earlier groups.
    """
    _check(targets, "targets", "paddle.static.gradients")
    _check(inputs, "inputs", "paddle.static.gradients")
    targets, inputs = _as_list(targets), _as_list(inputs)
    tgs = _as_list(target_gradients) or [None] * len(targets)
    if len(tgs) != len(targets):
        raise ValueError("Should have the same number of target_gradients as targets")
    block = targets[0].block.program.global_block()
    grads = _calc(block, targets, inputs, tgs, _no_grad_names(no_grad_set), "fill_any_like")
    if not grads:
        # PIR's gradients answers None per input; the legacy graph an empty list
        return [None] * len(inputs) if STATE.pir else []
    return [grads.get(i.name) for i in inputs]


# ---- grad-name helpers (plain Python in Paddle's base/backward.py; its own tests call them) --------
def _strip_grad_suffix_(name):
    """The forward name of a grad variable: x@GRAD, x@GRAD@GRAD, x@GRAD@RENAME@1 and
    grad/grad/x@GRAD@RENAME@block0@1@GRAD give x; z@GRAD_slice_0@GRAD gives z@GRAD_slice_0."""
    pos = re.search("@GRAD+@", name) or re.search("@GRAD$", name)
    new_name = name[: pos.start()] if pos is not None else name
    new_pos = name.rfind("grad/")
    return new_name[new_pos + 5:] if new_pos != -1 else new_name


def _append_grad_suffix_(name):
    """x -> x@GRAD."""
    return name + "@GRAD"
