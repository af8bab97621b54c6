"""The static-graph IR as plain data (DESIGN decision 3): Program -> Blocks -> Variables + Operators.

Mirrors Paddle's legacy IR (`paddle.base.framework`): ops reference variables by name, sub-blocks are
block indices in attributes, gradients live in `x@GRAD` variables, and `print(program)` gives Paddle's
legacy readable text. Executing a Program is the Executor's job (executor.py); building one is the
builder's (builder.py). Nothing here runs a kernel.
"""
import itertools
import sys
import traceback

import numpy as np
import torch

from .._dtype import from_torch_dtype, DType, to_dtype
from .._nn.parameter import TrainableFlag
from .._tensor import Size, Tensor
from .._mode import STATE
from .._ops.math import cast
from .. import _unique_name
from . import scalar_errors as _scalar_errors
from .._unique_name import UniqueNameGenerator

__all__ = ["Variable", "Parameter", "Operator", "Block", "Program", "OpRole", "STANDARD_ATTRS",
           "VARTYPE_CODES"]


class OpRole:
    """Paddle's op_role attribute values (`core.op_proto_and_checker_maker.OpRole`)."""
    Forward, Backward, Optimize, LRSched, Loss = 0, 1, 2, 16, 256


# Attributes every legacy op carries; they are printed but never passed to a kernel.
STANDARD_ATTRS = ("op_device", "op_namescope", "op_role", "op_role_var", "with_quant_attr")

# Paddle's legacy VarType codes, as `dtype = 5` prints in fill_constant / uniform_random attributes.
VARTYPE_CODES = {"bool": 0, "int16": 1, "int32": 2, "int64": 3, "float16": 4, "float32": 5,
                 "float64": 6, "uint8": 20, "int8": 21, "bfloat16": 22, "complex64": 23,
                 "complex128": 24}


_var_seq = itertools.count()


class _LegacyOnly:
    """A Program/Block method Paddle's PIR Program/Block does not have: in PIR mode a script gets
    Paddle's AttributeError (paddle_compat's own passes still call it)."""

    def __init__(self, func, owner):
        self.func = func
        self.owner = owner
        self.__doc__ = func.__doc__

    def __set_name__(self, cls, name):
        self.name = name

    def __get__(self, obj, cls=None):
        if obj is not None and STATE.pir and _from_user():
            raise AttributeError(f"'paddle.base.libpaddle.pir.{self.owner}' object has no "
                                 f"attribute '{self.name}'")
        return self.func.__get__(obj, cls)


def _from_user():
    """True when the caller of the caller is not paddle_compat itself: its passes read the
    recorded IR (legacy names, legacy op lists) whichever face a script sees."""
    name = sys._getframe(2).f_globals.get("__name__", "")
    return not (name == "paddle_compat" or name.startswith("paddle_compat."))


def _missing_attribute(obj, pir_class, name):
    """The AttributeError for a missing attribute: in PIR mode it names Paddle's pir class."""
    cls = f"paddle.base.libpaddle.pir.{pir_class}" if STATE.pir else type(obj).__name__
    return AttributeError(f"'{cls}' object has no attribute '{name}'")


def _user_stack():
    """The Python frames where the user built an op (paddle_compat's own frames left out)."""
    frames = traceback.extract_stack()[:-1]
    return [f for f in frames if "/paddle_compat/" not in f.filename.replace("\\", "/")]


