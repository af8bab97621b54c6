"""paddle.geometric.sample_neighbors and weighted_sample_neighbors (Paddle:
python/paddle/geometric/sampling/neighbors.py) on a graph in CSC form (`row`, `colptr`): the
neighbors of node n are row[colptr[n]:colptr[n+1]].

A node with at most `sample_size` neighbors (or sample_size -1) keeps all of them, in CSC order;
otherwise `sample_size` distinct neighbors are drawn (uniformly, or with probability proportional
to `edge_weight`, without replacement) from paddle_compat's seeded CPU generator.

Differences from Paddle: which neighbors a draw picks differs from Paddle's (its sampler's
random stream is not reproduced); the counts, the full-neighborhood case and the dtypes are
Paddle's. `perm_buffer` (a GPU speed-up) is accepted and unused.
"""
import numpy as np
import torch

from ... import _random
from ..._tensor import wrap
from ..reduce import dynamic_only

__all__ = ["sample_neighbors", "weighted_sample_neighbors"]


def _check(t, what, api):
    if t.dtype not in (torch.int32, torch.int64):
        raise TypeError(f"The data type of '{what}' in {api} must be int32 or int64, but "
                        f"received {str(t.dtype).replace('torch.', '')}.")


def _sample(row, colptr, input_nodes, sample_size, eids, return_eids, weight, api):
    dynamic_only(api)
    if return_eids and eids is None:
        raise ValueError("`eids` should not be None if `return_eids` is True.")
    r, cp, nodes = row._t, colptr._t, input_nodes._t
    for t, what in ((r, "row"), (cp, "colptr"), (nodes, "input_nodes")):
        _check(t, what, api)
    e = eids._t if eids is not None else None
    cp_list = cp.tolist()
    gen = _random.default_cpu_generator()
    w = weight._t.detach().cpu().numpy() if weight is not None else None
    picks, counts = [], []
    for n in nodes.tolist():
        if n < 0 or n + 1 >= len(cp_list):
            raise IndexError(f"(OutOfRange) input node {n} of {api} is out of the graph's "
                             f"{len(cp_list) - 1} nodes.")
        start, end = cp_list[n], cp_list[n + 1]
        deg = end - start
        if sample_size < 0 or deg <= sample_size:
            sel = np.arange(start, end)
        elif w is None:
            sel = start + np.sort(np.asarray(gen.permutation(deg))[:sample_size])
        else:
            ww = w[start:end].astype(np.float64)
            u = np.asarray(gen.uniform(deg, 0.0, 1.0, f32=False), dtype=np.float64)
            with np.errstate(divide="ignore"):
                keys = np.where(ww > 0, np.log(np.maximum(u, 1e-300)) / ww, -np.inf)
            sel = start + np.sort(np.argsort(-keys, kind="stable")[:sample_size])
        picks.append(sel)
        counts.append(len(sel))
    sel = torch.as_tensor(np.concatenate(picks) if picks else np.zeros(0, np.int64),
                          dtype=torch.int64, device=r.device)
    out = (wrap(r[sel]), wrap(torch.tensor(counts, dtype=torch.int32, device=r.device)))
    if return_eids:
        out = out + (wrap(e[sel]),)
    return out


def sample_neighbors(row, colptr, input_nodes, sample_size=-1, eids=None, return_eids=False,
                     perm_buffer=None, name=None):
    """paddle.geometric.sample_neighbors(row, colptr, input_nodes, sample_size=-1, eids=None,
    return_eids=False, perm_buffer=None, name=None) -> (out_neighbors, out_count[, out_eids]):
    up to `sample_size` distinct neighbors of each input node, uniformly (-1: all); out_count
    (int32) says how many each node got."""
    return _sample(row, colptr, input_nodes, sample_size, eids, return_eids, None,
                   "sample_neighbors")


def weighted_sample_neighbors(row, colptr, edge_weight, input_nodes, sample_size=-1, eids=None,
                              return_eids=False, name=None):
    """paddle.geometric.weighted_sample_neighbors(row, colptr, edge_weight, input_nodes,
    sample_size=-1, eids=None, return_eids=False, name=None): sample_neighbors with each
    neighbor drawn with probability proportional to its edge weight (without replacement)."""
    return _sample(row, colptr, input_nodes, sample_size, eids, return_eids, edge_weight,
                   "weighted_sample_neighbors")
