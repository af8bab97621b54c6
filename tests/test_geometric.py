"""paddle.geometric (paddle_compat/_geometric/) against Paddle 3.3.1's goldens
(conformance/goldens/geometric.json, recorded by conformance/record/record_geometric.py): values,
dtypes, out_size and empty-segment rules, gradients (ties included) and error texts; plus the
random draws of the neighbor samplers (their invariants) and the cases Paddle cannot run."""
import importlib.util
import json
import math
import os

import numpy as np
import pytest

import paddle_compat as paddle

G = paddle.geometric
ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
GOLDEN = json.load(open(os.path.join(ROOT, "conformance", "goldens", "geometric.json"),
                       encoding="utf-8"))
_spec = importlib.util.spec_from_file_location(
    "record_geometric", os.path.join(ROOT, "conformance", "record", "record_geometric.py"))
record = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(record)


def _close(a, b, tol=1e-5):
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_close(x, y, tol) for x, y in zip(a, b))
    if isinstance(a, bool) or isinstance(b, bool):
        return a == b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        if isinstance(a, float) and isinstance(b, float) and math.isnan(a) and math.isnan(b):
            return True
        return a == b or abs(a - b) <= tol * max(1.0, abs(b))
    return a == b


def assert_same(ours, expected, where):
    assert ours["kind"] == expected["kind"], (where, ours, expected)
    if expected["kind"] == "error":
        assert (ours["type"], ours["message"]) == (expected["type"], expected["message"]), where
    elif expected["kind"] == "tensor":
        for key in ("dtype", "shape", "stop_gradient"):
            assert ours[key] == expected[key], (where, key, ours, expected)
        assert _close(ours["values"], expected["values"]), (where, ours, expected)
    elif expected["kind"] == "seq":
        assert len(ours["items"]) == len(expected["items"]), where
        for a, b in zip(ours["items"], expected["items"]):
            assert_same(a, b, where)
    else:
        assert ours["value"] == expected["value"], (where, ours, expected)


@pytest.mark.parametrize("case", sorted(GOLDEN["cases"]))
def test_golden(case):
    entry = GOLDEN["cases"][case]
    assert entry["expr"] == record.CASES[case], "golden out of date: re-run the recorder"
    assert_same(record.run_case(paddle, entry["expr"]), entry["result"], case)


def test_goldens_cover_every_case():
    assert set(record.CASES) == set(GOLDEN["cases"])


ROW = [3, 7, 0, 9, 1, 4, 2, 9, 3, 9, 1, 9, 7]
COLPTR = [0, 2, 4, 5, 6, 7, 9, 11, 11, 13, 13]


@pytest.mark.parametrize("weighted", [False, True])
def test_sampling_fewer_than_the_neighbors_draws_distinct_neighbors(weighted):
    paddle.seed(5)
    row, colptr = paddle.to_tensor(ROW), paddle.to_tensor(COLPTR)
    nodes = paddle.to_tensor([5, 6, 8, 7])
    eids = paddle.arange(13)
    if weighted:
        w = paddle.to_tensor([1.0] * 13)
        nb, cnt, e = G.weighted_sample_neighbors(row, colptr, w, nodes, 1, eids, True)
    else:
        nb, cnt, e = G.sample_neighbors(row, colptr, nodes, 1, eids, True)
    assert cnt.numpy().tolist() == [1, 1, 1, 0] and str(cnt.dtype) == "paddle.int32"
    for k, (eid, node) in enumerate(zip(e.numpy().tolist(), (5, 6, 8))):
        assert COLPTR[node] <= eid < COLPTR[node + 1]
        assert nb.numpy()[k] == ROW[eid]


def test_weighted_sampling_never_draws_a_zero_weight_edge():
    paddle.seed(0)
    row, colptr = paddle.to_tensor([1, 2, 3]), paddle.to_tensor([0, 3, 3, 3, 3])
    w = paddle.to_tensor([0.0, 1.0, 0.0])
    for _ in range(5):
        nb, cnt = G.weighted_sample_neighbors(row, colptr, w, paddle.to_tensor([0]), 1)
        assert nb.numpy().tolist() == [2]


def test_default_sample_size_returns_every_neighbor():
    # Paddle 3.3.1 aborts the process on CPU here (std::length_error).
    nb, cnt = G.sample_neighbors(paddle.to_tensor(ROW), paddle.to_tensor(COLPTR),
                                 paddle.to_tensor([0, 8]))
    assert nb.numpy().tolist() == [3, 7, 9, 7] and cnt.numpy().tolist() == [2, 2]


def test_reindex_count_must_add_up_and_out_size_may_be_a_tensor():
    with pytest.raises(ValueError, match="sum of count"):
        G.reindex_graph(paddle.to_tensor([0, 1]), paddle.to_tensor([3, 4, 5]),
                        paddle.to_tensor([1, 1], dtype="int32"))
    out = G.send_u_recv(paddle.to_tensor([[1.0, 2], [3, 4]]), paddle.to_tensor([0, 1]),
                        paddle.to_tensor([0, 0]), "sum", out_size=paddle.to_tensor([1]))
    assert out.numpy().tolist() == [[4.0, 6.0]]


def test_static_mode_is_a_clear_error():
    paddle.enable_static()
    try:
        x = paddle.static.data("x", [3, 2], "float32")
        i = paddle.static.data("i", [3], "int64")
        with pytest.raises(NotImplementedError, match="segment_sum is not provided .* static"):
            G.segment_sum(x, i)
    finally:
        paddle.disable_static()


def test_segment_max_matches_numpy_on_random_data():
    rng = np.random.RandomState(0)
    ids = np.sort(rng.randint(0, 5, 20))
    data = rng.randn(20, 3).astype("float32")
    out = G.segment_max(paddle.to_tensor(data), paddle.to_tensor(ids)).numpy()
    for s in range(ids.max() + 1):
        rows = data[ids == s]
        np.testing.assert_array_equal(out[s], rows.max(0) if len(rows) else np.zeros(3))
