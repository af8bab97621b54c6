"""paddle.static.nn.static_pylayer: a custom forward/backward pair recorded as sub-blocks.

Building (Paddle's legacy IR layout): `forward_fn(*inputs)` is traced into a new sub-block of the
current block; what it returns is copied (an `assign` in the sub-block) into fresh `_generated_var_N`
variables of the parent block. `backward_fn(*output_grads)` is traced into a second sub-block whose
inputs are copies of the temporary `<out>@GRAD` variables and whose outputs are renamed
`<input>@GRAD`. One `pylayer` op in the parent block holds both blocks in its `blocks` attribute.

Running (DESIGN decisions 4 and 5): the op's kernel is a `torch.autograd.Function`. Its forward
interprets the forward sub-block with the Executor's own lowering (`executor.lower` on the
sub-block, then `executor._run_steps`: the same interpreter as block 0, so nested pylayer ops recurse
into it); its backward interprets the backward sub-block with the incoming gradients. Static
`gradients` / `append_backward` / `minimize` therefore see through the op: the grad ops they record
are executed by torch autograd, which calls this Function's backward.
"""
import weakref

import torch

from .. import _unique_name
from .._mode import STATE
from .._ops.registry import OpDef
from . import executor as _executor
from .builder import append_op, as_variable, default_main_program
from .ir import OpRole, Variable
from .local_ops import opdef as _opdef
from .._tensor import Tensor

__all__ = ["static_pylayer"]


# ---- nested structures (Paddle's flatten / map_structure over tuple, list, dict) -------------------
def _flatten(obj):
    if isinstance(obj, Variable):
        return [obj]
    if isinstance(obj, (list, tuple)):
        return [leaf for item in obj for leaf in _flatten(item)]
    if isinstance(obj, dict):
        return [leaf for key in sorted(obj) for leaf in _flatten(obj[key])]
    return [obj]


def _map_structure(fn, obj):
    if isinstance(obj, Variable):
        return fn(obj)
    if isinstance(obj, tuple) and hasattr(obj, "_fields"):          # namedtuple
        return type(obj)(*(_map_structure(fn, o) for o in obj))
    if isinstance(obj, (list, tuple)):
        return type(obj)(_map_structure(fn, o) for o in obj)
    if isinstance(obj, dict):
        return {k: _map_structure(fn, v) for k, v in obj.items()}
    return fn(obj)


# ---- building ----------------------------------------------------------------------------------------
def _assign(block, src, dst_name):
    """Record `assign(src) -> dst_name` in `block` (Paddle's copy into / out of a sub-block)."""
    od = _opdef("assign")
    return append_op(block, od, {"X": [src]}, {"Out": [dst_name]}, {}, type="assign")


def _copy_to_parent(fwd, parent, value, differentiable):
    # Paddle's copy_var_to_parent_block: a new parent variable written by an assign inside `fwd`.
    # With a backward_fn for inputs that need grad, backward_fn defines the output's gradient,
    # whatever stop_gradient the value had inside the forward block (a py_func output, say).
    if not isinstance(value, Variable):
        return value
    floating = value.dtype.is_floating_point or value.dtype.is_complex
    out = parent.create_var(name=_unique_name.generate("_generated_var"), shape=value.shape,
                            dtype=value.dtype,
                            stop_gradient=value.stop_gradient and not (differentiable and floating))
    _assign(fwd, value, out.name)
    return out


def _copy_from_parent(bwd, var):
    # Paddle's copy_var_from_parent_block: backward_fn works on sub-block copies of the grads.
    inside = bwd.create_var(name=_unique_name.generate("_generated_var"), shape=var.shape,
                            dtype=var.dtype, stop_gradient=False)
    _assign(bwd, var, inside.name)
    return inside


def _grad_names(names):
    """`<input>@GRAD` per input position; a repeated input gets its own `@RENAME@` name so that
    each occurrence keeps the gradient backward_fn gave it (autograd sums them)."""
    seen, out = {}, []
    for n in names:
        k = seen.get(n, 0)
        seen[n] = k + 1
        out.append(n + "@GRAD" if k == 0 else f"{n}@GRAD@RENAME@{k}")
    return out


