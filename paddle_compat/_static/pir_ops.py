"""The PIR view of a recorded Program: its ops as Paddle 3.3.1's PIR operations, built on demand.

Paddle's default static face (FLAGS_enable_pir_api on) shows a program as SSA operations
(`pd_op.data`, `builtin.parameter`, `pd_op.matmul`...). paddle_compat records one IR (ir.py, legacy
op types); this module derives the PIR operations from it with the table in pir_names.py, so both
views always describe the same program. The view is rebuilt when the Program changes (its version).

Placement follows Paddle's builders: `builtin.parameter` ops are inserted at the top of the global
block, `pd_op.data` before the first op that is not a data op, everything else appended.
`Operation` answers `name()`, `operands()`, `results()`, `attrs()`...; a result that is a recorded
Variable is that Variable (so `op.results()[0]` is the value the user holds); values PIR builds
from attributes (`pd_op.full_int_array`...) are `OpResult`s.
"""
import collections
import itertools

from .ir import Parameter, Variable
from .pir_expand import EXPANSIONS
from .pir_names import OPS, REGION_GRAD as _REGION_GRAD, Const, DTYPE_CODES

__all__ = ["Operation", "OpResult", "OpOperand", "program_ops", "defining_op", "value_index"]

_CPU, _UNDEF = "Place(cpu)", "Place(undefined:0)"
_ARRAY = "DENSE_TENSOR_ARRAY"
_ARRAY_OPS = ("write_to_array", "lod_array_length", "read_from_array", "create_array_like",
              "add_n_array")
# An attribute-built `full` operand of an open bound (clip without min or max) shows Paddle's
# float32 limits.
_OPEN_BOUNDS = {"min": -3.4028234663852886e38, "max": 3.4028234663852886e38}
_pylayer_ids = itertools.count(1)
_PYLAYER_ID = {}


class Raw(str):
    """An attribute printed bare (dtype names, places)."""


class OpResult:
    """A PIR value with no recorded Variable behind it (a `full_int_array` axis, a combine)."""

    def __init__(self, shape, dtype, stop_gradient=True, vec=None):
        self.shape = list(shape)
        self._dtype = dtype
        self.stop_gradient = stop_gradient
        self.vec = vec          # for builtin.combine: the values combined
        self.op = None
        self.idx = 0

    @property
    def dtype(self):
        from .._dtype import to_dtype
        return to_dtype(self._dtype)

    def get_defining_op(self):
        return self.op

    def index(self):
        return self.idx

    @property
    def name(self):
        raise ValueError("(InvalidArgument) Currently, we can only get name of Value from "
                         "DataOp/ParameterOp/BlockArgument/ConstantTensorOp/SetParameterOp and "
                         "ShadowOutputOp.")

    def __str__(self):
        from .pir_printer import value_repr
        return value_repr(self)

    __repr__ = __str__


class BlockArg(OpResult):
    """A region argument (`^%arg_0` of a `pd_op.while` body: one per carried loop variable)."""


class StackValue(OpResult):
    """One result of `cf.stack_create` (`%stack_0`, `%inlet_0`, `%outlet_0`: PIR numbers each
    kind on its own), typed `cf.stack` / `cf.inlet` / `cf.outlet`."""

    def __init__(self, kind):
        super().__init__([], None)
        self.kind = kind


def _proxy(var, stop_gradient=None):
    """A fresh SSA value for a Variable the recorded IR writes again (a while loop's result,
    an optimizer's in-place update): same type, its own number."""
    r = OpResult(var.shape, var.dtype.short,
                 var.stop_gradient if stop_gradient is None else stop_gradient)
    r.var = var
    return r


class OpOperand:
    """One operand slot of an Operation (`source()` is the value it reads)."""

    def __init__(self, value, owner):
        self._value = value
        self._owner = owner

    def source(self):
        return self._value

    def owner(self):
        return self._owner


class Operation:
    """A PIR operation of the view (Paddle's `paddle.base.libpaddle.pir.Operation`)."""

    def __init__(self, name, operands, results, attrs, block=None, legacy=None, regions=None):
        self._name = name
        self._operands = list(operands)
        self._results = list(results)
        self._attrs = attrs
        self._block = block
        self.legacy = legacy
        self.regions = regions or []       # [(ops, block_args, yielded)]
        self.region_args = []
        for i, r in enumerate(self._results):
            if isinstance(r, OpResult):
                r.op, r.idx = self, i

    def name(self):
        return self._name

    def operands(self):
        return [OpOperand(v, self) for v in self._operands]

    def operands_source(self):
        return list(self._operands)

    def operand_source(self, i):
        return self._operands[i]

    def num_operands(self):
        return len(self._operands)

    def results(self):
        return list(self._results)

    def result(self, i):
        return self._results[i]

    def num_results(self):
        return len(self._results)

    def num_regions(self):
        return len(self.regions)

    def attrs(self):
        out = dict(self._attrs)
        stack = getattr(self.legacy, "callstack", None) or []
        out["op_callstack"] = [f'  File "{f.filename}", line {f.lineno}, in {f.name}'
                               for f in stack]
        return {k: _plain(v) for k, v in out.items()}

    def has_attr(self, name):
        return name in self.attrs()

    def get_attr_names(self):
        return sorted(self.attrs())

    def get_parent_block(self):
        return self._block

    def __str__(self):
        from .pir_printer import op_text
        return op_text(self)

    __repr__ = __str__


def _plain(v):
    """An attribute as Paddle's `Operation.attrs()` returns it: dtypes as paddle dtypes."""
    if isinstance(v, Raw):
        from .._dtype import DTYPES
        return DTYPES.get(str(v), str(v))
    return v


def _dtype_name(var):
    return var.dtype.short if hasattr(var.dtype, "short") else str(var.dtype)


