"""The safe unpickler behind every file paddle_compat reads (paddle.load, paddle.static.load,
load_inference_model, paddle.jit.load's description checks).

Threat model (docs/security.md): the file may come from anyone. Loading it must not run code, must
not allocate much more memory than the file's own size, and a damaged file must give Paddle's
error, never a partly built object.

How:
1. The whole pickle is checked opcode by opcode before anything is built (`_scan`): every opcode
   must be known, every length prefix must fit in the bytes that follow, and a memo index may not
   exceed the number of opcodes seen (CPython's unpickler grows its memo table to twice the index
   it is given, so a 10-byte file could otherwise ask for gigabytes). A file that fails this is
   damaged: Paddle's "ValueError: `paddle.load` can not parse the file:<path>.".
2. Globals resolve through an exact table of (module, qualified name) pairs (`_ALLOWED`); a name is
   never looked up through attributes, so protocol 4's dotted names (`numpy.dtypes.__builtins__.get`)
   cannot reach anything. Several entries are not the real callables but checked stand-ins:
   `bytearray` and `_codecs.encode` accept only the data they rebuild (never a size),
   numpy's `_reconstruct` / `scalar` / `dtype` refuse object dtypes and build arrays whose
   `__setstate__` requires exactly shape x itemsize bytes of data (numpy itself crashes on some
   inconsistent states), and `numpy.ndarray` is a marker that only `_reconstruct` accepts (as a
   class, `NEWOBJ` would allocate any shape). Anything else raises `UnsafeLoadError` naming the
   global, before it is used.
3. Any error while building (a constructor's TypeError, numpy's ValueError, MemoryError, deep
   nesting) is Paddle's "can not parse" ValueError; nothing partly built is returned.

A trusted file (explicit opt-in: `paddle.load(path, trusted=True)` or the environment variable
`PADDLE_COMPAT_TRUSTED_LOAD=1`) is unpickled with the plain pickle module.
"""
import collections
import io
import os
import pickle
import pickletools
import threading

import numpy as np

__all__ = ["UnsafeLoadError", "TRUSTED_ENV", "is_trusted_env", "loads", "read_file",
           "LoadedArray", "plain_array", "owned_array"]

TRUSTED_ENV = "PADDLE_COMPAT_TRUSTED_LOAD"


def is_trusted_env():
    return os.environ.get(TRUSTED_ENV, "") in ("1", "true")


class UnsafeLoadError(pickle.UnpicklingError, ValueError):
    """A load refused a global (or a constructor argument) that could run code or exhaust memory;
    the message names it and the explicit opt-in for a trusted file."""


class _Damaged(Exception):
    """Internal: the bytes are not a well-formed pickle."""


# ---- 1. the opcode scan ------------------------------------------------------------------------
# Per opcode byte: n >= 0, a fixed-size argument of n bytes that needs no check; or one of the
# negative kinds below; None, not an opcode. (A list indexed by the byte: the scan runs once per
# opcode, so it is kept to one lookup and one comparison for the common case.)
_LINE, _LINE2, _COUNT1, _COUNT4S, _COUNT4U, _COUNT8 = -1, -2, -3, -4, -5, -6
_BINPUT, _LONG_BINPUT, _PUT, _FRAME, _PROTO, _STOP = -7, -8, -9, -10, -11, -12
_KIND = [None] * 256
for _op in pickletools.opcodes:
    _arg = _op.arg
    if _arg is None:
        _kind = 0
    elif _arg.n >= 0:
        _kind = _arg.n
    elif _arg.n == pickletools.UP_TO_NEWLINE:
        _kind = _LINE2 if _arg.name == "stringnl_noescape_pair" else _LINE
    else:
        _kind = {pickletools.TAKEN_FROM_ARGUMENT1: _COUNT1,
                 pickletools.TAKEN_FROM_ARGUMENT4: _COUNT4S,
                 pickletools.TAKEN_FROM_ARGUMENT4U: _COUNT4U,
                 pickletools.TAKEN_FROM_ARGUMENT8U: _COUNT8}[_arg.n]
    _KIND[_op.code.encode("latin-1")[0]] = _kind
