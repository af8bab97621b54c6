"""paddle.static.save / load / save_inference_model / load_inference_model, serialize_program /
deserialize_program, serialize_persistables / deserialize_persistables, save_to_file /
load_from_file, normalize_program.

Formats (in legacy mode, FLAGS_enable_pir_api=0, as Paddle 3.3.1 writes them):
* programs (`<prefix>.pdmodel` of save_inference_model, `<path>.pdmodel` of save,
  serialize_program's bytes): Paddle's ProgramDesc protobuf (framework.proto; program_desc.py
  builds the message, wire_format.py encodes it), so real Paddle reads ours and we read Paddle's;
* `<prefix>.pdiparams` (save_inference_model) and serialize_persistables' bytes: Paddle's
  save_combine stream of the persistable tensors, sorted by name (see _write_tensor);
* `<path>.pdparams` / `<path>.pdopt` (paddle.static.save): {name: numpy array} pickled with
  protocol 4, as Paddle's.
Reading programs is parsing only (nothing in a file runs); paddle_compat's earlier program files
(a magic header and a pickled description) and pickled .pdiparams tables are still read, with the
safe unpickler (`_safe_pickle`: a file never runs code or builds more data than it holds). Every
file is written atomically (`_atomic_file.atomic_write`: an interrupted save leaves the previous
file intact).
"""
import os
import pickle

import numpy as np
import torch

from .._atomic_file import atomic_write
from .._safe_pickle import loads, plain_array
from .ir import Parameter, Program, Variable
from .local_ops import LOCAL_OPS, lookup
from .pir_legacy_only import reject_in_pir
from .program_desc import program_bytes, program_from_bytes
from .wire_format import WireError
from .scope import global_scope
from .._tensor import wrap
from .._tensor import Tensor

__all__ = ["save", "load", "save_inference_model", "load_inference_model",
           "program_state_dict", "set_program_state", "load_program_state", "assign_state",
           "serialize_program", "deserialize_program",
           "serialize_persistables", "deserialize_persistables", "save_to_file", "load_from_file",
           "normalize_program"]

_FORMAT = "paddle_compat.program.v1"


def _persistables(program):
    return [v for v in program.list_vars() if v.persistable]


def _scope_array(scope, name):
    t = scope._tensors.get(name)
    if t is None:
        return None
    return t.detach().cpu().numpy().copy()


def _dump(obj, path):
    d = os.path.dirname(path)
    if d:
        os.makedirs(d, exist_ok=True)
    with atomic_write(path) as f:
        pickle.dump(obj, f, protocol=4)


def _write_bytes(path, data):
    d = os.path.dirname(path)
    if d:
        os.makedirs(d, exist_ok=True)
    with atomic_write(path) as f:
        f.write(data)


def _load(path, api):
    """The object pickled in `path`, through the safe unpickler."""
    with open(path, "rb") as f:
        data = f.read()
    return loads(data, path, api, parse_error=ValueError(
        f"{api}: can not parse the file {path}: it is damaged or was not written by "
        f"paddle_compat's paddle.static save functions."))


def _array_table(obj, path, api):
    """A {name: ndarray} table read from `path`, checked."""
    if not isinstance(obj, dict) or not all(
            isinstance(k, str) and isinstance(v, np.ndarray) for k, v in obj.items()):
        raise ValueError(f"{api}: {path} does not hold a {{name: array}} table; it was not "
                         f"written by paddle_compat's paddle.static save functions")
    return {k: plain_array(v) for k, v in obj.items()}


def save(program, model_path, protocol=4, **configs):
    """paddle.static.save(program, model_path): parameters, optimizer state and the program."""
    if not isinstance(program, Program):
        raise TypeError(f"program should be as Program type or None, but received {type(program)}")
    base = os.path.basename(model_path)
    if base == "":
        raise ValueError("The input model_path MUST be format of dirname/filename [dirname\\filename "
                         "in Windows system], but received model_path is empty string.")
    scope = global_scope()
    params, opt = {}, {}
    for v in _persistables(program):
        a = _scope_array(scope, v.name)
        if a is not None:
            (params if isinstance(v, Parameter) else opt)[v.name] = a
    _dump(params, model_path + ".pdparams")
    _dump(opt, model_path + ".pdopt")
    _write_bytes(model_path + ".pdmodel", program_bytes(program, strict=False))


