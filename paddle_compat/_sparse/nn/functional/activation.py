"""paddle.sparse.nn.functional activations (Paddle: sparse/nn/functional/activation.py): relu,
relu6 and leaky_relu act on the stored values (pattern and format kept); softmax normalises the
stored elements of each row (CSR) or of each last-axis line (COO), missing elements counting as
absent, not as zeros (Paddle's rule)."""
import torch

from ...tensor import make_like, parts, require

__all__ = ["relu", "relu6", "leaky_relu", "softmax"]


def relu(x, name=None):
    """paddle.sparse.nn.functional.relu(x, name=None): max(x, 0) of the stored values."""
    require(x, "relu")
    return make_like(x, torch.relu(parts(x)[1]))


def relu6(x, name=None):
    """paddle.sparse.nn.functional.relu6(x, name=None): min(max(x, 0), 6) of the stored values."""
    require(x, "relu6")
    return make_like(x, torch.clamp(parts(x)[1], 0, 6))


def leaky_relu(x, negative_slope=0.01, name=None):
    """paddle.sparse.nn.functional.leaky_relu(x, negative_slope=0.01, name=None): the stored
    values v where v >= 0, else negative_slope * v."""
    require(x, "leaky_relu")
    v = parts(x)[1]
    return make_like(x, torch.where(v >= 0, v, v * negative_slope))


def softmax(x, axis=-1, name=None):
    """paddle.sparse.nn.functional.softmax(x, axis=-1, name=None): softmax over the last axis,
    among the stored elements of each row only.

    Differences from Paddle: none for axis=-1 (the only axis Paddle supports); another axis is
    Paddle's NotImplementedError.
    """
    require(x, "softmax")
    t = x._t
    if axis not in (-1, t.dim() - 1):
        raise NotImplementedError("(Unimplemented) sparse softmax only support axis=-1, but got "
                                  f"axis={axis}.")
    idx, v = parts(x)
    if t.dense_dim():                       # the last axis is dense: an ordinary softmax
        return make_like(x, torch.softmax(v, dim=-1))
    if idx.shape[1] == 0:
        return make_like(x, v)
    # rows = every stored element with the same indices but the last
    row_keys = idx[:-1]
    _, row = torch.unique(row_keys, dim=1, return_inverse=True)
    n_rows = int(row.max()) + 1
    vmax = torch.full((n_rows,), float("-inf"), dtype=v.dtype, device=v.device)
    vmax = vmax.scatter_reduce(0, row, v.detach(), reduce="amax", include_self=True)
    e = torch.exp(v - vmax[row])
    denom = torch.zeros(n_rows, dtype=v.dtype, device=v.device).index_add(0, row, e)
    return make_like(x, e / denom[row])