for _name, _kind in (("BINPUT", _BINPUT), ("LONG_BINPUT", _LONG_BINPUT), ("PUT", _PUT),
                     ("FRAME", _FRAME), ("PROTO", _PROTO), ("STOP", _STOP)):
    _KIND[getattr(pickle, _name)[0]] = _kind


def _scan(data):
    """Check the opcode stream of `data` (bytes) up to STOP; raise _Damaged if malformed: an unknown
    opcode, a length or frame beyond the end of the data, a memo index above the number of opcodes
    read so far (the memo table is then at most twice the opcode count), no STOP."""
    n = len(data)
    pos = 0
    ops = 0
    kind_of = _KIND
    from_bytes = int.from_bytes
    try:
        while True:
            kind = kind_of[data[pos]]
            ops += 1
            if kind is None:
                raise _Damaged(f"unknown opcode {data[pos]:#x}")
            if kind >= 0:
                pos += 1 + kind
                continue
            pos += 1
            if kind == _COUNT1:
                pos += 1 + data[pos]
            elif kind == _BINPUT:
                if data[pos] > ops:
                    raise _Damaged("memo index out of range")
                pos += 1
            elif kind <= _COUNT4S and kind >= _COUNT8:         # 4- or 8-byte length prefix
                width = 8 if kind == _COUNT8 else 4
                end = pos + width
                length = from_bytes(data[pos:end], "little", signed=kind == _COUNT4S)
                if end > n or length < 0 or length > n - end:
                    raise _Damaged("length beyond the end of the data")
                pos = end + length
            elif kind == _LONG_BINPUT:
                if from_bytes(data[pos:pos + 4], "little") > ops:
                    raise _Damaged("memo index out of range")
                pos += 4
            elif kind == _FRAME:
                if from_bytes(data[pos:pos + 8], "little") > n - pos - 8:
                    raise _Damaged("frame larger than the data")
                pos += 8
            elif kind == _PROTO:
                if data[pos] > pickle.HIGHEST_PROTOCOL:
                    raise _Damaged("unsupported protocol")
                pos += 1
            elif kind == _STOP:
                if pos > n:
                    raise _Damaged("truncated")
                return
            else:                                               # text lines
                for _ in range(2 if kind == _LINE2 else 1):
                    end = data.find(b"\n", pos)
                    if end < 0:
                        raise _Damaged("truncated line")
                    line = data[pos:end]
                    pos = end + 1
                if kind == _PUT:
                    try:
                        index = int(line)
                    except ValueError:
                        raise _Damaged("bad memo index") from None
                    if not 0 <= index <= ops:
                        raise _Damaged("memo index out of range")
    except IndexError:
        raise _Damaged("pickle data was truncated (no STOP opcode)") from None


# ---- 2. the allowed globals ---------------------------------------------------------------------
def _refuse(what, detail, source, api, opt_in):
    return UnsafeLoadError(
        f"{api} refused to unpickle {what} from {source}: {detail}. If you trust this file, "
        f"{opt_in}.")


# What the checked constructors need to word a refusal, per thread (set by each load).
_CTX = threading.local()


def _arg_refusal(what, detail):
    return _refuse(what, detail, _CTX.source, _CTX.api, _CTX.opt_in)


class LoadedArray(np.ndarray):
    """An ndarray being unpickled: its __setstate__ accepts only a consistent state (numpy's own
    crashes on some inconsistent ones) with exactly shape x itemsize bytes of data, so an array is
    never larger than the bytes the file holds. `plain_array` turns it into a plain ndarray."""

    def __setstate__(self, state):
        if not isinstance(state, tuple) or len(state) not in (4, 5):
            raise _Damaged("bad ndarray state")
        shape, dtype, fortran, raw = state[-4:]
        if not (isinstance(shape, tuple) and all(type(d) is int and d >= 0 for d in shape)):
            raise _Damaged("bad ndarray shape")
        if not isinstance(dtype, np.dtype):
            raise _Damaged("bad ndarray dtype")
        if dtype.hasobject:
            raise _arg_refusal("an ndarray of dtype object",
                               "object arrays can hold arbitrary Python objects")
        if not isinstance(raw, (bytes, bytearray)):
            raise _Damaged("bad ndarray data")
        count = 1
        for d in shape:
            count *= d
        if count * dtype.itemsize != len(raw):
            raise _Damaged("ndarray data does not match its shape")
        seen = _CTX.raws
        if id(raw) in seen:         # the file reuses one data object (memo): no shared memory
            state = state[:-1] + (bytearray(raw),)
        else:
            seen.add(id(raw))
        super().__setstate__(state)


