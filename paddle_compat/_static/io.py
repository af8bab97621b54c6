"""paddle.static.save / load / save_inference_model / load_inference_model.

Formats (paddle_compat's own, pickled with protocol 4):
* `<path>.pdparams`: {parameter name: numpy array}; `<path>.pdopt`: the other persistable
  variables (optimizer accumulators, learning rate); `<path>.pdmodel` (save only): the program
  description below.
* `<prefix>.pdmodel` (inference): {"format": "paddle_compat.program.v1", "vars": [...], "ops": [...],
  "feed": [names], "fetch": [names]} where each var is a dict (name, shape, dtype, persistable,
  stop_gradient, is_parameter, trainable, is_data, need_check_feed) and each op a dict (type,
  inputs, outputs, attrs); `<prefix>.pdiparams`: {name: numpy array} of its persistables.
Differences from Paddle: these files are not Paddle's protobuf/combined-tensor formats, so they are
not interchangeable with real Paddle's files.

Every file is written atomically (`_atomic_file.atomic_write`: an interrupted save leaves the
previous file intact) and read with the safe unpickler (`_safe_pickle`: a file never runs code or
builds more data than it holds; a damaged one raises ValueError naming it), so a downloaded model
is as safe to load as one saved here. The program description is then checked field by field
before a Program is built from it.
"""
import os
import pickle

import numpy as np
import torch

from .._atomic_file import atomic_write
from .._safe_pickle import loads, plain_array
from .ir import Parameter, Program, Variable
from .local_ops import lookup
from .scope import global_scope
from .._tensor import wrap
from .._tensor import Tensor

__all__ = ["save", "load", "save_inference_model", "load_inference_model",
           "program_state_dict", "set_program_state", "load_program_state", "assign_state",
           "serialize_program", "deserialize_program"]

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
    _dump(serialize_program(program), model_path + ".pdmodel")


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


def serialize_program(program, feed=(), fetch=()):
    block = program.global_block()
    vars_ = [{"name": v.name, "shape": list(v.shape), "dtype": v.dtype.short,
              "persistable": v.persistable, "stop_gradient": v.stop_gradient,
              "is_parameter": isinstance(v, Parameter),
              "trainable": getattr(v, "trainable", False), "is_data": v.is_data,
              "need_check_feed": v.need_check_feed} for v in block.vars.values()]
    ops = [{"type": op.type, "inputs": op.inputs, "outputs": op.outputs,
            "attrs": {k: a for k, a in op.attrs.items() if _plain(a)},
            "list_slots": list(op.list_slots)} for op in block.ops]
    return {"format": _FORMAT, "vars": vars_, "ops": ops, "feed": list(feed),
            "fetch": list(fetch)}


def _plain(a):
    return isinstance(a, (bool, int, float, str, type(None))) or (
        isinstance(a, (list, tuple)) and all(_plain(e) for e in a))


def deserialize_program(desc):
    if not isinstance(desc, dict) or desc.get("format") != _FORMAT:
        raise ValueError("The model file is not a paddle_compat program (it may be a real Paddle "
                         "protobuf model, which paddle_compat cannot read)")
    program = Program()
    block = program.global_block()
    for d in desc["vars"]:
        if d["is_parameter"]:
            block.create_parameter(d["name"], d["shape"], d["dtype"], trainable=d["trainable"])
        else:
            block.create_var(name=d["name"], shape=d["shape"], dtype=d["dtype"],
                             persistable=d["persistable"], stop_gradient=d["stop_gradient"],
                             is_data=d["is_data"], need_check_feed=d["need_check_feed"])
    for d in desc["ops"]:
        op = block.append_op(d["type"], d["inputs"], d["outputs"], d["attrs"], lookup(d["type"]))
        op.list_slots = tuple(d.get("list_slots", ()))
    return program


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
    """paddle.static.save_inference_model(path_prefix, feed_vars, fetch_vars, executor, program=None):
    the forward ops needed for `fetch_vars` from `feed_vars`, and their persistable values."""
    from .builder import default_main_program
    feed_vars = feed_vars if isinstance(feed_vars, (list, tuple)) else [feed_vars]
    fetch_vars = fetch_vars if isinstance(fetch_vars, (list, tuple)) else [fetch_vars]
    for v in list(feed_vars) + list(fetch_vars):
        if not isinstance(v, Variable):
            raise ValueError("'feed_vars' and 'fetch_vars' should be Variable or a list of Variable")
    program = kwargs.get("program") or default_main_program()
    feed = [v.name for v in feed_vars]
    fetch = [v.name for v in fetch_vars]
    pruned = _prune_for(program, feed, fetch)
    scope = global_scope()
    params = {}
    for v in pruned.global_block().vars.values():
        if v.persistable:
            a = _scope_array(scope, v.name)
            if a is not None:
                params[v.name] = a
    _dump(serialize_program(pruned, feed, fetch), path_prefix + ".pdmodel")
    _dump(params, path_prefix + ".pdiparams")


def load_inference_model(path_prefix, executor, **kwargs):
    """paddle.static.load_inference_model(path_prefix, executor) ->
    [program, feed_target_names, fetch_targets]; parameters go into the global scope."""
    model = path_prefix + ".pdmodel"
    if not os.path.exists(model):
        raise ValueError(f"There is no directory named {path_prefix!r}" if not os.path.exists(
            os.path.dirname(model) or ".") else f"The model file {model!r} does not exist")
    api = "paddle.static.load_inference_model"
    desc = _load(model, api)
    try:
        program = deserialize_program(desc)
        feed_names, fetch_names = list(desc["feed"]), list(desc["fetch"])
    except (KeyError, TypeError, AttributeError, IndexError) as e:
        raise ValueError(f"{api}: {model} is damaged (its program description is malformed: "
                         f"{type(e).__name__}: {e}); save the model again") from None
    params_path = path_prefix + ".pdiparams"
    params = _array_table(_load(params_path, api), params_path, api)
    scope = global_scope()
    device = executor.place.device if executor is not None else torch.device("cpu")
    for name, arr in params.items():
        scope._tensors[name] = torch.from_numpy(np.array(arr)).to(device)
    block = program.global_block()
    return [program, feed_names, [block.var(n) for n in fetch_names]]