def load(program, model_path, executor=None, var_list=None):
    """paddle.static.load(program, model_path, executor=None, var_list=None)."""
    scope = global_scope()
    names = {v.name: v for v in (var_list or _persistables(program))}
    for suffix in (".pdparams", ".pdopt"):
        path = model_path + suffix
        if not os.path.exists(path):
            if suffix == ".pdparams":
                raise ValueError(f"Parameter file [{path}] not exists")
            continue
        state = _array_table(_load(path, "paddle.static.load"), path, "paddle.static.load")
        for name, arr in state.items():
            if name in names:
                scope._tensors[name] = torch.from_numpy(np.array(arr))


def program_state_dict(program, mode="all", scope=None):
    scope = scope or global_scope()
    out = {}
    for v in _persistables(program):
        if mode == "param" and not isinstance(v, Parameter):
            continue
        if mode == "opt" and isinstance(v, Parameter):
            continue
        t = scope._tensors.get(v.name)
        if t is not None:
            out[v.name] = wrap(t)
    return out


def assign_state(program, state_dict, scope=None):
    """Copy the values in `state_dict` (Tensors or arrays) of `program`'s persistables into the
    scope, without checks (Program.set_state_dict)."""
    scope = scope or global_scope()
    for v in _persistables(program):
        if v.name in state_dict:
            val = state_dict[v.name]
            t = val._t.detach().clone() if isinstance(val, Tensor) else torch.from_numpy(
                np.array(val))
            scope._tensors[v.name] = t


def load_program_state(model_path, var_list=None):
    """paddle.static.load_program_state(model_path, var_list=None): {name: ndarray} of the
    parameters (`model_path.pdparams`) and optimizer state (`.pdopt`, when present) written by
    paddle.static.save, read with the safe unpickler. A path ending in .pdparams/.pdopt/.pdmodel is
    taken as its prefix, as in Paddle.

    Differences from Paddle: the legacy `save_vars` / `save_params` directory format (one file per
    variable) is not read: a missing `.pdparams` raises ValueError.
    """
    prefix = os.fspath(model_path)
    for ext in (".pdparams", ".pdopt", ".pdmodel"):
        if prefix.endswith(ext):
            prefix = prefix[:-len(ext)]
            break
    api = "paddle.static.load_program_state"
    params = prefix + ".pdparams"
    if not os.path.exists(params):
        raise ValueError(f"Parameter file [{params}] does not exist (paddle_compat reads the files "
                         f"of paddle.static.save, not the legacy save_vars directories)")
    state = _array_table(_load(params, api), params, api)
    opt = prefix + ".pdopt"
    if os.path.exists(opt):
        state.update(_array_table(_load(opt, api), opt, api))
    return state


def set_program_state(program, state_dict):
    """paddle.static.set_program_state(program, state_dict): set the program's persistable
    variables from `state_dict` ({name: ndarray}, e.g. from load_program_state). As in Paddle,
    run the startup program first; a shape or dtype that differs from the variable's current value
    raises AssertionError, and names the program does not use are reported in one UserWarning."""
    import warnings
    scope = global_scope()
    used = set()
    for v in _persistables(program):
        cur = scope._tensors.get(v.name)
        assert cur is not None, (f"Variable [ {v.name} ] Not found, Please make sure run startup "
                                 f"program")
        if v.name not in state_dict:
            continue
        new = np.asarray(state_dict[v.name])
        old_shape = tuple(cur.shape)
        old_dtype = _scope_array(scope, v.name).dtype if cur.dtype != torch.bfloat16 else None
        assert old_shape == new.shape, (
            f"Parameter's shape does not match, the Program requires a parameter with the shape "
            f"of ({old_shape}), while the loaded parameter (namely [ {v.name} ]) has a shape of  "
            f"({new.shape}).")
        assert old_dtype is None or old_dtype == new.dtype, (
            f"Parameter's data type does not match, the Program requires a parameter with a dtype "
            f"of ({old_dtype}), while the loaded parameter (namely [ {v.name} ]) has a dtype of  "
            f"({new.dtype}).")
        scope._tensors[v.name] = torch.from_numpy(np.array(new)).to(cur.device)
        used.add(v.name)
    unused = [k for k in state_dict if k not in used]
    if unused:
        warnings.warn("This list is not set, Because of Parameter not found in program. There "
                      "are: " + " ".join(unused))


