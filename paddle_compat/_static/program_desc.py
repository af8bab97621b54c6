"""Program <-> Paddle's ProgramDesc (framework.proto), and Program.desc.

`to_message(program)` gives the ProgramDesc message (a dict, wire_format.py) Paddle writes for a
legacy Program: every block with its variables (VarDesc: name, VarType with the tensor's dtype
code and dims, persistable, is_parameter, stop_gradient, need_check_feed) and ops (OpDesc: slots
sorted by name, each attribute with its framework.proto AttrType), then Paddle 3.3.1's version
and op_version_map. An attribute's type is the one it was read with, else the one Paddle's op
registry declares (op_proto_tables.ATTR_TYPES), else the Python value's (bool BOOLEAN, int INT or
LONG beyond int32, float FLOAT, str STRING, lists of those, Block BLOCK): the first the value fits.
`from_message` builds a Program from such a message: Paddle's own files or ours. It only
reads: op types are looked up among paddle_compat's kernels, nothing in the file is executed.

`ProgramDesc` is `Program.desc`: serialize_to_string() gives those bytes (all blocks), which
`Program.parse_from_string` reads back; need_update / flush / cached_hash_str track changes.
Paddle's other desc methods (block/op/var descs, infer shape passes) raise NotImplementedError
naming them.
"""
import hashlib

import numpy as np
import torch

from .._dtype import DType, from_torch_dtype
from .framework_proto import ATTR_TYPE, ATTR_TYPE_NAMES, VAR_TYPE, VAR_TYPE_NAMES
from .ir import VARTYPE_CODES, Block, Parameter, Program, Variable
from .op_proto_tables import ATTR_TYPES, DUPLICABLE, EXTRA_ATTRS, OP_VERSIONS, PROGRAM_VERSION
from .wire_format import decode, encode

__all__ = ["ProgramDesc", "to_message", "from_message", "program_bytes", "program_from_bytes",
           "attr_message"]

_COMMON_TYPES = {"op_role": "INT", "op_role_var": "STRINGS", "op_namescope": "STRING",
                 "op_callstack": "STRINGS", "op_device": "STRING", "with_quant_attr": "BOOLEAN"}
_DTYPE_NAMES = {code: name for name, code in VARTYPE_CODES.items()}
# Duplicable slots (Paddle's OpProto) that paddle_compat's kernels take as one tensor.
_SINGLE_SLOTS = {"while": ("Condition",), "conditional_block": ("Cond",)}
_INT32 = (-(1 << 31), (1 << 31) - 1)


class ProtoAttrError(ValueError):
    """An attribute value with no framework.proto AttrType."""


def _plain_value(v):
    """An attribute value as a plain Python value (dtypes as their VarType code)."""
    if isinstance(v, DType):
        return VARTYPE_CODES[v.short]
    if isinstance(v, torch.dtype):
        return VARTYPE_CODES[from_torch_dtype(v).short]
    if isinstance(v, np.generic):
        return v.item()
    if isinstance(v, np.ndarray):
        return v.tolist()
    if isinstance(v, tuple):
        return list(v)
    return v


def _infer_type(value):
    if isinstance(value, bool):
        return "BOOLEAN"
    if isinstance(value, int):
        return "INT" if _INT32[0] <= value <= _INT32[1] else "LONG"
    if isinstance(value, float):
        return "FLOAT"
    if isinstance(value, str):
        return "STRING"
    if isinstance(value, Block):
        return "BLOCK"
    if isinstance(value, Variable):
        return "VAR"
    if isinstance(value, list):
        if not value:
            return "INTS"
        if all(isinstance(e, Block) for e in value):
            return "BLOCKS"
        if all(isinstance(e, Variable) for e in value):
            return "VARS"
        if all(isinstance(e, bool) for e in value):
            return "BOOLEANS"
        if all(isinstance(e, int) and not isinstance(e, bool) for e in value):
            return "INTS" if all(_INT32[0] <= e <= _INT32[1] for e in value) else "LONGS"
        if all(isinstance(e, (int, float)) and not isinstance(e, bool) for e in value):
            return "FLOATS"
        if all(isinstance(e, str) for e in value):
            return "STRINGS"
    return None


def _is_int(v):
    return isinstance(v, int)           # bools are ints, as Paddle's INT attributes take them


def _is_real(v):
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def _block_idx(v):
    return v.idx if isinstance(v, Block) else v


def _var_name(v):
    return v.name if isinstance(v, Variable) else v


