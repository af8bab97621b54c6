"""paddle.geometric.reindex_graph and reindex_heter_graph (Paddle: python/paddle/geometric/
reindex.py): renumber a sampled subgraph's nodes from 0: the input nodes keep their order and
come first, then each new neighbor in order of first appearance."""
import torch

from .._tensor import wrap
from .reduce import dynamic_only

__all__ = ["reindex_graph", "reindex_heter_graph"]


def _check_int(t, what):
    if t.dtype not in (torch.int32, torch.int64):
        raise TypeError(f"The data type of '{what}' in reindex_graph must be int32 or int64, but "
                        f"received {str(t.dtype).replace('torch.', '')}.")


def _reindex(x, neighbors, counts):
    xt = x._t.reshape(-1)
    nb = torch.cat([n._t.reshape(-1) for n in neighbors]) if neighbors else xt[:0]
    _check_int(xt, "x")
    _check_int(nb, "neighbors")
    cnt = []
    for c in counts:
        if c._t.dtype != torch.int32:
            # Paddle's kernel reads count as int32 and fails with this text on another type.
            raise ValueError(
                "(InvalidArgument) The type of data we are trying to retrieve (int32) does not "
                "match the type of data ({}) currently contained in the container.".format(
                    str(c._t.dtype).replace("torch.", "")))
        cnt.append(c._t.reshape(-1).to(torch.int64))
    if any(c.numel() != xt.numel() for c in cnt):
        raise ValueError("The length of each count in reindex_graph must equal the number of "
                         f"input nodes x ({xt.numel()}).")
    cnt = torch.cat(cnt) if cnt else xt[:0].to(torch.int64)
    if int(cnt.sum()) != nb.numel():
        raise ValueError(f"The sum of count ({int(cnt.sum())}) must equal the number of "
                         f"neighbors ({nb.numel()}) in reindex_graph.")
    # Order of first appearance: x, then the neighbors not in x.
    allnodes = torch.cat([xt, nb.to(xt.dtype)])
    uniq, inverse = torch.unique(allnodes, return_inverse=True)
    first = torch.full((uniq.numel(),), allnodes.numel(), dtype=torch.int64, device=xt.device)
    first = first.scatter_reduce(0, inverse, torch.arange(allnodes.numel(), device=xt.device),
                                 reduce="amin")
    order = torch.argsort(first)
    out_nodes = uniq[order]
    rank = torch.empty_like(order)
    rank[order] = torch.arange(order.numel(), device=xt.device)
    src = rank[inverse[xt.numel():]].to(xt.dtype)
    owner = torch.arange(cnt.numel(), device=xt.device) % max(xt.numel(), 1)
    dst = torch.repeat_interleave(owner, cnt).to(xt.dtype)
    return wrap(src), wrap(dst), wrap(out_nodes)


def reindex_graph(x, neighbors, count, value_buffer=None, index_buffer=None, name=None):
    """paddle.geometric.reindex_graph(x, neighbors, count, value_buffer=None, index_buffer=None,
    name=None) -> (reindex_src, reindex_dst, out_nodes): `neighbors` holds count[i] sampled
    neighbors of x[i], in order; reindex_src are the neighbors' new ids, reindex_dst the new id
    of the node each edge points to, out_nodes the old id of each new id.

    Differences from Paddle: value_buffer/index_buffer (a GPU hash-table speed-up) are accepted
    and unused; a count whose sum is not len(neighbors) is a ValueError (Paddle reads past it).
    """
    dynamic_only("reindex_graph")
    return _reindex(x, [neighbors], [count])


def reindex_heter_graph(x, neighbors, count, value_buffer=None, index_buffer=None, name=None):
    """paddle.geometric.reindex_heter_graph(x, neighbors, count, value_buffer=None,
    index_buffer=None, name=None): reindex_graph over several edge types at once: `neighbors` and
    `count` are lists (one per edge type), renumbered together.

    Differences from Paddle: as reindex_graph.
    """
    dynamic_only("reindex_heter_graph")
    return _reindex(x, list(neighbors), list(count))