def _legacy_program(desc):
    """A Program from paddle_compat's earlier program description dict (checked)."""
    if not isinstance(desc, dict) or desc.get("format") != _FORMAT:
        raise ValueError("the program description is damaged")
    program = Program()
    block = program.global_block()
    for d in sorted(desc["vars"], key=lambda d: d["name"]):
        if d["is_parameter"]:
            block.create_parameter(d["name"], d["shape"], d["dtype"], trainable=d["trainable"])
        else:
            block.create_var(name=d["name"], shape=d["shape"], dtype=d["dtype"],
                             persistable=d["persistable"], stop_gradient=d["stop_gradient"],
                             is_data=d["is_data"], need_check_feed=d["need_check_feed"],
                             type=d.get("type", "DENSE_TENSOR"))
    for d in desc["ops"]:
        kind = d["type"]
        opdef = None if kind in ("feed", "fetch") else (
            LOCAL_OPS[kind] if d.get("local") and kind in LOCAL_OPS else lookup(kind))
        op = block.append_op(kind, d["inputs"], d["outputs"], d["attrs"], opdef)
        op.list_slots = tuple(d.get("list_slots", ()))
    return program


_PARSE_FAILED = ("(InvalidArgument) Failed to parse program_desc from binary string.\n  [Hint: "
                 "Expected desc_.ParseFromString(binary_str) == true, but received "
                 "desc_.ParseFromString(binary_str):0 != true:1.]")


def _parse_program(data, api):
    """(Program, feed names, fetch names) in program bytes: Paddle's ProgramDesc (the names
    None: they are its feed / fetch ops'), or paddle_compat's earlier formats (a pickled
    description, bare in .pdmodel files or after _PROGRAM_MAGIC, read by the safe unpickler)."""
    legacy = None
    if data.startswith(_PROGRAM_MAGIC):
        legacy = data[len(_PROGRAM_MAGIC):]
    elif data[:1] == b"\x80":          # a pickle (protocol 2+); a ProgramDesc starts with b"\n"
        legacy = data
    if legacy is not None:
        desc = loads(legacy, "<bytes>", api, parse_error=ValueError(_PARSE_FAILED))
        try:
            return _legacy_program(desc), list(desc["feed"]), list(desc["fetch"])
        except (KeyError, TypeError, AttributeError, IndexError, ValueError):
            raise ValueError(_PARSE_FAILED) from None
    try:
        return program_from_bytes(data), None, None
    except WireError:
        raise ValueError(_PARSE_FAILED) from None


def _feed_fetch_names(program):
    """The feed and fetch target names of a normalized program, by their ops' `col`."""
    ops = program.global_block().ops
    feed = sorted((op.attrs.get("col", 0), op.output("Out")[0]) for op in ops
                  if op.type == "feed" and op.output("Out"))
    fetch = sorted((op.attrs.get("col", 0), op.input("X")[0]) for op in ops
                   if op.type == "fetch" and op.input("X"))
    return [n for _, n in feed], [n for _, n in fetch]