def _descendants(block):
    """`block` and every block nested under it (nested static_pylayer ops, cond...)."""
    program = block.program
    found = [block]
    for b in program.blocks:
        p = b
        while p.parent_idx >= 0 and p is not block:
            p = program.blocks[p.parent_idx]
        if p is block and b is not block:
            found.append(b)
    return found


def _rename(block, old, new):
    # Paddle's _rename_var_recursively_: the variable and every op argument, nested blocks too.
    block._rename_var(old, new)
    for b in _descendants(block)[1:]:
        for op in b.ops:
            for slots in (op.inputs, op.outputs):
                for slot, names in slots.items():
                    slots[slot] = [new if n == old else n for n in names]


def _external_reads(block):
    """Names the ops of `block` read that live outside it (nested ops list theirs as inputs)."""
    reads = []
    for op in block.ops:
        for n in op.input_arg_names:
            if n not in block.vars and n not in reads:
                reads.append(n)
    return reads


def _shape_text(shape):
    return f"paddle.Size({list(shape)})"


def _check_grads(grads, fwd_inputs):
    """Paddle's hook_inputs_outputs_check_function for the input side (its messages)."""
    flat = [g for g in _flatten(grads) if g is None or isinstance(g, Variable)]
    if len(flat) != len(fwd_inputs):
        raise ValueError(f"The number of input grads should be equal to the number of inputs, but "
                         f"got {len(flat)} and {len(fwd_inputs)}.")
    for g, x in zip(flat, fwd_inputs):
        if g is None:
            continue
        assert g.dtype == x.dtype, (f"dtype of inp_grad({g.dtype}) and fwd_input({x.dtype}) "
                                    "should be the same")
        assert tuple(g.shape) == tuple(x.shape), (
            f"shape of inp_grad({_shape_text(g.shape)}) and fwd_input({_shape_text(x.shape)}) "
            "should be the same")
    return flat


def _trace_backward(program, parent, bwd_fn, fwd_inputs, outs):
    """Trace backward_fn into a new sub-block whose outputs are named `<input>@GRAD`."""
    temps = [parent.create_var(name=o.name + "@GRAD", shape=o.shape, dtype=o.dtype,
                               stop_gradient=False) for o in outs]
    bwd = program._create_block(parent.idx)
    try:
        inside = [_copy_from_parent(bwd, t) for t in temps]
        grads = bwd_fn(*inside)
        if not isinstance(grads, (list, tuple)):
            grads = (grads,)
        flat = _check_grads(grads, fwd_inputs)
        # Link each returned grad to its input by renaming it `<input>@GRAD` (Paddle's scheme). A
        # grad that is not this block's own variable (a parent value, a repeated return) is copied
        # first so the rename never touches a variable other ops read under its old name.
        renamed = set()
        for g, target in zip(flat, _grad_names([x.name for x in fwd_inputs])):
            if g is None:
                continue
            if g.block is not bwd or g.name not in bwd.vars or g.name in renamed:
                copy = bwd.create_var(name=_unique_name.generate("_generated_var"),
                                      shape=g.shape, dtype=g.dtype, stop_gradient=False)
                _assign(bwd, g, copy.name)
                g = copy
            _rename(bwd, g.name, target)
            renamed.add(target)
    finally:
        program.current_block_idx = parent.idx
        for t in temps:
            parent._remove_var(t.name)
    # Paddle marks every op of the backward block as a Backward op (pruned by clone(for_test)).
    for op in bwd.ops:
        op.attrs["op_role"] = OpRole.Backward
    return bwd