class Variable(Tensor):
    """paddle.static.Variable: a named, typed slot of a Block. Holds no data.

    It subclasses Tensor so Paddle's method table (`x + y`, `x.sum()`, `x[0]`), which other parts
    attach to Tensor, records ops on Variables through the very same public functions.
    Differences from Paddle: `dtype` is a `paddle.float32`-style dtype (str `paddle.float32`, as
    Paddle's `VarType.FP32` prints) rather than a `VarType` enum member.
    """

    __slots__ = ("__dict__",)

    def __init__(self, block, name, shape=None, dtype=None, persistable=False, stop_gradient=True,
                 lod_level=0, type="DENSE_TENSOR", is_data=False, need_check_feed=False, **kwargs):
        self._t = None
        self._info = None
        self.block = block
        self._name = name
        self._shape = tuple(-1 if d is None else int(d) for d in (shape or ()))
        self._dtype = to_dtype(dtype if dtype is not None else "float32")
        self._persistable = bool(persistable)
        self._stop_gradient = bool(stop_gradient)
        self.lod_level = lod_level
        self.type = type
        self.is_data = is_data
        self.need_check_feed = need_check_feed
        self.error_clip = kwargs.get("error_clip")
        # Where the PIR view places this variable's data/parameter op: after how many of the
        # block's ops it was created, and in which order (pir_ops.py).
        self._pir_seq = (len(block.ops), next(_var_seq))

    # Paddle-facing metadata (properties shadow Tensor's data-backed ones).
    @property
    def name(self):
        if STATE.pir and self.__dict__.get("_pir_name") and _from_user():
            return self._pir_name           # a data value shadowed by a later one of its name
        if STATE.pir and not (self.is_data or self._persistable) and _from_user():
            # PIR names only data, parameter and persistable values (Paddle's name_analysis).
            raise ValueError("(InvalidArgument) Currently, we can only get name of Value from "
                             "DataOp/ParameterOp/BlockArgument/ConstantTensorOp/SetParameterOp "
                             "and ShadowOutputOp.")
        return self._name

    @name.setter
    def name(self, value):
        self.block._rename_var(self._name, value)

    @property
    def shape(self):
        if STATE.pir and _from_user():
            return Size(self._shape)        # a PIR Value's shape is a paddle.Size
        return self._shape

    @property
    def ndim(self):
        return len(self._shape)

    def dim(self):
        return len(self._shape)

    @property
    def dtype(self):
        return self._dtype

    @property
    def stop_gradient(self):
        return self._stop_gradient

    @stop_gradient.setter
    def stop_gradient(self, value):
        self._stop_gradient = bool(value)
        self.block.program._bump()

    @property
    def persistable(self):
        return self._persistable

    @persistable.setter
    def persistable(self, value):
        self._persistable = bool(value)
        self.block.program._bump()

    @property
    def grad_name(self):
        return self._name + "@GRAD"

    @property
    def desc(self):
        return self

    def set_stop_gradient(self, value):
        """VarDesc.set_stop_gradient (through `var.desc`)."""
        self.stop_gradient = value

    def _set_attr(self, name, value):
        """VarDesc._set_attr (through `var.desc`): a variable attribute, kept in the program's
        description."""
        self.__dict__.setdefault("_var_attrs", {})[name] = value
        self.block.program._bump()

    def need_check_feed_(self):
        return self.need_check_feed

    @property
    def place(self):
        return None

    @property
    def is_leaf(self):
        return True

    @property
    def grad(self):
        return None

    def __bool__(self):
        # A legacy graph variable is always true (Python's default, as Paddle's Variable); a PIR
        # Value has no value to test and raises Paddle's TypeError.
        if STATE.pir:
            raise TypeError(_scalar_errors.PIR["bool"])
        return True

    def __float__(self):
        raise TypeError((_scalar_errors.PIR if STATE.pir else _scalar_errors.LEGACY)["float"])

    def __int__(self):
        raise TypeError((_scalar_errors.PIR if STATE.pir else _scalar_errors.LEGACY)["int"])

    def __index__(self):
        # Not an index: Paddle's graph variables define no __index__, so Python raises a TypeError
        # (its text depends on the caller: "list indices must be integers or slices, not ...").
        raise TypeError(f"'{'paddle.base.libpaddle.pir.Value' if STATE.pir else 'Variable'}' "
                        "object cannot be interpreted as an integer")

    def __len__(self):
        # Paddle's graph variables define no __len__: Python's own TypeError, Value's or
        # Variable's type name in it
        raise TypeError("object of type "
                        f"'{'paddle.base.libpaddle.pir.Value' if STATE.pir else 'Variable'}' "
                        "has no len()")

    def __iter__(self):
        raise TypeError(f"'Variable' {self._name} is not iterable in static mode; index it instead")

    def numpy(self):
        raise RuntimeError(f"Variable {self._name} holds no data in static mode; fetch it with "
                           "paddle.static.Executor.run(fetch_list=[...]) instead")

    def item(self, *args):
        self.numpy()

    def backward(self, *args, **kwargs):
        raise RuntimeError("Variable.backward() is not available in static mode; use "
                           "paddle.static.append_backward(loss) or optimizer.minimize(loss)")

    def detach(self):
        from .builder import record_assign
        out = record_assign(self)
        out.stop_gradient = True
        return out

    def clone(self):
        from .builder import record_assign
        return record_assign(self)

    def __hash__(self):
        return object.__hash__(self)

    def __deepcopy__(self, memo):
        return self

    def __reduce_ex__(self, protocol):
        raise TypeError(f"Variable {self._name} cannot be pickled; save the Program's parameters "
                        "with paddle.static.save instead")

    def _kind_prefix(self):
        return "var "

    def _to_readable_code(self):
        if self.type in ("DENSE_TENSOR", "SELECTED_ROWS"):
            text = (f"{self._name} : {self.type}.shape{self._shape}.dtype({self._dtype.short})"
                    f".stop_gradient({self._stop_gradient})")
        else:
            # Paddle prints only the type for other kinds (its format string's stray ')' too).
            text = f"{self._name} : {'raw' if self.type == 'RAW' else self.type})"

        prefix = self._kind_prefix()
        if self._persistable:
            prefix = "persist " + prefix
        return prefix + text

    def to_string(self, throw_on_error=True, with_details=False):
        return self._to_readable_code()

    def __str__(self):
        if STATE.pir:
            from .pir_printer import value_repr
            return value_repr(self)
        return self._to_readable_code()

    __repr__ = __str__

    # The PIR Value API (Paddle's face when FLAGS_enable_pir_api is on).
    def get_defining_op(self):
        """Value.get_defining_op(): the PIR operation that defines this value."""
        from .pir_ops import defining_op
        return defining_op(self)[0]

    def index(self):
        """Value.index(): which result of its defining operation this value is."""
        from .pir_ops import defining_op
        return defining_op(self)[1]

    def is_dense_tensor_type(self):
        return self.type == "DENSE_TENSOR"

    def __getattr__(self, name):
        raise _missing_attribute(self, "Value", name)

    def is_dense_tensor_array_type(self):
        return self.type == "DENSE_TENSOR_ARRAY"

    def is_selected_row_type(self):
        return self.type == "SELECTED_ROWS"


