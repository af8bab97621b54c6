"""paddle.incubate.asp.utils (mirrors paddle/incubate/asp/utils.py): the n:m mask algorithms on
numpy arrays, as Paddle 3.3.1 computes them (same orderings, so the same choice among equal
magnitudes).

    get_mask_1d         each run of m consecutive values in a row: the n smallest |values| -> 0
    get_mask_2d_greedy  each m x m block: keep the largest |values| while their row and column
                        each hold fewer than n kept entries
    get_mask_2d_best    each m x m block: the valid pattern (n ones per row, at most n per
                        column) with the largest sum of the block's (signed) values
    check_mask_1d / check_mask_2d  whether a matrix already has such a pattern

Rows and columns are zero-padded to multiples of m first. create_mask / check_sparsity view 1-D
to 4-D tensors as the matrices Paddle's GEMM kernels see (4-D (h, w, in, out) -> (h*w*out, in)).
"""
import itertools
import threading
from enum import Enum

import numpy as np

__all__ = ["calculate_density", "check_mask_1d", "get_mask_1d", "check_mask_2d",
           "get_mask_2d_greedy", "get_mask_2d_best", "create_mask", "check_sparsity",
           "MaskAlgo", "CheckMethod"]


class MaskAlgo(Enum):
    """The mask algorithms: MASK_1D, MASK_2D_GREEDY, MASK_2D_BEST."""

    MASK_1D = "get_mask_1d"
    MASK_2D_GREEDY = "get_mask_2d_greedy"
    MASK_2D_BEST = "get_mask_2d_best"


class CheckMethod(Enum):
    """The sparsity checks: CHECK_1D, CHECK_2D."""

    CHECK_1D = "check_mask_1d"
    CHECK_2D = "check_mask_2d"

    @staticmethod
    def get_checking_method(mask_algo):
        """The check matching a MaskAlgo: CHECK_1D for MASK_1D, CHECK_2D otherwise."""
        assert isinstance(mask_algo, MaskAlgo), "mask_algo should be MaskAlgo type"
        return CheckMethod.CHECK_1D if mask_algo == MaskAlgo.MASK_1D else CheckMethod.CHECK_2D


def calculate_density(x):
    """paddle.incubate.asp.calculate_density(x): the fraction of non-zero entries of x (a numpy
    array or a Tensor), as a Python float.

    Differences from Paddle: none known."""
    if hasattr(x, "numpy") and not isinstance(x, np.ndarray):
        x = x.numpy()
    flat = np.asarray(x).flatten()
    return float(np.count_nonzero(flat)) / flat.size


def _pad_columns(mat, m):
    assert len(mat.shape) == 2, "The input mat should be a 2D matrix!"
    extra = -mat.shape[1] % m
    if extra:
        padded = np.zeros((mat.shape[0], mat.shape[1] + extra))
        padded[:, :mat.shape[1]] = mat
        return padded
    return mat


def check_mask_1d(mat, n, m):
    """Whether every run of m values in each row of `mat` holds at most m - n non-zeros."""
    if len(mat.shape) <= 1:
        mat = mat.reshape(1, mat.shape[0])
    groups = _pad_columns(mat, m).reshape(-1, m)
    return bool((np.count_nonzero(groups, axis=1) <= m - n).all())


def get_mask_1d(mat, n, m):
    """The 1-D n:m mask of a 2-D `mat`: in every run of m values of a row the n smallest
    magnitudes are masked (ties: numpy's argsort order, as Paddle)."""
    padded = _pad_columns(mat, m)
    groups = padded.reshape(-1, m)
    mask = np.ones_like(groups)
    smallest = np.argsort(np.absolute(groups), axis=1)[:, :n]
    np.put_along_axis(mask, smallest, 0, axis=1)
    out = np.ones_like(mat)
    out[:, :] = mask.reshape(padded.shape)[:, :mat.shape[1]]
    return out


