"""paddle.incubate.graph_send_recv / graph_sample_neighbors / graph_reindex (Paddle:
incubate/operators/graph_*.py): the deprecated (since 2.4.0) spellings of paddle.geometric's
send_u_recv, sample_neighbors and reindex_graph. Each warns Paddle's VisibleDeprecationWarning,
checks its own arguments as Paddle does, then runs the paddle.geometric function."""
from ..._geometric.message_passing.send_recv import send_u_recv
from ..._geometric.reindex import reindex_graph
from ..._geometric.sampling.neighbors import sample_neighbors
from ..._tensor import Tensor
from ..._utils.deprecated import deprecated

__all__ = ["graph_send_recv", "graph_sample_neighbors", "graph_reindex"]

_MODULE = "paddle.incubate.operators.{}"


def _mark(fn, update_to, reason):
    fn.__module__ = _MODULE.format(fn.__name__)   # Paddle's warning names its own module
    return deprecated(since="2.4.0", update_to=update_to, level=1, reason=reason)(fn)


def graph_send_recv(x, src_index, dst_index, pool_type="sum", out_size=None, name=None):
    """paddle.incubate.graph_send_recv(x, src_index, dst_index, pool_type='sum', out_size=None):
    paddle.geometric.send_u_recv with `pool_type` for its reduce_op (sum, mean, max, min); a
    Tensor out_size is read as its value, as Paddle does here."""
    if pool_type not in ["sum", "mean", "max", "min"]:
        raise ValueError("pool_type should be `sum`, `mean`, `max` or `min`, but received "
                         f"{pool_type}")
    if isinstance(out_size, Tensor):
        out_size = int(out_size._t.reshape(-1)[0])
    return send_u_recv(x, src_index, dst_index, pool_type, out_size)


def graph_sample_neighbors(row, colptr, input_nodes, eids=None, perm_buffer=None, sample_size=-1,
                           return_eids=False, flag_perm_buffer=False, name=None):
    """paddle.incubate.graph_sample_neighbors(row, colptr, input_nodes, eids=None,
    perm_buffer=None, sample_size=-1, return_eids=False, flag_perm_buffer=False):
    paddle.geometric.sample_neighbors with this older argument order.

    Differences from Paddle: the draw with fewer samples than neighbors comes from torch's
    generator (distinct uniform neighbors as in Paddle, not Paddle's exact stream); perm_buffer
    (Paddle's GPU fisher-yates buffer) is checked and not used."""
    if return_eids and eids is None:
        raise ValueError("`eids` should not be None if `return_eids` is True.")
    if flag_perm_buffer and perm_buffer is None:
        raise ValueError("`perm_buffer` should not be None if `flag_perm_buffer` is True.")
    return sample_neighbors(row, colptr, input_nodes, sample_size, eids, return_eids)


def graph_reindex(x, neighbors, count, value_buffer=None, index_buffer=None,
                  flag_buffer_hashtable=False, name=None):
    """paddle.incubate.graph_reindex(x, neighbors, count, value_buffer=None, index_buffer=None,
    flag_buffer_hashtable=False) -> (reindex_src, reindex_dst, out_nodes): paddle.geometric.
    reindex_graph (the GPU hashtable buffers are checked and not needed)."""
    if flag_buffer_hashtable and (value_buffer is None or index_buffer is None):
        raise ValueError("`value_buffer` and `index_buffer` should notbe None if "
                         "`flag_buffer_hashtable` is True.")
    return reindex_graph(x, neighbors, count)


graph_send_recv = _mark(graph_send_recv, "paddle.geometric.send_u_recv",
                        "graph_send_recv in paddle.incubate will be removed in future")
graph_sample_neighbors = _mark(graph_sample_neighbors, "paddle.geometric.sample_neighbors",
                               "paddle.incubate.graph_sample_neighbors will be removed in future")
graph_reindex = _mark(graph_reindex, "paddle.geometric.reindex_graph",
                      "paddle.incubate.graph_reindex will be removed in future")
