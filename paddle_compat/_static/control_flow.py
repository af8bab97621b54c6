"""paddle.static.nn.cond / while_loop / case / switch_case (Paddle: static/nn/control_flow.py).

Building (Paddle's legacy IR, FLAGS_enable_pir_api=0): each branch of `cond` is traced into a
sub-block run by a `conditional_block` op (`Cond`, `Input` = the enclosing-block values the branch
reads, `Out` = the enclosing-block values it writes, `Scope` = a STEP_SCOPES variable, attributes
`is_scalar_condition` and `sub_block`); a branch's results are copied (`assign`) into fresh
`_generated_var_N` variables of the enclosing block, and one `select_input` per result, masked by
`cast(pred, int32)`, picks the taken branch's. `while_loop` traces `body` into the sub-block of a
`while` op that updates the loop variables and the condition in place (`X`, `Condition`, `Out`,
`StepScopes`, `is_test`, `sub_block`). `case` and `switch_case` are chains of `cond`.

Running (DESIGN decisions 4 and 5): the kernels interpret their sub-block with the Executor's own
lowering (static_pylayer's `_run_block`), so nested control flow recurses into the same
interpreter, and the torch operations they run are recorded by torch autograd: the grad ops that
`gradients` / `append_backward` / `minimize` record for these ops (`conditional_block_grad`,
`while_grad`) are executed, like every other grad op, as one torch autograd call.

In dynamic mode the four functions run eagerly: the predicate's value picks the branch and the loop
runs in Python, as Paddle's do.
"""
import warnings

import torch

from .. import _unique_name
from .._mode import STATE
from .._ops._checks import check_type, check_variable_and_dtype
from .._ops.creation import assign, full
from .._ops.logic import equal, logical_not
from .._ops.math import cast
from .._ops.registry import OpDef
from .._tensor import Tensor
from .builder import append_op, as_variable, default_main_program
from .ir import Variable
from .local_ops import opdef as _opdef
from .static_pylayer import _flatten, _map_structure, _run_block, _running_scope

__all__ = ["cond", "while_loop", "case", "switch_case", "Print"]


# ---- structures (Paddle's nest utilities, as far as these APIs use them) ---------------------------
def _to_sequence(x):
    return list(x) if isinstance(x, (list, tuple)) else [x]


def _is_sequence(x):
    return isinstance(x, (list, tuple, dict))


def _values(x):
    # Paddle's _yield_value: a dict's values in sorted-key order
    return [x[k] for k in sorted(x)] if isinstance(x, dict) else list(x)


def _pack_as(structure, flat):
    """Paddle's pack_sequence_as: `flat` (in `_flatten` order, dict keys sorted) rebuilt into the
    nesting of `structure` (dicts keep their own key order)."""
    it = iter(flat)

    def pack(s):
        if isinstance(s, dict):
            packed = {k: pack(s[k]) for k in sorted(s)}
            return type(s)((k, packed[k]) for k in s)
        if isinstance(s, tuple) and hasattr(s, "_fields"):          # namedtuple
            return type(s)(*(pack(v) for v in s))
        if isinstance(s, (list, tuple)):
            return type(s)(pack(v) for v in s)
        return next(it)
    return pack(structure)


def _same_structure(a, b):
    """Paddle's assert_same_structure(a, b, check_types=False), with its messages: the flat
    element counts first, then the nesting level by level."""
    na = len(_flatten(a)) if _is_sequence(a) else 1
    nb = len(_flatten(b)) if _is_sequence(b) else 1
    if na != nb:
        raise ValueError(f"The two structures don't have the same number of elements.\n\nFirst "
                         f"structure ({na} elements): {a}\n\nSecond structure ({nb} elements): "
                         f"{b}")
    _recursive_same_structure(a, b)


def _recursive_same_structure(a, b):
    a_seq = _is_sequence(a)
    if a_seq != _is_sequence(b):
        raise ValueError(f"The two structures don't have the same nested structure.\n\nFirst "
                         f"structure: {a}\n\nSecond structure: {b}.")
    if not a_seq:
        return
    va, vb = _values(a), _values(b)
    if len(va) != len(vb):
        raise ValueError(f"The two structures don't have the same number of elements.\n\nFirst "
                         f"structure ({len(va)} elements): {a}\n\nSecond structure "
                         f"({len(vb)} elements): {b}")
    for x, y in zip(va, vb):
        _recursive_same_structure(x, y)