def static_pylayer(forward_fn, inputs, backward_fn=None, name=None):
    """paddle.static.nn.static_pylayer(forward_fn, inputs, backward_fn=None, name=None).

    Returns `forward_fn(*inputs)` as Variables of the current block. `forward_fn` is traced into one
    sub-block and `backward_fn(*output_grads)` into another; a `pylayer` op whose `blocks` attribute
    holds both runs them: the forward block computes the outputs, and in backward propagation
    (`paddle.static.gradients`, `append_backward`, `optimizer.minimize`) the backward block maps the
    gradients of the outputs to the gradients of `inputs`. With `backward_fn=None` no gradient
    flows through the op, so every Variable in `inputs` must have `stop_gradient=True`.

    Differences from Paddle: Paddle 3.3.1 runs this API only under PIR, where the result is
    flattened (a single output is returned bare, several as one flat list); here, as in Paddle's
    legacy IR implementation, the result keeps forward_fn's structure (tuple, list, nested). The
    backward function is traced at once rather than when `gradients` is first called, so its
    errors (wrong arity, count, dtype or shape of the returned grads) surface from this call, with
    Paddle's classes and messages. Variables of enclosing blocks that forward_fn/backward_fn read
    without receiving them through `inputs` are appended to the op's `Input` slot (so the Executor
    keeps them alive); they receive no gradient. Parameters created inside forward_fn (e.g. by
    `paddle.static.nn.fc`) are read from the running scope and, as in Paddle, receive no gradient.
    """
    assert STATE.static, "please use PyLayer instead of static_pylayer in dygraph mode"
    assert isinstance(inputs, list), (
        f"The type of 'inputs' in static_pylayer must be list, but received {type(inputs)}")
    if backward_fn is None:
        for v in inputs:
            if getattr(v, "stop_gradient", True) is False:
                raise ValueError(
                    "``stop_gradient`` attr of all inputs to ``forward_fn`` are expected to be "
                    "True, when ``backward_fn == None``, but "
                    f"{v.name}.stop_gradient got {v.stop_gradient}")
    if forward_fn is None:
        return None            # Paddle builds an empty op and returns None
    if not callable(forward_fn):
        raise ValueError("`forward_fn` should be callable")
    if backward_fn is not None and not callable(backward_fn):
        raise ValueError("`backward_fn` should be callable")
    # `name` is accepted and unused, as in Paddle 3.3.1 (its PIR path never reads it).

    program = default_main_program()
    parent = program.current_block()
    fwd_inputs = [v for v in inputs if isinstance(v, Variable)]
    differentiable = backward_fn is not None and any(not v.stop_gradient for v in fwd_inputs)

    fwd = program._create_block(parent.idx)
    try:
        origin = forward_fn(*inputs)
        output = None if origin is None else _map_structure(
            lambda v: _copy_to_parent(fwd, parent, as_variable(v, fwd) if _is_tensor(v) else v,
                                      differentiable), origin)
    finally:
        program.current_block_idx = parent.idx
    outs = [v for v in _flatten(output) if isinstance(v, Variable)] if output is not None else []

    blocks = [fwd]
    bwd = None
    if backward_fn is not None and outs:
        bwd = _trace_backward(program, parent, backward_fn, fwd_inputs, outs)
        bwd.forward_block_idx = fwd.idx
        blocks.append(bwd)

    # Inputs read from enclosing blocks without being passed: listed so the Executor feeds them
    # and keeps them alive. Persistable values (parameters) are read from the scope instead, and
    # the op's own outputs / output grads come from the Function itself.
    out_names = [o.name for o in outs]
    out_grads = [n + "@GRAD" for n in out_names]
    explicit = [v.name for v in fwd_inputs]
    captured = []
    reads = _external_reads(fwd) + (_external_reads(bwd) if bwd is not None else [])
    for n in reads:
        if n in explicit or n in captured or n in out_names or n in out_grads or n in fwd.vars:
            continue
        v = parent._find_var_recursive(n)
        if v is None or v.persistable:
            continue
        captured.append(n)
    fwd_kept = []
    if bwd is not None:
        fwd_kept = [n for n in _external_reads(bwd) if n in fwd.vars]
    scope_var = parent.create_var(name=_unique_name.generate("_generated_var"), shape=(),
                                  dtype="float32", type="STEP_SCOPES", stop_gradient=True)
    kernel = _Kernel(out_grads, _grad_names(explicit) + [None] * len(captured), fwd_kept)
    od = OpDef("pylayer", kernel, ("Input",), ("Out", "Scope"), {}, "",
               "paddle.static.nn.static_pylayer")
    op = append_op(parent, od, {"Input": explicit + captured},
                   {"Out": out_names, "Scope": [scope_var.name]}, {"blocks": blocks})
    op.list_slots = ("Input", "Out")
    kernel.op = op
    if origin is None:
        return None
    return output


def _is_tensor(v):
    return isinstance(v, Tensor) and not isinstance(v, Variable)