class _View:
    """The translation of one Program (all blocks), cached per Program version."""

    def __init__(self, program):
        self.program = program
        self.block_ops = {}         # block idx -> [Operation]
        self.defs = {}              # (block idx, var name) -> (Operation, index)
        self.grad_sg = {}
        self.skip = set()
        self.whiles = {}            # body block idx -> the loop's view (for its while_grad)
        self.conds = {}             # branch block idx -> the cond's view (for its grads)
        self.stacks = []            # cf.stack_create ops, shown on top of the global block
        self._group_flags(program)
        ops = self._translate_block(program.global_block())
        ops[0:0] = self.stacks

    # -- helpers -------------------------------------------------------------------------------
    def _group_flags(self, program):
        # PIR marks the gradients optimizer.minimize builds stop_gradient=True, while
        # append_backward and gradients() leave them False.
        for block in program.blocks:
            for op in block.ops:
                if op.grad_group is not None and op.grad_group.minimize:
                    self.grad_sg[id(op.grad_group)] = True

    def _lookup(self, block, name, env):
        if name in env:
            return env[name]
        b = block
        while b is not None:
            hit = self.defs.get((b.idx, name))
            if hit is not None:
                return hit
            b = b.parent_block
        return None

    def value(self, block, name, env):
        hit = self._lookup(block, name, env)
        if hit is None:
            return None
        return hit

    # -- translation ---------------------------------------------------------------------------
    def _translate_block(self, block, env=None, region=False):
        ops = []
        self.block_ops[block.idx] = ops
        env = env if env is not None else {}
        initialised = set()
        for op in block.ops:
            ins = {n for names in op.inputs.values() for n in names}
            for names in op.outputs.values():
                initialised.update(n for n in names if n not in ins)
        pending = []
        if not region:
            for var in block.vars.values():
                if var.name in initialised:
                    continue
                if isinstance(var, Parameter) or var.is_data or (
                        var.persistable and var.type == "DENSE_TENSOR"):
                    pending.append(var)
            # a tensor array is PIR's create_array where the script made it (array_write_
            # writes it in place)
            # (a while loop writing it in its body carries no array in PIR)
            pending.extend(v for v in block.vars.values() if v.type == _ARRAY and not any(
                v.name in o.output_arg_names for o in block.ops
                if o.type not in ("write_to_array", "while")))
            pending.sort(key=lambda v: getattr(v, "_pir_seq", (0, 0)))
        k = 0
        for i, op in enumerate(_pir_order(block.ops)):
            while k < len(pending) and getattr(pending[k], "_pir_seq", (0, 0))[0] <= i:
                self._place_source(block, ops, pending[k])
                k += 1
            if id(op) in self.skip:
                continue
            n0 = len(ops)
            self._translate_op(block, op, ops, env)
            if op.struct_name is not None:
                for new in ops[n0:]:
                    if new.name() not in ("builtin.parameter", "pd_op.data"):
                        new._attrs["struct_name"] = op.struct_name
        while k < len(pending):
            self._place_source(block, ops, pending[k])
            k += 1
        return ops

    def _place_source(self, block, ops, var):
        t = (list(var.shape), _dtype_name(var))
        if var.type == _ARRAY:
            pop = Operation("pd_op.create_array", [], [var], {
                "dtype": Raw(_dtype_name(var)), "stop_gradient": [True]}, block)
            ops.append(pop)
        elif isinstance(var, Parameter):
            attrs = {"is_distributed": [False], "is_parameter": [True],
                     "need_clip": [bool(var.need_clip)], "parameter_name": var.name,
                     "persistable": [True], "stop_gradient": [var.stop_gradient],
                     "trainable": [bool(var.trainable_flag)]}
            pop = Operation("builtin.parameter", [], [var], attrs, block)
            ops.insert(0, pop)
        else:
            attrs = {"dtype": Raw(_dtype_name(var)),
                     "name": var.__dict__.get("_pir_name") or var.name, "place": Raw(_UNDEF),
                     "shape": list(var.shape), "stop_gradient": [var.stop_gradient]}
            if var.persistable:
                attrs["persistable"] = [True]
            pop = Operation("pd_op.data", [], [var], attrs, block)
            at = next((j for j, o in enumerate(ops) if o.name() != "pd_op.data"), len(ops))
            ops.insert(at, pop)
        del t
        self.defs[(block.idx, var.name)] = (pop, 0)

    def _bind(self, block, env, name, op, idx, region):
        if region:
            env[name] = (op, idx)
        else:
            self.defs[(block.idx, name)] = (op, idx)

    def _operand(self, block, name, env):
        hit = self._lookup(block, name, env)
        if hit is None:
            return None
        op, idx = hit
        if op is None:          # a block argument
            return idx
        return op._results[idx]

    def _translate_op(self, block, op, ops, env, region=False):
        t = op.type
        if t == "conditional_block":
            return self._translate_cond(block, op, ops, env, region)
        if t == "pylayer":
            return self._translate_pylayer(block, op, ops, env)
        if t == "pylayer_grad" and len(op.attrs.get("blocks") or ()) > 1:
            return self._translate_pylayer_grad(block, op, ops, env)
        if t == "while":
            return self._translate_while(block, op, ops, env)
        if t == "while_grad" and op.attrs["sub_block"].forward_block_idx in self.whiles and \
                self._translate_while_grad(block, op, ops, env):
            return None
        if t in _ARRAY_OPS and op.grad_group is None:
            return self._translate_array_op(block, op, ops, env, region)
        if t in ("fill_any_like",) or (t == "fill_constant" and op.grad_group is not None):
            return self._translate_seed(block, op, ops, env, region)
        if t == "scale" and op.grad_group is not None and \
                self._translate_scale_grad(block, op, ops, env, region):
            return None
        if t == "select_output" and op.grad_group is not None and \
                self._translate_cond_grad(block, op, ops, env):
            return None
        expand = EXPANSIONS.get(t)
        if expand is not None and op.grad_group is None:
            n0 = len(ops)
            if expand(_Builder(self, block, op, ops, env, region), op) is not None:
                return None
            del ops[n0:]        # a form the entry does not cover: the one-op view below
        spec = OPS.get(t)
        if callable(spec):
            spec = spec(op.attrs)
        if spec is None:
            spec = {"name": "pd_op." + t, "operands": tuple(sorted(op.inputs)),
                    "results": tuple(sorted(op.outputs)), "attrs": {}}
        backward = op.grad_group is not None
        sg_default = self.grad_sg.get(id(op.grad_group), False) if backward else None
        operands = [None] * len(spec["operands"])
        # Paddle's Python API builds the attribute-derived values (axis, shape, scale) first,
        # then combines list inputs, then the op itself.
        order = sorted(range(len(spec["operands"])), key=lambda j: (
            0 if isinstance(spec["operands"][j], tuple) and spec["operands"][j][0] in (
                "int_array", "full", "full_i32", "full_i64", "full_f64") else 1, j))
        for j in order:
            o = spec["operands"][j]
            if isinstance(o, tuple):
                kind, arg = o
                if kind == "int_array":
                    vals = op.attrs.get(arg)
                    vals = [] if vals is None else [int(v) for v in (
                        vals if isinstance(vals, (list, tuple)) else [vals])]
                    r = OpResult([len(vals)], "int64")
                    ops.append(Operation("pd_op.full_int_array", [], [r], {
                        "dtype": Raw("int64"), "place": Raw(_CPU), "stop_gradient": [True],
                        "value": vals}, block))
                    operands[j] = r
                elif kind in ("full", "full_i32", "full_i64", "full_f64"):
                    dt = {"full_i32": "int32", "full_i64": "int64",
                          "full_f64": "float64"}.get(kind, "float32")
                    v = op.attrs.get(arg, 0)
                    if v is None:       # an open bound (clip without min/max): Paddle's float32 limits
                        v = _OPEN_BOUNDS.get(arg, 0.0)
                    r = OpResult([1], dt)
                    ops.append(Operation("pd_op.full", [], [r], {
                        "dtype": Raw(dt), "place": Raw(_CPU), "shape": [1],
                        "stop_gradient": [True], "value": float(v)}, block))
                    operands[j] = r
                elif kind == "combine":
                    vals = [self._operand(block, n, env) for n in op.inputs.get(arg, [])]
                    if t == "sum" and backward:
                        # PIR sums a value's gradients in the order they were made
                        vals.sort(key=lambda v: _made_at(v, ops))
                    r = OpResult([], None, vec=vals)
                    r.stop_gradient = bool(sg_default) if backward else all(_sg(v) for v in vals)
                    ops.append(Operation("builtin.combine", vals, [r], {
                        "stop_gradient": [r.stop_gradient]}, block))
                    operands[j] = r
                elif kind == "forward":
                    operands[j] = self._forward_operand(block, op, arg, env)
            else:
                slot = o.lstrip("?")
                names = op.inputs.get(slot, [])
                operands[j] = self._operand(block, names[0], env) if names else None
        if t == "mul" and operands[0] is not None and len(operands[0].shape) > 2:
            operands[0] = self._fc_flatten(block, op, operands[0], ops)
        results = []
        split = None
        for slot in spec["results"]:
            if slot.startswith("*"):
                # one vector result, unpacked by a builtin.split below
                split = [block._find_var_recursive(n) for n in op.outputs.get(slot[1:], [])]
                results.append(OpResult([], None, vec=split,
                                        stop_gradient=all(v.stop_gradient for v in split)))
                continue
            names = op.outputs.get(slot.lstrip("?"), [])
            var = block._find_var_recursive(names[0]) if names else None
            results.append(var)
        in_names = {n for ns in op.inputs.values() for n in ns}
        persist = [r for r in results if isinstance(r, Variable) and r.persistable
                   and r.name not in in_names]
        sgs = []
        for r in results:
            if isinstance(r, OpResult):
                sgs.append(r.stop_gradient)
            elif r is None:
                sgs.append(bool(sg_default) if backward else False)
            elif r in persist:
                sgs.append(True)        # a startup program's initialiser
            else:
                sgs.append(bool(sg_default) if backward else r.stop_gradient)
        if spec.get("sg") == "inputs" and not backward:
            sg_in = all(_sg(v) for v in operands if not isinstance(v, OpResult))
            sgs = [sg_in for _ in results]
        attrs = _spec_attrs(spec, op.attrs)
        if t == "fill_constant":
            attrs["value"] = float(attrs["value"] or 0.0)
            attrs["place"] = Raw(_UNDEF)
        if t in ("uniform_random", "gaussian_random", "randint", "randperm", "empty"):
            attrs["place"] = Raw(_UNDEF)
        if persist:
            attrs["persistable"] = [True]
        attrs["stop_gradient"] = sgs
        inplace = spec["name"].endswith("_")
        values = []
        for r in results:
            if isinstance(r, OpResult):
                values.append(r)
            elif r is not None and r.name in in_names and inplace:
                values.append(_proxy(r, True))
            elif r is not None and self._lookup(block, r.name, env) is not None:
                values.append(_proxy(r))
            else:
                values.append(r)
        if inplace:
            attrs["stop_gradient"] = [True if v is not None else False for v in values]
        pop = Operation(spec["name"], operands, values, attrs, block, legacy=op)
        ops.append(pop)
        for i, r in enumerate(results):
            # An optimizer's in-place update (sgd_) leaves the parameter's value as it was.
            if isinstance(r, Variable) and not (r.name in in_names and inplace):
                self._bind(block, env, r.name, pop, i, region)
        if split is not None:
            sop = Operation("builtin.split", [results[0]], split, {
                "stop_gradient": [v.stop_gradient for v in split]}, block)
            ops.append(sop)
            for i, v in enumerate(split):
                self._bind(block, env, v.name, sop, i, region)
        for r in persist:
            if isinstance(r, Parameter):
                ops.append(Operation("builtin.set_parameter", [r], [], {
                    "parameter_name": r.name}, block))
            else:
                ops.append(Operation("builtin.shadow_output", [r], [], {
                    "output_name": r.name}, block))

    def _translate_array_op(self, block, op, ops, env, region):
        """Tensor arrays as PIR has them: array_write_ (in place: the array keeps its value,
        the op's result is a fresh one nothing reads), array_length, array_read (its result
        typed -1 along the first axis, as PIR's infer function gives it)."""
        t = op.type

        def operand(slot):
            names = op.inputs.get(slot) or []
            return self._operand(block, names[0], env) if names else None
        if t == "write_to_array":
            arr = self._operand(block, op.outputs["Out"][0], env)
            res = OpResult([], _dtype_name(block._find_var_recursive(op.outputs["Out"][0])))
            res.is_array = True
            ops.append(Operation("pd_op.array_write_", [arr, operand("X"), operand("I")], [res],
                                 {}, block, legacy=op))
            return None
        out = block._find_var_recursive(op.outputs["Out"][0])
        if t == "create_array_like":
            pop = Operation("pd_op.create_array_like", [operand("Input")], [out], {
                "stop_gradient": [True], "val": float(op.attrs.get("val", 0.0))}, block,
                legacy=op)
        elif t == "add_n_array":
            vals = [self._operand(block, n, env) for n in op.inputs["X"]]
            vec = OpResult([], None, vec=vals, stop_gradient=all(_sg(v) for v in vals))
            ops.append(Operation("builtin.combine", vals, [vec], {
                "stop_gradient": [vec.stop_gradient]}, block))
            pop = Operation("pd_op.add_n_array", [vec], [out], {
                "stop_gradient": [vec.stop_gradient]}, block, legacy=op)
        elif t == "lod_array_length":
            pop = Operation("pd_op.array_length", [operand("X")], [out], {}, block, legacy=op)
        else:
            r = OpResult([-1] * len(out.shape), _dtype_name(out), out.stop_gradient)
            pop = Operation("pd_op.array_read", [operand("X"), operand("I")], [r],
                            {"stop_gradient": [r.stop_gradient]}, block, legacy=op)
        ops.append(pop)
        self._bind(block, env, out.name, pop, 0, region)
        return None

    def _fc_flatten(self, block, op, x, ops):
        """PIR's static.nn.fc has no `mul` with x_num_col_dims: an input of rank > 2 is first
        reshaped to its leading `num_flatten_dims` dims + the product of the rest (a
        `full_int_array` + `pd_op.reshape`), then multiplied by `pd_op.matmul`."""
        k = int(op.attrs.get("x_num_col_dims", 1))
        shape = [int(d) for d in x.shape]
        rest = 1
        for d in shape[k:]:
            rest *= d
        new_shape = shape[:k] + [rest]
        r = OpResult([len(new_shape)], "int64")
        ops.append(Operation("pd_op.full_int_array", [], [r], {
            "dtype": Raw("int64"), "place": Raw(_CPU), "stop_gradient": [True],
            "value": new_shape}, block))
        out = OpResult(new_shape, _dtype_name(x), stop_gradient=_sg(x))
        ops.append(Operation("pd_op.reshape", [x, r], [out], {
            "stop_gradient": [out.stop_gradient]}, block))
        return out

    def _forward_operand(self, block, op, i, env):
        outs = op.inputs.get("Out@GRAD") or []
        fwd_name = None
        for n in op.inputs.get("X", []):
            for cand in self.block_ops.get(block.idx, []):
                lg = cand.legacy
                if lg is not None and lg.type + "_grad" == op.type and n in lg.inputs.get("X", []):
                    fwd_name = cand
        del outs
        if fwd_name is not None and len(fwd_name._operands) > i:
            return fwd_name._operands[i]
        return None

    def _translate_seed(self, block, op, ops, env, region):
        out = block._find_var_recursive(op.outputs["Out"][0])
        src = op.inputs.get("X", [None])[0] or out.name[:-len("@GRAD")]
        target = self._operand(block, src, env)
        sg = (self.grad_sg.get(id(op.grad_group), False) if op.grad_group is not None
              else out.stop_gradient)
        r = OpResult([1], "float32")
        ops.append(Operation("pd_op.full", [], [r], {
            "dtype": Raw("float32"), "place": Raw(_CPU), "shape": [1], "stop_gradient": [True],
            "value": float(op.attrs.get("value", 1.0) or 0.0)}, block))
        dt = _dtype_attr(op.attrs.get("dtype", 5))
        pop = Operation("pd_op.full_like", [target, r], [out], {
            "dtype": Raw(dt), "place": Raw(_UNDEF), "stop_gradient": [sg]}, block, legacy=op)
        ops.append(pop)
        self._bind(block, env, out.name, pop, 0, region)

    def _region(self, parent, sub_idx, outs, env, renv=None, skip=()):
        """The ops of a sub-block, with the trailing assigns to the parent's outputs folded into
        the `cf.yield` (PIR yields the values themselves); ops in `skip` are left out."""
        block = self.program.blocks[sub_idx]
        renv = dict(env) if renv is None else renv
        ops = []
        yielded = {}
        tail = []
        for op in block.ops:
            if id(op) in skip or id(op) in self.skip:     # (a cond's false branch, folded)
                continue
            if op.type == "assign" and op.outputs.get("Out", [None])[0] in outs:
                tail.append(op)
                continue
            self._translate_op(block, op, ops, renv, region=True)
        for op in tail:
            yielded[op.outputs["Out"][0]] = self._operand(block, op.inputs["X"][0], renv)
        values = [yielded[n] if n in yielded else self._operand(block, n, renv) for n in outs]
        ops.append(Operation("cf.yield", values, [], {}, block))
        self.block_ops[sub_idx] = ops
        return ops

    def _translate_cond(self, block, op, ops, env, region=False):
        outs = op.outputs.get("Out", [])
        pred = op.inputs["Cond"][0]
        # The false branch: Paddle's legacy cond records logical_not(pred), a second
        # conditional_block, a cast and one select_input per result.
        later = block.ops[block.ops.index(op) + 1:]
        not_op = next((o for o in later if o.type == "logical_not"
                       and o.inputs.get("X") == [pred]), None)
        other = None
        if not_op is not None:
            nn = not_op.outputs["Out"][0]
            other = next((o for o in later if o.type == "conditional_block"
                          and o.inputs.get("Cond") == [nn]), None)
        selects = [o for o in later if o.type == "select_input"
                   and any(n in outs for n in o.inputs.get("X", []))]
        results = []
        for n in outs:
            sel = next((s for s in selects if n in s.inputs["X"]), None)
            results.append(block._find_var_recursive(
                sel.outputs["Out"][0] if sel is not None else n))
        true_ops = self._region(block, op.attrs["sub_block"].idx, outs, env)
        regions = [true_ops]
        if other is not None:
            oo = other.outputs.get("Out", [])
            false_ops = self._region(block, other.attrs["sub_block"].idx, oo, env)
            regions.append(false_ops)
            self.skip.update({id(not_op), id(other)})
            self.skip.update(id(s) for s in selects)
            for o in later:
                if o.type == "cast" and o.inputs.get("X") == [pred] and any(
                        o.outputs["Out"][0] in s.inputs.get("Mask", []) for s in selects):
                    self.skip.add(id(o))
        else:
            regions.append([Operation("cf.yield", [], [], {}, block)])
        pop = Operation("pd_op.if", [self._operand(block, pred, env)], results,
                        {"stop_gradient": [r.stop_gradient for r in results]}, block, legacy=op,
                        regions=regions)
        ops.append(pop)
        for i, r in enumerate(results):
            self._bind(block, env, r.name, pop, i, region)
        if other is not None:
            tb = self.program.blocks[op.attrs["sub_block"].idx]
            fb = self.program.blocks[other.attrs["sub_block"].idx]
            if tb.backward_block_idx >= 0 and fb.backward_block_idx >= 0:
                # the false branch's stack is created last, so it shows first
                info = {"pop": pop, "true": tb.idx, "false": fb.idx, "branches": {}}
                for b_, rops in ((fb, regions[1]), (tb, regions[0])):
                    info["branches"][b_.idx] = (rops,) + self._push(b_, rops, [])
                    self.conds[b_.idx] = info

    def _translate_while(self, block, op, ops, env):
        cond = op.inputs["Condition"][0]
        # a tensor array the body writes is written in place: PIR's loop does not carry it
        carried = [n for n in op.outputs.get("Out", []) if n != cond and
                   getattr(block._find_var_recursive(n), "type", None) != _ARRAY]
        cvars = [block._find_var_recursive(n) for n in carried]
        args = [BlockArg(v.shape, v.dtype.short, v.stop_gradient) for v in cvars]
        renv = dict(env)
        for n, a in zip(carried, args):
            renv[n] = (None, a)
        region = self._region(block, op.attrs["sub_block"].idx, [cond] + carried, env, renv)
        results = [_proxy(v) if self._lookup(block, v.name, env) is not None else v
                   for v in cvars]
        pop = Operation("pd_op.while", [self._operand(block, cond, env)] +
                        [self._operand(block, n, env) for n in carried], results,
                        {}, block, legacy=op, regions=[region])
        pop.region_args = args
        ops.append(pop)
        for i, v in enumerate(cvars):
            self.defs[(block.idx, v.name)] = (pop, i)
        body = self.program.blocks[op.attrs["sub_block"].idx]
        if body.backward_block_idx >= 0:
            self._push_loop_values(body, op, region, renv, args, carried)

    def _push(self, body, region, leading):
        """PIR's forward half of a gradient through control flow: a stack (`cf.stack_create`,
        shown on top of the global block) and a `cf.tuple_push` before the region's `cf.yield`
        of `leading` (a loop's block arguments) and every op result of the region, in order, for
        the backward region to pop. Returns (stack, outlet, pushed values)."""
        stack, inlet, outlet = (StackValue(k) for k in ("stack", "inlet", "outlet"))
        self.stacks.append(Operation("cf.stack_create", [], [stack, inlet, outlet], {},
                                     self.program.global_block()))
        pushed = list(leading) + [r for o in region[:-1] for r in o._results if r is not None]
        region.insert(len(region) - 1, Operation("cf.tuple_push", [inlet] + pushed, [], {}, body))
        return stack, outlet, pushed

    def _push_loop_values(self, body, op, region, renv, args, carried):
        stack, outlet, pushed = self._push(body, region, args)
        self.whiles[body.idx] = {"op": op, "body": body, "region": region, "renv": renv,
                                 "args": args, "carried": carried, "stack": stack,
                                 "outlet": outlet, "pushed": pushed}

    def _translate_while_grad(self, block, op, ops, env):
        """PIR's gradient of a `while_loop`: a second `pd_op.while` that runs while the forward
        loop's stack has elements (`cf.has_elements`), carrying the gradients of the loop
        variables that need one and, for each differentiable value the body reads from outside
        (a parameter), a zero-initialised accumulator (`full` + `full_like`). Its region pops one
        iteration's values (`cf.tuple_pop`), applies the grad ops of the body's ops in PIR's
        inverse topological order (backward_utils.inverse_sort_op) to the popped values, then
        sums each block argument's gradients (`builtin.combine` + `pd_op.add_n`, an
        accumulator first) and yields them. Printing only: the recorded while_grad (and its grad
        sub-block) is what the Executor's gradient group stands for."""
        gblock = op.attrs["sub_block"]
        w = self.whiles[gblock.forward_block_idx]
        xs = list(op.inputs.get("X", []))
        gof = {x: g for x, g in zip(xs, op.outputs.get("X@GRAD", [])) if g != "@EMPTY@"}
        carried_diff = [(k, n) for k, n in enumerate(w["carried"]) if n in gof]
        outside = [n for n in xs if n in gof and n not in w["carried"]]
        incoming = [self._operand(block, gof[n], env) for _, n in carried_diff]
        if any(v is None for v in incoming):
            return False        # no gradient flows in: the recorded op, as it is
        inputs = list(incoming)
        for n in outside:
            v = self._operand(block, n, env)
            z = OpResult([1], "float32")
            ops.append(Operation("pd_op.full", [], [z], {
                "dtype": Raw("float32"), "place": Raw(_CPU), "shape": [1],
                "stop_gradient": [True], "value": 0.0}, block))
            acc = OpResult(v.shape, _short(v), stop_gradient=False)
            ops.append(Operation("pd_op.full_like", [v, z], [acc], {
                "dtype": Raw(_short(v)), "place": Raw(_UNDEF), "stop_gradient": [False]}, block))
            inputs.append(acc)
        has = OpResult([1], "bool")
        ops.append(Operation("cf.has_elements", [w["stack"]], [has], {"stop_gradient": [True]},
                             block))
        args = [BlockArg(v.shape, _short(v), False) for v in inputs]

        r_ops = []
        pushed = w["pushed"]
        popped = [OpResult(v.shape, _short(v), bool(v.stop_gradient)) for v in pushed]
        r_ops.append(Operation("cf.tuple_pop", [w["outlet"]], popped, {
            "stop_gradient": [p.stop_gradient for p in popped]}, gblock))
        pmap = {id(v): p for v, p in zip(pushed, popped)}
        acc = _Grads(r_ops, gblock)
        yields = w["region"][-1]._operands          # cond, then the carried values
        for (k, _), a in zip(carried_diff, args):
            acc.add(yields[1 + k], a)
        for o in _inverse_sorted(_grad_path(w["region"], acc.grads)):
            self._region_grad_op(o, pmap, acc.add, acc.out_grad, r_ops, gblock)
        has2 = OpResult([1], "bool")
        r_ops.append(Operation("cf.has_elements", [w["stack"]], [has2],
                               {"stop_gradient": [True]}, gblock))
        out_values = []
        for k, _ in carried_diff:
            fwd_arg = w["args"][k]
            gs = acc.grads.get(id(fwd_arg), [])
            out_values.append(acc.summed(gs, fwd_arg) if gs else self._zeros_like(
                pmap[id(fwd_arg)], r_ops, gblock))
        for n, a in zip(outside, args[len(carried_diff):]):
            v = self._operand(block, n, env)
            out_values.append(acc.summed([a] + acc.grads.get(id(v), []), v))
        r_ops.append(Operation("cf.yield", [has2] + out_values, [], {}, gblock))
        self.block_ops[gblock.idx] = r_ops

        names = [gof[n] for _, n in carried_diff] + [gof[n] for n in outside]
        gvars = [block._find_var_recursive(n) for n in names]
        results = [_proxy(v, False) if self._lookup(block, v.name, env) is not None else v
                   for v in gvars]
        pop = Operation("pd_op.while", [has] + inputs, results, {}, block, legacy=op,
                        regions=[r_ops])
        pop.region_args = args
        ops.append(pop)
        for i, v in enumerate(gvars):
            self.defs[(block.idx, v.name)] = (pop, i)
        return True

    def _translate_cond_grad(self, block, op, ops, env):
        """PIR's gradient of a two-branch `cond` with one result: a second `pd_op.if` on the
        same predicate whose branches pop their forward values (`cf.tuple_pop`), apply the
        branch ops' grad ops to the if result's gradient (read from outside, as PIR does) and
        yield one gradient per differentiable input (zeros where a branch does not use it).
        It stands for the recorded select_output, the two conditional_block_grad ops and the
        sum of their gradients."""
        outs = op.outputs.get("Out", [])
        later = block.ops[block.ops.index(op) + 1:]
        cbs = [o for o in later if o.type == "conditional_block_grad"
               and any(n in outs for n in o.inputs.get("Out@GRAD", []))]
        if len(cbs) != 2 or any(len(o.inputs.get("Out@GRAD", [])) != 1 for o in cbs):
            return False
        info = self.conds.get(cbs[0].attrs["sub_block"].forward_block_idx)
        if info is None or self.conds.get(cbs[1].attrs["sub_block"].forward_block_idx) is not info:
            return False
        g = self._operand(block, op.inputs["X"][0], env)
        if g is None:
            return False
        diff, grad_names = [], {}
        for cb in cbs:
            for n, gn in zip(cb.inputs.get("Input", []), cb.outputs.get("Input@GRAD", [])):
                if gn != "@EMPTY@":
                    if n not in diff:
                        diff.append(n)
                    grad_names.setdefault(n, []).append(gn)
        regions = []
        for bidx in (info["true"], info["false"]):
            fwd_ops, _stack, outlet, pushed = info["branches"][bidx]
            bblock = self.program.blocks[bidx]
            r_ops = []
            popped = [OpResult(v.shape, _short(v), bool(v.stop_gradient)) for v in pushed]
            r_ops.append(Operation("cf.tuple_pop", [outlet], popped, {
                "stop_gradient": [p.stop_gradient for p in popped]}, bblock))
            pmap = {id(v): p for v, p in zip(pushed, popped)}
            acc = _Grads(r_ops, bblock)
            acc.add(fwd_ops[-1]._operands[0], g)
            for o in _inverse_sorted(_grad_path(fwd_ops, acc.grads)):
                self._region_grad_op(o, pmap, acc.add, acc.out_grad, r_ops, bblock)
            values = []
            for n in diff:
                v = self._operand(block, n, env)
                gs = acc.grads.get(id(v), [])
                values.append(acc.summed(gs, v) if gs else self._zeros_like(v, r_ops, bblock))
            r_ops.append(Operation("cf.yield", values, [], {}, bblock))
            self.block_ops[self.program.blocks[bidx].backward_block_idx] = r_ops
            regions.append(r_ops)
        results = []
        for n in diff:
            v = self._operand(block, n, env)
            results.append(OpResult(v.shape, _short(v), stop_gradient=False))
        pop = Operation("pd_op.if", [info["pop"]._operands[0]], results, {
            "stop_gradient": [False for _ in results]}, block, legacy=op, regions=regions)
        ops.append(pop)
        self.skip.update(id(o) for o in cbs)
        for i, n in enumerate(diff):
            names = grad_names[n]
            for gn in names:
                self._bind(block, env, gn, pop, i, False)
            total = next((o for o in later if o.type == "sum"
                          and sorted(o.inputs.get("X", [])) == sorted(names)), None)
            if total is not None and len(names) > 1:
                self.skip.add(id(total))
                self._bind(block, env, total.outputs["Out"][0], pop, i, False)
        return True

    def _translate_scale_grad(self, block, op, ops, env, region):
        """A scale's gradient (the recorded grad op is a `scale` of the output gradient): PIR's
        scale grad reads the forward scale's own factor value instead of building a new one."""
        src = (op.inputs.get("X") or [None])[0]
        if src is None or not src.endswith("@GRAD") or (op.inputs.get("ScaleTensor") or []):
            return False
        hit = self._lookup(block, src[:-len("@GRAD")], env)
        fwd = hit[0] if hit is not None else None
        if fwd is None or fwd.name() != "pd_op.scale" or len(fwd._operands) < 2:
            return False
        g = self._operand(block, src, env)
        out = block._find_var_recursive(op.outputs["Out"][0])
        if g is None or out is None:
            return False
        sg = bool(self.grad_sg.get(id(op.grad_group), False))
        r = _proxy(out, sg) if self._lookup(block, out.name, env) is not None else out
        pop = Operation("pd_op.scale", [g, fwd._operands[1]], [r], {
            "bias": 0.0, "bias_after_scale": bool(op.attrs.get("bias_after_scale", True)),
            "stop_gradient": [sg]}, block, legacy=op)
        ops.append(pop)
        self._bind(block, env, out.name, pop, 0, region)
        return True

    def _zeros_like(self, v, r_ops, block):
        z = OpResult([1], "float32")
        r_ops.append(Operation("pd_op.full", [], [z], {
            "dtype": Raw("float32"), "place": Raw(_CPU), "shape": [1], "stop_gradient": [True],
            "value": 0.0}, block))
        out = OpResult(v.shape, _short(v), stop_gradient=False)
        r_ops.append(Operation("pd_op.full_like", [v, z], [out], {
            "dtype": Raw(_short(v)), "place": Raw(_UNDEF), "stop_gradient": [False]}, block))
        return out

    def _region_grad_op(self, o, pmap, add_grad, out_grad, r_ops, block):
        """The grad op of forward op `o` of a loop body, reading the popped values."""
        lg = o.legacy
        fspec = _resolve(OPS.get(lg.type), lg.attrs)
        spec = _resolve(_REGION_GRAD.get(lg.type) or OPS.get(lg.type + "_grad"), lg.attrs)

        def fwd(slot):
            if fspec is not None:
                ins = [x.lstrip("?") if isinstance(x, str) else None for x in fspec["operands"]]
                if slot in ins and ins.index(slot) < len(o._operands):
                    return o._operands[ins.index(slot)]
                outs = [x.lstrip("?*") for x in fspec["results"]]
                if slot in outs and outs.index(slot) < len(o._results):
                    return o._results[outs.index(slot)]
            return None

        def sub(v):
            return pmap.get(id(v), v)

        if spec is None:        # not in the table: the forward operands and output gradients
            operands = [sub(v) for v in o._operands] + [out_grad(r) for r in o._results]
            targets = [v if v is not None and not _sg(v) else None for v in o._operands]
            name = o.name() + "_grad"
            attrs = {}
        else:
            operands = []
            for slot in spec["operands"]:
                if isinstance(slot, tuple):
                    kind, arg = slot
                    operands.append(sub(o._operands[arg]) if kind == "forward"
                                    and arg < len(o._operands) else None)
                    continue
                slot = slot.lstrip("?")
                if slot.endswith("@GRAD"):
                    v = fwd(slot[:-len("@GRAD")])
                    operands.append(out_grad(v) if v is not None else None)
                else:
                    v = fwd(slot)
                    operands.append(sub(v) if v is not None else None)
            targets = []
            for slot in spec["results"]:
                v = fwd(slot.lstrip("?")[:-len("@GRAD")])
                targets.append(v if v is not None and not _sg(v) else None)
            name = spec["name"]
            attrs = _spec_attrs(spec, lg.attrs)
        results = []
        for v in targets:
            g = None if v is None else OpResult(v.shape, _short(v), stop_gradient=False)
            results.append(g)
            if g is not None:
                add_grad(v, g)
        attrs["stop_gradient"] = [False for _ in results]
        r_ops.append(Operation(name, operands, results, attrs, block))

    def _translate_pylayer(self, block, op, ops, env):
        outs = op.outputs.get("Out", [])
        results = [block._find_var_recursive(n) for n in outs]
        fwd = op.attrs["blocks"][0].idx
        region = self._region(block, fwd, outs, env)
        if id(op) not in _PYLAYER_ID:
            _PYLAYER_ID[id(op)] = next(_pylayer_ids)
        pop = Operation("pd_op.pylayer", [self._operand(block, n, env)
                                          for n in op.inputs.get("Input", [])], results,
                        {"backward_function_id": _PYLAYER_ID[id(op)],
                         "stop_gradient": [r.stop_gradient for r in results]}, block, legacy=op,
                        regions=[region])
        ops.append(pop)
        for i, r in enumerate(results):
            self.defs[(block.idx, r.name)] = (pop, i)


    def _translate_pylayer_grad(self, block, op, ops, env):
        """PIR shows a static_pylayer's backward as a second `pd_op.pylayer`
        (backward_function_id -1) over the output gradients, whose region is the backward
        function's ops reading those gradients directly (the legacy block's leading copies of
        them are left out) and yielding the input gradients."""
        bwd = op.attrs["blocks"][1]
        out_grads = list(op.inputs.get("Out@GRAD", []))
        outs = [n for n in op.outputs.get("Input@GRAD", []) if n != "@EMPTY@"]
        results = [block._find_var_recursive(n) for n in outs]
        renv = dict(env)
        skip = set()
        for bop in bwd.ops:
            src = bop.inputs.get("X", [None])[0] if bop.type == "assign" else None
            if src in out_grads:
                renv[bop.outputs["Out"][0]] = self._lookup(block, src, env)
                skip.add(id(bop))
        region = self._region(block, bwd.idx, outs, env, renv=renv, skip=skip)
        sg = bool(self.grad_sg.get(id(op.grad_group), False)) if op.grad_group is not None \
            else False
        pop = Operation("pd_op.pylayer", [self._operand(block, n, env) for n in out_grads],
                        results, {"backward_function_id": -1,
                                  "stop_gradient": [sg for _ in results]}, block, legacy=op,
                        regions=[region])
        ops.append(pop)
        for i, r in enumerate(results):
            self.defs[(block.idx, r.name)] = (pop, i)