# ---- sub-block reads and writes (Paddle's get_inputs_outputs_in_block) ----------------------------
def _reads_writes(block):
    """(values of enclosing blocks the block reads, values of enclosing blocks it writes), in
    first-use order. Paddle collects them into Python sets, so its order between several names
    varies from run to run; first use is one of the orders it can print."""
    parent = block.parent_block
    reads, writes, written = [], [], set()
    for op in block.ops:
        extra = [n for ns in (op.extra_inputs or {}).values() for n in ns]
        for n in op.input_arg_names + extra:
            if n not in written and n not in reads:
                reads.append(n)
        for n in op.output_arg_names:
            written.add(n)
            if n not in writes:
                writes.append(n)
    ins = [n for n in reads if parent._find_var_recursive(n) is not None]
    outs = [n for n in writes if parent._find_var_recursive(n) is not None]
    return ins, outs


def _copy_to_parent(value, parent):
    """Paddle's copy_var_to_parent_block: a `_generated_var_N` of the enclosing block assigned
    from `value` inside the branch (stop_gradient as the assign gives it: `value`'s)."""
    if not isinstance(value, Variable):
        return value
    block = parent.program.current_block()
    if value.type == "DENSE_TENSOR_ARRAY":
        out = parent.create_var(name=_unique_name.generate("_generated_var"),
                                type="DENSE_TENSOR_ARRAY", dtype=value.dtype)
    else:
        # PIR yields the value itself, so the branch result keeps its stop_gradient there; the
        # legacy assign gives its output its input's (a branch of stop_gradient values is one)
        out = parent.create_var(name=_unique_name.generate("_generated_var"), shape=value.shape,
                                dtype=value.dtype, stop_gradient=value.stop_gradient)
    append_op(block, _opdef("assign"), {"X": [value.name]}, {"Out": [out.name]}, {},
              type="assign")
    return out


def _in_sub_block(fn, parent):
    program = parent.program
    block = program._create_block(parent.idx)
    try:
        result = fn()
    finally:
        program.current_block_idx = parent.idx
    return block, result


# ---- the conditional_block op -----------------------------------------------------------------------
class _CondKernel:
    """conditional_block: runs `sub_block` when the condition holds. Argument names are read from
    the op when it runs (a clone rebinds `op`)."""

    def __init__(self):
        self.op = None

    def __call__(self, Cond=None, Input=None, sub_block=None, is_scalar_condition=False):
        conds = Cond if isinstance(Cond, list) else [Cond]
        if is_scalar_condition:
            c = conds[0]
            if c.numel() != 1:
                raise ValueError(
                    f"The numel of Input(Condition) of ConditionalBlockOp should be 1, but "
                    f"received {c.numel()}")
            run = bool(c.reshape(()).item())
        else:
            run = all(c is not None and c.numel() != 0 for c in conds)
        in_names = self.op.input("Input")
        out_names = self.op.output("Out")
        ins = dict(zip(in_names, Input or []))
        if not run:
            # Not taken: values written in place keep what they had; the branch's fresh outputs
            # stay uninitialized (select_input reads the other branch's).
            return [ins.get(n) for n in out_names], _step_scope()
        env = dict(ins)
        _run_block(sub_block, env, out_names, _running_scope())
        return [env.get(n) for n in out_names], _step_scope()


def _step_scope():
    # The STEP_SCOPES output: Paddle keeps the sub-block's scopes there for its grad op; torch
    # autograd keeps what the gradient needs, so an empty placeholder stands in for it.
    return torch.empty(0)


