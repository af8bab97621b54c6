"""Record Paddle 3.3.1's paddle.geometric behaviour into conformance/goldens/geometric.json (read
by tests/test_geometric.py).

Run with the oracle interpreter PADDLE_PY (a Python with paddlepaddle==3.3.1; re-runnable,
overwrites the golden):
    PADDLE_PY conformance/record/record_geometric.py

Each case is a Python expression evaluated after SETUP with `paddle` bound to the module under test;
results are stored as record_ops_math.describe stores them. Gradient cases evaluate `G(fn, x)`:
the gradient of fn(x) summed against a fixed weight, which pins Paddle's rule for ties in max/min
(every tied element gets the whole gradient).

Not recorded: sample_neighbors / weighted_sample_neighbors draws with fewer samples than
neighbors (Paddle's random stream is not reproduced; tests/test_geometric.py checks their
invariants), their default sample_size=-1 (Paddle 3.3.1 on CPU aborts the process with
std::length_error; paddle_compat returns every neighbor), reindex_graph with a count that does not
add up to len(neighbors) (Paddle reads past it), send_u_recv with a float index (Paddle returns
an uninitialized tensor) or a Tensor out_size (Paddle 3.3.1 raises SystemError).
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from record_ops_math import eval_case, expression_golden, write_golden  # noqa: E402

SETUP = """
import numpy as np
T = paddle.to_tensor
G_ = paddle.geometric
x = T([[0, 2, 3], [1, 4, 5], [2, 6, -7]], dtype='float32')
x64 = T([[0, 2, 3], [1, 4, 5], [2, 6, -7]], dtype='float64')
xi = T([[1, 2], [3, 4], [5, 7]])
src = T([0, 1, 2, 0], dtype='int32'); dst = T([1, 2, 1, 0], dtype='int32')
src64 = T([0, 1, 2, 0]); dst64 = T([1, 2, 1, 0])
y = T([1, 1, 1, 2], dtype='float32')
ye = T([[1, 2, 3], [0.5, 1, 2], [2, 2, 2], [1, 0.25, 4]], dtype='float32')
data = T([[1, 2, 3], [3, 2, 1], [4, 5, 6]], dtype='float32')
ties = T([[1, 2, 3], [1, 2, 3], [4, 5, 6]], dtype='float32')
ids = T([0, 0, 2], dtype='int32')
row = T([3, 7, 0, 9, 1, 4, 2, 9, 3, 9, 1, 9, 7])
colptr = T([0, 2, 4, 5, 6, 7, 9, 11, 11, 13, 13])
nodes = T([0, 8, 1, 2])
eids = paddle.arange(13)
w = T([1., 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13])
rx = T([0, 1, 2]); rn = T([8, 9, 0, 4, 7, 6, 7]); rc = T([2, 3, 2], dtype='int32')
rn2 = T([0, 2, 3, 5, 1]); rc2 = T([1, 3, 1], dtype='int32')
def G(fn, x):
    x = paddle.to_tensor(x.numpy(), stop_gradient=False)
    out = fn(x)
    wt = paddle.arange(out.size, dtype='float32').reshape(out.shape) / 7.0 + 1.0
    (g,) = paddle.grad([(out * wt).sum()], [x])
    return g
def G2(fn, a, b):
    # Both inputs need grad: Paddle 3.3.1's send_ue_recv/send_uv backward fails with "Required
    # tensor shall not be nullptr" when only one of them does.
    a = paddle.to_tensor(a.numpy(), stop_gradient=False)
    b = paddle.to_tensor(b.numpy(), stop_gradient=False)
    out = fn(a, b)
    wt = paddle.arange(out.size, dtype='float32').reshape(out.shape) / 7.0 + 1.0
    return paddle.grad([(out * wt).sum()], [a, b])