class _Builder:
    """What an expansion (pir_expand.py) builds with: PIR ops appended to the view, the last one
    (`out`) standing for the recorded op's output."""
    UNDEF = _UNDEF

    def __init__(self, view, block, op, ops, env, region):
        self.view, self.block, self.legacy, self.ops = view, block, op, ops
        self.env, self.region = env, region

    @staticmethod
    def raw(text):
        return Raw(text)

    @staticmethod
    def dtype(v):
        return _short(v)

    def _out_var(self):
        slot = "Out" if "Out" in self.legacy.outputs else sorted(self.legacy.outputs)[0]
        return self.block._find_var_recursive(self.legacy.outputs[slot][0])

    def out_dtype(self):
        return _short(self._out_var())

    def consumers(self, name):
        """The recorded ops of this block after the op that read `name`."""
        ops = self.block.ops
        return [o for o in ops[ops.index(self.legacy) + 1:]
                if any(name in ns for ns in o.inputs.values())]

    def producer(self, name):
        ops = self.block.ops
        return next((o for o in reversed(ops[:ops.index(self.legacy)])
                     if any(name in ns for ns in o.outputs.values())), None)

    def input(self, slot):
        names = self.legacy.inputs.get(slot) or []
        return self.view._operand(self.block, names[0], self.env) if names else None

    def op(self, name, operands, attrs, shape, dtype, sg=None):
        r = OpResult(shape, dtype, all(_sg(v) for v in operands) if sg is None else sg)
        self.ops.append(Operation(name, operands, [r], dict(
            attrs, stop_gradient=[r.stop_gradient]), self.block))
        return r

    def full(self, value, dtype="float32"):
        r = OpResult([1], dtype)
        self.ops.append(Operation("pd_op.full", [], [r], {
            "dtype": Raw(dtype), "place": Raw(_CPU), "shape": [1], "stop_gradient": [True],
            "value": float(value)}, self.block))
        return r

    def full_like(self, x, value):
        f = self.full(value)
        return self.op("pd_op.full_like", [x, f], {"dtype": Raw(_short(x)), "place": Raw(_UNDEF)},
                       x.shape, _short(x))

    def int_array(self, values):
        r = OpResult([len(values)], "int64")
        self.ops.append(Operation("pd_op.full_int_array", [], [r], {
            "dtype": Raw("int64"), "place": Raw(_CPU), "stop_gradient": [True],
            "value": list(values)}, self.block))
        return r

    def loop(self, cond, inits, body):
        """A `pd_op.while` over `inits`: `body(builder, args)` builds its region with the
        builder given (the region's block arguments `args`) and returns (condition, values)
        for the `cf.yield`. Returns the loop's results."""
        args = [BlockArg(v.shape, _short(v), _sg(v)) for v in inits]
        region = []
        rb = _Builder(self.view, self.block, self.legacy, region, self.env, True)
        c, outs = body(rb, args)
        region.append(Operation("cf.yield", [c] + list(outs), [], {}, self.block))
        results = [OpResult(v.shape, _short(v), _sg(v)) for v in inits]
        pop = Operation("pd_op.while", [cond] + list(inits), results, {}, self.block,
                        regions=[region])
        pop.region_args = args
        self.ops.append(pop)
        return results

    def combine(self, values):
        """builtin.combine of values into the vector operand of a list-taking op."""
        r = OpResult([], None, vec=list(values), stop_gradient=all(_sg(v) for v in values))
        self.ops.append(Operation("builtin.combine", list(values), [r], {
            "stop_gradient": [r.stop_gradient]}, self.block))
        return r

    def split(self, x, axis, num, shape, dtype):
        a = self.full(axis, "int32")
        parts = [OpResult(shape, dtype, _sg(x)) for _ in range(num)]
        vec = OpResult([], None, vec=parts, stop_gradient=_sg(x))
        self.ops.append(Operation("pd_op.split_with_num", [x, a], [vec], {
            "num": num, "stop_gradient": [vec.stop_gradient]}, self.block))
        self.ops.append(Operation("builtin.split", [vec], parts, {
            "stop_gradient": [p.stop_gradient for p in parts]}, self.block))
        return parts

    def split_outputs(self, vec, variables):
        """A `builtin.split` of a vector result into the recorded op's output variables."""
        sop = Operation("builtin.split", [vec], list(variables), {
            "stop_gradient": [v.stop_gradient for v in variables]}, self.block)
        self.ops.append(sop)
        for i, v in enumerate(variables):
            self.view._bind(self.block, self.env, v.name, sop, i, self.region)

    def out_multi(self, name, operands, attrs, results):
        """One op with several results: a legacy output slot's variable (`"Slot"`), or a value
        PIR types where the recorded op has none (`(shape, dtype)`); every result takes the
        operands' stop_gradient, as PIR's norm ops do."""
        sg = all(_sg(v) for v in operands)
        values, bind = [], []
        for i, spec in enumerate(results):
            if isinstance(spec, tuple) and len(spec) == 3:
                # ("Slot", shape, dtype): the slot's variable, typed as PIR types it
                names = self.legacy.outputs.get(spec[0]) or []
                if names:
                    bind.append((names[0], i))
                    values.append(OpResult(spec[1], spec[2], sg))
                    continue
                spec = None
            if isinstance(spec, str):
                names = self.legacy.outputs.get(spec) or []
                var = self.block._find_var_recursive(names[0]) if names else None
                if var is not None:
                    bind.append((var.name, i))
                    values.append(_proxy(var, sg) if self.view._lookup(
                        self.block, var.name, self.env) is not None else var)
                    continue
                spec = None
            values.append(OpResult(spec[0], spec[1], sg) if spec is not None else None)
        pop = Operation(name, operands, values, dict(
            attrs, stop_gradient=[sg for _ in values]), self.block, legacy=self.legacy)
        self.ops.append(pop)
        for n, i in bind:
            self.view._bind(self.block, self.env, n, pop, i, self.region)
        return values

    def out(self, name, operands, attrs, shape=None, dtype=None):
        var = self._out_var()
        if shape is not None or dtype is not None:
            r = OpResult(list(var.shape) if shape is None else shape, dtype or _short(var),
                         var.stop_gradient)
        elif self.view._lookup(self.block, var.name, self.env) is not None:
            r = _proxy(var)
        else:
            r = var
        pop = Operation(name, operands, [r], dict(attrs, stop_gradient=[r.stop_gradient]),
                        self.block, legacy=self.legacy)
        self.ops.append(pop)
        self.view._bind(self.block, self.env, var.name, pop, 0, self.region)
        return r