# ---- running -----------------------------------------------------------------------------------------
_PLANS = weakref.WeakKeyDictionary()       # Block -> {(version, feeds, fetches): plan}


def _run_block(block, env, fetch, scope_tensors):
    """Interpret `block` over `env` (names -> torch tensors) with the Executor's lowering."""
    cache = _PLANS.setdefault(block, {})
    key = (block.program._version, tuple(env), tuple(fetch))
    plan = cache.get(key)
    if plan is None:
        if len(cache) > 16:
            cache.clear()
        plan = cache[key] = _executor.lower(block.program, list(env), list(fetch), block=block)
    for n in plan.scope_reads:
        t = scope_tensors.get(n)
        if t is not None:
            env[n] = t
    _executor._run_steps(plan.steps, env, scope_tensors)
    return env


def _running_scope():
    scopes = getattr(_executor, "RUNNING_SCOPES", None)
    if scopes:
        return scopes[-1]
    from .scope import global_scope
    return global_scope()._tensors


class _Kernel:
    """The `pylayer` op's kernel. Input/Out names are read from the op when it runs (an enclosing
    static_pylayer may rename them, e.g. to `<input>@GRAD`); the names its sub-blocks use
    internally are fixed when it is built; the blocks come from its `blocks` attribute."""

    def __init__(self, out_grad_names, in_grad_names, fwd_kept):
        self.op = None
        self.out_grad_names = out_grad_names     # what the backward block reads the grads as
        self.in_grad_names = in_grad_names       # None for captured (non-differentiable) inputs
        self.fwd_kept = fwd_kept                 # forward-block values the backward block reads

    @property
    def in_names(self):
        return self.op.input("Input")

    @property
    def out_names(self):
        return self.op.output("Out")

    def __call__(self, Input=None, blocks=()):
        ins = list(Input or [])
        res = _PyLayerFunction.apply(self, list(blocks), _running_scope(), *ins)
        return list(res[:-1]), res[-1]


class _PyLayerFunction(torch.autograd.Function):
    @staticmethod
    def forward(ctx, kernel, blocks, scope_tensors, *ins):
        env = dict(zip(kernel.in_names, ins))
        _run_block(blocks[0], env, kernel.out_names + kernel.fwd_kept, scope_tensors)
        outs = [env[n] for n in kernel.out_names]
        # An output that is an input object (or another output) would confuse autograd's
        # bookkeeping; the forward block's assign already copies, this guards hand-made blocks.
        seen = {id(t) for t in ins}
        for i, t in enumerate(outs):
            if id(t) in seen:
                outs[i] = t.clone()
            seen.add(id(outs[i]))
        ctx.kernel, ctx.blocks, ctx.scope_tensors = kernel, blocks, scope_tensors
        ctx.fwd_env = {n: env[n] for n in kernel.fwd_kept}
        ctx.n_in = len(ins)
        ctx.save_for_backward(*ins, *outs)
        step_scope = torch.empty(0, device=outs[0].device if outs else None)
        ctx.mark_non_differentiable(step_scope)
        for t in outs:
            if not (t.is_floating_point() or t.is_complex()):
                ctx.mark_non_differentiable(t)
        return (*outs, step_scope)

    @staticmethod
    def backward(ctx, *grads):
        kernel = ctx.kernel
        head = (None, None, None)
        if len(ctx.blocks) < 2:
            return head + (None,) * ctx.n_in
        saved = ctx.saved_tensors
        ins, outs = saved[:ctx.n_in], saved[ctx.n_in:]
        env = dict(ctx.fwd_env)
        env.update(zip(kernel.in_names, ins))
        env.update(zip(kernel.out_names, outs))
        env.update(zip(kernel.out_grad_names, grads[:len(outs)]))
        bwd = ctx.blocks[1]
        wanted = [g for g in kernel.in_grad_names if g is not None and g in bwd.vars]
        _run_block(bwd, env, wanted, ctx.scope_tensors)
        result = []
        for g, x in zip(kernel.in_grad_names, ins):
            t = env.get(g) if g is not None else None
            if t is not None and not (x.is_floating_point() or x.is_complex()):
                t = None
            result.append(t)
        return head + tuple(result)