def _conditional_block(pred_vars, fn, parent, is_scalar_condition):
    """Trace `fn` into a sub-block and append the conditional_block op; returns fn's result with
    its Variables replaced by their enclosing-block copies."""
    def body():
        origin = fn()
        if origin is None:
            return None, None
        return origin, _map_structure(lambda v: _copy_to_parent(_as_var(v), parent), origin)
    block, (origin, output) = _in_sub_block(body, parent)
    ins, outs = _reads_writes(block)
    scope = parent.create_var(name=_unique_name.generate("_generated_var"), type="STEP_SCOPES",
                              stop_gradient=False)
    kernel = _CondKernel()
    od = OpDef("conditional_block", kernel, ("Cond", "Input"), ("Out", "Scope"), {}, "",
               "paddle.static.nn.cond")
    op = append_op(parent, od, {"Cond": [v.name for v in pred_vars], "Input": ins},
                   {"Out": outs, "Scope": [scope.name]},
                   {"is_scalar_condition": is_scalar_condition, "sub_block": block})
    op.list_slots = ("Input", "Out")
    kernel.op = op
    return output


def _as_var(v):
    if isinstance(v, Tensor) and not isinstance(v, Variable):
        return as_variable(v)
    return v


def _select_input(false_var, true_var, mask):
    """Paddle's select_input_with_buildin_type for one pair of branch results."""
    f_is, t_is = isinstance(false_var, Variable), isinstance(true_var, Variable)
    if not f_is and not t_is:
        if false_var is true_var or false_var == true_var:
            return false_var
        raise TypeError(
            "Unsupported return type of true_fn and false_fn in cond: false_var returned by "
            f"false_fn is '{false_var}' and true_var of true_fn is '{true_var}'")
    if not (f_is and t_is):
        raise TypeError(
            "Unsupported return type of true_fn and false_fn in cond: false_var returned by "
            f"false_fn is '{type(false_var)}' and true_var of true_fn is '{type(true_var)}'")
    block = default_main_program().current_block()
    shape = tuple(true_var.shape)
    if tuple(false_var.shape) != shape:
        shape = tuple(-1 if a != b else a for a, b in zip(false_var.shape, shape)) \
            if len(false_var.shape) == len(shape) else tuple(false_var.shape)
    # Paddle's legacy op gives the output stop_gradient when both branch results have it.
    out = block.create_var(name=_unique_name.generate("_generated_var"), shape=shape,
                           dtype=true_var.dtype,
                           stop_gradient=false_var.stop_gradient and true_var.stop_gradient)
    op = append_op(block, _SELECT_INPUT, {"Mask": [mask.name], "X": [false_var.name,
                                                                      true_var.name]},
                   {"Out": [out.name]}, {}, type="select_input")
    op.list_slots = ("X",)
    return out


def _select_input_kernel(X=None, Mask=None):
    return X[int(Mask.reshape(-1)[0].item())]


_SELECT_INPUT = OpDef("select_input", _select_input_kernel, ("X", "Mask"), ("Out",), {}, "",
                      "paddle.static.nn.cond")