def _blocks(mat, m):
    """The m x m blocks of `mat` zero-padded to multiples of m, row-major over the block grid,
    each flattened: (blocks [k, m*m], padded shape)."""
    assert len(mat.shape) == 2, "The input mat should be a 2D matrix!"
    rows, cols = mat.shape[0] + (-mat.shape[0] % m), mat.shape[1] + (-mat.shape[1] % m)
    padded = np.zeros((rows, cols))
    padded[:mat.shape[0], :mat.shape[1]] = mat
    blocks = padded.reshape(rows // m, m, cols // m, m).transpose(0, 2, 1, 3).reshape(-1, m * m)
    return blocks, padded.shape


def _unblock(blocks, shape, m, like):
    rows, cols = shape
    full = blocks.reshape(rows // m, cols // m, m, m).transpose(0, 2, 1, 3).reshape(rows, cols)
    return full[:like.shape[0], :like.shape[1]]


def check_mask_2d(mat, n, m):
    """Whether every m x m block of `mat` has no more than m - n non-zeros in each of its rows or
    in each of its columns."""
    blocks, _ = _blocks(mat, m)
    nz = (np.absolute(blocks.reshape(-1, m, m)) > 0)
    bad_rows = (nz.sum(axis=2) > m - n).any(axis=1)
    bad_cols = (nz.sum(axis=1) > m - n).any(axis=1)
    return not bool((bad_rows & bad_cols).any())


def get_mask_2d_greedy(mat, n, m):
    """The greedy 2-D n:m mask: in each m x m block, entries from the largest magnitude down are
    kept while their row and their column hold fewer than n kept entries."""
    blocks, shape = _blocks(mat, m)
    k = blocks.shape[0]
    order = np.argsort(np.absolute(blocks), axis=1)
    mask = np.zeros((k, m * m))
    row_count = np.zeros((k, m), dtype=np.int64)
    col_count = np.zeros((k, m), dtype=np.int64)
    every = np.arange(k)
    for j in range(m * m - 1, -1, -1):     # all blocks at once, one rank position at a time
        idx = order[:, j]
        r, c = idx // m, idx % m
        keep = (row_count[every, r] < n) & (col_count[every, c] < n)
        mask[every[keep], idx[keep]] = 1.0
        row_count[every[keep], r[keep]] += 1
        col_count[every[keep], c[keep]] += 1
    return _unblock(mask, shape, m, mat)


_patterns_lock = threading.Lock()
_patterns = {}


def _valid_2d_patterns(n, m):
    """Every m x m 0/1 matrix with n ones per row and at most n per column, in the order
    Paddle's candidate sets iterate in (get_mask_2d_best's argmax keeps the first best one)."""
    key = (n, m)
    with _patterns_lock:
        if key not in _patterns:
            row = [1.0] * n + [0.0] * (m - n)
            rows = list(set(itertools.permutations(row)))
            candidates = np.asarray(list(set(itertools.permutations(rows * 2, m))))
            valid = (candidates.sum(axis=1) <= n).all(axis=1)
            _patterns[key] = candidates[valid]
        return _patterns[key]


def get_mask_2d_best(mat, n, m):
    """The best 2-D n:m mask: each m x m block takes the valid pattern with the largest sum of
    the block's values under it (Paddle scores the signed values, not their magnitudes)."""
    patterns = _valid_2d_patterns(n, m)
    blocks, shape = _blocks(mat, m)
    best = np.argmax(np.matmul(blocks, patterns.reshape(patterns.shape[0], m * m).T), axis=1)
    return _unblock(patterns[best].reshape(-1, m * m), shape, m, mat)


_MASK_FUNCS = {MaskAlgo.MASK_1D: get_mask_1d, MaskAlgo.MASK_2D_GREEDY: get_mask_2d_greedy,
               MaskAlgo.MASK_2D_BEST: get_mask_2d_best}
_CHECK_FUNCS = {CheckMethod.CHECK_1D: check_mask_1d, CheckMethod.CHECK_2D: check_mask_2d}


def _as_matrix(t, shape):
    if len(shape) == 1:
        return t.reshape(1, shape[0])
    if len(shape) == 2:
        return t.reshape(shape[0], shape[1])
    if len(shape) == 3:
        return t.reshape(shape[0] * shape[1], shape[2])
    if len(shape) == 4:      # conv (h, w, in, out) -> (h*w*out, in), as the GEMM conv kernel
        return t.transpose([0, 1, 3, 2]).reshape(shape[0] * shape[1] * shape[3], shape[2])
    raise ValueError("The dimension of input tensor is not supported in create_mask, Only "
                     f"dimension < 4 is supported but got {len(shape)}")


def create_mask(tensor, func_name=MaskAlgo.MASK_1D, n=2, m=4):
    """paddle.incubate.asp.create_mask(tensor, func_name=MaskAlgo.MASK_1D, n=2, m=4): the n:m
    mask (tensor's dtype and shape) of a 1-D to 4-D numpy array."""
    shape, dtype = tensor.shape, tensor.dtype
    assert isinstance(func_name, MaskAlgo), (
        "func_name argument of create_mask is only accepted as type MaskAlgo. "
        f"But got {type(func_name)}")
    func = _MASK_FUNCS[func_name]
    mask = func(_as_matrix(tensor.astype(float), shape), n=n, m=m)
    if len(shape) == 4:
        return (mask.reshape([shape[0], shape[1], shape[3], shape[2]])
                .transpose([0, 1, 3, 2]).astype(dtype))
    return mask.reshape(shape).astype(dtype)


def check_sparsity(tensor, func_name=CheckMethod.CHECK_1D, n=2, m=4):
    """paddle.incubate.asp.check_sparsity(tensor, func_name=CheckMethod.CHECK_1D, n=2, m=4):
    whether a 1-D to 4-D numpy array already satisfies the n:m pattern."""
    assert type(func_name) is CheckMethod, (
        "func_name argument of check_sparsity is only accepted as type CheckMethod. "
        f"But got {type(func_name)}")
    return _CHECK_FUNCS[func_name](_as_matrix(tensor.astype(float), tensor.shape), n=n, m=m)