class Parameter(TrainableFlag, Variable):
    """paddle.static.Parameter: a persistable, trainable Variable initialised by the startup program."""

    __slots__ = ()

    def __init__(self, block, name, shape, dtype, trainable=True, **kwargs):
        optimize_attr = kwargs.pop("optimize_attr", None) or {"learning_rate": 1.0}
        regularizer = kwargs.pop("regularizer", None)
        need_clip = kwargs.pop("need_clip", True)
        kwargs.pop("persistable", None)
        kwargs.pop("stop_gradient", None)
        super().__init__(block, name, shape, dtype, persistable=True, stop_gradient=not trainable,
                         **kwargs)
        self.trainable_flag = bool(trainable)
        self.optimize_attr = optimize_attr
        self.regularizer = regularizer
        self.need_clip = need_clip
        self.do_model_average = kwargs.get("do_model_average")
        self.is_distributed = False
        self.initializer = None

    is_parameter = True

    def _kind_prefix(self):
        return "trainable param " if self.trainable_flag else "param "


Variable.is_parameter = False


def _variable_astype(self, dtype):
    """Variable.astype(dtype): Paddle's legacy version records `cast` into a `tmp_<n>` output
    whose stop_gradient is the input's; a dtype object equal to the Variable's returns it."""
    if not STATE.static:
        return cast(self, dtype)
    if not isinstance(dtype, str) and to_dtype(dtype) is self.dtype:
        return self
    from .builder import tmp_outputs
    with tmp_outputs():
        out = cast(self, dtype)
    out.stop_gradient = self.stop_gradient
    return out


Variable.astype = _variable_astype


def _format_attr(value):
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, float):
        # Paddle stores float attributes as float32 and prints the double they widen to.
        return repr(float(np.float32(value)))
    if isinstance(value, Block):
        return f"block[{value.idx}]"
    if isinstance(value, (list, tuple)):
        if value and all(isinstance(v, Block) for v in value):
            return "blocks[" + ", ".join(str(b.idx) for b in value) + "]"
        return "[" + ", ".join(repr(v) if isinstance(v, str) else _format_attr(v)
                               for v in value) + "]"
    if isinstance(value, DType):
        return str(VARTYPE_CODES[value.short])
    if isinstance(value, torch.dtype):     # kernels may keep torch dtypes as attributes
        return str(VARTYPE_CODES[from_torch_dtype(value).short])
    return str(value)