def cond(pred, true_fn=None, false_fn=None, name=None, return_names=None):
    """paddle.static.nn.cond(pred, true_fn=None, false_fn=None, name=None, return_names=None).

    Returns `true_fn()` if `pred` is True else `false_fn()`. In dynamic mode only the taken
    function runs; in static mode both are traced into sub-blocks (Paddle's `conditional_block`
    ops) and a `select_input` op per result picks the taken branch's value when the Executor runs.
    Both functions must return the same nested structure; `None` from both returns None.

    Differences from Paddle: Paddle 3.3.1's legacy (FLAGS_enable_pir_api=0) cond with a
    false_fn fails with TypeError inside its own `paddle.logical_not` (a PIR-only generated
    method); here it builds the program Paddle's legacy implementation describes. Its grad ops
    (`select_output`, one `conditional_block_grad` per branch with its grad sub-block) print as
    Paddle's, but torch autograd computes the gradients, so a gradient local to a branch's grad
    sub-block cannot be fetched. When several enclosing values are read or written by a branch, Paddle lists them in
    its (random) set order; here in first-use order. `return_names` (dy2static) is accepted and
    used only in the structure error messages.
    """
    if not STATE.static:
        if isinstance(pred, Tensor):
            if pred.numel() != 1 if hasattr(pred, "numel") else False:
                raise ValueError(f"The numel of pred in cond must be 1, but got {pred.numel()}")
            taken = bool(pred.item())
        else:
            taken = bool(pred)
        if taken:
            if true_fn is not None:
                if not callable(true_fn):
                    raise TypeError("The true_fn in cond must be callable, but received "
                                    f"{type(true_fn).__name__}")
                return true_fn()
        elif false_fn is not None:
            if not callable(false_fn):
                raise TypeError("The false_fn in cond must be callable, but received "
                                f"{type(false_fn).__name__}")
            return false_fn()
        return None

    check_variable_and_dtype(pred, "pred", ["bool"], "paddle.static.nn.cond")
    check_type(name, "name", (str, type(None)), "paddle.static.nn.cond")
    if isinstance(pred, Variable) and len(pred.shape) > 0 and _numel(pred.shape) not in (1, -1):
        raise TypeError(f"condition expected shape as [1] or [], but given shape as "
                        f"{list(pred.shape)}.")
    program = default_main_program()
    parent = program.current_block()
    true_output = false_output = None
    if true_fn is not None:
        if not callable(true_fn):
            raise TypeError(f"The true_fn in cond must be callable, but received "
                            f"{type(true_fn).__name__}")
        true_output = _conditional_block([pred], true_fn, parent, True)
    if false_fn is not None:
        if not callable(false_fn):
            raise TypeError(f"The false_fn in cond must be callable, but received "
                            f"{type(false_fn).__name__}")
        negated = logical_not(pred)
        false_output = _conditional_block([negated], false_fn, parent, True)
    if true_output is None and false_output is None:
        return None
    if true_output is None:
        raise ValueError("Incompatible return values of true_fn and false_fn in cond: true_fn "
                         "returns None while false_fn returns non-None")
    if false_output is None:
        raise ValueError("Incompatible return values of true_fn and false_fn in cond: true_fn "
                         "returns non-None while false_fn returns None")
    t_seq, f_seq = _to_sequence(true_output), _to_sequence(false_output)
    if len(t_seq) != len(f_seq):
        raise ValueError(f"true fn returns {len(t_seq)} vars, but false fn returns {len(f_seq)} "
                         "vars, which is not equals")
    names = _to_sequence(return_names) if return_names is not None else ["no name"] * len(t_seq)
    for t, f, n in zip(t_seq, f_seq, names):
        try:
            _same_structure(t, f)
        except ValueError as e:
            raise ValueError(f"Incompatible return values of `{n}` in true_fn and false_fn in "
                             f"cond: {e}") from None
    if STATE.pir:
        _check_if_dtypes(_flatten(true_output), _flatten(false_output))
    mask = cast(pred, "int32")
    flat = [_select_input(f, t, mask) for f, t in zip(_flatten(false_output),
                                                     _flatten(true_output))]
    if STATE.pir:
        # PIR's if result needs no gradient when neither branch's value does
        for out, t, f in zip(flat, _flatten(true_output), _flatten(false_output)):
            if isinstance(out, Variable) and isinstance(t, Variable) and isinstance(f, Variable):
                out.stop_gradient = t.stop_gradient and f.stop_gradient
    return _pack_as(false_output, flat)


def _check_if_dtypes(true_flat, false_flat):
    """PIR's `pd_op.if` needs one dtype per result across the branches (Paddle 3.3.1's
    IfOp::VerifyRegion error; the legacy select_input has no such rule)."""
    from .pir_names import TYPE_SUFFIX
    for i, (t, f) in enumerate(zip(true_flat, false_flat)):
        if isinstance(t, Variable) and isinstance(f, Variable) and t.dtype is not f.dtype:
            raise RuntimeError(
                f"(PreconditionNotMet) The dtype in output[{i}] of true_block&false_block must "
                f"be equal.\n  [Hint: Expected l_type.dtype() == r_type.dtype(), but received "
                f"l_type.dtype():{TYPE_SUFFIX[f.dtype.short]} != "
                f"r_type.dtype():{TYPE_SUFFIX[t.dtype.short]}.]")


def _numel(shape):
    n = 1
    for d in shape:
        if d < 0:
            return -1
        n *= d
    return n


# ---- case / switch_case -----------------------------------------------------------------------------
def _error(what, arg, op, right, got):
    return (f"The {what} of '{arg}' in {op} must be {right}, but received: {got}.")