# AttrType -> (its OpDesc.Attr field, is the field repeated, which values fit, to the field's value)
_FIELDS = {
    "INT": ("i", False, _is_int, int), "LONG": ("l", False, _is_int, int),
    "FLOAT": ("f", False, _is_real, float), "FLOAT64": ("float64", False, _is_real, float),
    "STRING": ("s", False, lambda v: isinstance(v, str), str),
    "BOOLEAN": ("b", False, lambda v: isinstance(v, bool), bool),
    "BLOCK": ("block_idx", False, lambda v: isinstance(v, Block), _block_idx),
    "VAR": ("var_name", False, lambda v: isinstance(v, Variable), _var_name),
    "INTS": ("ints", True, _is_int, int), "LONGS": ("longs", True, _is_int, int),
    "FLOATS": ("floats", True, _is_real, float), "FLOAT64S": ("float64s", True, _is_real, float),
    "STRINGS": ("strings", True, lambda v: isinstance(v, str), str),
    "BOOLEANS": ("bools", True, lambda v: isinstance(v, bool), bool),
    "BLOCKS": ("blocks_idx", True, lambda v: isinstance(v, Block), _block_idx),
    "VARS": ("vars_name", True, lambda v: isinstance(v, Variable), _var_name),
}


def _encode_as(kind, value):
    """{field: value} of an OpDesc.Attr holding `value` as AttrType `kind`; None if it does not
    fit (an int32 INT out of range, a scalar for a list type, ...)."""
    spec = _FIELDS.get(kind)
    if spec is None:
        return None
    field, repeated, fits, conv = spec
    if repeated:
        if not isinstance(value, list) or not all(fits(e) for e in value):
            return None
        items = [conv(e) for e in value]
        if kind in ("INTS", "BLOCKS") and any(not _INT32[0] <= e <= _INT32[1] for e in items):
            return None
        return {field: items} if items else {}
    if isinstance(value, list) or not fits(value):
        return None
    out = conv(value)
    if kind in ("INT", "BLOCK") and not _INT32[0] <= out <= _INT32[1]:
        return None
    return {field: out}


def attr_message(op_type, name, value, known=None):
    """The OpDesc.Attr message for attribute `name` = `value` of an `op_type` op: typed as it was
    read, else as Paddle's op registry declares it, else as the Python value is (the first of
    these the value fits)."""
    value = _plain_value(value)
    if isinstance(value, list):
        value = [_plain_value(e) for e in value]
    for kind in ((known or {}).get(name), ATTR_TYPES.get(op_type, {}).get(name),
                 _COMMON_TYPES.get(name), _infer_type(value)):
        fields = _encode_as(kind, value) if kind else None
        if fields is not None:
            return dict({"name": name, "type": ATTR_TYPE[kind]}, **fields)
    raise ProtoAttrError(f"attribute {name!r} of op {op_type!r} is a {type(value).__name__} "
                         f"({value!r:.60}), which no framework.proto AttrType holds")


def _tensor_desc(v, shape=None):
    desc = {"data_type": VARTYPE_CODES[v.dtype.short]}
    shape = v._shape if shape is None else shape
    if shape:
        desc["dims"] = [int(d) for d in shape]
    return desc


def _var_message(v, inference):
    kind = v.type
    vtype = {"type": VAR_TYPE.get(kind, VAR_TYPE["RAW"])}
    if kind == "DENSE_TENSOR":
        dense = {"tensor": _tensor_desc(v)}
        if not isinstance(v, Parameter):
            dense["legacy_lod_level"] = int(v.lod_level or 0)
        vtype["dense_tensor"] = dense
    elif kind == "DENSE_TENSOR_ARRAY":
        # an array's TensorDesc holds its elements' shape (array.py's _elem_shape)
        vtype["tensor_array"] = {"tensor": _tensor_desc(v, v.__dict__.get("_elem_shape")),
                                 "legacy_lod_level": int(v.lod_level or 0)}
    elif kind == "SELECTED_ROWS":
        vtype["selected_rows"] = _tensor_desc(v)
    msg = {"name": v.name, "type": vtype, "persistable": bool(v.persistable)}
    if v.need_check_feed:
        msg["need_check_feed"] = True
    if not inference:
        # save_inference_model drops the training information (Paddle's _remove_training_info)
        if isinstance(v, Parameter):
            msg["is_parameter"] = True
        msg["stop_gradient"] = bool(v.stop_gradient)
    return msg


