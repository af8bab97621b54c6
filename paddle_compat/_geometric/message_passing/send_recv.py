"""paddle.geometric.send_u_recv, send_ue_recv, send_uv (Paddle:
python/paddle/geometric/message_passing/send_recv.py): gather node features along edges
(src_index -> dst_index), combine them with edge features, and reduce them at the destination.

The output of the receiving ops has `out_size` rows, or x.shape[0] rows when out_size is None or
0 (Paddle's rule); a node no edge reaches is 0 for every reduction.
"""
import torch

from ..._tensor import Tensor, wrap
from ..reduce import check_index, dynamic_only, scatter_reduce

__all__ = ["send_u_recv", "send_ue_recv", "send_uv"]

_REDUCE = ("sum", "mean", "max", "min")
_MESSAGE = ("add", "sub", "mul", "div")


def _check_reduce(reduce_op):
    if reduce_op not in _REDUCE:
        raise ValueError("reduce_op should be `sum`, `mean`, `max` or `min`, but received "
                         f"{reduce_op}")


def _check_message(message_op):
    if message_op not in _MESSAGE:
        raise ValueError("message_op should be `add`, `sub`, `mul`, `div`, but received "
                         f"{message_op}")


def _indices(src_index, dst_index, api):
    src, dst = src_index._t, dst_index._t
    check_index(src, "src_index", api)
    check_index(dst, "dst_index", api)
    if src.shape[0] != dst.shape[0]:
        raise ValueError(
            "(InvalidArgument) Src_index and Dst_index should have the same shape.\n  [Hint: "
            f"Expected src_index_dims[0] == dst_index_dims[0], but received src_index_dims[0]:"
            f"{src.shape[0]} != dst_index_dims[0]:{dst.shape[0]}.]")
    return src.to(torch.int64).reshape(-1), dst.to(torch.int64).reshape(-1)


def _out_rows(out_size, x_rows, dst):
    if isinstance(out_size, Tensor):
        out_size = int(out_size._t.reshape(-1)[0])
    n = x_rows if out_size is None or int(out_size) <= 0 else int(out_size)
    need = int(dst.max()) + 1 if dst.numel() else 0
    if need > n:
        raise IndexError(
            "(OutOfRange) The end row index is out of bound.\n  [Hint: Expected end_idx <= "
            f"meta_.dims[0], but received end_idx:{need} > meta_.dims[0]:{n}.]")
    return n


def _lhs_rhs(x, y):
    """Paddle's reshape_lhs_rhs: 1-D -> [-1, 1]; the shorter rank padded with 1s after axis 0."""
    if x.dim() == 1:
        x = x.reshape(-1, 1)
    if y.dim() == 1:
        y = y.reshape(-1, 1)
    if x.dim() != y.dim():
        n = max(x.dim(), y.dim())
        x = x.reshape([x.shape[0]] + [1] * (n - x.dim()) + list(x.shape[1:]))
        y = y.reshape([y.shape[0]] + [1] * (n - y.dim()) + list(y.shape[1:]))
    return x, y


def _combine(a, b, message_op):
    # Paddle rewrites sub as add(-y) and div as mul(1 / (y + 1e-12)); the same here, so the values
    # (and the 1e-12) are Paddle's.
    if message_op == "sub":
        return a + (-b)
    if message_op == "div":
        return a * (1.0 / (b + 1e-12))
    if message_op == "mul":
        return a * b
    return a + b


def send_u_recv(x, src_index, dst_index, reduce_op="sum", out_size=None, name=None):
    """paddle.geometric.send_u_recv(x, src_index, dst_index, reduce_op='sum', out_size=None,
    name=None): out[dst_index[e]] (reduce_op)= x[src_index[e]] for every edge e.

    Differences from Paddle: out_size may also be a Tensor (Paddle 3.3.1's dynamic mode fails on
    one).
    """
    _check_reduce(reduce_op)
    dynamic_only("send_u_recv")
    src, dst = _indices(src_index, dst_index, "send_u_recv")
    xt = x._t
    n = _out_rows(out_size, xt.shape[0], dst)
    return wrap(scatter_reduce(xt[src], dst, n, reduce_op.upper()))


def send_ue_recv(x, y, src_index, dst_index, message_op="add", reduce_op="sum", out_size=None,
                 name=None):
    """paddle.geometric.send_ue_recv(x, y, src_index, dst_index, message_op='add',
    reduce_op='sum', out_size=None, name=None): out[dst_index[e]] (reduce_op)=
    x[src_index[e]] (message_op) y[e], with y the edge features (broadcast as Paddle's
    reshape_lhs_rhs does)."""
    _check_message(message_op)
    _check_reduce(reduce_op)
    dynamic_only("send_ue_recv")
    src, dst = _indices(src_index, dst_index, "send_ue_recv")
    xt, yt = _lhs_rhs(x._t, y._t)
    n = _out_rows(out_size, xt.shape[0], dst)
    msg = _combine(xt[src], yt, message_op)
    return wrap(scatter_reduce(msg, dst, n, reduce_op.upper()))


def send_uv(x, y, src_index, dst_index, message_op="add", name=None):
    """paddle.geometric.send_uv(x, y, src_index, dst_index, message_op='add', name=None): the
    per-edge messages x[src_index[e]] (message_op) y[dst_index[e]], shape [num_edges, ...]."""
    _check_message(message_op)
    dynamic_only("send_uv")
    src, dst = _indices(src_index, dst_index, "send_uv")
    xt, yt = _lhs_rhs(x._t, y._t)
    return wrap(_combine(xt[src], yt[dst], message_op))