def case(pred_fn_pairs, default=None, name=None):
    """paddle.static.nn.case(pred_fn_pairs, default=None, name=None).

    Runs the function of the first pair whose predicate is True, else `default` (or, with no
    default, the function of the last pair), as a chain of `cond`. Works in both modes.
    """
    if not isinstance(pred_fn_pairs, (list, tuple)):
        raise TypeError(_error("type", "pred_fn_pairs", "case", "list or tuple",
                               type(pred_fn_pairs)))
    for pair in pred_fn_pairs:
        if not isinstance(pair, tuple):
            raise TypeError(_error("type", "pred_fn_pair", "case", "tuple", type(pair)))
        if len(pair) != 2:
            raise TypeError(_error("size", "pred_fn_pair", "case", "2", f"{len(pair)}"))
        pred, fn = pair
        if not isinstance(pred, (Variable, Tensor)):
            raise TypeError(_error("type", "pred", "case", "boolean Variable", type(pred)))
        if not callable(fn):
            raise TypeError(f"The fn for {pred.name if isinstance(pred, Variable) else pred} of "
                            "pred_fn_pairs in Operator case must be callable.")
    pairs = list(pred_fn_pairs)
    if default is None:
        pred, default = pairs.pop()     # Paddle: the last pair's fn is the default
    elif not callable(default):
        raise TypeError("The default in Operator case must be callable.")
    false_fn = default
    for pred, true_fn in reversed(pairs):
        false_fn = (lambda p, t, f: (lambda: cond(p, t, f)))(pred, true_fn, false_fn)
    return false_fn()


def switch_case(branch_index, branch_fns, default=None, name=None):
    """paddle.static.nn.switch_case(branch_index, branch_fns, default=None, name=None).

    Runs the branch whose key equals `branch_index` (an int32/int64 Tensor with one element);
    `branch_fns` is a dict {int: callable}, a list of (int, callable) pairs or a list of
    callables (keys 0, 1, ...). With no match `default` runs (by default the branch of the
    largest key). Works in both modes; static mode records a chain of `cond`s on
    `equal(branch_index, key)`.
    """
    if not isinstance(branch_index, (Variable, Tensor)):
        raise TypeError(_error("type", "branch_index", "switch_case", "Variable",
                               type(branch_index)))
    if branch_index.dtype.short not in ("uint8", "int32", "int64"):
        raise TypeError(f"The data type of 'branch_index' in switch_case must be any of "
                        f"['uint8', 'int32', 'int64'], but received {branch_index.dtype.short}.")
    if not isinstance(branch_fns, (list, tuple, dict)):
        raise TypeError(_error("type", "branch_fns", "switch_case", "dict, tuple or list",
                               type(branch_fns)))
    items = list(branch_fns.items()) if isinstance(branch_fns, dict) else list(branch_fns)
    if items and callable(items[0]) and not isinstance(items[0], tuple):
        items = list(enumerate(items))
    keys = []
    for item in items:
        if not isinstance(item, tuple):
            raise TypeError(_error("type", "element in branch_fns", "switch_case", "tuple",
                                   type(item)))
        if len(item) != 2:
            raise TypeError(_error("size", "element in branch_fns", "switch_case", "2",
                                   f"{len(item)}"))
        key, fn = item
        if not isinstance(key, int):
            raise TypeError(_error("type", "key in branch_fns", "switch_case", "int", type(key)))
        if key in keys:
            raise ValueError(f"The key in 'branch_fns' must be unique, but '{key}' appears "
                             "more than once.")
        keys.append(key)
        if not callable(fn):
            raise TypeError(f"The type of function for key {key} must be callable, but "
                            f"received {type(fn)}.")
    if default is None:
        items.sort(key=lambda kv: kv[0])
        default = items.pop()[1]
    elif not callable(default):
        raise TypeError("The default in Operator switch_case must be callable.")
    if not STATE.static:
        idx = int(branch_index.item())
        for key, fn in items:
            if key == idx:
                return fn()
        return default()
    pairs = []
    for key, fn in items:
        k = full([1], key, branch_index.dtype)
        pairs.append((equal(branch_index, k), fn))
    return case(pairs, default)