def _prune_for(program, feed_names, fetch_names):
    block = program.global_block()
    need = set(fetch_names)
    keep = []
    for op in reversed(block.ops):
        if op.attrs.get("op_role", 0) & 3:
            continue
        if any(n in need for n in op.output_arg_names):
            keep.append(op)
            need.update(n for n in op.input_arg_names if n not in feed_names)
    pruned = Program()
    pb = pruned.global_block()
    used = set(feed_names) | {n for op in keep for n in op.input_arg_names + op.output_arg_names}
    for name, v in block.vars.items():
        if name in used:
            pb.vars[name] = v
    pb.ops = list(reversed(keep))
    return pruned


def save_inference_model(path_prefix, feed_vars, fetch_vars, executor, **kwargs):
    """paddle.static.save_inference_model(path_prefix, feed_vars, fetch_vars, executor,
    program=None): `<path_prefix>.pdmodel`, the normalized inference program (normalize_program)
    as Paddle's ProgramDesc without training information, and `<path_prefix>.pdiparams`, its
    persistable values as Paddle's save_combine stream (not written when there are none): the
    files real Paddle writes and reads in legacy mode (FLAGS_enable_pir_api=0).

    Differences from Paddle: in PIR mode (Paddle 3.3.1's default) Paddle writes the program as
    `<path_prefix>.json` (PIR's JSON serialization) and its load_inference_model reads only that;
    paddle_compat writes and reads the legacy `.pdmodel` ProgramDesc in both modes, so files
    saved in PIR mode are not interchangeable with Paddle's (a Paddle `.json` program raises
    NotImplementedError here)."""
    from .builder import default_main_program
    path_prefix = _normalize_path_prefix(path_prefix)
    for path in (path_prefix + ".pdmodel", path_prefix + ".pdiparams"):
        if os.path.isdir(path):
            raise ValueError(f"'{path}' is an existing directory.")
    feeds, fetches = _check_io_vars(feed_vars, fetch_vars)
    program = kwargs.get("program") or default_main_program()
    normalized = normalize_program(program, feeds, fetches)
    model = program_bytes(normalized, inference=True)
    params = _persistables_stream(normalized, "save_inference_model")
    _write_bytes(path_prefix + ".pdmodel", model)
    if params:
        _write_bytes(path_prefix + ".pdiparams", params)
    else:
        import warnings
        warnings.warn("no variable in your model, please ensure there are any variables in your "
                      "model to save")


def _normalize_path_prefix(path_prefix):
    if not isinstance(path_prefix, str):
        raise ValueError("'path_prefix' should be a string.")
    if path_prefix.endswith("/"):
        raise ValueError("'path_prefix' should not be a directory")
    return os.path.abspath(os.path.normpath(path_prefix))


def _read_params(data, names, where, api):
    """{name: array} from a save_combine stream holding `names` (sorted), or paddle_compat's
    earlier pickled table."""
    if data[:1] == b"\x80":        # paddle_compat's earlier pickled {name: array} table
        return _array_table(loads(data, where, api, parse_error=ValueError(
            f"{api}: can not parse the file {where}: it is damaged")), where, api)
    params, pos = {}, 0
    for name in names:
        params[name], pos = _read_tensor(data, pos, name)
    if pos != len(data):
        raise ValueError(f"{api}: {where} holds more tensors than the program's {len(names)} "
                         "persistable variables")
    return params


