"""paddle.incubate.graph_khop_sampler (Paddle: incubate/operators/graph_khop_sampler.py, CPU
kernel phi/kernels/cpu/graph_khop_sampler_kernel.cc): k-hop neighbor sampling on a CSC graph
with the sampled subgraph reindexed, following the CPU kernel step by step: per hop, each
frontier node keeps all its in-neighbors when it has at most sample_size of them, otherwise
sample_size of them drawn by a partial Fisher-Yates shuffle; the next frontier is the sorted
unique sampled nodes minus the current frontier; nodes are numbered frontier by frontier, then
the new sampled nodes in edge order."""
import numpy as np
import torch

from ... import _random
from ..._tensor import wrap
from .._kernel import dynamic_only

__all__ = ["graph_khop_sampler"]

_DTYPES = (torch.int32, torch.int64)


def _check_input(t, what):
    if t.dtype not in _DTYPES:
        name = str(t.dtype).replace("torch.", "")
        raise RuntimeError(
            f"(NotFound) The kernel with key (CPU, Undefined(AnyLayout), {name}) of kernel "
            f"`graph_khop_sampler` is not registered. Selected wrong DataType `{name}`. Paddle "
            "support following DataTypes: int64, int32.")
    if any(d == 0 for d in t.shape):
        raise ValueError(f"(InvalidArgument) The size of {what}(X) should not be 0.")


def _sample(nbrs, eids, k, gen):
    """SampleUniqueNeighbors(WithEids): k swaps, each with a uniformly chosen later element."""
    nbrs = list(nbrs)
    eids = None if eids is None else list(eids)
    left = len(nbrs)
    steps = np.asarray(gen.uniform(k, 0.0, 1.0, f32=False), dtype=np.float64)
    for i in range(k):
        r = i + min(int(steps[i] * left), left - 1)
        nbrs[i], nbrs[r] = nbrs[r], nbrs[i]
        if eids is not None:
            eids[i], eids[r] = eids[r], eids[i]
        left -= 1
    return nbrs[:k], (None if eids is None else eids[:k])


def graph_khop_sampler(row, colptr, input_nodes, sample_sizes, sorted_eids=None,
                       return_eids=False, name=None):
    """paddle.incubate.graph_khop_sampler(row, colptr, input_nodes, sample_sizes,
    sorted_eids=None, return_eids=False, name=None) -> (edge_src, edge_dst, sample_index,
    reindex_nodes[, edge_eids]): `row` / `colptr` are the graph in CSC form, one hop per entry
    of sample_sizes. edge_src / edge_dst ([num_edges, 1]) are the sampled edges in the reindexed
    numbering, sample_index the original id of each reindexed node, reindex_nodes the new ids of
    input_nodes, edge_eids the sorted_eids of the sampled edges (return_eids=True). Paddle's
    errors: ValueError when return_eids is set without sorted_eids, when an input is empty, and
    when none of the input nodes has a neighbor.

    Differences from Paddle: Paddle's CPU kernel expands only the first len(input_nodes)
    nodes of each later hop's frontier and reads past its buffer when that frontier is smaller
    (its own docstring example is skipped with "Number of sample edges mismatch, the sample
    kernel has error."); paddle_compat expands every frontier node, which equals Paddle whenever
    each frontier has exactly len(input_nodes) nodes (always for one hop). Sampling draws from
    paddle_compat's seeded CPU generator (Paddle seeds from std::random_device, so its draws
    are not reproducible); the set of neighbors kept when sample_size covers a node's degree,
    and every shape and dtype, are Paddle's."""
    dynamic_only("graph_khop_sampler")
    if return_eids and sorted_eids is None:
        raise ValueError("`sorted_eid` should not be None if return_eids is True.")
    for t, what in ((row._t, "Row"), (colptr._t, "Col_Ptr"), (input_nodes._t, "Input_Node")):
        _check_input(t, what)
    dtype = row._t.dtype
    src = row._t.reshape(-1).tolist()
    cp = colptr._t.reshape(-1).tolist()
    x = input_nodes._t.reshape(-1).tolist()
    all_eids = sorted_eids._t.reshape(-1).tolist() if return_eids else None
    gen = _random.default_cpu_generator()
    # std::unique: only consecutive repeats collapse
    frontier = [v for i, v in enumerate(x) if i == 0 or v != x[i - 1]]
    dst_vec, outs_vec, counts_vec, eids_vec = [], [], [], []
    n_layers = len(sample_sizes)
    for layer, k in enumerate(sample_sizes):
        if not frontier:
            break
        dst_vec.append(list(frontier))
        outs, counts, oeids = [], [], []
        for node in frontier:
            begin, end = cp[node], cp[node + 1]
            nbrs = src[begin:end]
            ne = all_eids[begin:end] if return_eids else None
            if k < len(nbrs):
                nbrs, ne = _sample(nbrs, ne, k, gen)
            outs.extend(nbrs)
            counts.append(len(nbrs))
            if return_eids:
                oeids.extend(ne)
        if layer == 0 and not outs:
            raise ValueError(
                "(InvalidArgument) The input nodes `X` should have at least one neighbors, but "
                "none of the input nodes have neighbors.")
        outs_vec.append(outs)
        counts_vec.append(counts)
        eids_vec.append(oeids)
        if layer < n_layers - 1:
            frontier = sorted(set(outs) - set(frontier))
    unique_dst = [v for layer in dst_vec for v in layer]
    counts = [c for layer in counts_vec for c in layer]
    src_merge = [v for layer in outs_vec for v in layer]
    node_map, unique_nodes = {}, []
    for node in unique_dst:            # a node repeated across hops is listed again, last id wins
        unique_nodes.append(node)
        node_map[node] = len(unique_nodes) - 1
    for i, node in enumerate(src_merge):
        if node not in node_map:
            unique_nodes.append(node)
            node_map[node] = len(unique_nodes) - 1
        src_merge[i] = node_map[node]
    dst_merge = [node_map[node] for node, c in zip(unique_dst, counts) for _ in range(c)]
    dev = row._t.device

    def out(values, shape):
        return wrap(torch.tensor(values, dtype=dtype, device=dev).reshape(shape))

    n = len(src_merge)
    result = [out(src_merge, (n, 1)), out(dst_merge, (n, 1)),
              out(unique_nodes, (len(unique_nodes),)),
              out([node_map[v] for v in x], (len(x),))]
    if return_eids:
        result.append(out([e for layer in eids_vec for e in layer], (n,)))
    return tuple(result)