# ---- while_loop -------------------------------------------------------------------------------------
class _WhileKernel:
    """while: runs `sub_block` while the condition holds; X, Condition and Out names come from
    the op (the loop variables are updated in place, under their own names)."""

    def __init__(self):
        self.op = None

    def __call__(self, X=None, Condition=None, sub_block=None, is_test=False):
        x_names = self.op.input("X")
        out_names = self.op.output("Out")
        cond_name = self.op.input("Condition")[0]
        env = dict(zip(x_names, X or []))
        env[cond_name] = Condition
        scope = _running_scope()
        # Every loop input stays alive across iterations (the plan would free a value after its
        # last reader in one pass of the body).
        keep = list(dict.fromkeys(out_names + x_names))
        while True:
            c = env[cond_name]
            if c.numel() != 1:
                raise ValueError("The numel of Input(Condition) of WhileOp should be 1, but "
                                 f"received {c.numel()}")
            if not bool(c.reshape(()).item()):
                break
            _run_block(sub_block, env, keep, scope)
        # Third: the loop inputs as they came in (lowering stores them under an alias where a
        # gradient with respect to a loop variable's value before the loop is asked for).
        return [env.get(n) for n in out_names], _step_scope(), list(X or [])


def opdef_for(op):
    """The OpDef that runs a control-flow op read from a program file (conditional_block,
    while, select_input), its kernel bound to `op`; None for other types."""
    if op.type == "select_input":
        return _SELECT_INPUT
    if op.type == "conditional_block":
        kernel = _CondKernel()
        od = OpDef("conditional_block", kernel, ("Cond", "Input"), ("Out", "Scope"), {}, "",
                   "paddle.static.nn.cond")
    elif op.type == "while":
        kernel = _WhileKernel()
        od = OpDef("while", kernel, ("X", "Condition"), ("Out", "StepScopes"), {}, "",
                   "paddle.static.nn.while_loop")
    else:
        return None
    kernel.op = op
    return od


def while_loop(cond, body, loop_vars, is_test=False, name=None):
    """paddle.static.nn.while_loop(cond, body, loop_vars, is_test=False, name=None).

    Repeats `loop_vars = body(*loop_vars)` while `cond(*loop_vars)` is True and returns the final
    loop variables (a list). In dynamic mode it is a Python loop; in static mode `body` is traced
    once into the sub-block of a `while` op that updates the loop variables in place.

    Differences from Paddle: the `while_grad` op and its grad sub-block print as Paddle's, but
    torch autograd computes the gradients over the iterations the Executor ran, so a gradient
    local to the grad sub-block cannot be fetched.
    """
    if not callable(cond):
        raise TypeError("cond in while_loop should be callable")
    if not callable(body):
        raise TypeError("body in while_loop should be callable")
    if not isinstance(loop_vars, (list, tuple)):
        raise TypeError(_error("type", "loop_vars", "while_loop", "list or tuple",
                               type(loop_vars)))
    if len(loop_vars) == 0:
        raise ValueError("loop_vars in while_loop should not be empty")
    pre_cond = cond(*loop_vars)
    if not STATE.static:
        _check_loop_cond(pre_cond)
        while bool(pre_cond.item()):
            out = body(*loop_vars)
            if not isinstance(out, (list, tuple)):
                out = [out]
            _check_body(out, loop_vars)
            pre_cond = cond(*out)
            _check_loop_cond(pre_cond)
            # Paddle assigns each output into its loop variable (the caller's tensors change).
            for new, old in zip(out, loop_vars):
                if isinstance(new, Tensor) and isinstance(old, Tensor) and new is not old:
                    assign(new, old)
        return loop_vars
    _check_loop_cond(pre_cond)
    program = default_main_program()
    parent = program.current_block()
    loop_vars = list(loop_vars)
    flat_vars = _flatten(loop_vars)
    # Paddle hands `body` copies of the loop variables' lists and dicts (same leaves), so a
    # body that adds an entry is caught by the structure check instead of changing loop_vars.
    mutable = any(_is_sequence(v) for v in loop_vars)

    def trace():
        out = body(*(_pack_as(loop_vars, flat_vars) if mutable else loop_vars))
        if not isinstance(out, (list, tuple)):
            out = [out]
        try:
            if len(out) != len(loop_vars):
                raise ValueError("The length of loop_vars should be the same.")
            _same_structure(out, loop_vars)
        except ValueError as e:
            raise ValueError("body in while_loop should return the same arity (length and "
                             f"structure) as loop_vars: {e}") from None
        now_cond = cond(*out)
        for new, old in zip(_flatten(out), flat_vars):
            if new is not old and isinstance(old, Variable) and isinstance(new, (Variable,
                                                                                Tensor)):
                new = _as_var(new)
                if _shape_differs(new.shape, old.shape):
                    warnings.warn(f"In dy2static mode, we attempt to assign a variable with shape "
                                  f"{tuple(new.shape)} into a variable with shape"
                                  f"{tuple(old.shape)}, which is not always right.")
                append_op(program.current_block(), _opdef("assign"),
                          {"X": [new.name]}, {"Out": [old.name]}, {}, type="assign")
                # the legacy assign op's shape inference gives its output the input's shape
                old._shape = tuple(new.shape)
        append_op(program.current_block(), _opdef("assign"), {"X": [now_cond.name]},
                  {"Out": [pre_cond.name]}, {}, type="assign")
    block, _ = _in_sub_block(trace, parent)
    ins, outs = _reads_writes(block)
    # Paddle's While._complete: X is what the body reads plus what it writes, less the condition
    x = [n for n in dict.fromkeys(ins + outs) if n != pre_cond.name]
    scopes = parent.create_var(name=_unique_name.generate("_generated_var"), type="STEP_SCOPES",
                               stop_gradient=False)
    kernel = _WhileKernel()
    od = OpDef("while", kernel, ("X", "Condition"), ("Out", "StepScopes"), {}, "",
               "paddle.static.nn.while_loop")
    op = append_op(parent, od, {"Condition": [pre_cond.name], "X": x},
                   {"Out": outs, "StepScopes": [scopes.name]},
                   {"is_test": is_test, "sub_block": block})
    op.list_slots = ("X", "Out")
    kernel.op = op
    return loop_vars