def plain_array(a):
    """A LoadedArray as a plain ndarray (same memory); other values unchanged."""
    return a.view(np.ndarray) if type(a) is LoadedArray else a


def owned_array(a):
    """A plain ndarray with the data of `a` that nothing else holds: a LoadedArray's own memory
    when it is large, writable and aligned (it was built from a data object of its own, see
    `LoadedArray.__setstate__`), else a copy. Small ones are always copied (CPython shares its
    one-byte bytes objects between all users; a copy of a few KB costs nothing)."""
    if type(a) is LoadedArray and a.nbytes >= 4096 and a.flags.writeable and a.flags.aligned \
            and a.flags.c_contiguous:
        return a.view(np.ndarray)
    return np.array(a, copy=True).view(np.ndarray)


class _NDArray:
    """Stands for numpy.ndarray in a pickle: only `_reconstruct` accepts it."""

    def __new__(cls, *args, **kwargs):
        raise _arg_refusal("numpy.ndarray as a class",
                           "numpy.ndarray may only be rebuilt through _reconstruct")


def _reconstruct(cls, shape, dtype):
    if cls is not _NDArray:
        raise _arg_refusal(f"numpy _reconstruct of {getattr(cls, '__name__', cls)!r}",
                           "only numpy.ndarray is rebuilt")
    # numpy always pickles (0,) here; __setstate__ sets the real (checked) shape.
    return np.ndarray.__new__(LoadedArray, (0,), np.uint8)


def _dtype(spec, align=False, copy=False):
    if not isinstance(spec, str):
        raise _Damaged("bad dtype")
    try:
        dt = np.dtype(spec, bool(align), bool(copy))
    except (TypeError, ValueError) as e:
        raise _Damaged(f"bad dtype: {e}") from None
    return dt


def _scalar(dtype, data=None):
    if not isinstance(dtype, np.dtype) or dtype.hasobject:
        raise _arg_refusal("a numpy scalar of dtype object",
                           "object scalars can hold arbitrary Python objects")
    if not isinstance(data, bytes) or len(data) != dtype.itemsize:
        raise _Damaged("bad numpy scalar")
    return _NP_SCALAR(dtype, data)


def _bytearray(data=b"", encoding=None):
    # Pickled bytearrays are bytearray(bytes) or, protocol <= 2, bytearray(str, 'latin-1');
    # bytearray(N) would allocate N bytes from a few bytes of file.
    if isinstance(data, (bytes, bytearray)) and encoding is None:
        return bytearray(data)
    if isinstance(data, str) and encoding in ("latin1", "latin-1"):
        return bytearray(data, encoding)
    raise _arg_refusal(f"builtins.bytearray({type(data).__name__})",
                       "a bytearray is only rebuilt from the bytes it holds, never from a size")


def _bytes(data=b"", encoding=None):
    # Protocol <= 2 pickles b"" as bytes(); bytes(N) would allocate N bytes.
    if isinstance(data, (bytes, bytearray)) and encoding is None:
        return bytes(data)
    if isinstance(data, str) and encoding in ("latin1", "latin-1"):
        return data.encode("latin-1")
    raise _arg_refusal(f"builtins.bytes({type(data).__name__})",
                       "bytes are only rebuilt from the data they hold, never from a size")


def _encode(text, encoding="utf-8"):
    # Protocol <= 2 pickles bytes as _codecs.encode(str, 'latin1'); other codecs are refused.
    if isinstance(text, str) and encoding in ("latin1", "latin-1"):
        return text.encode("latin-1")
    raise _arg_refusal(f"_codecs.encode(..., {encoding!r})",
                       "only the latin-1 encoding pickle uses for bytes is allowed")


