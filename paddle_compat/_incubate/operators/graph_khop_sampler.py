"""paddle.incubate.graph_khop_sampler (Paddle: incubate/operators/graph_khop_sampler.py, CPU
kernel phi/kernels/cpu/graph_khop_sampler_kernel.cc): k-hop neighbor sampling on a CSC graph
with the sampled subgraph reindexed, following the CPU kernel step by step: per hop, each
frontier node keeps all its in-neighbors when it has at most sample_size of them, otherwise
sample_size of them drawn by a partial Fisher-Yates shuffle; the next frontier is the sorted
unique sampled nodes minus the current frontier; nodes are numbered frontier by frontier, then
the new sampled nodes in edge order. Static mode records Paddle's `graph_khop_sampler` op (legacy
and PIR views as Paddle prints them) and the Executor runs the same kernel."""
import numpy as np
import torch

from ... import _random
from ..._mode import STATE
from ..._ops._checks import check_variable_and_dtype
from ..._ops.registry import apply_op, defop
from ..._static.builder import append_op, default_main_program, helper_scope, program_name

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
    if return_eids and sorted_eids is None:
        raise ValueError("`sorted_eid` should not be None if return_eids is True.")
    if STATE.static:
        return _record(row, colptr, input_nodes, sorted_eids if return_eids else None,
                       list(sample_sizes), bool(return_eids))
    out = apply_op(_KHOP, (row, colptr, input_nodes, sorted_eids if return_eids else None),
                   {"sample_sizes": list(sample_sizes), "return_eids": bool(return_eids)})
    return out if return_eids else out[:4]


def _kernel(row, colptr, input_nodes, sorted_eids=None, sample_sizes=(), return_eids=False):
    for t, what in ((row, "Row"), (colptr, "Col_Ptr"), (input_nodes, "Input_Node")):
        _check_input(t, what)
    dtype = row.dtype
    src = row.reshape(-1).tolist()
    cp = colptr.reshape(-1).tolist()
    x = input_nodes.reshape(-1).tolist()
    all_eids = sorted_eids.reshape(-1).tolist() if return_eids else None
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
    dev = row.device

    def out(values, shape):
        return torch.tensor(values, dtype=dtype, device=dev).reshape(shape)

    n = len(src_merge)
    eids = [e for layer in eids_vec for e in layer] if return_eids else []
    return (out(src_merge, (n, 1)), out(dst_merge, (n, 1)),
            out(unique_nodes, (len(unique_nodes),)), out([node_map[v] for v in x], (len(x),)),
            out(eids, (len(eids),)))


_KHOP = defop("graph_khop_sampler", _kernel, inputs=("Row", "Col_Ptr", "X", "Eids"),
              outputs=("Out_Src", "Out_Dst", "Sample_Index", "Reindex_X", "Out_Eids"),
              attrs={"sample_sizes": [], "return_eids": False},
              api="paddle.incubate.graph_khop_sampler")


def _record(row, colptr, input_nodes, sorted_eids, sample_sizes, return_eids):
    """The static op as Paddle builds it: the legacy branch's dtype checks, its LayerHelper
    variables (`graph_khop_sampler_<n>.tmp_0..4`) with the shapes and dtypes its shape inference
    gives them (Sample_Index declared int32; an unused Out_Eids 0-d, in PIR float32 [0])."""
    if not STATE.pir:
        check_variable_and_dtype(row, "Row", ("int32", "int64"), "graph_khop_sampler")
        if return_eids:
            check_variable_and_dtype(sorted_eids, "Eids", ("int32", "int64"),
                                     "graph_khop_sampler")
        check_variable_and_dtype(colptr, "Col_Ptr", ("int32", "int64"), "graph_khop_sampler")
        check_variable_and_dtype(input_nodes, "X", ("int32", "int64"), "graph_khop_sampler")
    block = default_main_program().current_block()
    with helper_scope("graph_khop_sampler") as prefix:
        def var(shape, dtype):
            return block.create_var(name=program_name(prefix + ".tmp"), shape=shape,
                                    dtype=dtype, stop_gradient=True)
        if return_eids:
            eids_spec = ((-1,), row.dtype)
        else:
            eids_spec = ((0,), "float32") if STATE.pir else ((), row.dtype)
        outs = (var((-1, 1), row.dtype), var((-1, 1), row.dtype), var((-1,), "int32"),
                var(tuple(input_nodes.shape), row.dtype), var(*eids_spec))
    inputs = {"Row": [row.name], "Col_Ptr": [colptr.name], "X": [input_nodes.name],
              "Eids": [sorted_eids.name] if sorted_eids is not None else []}
    slots = ("Out_Src", "Out_Dst", "Sample_Index", "Reindex_X", "Out_Eids")
    append_op(block, _KHOP, inputs, {k: [v.name] for k, v in zip(slots, outs)},
              {"sample_sizes": sample_sizes, "return_eids": return_eids})
    return outs if return_eids else outs[:4]