def _op_message(op, strict):
    known = (op.proto or {}).get("types")
    slots = lambda d: [dict({"parameter": k}, **({"arguments": list(d[k])} if d[k] else {}))
                       for k in sorted(d)]
    attrs = []
    for name in sorted(op.attrs):
        if op.attrs[name] is None:
            # no AttrType holds None: left out, the kernel reads its default (None) again
            continue
        try:
            attrs.append(attr_message(op.type, name, op.attrs[name], known))
        except ProtoAttrError:
            if strict:
                raise
    hidden = (op.proto or {}).get("hidden", [])
    # Paddle writes an op's runtime ("extra") attributes first, then the others, each sorted.
    extra = set(EXTRA_ATTRS.get(op.type, ()))
    first = [a for a in hidden if a["name"] in extra]
    rest = sorted(attrs + [a for a in hidden if a["name"] not in extra], key=lambda a: a["name"])
    msg = {"inputs": slots(op.inputs), "outputs": slots(op.outputs), "type": op.type}
    if first or rest:
        msg["attrs"] = first + rest
    return msg


def to_message(program, inference=False, strict=True):
    """The ProgramDesc message (a dict) of `program` (module docstring); `inference`: without
    training information, as save_inference_model writes it; `strict`: an attribute with no
    framework.proto type raises ValueError (else it is left out)."""
    blocks = []
    for block in program.blocks:
        b = {"idx": block.idx, "parent_idx": block.parent_idx,
             "vars": [_var_message(v, inference) for v in block.vars.values()],
             "ops": [_op_message(op, strict) for op in block.ops]}
        if block.forward_block_idx != -1:
            b["forward_block_idx"] = block.forward_block_idx
        blocks.append(b)
    return {"blocks": blocks, "version": {"version": PROGRAM_VERSION},
            "op_version_map": {"pair": [{"op_name": n, "op_version": {"version": v}}
                                        for n, v in OP_VERSIONS]}}


def program_bytes(program, inference=False, strict=True):
    """`program` as Paddle's ProgramDesc bytes."""
    return encode("ProgramDesc", to_message(program, inference, strict))


def _attr_value(a, blocks):
    kind = ATTR_TYPE_NAMES.get(a["type"])
    if kind == "INT":
        return a.get("i", 0)
    if kind == "LONG":
        return a.get("l", 0)
    if kind == "FLOAT":
        return float(np.float32(a.get("f", 0.0)))
    if kind == "FLOAT64":
        return a.get("float64", 0.0)
    if kind == "STRING":
        return a.get("s", "")
    if kind == "BOOLEAN":
        return a.get("b", False)
    if kind == "BLOCK":
        return _block_at(blocks, a.get("block_idx", 0))
    if kind == "BLOCKS":
        return [_block_at(blocks, i) for i in a.get("blocks_idx", [])]
    if kind == "FLOATS":
        return [float(np.float32(f)) for f in a.get("floats", [])]
    field = {"INTS": "ints", "LONGS": "longs", "FLOAT64S": "float64s", "STRINGS": "strings",
             "BOOLEANS": "bools", "VAR": "var_name", "VARS": "vars_name"}.get(kind)
    if field is None:
        raise ValueError(f"attribute {a['name']!r} has AttrType {kind or a['type']}, which "
                         "paddle_compat does not read")
    return a.get(field, [] if kind != "VAR" else "")


def _block_at(blocks, idx):
    if not 0 <= idx < len(blocks):
        raise ValueError(f"a block attribute names block {idx}, but the program has "
                         f"{len(blocks)} blocks")
    return blocks[idx]


def _shape_dtype(tensor):
    code = tensor["data_type"]
    name = _DTYPE_NAMES.get(code)
    if name is None:
        raise ValueError(f"tensor data type {VAR_TYPE_NAMES.get(code, code)} is not supported")
    return list(tensor.get("dims", [])), name


def _add_var(block, d):
    vtype = d["type"]
    kind = VAR_TYPE_NAMES.get(vtype["type"])
    if kind is None or kind in _DTYPE_NAMES.values():
        raise ValueError(f"variable {d['name']!r} has variable type {vtype['type']}")
    shape, dtype, lod, elem = [], None, 0, None
    for field in ("dense_tensor", "tensor_array"):
        if field in vtype:
            shape, dtype = _shape_dtype(vtype[field]["tensor"])
            lod = vtype[field].get("legacy_lod_level", 0)
    if "tensor_array" in vtype:
        shape, elem = [], tuple(shape)
    if "selected_rows" in vtype:
        shape, dtype = _shape_dtype(vtype["selected_rows"])
    if d.get("is_parameter"):
        # Paddle's deserialized Parameter is trainable (stop_gradient False), whatever it was
        block.create_parameter(d["name"], shape, dtype, trainable=True)
        return
    var = block.create_var(name=d["name"], shape=shape, dtype=dtype,
                           persistable=d.get("persistable", False),
                           stop_gradient=d.get("stop_gradient", False), type=kind, lod_level=lod,
                           need_check_feed=d.get("need_check_feed", False),
                           is_data=d.get("need_check_feed", False))
    if elem is not None:
        var._elem_shape = elem