"""

CASES = {}


def _add(prefix, exprs):
    for k, v in exprs.items():
        CASES[f"{prefix}_{k}"] = v


for op in ("sum", "mean", "max", "min"):
    _add(f"u_recv_{op}", {
        "basic": f"G_.send_u_recv(x, src, dst, '{op}')",
        "int64_index": f"G_.send_u_recv(x64, src64, dst64, '{op}')",
        "out_size": f"G_.send_u_recv(x, src, dst, '{op}', out_size=5)",
        "out_size_small": f"G_.send_u_recv(x, src, dst, '{op}', out_size=2)",
        "int": f"G_.send_u_recv(xi, src, dst, '{op}')",
        "grad": f"G(lambda t: G_.send_u_recv(t, src, dst, '{op}'), x)",
        "grad_ties": f"G(lambda t: G_.send_u_recv(t, T([0, 1, 2]), T([0, 0, 1]), '{op}'), ties)",
    })
    _add(f"segment_{op}", {
        "basic": f"G_.segment_{op}(data, ids)",
        "1d": f"G_.segment_{op}(T([1., -2, 4]), T([0, 0, 2]))",
        "int": f"G_.segment_{op}(T([1, 2, 4]), T([0, 0, 1]))",
        "f64": f"G_.segment_{op}(data.astype('float64'), T([0, 1, 1]))",
        "grad": f"G(lambda t: G_.segment_{op}(t, T([0, 0, 1])), data)",
        "grad_ties": f"G(lambda t: G_.segment_{op}(t, T([0, 0, 1])), ties)",
    })
for mop in ("add", "sub", "mul", "div"):
    _add(f"ue_recv_{mop}", {
        "sum": f"G_.send_ue_recv(x, y, src, dst, '{mop}', 'sum')",
        "mean": f"G_.send_ue_recv(x, ye, src, dst, '{mop}', 'mean')",
        "max": f"G_.send_ue_recv(x, ye, src, dst, '{mop}', 'max', out_size=4)",
        "min": f"G_.send_ue_recv(x, y, src, dst, '{mop}', 'min')",
        "grad_sum": f"G2(lambda a, b: G_.send_ue_recv(a, b, src, dst, '{mop}', 'sum'), x, ye)",
        "grad_max": f"G2(lambda a, b: G_.send_ue_recv(a, b, src, dst, '{mop}', 'max'), x, ye)",
    })
    _add(f"uv_{mop}", {
        "basic": f"G_.send_uv(x, x + 1, src, dst, '{mop}')",
        "broadcast": f"G_.send_uv(x, T([1., 2, 3]), src, dst, '{mop}')",
        "1d": f"G_.send_uv(T([1., 2, 3]), T([1., 2, 3]), T([0, 1]), T([1, 2]), '{mop}')",
        "grad": f"G2(lambda a, b: G_.send_uv(a, b, src, dst, '{mop}'), x, x + 1)",
    })
_add("errors", {
    "u_recv_reduce": "G_.send_u_recv(x, src, dst, 'prod')",
    "ue_message": "G_.send_ue_recv(x, y, src, dst, 'pow', 'mean')",
    "ue_reduce": "G_.send_ue_recv(x, y, src, dst, 'add', 'prod')",
    "uv_message": "G_.send_uv(x, x, src, dst, 'pow')",
    "u_recv_len": "G_.send_u_recv(x, T([0, 1, 1]), T([0, 0]))",
    "segment_unsorted": "G_.segment_sum(data, T([1, 0, 1]))",
    "segment_float_ids": "G_.segment_sum(data, T([0., 0, 1]))",
    "segment_len": "G_.segment_sum(data, T([0, 0]))",
    "sample_eids_missing": "G_.sample_neighbors(row, colptr, nodes, sample_size=2, return_eids=True)",
    "reindex_count_dtype": "G_.reindex_graph(rx, rn, T([2, 3, 2]))",
})
_add("ue_recv", {
    "shapes": "G_.send_ue_recv(paddle.ones([3, 2, 3]), paddle.ones([4, 3]), src, dst).shape",
    "int": "G_.send_ue_recv(xi, T([1, 2, 3, 4]), src, dst, 'mul', 'mean')",
})
_add("sample", {
    "all": "G_.sample_neighbors(row, colptr, nodes, sample_size=20)",
    "all_eids": "G_.sample_neighbors(row, colptr, nodes, sample_size=5, eids=eids, return_eids=True)",
    "int32": "G_.sample_neighbors(row.astype('int32'), colptr.astype('int32'), nodes.astype('int32'), sample_size=3)",
    "counts_1": "G_.sample_neighbors(row, colptr, nodes, sample_size=1)[1]",
    "weighted_all": "G_.weighted_sample_neighbors(row, colptr, w, nodes, sample_size=20, eids=eids, return_eids=True)",
    "weighted_counts_1": "G_.weighted_sample_neighbors(row, colptr, w, nodes, sample_size=1)[1]",
})
_add("reindex", {
    "graph": "G_.reindex_graph(rx, rn, rc)",
    "graph_int32": "G_.reindex_graph(rx.astype('int32'), rn.astype('int32'), rc)",
    "heter": "G_.reindex_heter_graph(rx, [rn, rn2], [rc, rc2])",
})


def run_case(paddle, expr):
    return eval_case(paddle, SETUP, expr,
                     post=lambda v: list(v) if type(v).__name__ in ("Size",) else v)


def main():
    import logging
    import warnings
    warnings.filterwarnings("ignore")
    logging.disable(logging.WARNING)
    import paddle
    out = expression_golden(paddle, SETUP, CASES, lambda name, expr: run_case(paddle, expr))
    write_golden("geometric", out, f"{len(CASES)} cases")


if __name__ == "__main__":
    main()