try:
    from numpy._core.multiarray import scalar as _NP_SCALAR
except ImportError:         # numpy < 2
    from numpy.core.multiarray import scalar as _NP_SCALAR


def _rebuild_tensor(array, dtype, stop_gradient):
    from ._tensor import _rebuild
    from ._dtype import DTYPES
    if not isinstance(array, np.ndarray) or not isinstance(dtype, str) or dtype not in DTYPES \
            or not isinstance(stop_gradient, bool):
        raise _Damaged("bad tensor")
    return _rebuild(plain_array(array), dtype, stop_gradient)


_ALLOWED = {
    ("builtins", "tuple"): tuple, ("builtins", "list"): list, ("builtins", "dict"): dict,
    ("builtins", "set"): set, ("builtins", "frozenset"): frozenset,
    ("builtins", "complex"): complex, ("builtins", "slice"): slice,
    ("builtins", "bytearray"): _bytearray, ("__builtin__", "bytearray"): _bytearray,
    ("__builtin__", "set"): set, ("__builtin__", "frozenset"): frozenset,
    ("__builtin__", "complex"): complex, ("__builtin__", "slice"): slice,
    ("builtins", "bytes"): _bytes, ("__builtin__", "bytes"): _bytes,
    ("_codecs", "encode"): _encode,
    ("collections", "OrderedDict"): collections.OrderedDict,
    ("numpy", "ndarray"): _NDArray, ("numpy", "dtype"): _dtype,
    ("numpy.core.multiarray", "_reconstruct"): _reconstruct,
    ("numpy._core.multiarray", "_reconstruct"): _reconstruct,
    ("numpy.core.multiarray", "scalar"): _scalar,
    ("numpy._core.multiarray", "scalar"): _scalar,
    ("paddle_compat._tensor", "_rebuild"): _rebuild_tensor,
}


class _SafeUnpickler(pickle.Unpickler):
    def find_class(self, module, name):
        # An exact pair only: never super().find_class, which follows dotted names.
        found = _ALLOWED.get((module, name))
        if found is None:
            raise _refuse(f"the global '{module}.{name}'",
                          "only tensors, numpy arrays, numbers, strings and containers are "
                          "loaded by default, because unpickling other objects can run arbitrary "
                          "code", _CTX.source, _CTX.api, _CTX.opt_in)
        return found

    def persistent_load(self, pid):
        raise _Damaged("persistent ids are not used by Paddle's files")


# ---- 3. loading ---------------------------------------------------------------------------------
def read_file(path):
    with open(path, "rb") as f:
        return f.read()


def loads(data, source, api="paddle.load", trusted=False, opt_in=None, parse_error=None,
          encoding="latin1"):
    """Unpickle `data` (bytes) read from `source` (a path or description used in messages).
    `encoding` is pickle's, for Python 2 strings (CIFAR's batches need "bytes").

    Raises EOFError('Ran out of input') for empty data (as Paddle), `UnsafeLoadError` for a refused
    global or constructor argument, and otherwise for any damage `parse_error` (default Paddle's
    ValueError "`<api>` can not parse the file:<source>.").
    """
    if opt_in is None:
        opt_in = f"set the environment variable {TRUSTED_ENV}=1"
    if parse_error is None:
        parse_error = ValueError(f"`{api}` can not parse the file:{source}.")
    if not data:
        raise EOFError("Ran out of input")
    if trusted:
        try:
            return pickle.Unpickler(io.BytesIO(data), encoding=encoding).load()
        except pickle.UnpicklingError as e:
            raise parse_error from e
    try:
        _scan(data)
    except _Damaged as e:
        raise parse_error from e
    _CTX.source, _CTX.api, _CTX.opt_in, _CTX.raws = source, api, opt_in, set()
    try:
        return _SafeUnpickler(io.BytesIO(data), encoding=encoding).load()
    except UnsafeLoadError:
        raise
    except (_Damaged, pickle.UnpicklingError, EOFError, TypeError, ValueError, KeyError,
            IndexError, AttributeError, OverflowError, MemoryError, RecursionError,
            UnicodeDecodeError) as e:
        raise parse_error from e
    finally:
        _CTX.raws = None