def _fits(opdef, op, kwargs):
    return (set(k for k, v in op.inputs.items() if v) <= set(opdef.inputs)
            and set(k for k, v in op.outputs.items() if v) <= set(opdef.outputs)
            and set(kwargs) <= set(opdef.attrs))


def _kernel_for(op):
    """The OpDef to run `op` with: the static graph's own legacy kernel (static.nn's conv2d /
    batch_norm / layer_norm..., which take Paddle's legacy attributes, e.g. conv2d's 2-element
    paddings) when it takes the op's slots and attributes, else the registry's."""
    from .control_flow import opdef_for
    from .legacy_attrs import kernel_kwargs
    from .local_ops import LOCAL_OPS, lookup
    if op.type in ("feed", "fetch"):
        return None
    from .array import ARRAY_OPS
    bound = opdef_for(op) or ARRAY_OPS.get(op.type)
    if bound is not None:
        return bound
    kwargs = kernel_kwargs(op)
    candidates = [LOCAL_OPS[op.type]] if op.type in LOCAL_OPS else []
    try:
        candidates.append(lookup(op.type))
    except NotImplementedError:
        pass
    for opdef in candidates:
        if _fits(opdef, op, kwargs):
            return opdef
    if candidates:
        return candidates[0]
    return lookup(op.type)


def from_message(msg):
    """A Program built from a ProgramDesc message (Paddle's or paddle_compat's); ValueError
    names what in it paddle_compat cannot represent."""
    program = Program()
    blocks = msg.get("blocks", [])
    if not blocks:
        program.blocks = []         # Paddle's program of empty bytes has no block at all
        return program
    for i, b in enumerate(blocks):
        if b["idx"] != i or (i and not 0 <= b["parent_idx"] < len(blocks)):
            raise ValueError(f"block {i} has idx {b['idx']} and parent_idx {b['parent_idx']}")
        block = program.global_block() if i == 0 else Block(program, i, b["parent_idx"])
        if i:
            program.blocks.append(block)
        block.forward_block_idx = b.get("forward_block_idx", -1)
    for b, block in zip(blocks, program.blocks):
        # Paddle's Block lists a program's variables by name.
        for d in sorted(b.get("vars", []), key=lambda d: d["name"]):
            _add_var(block, d)
    from .ir import Operator
    for b, block in zip(blocks, program.blocks):
        for o in b.get("ops", []):
            kind = o["type"]
            extra = set(EXTRA_ATTRS.get(kind, ()))
            attrs, hidden, types = {}, [], {}
            for a in o.get("attrs", []):
                types[a["name"]] = ATTR_TYPE_NAMES.get(a["type"])
                if a["name"] in extra or a["name"] == "op_callstack":
                    hidden.append(a)
                else:
                    attrs[a["name"]] = _attr_value(a, program.blocks)
            inputs = {s["parameter"]: list(s.get("arguments", [])) for s in o.get("inputs", [])}
            outputs = {s["parameter"]: list(s.get("arguments", []))
                       for s in o.get("outputs", [])}
            op = Operator(block, kind, inputs, outputs, attrs, None)
            dup = set(DUPLICABLE.get(kind, ())) - set(_SINGLE_SLOTS.get(kind, ()))
            op.list_slots = tuple(s for s in list(inputs) + list(outputs) if s in dup)
            op.proto = {"types": types, "hidden": hidden}
            if kind == "write_to_array":
                # the array it updates in place is also what its kernel reads (array.py keeps it
                # in the op's unprinted extra_inputs)
                op.extra_inputs = {"Array": list(outputs.get("Out", []))}
            op.opdef = _kernel_for(op)
            block.ops.append(op)
    program.current_block_idx = 0
    program._bump()
    return program


def program_from_bytes(data):
    """The Program in ProgramDesc bytes (WireError / ValueError when they are not one)."""
    return from_message(decode("ProgramDesc", data))


class ProgramDesc:
    """The `desc` of a paddle_compat Program (module docstring)."""

    def __init__(self, program):
        self._program = program
        self._flushed = None

    def serialize_to_string(self):
        """The program as Paddle's ProgramDesc bytes (every block), readable by
        Program.parse_from_string, paddle.static.deserialize_program and real Paddle."""
        return program_bytes(self._program, strict=False)

    def need_update(self):
        return self._flushed != self._program._version

    def flush(self):
        self._flushed = self._program._version

    def cached_hash_str(self):
        self.flush()
        return hashlib.sha256(self.serialize_to_string()).hexdigest()

    def num_blocks(self):
        return len(self._program.blocks)

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        raise NotImplementedError(
            f"Program.desc.{name}() exposes Paddle's C++ ProgramDesc, which paddle_compat does "
            "not have; use the Program / Block / Operator / Variable Python API instead")
