"""paddle.distributed on torch.distributed (gloo, loopback): real 2-process runs, bounded in time."""
import json
import os

import pytest

import paddle_compat as paddle
import paddle_compat.distributed as dist
from tests import _dist_workers


def test_rank_and_world_size_from_environment(monkeypatch):
    monkeypatch.setenv("PADDLE_TRAINER_ID", "3")
    monkeypatch.setenv("PADDLE_TRAINERS_NUM", "4")
    assert dist.get_rank() == 3 and dist.get_world_size() == 4
    env = dist.ParallelEnv()
    assert (env.rank, env.world_size, env.nranks) == (3, 4, 4)
    assert dist.is_initialized() is False


def test_collective_before_init_is_clear_error():
    import paddle_compat as paddle
    with pytest.raises(RuntimeError, match="call paddle.distributed.init_parallel_env"):
        dist.all_reduce(paddle.to_tensor([1.0]))


def test_two_process_collectives(tmp_path, monkeypatch):
    import socket
    monkeypatch.setenv("PADDLE_COMPAT_DIST_TIMEOUT", "60")
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    monkeypatch.setenv("GLOO_TEST_ENDPOINT", f"127.0.0.1:{s.getsockname()[1]}")
    s.close()
    dist.spawn(_dist_workers.collectives, args=(str(tmp_path),), nprocs=2)
    r0 = json.loads((tmp_path / "rank0.json").read_text())
    r1 = json.loads((tmp_path / "rank1.json").read_text())
    assert r0["before"] == [0, 2, False] and r1["after"] == [1, 2, True]
    for r in (r0, r1):
        assert r["sum"] == [3.0, 6.0]
        assert r["avg"] == [1.5, 3.0]
        assert r["max"] == [2.0, 4.0]
        assert r["gather"] == [[0, 10], [1, 11]]
        assert r["gobj"] == [{"r": 0}, {"r": 1}]
        assert r["bcast"] == [5]
        assert r["group"][0] == 2 and r["group"][2] == [0, 1]
        assert "all_reduce needs the same shape and dtype on every rank" in r["mismatch"]
        assert "rank 0: shape [1]" in r["mismatch"] and "rank 1: shape [2]" in r["mismatch"]
        assert r["kinds"].endswith("ranks called different collectives: rank 0 called "
                                   "all_reduce, rank 1 called broadcast")
        assert r["roots"].endswith("broadcast needs the same root rank on every rank, but got "
                                   "rank 0: 0, rank 1: 1")
    assert r0["scatter"] == [1, 2] and r1["scatter"] == [3, 4]
    assert r0["a2a"] == [[0], [10]] and r1["a2a"] == [[1], [11]]
    assert r0["reduce"] == [3.0]
    assert r1["recv"] == [42]
    # issue #25: the rest of the collective list
    assert r0["a2a_inplace"] == [[0], [10]] and r1["a2a_inplace"] == [[1], [11]]
    assert r0["a2a_single"] == [0, 10] and r1["a2a_single"] == [1, 11]
    assert r0["a2a_uneven"] == [0, 10, 11] and r1["a2a_uneven"] == [1, 2, 12]
    assert r0["gather_dst"] == [] and r1["gather_dst"] == [[5], [6]]
    assert r0["reduce_scatter"] == [3.0] and r1["reduce_scatter"] == [21.0]
    assert r0["stream_reduce_scatter"] == [11.0, 22.0] and r1["stream_reduce_scatter"] == [33.0, 44.0]
    for r in (r0, r1):
        assert r["stream_all_gather"] == [0, 1, 1, 2]
        assert r["calc_stream_async"] == "use_calc_stream can only be true in sync op behavior."
        assert r["bcast_obj"] == [{"a": 1}, [2, 3]]
        assert r["gloo"] is True
    assert r0["scatter_obj"] == [{"to": 0}] and r1["scatter_obj"] == [{"to": 1}]
    assert r1["recv_obj"] == ["hello", 7]
    assert r0["isend"] == [101] and r1["isend"] == [100]
    assert r0["sub"] == [-1, 1, False, True] and r1["sub"] == [0, 1, True, True]


def test_distributed_batch_sampler_matches_paddle():
    import importlib.util
    from paddle_compat._distributed.sampler import DistributedBatchSampler
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    spec = importlib.util.spec_from_file_location(
        "rec", os.path.join(root, "conformance", "record", "record_distributed_sampler.py"))
    # The recorder imports Paddle at module level; run its grid with our class instead.
    source = open(spec.origin).read().replace("from paddle.io import DistributedBatchSampler", "")
    ns = {"__name__": "rec", "__file__": spec.origin}
    exec(compile(source, spec.origin, "exec"), ns)
    ours = json.loads(json.dumps(ns["grid"](DistributedBatchSampler)))
    with open(os.path.join(root, "conformance", "goldens", "distributed_batch_sampler.json")) as f:
        assert ours == json.load(f)


def test_distributed_batch_sampler_argument_checks():
    from paddle_compat._distributed.sampler import DistributedBatchSampler
    with pytest.raises(AssertionError, match="batch_size should be a positive integer"):
        DistributedBatchSampler(list(range(4)), 0)
    with pytest.raises(AssertionError, match="rank should be a non-negative integer"):
        DistributedBatchSampler(list(range(4)), 2, num_replicas=2, rank=-1)