def load_inference_model(path_prefix, executor, **kwargs):
    """paddle.static.load_inference_model(path_prefix, executor, model_filename=None,
    params_filename=None) -> [program, feed_target_names, fetch_targets]: reads
    `<path_prefix>.pdmodel` (Paddle's ProgramDesc, or paddle_compat's earlier format) and
    `<path_prefix>.pdiparams` (Paddle's save_combine stream, or paddle_compat's earlier pickled
    table) into the global scope. As in Paddle, with `model_filename` / `params_filename`
    `path_prefix` is a directory holding those files (`__model__` and one file per variable when
    they are None), and with path_prefix None they are the model and parameter bytes."""
    api = "paddle.static.load_inference_model"
    for k in kwargs:
        if k not in ("model_filename", "params_filename"):
            raise ValueError(f"function 'load_inference_model' doesn't support argument '{k}',"
                             "\n only ('model_filename', 'params_filename') are supported.")
    model_filename = kwargs.get("model_filename")
    params_filename = kwargs.get("params_filename")
    params_path = params_dir = None
    if path_prefix is None:
        # Paddle: "Load inference model from memory is deprecated."
        if params_filename is None:
            raise ValueError("params_filename cannot be None when path_prefix is None.")
        program, feed_names, fetch_names = _parse_program(bytes(model_filename), api)
        params_data = bytes(params_filename)
    else:
        path_prefix = _normalize_path_prefix(path_prefix)
        if not os.path.isdir(os.path.dirname(path_prefix)):
            raise ValueError(f"There is no directory named {os.path.dirname(path_prefix)}")
        if not kwargs:
            model_path = path_prefix + ".pdmodel"
            params_path = path_prefix + ".pdiparams"
            if not os.path.exists(model_path) and os.path.exists(path_prefix + ".json"):
                raise NotImplementedError(
                    f"{api}: {path_prefix}.json is a PIR program (what Paddle 3.3.1 writes in its "
                    "default PIR mode), which paddle_compat does not read; save the model with "
                    "FLAGS_enable_pir_api=0 under Paddle to get a .pdmodel ProgramDesc")
        else:
            # Paddle's old directory layout (deprecated there, still read)
            if model_filename is None:
                model_path = os.path.join(path_prefix, "__model__")
            else:
                model_path = os.path.join(path_prefix, model_filename + ".pdmodel")
                if not os.path.exists(model_path):
                    model_path = os.path.join(path_prefix, model_filename)
            if params_filename is None:
                params_dir = path_prefix          # one file per variable, named after it
            else:
                params_path = os.path.join(path_prefix, params_filename + ".pdiparams")
                if not os.path.exists(params_path):
                    params_path = os.path.join(path_prefix, params_filename)
        with open(model_path, "rb") as f:
            program, feed_names, fetch_names = _parse_program(f.read(), api)
        params_data = None
    if feed_names is None:
        feed_names, fetch_names = _feed_fetch_names(program)
    names = _persistable_names(program)
    params = {}
    if names and params_dir is not None:
        for name in names:
            path = os.path.join(params_dir, name)
            with open(path, "rb") as f:
                params.update(_read_params(f.read(), [name], path, api))
    elif names:
        if params_data is None:
            if not os.path.exists(params_path):
                raise RuntimeError(
                    f"(Unavailable) LoadCombine operator fails to open file {params_path}, please "
                    "check whether the model file is complete or damaged.\n  [Hint: Expected "
                    "static_cast<bool>(fin) == true, but received static_cast<bool>(fin):0 != "
                    "true:1.]\n  [operator < load_combine > error]")
            with open(params_path, "rb") as f:
                params_data = f.read()
        params = _read_params(params_data, names, params_path or "<bytes>", api)
    scope = global_scope()
    device = executor.place.device if executor is not None else torch.device("cpu")
    for name, arr in params.items():
        scope._tensors[name] = torch.from_numpy(np.array(arr)).to(device)
    block = program.global_block()
    return [program, feed_names, [block.var(n) for n in fetch_names]]


# ---- serialize_program / serialize_persistables / save_to_file / normalize_program -------------
# paddle_compat's earlier program bytes (still read, never written): this magic, then a program
# description dict pickled with protocol 4, read back with the safe unpickler.
_PROGRAM_MAGIC = b"PADDLE_COMPAT_PROGRAM\x00v1\x00"


def _as_var_list(vars_, what):
    if isinstance(vars_, Variable):
        return [vars_]
    if isinstance(vars_, (list, tuple)) and all(isinstance(v, Variable) for v in vars_):
        return list(vars_)
    return None