def _made_at(v, ops):
    op = getattr(v, "op", None)
    if op is None and v is not None:
        op = next((o for o in reversed(ops) if any(r is v for r in o._results)), None)
    for k, o in enumerate(ops):
        if o is op:
            return (k, next((i for i, r in enumerate(op._results) if r is v), 0))
    return (-1, 0)


def _pir_order(ops):
    """The block's ops in the order PIR's backward builds them: each run of one gradients() /
    append_backward() call's grad ops reordered as backward_utils.inverse_sort_op orders their
    forward ops (a value read by two ops gets its gradient summed just before its own grad op),
    everything else as recorded."""
    out, i = [], 0
    while i < len(ops):
        g = ops[i].grad_group
        if g is None:
            out.append(ops[i])
            i += 1
            continue
        j = i
        while j < len(ops) and ops[j].grad_group is g:
            j += 1
        out.extend(_grad_run_order(ops[i:j], ops[:i]))
        i = j
    return out


def _names(slots):
    return [n for ns in slots.values() for n in ns]


def _grad_run_order(run, before):
    forward = [o for o in before if o.grad_group is None]
    fwd_of = {}         # id(grad op) -> its forward op
    for gop in run:
        if gop.type == "sum":
            continue
        if gop.type.endswith("_grad"):
            ftype = gop.type[:-len("_grad")]
            for f in reversed(forward):
                if f.type == ftype and all(gop.inputs.get(s) == ns for s, ns in f.inputs.items()
                                           if s in gop.inputs and ns):
                    fwd_of[id(gop)] = f
                    break
        elif gop.type in ("scale", "assign"):
            src = (gop.inputs.get("X") or [""])[0]
            if src.endswith("@GRAD"):
                base = src[:-len("@GRAD")]
                f = next((f for f in reversed(forward) if f.type == gop.type
                          and base in _names(f.outputs)), None)
                if f is not None:
                    fwd_of[id(gop)] = f
    mapped = [gop for gop in run if id(gop) in fwd_of]
    if len({id(fwd_of[id(g)]) for g in mapped}) != len(mapped) or not mapped:
        return run          # not a one-to-one run: keep the recorded order
    fops = sorted({id(fwd_of[id(g)]): fwd_of[id(g)] for g in mapped}.values(),
                  key=lambda f: before.index(f))
    producer = {n: f for f in fops for n in _names(f.outputs)}
    pending = {id(f): 0 for f in fops}
    for f in fops:
        for n in _names(f.inputs):
            if n in producer:
                pending[id(producer[n])] += 1
    queue = collections.deque(f for f in fops if pending[id(f)] == 0)
    order = []
    while queue:
        f = queue.popleft()
        order.append(f)
        for n in _names(f.inputs):
            d = producer.get(n)
            if d is not None:
                pending[id(d)] -= 1
                if pending[id(d)] == 0:
                    queue.append(d)
    if len(order) != len(fops):
        return run
    grad_of = {id(fwd_of[id(g)]): g for g in mapped}
    first = run.index(mapped[0])
    out = list(run[:first])                 # the seed
    rest = [o for o in run[first:] if id(o) not in fwd_of]
    if any(o.type != "sum" for o in rest):
        return run          # other ops (a cond's select_output...): the recorded order
    done = set()
    for f in order:
        gop = grad_of[id(f)]
        needs = set(_names(gop.inputs))
        for o in rest:
            if id(o) not in done and o.type == "sum" and set(_names(o.outputs)) & needs:
                out.append(o)
                done.add(id(o))
        out.append(gop)
    out.extend(o for o in rest if id(o) not in done)
    return out