def test_data_parallel_two_processes_equals_one_process_on_combined_batch(tmp_path, monkeypatch):
    import numpy as np
    monkeypatch.setenv("PADDLE_COMPAT_DIST_TIMEOUT", "60")
    dist.spawn(_dist_workers.data_parallel_mlp, args=(str(tmp_path),), nprocs=2)
    p0 = json.loads((tmp_path / "dp0.json").read_text())
    p1 = json.loads((tmp_path / "dp1.json").read_text())
    single = _dist_workers.single_process_mlp()
    for a, b, c in zip(p0, p1, single):
        np.testing.assert_allclose(a, b, rtol=0, atol=0)           # ranks stay identical
        np.testing.assert_allclose(a, c, rtol=1e-5, atol=1e-6)     # = one process, whole batch


def test_distributed_batch_sampler_drives_dataloader():
    import paddle_compat as paddle
    ds = paddle.io.TensorDataset([paddle.to_tensor([[float(i)] for i in range(10)])])
    sampler = paddle.io.DistributedBatchSampler(ds, batch_size=2, num_replicas=2, rank=1)
    loader = paddle.io.DataLoader(ds, batch_sampler=sampler)
    seen = [b[0].numpy().ravel().tolist() for b in loader]
    assert seen == [[2.0, 3.0], [6.0, 7.0], [9.0]]   # the last round is split evenly


def test_fleet_static_two_processes_equals_one_process(tmp_path, monkeypatch):
    import numpy as np
    monkeypatch.setenv("PADDLE_COMPAT_DIST_TIMEOUT", "60")
    dist.spawn(_dist_workers.fleet_static, args=(str(tmp_path),), nprocs=2)
    f0 = json.loads((tmp_path / "fleet0.json").read_text())
    f1 = json.loads((tmp_path / "fleet1.json").read_text())
    assert f0["ops"].count("c_allreduce_sum") == 4          # one per gradient, before the sgd ops
    first_sgd = f0["ops"].index("sgd")
    assert all(i < first_sgd for i, t in enumerate(f0["ops"]) if t == "c_allreduce_sum")
    single = _dist_workers.single_process_static()
    for a, b, c in zip(f0["params"], f1["params"], single):
        np.testing.assert_array_equal(a, b)
        np.testing.assert_allclose(a, c, rtol=1e-5, atol=1e-6)


def test_spawn_children_run_their_atexit_handlers(tmp_path):
    # Children leave with os._exit after running atexit handlers (the C++ teardown race fix).
    dist.spawn(_dist_workers.atexit_writer, args=(str(tmp_path),), nprocs=2)
    assert [(tmp_path / f"atexit{r}.txt").read_text() for r in range(2)] == ["ran", "ran"]


def test_auto_parallel_sharded_linear_equals_the_unsharded_one(tmp_path, monkeypatch):
    # Column-wise sharded weight and bias (Shard(1), Shard(0)) on a 2-process mesh, replicated
    # input: the same output, loss, gradients and SGD step as the plain Linear.
    monkeypatch.setenv("PADDLE_COMPAT_DIST_TIMEOUT", "60")
    dist.spawn(_dist_workers.auto_parallel_linear, args=(str(tmp_path),), nprocs=2)
    for rank in (0, 1):
        r = json.loads((tmp_path / f"rank{rank}.json").read_text())
        assert r["weight"] == [True, "[Shard(dim=1)]", [3, 4], [3, 2], "Parameter"]
        assert r["y_placements"] == "[Shard(dim=1)]" and r["y_local"] == [5, 2]
        assert r["y"] < 1e-6 and r["loss"] < 1e-4
        assert max(r["grads"]) < 1e-5 and max(r["stepped"]) < 1e-6 and r["moved"] > 1e-3
        assert r["reshard"][:2] == ["[Replicate()]", [5, 4]] and r["reshard"][2] < 1e-6
        assert r["from_fn"][:2] == [[4, 2], [2, 2]]
        assert r["local_map"][0] == "[Partial(reduce_type=SUM)]"
        assert r["local_map"][1] < 1e-4
        assert r["local_map_error"] == ("in_placement [Replicate()] does not match "
                                        "dist_tensor.placements [Shard(dim=1)]")
        assert r["print"].startswith("Tensor(shape=[5, 4], dtype=float32")


def test_process_mesh_and_placements_match_paddle():
    # Recorded from Paddle 3.3.1 by conformance/record/record_process_mesh.py (same cases).
    import importlib.util
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    spec = importlib.util.spec_from_file_location(
        "record_process_mesh", os.path.join(root, "conformance", "record", "record_process_mesh.py"))
    rec = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(rec)
    ours = json.loads(json.dumps(rec.run(dist)))
    with open(os.path.join(root, "conformance", "goldens", "process_mesh.json")) as f:
        golden = json.load(f)
    assert ours == golden


def test_auto_parallel_argument_errors_need_no_process_group():
    mesh = dist.ProcessMesh([0, 1], dim_names=["x"])
    with pytest.raises(ValueError, match="one placement per mesh dimension"):
        dist.shard_tensor([1.0, 2.0], mesh, [dist.Shard(0), dist.Replicate()])
    with pytest.raises(TypeError, match="placements must be a list of Shard, Replicate"):
        dist.shard_tensor([1.0, 2.0], mesh, ["Shard(0)"])
    with pytest.raises(TypeError, match="expected a distributed Tensor"):
        dist.unshard_dtensor(paddle.to_tensor([1.0]))
    assert paddle.to_tensor([1.0]).is_dist() is False
    dist.set_mesh(mesh)
    try:
        assert dist.get_mesh() is mesh
    finally:
        dist.set_mesh(None)
