"""paddle.distributed.io: save and load a static program's persistable variables (legacy static
mode, FLAGS_enable_pir_api=0, as in Paddle 3.3.1).

    exe.run(startup); dist_io.save_persistables(exe, "ckpt", main)                # one file each
    dist_io.save_persistables(exe, "ckpt", main, filename="all")                   # one file
    blob = dist_io.save_persistables(exe, None, main)                              # bytes
    dist_io.load_persistables(exe, "ckpt", main)

The files are Paddle's own: one serialized tensor per variable, named after it, or with
`filename` all of them in one `save_combine` file sorted by name, so Paddle reads what this writes
and the other way round. In Paddle's default PIR mode these functions fail as Paddle 3.3.1 fails
(its PIR Values and Programs lack the legacy attributes they read).

Differences from Paddle: a program that Paddle's parameter-server transpiler marked distributed
does not exist here, so the distributed branch (pulling sparse tables from the servers) is never
taken; load_inference_model_distributed is paddle.static.load_inference_model's job here and
raises NotImplementedError naming it.
"""
import os

import numpy as np

from .._atomic_file import atomic_write
from .._mode import STATE, in_dynamic_mode

__all__ = ["is_persistable", "save_persistables", "load_persistables",
           "load_inference_model_distributed"]

def _static_only(api):
    assert not in_dynamic_mode(), f"We don't support {api} in dynamic graph mode"


def _pir_failure(what):
    return AttributeError(f"'paddle.base.libpaddle.pir.{what}")


def is_persistable(var):
    """paddle.distributed.io.is_persistable(var): whether `var` is saved with the persistables
    (persistable, and not a feed/fetch/reader variable)."""
    from .._static.io_utils import is_persistable as check
    return check(var)


def _program(main_program):
    from .._static.builder import default_main_program
    if main_program is not None and STATE.pir:
        raise _pir_failure("Program' object has no attribute '_is_distributed'")
    return main_program if main_program is not None else default_main_program()


def _saved_vars(program):
    return [v for v in program.list_vars() if is_persistable(v) and v.type != "RAW"]


def save_persistables(executor, dirname, main_program=None, filename=None):
    """paddle.distributed.io.save_persistables(executor, dirname, main_program=None,
    filename=None): write every persistable variable of `main_program` (default: the default main
    program) from the global scope - one file per variable in `dirname`, or all in
    `dirname/filename`; with dirname and filename both None, -> the combined bytes.

    Differences from Paddle: see the module docstring (no parameter-server branch)."""
    from .._static.io import _scope_array, _write_tensor
    from .._static.scope import global_scope
    _static_only("save_persistables")
    program = _program(main_program)
    saved = _saved_vars(program)
    if not saved:
        import warnings
        warnings.warn("no variable in your model, please ensure there are any variables in your "
                      "model to save")
        return None
    scope = global_scope()

    def data(var):
        arr = _scope_array(scope, var.name)
        if arr is None:
            raise RuntimeError(f"(PreconditionNotMet) Variable {var.name} is not initialized; "
                               f"run the startup program first")
        return _write_tensor(arr)

    if dirname is None and filename is None:
        return b"".join(data(v) for v in sorted(saved, key=lambda v: v.name))
    dirname = os.path.normpath(dirname)
    os.makedirs(dirname, exist_ok=True)
    if filename is None:
        for v in saved:
            with atomic_write(os.path.join(dirname, v.name)) as f:
                f.write(data(v))
    else:
        blob = b"".join(data(v) for v in sorted(saved, key=lambda v: v.name))
        with atomic_write(os.path.join(dirname, filename)) as f:
            f.write(blob)
    return None


def load_persistables(executor, dirname, main_program=None, filename=None):
    """paddle.distributed.io.load_persistables(executor, dirname, main_program=None,
    filename=None): read every persistable variable of `main_program` into the global scope, from
    `dirname` (one file each) or `dirname/filename` (save_combine, sorted by name).

    Differences from Paddle: see the module docstring (no parameter-server branch)."""
    import torch
    from .._static.io import _read_tensor
    from .._static.scope import global_scope
    program = _program(main_program)
    wanted = _saved_vars(program)
    arrays = {}
    if filename is None:
        for v in wanted:
            path = os.path.join(os.path.normpath(dirname), v.name)
            if not os.path.isfile(path):
                raise RuntimeError(f"(PreconditionNotMet) The file {path} does not exist; cannot "
                                   f"load variable {v.name}")
            with open(path, "rb") as f:
                arrays[v.name], _ = _read_tensor(f.read(), 0, v.name)
    else:
        path = os.path.join(os.path.normpath(dirname), filename)
        with open(path, "rb") as f:
            buf = f.read()
        pos = 0
        for v in sorted(wanted, key=lambda v: v.name):
            arrays[v.name], pos = _read_tensor(buf, pos, v.name)
        if pos != len(buf):
            raise RuntimeError("(PreconditionNotMet) The file " + path + " holds more tensors than "
                               f"the program's {len(wanted)} persistable variables")
    device = executor.place.device if executor is not None and hasattr(executor, "place") \
        else torch.device("cpu")
    scope = global_scope()
    for v in wanted:
        arr = arrays[v.name]
        if -1 not in list(v.shape) and list(v.shape) != list(arr.shape):
            raise ValueError(f"(InvalidArgument) The shape of variable {v.name} in the file is "
                             f"{list(arr.shape)}, but {list(v.shape)} in the program")
        scope._tensors[v.name] = torch.from_numpy(np.array(arr)).to(device)


def load_inference_model_distributed(dirname, executor, model_filename=None,
                                     params_filename=None, pserver_endpoints=None):
    """paddle.distributed.io.load_inference_model_distributed(...): not provided.

    Differences from Paddle: raises NotImplementedError; it reads Paddle's pre-2.0 `__model__`
    directory layout and pulls sparse tables from parameter servers. Use
    paddle.static.load_inference_model (and save_inference_model) instead."""
    raise NotImplementedError(
        "paddle.distributed.io.load_inference_model_distributed (the pre-2.0 __model__ layout with "
        "parameter-server tables) is not provided by paddle_compat; save with "
        "paddle.static.save_inference_model and load with paddle.static.load_inference_model")