class Operator:
    """One recorded op: `type`, `inputs`/`outputs` as {slot: [variable names]}, `attrs`.

    `opdef` is the registry record whose kernel the Executor runs; `callstack` is where the user
    built it (shown when it fails at run time); `grad_group` ties the grad ops of one
    `gradients()` / `append_backward()` call together (they execute as one torch autograd call).
    """

    __slots__ = ("block", "type", "inputs", "outputs", "attrs", "opdef", "callstack", "grad_group",
                 "list_slots", "extra_inputs", "struct_name", "proto")

    def __init__(self, block, type, inputs, outputs, attrs, opdef=None, callstack=None):
        self.block = block
        self.type = type
        self.inputs = {k: list(v) for k, v in inputs.items()}
        self.outputs = {k: list(v) for k, v in outputs.items()}
        self.attrs = dict(attrs)
        self.opdef = opdef
        self.callstack = callstack if callstack is not None else _user_stack()
        self.grad_group = None
        self.list_slots = ()        # duplicable slots recorded from a Python list
        # Values a kernel reads that Paddle's op does not list (write_to_array's array, which
        # Paddle updates in place through its Out slot): {slot: [names]}, never printed.
        self.extra_inputs = None
        self.struct_name = None     # the Layer-call path PIR shows (name_struct.py)
        # For an op read from a ProgramDesc file: its attributes' framework.proto types and the
        # attributes Paddle keeps out of `attrs` (extra ones, op_callstack), written back as read
        # (program_desc.py).
        self.proto = None

    @property
    def input_names(self):
        return sorted(self.inputs)        # Paddle's OpDesc keeps its slots in a sorted map

    @property
    def output_names(self):
        return sorted(self.outputs)

    @property
    def input_arg_names(self):
        return [n for slot in sorted(self.inputs) for n in self.inputs[slot]]

    @property
    def output_arg_names(self):
        return [n for slot in sorted(self.outputs) for n in self.outputs[slot]]

    @property
    def attr_names(self):
        return sorted(self.attrs)

    def input(self, name):
        return list(self.inputs.get(name, []))

    def output(self, name):
        return list(self.outputs.get(name, []))

    def attr(self, name):
        return self.attrs.get(name)

    def has_attr(self, name):
        return name in self.attrs

    def _set_attr(self, name, value):
        self.attrs[name] = value
        self.block.program._bump()

    def _is_optimize_op(self):
        """True for an optimizer update op (op_role has the Optimize bit), as Paddle's."""
        return bool(int(self.attrs.get("op_role", 0)) & OpRole.Optimize)

    def _is_backward_op(self):
        """True for a backward op (op_role has the Backward bit), as Paddle's."""
        return bool(int(self.attrs.get("op_role", 0)) & OpRole.Backward)

    @property
    def idx(self):
        return self.block.ops.index(self)

    def _to_readable_code(self):
        def slots(d):
            return ", ".join(f"{k}={v!r}" for k, v in sorted(d.items()))
        attrs = ", ".join(f"{k} = {_format_attr(self.attrs[k])}" for k in sorted(self.attrs)
                          if k != "op_callstack")
        body = f"{self.type}(inputs={{{slots(self.inputs)}}}"
        body += f", {attrs})" if attrs else ")"
        if self.outputs:
            return f"{{{slots(self.outputs)}}} = " + body
        return body

    def __str__(self):
        return self._to_readable_code()

    __repr__ = __str__


