"""A reader for the numeric arrays of MATLAB level-5 MAT-files (the format of the Flowers dataset's
imagelabels.mat and setid.mat), so that paddle.vision needs no SciPy.

`loadmat(path)` returns {name: ndarray} like `scipy.io.loadmat(path)` with its defaults for the
variables it supports: real numeric matrices (double, single, int8..uint64 classes), compressed or
not, either byte order, shaped as MATLAB stores them (2-D at least, column-major data) and typed by
their MATLAB class (a double matrix stored as uint8 comes back float64, as from SciPy). Variables
of other classes (cell, struct, char, sparse, complex, objects) are left out. A file that is not a
level-5 MAT-file (v7.3 files are HDF5) raises ValueError naming it.
"""
import zlib

import numpy as np

__all__ = ["loadmat"]

# miTYPE codes -> numpy dtypes of the stored data.
_MI_TYPES = {1: "i1", 2: "u1", 3: "i2", 4: "u2", 5: "i4", 6: "u4", 7: "f4", 9: "f8", 12: "i8",
             13: "u8"}
_MI_MATRIX, _MI_COMPRESSED = 14, 15
# mxCLASS codes of numeric arrays -> the dtype MATLAB (and SciPy) give the variable.
_MX_CLASSES = {6: "f8", 7: "f4", 8: "i1", 9: "u1", 10: "i2", 11: "u2", 12: "i4", 13: "u4",
               14: "i8", 15: "u8"}
_COMPLEX_FLAG = 0x0800


def _elements(buf, order):
    """Yield (miTYPE, payload bytes) of each data element in `buf`."""
    pos = 0
    while pos + 8 <= len(buf):
        first = int(np.frombuffer(buf, order + "u4", 1, pos)[0])
        if first >> 16:             # small data element: type and size share the first word
            mtype, nbytes = first & 0xFFFF, first >> 16
            yield mtype, buf[pos + 4:pos + 4 + nbytes]
            pos += 8
            continue
        nbytes = int(np.frombuffer(buf, order + "u4", 1, pos + 4)[0])
        yield first, buf[pos + 8:pos + 8 + nbytes]
        # Elements are padded to 8 bytes; compressed ones are not.
        pos += 8 + (nbytes if first == _MI_COMPRESSED else (nbytes + 7) // 8 * 8)


def _matrix(payload, order):
    """(name, ndarray) of a numeric miMATRIX payload, or None for other array classes."""
    parts = list(_elements(payload, order))
    if len(parts) < 4:
        return None
    flags = np.frombuffer(parts[0][1], order + "u4")
    mx_class, complex_ = int(flags[0]) & 0xFF, bool(int(flags[0]) & _COMPLEX_FLAG)
    dims = [int(d) for d in np.frombuffer(parts[1][1], order + _MI_TYPES[parts[1][0]])]
    name = parts[2][1].decode("latin-1")
    if mx_class not in _MX_CLASSES or complex_ or parts[3][0] not in _MI_TYPES:
        return None
    data = np.frombuffer(parts[3][1], order + _MI_TYPES[parts[3][0]])
    array = data.astype(_MX_CLASSES[mx_class]).reshape(dims, order="F")
    return name, array


def loadmat(path):
    """{variable name: ndarray} of the numeric matrices in the level-5 MAT-file `path`."""
    with open(path, "rb") as f:
        buf = f.read()
    if len(buf) < 128 or buf[126:128] not in (b"IM", b"MI"):
        raise ValueError(f"{path} is not a MATLAB level-5 MAT-file (MAT v7.3 files are HDF5 and "
                         "are not supported; save with -v7 or -v6)")
    order = "<" if buf[126:128] == b"IM" else ">"
    out = {}
    for mtype, payload in _elements(buf[128:], order):
        if mtype == _MI_COMPRESSED:
            inner = list(_elements(zlib.decompress(payload), order))
            if not inner:
                continue
            mtype, payload = inner[0]
        if mtype != _MI_MATRIX:
            continue
        item = _matrix(payload, order)
        if item is not None:
            out[item[0]] = item[1]
    return out
