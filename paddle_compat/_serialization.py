"""paddle.save / paddle.load in Paddle 3.3.1's own pickle format, with safe loading by default.

Format (read from real Paddle's files, tests/fixtures/paddle331_*): a pickle (protocol 4 default).
* A state dict (a dict whose values are all Tensors, or plain dicts such as 'LR_Scheduler') is saved
  with numpy arrays as values plus a 'StructuredToParameterName@@' table {key: tensor name}.
* Any other object is pickled as is, each Tensor inside it becoming the tuple (name, ndarray).
So files written here load in real Paddle and the other way round.

Loading is safe by default (see _safe_pickle.py and docs/security.md): a file never runs code,
never makes the loader build much more data than the file holds, and a damaged file raises Paddle's
"ValueError: `paddle.load` can not parse the file:<path>.". Globals beyond numpy's array/dtype/
scalar reconstructors, builtin containers, complex, OrderedDict and paddle_compat's own Tensor
rebuilder raise `UnsafeLoadError` (a pickle.UnpicklingError and ValueError) naming the refused global
before any of it runs. For a file you trust (one holding a pickled Layer or custom class), opt in
explicitly with `paddle.load(path, trusted=True)` or the environment variable
`PADDLE_COMPAT_TRUSTED_LOAD=1`. After unpickling, the tree is walked once per object (memoised by
id): shared sub-structures stay shared and cost one visit, so a small file of nested shared
references cannot make the walk exponential.

Saving is atomic (`_atomic_file.atomic_write`): an interrupted save leaves the previous file intact.
"""
import collections
import io
import os
import pickle

import numpy as np
import torch

from ._atomic_file import atomic_write
from ._safe_pickle import (TRUSTED_ENV, UnsafeLoadError, is_trusted_env, loads, owned_array,
                           plain_array)
from ._tensor import Tensor, wrap
from ._nn.layer.layers import Layer

__all__ = ["save", "load", "UnsafeLoadError", "TRUSTED_ENV"]

_NAME_TABLE = "StructuredToParameterName@@"

class _Pickler(pickle.Pickler):
    def reducer_override(self, obj):
        # Paddle pickles a Tensor inside a general object as the tuple (name, ndarray).
        if isinstance(obj, Tensor):
            return tuple, ((obj.name, _to_numpy(obj)),)
        if _is_layer(obj):
            raise ValueError("paddle do not support saving `paddle.nn.Layer` object.")
        return NotImplemented


def _is_layer(obj):
    return isinstance(obj, Layer)


def _to_numpy(t):
    raw = t._t.detach()
    if raw.dtype == torch.bfloat16:
        # Paddle stores bfloat16 as its uint16 bit pattern.
        return raw.cpu().view(torch.int16).numpy().view(np.uint16)
    return raw.cpu().numpy()


def _is_state_dict(obj):
    if not isinstance(obj, dict):
        return False
    for value in obj.values():
        if isinstance(value, dict):
            if any(_contains_tensor(v) for v in value.values()):
                return False
        elif not isinstance(value, Tensor):
            return False
    return True


def _contains_tensor(obj):
    if isinstance(obj, Tensor):
        return True
    if isinstance(obj, (list, tuple)):
        return any(_contains_tensor(o) for o in obj)
    if isinstance(obj, dict):
        return any(_contains_tensor(o) for o in obj.values())
    return False


def _check_path(path, action):
    if isinstance(path, (io.BytesIO, io.BufferedIOBase)) or hasattr(path, "read"):
        return path
    if not isinstance(path, (str, os.PathLike)):
        raise ValueError(f"The 'path' of paddle.{action} MUST be a str or BytesIO, but received "
                         f"{type(path)}")
    path = os.fspath(path)
    if os.path.basename(path) == "":
        raise ValueError("The input path MUST be format of dirname/filename [dirname\\filename in "
                         "Windows system], but received filename is empty string.")
    return path


def save(obj, path, protocol=4, **configs):
    """paddle.save(obj, path, protocol=4): pickle `obj` (state dicts, Tensors, nested containers)
    in Paddle's format. `path` may also be a BytesIO.

    A static Program is written as its serialized desc (Paddle's ProgramDesc protobuf), as
    Paddle does (paddle.load gives the Program back).
    """
    if not isinstance(protocol, int) or isinstance(protocol, bool):
        raise ValueError(f"The 'protocol' MUST be `int`, but received {type(protocol)}")
    if not 1 < protocol < 5:
        raise ValueError(f"Expected 1<'protocol'<5, but received protocol={protocol}")
    path = _check_path(path, "save")
    if type(obj).__name__ == "Program" and hasattr(obj, "global_block"):
        # Paddle writes a Program as its serialized desc (program.desc.serialize_to_string());
        # paddle.load reads it back with Program.parse_from_string
        data = obj.desc.serialize_to_string()
        _write(path, lambda f: f.write(data))
        return
    if _is_state_dict(obj):
        payload = {}
        names = {}
        for key, value in obj.items():
            if isinstance(value, Tensor):
                payload[key] = _to_numpy(value)
                names[key] = value.name
            else:
                payload[key] = value
        payload[_NAME_TABLE] = names
    else:
        payload = obj
    _write(path, lambda f: _Pickler(f, protocol).dump(payload))


def _write(path, fill):
    """fill(file) into `path` atomically (its folder created), or into a file-like object."""
    if isinstance(path, str):
        dirname = os.path.dirname(path)
        if dirname and not os.path.exists(dirname):
            os.makedirs(dirname, exist_ok=True)
        with atomic_write(path) as f:
            fill(f)
    else:
        fill(path)


