"""paddle.distributed on torch.distributed (gloo, loopback): real 2-process runs, bounded in time."""
import json
import os

import pytest

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
    monkeypatch.setenv("PADDLE_COMPAT_DIST_TIMEOUT", "60")
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
    assert r0["scatter"] == [1, 2] and r1["scatter"] == [3, 4]
    assert r0["a2a"] == [[0], [10]] and r1["a2a"] == [[1], [11]]
    assert r0["reduce"] == [3.0]
    assert r1["recv"] == [42]
