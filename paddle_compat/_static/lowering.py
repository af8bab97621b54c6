"""Lowering: a Program's block -> a _Plan the Executor runs (executor.py, codegen.py).

Per (program version, feed names, fetch names) the Executor lowers block 0 once into a list of
steps with resolved kernels, argument slots, scope reads/writes and dead-value frees, so a training
step pays no per-op lookups (DESIGN decision 4). The grad ops of one `gradients()` /
`append_backward()` call lower into ONE group step that asks torch autograd for exactly the
gradients that are read later or fetched (DESIGN decision 5).

Where lowering knows more than a kernel does, it picks cheaper work with the same results:
kernel variants for outputs nobody reads (variants.pick), two ops fused where the second is the
only reader of the first (variants.pick_pair: cross entropy then mean), and trailing plain sgd
updates merged into one foreach kernel (optimize.fused_sgd). A fused or variant step keeps its
first op, so errors still name the op the user wrote.
"""
from .ir import Operator
from .legacy_attrs import kernel_kwargs
from .local_ops import lookup
from .optimize import fused_sgd
from .variants import pick, pick_pair

__all__ = ["lower"]


class _OpStep:
    __slots__ = ("kernel", "args", "kwargs", "outs", "single", "op", "leaf", "detach", "writes",
                 "frees", "no_grad", "fallback", "fused")


class _GroupStep:
    __slots__ = ("group", "targets", "seeds", "wanted", "wanted_grads", "seed_outs", "leaf",
                 "writes", "frees", "create_graph", "op")


class _Plan:
    __slots__ = ("steps", "grad_steps", "tail_steps", "scope_reads", "has_grad", "feed_leaf",
                 "scope_leaf", "fetch", "runs", "code")


def _var(block, name):
    return block._find_var_recursive(name)