class _Grads:
    """The gradients of a backward region so far (id(forward value) -> [gradient values]), and
    their sums as PIR writes them (`builtin.combine` + `pd_op.add_n`)."""

    def __init__(self, r_ops, block):
        self.grads = {}
        self.r_ops, self.block = r_ops, block

    def add(self, v, g):
        self.grads.setdefault(id(v), []).append(g)

    def summed(self, gs, like):
        if len(gs) == 1:
            return gs[0]
        vec = OpResult([], None, vec=list(gs))
        vec.stop_gradient = all(_sg(g) for g in gs)
        self.r_ops.append(Operation("builtin.combine", list(gs), [vec], {
            "stop_gradient": [vec.stop_gradient]}, self.block))
        total = OpResult(like.shape, _short(like), stop_gradient=vec.stop_gradient)
        self.r_ops.append(Operation("pd_op.add_n", [vec], [total], {
            "stop_gradient": [total.stop_gradient]}, self.block))
        return total

    def out_grad(self, v):
        gs = self.grads.get(id(v), [])
        if not gs:
            return None
        total = self.summed(gs, v)
        self.grads[id(v)] = [total]
        return total


def _resolve(spec, legacy_attrs):
    return spec(legacy_attrs) if callable(spec) else spec


def _short(v):
    return v._dtype if isinstance(v, OpResult) else v.dtype.short