def normalize_program(program, feed_vars, fetch_vars, **kwargs):
    """paddle.static.normalize_program(program, feed_vars, fetch_vars): the inference program
    Paddle saves: a copy pruned to the ops that compute `fetch_vars` from `feed_vars`, in test
    mode, with `feed` / `fetch` variables and ops added (its variables listed by name, as
    Paddle's prune lists them).

    Differences from Paddle: the Executor runs a normalized program from its own feed / fetch
    arguments (the recorded feed / fetch ops are skipped), as it runs any program."""
    if not isinstance(program, Program):
        raise TypeError(f"program type must be `base.Program`, but received `{type(program)}`")
    feeds = _as_var_list(feed_vars, "feed_vars")
    if feeds is None:
        raise TypeError("feed_vars type must be a Variable or a list of Variable.")
    fetches = _as_var_list(fetch_vars, "fetch_vars")
    if fetches is None:
        raise TypeError("fetch_vars type must be a Variable or a list of Variable.")
    feed_names = [v.name for v in feeds]
    fetch_names = [v.name for v in fetches]
    from .clone import clone_program
    # Paddle prunes, then `_inference_optimize`s: is_test on every op that has it, and no
    # ReserveSpace output on batch_norm (the variable itself stays).
    test = clone_program(program, for_test=True)
    pruned = _prune_for(test, feed_names, fetch_names)
    for sub in test.blocks[1:]:         # the control-flow ops' sub-blocks come along
        sub.program = pruned
        pruned.blocks.append(sub)
    src = pruned.global_block()
    out = Program()
    block = out.global_block()
    for name in sorted(src.vars):
        v = src.vars[name]
        if isinstance(v, Parameter):
            # Paddle's prune re-creates the parameters as trainable ones (stop_gradient False);
            # these are the clone's Variables, not the caller's.
            v.trainable_flag, v._stop_gradient = True, False
        block.vars[name] = v
    block.ops = [op for op in src.ops]
    for sub in pruned.blocks[1:]:
        sub.program = out
        out.blocks.append(sub)
    for b in out.blocks:
        for op in b.ops:
            if op.type == "batch_norm":
                op.outputs.pop("ReserveSpace", None)
    from .builder import standard_attrs
    from .ir import Operator
    block.create_var(name="feed", persistable=True, type="FEED_MINIBATCH")
    block.create_var(name="fetch", persistable=True, type="FETCH_LIST", stop_gradient=True)
    attrs = dict(standard_attrs(role=0, namescope="/"), op_device="")
    for i, name in enumerate(feed_names):
        block.ops.insert(i, Operator(block, "feed", {"X": ["feed"]}, {"Out": [name]},
                                     dict(attrs, col=i), None))
    for i, name in enumerate(fetch_names):
        block.ops.append(Operator(block, "fetch", {"X": [name]}, {"Out": ["fetch"]},
                                  dict(attrs, col=i), None))
    out._is_test = True
    out._bump()
    return out


def _check_io_vars(feed_vars, fetch_vars):
    feeds = _as_var_list(feed_vars, "feed_vars")
    if feeds is None:
        raise ValueError("'feed_vars' should be a Variable or a list of Variable.")
    fetches = _as_var_list(fetch_vars, "fetch_vars")
    if fetches is None:
        raise ValueError("'fetch_vars' should be a Variable or a list of Variable.")
    return feeds, fetches


def serialize_program(feed_vars, fetch_vars, **kwargs):
    """paddle.static.serialize_program(feed_vars, fetch_vars, program=None): the normalized
    inference program (normalize_program) as Paddle's ProgramDesc bytes, which real Paddle's
    deserialize_program reads."""
    from .builder import default_main_program
    feeds, fetches = _check_io_vars(feed_vars, fetch_vars)
    program = kwargs.get("program") or default_main_program()
    if not program.global_block().ops:
        raise ValueError("program must not be empty. at least one operator is required!")
    normalized = normalize_program(program, feeds, fetches)
    reject_in_pir("serialize_program")      # Paddle 3.3.1 fails in PIR mode
    return program_bytes(normalized)


