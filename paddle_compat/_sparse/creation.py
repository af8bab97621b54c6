"""paddle.sparse.sparse_coo_tensor and sparse_csr_tensor (Paddle: python/paddle/sparse/creation.py),
with Paddle's argument order, dtype inference and checks (the same messages)."""
import numpy as np
import torch

from .._creation_core import to_tensor
from .._dtype import to_dtype
from .._place import to_place
from .._tensor import Tensor
from .tensor import csr_to_indices, make

__all__ = ["sparse_coo_tensor", "sparse_csr_tensor"]

_INDEX_DTYPES = (torch.int8, torch.int16, torch.int32, torch.int64)


def _check_indices_dtype(t):
    if t.dtype not in _INDEX_DTYPES:
        raise TypeError("the dtype of indices must be 'int8' or 'int16' or 'int32' or 'int64'")


def _as_raw(data, dtype, device, stop_gradient=True):
    """Paddle's `to_tensor` for non-Tensor input; a Tensor is taken as is (moved to `device`)."""
    if not isinstance(data, Tensor):
        data = to_tensor(data, dtype=dtype, place=None)
    raw = data._t
    if raw.device != device:
        raw = raw.to(device)
    return raw


def _values_raw(values, dtype, device):
    raw = _as_raw(values, dtype, device)
    if dtype is not None:
        raw = raw.to(to_dtype(dtype).torch)
    return raw.detach()


def _leaf(out, stop_gradient):
    if not stop_gradient:
        out.stop_gradient = False
    return out


def sparse_coo_tensor(indices, values, shape=None, dtype=None, place=None, stop_gradient=True):
    """paddle.sparse.sparse_coo_tensor(indices, values, shape=None, dtype=None, place=None,
    stop_gradient=True): a COO tensor from the 2-D `indices` [sparse_dim, nnz] and `values`
    [nnz, *dense_dims]; `shape` defaults to the smallest shape holding every index.

    Differences from Paddle: none in dynamic mode (static mode has no sparse tensors here).
    """
    device = to_place(place).device
    idx = _as_raw(indices, None, device)
    val = _values_raw(values, dtype, device)
    if idx.dim() != 2:
        raise ValueError("'indices' must be 2-D.")
    nnz, sparse_dim = idx.shape[1], idx.shape[0]
    _check_indices_dtype(idx)
    if val.dim() == 0 or nnz != val.shape[0]:
        got = val.shape[0] if val.dim() else None
        raise ValueError("the indices and values must have same number of non-zero, but get "
                         f"{nnz} and {got}")
    dense_dim = val.dim() - 1
    if nnz and int(idx.min()) < 0:
        raise ValueError(f"the indices must be non-negative, but got {int(idx.min())}")
    if nnz == 0:
        raise ValueError("(InvalidArgument) Cannot perform reduction along an axis (1) that has a "
                         "size of 0. \n  [Hint: Expected x.dims().at(i) != 0, but received "
                         "x.dims().at(i):0 == 0:0.]")
    min_shape = [np.int64(v) + 1 for v in idx.max(dim=1).values.tolist()]
    min_shape += [int(s) for s in val.shape[1:]]
    if shape is None:
        shape = [int(s) for s in min_shape]
    else:
        shape = [int(s) for s in shape]
        if shape < min_shape:
            raise ValueError(f"the minimum shape required is {min_shape}, but get {shape}")
        if len(shape) != sparse_dim + dense_dim:
            raise ValueError(
                "the number of dimensions(len(shape) must be sparse_dim({}) + dense_dim({}), but "
                "get {}".format(sparse_dim, dense_dim, len(shape)))
    return _leaf(make(idx, val, shape), stop_gradient)


def _infer_dense_csr_shape(crows, cols):
    c = crows.tolist()
    batches = sum(1 for a, b in zip(c[:-1], c[1:]) if a > b) + 1
    if (len(c) // batches) * batches != len(c):
        raise ValueError(
            f"The calculated original matrix batch size is {batches}, but it cannot correctly "
            "split the row data. Please carefully check the data or the input shape.")
    col = int(cols.max()) + 1
    row = len(c) // batches - 1
    return [row, col] if batches == 1 else [batches, row, col]


def sparse_csr_tensor(crows, cols, values, shape=None, dtype=None, place=None,
                      stop_gradient=True):
    """paddle.sparse.sparse_csr_tensor(crows, cols, values, shape=None, dtype=None, place=None,
    stop_gradient=True): a CSR tensor (2-D, or 3-D with the batches' crows concatenated).

    Differences from Paddle: the crows/cols values are checked (Paddle leaves a TODO there and
    builds a corrupt tensor): a decreasing crows run or a column out of range is a ValueError.
    """
    device = to_place(place).device
    crows_t = _as_raw(crows, None, device)
    cols_t = _as_raw(cols, None, device)
    val = _values_raw(values, dtype, device)
    _check_indices_dtype(crows_t)
    _check_indices_dtype(cols_t)
    if shape is not None:
        if len(shape) != 2 and len(shape) != 3:
            raise ValueError(
                f"SparseCsrTensor only support 2-D or 3-D matrix. but get shape {shape}")
        shape = [int(s) for s in shape]
    else:
        shape = _infer_dense_csr_shape(crows_t, cols_t)
    rows = shape[-2]
    if crows_t.dim() != 1 or cols_t.dim() != 1 or val.dim() != 1:
        raise ValueError("The 'crows', 'cols' and 'values' must be 1-D.")
    if cols_t.shape[0] != val.shape[0]:
        raise ValueError("the length of cols must be same as length of values")
    if len(shape) == 2:
        if crows_t.shape[0] != rows + 1:
            raise ValueError(f"The length({crows_t.shape[0]}) of crows must be equal to the "
                             f"rows({rows})+1 of matrix.")
        if int(crows_t[0]) != 0:
            raise ValueError("the 0th value of crows must be 0")
        if int(crows_t[-1]) != val.shape[0]:
            raise ValueError("the last value of crows must be equal the number of non-zero")
    else:
        if crows_t.shape[0] % (rows + 1) != 0:
            raise ValueError(f"The length({crows_t.shape[0]}) of crows must be divisible the "
                             f"rows({rows})+1 of matrix.")
        if crows_t.shape[0] // (rows + 1) != shape[0]:
            raise ValueError(f"The length({crows_t.shape[0]}) of crows must be the batch size "
                             f"({shape[0]}) times the rows({rows})+1 of matrix.")
    per_batch = crows_t.reshape(-1, rows + 1).to(torch.int64)
    if bool((per_batch[:, 1:] < per_batch[:, :-1]).any()) or int(per_batch[:, -1].sum()) != \
            val.shape[0]:
        raise ValueError("the values of crows must be non-decreasing in each batch and their "
                         "last values must add up to the number of non-zero")
    if val.shape[0] and (int(cols_t.min()) < 0 or int(cols_t.max()) >= shape[-1]):
        raise ValueError(f"the values of cols must be in [0, {shape[-1]})")
    indices = csr_to_indices(per_batch, cols_t, shape)
    return _leaf(make(indices, val, shape, csr=True), stop_gradient)