def _grad_path(region, grads):
    """The ops of a loop body (forward order) on the way from the values that have gradients
    back to differentiable operands."""
    need = set(grads)
    path = []
    for o in reversed(region):
        if o.legacy is None or o.name() in ("cf.tuple_push", "cf.yield"):
            continue
        if any(r is not None and id(r) in need for r in o._results) and any(
                v is not None and not _sg(v) for v in o._operands):
            path.append(o)
            need.update(id(v) for v in o._operands if v is not None and not _sg(v))
    path.reverse()
    return path


def _inverse_sorted(ops):
    """Paddle's backward_utils.inverse_sort_op: the ops no other op (of `ops`) reads first, in
    forward order, then each op once every reader of its results has been taken."""
    defop = {id(r): o for o in ops for r in o._results if r is not None}
    pending = {id(o): 0 for o in ops}
    for o in ops:
        for v in o._operands:
            d = defop.get(id(v))
            if d is not None:
                pending[id(d)] += 1
    queue = collections.deque(o for o in ops if pending[id(o)] == 0)
    order = []
    while queue:
        o = queue.popleft()
        order.append(o)
        for v in o._operands:
            d = defop.get(id(v))
            if d is not None:
                pending[id(d)] -= 1
                if pending[id(d)] == 0:
                    queue.append(d)
    return order