def deserialize_program(data):
    """paddle.static.deserialize_program(data): the Program in ProgramDesc bytes (Paddle's
    serialize_program / program.desc.serialize_to_string, or paddle_compat's, including its
    earlier format). Bytes that are not a ProgramDesc raise Paddle's ValueError; parsing never
    runs anything from the data."""
    if not isinstance(data, (bytes, bytearray)):
        raise TypeError(
            "__init__(): incompatible constructor arguments. The following argument types are "
            "supported:\n    1. paddle.base.libpaddle.ProgramDesc()\n    2. "
            "paddle.base.libpaddle.ProgramDesc(arg0: paddle.base.libpaddle.ProgramDesc)\n    3. "
            f"paddle.base.libpaddle.ProgramDesc(arg0: bytes)\n\nInvoked with: {data!r}")
    return _parse_program(bytes(data), "paddle.static.deserialize_program")[0]


# Paddle's save_combine stream, per variable (sorted by name): uint32 version 0, uint64 LoD level
# count 0, uint32 tensor version 0, int32 size of a TensorDesc protobuf (field 1 data_type varint,
# field 2 dims, one varint each), that protobuf, then the raw little-endian data.
_NP_CODES = {"bool": 0, "int16": 1, "int32": 2, "int64": 3, "float16": 4, "float32": 5,
             "float64": 6, "uint8": 20, "int8": 21, "complex64": 23, "complex128": 24}
_CODES_NP = {v: k for k, v in _NP_CODES.items()}


def _varint(n):
    n &= (1 << 64) - 1
    out = bytearray()
    while True:
        b = n & 0x7F
        n >>= 7
        out.append(b | (0x80 if n else 0))
        if not n:
            return bytes(out)


def _read_varint(buf, pos):
    shift = result = 0
    while True:
        if pos >= len(buf) or shift > 63:
            raise ValueError("truncated varint")
        b = buf[pos]
        pos += 1
        result |= (b & 0x7F) << shift
        shift += 7
        if not b & 0x80:
            if result >= 1 << 63:
                result -= 1 << 64
            return result, pos


def _write_tensor(arr):
    import struct
    arr = np.ascontiguousarray(arr)
    code = _NP_CODES.get(arr.dtype.name)
    if code is None:
        raise ValueError(f"serialize_persistables: dtype {arr.dtype} has no Paddle tensor code")
    desc = b"\x08" + _varint(code) + b"".join(b"\x10" + _varint(d) for d in arr.shape)
    return (struct.pack("<IQI", 0, 0, 0) + struct.pack("<i", len(desc)) + desc
            + arr.astype(arr.dtype.newbyteorder("<")).tobytes())


def _read_tensor(buf, pos, name):
    import struct
    bad = ValueError(f"deserialize_persistables: the data is not a Paddle persistables stream "
                     f"(reading variable {name!r} failed)")
    try:
        version, lod_levels = struct.unpack_from("<IQ", buf, pos)
        pos += 12
        if version != 0 or lod_levels > 16:
            raise bad
        for _ in range(lod_levels):
            (size,) = struct.unpack_from("<Q", buf, pos)
            pos += 8 + size
        tversion, dsize = struct.unpack_from("<Ii", buf, pos)
        pos += 8
        if tversion != 0 or dsize < 0 or pos + dsize > len(buf):
            raise bad
        desc, end = buf[pos:pos + dsize], pos + dsize
        p, code, dims = 0, None, []
        while p < len(desc):
            key, p = _read_varint(desc, p)
            if key == 0x08:
                code, p = _read_varint(desc, p)
            elif key == 0x10:
                d, p = _read_varint(desc, p)
                dims.append(d)
            elif key == 0x12:          # packed dims
                n, p = _read_varint(desc, p)
                stop = p + n
                while p < stop:
                    d, p = _read_varint(desc, p)
                    dims.append(d)
            else:
                raise bad
        if code not in _CODES_NP or any(d < 0 for d in dims):
            raise bad
        dt = np.dtype(_CODES_NP[code]).newbyteorder("<")
        count = int(np.prod(dims)) if dims else 1
        nbytes = count * dt.itemsize
        if end + nbytes > len(buf):
            raise bad
        arr = np.frombuffer(buf, dtype=dt, count=count, offset=end).reshape(dims)
        return arr.astype(dt.newbyteorder("=")), end + nbytes
    except struct.error:
        raise bad from None


