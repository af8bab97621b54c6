"""Paddle 3.3.1's PIR text for the PIR view of a Program (pir_ops.py).

    {
        (%0) = "pd_op.data" () {dtype:float32,name:"x",...,stop_gradient:[true]} : () -> tensor<-1x3xf32>
        (%1) = "pd_op.relu" (%0) {stop_gradient:[true]} : (tensor<-1x3xf32>) -> tensor<-1x3xf32>
    }

Values are numbered in print order (SSA), attributes print sorted by name, floats as C++'s
`operator<<` prints them (six significant digits), and the sub-blocks of `pd_op.if` /
`pd_op.pylayer` print as regions. `print(value)` is `Value(define_op_name=..., index=...,
dtype=tensor<...>, stop_gradient=...)`.
"""
from .pir_names import OPS, TYPE_SUFFIX
from .pir_ops import OpResult, Raw, StackValue, defining_op, program_ops

__all__ = ["program_text", "value_repr", "op_text", "type_text"]


def _attr(v):
    if isinstance(v, Raw):
        return str(v)
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        return f"{v:g}"
    if isinstance(v, str):
        return '"' + v + '"'
    if isinstance(v, (list, tuple)):
        return "[" + ",".join(_attr(x) for x in v) + "]"
    if v is None:
        return "Undefined"
    return str(v)


def _dtype_of(v):
    dt = getattr(v, "_dtype", None)
    if isinstance(v, OpResult):
        return dt
    return v.dtype.short


def type_text(v):
    if v is None:
        return "<<NULL TYPE>>"
    if isinstance(v, StackValue):
        return "cf." + v.kind
    if isinstance(v, OpResult) and v.vec is not None:
        return "vec[" + ",".join(type_text(x) for x in v.vec) + "]"
    shape = list(v.shape)
    suffix = TYPE_SUFFIX.get(_dtype_of(v), _dtype_of(v))
    if getattr(v, "is_array", False) or getattr(v, "type", None) == "DENSE_TENSOR_ARRAY":
        return "pd_op.tensor_array<" + suffix + ">"
    return "tensor<" + "".join(f"{d}x" for d in shape) + suffix + ">"


def value_repr(v):
    """str(value) in PIR mode."""
    if isinstance(v, OpResult):
        op, idx = v.op, v.idx
    else:
        op, idx = defining_op(v)
    name = op.name() if op is not None else "builtin.parameter"
    stop = v.stop_gradient
    legacy = getattr(op, "legacy", None)
    spec = OPS.get(legacy.type) if legacy is not None else None
    if callable(spec):
        spec = spec(legacy.attrs)
    if spec is not None and spec.get("sg") == "inputs":
        stop = op._attrs["stop_gradient"][idx]      # PIR's flag, not the legacy variable's
    sg = "True" if stop else "False"
    shown = v
    if op is not None and not isinstance(v, OpResult) and idx < len(op._results) and \
            isinstance(op._results[idx], OpResult):
        shown = op._results[idx]        # the type PIR gives the value (array_read: -1 dims)
    return (f"Value(define_op_name={name}, index={idx}, dtype={type_text(shown)}, "
            f"stop_gradient={sg})")


class _Numbering:
    def __init__(self):
        self.ids = {}
        self.count = 0
        self.args = 0
        self.stacks = {}

    def arg(self, a):
        if id(a) not in self.ids:
            self.ids[id(a)] = f"%arg_{self.args}"
            self.args += 1
        return self.ids[id(a)]

    def fresh(self):
        self.count += 1
        return f"%{self.count - 1}"

    def name(self, v):
        if v is None:
            return "<<NULL VALUE>>"
        key = id(v)
        if key not in self.ids:
            if isinstance(v, StackValue):       # %stack_0, %inlet_0, %outlet_0: one count each
                k = self.stacks.get(v.kind, 0)
                self.stacks[v.kind] = k + 1
                self.ids[key] = f"%{v.kind}_{k}"
            else:
                self.ids[key] = self.fresh()
        return self.ids[key]


def _line(op, num, indent):
    pad = " " * indent
    results = ", ".join(num.name(r) if r is not None else num.fresh()
                        for r in op._results)
    attrs = "{" + ",".join(f"{k}:{_attr(op._attrs[k])}" for k in sorted(op._attrs)) + "}"
    operands = ", ".join(num.name(v) for v in op._operands)
    head = f'{pad}({results}) = "{op.name()}" ({operands}) {attrs}'
    out_types = ", ".join(type_text(r) for r in op._results)
    if op.name() == "pd_op.while":
        cond, inputs = op._operands[0], op._operands[1:]
        lines = [f'{pad}({results}) = "{op.name()}" (cond={num.name(cond)}, inputs='
                 + ", ".join(num.name(v) for v in inputs) + ") { ",
                 pad + "^" + ", ".join(
                     f"{num.arg(a)} {{stop_gradient:{_attr(bool(a.stop_gradient))}}}"
                     for a in op.region_args)]
        lines.extend(_line(o, num, indent + 4) for o in op.regions[0])
        lines.append(f"{pad}}}")
        return "\n".join(lines)
    if op.regions:
        lines = [f"{head} -> {out_types} {{"]
        for i, region in enumerate(op.regions):
            if i:
                lines.append(f"{pad}}} else {{")
            lines.extend(_line(o, num, indent + 4) for o in region)
        lines.append(f"{pad}}}")
        return "\n".join(lines)
    in_types = ", ".join(type_text(v) for v in op._operands)
    return f"{head} : ({in_types}) -> {out_types}"


def op_text(op):
    """str(operation): `Operation(<its line, numbered on its own>)`."""
    return f"Operation({_line(op, _Numbering(), 0)})"


def program_text(program, block=None):
    num = _Numbering()
    lines = [_line(op, num, 4) for op in program_ops(block or program.global_block())]
    return "{\n" + "".join(line + "\n" for line in lines) + "}\n"