class Block:
    """One block of a Program: an ordered dict of Variables and a list of Operators."""

    def __getattr__(self, name):
        raise _missing_attribute(self, "Block", name)

    def __init__(self, program, idx, parent_idx=-1):
        self.program = program
        self.idx = idx
        self.parent_idx = parent_idx
        self.forward_block_idx = -1
        self.backward_block_idx = -1
        self.vars = {}
        self._ops = []

    @property
    def ops(self):
        """The block's ops: the recorded Operators; in PIR mode a script sees PIR Operations
        (pir_ops.py) while paddle_compat's own passes keep the recorded list."""
        if STATE.pir and _from_user():
            from .pir_ops import program_ops
            return program_ops(self)
        return self._ops

    @ops.setter
    def ops(self, value):
        self._ops = value

    @property
    def parent_block(self):
        return None if self.parent_idx < 0 else self.program.blocks[self.parent_idx]

    def create_var(self, name=None, shape=None, dtype=None, persistable=False, stop_gradient=False,
                   type="DENSE_TENSOR", lod_level=0, **kwargs):
        """Block.create_var: a new Variable (an existing name returns the existing one, as Paddle)."""
        if name is None:
            name = _unique_name.generate("_generated_var")
        if name in self.vars:
            return self.vars[name]
        var = Variable(self, name, shape, dtype, persistable=persistable,
                       stop_gradient=stop_gradient, type=type, lod_level=lod_level, **kwargs)
        self.vars[name] = var
        self.program._bump()
        return var

    def create_parameter(self, name, shape, dtype, trainable=True, **kwargs):
        kwargs.pop("initializer", None)
        param = Parameter(self.program.global_block(), name, shape, dtype, trainable=trainable,
                          **kwargs)
        self.program.global_block().vars[name] = param
        self.program._bump()
        return param

    def var(self, name):
        """Block.var(name): the Variable, or Paddle's ValueError when it is not in this block."""
        if not isinstance(name, str):
            raise TypeError(f"var require string as parameter, but get {type(name)} instead.")
        v = self.vars.get(name)
        if v is None:
            raise ValueError(f"var {name} not in this block")
        return v

    def has_var(self, name):
        return name in self.vars

    def _find_var_recursive(self, name):
        block = self
        while block is not None:
            if name in block.vars:
                return block.vars[name]
            block = block.parent_block
        return None

    def _var_recursive(self, name):
        v = self._find_var_recursive(name)
        if v is None:
            raise ValueError(f"Var {name} is not found recursively")
        return v

    def _rename_var(self, old, new):
        var = self.vars.pop(old)
        var._name = new
        self.vars[new] = var
        for op in self.ops:
            for d in (op.inputs, op.outputs):
                for slot, names in d.items():
                    d[slot] = [new if n == old else n for n in names]
        self.program._bump()

    def _remove_var(self, name):
        self.vars.pop(name, None)
        self.program._bump()

    def all_parameters(self):
        params = [v for v in self.vars.values() if isinstance(v, Parameter)]
        if STATE.pir and _from_user():
            # PIR lists them as its builtin.parameter ops stand (each new one goes on top).
            params.sort(key=lambda p: p._pir_seq[1], reverse=True)
        return params

    def iter_parameters(self):
        return iter(self.all_parameters())

    def append_op(self, type, inputs=None, outputs=None, attrs=None, opdef=None):
        """Append an Operator; `inputs`/`outputs` map slot -> Variable(s) or name(s)."""
        op = Operator(self, type, _names(inputs), _names(outputs), attrs or {}, opdef)
        self.ops.append(op)
        self.program._bump()
        return op

    def _prepend_op(self, type, inputs=None, outputs=None, attrs=None, opdef=None):
        op = Operator(self, type, _names(inputs), _names(outputs), attrs or {}, opdef)
        self.ops.insert(0, op)
        self.program._bump()
        return op

    def _remove_op(self, index):
        del self.ops[index]
        self.program._bump()

    def _to_readable_code(self, sort_vars=False):
        vars_ = sorted(self.vars.values(), key=lambda v: v.name) if sort_vars else self.vars.values()
        text = (f"{{ // block_idx:{self.idx}  parent_idx:{self.parent_idx}  "
                f"forward_idx:{self.forward_block_idx}  backward_idx:{self.backward_block_idx}\n")
        text += "".join(f"    {v._to_readable_code()}\n" for v in vars_) + "\n"
        text += "".join(f"    {op._to_readable_code()}\n" for op in self.ops) + "}"
        return text

    def __str__(self):
        if STATE.pir:
            from .pir_printer import program_text
            return program_text(self.program, self)
        return self._to_readable_code()

    __repr__ = __str__


def _names(slots):
    out = {}
    for slot, value in (slots or {}).items():
        if value is None:
            out[slot] = []
        elif isinstance(value, (list, tuple)):
            out[slot] = [v if isinstance(v, str) else v.name for v in value]
        else:
            out[slot] = [value if isinstance(value, str) else value.name]
    return out


_program_ids = itertools.count()