def _persistable_names(program):
    return sorted(v.name for v in program.list_vars()
                  if v.persistable and v.type not in ("FEED_MINIBATCH", "FETCH_LIST", "RAW"))


def _persistables_stream(program, api):
    """The save_combine stream of `program`'s persistable values in the global scope."""
    scope = global_scope()
    parts = []
    for name in _persistable_names(program):
        arr = _scope_array(scope, name)
        if arr is None:
            raise ValueError(f"{api}: variable {name!r} has no value in the scope; run the "
                             "startup program first")
        parts.append(_write_tensor(arr))
    return b"".join(parts)


def serialize_persistables(feed_vars, fetch_vars, executor, **kwargs):
    """paddle.static.serialize_persistables(feed_vars, fetch_vars, executor, program=None): the
    values of the persistable variables the normalized inference program uses, as bytes in
    Paddle's own save_combine format (sorted by name), so Paddle's deserialize_persistables /
    load_combine read them and vice versa."""
    from .builder import default_main_program
    feeds, fetches = _check_io_vars(feed_vars, fetch_vars)
    program = kwargs.get("program") or default_main_program()
    if not program.global_block().ops:
        raise ValueError("program must not be empty. at least one operator is required!")
    normalized = normalize_program(program, feeds, fetches)
    if normalized.list_vars():
        reject_in_pir("serialize_persistables")      # Paddle 3.3.1 fails in PIR mode
    return _persistables_stream(normalized, "serialize_persistables")


def deserialize_persistables(program, data, executor):
    """paddle.static.deserialize_program(program, data, executor): set `program`'s persistable
    variables (sorted by name, as serialize_persistables wrote them) from `data` into the global
    scope. Bytes that are not such a stream, or that hold more or fewer tensors, raise
    ValueError; a shape that differs from the variable's raises ValueError."""
    if not isinstance(program, Program):
        raise TypeError(f"program type must be `base.Program`, but received `{type(program)}`")
    reject_in_pir("deserialize_persistables")      # Paddle 3.3.1 fails in PIR mode
    buf = bytes(data)
    names = _persistable_names(program)
    arrays, pos = {}, 0
    for name in names:
        arrays[name], pos = _read_tensor(buf, pos, name)
    if pos != len(buf):
        raise ValueError("deserialize_persistables: the data holds more tensors than the "
                         f"program's {len(names)} persistable variables")
    block = program.global_block()
    device = executor.place.device if executor is not None else torch.device("cpu")
    scope = global_scope()
    for name, arr in arrays.items():
        v = block._find_var_recursive(name) if hasattr(block, "_find_var_recursive") else None
        if v is not None and list(v.shape) != list(arr.shape) and -1 not in v.shape:
            raise ValueError(f"deserialize_persistables: variable {name!r} has shape "
                             f"{list(arr.shape)} in the data, but {list(v.shape)} in the program")
        scope._tensors[name] = torch.from_numpy(np.array(arr)).to(device)


def save_to_file(path, content):
    """paddle.static.save_to_file(path, content): write bytes to `path` (atomically: an
    interrupted write leaves the previous file)."""
    if not isinstance(content, bytes):
        raise ValueError("'content' type should be bytes.")
    d = os.path.dirname(path)
    if d:
        os.makedirs(d, exist_ok=True)
    with atomic_write(path) as f:
        f.write(content)


def load_from_file(path):
    """paddle.static.load_from_file(path): the bytes in `path`."""
    with open(path, "rb") as f:
        return f.read()
