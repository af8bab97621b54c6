"""paddle_compat.static.verify(program): static checks of a Program before it runs (DESIGN decision 3).

Paddle has no public verifier; its C++ executor reports these mistakes at run time, one at a time,
often as "The Tensor in the <op> Op's Input Variable X(x) is not initialized". `verify` finds them all
at once, and each message names the op (its index, type and printed form) and the fix:

* an op input or output that is not a variable of its block or an enclosing block;
* define-before-use: an input no earlier op writes, that is neither persistable (a parameter, filled
  by the startup program) nor fed data;
* slots the op's registry record does not have;
* sub-block attributes that point at blocks the program does not have;
* with `feed_names`: data variables an op reads that the feed does not provide, and fed names that
  are not variables of the program.

Differences from Paddle: this function is paddle_compat's own (`paddle.static.verify` does not exist
in Paddle 3.3.1).
"""
from .ir import Block

__all__ = ["verify", "Problem"]


class Problem:
    """One finding: the block and op index it concerns (op index -1: the program) and the message."""

    __slots__ = ("block_idx", "op_idx", "message")

    def __init__(self, block_idx, op_idx, message):
        self.block_idx, self.op_idx, self.message = block_idx, op_idx, message

    def __str__(self):
        return self.message

    __repr__ = __str__


def _op_text(block, i, op):
    return f"block {block.idx} op #{i} ({op.type}): {op._to_readable_code()}"


def _sub_block_indices(op):
    for name, value in op.attrs.items():
        values = value if isinstance(value, (list, tuple)) else [value]
        for v in values:
            if isinstance(v, Block):
                yield name, v.idx
            elif name in ("sub_block", "blocks") and isinstance(v, int):
                yield name, v


def _check_block(program, block, fed, problems):
    written = set()
    for i, op in enumerate(block.ops):
        where = _op_text(block, i, op)
        if op.opdef is not None:
            for kind, slots, declared in (("input", op.inputs, op.opdef.inputs),
                                          ("output", op.outputs, op.opdef.outputs)):
                extra = [s for s in slots if slots[s] and s not in declared]
                if extra and declared:
                    problems.append(Problem(block.idx, i, (
                        f"{where}\n  has {kind} slot(s) {extra} that op '{op.type}' does not have "
                        f"(its {kind} slots are {list(declared)}); record the op through its public "
                        f"paddle function instead of block.append_op")))
        for slot, names in op.inputs.items():
            for name in names:
                var = block._find_var_recursive(name)
                if var is None and name.endswith("@GRAD"):
                    continue      # gradients are supplied by the autograd run that executes the op
                if var is None:
                    problems.append(Problem(block.idx, i, (
                        f"{where}\n  reads '{name}' (slot {slot}), which is not a variable of block "
                        f"{block.idx} or an enclosing block; create it with "
                        f"block.create_var(name='{name}', ...) or paddle.static.data")))
                    continue
                defined = (name in written or var.persistable or var.block is not block
                           or name.endswith("@GRAD"))
                if var.is_data:
                    if fed is not None and name not in fed:
                        problems.append(Problem(block.idx, i, (
                            f"{where}\n  reads data variable '{name}', which the feed does not "
                            f"provide; add '{name}' to feed")))
                elif not defined and (fed is None or name not in fed):
                    problems.append(Problem(block.idx, i, (
                        f"{where}\n  reads '{name}' before any op writes it; feed it, make it a "
                        f"paddle.static.data variable, or compute it earlier in the program")))
        for slot, names in op.outputs.items():
            for name in names:
                if block._find_var_recursive(name) is None:
                    problems.append(Problem(block.idx, i, (
                        f"{where}\n  writes '{name}' (slot {slot}), which is not a variable of "
                        f"block {block.idx}; create it with block.create_var(name='{name}', ...)")))
                written.add(name)
        for attr, idx in _sub_block_indices(op):
            if not 0 <= idx < len(program.blocks):
                problems.append(Problem(block.idx, i, (
                    f"{where}\n  attribute '{attr}' refers to block {idx}, but the program has "
                    f"{len(program.blocks)} block(s); build the sub-block with the API that "
                    f"creates it (e.g. paddle.static.nn.static_pylayer)")))


def verify(program, feed_names=None, raise_on_error=True):
    """Check `program` statically; returns the list of Problems (empty when it is sound).

    `feed_names` (iterable of str), when given, is what `Executor.run(feed=...)` will provide. With
    `raise_on_error=True` (the default) any problem raises ValueError listing every finding.
    """
    fed = None if feed_names is None else set(feed_names)
    problems = []
    if fed is not None:
        for name in sorted(fed):
            if program.global_block()._find_var_recursive(name) is None:
                problems.append(Problem(0, -1, (
                    f"feed names '{name}', which is not a variable of the program; check the "
                    f"name given to paddle.static.data")))
    for block in program.blocks:
        _check_block(program, block, fed, problems)
    if problems and raise_on_error:
        raise ValueError(f"paddle_compat.static.verify found {len(problems)} problem(s):\n" +
                         "\n".join(f"- {p}" for p in problems))
    return problems
