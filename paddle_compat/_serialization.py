"""paddle.save / paddle.load in Paddle 3.3.1's own pickle format, with safe loading by default.

Format (read from real Paddle's files, tests/fixtures/paddle331_*): a pickle (protocol 4 default).
* A state dict (a dict whose values are all Tensors, or plain dicts such as 'LR_Scheduler') is saved
  with numpy arrays as values plus a 'StructuredToParameterName@@' table {key: tensor name}.
* Any other object is pickled as is, each Tensor inside it becoming the tuple (name, ndarray).
So files written here load in real Paddle and the other way round.

Loading is safe by default. Unpickling can run arbitrary code (a `__reduce__` naming `os.system`),
so, like torch's `weights_only=True`, `paddle.load` resolves only an allow-list of globals: numpy's
array/dtype/scalar reconstructors, builtin containers and complex, OrderedDict, and paddle_compat's
own Tensor rebuilder. Anything else raises `UnsafeLoadError` (a pickle.UnpicklingError) naming the
refused global before any of it runs. For a file you trust (one holding a pickled Layer or custom
class), opt in explicitly with `paddle.load(path, trusted=True)` or the environment variable
`PADDLE_COMPAT_TRUSTED_LOAD=1`.
"""
import collections
import io
import os
import pickle

import numpy as np
import torch

from ._tensor import Tensor, wrap
from ._nn.layer.layers import Layer

__all__ = ["save", "load", "UnsafeLoadError", "TRUSTED_ENV"]

TRUSTED_ENV = "PADDLE_COMPAT_TRUSTED_LOAD"
_NAME_TABLE = "StructuredToParameterName@@"

_SAFE_GLOBALS = {
    ("builtins", "tuple"), ("builtins", "list"), ("builtins", "dict"), ("builtins", "set"),
    ("builtins", "frozenset"), ("builtins", "complex"), ("builtins", "slice"),
    ("builtins", "bytearray"), ("_codecs", "encode"),
    ("collections", "OrderedDict"),
    ("numpy", "ndarray"), ("numpy", "dtype"),
    ("numpy.core.multiarray", "_reconstruct"), ("numpy._core.multiarray", "_reconstruct"),
    ("numpy.core.multiarray", "scalar"), ("numpy._core.multiarray", "scalar"),
    ("paddle_compat._tensor", "_rebuild"),
}


class UnsafeLoadError(pickle.UnpicklingError):
    """paddle.load refused a global that is not on the safe list (the file was not trusted)."""


class _SafeUnpickler(pickle.Unpickler):
    def __init__(self, file, source):
        super().__init__(file)
        self._source = source

    def find_class(self, module, name):
        # numpy 2's per-dtype classes (numpy.dtypes.Float32DType) only rebuild dtypes.
        if (module, name) in _SAFE_GLOBALS or module == "numpy.dtypes":
            return super().find_class(module, name)
        raise UnsafeLoadError(
            f"paddle.load refused to unpickle the global '{module}.{name}' from {self._source}: by "
            "default only tensors, numpy arrays, numbers, strings and containers are loaded, because "
            "unpickling other objects can run arbitrary code. If you trust this file, load it with "
            f"paddle.load(path, trusted=True) or set the environment variable {TRUSTED_ENV}=1.")


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

    Differences from Paddle: static-graph Programs are not supported (use paddle.static.save).
    """
    if not isinstance(protocol, int) or isinstance(protocol, bool):
        raise ValueError(f"The 'protocol' MUST be `int`, but received {type(protocol)}")
    if not 1 < protocol < 5:
        raise ValueError(f"Expected 1<'protocol'<5, but received protocol={protocol}")
    path = _check_path(path, "save")
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
    if isinstance(path, str):
        dirname = os.path.dirname(path)
        if dirname and not os.path.exists(dirname):
            os.makedirs(dirname, exist_ok=True)
        with open(path, "wb") as f:
            _Pickler(f, protocol).dump(payload)
    else:
        _Pickler(path, protocol).dump(payload)


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
    trusted = bool(configs.get("trusted", False)) or os.environ.get(TRUSTED_ENV, "") in ("1", "true")
    path = _check_path(path, "load")
    if isinstance(path, str):
        if not os.path.exists(path):
            raise ValueError(f"The ``path`` ({path}) to load model not exists.")
        if os.path.isdir(path):
            raise NotImplementedError(f"paddle.load({path!r}): loading a static-graph model directory "
                                      "is not supported; load a file written by paddle.save")
        with open(path, "rb") as f:
            obj = _unpickle(f, path, trusted)
    else:
        obj = _unpickle(path, "the given file object", trusted)
    return _restore(obj, return_numpy, bool(configs.get("keep_name_table", False)))


def _unpickle(f, source, trusted):
    if trusted:
        return pickle.Unpickler(f).load()
    return _SafeUnpickler(f, source).load()


def _restore(obj, return_numpy, keep_name_table):
    names = {}
    if isinstance(obj, dict) and _NAME_TABLE in obj:
        names = obj[_NAME_TABLE] if keep_name_table else obj.pop(_NAME_TABLE)
    if _contains(obj, _is_named_array):
        convert = lambda pair: pair[1] if return_numpy else _tensor(pair[1], pair[0])  # noqa: E731
        return _map(obj, _is_named_array, convert)
    if return_numpy:
        return obj
    out = _map(obj, lambda o: isinstance(o, np.ndarray), lambda a: _tensor(a, None))
    if names and isinstance(out, dict):
        for key, name in names.items():
            if isinstance(out.get(key), Tensor):
                out[key].name = name
    return out


def _tensor(array, name):
    t = wrap(torch.from_numpy(np.array(array, copy=True)))
    if name is not None:
        t._info = {"name": name}
    return t


def _is_named_array(obj):
    return (isinstance(obj, tuple) and len(obj) == 2 and isinstance(obj[0], str)
            and isinstance(obj[1], np.ndarray))


def _contains(obj, test):
    if test(obj):
        return True
    if isinstance(obj, (list, tuple)):
        return any(_contains(o, test) for o in obj)
    if isinstance(obj, dict):
        return any(_contains(o, test) for o in obj.values())
    return False


def _map(obj, test, convert):
    if test(obj):
        return convert(obj)
    if isinstance(obj, list):
        return [_map(o, test, convert) for o in obj]
    if isinstance(obj, tuple):
        return tuple(_map(o, test, convert) for o in obj)
    if isinstance(obj, collections.OrderedDict):
        return collections.OrderedDict((k, _map(v, test, convert)) for k, v in obj.items())
    if isinstance(obj, dict):
        return {k: _map(v, test, convert) for k, v in obj.items()}
    return obj