def _shape_differs(a, b):
    """Paddle's has_shape_diff: ranks differ, or a dimension differs where neither is -1."""
    return len(a) != len(b) or any(x != y and -1 not in (x, y) for x, y in zip(a, b))


def _check_loop_cond(c):
    if not isinstance(c, (Variable, Tensor)):
        raise TypeError(_error("type", "value returned by cond", "while_loop", "Variable",
                               type(c)))
    if c.dtype.short != "bool":
        raise TypeError(_error("data type", "value returned by cond", "while_loop", "bool",
                               c.dtype.short))
    if _numel(c.shape) not in (1, -1) and len(c.shape) > 0:
        raise TypeError("the shape of the variable returned by cond should be [1],but given "
                        f"shape as {list(c.shape)}.")


def _check_body(out, loop_vars):
    if len(out) != len(loop_vars):
        raise ValueError("body in while_loop should return the same arity (length and structure) "
                         "and types as loop_vars")



# ---- Print ------------------------------------------------------------------------------------
_PRINT_ATTRS = {"first_n": -1, "is_forward": True, "message": "", "print_phase": "BOTH",
                "print_tensor_layout": True, "print_tensor_lod": True, "print_tensor_name": True,
                "print_tensor_shape": True, "print_tensor_type": True, "summarize": 20}


def _print_lines(t, name, message, summarize, print_tensor_name, print_tensor_type,
                 print_tensor_shape, print_tensor_layout, print_tensor_lod):
    from .._dtype import from_torch_dtype
    lines = []
    if print_tensor_name:
        lines.append(f"Variable: {name}")
    if message:
        lines.append(f"  - message: {message}")
    if print_tensor_lod:
        lines.append("  - lod: {}")
    dev = t.device
    lines.append("  - place: Place(cpu)" if dev.type == "cpu"
                 else f"  - place: Place(gpu:{dev.index or 0})")
    if print_tensor_shape:
        lines.append(f"  - shape: {list(t.shape)}")
    if print_tensor_layout:
        lines.append("  - layout: NCHW")
    if print_tensor_type:
        lines.append(f"  - dtype: {from_torch_dtype(t.dtype).short}")
    flat = t.detach().reshape(-1).cpu().to(torch.float64)
    if summarize >= 0:
        flat = flat[:summarize]
    lines.append("  - data: [" + " ".join("%f" % v for v in flat.tolist()) + "]")
    # Paddle's print op writes to the process's stdout (C++ std::cout), not sys.stdout.
    import os
    import sys
    sys.stdout.flush()
    os.write(1, ("\n".join(lines) + "\n").encode())