def lower(program, feed_names, fetch_names, block=None):
    """Lower `block` (default: block 0 of `program`) into a _Plan (see module docstring).

    Sub-block ops (static_pylayer) lower their blocks with `block=`; names a sub-block reads from
    its enclosing blocks resolve through them, as Paddle's sub-block scopes see their parents."""
    if block is None:
        block = program.global_block()
    raw = []
    seen = set()
    for op in block.ops:
        if op.type in ("feed", "fetch") and op.opdef is None:
            continue        # a normalized program's feed / fetch ops: the Executor's arguments do it
        g = op.grad_group
        if g is None:
            raw.append(op)
        elif id(g) not in seen:
            seen.add(id(g))
            raw.append(g)
    # Which gradients each group must produce: those read later (ops, later groups) or fetched.
    needed = set(fetch_names)
    wanted = {}
    for item in reversed(raw):
        if isinstance(item, Operator):
            needed.update(item.input_arg_names)
            needed.update(n for ns in (item.extra_inputs or {}).values() for n in ns)
        else:
            # A `print` grad op prints its gradient whenever the backward runs, so the gradient
            # it writes is wanted even when nothing reads it.
            needed.update(n for op in item.ops if op.type == "print"
                          for n in op.output_arg_names)
            w = [(gname, fwd) for gname, fwd in item.grad_of.items() if gname in needed]
            seeds = [s for s in item.seed_names if s in needed]
            wanted[id(item)] = (w, seeds)
            if w or seeds:
                needed.update(item.targets)
                needed.update(n for n in item.target_grads if n)
                needed.update(fwd for _, fwd in w)
    groups = [item for item in raw if not isinstance(item, Operator) and any(wanted[id(item)])]
    # A tensor array is no leaf: a gradient with respect to it is one per element, and its
    # elements are tensors other ops computed (the group asks autograd for those directly).
    leaf_names = {fwd for g in groups for _, fwd in wanted[id(g)][0]
                  if (v := _var(block, fwd)) is None or v.type != "DENSE_TENSOR_ARRAY"}
    # A `while` op updates its loop variables in place, under their own names; a gradient with
    # respect to a loop variable is one with respect to its value before the loop, which the op
    # step therefore also stores under an alias that the later groups read.
    pre_alias = {}
    for item in raw:
        if isinstance(item, Operator) and item.type == "while":
            for n in item.input("X"):
                if n in leaf_names and n in item.output("Out") and n not in pre_alias:
                    pre_alias[n] = n + "@PRE_WHILE"
    plan = _Plan()
    plan.has_grad = bool(groups)
    steps, readers, produced = [], [], set(feed_names)
    scope_reads = []

    def note_reads(names):
        for n in names:
            if n not in produced and n not in scope_reads:
                v = _var(block, n)
                # A persistable tensor array starts empty in each run (its init step below), as
                # one that is not: Paddle's scope would keep the last run's elements.
                if v is not None and v.persistable and v.type != "DENSE_TENSOR_ARRAY":
                    scope_reads.append(n)
                    produced.add(n)

    for item in raw:
        if isinstance(item, Operator):
            op = item
            step = _OpStep()
            opdef = op.opdef or lookup(op.type)
            step.kernel = opdef.kernel
            step.op = op
            step.kwargs = kernel_kwargs(op)
            step.fallback = None
            step.fused = None
            slots = opdef.inputs
            args = []
            extra = op.extra_inputs or {}
            for slot in slots:
                names = op.inputs.get(slot) or extra.get(slot)
                if not names:
                    args.append(None)
                elif len(names) == 1 and slot not in op.list_slots:
                    args.append(names[0])
                else:
                    args.append(list(names))
            step.args = args
            reads = op.input_arg_names + [n for ns in extra.values() for n in ns]
            note_reads(reads)
            for n in reads:
                if n not in produced and (v := _var(block, n)) is not None \
                        and v.type == "DENSE_TENSOR_ARRAY":
                    # Paddle's create_array records no op: the scope holds an empty array until
                    # the first write. Here that empty array is one step before its first reader.
                    steps.append(_array_init_step(n, op))
                    readers.append(set())
                    produced.add(n)
            outs = []
            for slot in opdef.outputs:
                names = op.outputs.get(slot, [])
                outs.append(names if slot in op.list_slots or len(names) > 1
                            else (names[0] if names else None))
            step.single = len(opdef.outputs) == 1
            if op.type == "while" and pre_alias:
                outs.append([pre_alias.get(n, "@PRE_WHILE@") for n in op.input("X")])
            step.outs = outs
            # What the kernel computes: recorded-only outputs (a shape op's XShape) are left out.
            out_names = [n for slot in opdef.outputs for n in op.outputs.get(slot, ())]
            step.leaf = [n for n in out_names if n in leaf_names]
            step.detach = [n for n in out_names
                           if (v := _var(block, n)) is not None and v.stop_gradient
                           and plan.has_grad and v.type != "DENSE_TENSOR_ARRAY"]
            step.writes = [n for n in out_names if (v := _var(block, n)) is not None and v.persistable]
            step.no_grad = op.attrs.get("op_role") == 2
            produced.update(out_names)
            readers.append(set(reads))
            steps.append(step)
        else:
            g = item
            w, seeds = wanted[id(g)]
            if not (w or seeds):
                continue
            step = _GroupStep()
            step.group = g
            step.op = g.ops[0] if g.ops else None
            step.targets = list(g.targets)
            step.seeds = list(g.target_grads)
            step.wanted = [pre_alias.get(fwd, fwd) for _, fwd in w]
            step.wanted_grads = [gname for gname, _ in w]
            step.seed_outs = [(s, g.targets[g.seed_names.index(s)]) for s in seeds]
            note_reads(step.targets + step.wanted + [s for s in step.seeds if s])
            step.leaf = []
            step.writes = [n for n in step.wanted_grads
                           if (v := _var(block, n)) is not None and v.persistable]
            step.create_graph = any(isinstance(r, type(g)) for r in raw[raw.index(g) + 1:])
            produced.update(step.wanted_grads)
            produced.update(s for s, _ in step.seed_outs)
            readers.append(set(step.targets) | set(step.wanted) | {s for s in step.seeds if s})
            steps.append(step)
    # Dead-value frees: a non-persistable, non-fetched value dies after its last reader.
    keep = set(fetch_names) | set(scope_reads)
    last = {}
    for i, names in enumerate(readers):
        for n in names:
            last[n] = i
    for i, step in enumerate(steps):
        outs = step.op.output_arg_names if isinstance(step, _OpStep) else (
            step.wanted_grads + [s for s, _ in step.seed_outs])
        for n in outs:
            if n not in last and n not in keep:
                last[n] = i
        step.frees = []
    for n, i in last.items():
        v = _var(block, n)
        if n in keep or (v is not None and v.persistable):
            continue
        steps[i].frees.append(n)
    _fuse_pairs(block, steps, readers, keep)
    _pick_variants(block, steps, readers, keep)
    # The optimizer updates at the end run under one no_grad (their kernels need no graph).
    tail = len(steps)
    while tail and type(steps[tail - 1]) is _OpStep and steps[tail - 1].no_grad:
        tail -= 1
    plan.grad_steps, plan.tail_steps = steps[:tail], _fuse_sgd(steps[tail:])
    for step in plan.tail_steps:
        step.leaf = []      # no gradient group runs after these: a leaf would serve nobody
    plan.steps = plan.grad_steps + plan.tail_steps
    plan.scope_reads = scope_reads
    plan.feed_leaf = [n for n in feed_names if n in leaf_names]
    plan.scope_leaf = [n for n in scope_reads if n in leaf_names]
    plan.fetch = list(fetch_names)
    plan.runs, plan.code = 0, None
    return plan


