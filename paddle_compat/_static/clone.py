"""Program.clone(for_test=False): structural copy; for_test drops backward/optimizer ops."""
import copy
import itertools

from .._ops.registry import OpDef
from .ir import Block, OpRole, Operator, Parameter, Program, Variable

__all__ = ["clone_program"]

_VAR_FIELDS = ("lod_level", "type", "is_data", "need_check_feed", "error_clip")


def _copy_var(block, v):
    if isinstance(v, Parameter):
        nv = Parameter(block, v.name, v.shape, v.dtype, trainable=v.trainable,
                       optimize_attr=v.optimize_attr, regularizer=v.regularizer,
                       need_clip=v.need_clip)
        nv.initializer = v.initializer
    else:
        nv = Variable(block, v.name, v.shape, v.dtype, persistable=v.persistable,
                      stop_gradient=v.stop_gradient)
    for f in _VAR_FIELDS:
        setattr(nv, f, getattr(v, f))
    # The PIR view places data and parameters by when they were made (and shows a shadowed
    # data value under its own name): the copy keeps the original's place and name.
    nv._pir_seq = v._pir_seq
    if "_pir_name" in v.__dict__:
        nv._pir_name = v._pir_name
    if "_elem_shape" in v.__dict__:         # a tensor array's element shape (array.py)
        nv._elem_shape = v._elem_shape
    return nv


def _copy_generator(gen):
    # Paddle's clone continues the original's name counters; itertools.count has no copy, so
    # both programs get fresh counters at the current values.
    out = type(gen)(gen.prefix)
    for key, counter in gen.ids.items():
        value = next(counter)
        gen.ids[key] = itertools.count(value)
        out.ids[key] = itertools.count(value)
    return out


def clone_program(program, for_test=False):
    new = Program()
    new.blocks = []
    new._seed = program._seed
    new._name_generator = _copy_generator(program._name_generator)
    new._appending_grad_times = program._appending_grad_times
    for ob in program.blocks:
        nb = Block(new, ob.idx, ob.parent_idx)
        nb.forward_block_idx, nb.backward_block_idx = ob.forward_block_idx, ob.backward_block_idx
        for op in ob.ops:
            role = op.attrs.get("op_role", 0)
            if for_test and role & (OpRole.Backward | OpRole.Optimize):
                continue
            nop = Operator(nb, op.type, op.inputs, op.outputs, op.attrs, op.opdef, op.callstack)
            kernel = op.opdef.kernel if op.opdef is not None else None
            if getattr(kernel, "op", None) is op:
                # A kernel object that reads its op's argument names (static_pylayer's) gets a
                # copy bound to the cloned op.
                kernel = copy.copy(kernel)
                kernel.op = nop
                d = op.opdef
                nop.opdef = OpDef(d.type, kernel, d.inputs, d.outputs, d.attrs, d.notes, d.api)
            nop.list_slots = op.list_slots
            nop.extra_inputs = op.extra_inputs
            nop.proto = op.proto
            nop.grad_group = None if for_test else op.grad_group
            if for_test and "is_test" in nop.attrs:
                nop.attrs["is_test"] = True
            nb.ops.append(nop)
        used = {n for op in nb.ops for n in op.input_arg_names + op.output_arg_names}
        for name, v in ob.vars.items():
            if for_test and name not in used and not v.is_data:
                continue
            nb.vars[name] = _copy_var(nb, v)
        new.blocks.append(nb)
    # Sub-block attributes (static_pylayer's `blocks`) must name the clone's own blocks.
    for nb in new.blocks:
        for op in nb.ops:
            for k, v in op.attrs.items():
                if isinstance(v, Block):
                    op.attrs[k] = new.blocks[v.idx]
                elif isinstance(v, (list, tuple)) and v and all(isinstance(b, Block) for b in v):
                    op.attrs[k] = type(v)(new.blocks[b.idx] for b in v)
    new._sorted_print = True
    new._is_test = for_test
    if getattr(program, "lr_scheduler", None) is not None and not for_test:
        new.lr_scheduler, new.lr_var_name = program.lr_scheduler, program.lr_var_name
    return new