class _PrintGrad(torch.autograd.Function):
    """Identity whose backward prints the incoming gradient (Paddle's `print` grad op)."""

    @staticmethod
    def forward(ctx, x, show):
        ctx.show = show
        return x.clone()

    @staticmethod
    def backward(ctx, grad):
        ctx.show(grad)
        return grad, None


def _print_kernel(names, counter):
    def kernel(In, first_n=-1, message="", summarize=20, print_tensor_name=True,
               print_tensor_type=True, print_tensor_shape=True, print_tensor_layout=True,
               print_tensor_lod=True, print_phase="BOTH", is_forward=True):
        if In.device.type == "meta":        # shape inference while building: nothing to print
            return In.clone()
        flags = (message, summarize, print_tensor_name, print_tensor_type, print_tensor_shape,
                 print_tensor_layout, print_tensor_lod)
        counter[0] += 1
        if print_phase != "BACKWARD" and (first_n < 0 or counter[0] <= first_n):
            _print_lines(In, names["in"], *flags)
        if print_phase != "FORWARD" and In.requires_grad:
            # Paddle's grad op is another `print`, of Out@GRAD, each time the gradient flows.
            return _PrintGrad.apply(In, lambda g: _print_lines(g, names["out"] + "@GRAD",
                                                               *flags))
        return In.clone()
    return kernel


def Print(input, first_n=-1, message=None, summarize=20, print_tensor_name=True,
          print_tensor_type=True, print_tensor_shape=True, print_tensor_layout=True,
          print_tensor_lod=True, print_phase="both"):
    """paddle.static.Print: a `print` op that prints `input` (name, message, lod, place, shape,
    layout, dtype and the first `summarize` values, in Paddle's text) each time the program runs,
    at most `first_n` times, and passes it through to its output.

    With print_phase 'backward' or 'both', append_backward records Paddle's `print` grad op and
    the gradient `<out>@GRAD` is printed when the backward runs.
    """
    from .builder import helper_scope, static_only
    from .layer_helper import append_layer_op
    static_only("Print")
    if not isinstance(input, Variable):
        raise TypeError("The type of 'input' in paddle.static.Print must be (<class "
                        "'paddle.Tensor'>, <class 'paddle.static.Variable'>), but received "
                        f"{type(input)}. ")
    allowed = ("bfloat16", "float16", "float32", "float64", "int32", "int64", "bool",
               "float8_e4m3fn", "float8_e5m2")
    if input.dtype.short not in allowed:
        names = ["uint16" if a == "bfloat16" else a for a in allowed]
        raise TypeError(f"The data type of 'input' in paddle.static.Print must be {names}, but "
                        f"received {input.dtype.short}.")
    if print_phase.upper() not in ("FORWARD", "BACKWARD", "BOTH"):
        raise ValueError(f"The value of print_phase in paddle.static.Print must be 'forward', "
                         f"'backward' or 'both', but received {print_phase!r}")
    names = {"in": input.name, "out": None}
    op = OpDef("print", _print_kernel(names, [0]), ("In",), ("Out",), dict(_PRINT_ATTRS), "",
               None)
    with helper_scope("print") as helper:
        out = append_layer_op(op, {"In": input},
                               {"first_n": first_n, "summarize": summarize,
                                "message": message or "", "print_tensor_name": print_tensor_name,
                                "print_tensor_type": print_tensor_type,
                                "print_tensor_shape": print_tensor_shape,
                                "print_tensor_layout": print_tensor_layout,
                                "print_tensor_lod": print_tensor_lod,
                                "print_phase": print_phase.upper()}, helper)["Out"]
    names["out"] = out.name
    return out