def _new_array():
    return []


def _array_init_step(name, op):
    step = _OpStep()
    step.kernel, step.args, step.kwargs, step.outs, step.single = _new_array, [], {}, [name], True
    step.op, step.leaf, step.detach, step.writes, step.frees = op, [], [], [], []
    step.no_grad, step.fallback, step.fused = False, None, "array"     # never fused nor swapped
    return step


def _fuse_pairs(block, steps, readers, keep):
    """Merge op steps i and i+1 into one fused kernel (variants.pick_pair) where step i+1 is the
    only reader of step i's one live output and reads nothing else. The merged step keeps step i's
    op, so a failure still names the op that raised it."""
    last_read = {}      # name -> index of the last step reading it (indices before fusing)
    for k, names in enumerate(readers):
        for n in names:
            last_read[n] = k
    for i in range(len(steps) - 2, -1, -1):
        first, second = steps[i], steps[i + 1]
        if type(first) is not _OpStep or type(second) is not _OpStep or first.no_grad \
                or second.no_grad or first.fused or second.fused or not second.single \
                or type(second.outs[0]) is not str:
            continue
        a, b = first.op, second.op
        kept = {n for n in a.output_arg_names if n in keep or last_read.get(n, -1) >= i + 2
                or ((v := _var(block, n)) is not None and v.persistable)}
        live = [n for n in a.output_arg_names if n in readers[i + 1] or n in kept]
        if len(live) != 1 or live[0] in kept or set(b.input_arg_names) != {live[0]}:
            continue
        picked = pick_pair(a, b, set(a.output_arg_names) - {live[0]})
        if picked is None:
            continue
        first.kernel, first.kwargs = picked
        slots = (a.opdef or lookup(a.type)).outputs
        first.outs = [second.outs[0] if live[0] in a.outputs.get(slot, ()) else None
                      for slot in slots]
        first.fused = b
        for attr in ("leaf", "detach", "writes", "frees"):
            setattr(first, attr, getattr(first, attr) + getattr(second, attr))
        del steps[i + 1]
        readers[i] = readers[i] | readers[i + 1]
        del readers[i + 1]


def _fuse_sgd(tail):
    """Runs of plain sgd updates at the end of a plan (same learning-rate variable and
    per-parameter rate, no regularizer or clip) become one step (optimize.fused_sgd); it keeps
    the first op of the run for error context."""
    out, run = [], []

    def flush():
        if run:
            out.append(_merged_sgd(run) if len(run) > 1 else run[0])
            run.clear()

    for step in tail:
        lr = getattr(step.kernel, "sgd_param_lr", None) if type(step) is _OpStep else None
        if lr is None or not all(type(a) is str for a in step.args) or len(step.args) != 3:
            flush()
            out.append(step)
            continue
        if run and (run[0].kernel.sgd_param_lr != lr or run[0].args[2] != step.args[2]):
            flush()
        run.append(step)
    flush()
    return out


def _merged_sgd(run):
    step = _OpStep()
    step.kernel = fused_sgd([s.kernel for s in run])
    step.kwargs, step.fallback, step.fused = {}, None, [s.op for s in run]
    step.args = [[s.args[0] for s in run], [s.args[1] for s in run], run[0].args[2]]
    step.outs, step.single = [[s.outs[0] for s in run]], True
    step.op, step.no_grad, step.leaf = run[0].op, True, []
    for attr in ("detach", "writes", "frees"):
        setattr(step, attr, [n for s in run for n in getattr(s, attr)])
    return step


def _pick_variants(block, steps, readers, keep):
    """Swap in cheaper kernels where the plan knows an output is dead (see variants.py)."""
    later = set(keep)
    for i in range(len(steps) - 1, -1, -1):
        step = steps[i]
        if type(step) is _OpStep and step.fused is None:
            op = step.op
            dead = {n for n in op.output_arg_names if n not in later
                    and not ((v := _var(block, n)) is not None and v.persistable)}
            picked = pick(op, op.opdef or lookup(op.type), dead)
            if picked is not None:
                # A failing variant re-runs the full kernel (Paddle's checks and messages).
                step.fallback = (step.kernel, step.kwargs)
                step.kernel, step.kwargs = picked
                slots = (op.opdef or lookup(op.type)).outputs
                step.outs = [None if op.outputs.get(slot) and all(n in dead for n in
                                                                   op.outputs[slot]) else name
                             for slot, name in zip(slots, step.outs)]
        later.update(readers[i])