def _spec_attrs(spec, legacy_attrs):
    """The PIR attributes of a table entry, from the legacy op's attributes."""
    attrs = {}
    for key, src in spec["attrs"].items():
        if callable(src):
            src = src(legacy_attrs)
            if not isinstance(src, Const):
                attrs[key] = list(src) if isinstance(src, tuple) else src
                continue
        if isinstance(src, Const):
            v = Raw(src.value) if src.bare else src.value
        elif src.startswith("@dtype:"):
            v = Raw(_dtype_attr(legacy_attrs.get(src[7:])))
        else:
            v = legacy_attrs.get(src)
            if isinstance(v, tuple):
                v = list(v)
        attrs[key] = v
    return attrs


def _dtype_attr(code):
    """A legacy dtype attribute (VarType code, paddle or torch dtype) as PIR names it."""
    import torch
    from .._dtype import from_torch_dtype
    if isinstance(code, bool) or code is None:
        return "Undefined"
    if isinstance(code, int):
        return DTYPE_CODES.get(code, "Undefined")
    if isinstance(code, torch.dtype):
        return from_torch_dtype(code).short
    return getattr(code, "short", str(code))


def _sg(v):
    return True if v is None else bool(v.stop_gradient)


def _view(program):
    cached = getattr(program, "_pir_view", None)
    if cached is not None and cached[0] == program._version:
        return cached[1]
    view = _View(program)
    program._pir_view = (program._version, view)
    return view


def program_ops(block):
    """The PIR operations of a Block (the view of its Program)."""
    view = _view(block.program)
    return view.block_ops.get(block.idx, [])


def defining_op(var):
    """(Operation, index) defining a Variable in the PIR view, or (None, 0)."""
    view = _view(var.block.program)
    hit = view._lookup(var.block, var.name, {})
    if hit is None:
        # values defined inside a region are bound in the region's environment only
        for ops in view.block_ops.values():
            for op in _walk(ops):
                for i, r in enumerate(op._results):
                    if r is var:
                        return op, i
        return None, 0
    return hit


def _walk(ops):
    for op in ops:
        yield op
        for region in op.regions:
            yield from _walk(region)


def value_index(var):
    return defining_op(var)[1]