def load(path, **configs):
    """paddle.load(path, return_numpy=False, trusted=False, keep_name_table=False): read a file
    written by paddle.save (here or in real Paddle). Tensors come back as Tensors (numpy arrays with
    return_numpy=True).

    Loading is safe by default (see the module docstring): a file that needs any global beyond
    tensors, arrays, numbers, strings and containers raises UnsafeLoadError unless `trusted=True`
    or PADDLE_COMPAT_TRUSTED_LOAD=1. Differences from Paddle: `trusted` is new; Paddle's legacy
    static-graph directories (model_filename/params_filename) are not read.
    """
    unknown = set(configs) - {"return_numpy", "trusted", "keep_name_table", "model_filename",
                              "params_filename"}
    if unknown:
        raise ValueError(f"The additional config ({sorted(unknown)[0]}) of `paddle.load` is not "
                         "supported.")
    return_numpy = bool(configs.get("return_numpy", False))
    trusted = bool(configs.get("trusted", False)) or is_trusted_env()
    path = _check_path(path, "load")
    if isinstance(path, str):
        if not os.path.exists(path):
            raise ValueError(f"The ``path`` ({path}) to load model not exists.")
        if os.path.isdir(path):
            raise NotImplementedError(f"paddle.load({path!r}): loading a static-graph model directory "
                                      "is not supported; load a file written by paddle.save")
        with open(path, "rb") as f:
            data = f.read()
    else:
        data = path.read()
    from ._static.io import _PROGRAM_MAGIC
    if data.startswith(_PROGRAM_MAGIC) or data[:1] == b"\n":
        # a Program written by paddle.save (Paddle's ProgramDesc bytes, which start with the
        # key of its `blocks` field, or paddle_compat's earlier format): parsed, never run.
        # A pickle never starts with a newline.
        from ._static.ir import Program
        try:
            return Program.parse_from_string(data)
        except ValueError:
            raise ValueError(f"`paddle.load` can not parse the file:{path}.") from None
    obj = loads(data, path, "paddle.load", trusted,
                opt_in=f"load it with paddle.load(path, trusted=True) or set the environment "
                       f"variable {TRUSTED_ENV}=1")
    try:
        return _restore(obj, return_numpy, bool(configs.get("keep_name_table", False)))
    except RecursionError:
        raise ValueError(f"`paddle.load` can not parse the file:{path}.") from None


def _restore(obj, return_numpy, keep_name_table):
    names = {}
    if isinstance(obj, dict) and _NAME_TABLE in obj:
        names = obj[_NAME_TABLE] if keep_name_table else obj.pop(_NAME_TABLE)
    if _contains(obj, _is_named_array, set()):
        # Paddle's general-object format: (name, ndarray) pairs are the tensors.
        def convert(o):
            if isinstance(o, tuple):
                return plain_array(o[1]) if return_numpy else _tensor(o[1], o[0])
            return plain_array(o)
        return _map(obj, lambda o: _is_named_array(o) or _is_array(o), convert, {})
    if return_numpy:
        return _map(obj, _is_array, plain_array, {})
    out = _map(obj, _is_array, lambda a: _tensor(a, None), {})
    if names and isinstance(out, dict):
        for key, name in names.items():
            if isinstance(out.get(key), Tensor):
                out[key].name = name
    return out


def _tensor(array, name):
    t = wrap(torch.from_numpy(owned_array(array)))
    if name is not None:
        t._info = {"name": name}
    return t


def _is_array(obj):
    return isinstance(obj, np.ndarray)


def _is_named_array(obj):
    return (isinstance(obj, tuple) and len(obj) == 2 and isinstance(obj[0], str)
            and isinstance(obj[1], np.ndarray))


_ATOMS = frozenset((str, int, float, bool, type(None), bytes, complex))


def _contains(obj, test, seen):
    """Whether `test` holds anywhere in `obj`; each container is visited once (`seen`: ids)."""
    if type(obj) in _ATOMS:
        return False
    if test(obj):
        return True
    if isinstance(obj, (list, tuple, dict)):
        if id(obj) in seen:
            return False
        seen.add(id(obj))
        items = obj.values() if isinstance(obj, dict) else obj
        return any(_contains(o, test, seen) for o in items)
    return False


def _map(obj, test, convert, memo):
    """`obj` with every part where `test` holds replaced by `convert(part)`. Memoised by id: an
    object reached along several paths is converted once and the result is shared, as the input
    was (a pickle of shared references stays small and so does the walk); cycles are kept."""
    if type(obj) in _ATOMS:
        return obj
    key = id(obj)
    if key in memo:
        return memo[key][1]
    if test(obj):
        out = convert(obj)
    elif isinstance(obj, list):
        out = []
        memo[key] = (obj, out)        # before the items: a list may contain itself
        out.extend(_map(o, test, convert, memo) for o in obj)
        return out
    elif isinstance(obj, dict):
        out = collections.OrderedDict() if isinstance(obj, collections.OrderedDict) else {}
        memo[key] = (obj, out)
        for k, v in obj.items():
            out[k] = _map(v, test, convert, memo)
        return out
    elif isinstance(obj, tuple):
        out = tuple(_map(o, test, convert, memo) for o in obj)
    else:
        return obj
    memo[key] = (obj, out)            # the original is kept alive so its id is not reused
    return out