class Program:
    """paddle.static.Program: blocks of variables and ops; block 0 is the global block."""

    def __getattr__(self, name):
        raise _missing_attribute(self, "Program", name)

    def __init__(self):
        self.blocks = [Block(self, 0)]
        self.current_block_idx = 0
        self._seed = 0
        self._version = 0
        self._id = next(_program_ids)
        self._appending_grad_times = 0
        self._is_test = False
        self._plans = {}
        # Paddle's legacy static graph names op outputs, helpers ('fc_0') and parameters from a
        # per-Program generator: every new Program starts again at fc_0 / relu_0 / tmp_0.
        self._name_generator = UniqueNameGenerator()

    def _bump(self):
        self._version += 1

    @property
    def random_seed(self):
        return self._seed

    @random_seed.setter
    def random_seed(self, seed):
        if not isinstance(seed, int):
            raise ValueError(f"Program.random_seed's input seed must be an integer, but received "
                             f"{type(seed)}.")
        self._seed = seed
        self._bump()

    @property
    def num_blocks(self):
        return len(self.blocks)

    def global_block(self):
        return self.blocks[0]

    def current_block(self):
        return self.blocks[self.current_block_idx]

    def block(self, index):
        return self.blocks[index]

    def _create_block(self, parent_idx=None):
        parent = self.current_block_idx if parent_idx is None else parent_idx
        block = Block(self, len(self.blocks), parent)
        self.blocks.append(block)
        self.current_block_idx = block.idx
        self._bump()
        return block

    def _copy_param_info_from(self, other):
        """Program._copy_param_info_from(other): the parameters of `other`'s global block
        (trainable, optimize_attr, regularizer, need_clip) become Parameters of this program's
        global block, for the variables of the same name (Paddle's helper for cloned programs)."""
        if not isinstance(other, Program):
            raise TypeError("Function Program._copy_param_info_from() needs to pass in a source "
                            f"Program, but received {type(other)}")
        mine = self.global_block()
        for p in other.global_block().all_parameters():
            v = mine.vars.get(p.name)
            if v is None:
                continue        # pruned from this program (Paddle skips it too)
            new = Parameter(mine, v.name, v.shape, v.dtype, trainable=p.trainable_flag,
                            optimize_attr=p.optimize_attr, regularizer=p.regularizer,
                            need_clip=p.need_clip)
            mine.vars[new.name] = new
        self._bump()

    def _copy_dist_param_info_from(self, other):
        """Program._copy_dist_param_info_from(other): Paddle copies distributed-training parameter
        info; paddle_compat keeps none, so this checks the argument as Paddle does."""
        if not isinstance(other, Program):
            raise TypeError("Function Program._copy_param_info_from() needs to pass in a source "
                            f"Program, but received {type(other)}")

    @property
    def desc(self):
        """Program.desc: serialize_to_string, need_update, flush, cached_hash_str
        (_static/program_desc.py); Paddle's C++-level methods raise NotImplementedError."""
        d = self.__dict__.get("_desc")
        if d is None:
            from .program_desc import ProgramDesc
            d = self.__dict__["_desc"] = ProgramDesc(self)
        return d

    @staticmethod
    def parse_from_string(binary_str):
        """Program.parse_from_string(binary_str): the Program in Paddle's ProgramDesc bytes
        (`program.desc.serialize_to_string()`, paddle.static.serialize_program, real Paddle's)."""
        from .io import deserialize_program
        return deserialize_program(binary_str)

    def _prune(self, targets):
        """Program._prune(targets): _prune_with_input([], targets)."""
        return self._prune_with_input([], targets)

    def _prune_with_input(self, feeded_var_names, targets):
        """Program._prune_with_input(feeded_var_names, targets): a copy holding only the global
        block ops the `targets` (Variables, names or Operators) need, stopping at the fed
        variables, with the variables those ops use (Paddle's core.prune)."""
        if not isinstance(feeded_var_names, list):
            feeded_var_names = [feeded_var_names]
        if not isinstance(targets, list):
            targets = [targets]
        for var in feeded_var_names:
            if not isinstance(var, str):
                raise ValueError("All feeded_var_names of Program._prune_with_input() can only be "
                                 f"str, but received {type(var)}.")
        block = self.global_block()
        feeds = set(feeded_var_names)
        generatable = set()
        for op in block.ops:
            if all(not block.has_var(n) or block.var(n).persistable or n in generatable | feeds
                   for n in op.input_arg_names):
                generatable.update(op.output_arg_names)
        keep = set()
        for t in targets:
            if isinstance(t, Operator):
                keep.add(block.ops.index(t))
                continue
            if isinstance(t, Variable):
                name = t.name
            elif isinstance(t, str):
                name = t
            else:
                raise ValueError("All targets of Program._prune_with_input() can only be "
                                 f"Variable or Operator, but received {type(t)}.")
            if name in feeds and name not in generatable:
                continue
            target = None
            for i, op in enumerate(block.ops):
                if name in op.output_arg_names:
                    if op._is_optimize_op() and op not in targets:
                        continue
                    target = i
            if target is not None:
                keep.add(target)
        needed = set()
        for i in keep:
            needed.update(block.ops[i].input_arg_names)
        needed -= feeds
        for i in range(max(keep, default=-1), -1, -1):
            op = block.ops[i]
            if i not in keep and any(n in needed for n in op.output_arg_names):
                keep.add(i)
            if i in keep:
                needed.update(n for n in op.input_arg_names if n not in feeds)
        res = self.clone()
        rblock = res.global_block()
        rblock.ops = [op for i, op in enumerate(rblock.ops) if i in keep]
        used = set(feeds)
        for op in rblock.ops:
            used.update(op.input_arg_names)
            used.update(op.output_arg_names)
        for name in [n for n in rblock.vars if n not in used]:
            del rblock.vars[name]
        res._bump()
        return res

    def _rollback(self):
        self.current_block_idx = self.current_block().parent_idx

    def list_vars(self):
        for block in self.blocks:
            yield from block.vars.values()

    def all_parameters(self):
        return [p for block in self.blocks for p in block.all_parameters()]

    def _to_readable_code(self, sort_vars=False):
        return "".join(b._to_readable_code(sort_vars) + "\n" for b in self.blocks)

    def __str__(self):
        if STATE.pir:
            from .pir_printer import program_text
            return program_text(self)
        return self._to_readable_code(getattr(self, "_sorted_print", False))

    __repr__ = __str__

    def to_string(self, throw_on_error=True, with_details=False):
        return str(self)

    def clone(self, *args, **kwargs):
        """Program.clone(for_test=False): a deep copy sharing parameter names.

        for_test=True drops backward and optimizer ops with their variables and sets `is_test`
        on ops that have it (dropout, batch_norm). As in Paddle, the clone prints its variables
        sorted by name.

        In PIR mode (Paddle 3.3.1's default) Paddle's pir.Program.clone takes no `for_test`: any
        argument from a script raises its pybind TypeError (the program's text in it), as here.
        """
        if (args or kwargs) and STATE.pir and _from_user():
            shown = "".join(", " + repr(a) for a in args)
            if kwargs:
                shown += "; kwargs: " + ", ".join(f"{k}={v!r}" for k, v in kwargs.items())
            raise TypeError(
                "clone(): incompatible function arguments. The following argument types are "
                "supported:\n    1. (self: paddle.base.libpaddle.pir.Program) -> object\n    2. "
                "(self: paddle.base.libpaddle.pir.Program, arg0: pir::IrMapping) -> object\n\n"
                f"Invoked with: {self}{shown}")
        if len(args) + len(kwargs) > 1 or set(kwargs) - {"for_test"}:
            raise TypeError("Program.clone() takes from 1 to 2 positional arguments")
        for_test = args[0] if args else kwargs.get("for_test", False)
        from .clone import clone_program
        return clone_program(self, for_test)

    def state_dict(self, mode="all", scope=None):
        from .io import program_state_dict
        return program_state_dict(self, mode, scope)

    def set_state_dict(self, state_dict, scope=None):
        from .io import assign_state
        assign_state(self, state_dict, scope)


# The legacy-only API of Program and Block (recorded from Paddle 3.3.1's pir.Program / pir.Block).
for _cls, _owner, _names_ in ((Program, "Program", ("all_parameters", "block", "current_block",
                                                    "to_string")),
                              (Block, "Block", ("append_op", "create_parameter", "create_var",
                                                "has_var", "iter_parameters", "var"))):
    for _n in _names_:
        _d = _LegacyOnly(_cls.__dict__[_n], _owner)
        _d.name = _n
        setattr(_cls, _n, _d)
del _cls, _owner, _names_, _n, _d
